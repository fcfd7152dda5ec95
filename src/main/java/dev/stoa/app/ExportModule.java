package dev.stoa.app;

import dev.stoa.export.ExportActions;
import dev.stoa.export.ExportJobs;
import dev.stoa.export.ExportStore;
import dev.stoa.export.ExportViews;
import dev.stoa.export.Exporter;

/** Data exports of the organization: requested through the API, produced in the background (jobs; the server closes them). */
public final class ExportModule implements Module {
    final ExportStore store = new ExportStore();
    final ExportJobs jobs;
    public final Exporter exporter;
    final ExportActions actions;

    final ExportViews views;

    ExportModule(Core c, MessagesModule messages) {
        this.jobs = new ExportJobs(c.db(), store, c.clock());
        this.exporter = new Exporter(c.db(), c.users(), c.files(), c.config().realmHost(), c.clock(), c.userJson().avatars(),
                messages.softDeactivation::doSettleAll);
        this.actions = new ExportActions(c.db(), c.log(), store, c.users(), jobs, exporter, messages.notificationBot, c.clock(),
                c.files(), c.config().dataDir(), c.config().externalUrl());
        this.views = new ExportViews(actions);
    }
}
