package dev.stoa.userstatus;

import dev.stoa.emoji.EmojiErrors;
import dev.stoa.emoji.EmojiRow;
import dev.stoa.emoji.RealmEmoji;
import dev.stoa.markdown.EmojiCatalog;
import dev.stoa.queues.ZulipNames;
import java.util.Locale;
import java.util.Optional;

/**
 * A status emoji's code and type: looked up from the name when the client leaves them out (a
 * custom emoji of that name first, then the extra "zulip" emoji, then Unicode, as Zulip), then
 * checked as Zulip checks an emoji for a new reaction.
 */
final class StatusEmoji {
    static final String UNICODE = "unicode_emoji";
    static final String REALM = "realm_emoji";
    static final String EXTRA = "zulip_extra_emoji";

    record Emoji(String name, String code, String type) {}

    private final RealmEmoji realmEmoji;

    StatusEmoji(RealmEmoji realmEmoji) {
        this.realmEmoji = realmEmoji;
    }

    /** name is neither null nor empty; code and type may be null. */
    Emoji resolve(String name, String code, String type) {
        if (code == null || type == null) {
            Emoji found = byName(name);
            if (code == null) code = found.code();
            if (type == null) type = found.type();
        }
        // Either name is accepted; stored as Zulip's, sent as the client reads it (ZulipNames).
        if (type.equals(ZulipNames.SEED_EXTRA)) type = EXTRA;
        check(name, code, type);
        return new Emoji(name, code, type);
    }

    private Emoji byName(String name) {
        Optional<EmojiRow> custom = realmEmoji.activeRow(name);
        if (custom.isPresent()) return new Emoji(name, String.valueOf(custom.get().id()), REALM);
        if (name.equals("zulip")) return new Emoji(name, "zulip", EXTRA);
        String code = EmojiCatalog.get().codeForName(name).orElseThrow(() -> EmojiErrors.emojiDoesNotExist(name));
        return new Emoji(name, code, UNICODE);
    }

    private void check(String name, String code, String type) {
        switch (type) {
            case REALM -> {
                EmojiRow row = realmEmoji.byId(code).orElseThrow(() -> EmojiErrors.invalidCustomEmoji());
                if (!row.name().equals(name)) throw EmojiErrors.invalidCustomEmojiName();
                if (row.deactivated()) throw EmojiErrors.customEmojiHasBeenDeactivated();
            }
            case EXTRA -> {
                if (!code.equals("zulip")) throw EmojiErrors.invalidEmojiCode();
                if (!name.equals(code)) throw EmojiErrors.invalidEmojiName();
            }
            case UNICODE -> {
                EmojiCatalog catalog = EmojiCatalog.get();
                if (!code.equals(code.toLowerCase(Locale.ROOT)) || catalog.nameForCode(code).isEmpty()) throw EmojiErrors.invalidEmojiCode();
                if (!catalog.codeForName(name).map(code::equals).orElse(false)) throw EmojiErrors.invalidEmojiName();
            }
            default -> throw EmojiErrors.invalidEmojiType();
        }
    }
}
