package dev.stoa.realmdomains;

import com.fasterxml.jackson.databind.node.BooleanNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.OrgEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmActions;
import dev.stoa.users.UserRules;
import org.jdbi.v3.core.Handle;

/** Adding, changing and removing allowed domains: owners only, as Zulip; events to everyone. */
public final class RealmDomainActions {
    private final Db db;
    private final EventLog log;
    private final RealmDomainStore store;
    private final RealmActions realm;

    public RealmDomainActions(Db db, EventLog log, RealmDomainStore store, RealmActions realm) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.realm = realm;
    }

    /** domain already checked (RealmDomainRules.checkDomain); returns the new row's id. */
    public long checkAdd(User caller, String domain, boolean allowSubdomains) {
        UserRules.requireOwner(caller);
        return db.write(tx -> {
            if (store.byDomain(tx.h(), domain).isPresent()) {
                throw ApiError.bad("The domain " + domain + " is already a part of your organization.");
            }
            long id = store.insert(tx.h(), domain, allowSubdomains);
            log.append(tx, new OrgEvent.RealmDomainAdd(RealmDomainState.json(new RealmDomainStore.Domain(id, domain, allowSubdomains))), Recipients.all());
            return id;
        });
    }

    public void checkChange(User caller, String domain, boolean allowSubdomains) {
        UserRules.requireOwner(caller);
        db.write(tx -> {
            RealmDomainStore.Domain d = existing(tx.h(), domain);
            store.setAllowSubdomains(tx.h(), d.id(), allowSubdomains);
            log.append(tx, new OrgEvent.RealmDomainChange(RealmDomainState.json(new RealmDomainStore.Domain(d.id(), domain, allowSubdomains))), Recipients.all());
            return null;
        });
    }

    /** Removing the last domain also turns emails_restricted_to_domains off: with no domain it would admit nobody. */
    public void checkRemove(User caller, String domain) {
        UserRules.requireOwner(caller);
        db.write(tx -> {
            RealmDomainStore.Domain d = existing(tx.h(), domain);
            store.delete(tx.h(), d.id());
            if (!store.any(tx.h()) && realm.current(tx, "emails_restricted_to_domains").asBoolean(false)) {
                realm.set(tx, "emails_restricted_to_domains", BooleanNode.FALSE);
            }
            log.append(tx, new OrgEvent.RealmDomainRemove(domain), Recipients.all());
            return null;
        });
    }

    private RealmDomainStore.Domain existing(Handle h, String domain) {
        return store.byDomain(h, domain).orElseThrow(() -> ApiError.bad("No entry found for domain " + domain + "."));
    }
}
