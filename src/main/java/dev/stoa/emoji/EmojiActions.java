package dev.stoa.emoji;

import dev.stoa.events.Hints;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MarkdownEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.groups.GroupResolver;
import dev.stoa.http.CommonErrors;
import dev.stoa.identity.User;
import dev.stoa.markdown.EmojiCatalog;
import dev.stoa.realm.RealmHolder;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Adding and deactivating custom emoji: one transaction each, with a realm_emoji event to all
 * users carrying the one emoji (op add/edit) and, for delivery to older clients, the whole dict.
 */
public final class EmojiActions {
    private static final Pattern VALID = Pattern.compile("[0-9a-z_-]*[0-9a-z]");
    private static final Pattern ALLOWED_CHARS = Pattern.compile("[0-9a-z_-]+");

    /** POST /realm/emoji/{name}: the name as given (not yet normalized) and the uploaded files' bytes. */
    public record NewEmoji(String name, List<byte[]> files) {}

    private final Db db;
    private final EventLog log;
    private final EmojiStore store;
    private final EmojiImages images;
    private final RealmHolder realm;
    private final GroupResolver groups;

    public EmojiActions(Db db, EventLog log, EmojiStore store, EmojiImages images, RealmHolder realm, GroupResolver groups) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.images = images;
        this.realm = realm;
        this.groups = groups;
    }

    /**
     * Uploads a custom emoji: the name, can_add_custom_emoji_group, the name's uniqueness, the file
     * and the built-in override rule are checked in the transaction that inserts the row; the
     * image files are written after every check, so a refused upload leaves none behind.
     */
    public EmojiRow checkAdd(User caller, NewEmoji input) {
        String name = input.name().strip().replace(' ', '_');
        checkName(name);
        return db.write(tx -> {
            if (!groups.isMember(tx.h(), caller.id(), realm.get().get("can_add_custom_emoji_group"))) throw CommonErrors.insufficientPermission();
            if (store.activeByName(tx.h(), name).isPresent()) throw exists();
            if (input.files().size() != 1) throw EmojiErrors.exactlyOneFileRequired();
            if (EmojiCatalog.get().codeForName(name).isPresent() && !caller.isAdmin()) {
                throw EmojiErrors.onlyAdministratorsCanOverrideDefaultEmoji();
            }
            byte[] bytes = input.files().getFirst();
            String ext = EmojiImages.check(bytes);
            return insert(tx, name, store(bytes, ext), caller.id());
        });
    }

    private EmojiImages.Stored store(byte[] bytes, String ext) {
        return images.store(bytes, ext);
    }

    static void checkName(String name) {
        if (name.isEmpty()) throw EmojiErrors.emojiNameMissing();
        if (VALID.matcher(name).matches()) return;
        if (ALLOWED_CHARS.matcher(name).matches()) throw EmojiErrors.emojiNameMustEndWithLetterOrDigit();
        throw EmojiErrors.emojiNameInvalidCharacters();
    }

    /** Deactivates an emoji: administrators, or the emoji's author. */
    public void checkDeactivate(User caller, String name) {
        db.write(tx -> {
            EmojiRow emoji = store.activeByName(tx.h(), name).orElseThrow(() -> notFound(name));
            if (!caller.isAdmin() && (emoji.authorId() == null || emoji.authorId() != caller.id())) {
                throw EmojiErrors.mustBeAdministratorOrEmojiAuthor();
            }
            deactivate(tx, emoji);
            return null;
        });
    }

    private EmojiRow insert(Tx tx, String name, EmojiImages.Stored files, long authorId) {
        long id = store.insert(tx, name, files.fileName(), files.stillFileName(), authorId);
        EmojiRow row = new EmojiRow(id, name, files.fileName(), files.stillFileName(), authorId, false);
        notify(tx, "add", row);
        return row;
    }

    private void deactivate(Tx tx, EmojiRow current) {
        store.deactivate(tx, current.id());
        notify(tx, "edit", new EmojiRow(current.id(), current.name(), current.fileName(), current.stillFileName(),
                current.authorId(), true));
    }

    private void notify(Tx tx, String op, EmojiRow row) {
        Hints hints = Hints.NONE.withRealmEmoji(EmojiState.dict(store.all(tx.h())));
        log.append(tx, new MarkdownEvent.Emoji(op, row.toJson(), hints), Recipients.all());
    }

    static ApiError exists() {
        return EmojiErrors.customEmojiAlreadyExists();
    }

    /** Zulip answers an unknown custom emoji with 404 BAD_REQUEST. */
    public static ApiError notFound(String name) {
        return EmojiErrors.emojiNotFound(name);
    }
}
