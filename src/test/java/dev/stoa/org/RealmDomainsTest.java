package dev.stoa.org;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import org.junit.jupiter.api.Test;

class RealmDomainsTest extends StoaTestBase {
    private static final String OWNER_ONLY = "Must be an organization owner";

    @Test
    void addChangeRemoveWithEvents() {
        List<JsonNode> add = VerifyAction.verify(member, () -> {
            JsonNode r = owner.post("/realm/domains", "domain", " ACME.com ", "allow_subdomains", false).success();
            assertThat(r.get("new_domain").get(1).asText()).isEqualTo("acme.com");
            assertThat(r.get("new_domain").get(0).asLong()).isPositive();
        });
        assertThat(add.getFirst().get("realm_domain").toString()).isEqualTo("{\"domain\":\"acme.com\",\"allow_subdomains\":false}");
        VerifyAction.verify(guest, () -> owner.post("/realm/domains", "domain", "zulip.org", "allow_subdomains", true).success());
        assertThat(member.get("/realm/domains").success().get("domains").toString())
                .isEqualTo("[{\"domain\":\"acme.com\",\"allow_subdomains\":false},{\"domain\":\"zulip.org\",\"allow_subdomains\":true}]");
        List<JsonNode> change = VerifyAction.verify(member, () -> owner.patch("/realm/domains/acme.com", "allow_subdomains", true).success());
        assertThat(change.getFirst().get("op").asText()).isEqualTo("change");
        List<JsonNode> remove = VerifyAction.verify(admin, () -> owner.delete("/realm/domains/zulip.org").success());
        assertThat(remove.getFirst().get("domain").asText()).isEqualTo("zulip.org");
        // the last domain of a restricted organization: the restriction goes with it, as in Zulip
        owner.patch("/realm", "emails_restricted_to_domains", true).success();
        List<JsonNode> last = VerifyAction.as(member).events("realm/update", "realm_domains/remove")
                .run(() -> owner.delete("/realm/domains/acme.com").success());
        assertThat(last.getFirst().get("property").asText()).isEqualTo("emails_restricted_to_domains");
        assertThat(last.getFirst().get("value").asBoolean()).isFalse();
        assertThat(member.get("/realm/domains").success().get("domains")).isEmpty();
    }

    @Test
    void ownersOnly() {
        admin.post("/realm/domains").error(400, "UNAUTHORIZED_PRINCIPAL", OWNER_ONLY);
        member.post("/realm/domains", "domain", "a.com", "allow_subdomains", false).error(400, "UNAUTHORIZED_PRINCIPAL", OWNER_ONLY);
        admin.patch("/realm/domains/a.com").error(400, "UNAUTHORIZED_PRINCIPAL", OWNER_ONLY);
        admin.delete("/realm/domains/a.com").error(400, "UNAUTHORIZED_PRINCIPAL", OWNER_ONLY);
        guest.get("/realm/domains").success();
    }

    @Test
    void errors() {
        String[][] invalid = {
                {"", "Domain can't be empty."}, {"test", "Domain must have at least one dot (.)"},
                {"t.", "Domain cannot start or end with a dot (.)"}, {".com", "Domain cannot start or end with a dot (.)"},
                {"-test.com", "Subdomains cannot start or end with a '-'."}, {"test...com", "Consecutive '.' are not allowed."},
                {"test-.com", "Subdomains cannot start or end with a '-'."}, {"test_domain.com", "Domain can only have letters, numbers, '.' and '-'s."},
                {"test.-domain.com", "Subdomains cannot start or end with a '-'."}, {"a".repeat(255) + ".com", "Domain is too long"}};
        for (String[] c : invalid) owner.post("/realm/domains", "domain", c[0], "allow_subdomains", false).badRequest("Invalid domain: " + c[1]);
        owner.post("/realm/domains", "domain", "x-x.y.3.z", "allow_subdomains", false).success();
        owner.post("/realm/domains", "domain", "X-X.y.3.z", "allow_subdomains", true).badRequest("The domain x-x.y.3.z is already a part of your organization.");
        owner.post("/realm/domains", "domain", "b.com", "allow_subdomains", "yes").badRequest("allow_subdomains is not valid JSON");
        owner.patch("/realm/domains/non-existent.com", "allow_subdomains", true).badRequest("No entry found for domain non-existent.com.");
        owner.delete("/realm/domains/non-existent.com").badRequest("No entry found for domain non-existent.com.");
        owner.delete("/realm/domains/X-X.y.3.z").badRequest("No entry found for domain X-X.y.3.z.");
        owner.delete("/realm/domains/x-x.y.3.z").success();
    }
}
