package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.UserEvent;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request.UploadedFile;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import java.util.List;

/**
 * A person's own avatar (Zulip's set_avatar_backend and delete_avatar_backend): an upload makes
 * the avatar an uploaded one, a delete goes back to Gravatar (or Stoa's generated image); either
 * way the avatar version grows by one, in one transaction with Zulip's events: realm_user update
 * (avatar_source, avatar_url, avatar_url_medium, avatar_version) to everyone who may see the user,
 * and for a bot realm_bot update (avatar_url) to its owner and the administrators.
 */
public final class AvatarActions {
    private final Db db;
    private final EventLog log;
    private final UserStore store;
    private final UserAccess access;
    private final AvatarUrls urls;
    private final AvatarImages images;
    private final RealmHolder realm;

    public AvatarActions(Db db, EventLog log, UserStore store, UserAccess access, AvatarUrls urls, AvatarImages images, RealmHolder realm) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.access = access;
        this.urls = urls;
        this.images = images;
        this.realm = realm;
    }

    /** POST /users/me/avatar: Zulip's checks in its order; the images are cut before the transaction. Returns the new URL. */
    public String checkUpload(User me, List<UploadedFile> files) {
        if (files.size() != 1) throw ApiError.bad("You must upload exactly one avatar.");
        checkChangesAllowed(me);
        UploadedFile file = files.getFirst();
        if (file.bytes().length > AvatarImages.MAX_FILE_SIZE_MIB * 1024L * 1024L) {
            throw ApiError.bad("Uploaded file is larger than the allowed limit of " + AvatarImages.MAX_FILE_SIZE_MIB + " MiB");
        }
        AvatarImages.Resized resized = AvatarImages.resize(file.fileName(), file.bytes());
        return db.write(tx -> {
            User u = current(tx, me);
            // Zulip writes the next version's files, then moves the version: a reader never sees a URL without its file
            images.store(urls.base(u.id(), u.avatarVersion() + 1), resized);
            return change(tx, u, "U");
        });
    }

    /** DELETE /users/me/avatar: back to the default avatar; the uploaded files of the old version are removed. */
    public String checkDelete(User me) {
        checkChangesAllowed(me);
        return db.write(tx -> {
            User u = current(tx, me);
            String url = change(tx, u, "G");
            if ("U".equals(u.avatarSource())) {
                String old = urls.base(u.id(), u.avatarVersion());
                tx.afterCommit(() -> images.delete(old));
            }
            return url;
        });
    }

    /**
     * Zulip's LDAP avatar sync (upload_avatar_image, then do_change_avatar_fields by no one): an image
     * from the directory becomes the uploaded avatar, in the caller's transaction; the organization's
     * avatar_changes_disabled binds people, not the directory.
     */
    public void setFromDirectory(Tx tx, User u, AvatarImages.Resized resized) {
        User cur = current(tx, u);
        images.store(urls.base(cur.id(), cur.avatarVersion() + 1), resized);
        change(tx, cur, "U");
    }

    /** PATCH /bots/{id} with a file (Zulip's upload_avatar_image, then do_change_avatar_fields), in the caller's transaction. */
    public void setImage(Tx tx, User u, AvatarImages.Resized resized) {
        setFromDirectory(tx, u, resized);
    }

    /** Zulip's avatar_changes_disabled: the realm's setting binds everyone but administrators. */
    private void checkChangesAllowed(User me) {
        if (realm.get().get("avatar_changes_disabled").asBoolean(false) && !me.isAdmin()) {
            throw ApiError.bad("Avatar changes are disabled in this organization.");
        }
    }

    private User current(Tx tx, User me) {
        return store.byIdForUpdate(tx, me.id()).orElseThrow(() -> ApiError.bad("No such user"));
    }

    /** Zulip's do_change_avatar_fields: the source, the next version, the events. Returns the new URL. */
    private String change(Tx tx, User u, String source) {
        store.set(tx, u.id(), "avatar_source", source);
        store.set(tx, u.id(), "avatar_version", u.avatarVersion() + 1);
        User changed = store.byId(tx.h(), u.id()).orElseThrow();
        String url = urls.url(changed, false);
        if (changed.isBot()) {
            log.append(tx, new UserEvent.RealmBotUpdate(Json.object().put("user_id", u.id()).put("avatar_url", url)),
                    UserActions.botAudience(tx, store, changed));
        }
        ObjectNode person = Json.object().put("avatar_source", source).put("avatar_url", url)
                .put("avatar_url_medium", urls.url(changed, true)).put("avatar_version", changed.avatarVersion()).put("user_id", u.id());
        log.append(tx, new UserEvent.RealmUserUpdate(person), access.audience(tx.h(), changed));
        return url;
    }
}
