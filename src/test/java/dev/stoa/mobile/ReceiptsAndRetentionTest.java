package dev.stoa.mobile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, item 9, against Zulip's server: read receipts are on in a new organization that requires
 * invitations (zerver/actions/create_realm.py: closed organizations get enable_read_receipts), so
 * GET /messages/{id}/read_receipts answers (zerver/views/read_receipts.py); PATCH /streams/{id} takes
 * message_retention_days as Zulip's parse_message_retention_days does (a positive number of days,
 * "realm_default", "unlimited"; owners only) and tells subscribers with a stream update.
 */
class ReceiptsAndRetentionTest extends StoaTestBase {
    @Test
    void readReceiptsAnswerInANewOrganization() {
        assertThat(member.post("/register", "fetch_event_types", List.of("realm")).success().get("realm_enable_read_receipts").asBoolean()).isTrue();
        long channel = owner.post("/channels/create", "name", "receipts", "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
        long id = owner.post("/messages", "type", "stream", "to", String.valueOf(channel), "topic", "t", "content", "read me").success().get("id").asLong();
        member.post("/messages/flags", "messages", List.of(id), "op", "add", "flag", "read").success();
        assertThat(owner.get("/messages/" + id + "/read_receipts").success().get("user_ids")).extracting(JsonNode::asLong).containsExactly(member.userId);
        owner.patch("/realm", "enable_read_receipts", false).success();
        owner.get("/messages/" + id + "/read_receipts").badRequest("Read receipts are disabled in this organization.");
        owner.patch("/realm", "enable_read_receipts", true).success();
    }

    @Test
    void retentionDaysAsZulipParsesThem() {
        long id = owner.post("/channels/create", "name", "retained", "subscribers", List.of(owner.userId, member.userId)).success().get("id").asLong();
        VerifyAction.verify(member, () -> owner.patch("/streams/" + id, "message_retention_days", 30).success());
        assertThat(retention(id)).isEqualTo("30");
        owner.patch("/streams/" + id, "message_retention_days", "\"unlimited\"").success();
        assertThat(retention(id)).isEqualTo("-1");
        owner.patch("/streams/" + id, "message_retention_days", "realm_default").success();
        assertThat(retention(id)).isEqualTo("null");
        owner.patch("/streams/" + id, "message_retention_days", 0).badRequest("Bad value for 'message_retention_days': 0");
        owner.patch("/streams/" + id, "message_retention_days", "forever").badRequest("Bad value for 'message_retention_days': forever");
        admin.patch("/streams/" + id, "message_retention_days", 5).error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
    }

    private String retention(long id) {
        return String.valueOf(member.get("/streams/" + id).success().at("/stream/message_retention_days"));
    }
}
