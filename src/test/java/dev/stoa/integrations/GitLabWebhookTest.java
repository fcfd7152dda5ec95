package dev.stoa.integrations;

import org.junit.jupiter.api.Test;

/** GitLab payloads (from GitLab's documented webhook events) posted to /external/gitlab; messages asserted in full. */
class GitLabWebhookTest extends WebhookTestBase {
    private static final String MR_TOPIC = "Diaspora / MR #1 MS-Viewport";

    private void post(String fixture, String event) {
        postJson("gitlab", fixture("gitlab", fixture), channel(), "X-GitLab-Event", event).success();
    }

    @Test
    void push() {
        post("push_hook", "Push Hook");
        assertPosted("Diaspora / master", """
                John Smith [pushed](https://gitlab.example.com/mike/diaspora/-/compare/95790bf891e76fee5e1747ab589903a6a1f80f22...\
                da1560886d4f094c3e6c9ef40349f7d38b5d27d7) 2 commits to branch master. Commits by GitLab dev user (1) and Jordi Mallach (1).

                * Update Catalan translation to e38cb41. ([b6568db1bc1](https://gitlab.example.com/mike/diaspora/-/commit/b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327))
                * fixed readme ([da1560886d4](https://gitlab.example.com/mike/diaspora/-/commit/da1560886d4f094c3e6c9ef40349f7d38b5d27d7))""",
                "ZulipGitLabWebhook");
    }

    @Test
    void mergeRequestOpened() {
        post("merge_request_hook__opened", "Merge Request Hook");
        assertPosted(MR_TOPIC, """
                Administrator created [MR #1](https://gitlab.example.com/mike/diaspora/-/merge_requests/1) from `ms-viewport` to `master` (assigned to User1):

                ~~~ quote
                Adds a viewport meta tag.
                ~~~""", "ZulipGitLabWebhook");
    }

    @Test
    void commentOnAMergeRequest() {
        post("note_hook__merge_request", "Note Hook");
        assertPosted(MR_TOPIC, """
                Administrator [commented](https://gitlab.example.com/mike/diaspora/-/merge_requests/1#note_1244) on \
                [MR #1](https://gitlab.example.com/mike/diaspora/-/merge_requests/1):

                ~~~ quote
                This MR needs work.
                ~~~""", "ZulipGitLabWebhook");
    }

    @Test
    void issueOpenedWithoutItsHiddenComment() {
        post("issue_hook__opened", "Issue Hook");
        assertPosted("Diaspora / issue #23 New API: create/update/delete file", """
                Administrator created [issue #23](https://gitlab.example.com/mike/diaspora/-/issues/23) (assigned to User1 and User2):

                ~~~ quote
                Create new API for manipulations with repository
                ~~~""", "ZulipGitLabWebhook");
    }

    @Test
    void pipelineWithItsJobsAndArtifacts() {
        post("pipeline_hook", "Pipeline Hook");
        assertPosted("Diaspora / master", """
                [Pipeline (31)](https://gitlab.example.com/mike/diaspora/-/pipelines/31) changed status to failed with build(s):
                * [build-image](https://gitlab.example.com/mike/diaspora/-/jobs/380) - success
                  * built artifact: *image.tar* [[Browse](https://gitlab.example.com/mike/diaspora/-/jobs/380/artifacts/browse)|\
                [Download](https://gitlab.example.com/mike/diaspora/-/jobs/380/artifacts/download)]
                * [test](https://gitlab.example.com/mike/diaspora/-/jobs/381) - failed.""", "ZulipGitLabWebhook");
    }

    @Test
    void releaseUnderAGivenTopicLinksTheProject() {
        postJson("gitlab", fixture("gitlab", "release_hook"), with("topic", "releases"), "X-GitLab-Event", "Release Hook").success();
        assertPosted("releases", """
                [[Diaspora](https://gitlab.example.com/mike/diaspora)] Release [Awesome release](https://gitlab.example.com/mike/diaspora/-/releases/v1.1) \
                for tag v1.1 was created.
                ~~~ quote
                v1.1 has been released
                ~~~""", "ZulipGitLabWebhook");
    }

    @Test
    void unsupportedEvent() {
        postJson("gitlab", "{\"object_kind\": \"emoji\"}", channel(), "X-GitLab-Event", "Emoji Hook")
                .error(200, "UNSUPPORTED_WEBHOOK_EVENT_TYPE", "The 'Emoji Hook' event isn't currently supported by the GitLab webhook; ignoring");
    }
}
