package dev.stoa.app;

import dev.stoa.queues.StateContributor;
import dev.stoa.realmdomains.RealmDomainActions;
import dev.stoa.realmdomains.RealmDomainState;
import dev.stoa.realmdomains.RealmDomainStore;
import dev.stoa.realmdomains.RealmDomainQueries;
import dev.stoa.realmdomains.RealmDomainViews;
import java.util.List;

/** The organization's allowed email domains; `realm` turns emails_restricted_to_domains off with the last one. */
final class RealmDomainsModule implements Module {
    final RealmDomainStore store = new RealmDomainStore();
    final RealmDomainActions actions;

    final RealmDomainViews views;

    RealmDomainsModule(Core c, RealmModule realm) {
        this.actions = new RealmDomainActions(c.db(), c.log(), store, realm.actions);
        this.views = new RealmDomainViews(new RealmDomainQueries(c.db(), store), actions);
    }

    @Override
    public List<StateContributor> state() { return List.of(new RealmDomainState(store)); }
}
