package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CircleCI, Bitbucket Cloud and Jira payloads (written from each provider's documented webhook payloads);
 * topics and messages asserted in full, as Zulip's zerver/webhooks tests word them.
 */
class CiAndTrackerWebhookTest extends WebhookTestBase {
    private static final String CIRCLECI = "ZulipCircleCIWebhook";

    @Test
    void circleciPing() {
        postJson("circleci", fixture("circleci", "ping"), channel()).success();
        assertPosted("Test event", "Webhook 'Stoa' test event successful.", CIRCLECI);
    }

    @Test
    void circleciJobCompletedOnGithub() {
        postJson("circleci", fixture("circleci", "job_completed_github"), channel()).success();
        assertPosted("api", """
                Job `unit-tests` within Pipeline #117 has failed.

                Triggered on [`4b825dc642c: Retry the mail outbox with backoff`](https://github.com/acme/api/commit/\
                4b825dc642cb6eb9a060e54bf8d69288fbee4904) on branch `main` by Ada Lovelace.""", CIRCLECI);
    }

    @Test
    void circleciWorkflowCompletedOnGitlab() {
        postJson("circleci", fixture("circleci", "workflow_completed_gitlab"), channel()).success();
        assertPosted("web", """
                Workflow [`deploy`](https://app.circleci.com/pipelines/circleci/Qm9vYmFy/ZmVkY2Jh/42/workflows/\
                b7a69584-7362-4514-9f0e-d1c2b3a49586) within Pipeline #42 has succeeded.

                Triggered on [`e69de29bb2d: Ship the settings page`](https://gitlab.com/acme/web/-/commit/\
                e69de29bb2d1d6434b8b29ae775ad8c2e48c5391) on branch `release` by Grace Hopper.""", CIRCLECI);
    }

    @Test
    void circleciManualWorkflowOnBitbucket() {
        postJson("circleci", fixture("circleci", "workflow_completed_manual_bitbucket"), channel()).success();
        assertPosted("docs", """
                Workflow [`nightly`](https://app.circleci.com/pipelines/bitbucket/acme/docs/9/workflows/\
                d4c3b2a1-0f9e-4d8c-b7a6-958473625140) within Pipeline #9 was canceled.

                Triggered on `main`'s HEAD on [8f94139338f](https://bitbucket.org/acme/docs/commits/\
                8f94139338f9404f26296befa88755fc2598c289).""", CIRCLECI);
    }

    @Test
    void circleciOnlyEventsFilters() {
        long before = newestId();
        postJson("circleci", fixture("circleci", "ping"), with("only_events", "[\"workflow-completed\"]")).success();
        assertThat(newestId()).isEqualTo(before);
    }

    private static final String JIRA = "ZulipJiraWebhook";
    private static final String OPS_17 = "OPS-17: Backups fail on the replica";
    private static final String OPS_17_LINK = "[OPS-17: Backups fail on the replica](https://acme.atlassian.net/browse/OPS-17)";

    @Test
    void jiraIssueCreated() {
        postJson("jira", fixture("jira", "issue_created"), channel()).success();
        assertPosted(OPS_17, "Margaret Hamilton created " + OPS_17_LINK + ":\n\n* **Priority**: High\n* **Assignee**: Linus Pauling", JIRA);
    }

    @Test
    void jiraIssueUpdatedWithItsChangelog() {
        postJson("jira", fixture("jira", "issue_updated__changelog"), channel()).success();
        assertPosted(OPS_17, "Margaret Hamilton updated " + OPS_17_LINK + " (assigned to **linus@acme.example**):\n\n"
                + "* Changed status from **To Do** to **In Progress**\n* Changed priority from **High** to **Highest**\n"
                + "* Changed assignee to **linus@acme.example**", JIRA);
    }

    @Test
    void jiraIssueCommentedWithItsMarkupConverted() {
        postJson("jira", fixture("jira", "issue_updated__commented"), channel()).success();
        assertPosted(OPS_17, "Linus Pauling commented on " + OPS_17_LINK + ":\n\n``` quote\n"
                + "The **disk** is full: `/var/backups` at 100%. See [the runbook](https://wiki.acme.example/backups) and "
                + "[https://status.acme.example](https://status.acme.example). **unknown Jira user (5b10ac8d82e0...)**, can you look!\n```", JIRA);
    }

    @Test
    void jiraCommentCreated() {
        postJson("jira", fixture("jira", "comment_created"), channel()).success();
        assertPosted(OPS_17, "Margaret Hamilton commented on " + OPS_17_LINK
                + "\n``` quote\nMoved the backups to the new volume.\n~~~\ndf -h /var/backups\n~~~\n```", JIRA);
    }

    @Test
    void jiraIgnoredAndAnomalousEvents() {
        long before = newestId();
        postJson("jira", fixture("jira", "worklog_created"), channel()).success();
        assertThat(newestId()).isEqualTo(before);
        postJson("jira", "{\"timestamp\": 1772456400345}", channel())
                .error(400, "ANOMALOUS_WEBHOOK_PAYLOAD", "Unable to parse request: Did Jira generate this event?");
        postJson("jira", "{\"webhookEvent\": \"jira:version_created\"}", channel())
                .error(200, "UNSUPPORTED_WEBHOOK_EVENT_TYPE", "The 'jira:version_created' event isn't currently supported by the Jira webhook; ignoring");
        assertThat(newestId()).isEqualTo(before);
    }

    private static final String BITBUCKET = "ZulipBitbucket2Webhook";
    private static final String PR_12 = "[PR #12](https://bitbucket.org/acme/api/pull-requests/12)";

    @Test
    void bitbucketPushWithTwoCommitters() {
        postJson("bitbucket2", fixture("bitbucket2", "push"), channel(), "X-Event-Key", "repo:push").success();
        assertPosted("api / main", """
                Ada Lovelace [pushed](https://bitbucket.org/acme/api/branches/compare/3a1f0c2e9b8d7a6f5e4d3c2b1a0f9e8d7c6b5a49..\
                0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6) 2 commits to branch main. Commits by Ada Lovelace (1) and Grace (1).

                * Retry the mail outbox with backoff ([3a1f0c2e9b8](https://bitbucket.org/acme/api/commits/3a1f0c2e9b8d7a6f5e4d3c2b1a0f9e8d7c6b5a49))
                * Document the retry policy ([b5a49382716](https://bitbucket.org/acme/api/commits/b5a4938271605f4e3d2c1b0a9988776655443322))""",
                BITBUCKET);
    }

    @Test
    void bitbucketPushOfATagAndADeletedBranchIsOneMessageEach() {
        postJson("bitbucket2", fixture("bitbucket2", "push__tag_and_removed_branch"), channel(), "X-Event-Key", "repo:push").success();
        JsonNode two = member.get("/messages", "anchor", "newest", "num_before", 2, "num_after", 0, "narrow", List.of(),
                "apply_markdown", false).success().get("messages");
        assertThat(two.get(0).get("subject").asText()).isEqualTo("api");
        assertThat(two.get(0).get("content").asText()).isEqualTo("Ada Lovelace pushed tag [v1.2.0](https://bitbucket.org/acme/api/commits/tag/v1.2.0).");
        assertPosted("api / feature/x", "Ada Lovelace deleted branch feature/x.", BITBUCKET);
    }

    @Test
    void bitbucketPushToABranchNotListedPostsNothing() {
        long before = newestId();
        postJson("bitbucket2", fixture("bitbucket2", "push"), with("branches", "release"), "X-Event-Key", "repo:push").success();
        assertThat(newestId()).isEqualTo(before);
    }

    @Test
    void bitbucketPullRequestCreated() {
        postJson("bitbucket2", fixture("bitbucket2", "pullrequest__created"), channel(), "X-Event-Key", "pullrequest:created").success();
        assertPosted("api / PR #12 Retry the outbox", "Ada Lovelace created " + PR_12
                + " from `retries` to `main` (assigned to Grace Hopper):\n\n~~~ quote\nAdds retries with backoff.\n~~~", BITBUCKET);
    }

    @Test
    void bitbucketPullRequestMerged() {
        postJson("bitbucket2", fixture("bitbucket2", "pullrequest__fulfilled"), channel(), "X-Event-Key", "pullrequest:fulfilled").success();
        assertPosted("api / PR #12 Retry the outbox", "Grace Hopper merged " + PR_12 + " from `retries` to `main`.", BITBUCKET);
    }

    @Test
    void bitbucketPullRequestComment() {
        postJson("bitbucket2", fixture("bitbucket2", "pullrequest__comment_created"), channel(), "X-Event-Key", "pullrequest:comment_created").success();
        assertPosted("api / PR #12 Retry the outbox", "Grace Hopper [commented](https://bitbucket.org/acme/api/pull-requests/12/_/diff#comment-4412) on "
                + PR_12 + ":\n\n~~~ quote\nLooks good, one nit on the backoff cap.\n~~~", BITBUCKET);
    }

    @Test
    void bitbucketIssueCreated() {
        postJson("bitbucket2", fixture("bitbucket2", "issue__created"), channel(), "X-Event-Key", "issue:created").success();
        assertPosted("api / issue #7 Crash on empty config", "Ada Lovelace created [issue #7](https://bitbucket.org/acme/api/issues/7)"
                + " (assigned to Grace Hopper):\n\n~~~ quote\nStart with an empty stoa.toml: it crashes.\n~~~", BITBUCKET);
    }

    @Test
    void bitbucketIssueCommentedInTheUrlsTopicNamesTheTitle() {
        postJson("bitbucket2", fixture("bitbucket2", "issue__comment_created"), with("topic", "bugs"), "X-Event-Key", "issue:comment_created").success();
        assertPosted("bugs", "Grace Hopper [commented](https://bitbucket.org/acme/api/issues/7#comment-66120300) on "
                + "[issue #7 Crash on empty config](https://bitbucket.org/acme/api/issues/7).", BITBUCKET);
    }

    @Test
    void bitbucketUnsupportedPullRequestEvent() {
        postJson("bitbucket2", fixture("bitbucket2", "pullrequest__created"), channel(), "X-Event-Key", "pullrequest:changes_request_created")
                .error(200, "UNSUPPORTED_WEBHOOK_EVENT_TYPE",
                        "The 'pullrequest:changes_request_created' event isn't currently supported by the Bitbucket2 webhook; ignoring");
    }
}
