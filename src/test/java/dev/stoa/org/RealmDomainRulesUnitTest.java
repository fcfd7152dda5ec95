package dev.stoa.org;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.realmdomains.RealmDomainRules;
import dev.stoa.realmdomains.RealmDomainStore.Domain;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which addresses an organization restricted to its domains admits (Zulip's email_allowed_for_realm). */
class RealmDomainRulesUnitTest {
    @Test
    void exactDomainsAndSubdomains() {
        List<Domain> one = List.of(new Domain(1, "test1.com", false));
        List<Domain> two = List.of(new Domain(2, "test2.test1.com", true));
        assertThat(RealmDomainRules.allows(one, "user@test1.com")).isTrue();
        assertThat(RealmDomainRules.allows(one, "user@TEST1.com")).isTrue();
        assertThat(RealmDomainRules.allows(one, "user@test2.test1.com")).isFalse();
        assertThat(RealmDomainRules.allows(two, "user@test2.test1.com")).isTrue();
        assertThat(RealmDomainRules.allows(two, "user@test3.test2.test1.com")).isTrue();
        assertThat(RealmDomainRules.allows(two, "user@test3.test1.com")).isFalse();
        assertThat(RealmDomainRules.allows(List.of(new Domain(1, "test1.com", true)), "user@test2.test1.com")).isTrue();
        assertThat(RealmDomainRules.allows(one, "user+tag@test1.com")).isFalse();
        assertThat(RealmDomainRules.allows(one, "no-at-sign")).isFalse();
    }
}
