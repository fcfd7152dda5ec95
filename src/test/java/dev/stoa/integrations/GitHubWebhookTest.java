package dev.stoa.integrations;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GitHub payloads (written from GitHub's documented webhook payloads, one per event handled) posted
 * to /external/github; each message asserted in full against Zulip's topics and templates.
 */
class GitHubWebhookTest extends WebhookTestBase {
    private static final String PR_TOPIC = "Hello-World / PR #1347 Amazing new feature";

    private void post(String fixture, String event) {
        postJson("github", fixture("github", fixture), channel(), "X-GitHub-Event", event).success();
    }

    @Test
    void pushWithCommitsByTwoAuthors() {
        post("push__2_commits", "push");
        assertPosted("Hello-World / main", """
                octocat [pushed](https://github.com/octocat/Hello-World/compare/6113728f27ae...7fd1a60b01f9) 2 commits to branch main. \
                Commits by monalisa (1) and octocat (1).

                * Fix the greeting ([553c2077f0e](https://github.com/octocat/Hello-World/commit/553c2077f0edc3d5dc5d17262f6aa498e69d6f8e))
                * Add a farewell ([7fd1a60b01f](https://github.com/octocat/Hello-World/commit/7fd1a60b01f91b314f59955a4e4d4e80d8edf11d))""",
                "ZulipGitHubWebhook");
    }

    @Test
    void pushOfATag() {
        post("push__tag", "push");
        assertPosted("Hello-World", "octocat pushed tag v1.0.", "ZulipGitHubWebhook");
    }

    @Test
    void pullRequestOpened() {
        post("pull_request__opened", "pull_request");
        assertPosted(PR_TOPIC, """
                octocat opened [PR #1347](https://github.com/octocat/Hello-World/pull/1347) from `octocat:new-topic` to `octocat:main`:

                ~~~ quote
                Please pull these awesome changes in!
                ~~~""", "ZulipGitHubWebhook");
    }

    @Test
    void pullRequestOpenedWithTheTopicGivenPutsTheTitleInTheBody() {
        postJson("github", fixture("github", "pull_request__opened"), with("topic", "reviews"), "X-GitHub-Event", "pull_request").success();
        assertPosted("reviews", """
                octocat opened [PR #1347 Amazing new feature](https://github.com/octocat/Hello-World/pull/1347) from `octocat:new-topic` to `octocat:main`:

                ~~~ quote
                Please pull these awesome changes in!
                ~~~""", "ZulipGitHubWebhook");
    }

    @Test
    void pullRequestMerged() {
        post("pull_request__closed_merged", "pull_request");
        assertPosted(PR_TOPIC, "octocat merged [PR #1347](https://github.com/octocat/Hello-World/pull/1347).", "ZulipGitHubWebhook");
    }

    @Test
    void pullRequestReviewSubmitted() {
        post("pull_request_review__submitted", "pull_request_review");
        assertPosted(PR_TOPIC, """
                monalisa submitted [PR review](https://github.com/octocat/Hello-World/pull/1347#pullrequestreview-80):

                ~~~ quote
                Looks great, one nit.
                ~~~""", "ZulipGitHubWebhook");
    }

    @Test
    void issueOpened() {
        post("issues__opened", "issues");
        assertPosted("Hello-World / issue #1348 Found a bug", """
                octocat opened [issue #1348](https://github.com/octocat/Hello-World/issues/1348):

                ~~~ quote
                I'm having a problem with this.
                ~~~""", "ZulipGitHubWebhook");
    }

    @Test
    void commentOnAPullRequest() {
        post("issue_comment__created_on_pr", "issue_comment");
        assertPosted(PR_TOPIC, """
                octocat [commented](https://github.com/octocat/Hello-World/pull/1347#issuecomment-5) on [PR #1347](https://github.com/octocat/Hello-World/pull/1347):

                ~~~ quote
                Me too
                ~~~""", "ZulipGitHubWebhook");
    }

    @Test
    void releasePublished() {
        post("release__published", "release");
        assertPosted("Hello-World",
                "octocat published release [v1.0.0 First light](https://github.com/octocat/Hello-World/releases/tag/v1.0.0) for tag v1.0.0.",
                "ZulipGitHubWebhook");
    }

    @Test
    void workflowRunCompleted() {
        post("workflow_run__completed", "workflow_run");
        assertPosted("Hello-World / workflows", "Workflow [Build](https://github.com/octocat/Hello-World/actions/runs/30433642) on branch main "
                + "completed (failure). ([acb5820ced9](https://github.com/octocat/Hello-World/commit/acb5820ced9479c074f688cc328bf03f341a511d))",
                "ZulipGitHubWebhook");
    }

    @Test
    void ping() {
        post("ping", "ping");
        assertPosted("Hello-World", "GitHub webhook has been successfully configured by octocat.", "ZulipGitHubWebhook");
    }

    @Test
    void unsupportedEventIsAnsweredWith200AndPostsNothing() {
        long before = newestId();
        var r = postJson("github", fixture("github", "deployment_protection_rule__requested"), channel(),
                "X-GitHub-Event", "deployment_protection_rule");
        r.error(200, "UNSUPPORTED_WEBHOOK_EVENT_TYPE",
                "The 'deployment_protection_rule:requested' event isn't currently supported by the GitHub webhook; ignoring");
        assertThat(r.get("webhook_name").asText()).isEqualTo("GitHub");
        assertThat(r.get("event_type").asText()).isEqualTo("deployment_protection_rule:requested");
        assertThat(newestId()).isEqualTo(before);
    }

    @Test
    void missingEventHeader() {
        long before = newestId();
        var r = postJson("github", fixture("github", "ping"), channel());
        r.error(400, "MISSING_HTTP_EVENT_HEADER", "Missing the HTTP event header 'X-GitHub-Event'");
        assertThat(r.get("header").asText()).isEqualTo("X-GitHub-Event");
        assertThat(newestId()).isEqualTo(before);
    }

    @Test
    void malformedPayloadsStoreNothing() {
        long before = newestId();
        postJson("github", "{\"action\": ", channel(), "X-GitHub-Event", "issues").error(400, "INVALID_JSON", "Malformed JSON");
        // Valid JSON without the fields the event needs: Zulip's WildValue names the missing key.
        postJson("github", "{\"action\": \"opened\", \"sender\": {\"login\": \"x\"}, \"repository\": {\"name\": \"r\"}}", channel(),
                "X-GitHub-Event", "issues").badRequest("payload[\"issue\"] is missing");
        postJson("github", "{\"action\": 5, \"sender\": {\"login\": \"x\"}}", channel(), "X-GitHub-Event", "issues")
                .badRequest("payload[\"action\"] is not a string");
        assertThat(newestId()).isEqualTo(before);
    }

    @Test
    void onlyAndExcludeEventsFilterWithWildcards() {
        long before = newestId();
        postJson("github", fixture("github", "ping"), with("only_events", "[\"push*\"]"), "X-GitHub-Event", "ping").success();
        postJson("github", fixture("github", "issues__opened"), with("exclude_events", "[\"issue*\"]"), "X-GitHub-Event", "issues").success();
        assertThat(newestId()).isEqualTo(before);
        postJson("github", fixture("github", "push__tag"), with("only_events", "[\"push_*\"]", "exclude_events", "[\"push_commits\"]"),
                "X-GitHub-Event", "push").success();
        assertPosted("Hello-World", "octocat pushed tag v1.0.", "ZulipGitHubWebhook");
    }

    @Test
    void branchesOptionSkipsOtherBranches() {
        long before = newestId();
        postJson("github", fixture("github", "push__2_commits"), with("branches", "release, stable"), "X-GitHub-Event", "push").success();
        assertThat(newestId()).isEqualTo(before);
    }
}
