package dev.stoa.integrations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Zulip's zerver/lib/webhooks/git.py: the topic and message templates every git host's integration
 * shares (GitHub, GitLab, Gitea, Bitbucket), so their messages read alike.
 */
public final class GitMessages {
    private GitMessages() {}

    public static final int COMMITS_LIMIT = 20;
    static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

    public record Commit(String name, String sha, String url, String message) {}

    /** "{repo} / {branch}". */
    public static String branchTopic(String repo, String branch) { return repo + " / " + branch; }

    /** "{repo} / {type} #{id} {title}". */
    public static String prOrIssueTopic(String repo, String type, long id, String title) {
        return repo + " / " + type + " #" + id + " " + title;
    }

    public static String shortSha(String sha) { return sha.length() > 11 ? sha.substring(0, 11) : sha; }

    static String quote(String message) { return "\n~~~ quote\n" + message + "\n~~~"; }

    public static String pushCommits(String user, String compareUrl, String branch, List<Commit> commits, boolean deleted, boolean force) {
        return pushCommits(user, compareUrl, branch, commits, deleted, force, false);
    }

    /** {@code truncated}: the provider sent only some of the commits (Zulip's is_truncated: "[and more commit(s)]"). */
    public static String pushCommits(String user, String compareUrl, String branch, List<Commit> commits, boolean deleted, boolean force,
                                     boolean truncated) {
        if (commits.isEmpty() && deleted) return user + " [deleted](" + compareUrl + ") the branch " + branch + ".";
        String pushType = force ? "force pushed" : "pushed";
        if (commits.isEmpty()) {
            return compareUrl != null ? user + " [" + pushType + "](" + compareUrl + ") the branch " + branch + "."
                    : user + " " + pushType + " the branch " + branch + ".";
        }
        String count = commits.size() + " commit" + (commits.size() > 1 ? "s" : "");
        String pushed = compareUrl != null ? "[" + pushType + "](" + compareUrl + ") " + count : pushType + " " + count;
        String base = user + " " + pushed + " to branch " + branch + ".";
        List<Map.Entry<String, Integer>> committers = committers(commits);
        if (committers.size() == 1 && committers.get(0).getKey().equals(user)) {
            return (base + "\n\n" + commitsContent(commits, truncated)).stripTrailing();
        }
        StringBuilder details = new StringBuilder(committers.get(0).getKey() + " (" + committers.get(0).getValue() + ")");
        for (int i = 1; i < committers.size() - 1; i++) {
            details.append(", ").append(committers.get(i).getKey()).append(" (").append(committers.get(i).getValue()).append(")");
        }
        if (committers.size() > 1) {
            var last = committers.get(committers.size() - 1);
            details.append(" and ").append(last.getKey()).append(" (").append(last.getValue()).append(")");
        }
        return (base + " Commits by " + details + ".\n\n" + commitsContent(commits, truncated)).stripTrailing();
    }

    static String commitsContent(List<Commit> commits, boolean truncated) {
        StringBuilder sb = new StringBuilder();
        for (Commit c : commits.subList(0, Math.min(COMMITS_LIMIT, commits.size()))) {
            String firstLine = c.message().contains("\n") ? c.message().substring(0, c.message().indexOf('\n')) : c.message();
            sb.append("* ").append(firstLine).append(" ([").append(shortSha(c.sha())).append("](").append(c.url()).append("))\n");
        }
        if (commits.size() > COMMITS_LIMIT) sb.append("[and ").append(commits.size() - COMMITS_LIMIT).append(" more commit(s)]");
        else if (truncated) sb.append("[and more commit(s)]");
        return sb.toString().stripTrailing();
    }

