package dev.stoa.integrations;

import dev.stoa.integrations.GitMessages.PrEvent;

/** The bodies of Bitbucket's non-push events, as Zulip's bitbucket2 view words them. */
final class BitbucketBodies {
    private BitbucketBodies() {}

    /** Since GDPR Bitbucket sends a display name or a nickname, no username (Zulip's get_user_info). */
    static String user(Payload u) {
        if (u.has("display_name")) return u.get("display_name").str();
        if (u.has("nickname")) return u.get("nickname").str();
        return "Unknown user";
    }

    static String pullRequest(String type, Payload p, boolean includeTitle) {
        Payload pr = p.get("pullrequest");
        String actor = user(p.get("actor"));
        String url = pr.get("links").get("html").get("href").str();
        PrEvent e;
        String title = includeTitle ? pr.get("title").str() : null;
        return switch (type) {
            case "pull_request_created", "pull_request_updated" -> {
                String action = type.equals("pull_request_created") ? "created" : "updated";
                e = PrEvent.of(actor, action, url).number(pr.get("id").integer()).message(pr.get("description").str()).title(title);
                if (action.equals("created")) e = e.branches(pr.get("source").get("branch").get("name").str(), pr.get("destination").get("branch").get("name").str());
                if (pr.opt("reviewers").truthy()) e = e.assignee(user(pr.get("reviewers").list().getFirst()));
                yield GitMessages.pullRequest(e);
            }
            case "pull_request_approved", "pull_request_unapproved", "pull_request_fulfilled", "pull_request_rejected" -> {
                String action = switch (type) {
                    case "pull_request_approved" -> "approved";
                    case "pull_request_unapproved" -> "unapproved";
                    case "pull_request_fulfilled" -> "merged";
                    default -> "rejected";
                };
                e = PrEvent.of(actor, action, url).number(pr.get("id").integer()).title(title);
                if (action.equals("merged")) e = e.branches(pr.get("source").get("branch").get("name").str(), pr.get("destination").get("branch").get("name").str());
                yield GitMessages.pullRequest(e);
            }
            default -> {
                String link = p.get("comment").get("links").get("html").get("href").str();
                String action = type.equals("pull_request_comment_created") ? "[commented](" + link + ")"
                        : (type.equals("pull_request_comment_updated") ? "updated" : "deleted") + " a [comment](" + link + ")";
                yield GitMessages.pullRequest(PrEvent.of(actor, action + " on", url).number(pr.get("id").integer())
                        .message(p.get("comment").get("content").get("raw").str()).title(title));
            }
        };
    }

    static String issue(String action, Payload p, boolean includeTitle) {
        Payload issue = p.get("issue");
        PrEvent e = PrEvent.of(user(p.get("actor")), action, issue.get("links").get("html").get("href").str())
                .number(issue.get("id").integer()).title(includeTitle ? issue.get("title").str() : null);
        if (action.equals("created")) {
            if (issue.opt("assignee").truthy()) e = e.assignee(user(issue.get("assignee")));
            e = e.message(issue.get("content").get("raw").str());
        }
        return GitMessages.issue(e);
    }

    /** fork, commit_comment, change_commit_status, repo:updated: topic the repository's name. */
    static String repository(String type, Payload p) {
        String actor = user(p.get("actor"));
        return switch (type) {
            case "fork" -> actor + " forked the repository into [" + p.get("fork").get("full_name").str() + "]("
                    + p.get("fork").get("links").get("html").get("href").str() + ").";
            case "commit_comment" -> {
                Payload c = p.get("comment");
                yield GitMessages.commitComment(actor, "[commented](" + c.get("links").get("html").get("href").str() + ")",
                        c.get("commit").get("links").get("html").get("href").str(), c.get("commit").get("hash").str(), c.get("content").get("raw").str());
            }
            case "change_commit_status" -> {
                Payload s = p.get("commit_status");
                String[] api = s.get("links").get("commit").get("href").str().split("/");
                String id = api[api.length - 1];
                yield "[System " + s.get("key").str() + "](" + s.get("url").str() + ") changed status of [" + GitMessages.shortSha(id) + "]("
                        + p.get("repository").get("links").get("html").get("href").str() + "/commits/" + id + ") to " + s.get("state").str() + ".";
            }
            default -> repoUpdated(p, actor);
        };
    }

    /** Python's str() of the value: strings as they are (Bitbucket sends strings here; other values as JSON). */
    private static String text(Payload v) { return v.node().isTextual() ? v.node().textValue() : v.node().toString(); }

    private static String repoUpdated(Payload p, String actor) {
        StringBuilder body = new StringBuilder();
        String repo = p.get("repository").get("name").str();
        for (String change : new String[] {"website", "name", "links", "language", "full_name", "description"}) {
            Payload c = p.get("changes").get(change);
            Payload neu = c.get("new"), old = c.get("old");
            if (!neu.truthy()) continue;
            String value = text(neu);
            String what = change.equals("full_name") ? "full name" : change;
            String message = actor + " changed the " + what + " of the **" + repo + "** repo "
                    + (old.truthy() ? "from **" + text(old) + "** " : "") + "to **" + value + "**";
            if (GitMessages.PUNCTUATION.indexOf(value.charAt(value.length() - 1)) < 0) message += ".";
            body.append(message).append('\n');
        }
        return body.toString();
    }
}
