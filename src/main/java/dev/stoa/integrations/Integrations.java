package dev.stoa.integrations;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every incoming-webhook integration Stoa serves, by URL name, in register's order. */
public final class Integrations {
    private final Map<String, Integration> byName = new LinkedHashMap<>();

    public Integrations(List<Integration> all) {
        for (Integration i : all) {
            if (byName.put(i.name(), i) != null) throw new IllegalStateException("integration named twice: " + i.name());
        }
    }

    /** The built-in ones. A new integration is one class and one line here. */
    public static Integrations builtIn() {
        return new Integrations(List.of(new GitHubIntegration(), new GitLabIntegration(), GiteaIntegration.gitea(), GiteaIntegration.forgejo(),
                new BitbucketIntegration(), new JiraIntegration(), new AlertmanagerIntegration(), new GrafanaIntegration(), new SentryIntegration(),
                new PagerDutyIntegration(), new CircleCiIntegration(), new JsonIntegration(), new SlackIncomingIntegration()));
    }

    public Optional<Integration> byName(String name) { return Optional.ofNullable(byName.get(name)); }

    public List<Integration> all() { return List.copyOf(byName.values()); }
}
