package dev.stoa.testing;

import static dev.stoa.testing.EventApplier.on;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * How an administrator's client applies data-export events to what it fetched: GET /export/realm's
 * `exports` (replaced by each realm_export event) and GET /export/realm/consents' `export_consents`.
 * Register holds neither: tests join them with VerifyAction.plusState.
 */
final class ExportAppliers {
    private ExportAppliers() {}

    static void register() {
        on("realm_export", (s, e) -> {
            if (s.has("exports")) s.set("exports", e.get("exports"));
        });
        on("realm_export_consent", (s, e) -> {
            if (!s.has("export_consents")) return;
            for (JsonNode c : s.get("export_consents")) {
                if (c.get("user_id").equals(e.get("user_id"))) ((ObjectNode) c).set("consented", e.get("consented"));
            }
        });
    }
}
