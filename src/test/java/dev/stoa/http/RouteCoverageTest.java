package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ContractValidator;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every route the server serves is described by zulip.yaml or the addendum. */
class RouteCoverageTest extends StoaTestBase {
    @Test
    void everyRouteIsDescribed() {
        List<String> undescribed = new ArrayList<>();
        List<Router.Route> routes = server.stoa.router().routes();
        for (Router.Route r : routes) {
            if (!ContractValidator.get().describes(r.method(), r.template())) undescribed.add(r.method() + " " + r.template());
        }
        assertThat(routes).isNotEmpty();
        assertThat(undescribed).as("routes described neither in zulip.yaml nor in src/test/resources/openapi").isEmpty();
    }

    @Test
    void theCheckItselfRejectsAnUnknownRoute() {
        assertThat(ContractValidator.get().describes("GET", "/no/such/route")).isFalse();
        assertThat(ContractValidator.get().describes("PUT", "/users/me")).isFalse();
        assertThat(ContractValidator.get().describes("GET", "/users/{user_id}")).isTrue();
    }
}
