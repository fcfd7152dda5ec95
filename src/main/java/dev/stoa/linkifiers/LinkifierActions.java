package dev.stoa.linkifiers;

import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MarkdownEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every linkifier change: one transaction that changes the rows and appends a realm_linkifiers
 * event with the whole new list to all users (delivery drops it for queues without
 * linkifier_url_template).
 */
public final class LinkifierActions {
    private final Db db;
    private final EventLog log;
    private final LinkifierStore store;

    public LinkifierActions(Db db, EventLog log, LinkifierStore store) {
        this.db = db;
        this.log = log;
        this.store = store;
    }

    /**
     * A request's fields: the optional ones are null when absent (on update: keep the current
     * value), "" to reset example_input or reverse_template to null.
     */
    public record Fields(String pattern, String urlTemplate, String exampleInput, String reverseTemplate,
                         List<String> alternativeUrlTemplates) {
        /** The linkifier these fields make, over `current` (null when adding); validated. */
        Linkifier over(long id, Linkifier current) {
            String example = text(exampleInput, current == null ? null : current.exampleInput());
            String reverse = text(reverseTemplate, current == null ? null : current.reverseTemplate());
            List<String> alts = alternativeUrlTemplates != null ? alternativeUrlTemplates
                    : current == null ? List.of() : current.alternativeUrlTemplates();
            LinkifierRules.validate(pattern, urlTemplate, example, reverse, alts);
            return new Linkifier(id, pattern, urlTemplate, example, reverse, alts, current == null ? 0 : current.order());
        }

        private static String text(String given, String current) {
            if (given == null) return current;
            return given.isEmpty() ? null : given;
        }
    }

    public long checkAdd(Fields fields) {
        return add(fields.over(0, null));
    }

    private long add(Linkifier l) {
        return db.write(tx -> {
            if (store.patternTaken(tx.h(), l.pattern(), -1)) throw duplicate();
            long id = store.insert(tx, l);
            notify(tx);
            return id;
        });
    }

    /** Changes a linkifier: fields absent from the request keep the row's current values. */
    public void checkUpdate(long id, Fields fields) {
        db.write(tx -> {
            Linkifier current = store.byId(tx.h(), id).orElseThrow(LinkifierActions::notFound);
            Linkifier l = fields.over(id, current);
            if (store.patternTaken(tx.h(), l.pattern(), l.id())) throw duplicate();
            store.update(tx, l);
            notify(tx);
            return null;
        });
    }

    public void doRemove(long id) {
        db.write(tx -> {
            if (!store.delete(tx, id)) throw notFound();
            notify(tx);
            return null;
        });
    }

    /** The list must name every existing linkifier exactly once (checked against the rows, in the transaction). */
    public void doReorder(List<Long> orderedIds) {
        db.write(tx -> {
            Set<Long> given = new HashSet<>(orderedIds);
            if (given.size() < orderedIds.size()) throw LinkifierErrors.duplicateLinkifiersInOrder();
            Set<Long> existing = new HashSet<>();
            store.all(tx.h()).forEach(l -> existing.add(l.id()));
            if (!existing.equals(given)) throw LinkifierErrors.orderMustListAllLinkifiers();
            store.setOrder(tx, orderedIds);
            notify(tx);
            return null;
        });
    }

    private void notify(Tx tx) {
        var list = Json.array();
        store.all(tx.h()).forEach(l -> list.add(l.toJson()));
        log.append(tx, new MarkdownEvent.Linkifiers(list), Recipients.all());
    }

    static ApiError notFound() {
        return LinkifierErrors.linkifierNotFound();
    }

    private static ApiError duplicate() {
        return LinkifierRules.error("__all__", "Realm filter with this Realm and Pattern already exists.");
    }
}
