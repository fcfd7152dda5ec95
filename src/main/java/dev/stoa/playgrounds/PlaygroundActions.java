package dev.stoa.playgrounds;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.OrgEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmActions;
import dev.stoa.users.UserRules;
import java.util.List;
import java.util.Map;

/** Adding and removing code playgrounds: administrators only; every change sends everyone the whole list. */
public final class PlaygroundActions {
    /** A new playground's fields, stripped; the language already passed the parameter checks. */
    public record NewPlayground(String name, String pygmentsLanguage, String urlTemplate) {}

    private final Db db;
    private final EventLog log;
    private final PlaygroundStore store;
    private final RealmActions realm;

    public PlaygroundActions(Db db, EventLog log, PlaygroundStore store, RealmActions realm) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.realm = realm;
    }

    public long checkAdd(User caller, NewPlayground p) {
        UserRules.requireAdmin(caller);
        return db.write(tx -> {
            Map<String, List<String>> errors = PlaygroundRules.fieldErrors(p.name(), p.pygmentsLanguage(), p.urlTemplate());
            // As Django's validate_unique: only when the fields it compares passed their own checks.
            if (!errors.containsKey("name") && !errors.containsKey("pygments_language") && store.exists(tx.h(), p.pygmentsLanguage(), p.name())) {
                PlaygroundRules.add(errors, PlaygroundRules.ALL, "Realm playground with this Realm, Pygments language and Name already exists.");
            }
            if (!errors.isEmpty()) throw PlaygroundRules.failure(errors);
            long id = store.insert(tx.h(), p.name(), p.pygmentsLanguage(), p.urlTemplate());
            announce(tx);
            return id;
        });
    }

    /** A language whose playground goes stops being the default code block language, as in Zulip. */
    public void checkRemove(User caller, long id) {
        UserRules.requireAdmin(caller);
        db.write(tx -> {
            PlaygroundStore.Playground p = store.byId(tx.h(), id).orElseThrow(PlaygroundActions::invalid);
            if (realm.current(tx, "default_code_block_language").asText("").equals(p.pygmentsLanguage())) {
                realm.set(tx, "default_code_block_language", TextNode.valueOf(""));
            }
            store.delete(tx.h(), id);
            announce(tx);
            return null;
        });
    }

    private void announce(Tx tx) {
        log.append(tx, new OrgEvent.RealmPlaygrounds(PlaygroundState.json(store.all(tx.h()))), Recipients.all());
    }

    static ApiError invalid() {
        return ApiError.bad("Invalid playground");
    }
}
