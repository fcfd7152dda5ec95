package dev.stoa.messages;

import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelStore;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserHooks;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Posts as the realm's Welcome Bot, as Zulip's does: a new organization's first messages in
 * #general and #sandbox, a direct message to every new person (followed by the organization's
 * `welcome_message_custom_text`, when set, as a message of its own), and administrators' test of
 * that text. A realm created without the bot (`--welcome false`) gets none of it.
 */
public final class WelcomeBot implements UserHooks {
    public static final String EMAIL_PREFIX = "welcome-bot@";
    /** Zulip's limit for welcome_message_custom_text. */
    public static final int MAX_CUSTOM_TEXT = 8000;

    private final Db db;
    private final UserStore users;
    private final ChannelStore channels;
    private final RealmHolder realm;
    private final MessageActions actions;

    public WelcomeBot(Db db, UserStore users, ChannelStore channels, RealmHolder realm, MessageActions actions) {
        this.db = db;
        this.users = users;
        this.channels = channels;
        this.realm = realm;
        this.actions = actions;
    }

    /** A new person: the welcome, then the organization's own words (inside the creating transaction). */
    @Override
    public void created(Tx tx, User user, Joining joining) {
        Optional<User> bot = users.systemBot(tx.h(), EMAIL_PREFIX);
        if (bot.isEmpty()) return;
        dm(tx, bot.get(), user, welcome(user));
        String custom = realm.get().get("welcome_message_custom_text").asText("");
        if (!custom.isBlank()) dm(tx, bot.get(), user, custom);
    }

    @Override
    public Consumer<User> aroundRoleChange(Tx tx, User before) {
        return after -> {};
    }

    @Override
    public void activationChanged(Tx tx, User user, boolean active) {}

    /** POST /realm/test_welcome_bot_custom_message: the text as a new person would get it, sent to the administrator asking. */
    public long checkSendTest(User caller, String text) {
        UserRules.requireAdmin(caller);
        String t = text.strip();
        if (t.isEmpty()) throw MessageErrors.messageMustNotBeEmpty();
        if (t.length() > MAX_CUSTOM_TEXT) throw MessageErrors.welcomeMessageCustomTextTooLong(MAX_CUSTOM_TEXT);
        return db.write(tx -> {
            User bot = users.systemBot(tx.h(), EMAIL_PREFIX).orElseThrow(() -> MessageErrors.organizationHasNoWelcomeBot());
            return dm(tx, bot, caller, t);
        });
    }

    /** A new organization's first conversations, posted once by the first start. */
    public void introduce(long generalId, long sandboxId) {
        db.write(tx -> {
            User bot = users.systemBot(tx.h(), EMAIL_PREFIX).orElseThrow();
            Channel general = channels.byId(tx.h(), generalId).orElseThrow();
            Channel sandbox = channels.byId(tx.h(), sandboxId).orElseThrow();
            post(tx, bot, general, "welcome", """
                    This is **#general**: everyone who joins is subscribed to it. Use it for news and conversations that \
                    concern the whole organization, and create channels for teams and projects as you grow.""");
            post(tx, bot, sandbox, "experiments", """
                    **#sandbox** is yours to try things out. Messages use Markdown: **bold**, *italic*, `code`, \
                    [links](https://zulip.com/help/format-your-message-using-markdown), :tada: emoji, and @-mentions of people.
                    ```
                    code blocks too
                    ```""");
            post(tx, bot, sandbox, "topics", """
                    Every channel message has a **topic**, so that several conversations can go on in one channel \
                    without tangling. Start a new topic for a new subject; messages can be moved between topics later.""");
            return null;
        });
    }

    private long dm(Tx tx, User bot, User to, String content) {
        return actions.doSendAsSystemBot(tx, bot, to.id(), content);
    }

    private void post(Tx tx, User bot, Channel c, String topic, String content) {
        actions.doSendAsSystemBot(tx, bot, c, topic, content, null);
    }

    private String welcome(User user) {
        String name = realm.get().get("name").asText("Stoa");
        String text = "Hello " + user.fullName() + ", and welcome to **" + name + "**! I'm the Welcome Bot.\n\n"
                + "* **Channels** hold the organization's conversations, and every channel message has a **topic**. "
                + "You have been subscribed to the channels everyone joins; browse the others and subscribe to what interests you.\n"
                + "* **Direct messages** like this one reach one person or a small group.\n"
                + "* Unread messages are counted in the left sidebar; read a conversation and its count clears.\n";
        if (user.isAdmin()) {
            text += "* As an administrator you can create channels, add people and change the organization's settings.\n";
        }
        return text;
    }
}
