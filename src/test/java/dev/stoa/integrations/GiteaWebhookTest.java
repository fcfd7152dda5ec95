package dev.stoa.integrations;

import org.junit.jupiter.api.Test;

/** Gitea and Forgejo payloads (from Gitea's documented webhook payloads); messages asserted in full. */
class GiteaWebhookTest extends WebhookTestBase {
    private static final String PUSH = """
            alice [pushed](https://gitea.example.com/alice/webhooks/compare/28e1879d029cb852e4844d9c718537df08844e03...\
            bffeb74224043ba2feb48d137756c8a9331c449a) 1 commit to branch main.

            * Add README ([bffeb742240](https://gitea.example.com/alice/webhooks/commit/bffeb74224043ba2feb48d137756c8a9331c449a))""";

    @Test
    void push() {
        postJson("gitea", fixture("gitea", "push"), channel(), "X-Gitea-Event", "push").success();
        assertPosted("webhooks / main", PUSH, "ZulipGiteaWebhook");
    }

    @Test
    void forgejoPushUnderItsOwnHeader() {
        postJson("forgejo", fixture("gitea", "push"), channel(), "X-Forgejo-Event", "push").success();
        assertPosted("webhooks / main", PUSH, "ZulipForgejoWebhook");
    }

    @Test
    void pullRequestOpened() {
        postJson("gitea", fixture("gitea", "pull_request__opened"), channel(), "X-Gitea-Event", "pull_request").success();
        // Zulip's Gogs/Gitea topic names the pull request by its id, the body by its number.
        assertPosted("webhooks / PR #9 Add a license",
                "alice opened [PR #2](https://gitea.example.com/alice/webhooks/pulls/2) from `license` to `main`.", "ZulipGiteaWebhook");
    }

    @Test
    void issueOpened() {
        postJson("gitea", fixture("gitea", "issues__opened"), channel(), "X-Gitea-Event", "issues").success();
        assertPosted("webhooks / issue #3 Crash on start", """
                alice opened [issue #3](https://gitea.example.com/alice/webhooks/issues/3) (assigned to bob):

                ~~~ quote
                It crashes.
                ~~~""", "ZulipGiteaWebhook");
    }

    @Test
    void unsupportedEvent() {
        postJson("gitea", fixture("gitea", "push"), channel(), "X-Gitea-Event", "wiki")
                .error(200, "UNSUPPORTED_WEBHOOK_EVENT_TYPE", "The 'wiki' event isn't currently supported by the Gitea webhook; ignoring");
    }
}
