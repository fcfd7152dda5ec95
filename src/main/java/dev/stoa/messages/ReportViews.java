package dev.stoa.messages;

import dev.stoa.http.Json;
import dev.stoa.http.Request;

/** POST /messages/{message_id}/report. */
public final class ReportViews {
    private final ReportActions actions;

    public ReportViews(ReportActions actions) {
        this.actions = actions;
    }

    public Object report(Request req) {
        long id = req.pathLong("message_id");
        String type = req.str("report_type");
        String description = req.str("description", "");
        actions.checkReport(req.user(), new ReportActions.ReportInput(id, type, description));
        return Json.success();
    }
}