    /** By commit count, ties alphabetically; beyond three, the rest as "others". */
    static List<Map.Entry<String, Integer>> committers(List<Commit> commits) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Commit c : commits) counts.merge(c.name(), 1, Integer::sum);
        List<Map.Entry<String, Integer>> items = new ArrayList<>(counts.entrySet());
        items.sort((a, b) -> a.getValue().equals(b.getValue()) ? a.getKey().compareTo(b.getKey()) : b.getValue() - a.getValue());
        if (items.size() > 3) {
            int others = 0;
            for (var e : items.subList(3, items.size())) others += e.getValue();
            items = new ArrayList<>(items.subList(0, 3));
            items.add(Map.entry("others", others));
        }
        return items;
    }

    /** The arguments of Zulip's get_pull_request_event_message (keyword arguments; unset ones null), set fluently. */
    public static final class PrEvent {
        final String user, action, url;
        Long number;
        String targetBranch, baseBranch, message, assignee, assigneeUpdated, reviewer, title;
        List<String> assignees;
        String type = "PR";

        private PrEvent(String user, String action, String url) {
            this.user = user;
            this.action = action;
            this.url = url;
        }

        public static PrEvent of(String user, String action, String url) { return new PrEvent(user, action, url); }
        public PrEvent number(long n) { number = n; return this; }
        public PrEvent branches(String target, String base) { targetBranch = target; baseBranch = base; return this; }
        public PrEvent message(String m) { message = m; return this; }
        public PrEvent assignee(String a) { assignee = a; return this; }
        public PrEvent assignees(List<String> a) { assignees = a; return this; }
        /** Who was assigned or unassigned: "{user} assigned {who} to [PR #1](...)". */
        public PrEvent assigneeUpdated(String a) { assigneeUpdated = a; return this; }
        public PrEvent reviewer(String r) { reviewer = r; return this; }
        public PrEvent type(String t) { type = t; return this; }
        public PrEvent title(String t) { title = t; return this; }
    }

    private static boolean present(String s) { return s != null && !s.isEmpty(); }

    public static String pullRequest(PrEvent e) {
        String action = switch (e.action) {
            case "approval" -> "added their approval for";
            case "unapproval" -> "removed their approval for";
            default -> e.action;
        };
        String who = switch (e.action) {
            case "assigned" -> " " + e.assigneeUpdated + " to";
            case "unassigned" -> " " + e.assigneeUpdated + " from";
            default -> "";
        };
        String main = e.user + " " + action + who + " [" + e.type + (e.number != null ? " #" + e.number : "")
                + (e.title != null ? " " + e.title : "") + "](" + e.url + ")";
        boolean branches = present(e.targetBranch) && present(e.baseBranch);
        if (branches) main += " from `" + e.targetBranch + "` to `" + e.baseBranch + "`";
        boolean hasAssignees = e.assignees != null && !e.assignees.isEmpty();
        if (hasAssignees) main += " (assigned to " + names(e.assignees) + ")";
        else if (present(e.assignee)) main += " (assigned to " + e.assignee + ")";
        else if (present(e.reviewer)) main += " (assigned reviewers: " + e.reviewer + ")";
        String punctuation = present(e.message) ? ":" : ".";
        if (hasAssignees || present(e.assignee) || branches || e.title == null
                || e.title.isEmpty() || PUNCTUATION.indexOf(e.title.charAt(e.title.length() - 1)) < 0) {
            main += punctuation;
        }
        if (present(e.message)) main += "\n" + quote(e.message);
        return main.stripTrailing();
    }

    static String names(List<String> names) {
        if (names.size() == 1) return names.get(0);
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    public static String issue(PrEvent e) { return pullRequest(e.type("issue")); }

    public static String pushTag(String user, String tag, String tagUrl, String action) {
        String part = tagUrl != null && !tagUrl.isEmpty() ? "[" + tag + "](" + tagUrl + ")" : tag;
        String message = user + " " + action + " tag " + part;
        return PUNCTUATION.indexOf(tag.charAt(tag.length() - 1)) < 0 ? message + "." : message;
    }

    public static String commitComment(String user, String action, String commitUrl, String sha, String message) {
        String content = user + " " + action + " on [" + shortSha(sha) + "](" + commitUrl + ")";
        boolean has = message != null && !message.isEmpty();
        return content + (has ? ":" + quote(message) : ".");
    }

    public static String release(String user, String action, String tag, String releaseName, String url) {
        return user + " " + action + " release [" + releaseName + "](" + url + ") for tag " + tag + ".";
    }

    /** Zulip's get_force_push_commits_event_message. */
    public static String forcePush(String user, String url, String branch, String head) {
        return user + " [force pushed](" + url + ") to branch " + branch + ". Head is now " + head + ".";
    }

    /** Zulip's get_remove_branch_event_message. */
    public static String removeBranch(String user, String branch) { return user + " deleted branch " + branch + "."; }

    public static String setup(String integration, String user) {
        return integration + " webhook has been successfully configured" + (user != null && !user.isEmpty() ? " by " + user : "") + ".";
    }

    /** Zulip's is_branch_name_notifiable: the `branches` URL option, a comma-separated list (given but empty: none). */
    public static boolean branchNotifiable(String branch, String branches) {
        if (branches == null) return true;
        for (String b : branches.split(",")) if (b.strip().equals(branch)) return true;
        return false;
    }
}
