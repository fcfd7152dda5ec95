package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jira (Zulip's zerver/webhooks/jira): issue created, updated (the changelog's changes, a transition, or a
 * comment added, edited or deleted through the issue), deleted, and the comment_* events; topic
 * "{key}: {summary}", texts as Zulip's; worklog, attachment, link and sprint events accepted and ignored.
 * Two differences, written down in README: an assignee is named by the email Jira sends (Zulip names the
 * organization's user with that email), and account mentions in comments stay "unknown Jira user"
 * (Zulip asks Jira's REST API when the URL carries a Jira API token; Stoa makes no such call).
 */
final class JiraIntegration implements Integration {
    private static final List<String> EVENTS = List.of("jira:issue_created", "jira:issue_deleted", "jira:issue_updated",
            "comment_created", "comment_updated", "comment_deleted");
    private static final Set<String> IGNORED = Set.of("attachment_created", "issuelink_created", "issuelink_deleted",
            "jira:version_released", "jira:worklog_updated", "sprint_closed", "sprint_started", "worklog_created", "worklog_updated");
    private static final Pattern ISSUE_BASE = Pattern.compile("(.*)/rest/api/.*");

    @Override public String name() { return "jira"; }
    @Override public String displayName() { return "Jira"; }
    @Override public List<String> allEventTypes() { return EVENTS; }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload p = request.json();
        String event = p.opt("webhookEvent").strOrNull();
        if (event == null && p.opt("transition").truthy()) event = "jira:issue_updated";
        if (event != null && IGNORED.contains(event)) return Integration.nothing();
        if (event == null) throw request.anomalous();
        String body = switch (event) {
            case "jira:issue_created" -> author(p) + " created " + issue(p, null, true) + ":\n\n* **Priority**: "
                    + in(p, "", "issue", "fields", "priority", "name") + "\n* **Assignee**: " + in(p, "no one", "issue", "fields", "assignee", "displayName");
            case "jira:issue_deleted" -> {
                String title = title(p);
                yield author(p) + " deleted " + issue(p, null, true) + (GitMessages.PUNCTUATION.indexOf(title.charAt(title.length() - 1)) < 0 ? "." : "");
            }
            case "jira:issue_updated" -> updated(p);
            case "comment_created" -> commentEvent(p, "commented on", "");
            case "comment_updated" -> commentEvent(p, "updated their comment on", "");
            case "comment_deleted" -> commentEvent(p, "deleted their comment on", "~~");
            default -> throw request.unsupported(event);
        };
        return Integration.post(id(p) + ": " + title(p), body, event);
    }

    /** Zulip's get_in: the string at the path, or the default when any step is missing or not an object. */
    private static String in(Payload p, String def, String... keys) {
        JsonNode n = p.node();
        for (String k : keys) {
            n = n != null && n.isObject() ? n.get(k) : null;
            if (n == null || n.isNull()) return def;
        }
        return n.isTextual() ? n.textValue() : def;
    }

    private static String author(Payload p) { return in(p, "", "user", "displayName"); }

    /** Some old Jira versions send comment events without the issue: its internal id from the comment's URL. */
    private static String id(Payload p) {
        if (!p.has("issue")) {
            String[] parts = p.get("comment").get("self").str().split("/");
            return parts[parts.length - 3];
        }
        return in(p, "", "issue", "key");
    }

    private static String title(Payload p) {
        return p.has("issue") ? in(p, "", "issue", "fields", "summary") : "Upgrade Jira to get the issue title here.";
    }

    /** "[KEY: title](https://site/browse/KEY)": the page guessed from the issue's REST URL, as Zulip does. */
    private static String issue(Payload p, String id, boolean withTitle) {
        if (id == null) id = id(p);
        String text = withTitle ? id + ": " + title(p) : id;
        Matcher base = ISSUE_BASE.matcher(in(p, "", "issue", "self"));
        return base.lookingAt() ? "[" + text + "](" + base.group(1) + "/browse/" + id + ")" : text;
    }

    private static String commentEvent(Payload p, String verb, String strike) {
        return p.get("comment").get("author").get("displayName").str() + " " + verb + " " + issue(p, null, true)
                + "\n``` quote\n" + strike + JiraMarkup.toMarkdown(p) + strike + "\n```";
    }

    private static String updated(Payload p) {
        String issue = issue(p, in(p, "", "issue", "key"), true);
        String email = in(p, "", "issue", "fields", "assignee", "emailAddress");
        String mention = email.isEmpty() ? "" : "**" + email + "**";
        String blurb = mention.isEmpty() ? "" : " (assigned to " + mention + ")";
        String sub = in(p, "", "issue_event_type_name");
        if (sub.isEmpty()) sub = p.opt("comment").truthy() ? "issue_commented" : p.opt("transition").truthy() ? "issue_transited" : sub;
        if (sub.contains("comment")) {
            String verb = switch (sub) {
                case "issue_commented" -> "commented on";
                case "issue_comment_edited" -> "edited a comment on";
                default -> "deleted a comment from";
            };
            String head = author(p) + " " + verb + " " + issue + blurb;
            String comment = in(p, "", "comment", "body");
            return comment.isEmpty() ? head + "." : head + ":\n\n``` quote\n" + JiraMarkup.toMarkdown(p) + "\n```";
        }
        StringBuilder content = new StringBuilder(author(p) + " updated " + issue + blurb + ":\n\n");
        if (p.opt("changelog").truthy()) {
            for (Payload item : p.get("changelog").opt("items").list()) {
                String field = item.opt("field").strOrNull();
                String to = field != null && field.equals("assignee") && !mention.isEmpty() ? mention : "**" + none(item.opt("toString").strOrNull()) + "**";
                change(content, field, item.opt("fromString").strOrNull(), to);
            }
        } else if (sub.equals("issue_transited")) {
            change(content, "status", in(p, "", "transition", "from_status"), "**" + in(p, "", "transition", "to_status") + "**");
        }
        return content.toString();
    }

    private static String none(String s) { return s == null ? "None" : s; }

    /** Zulip's add_change_info: "* Changed {field} from **{from}** to {to}". */
    private static void change(StringBuilder content, String field, String from, String to) {
        content.append("* Changed ").append(none(field));
        if (from != null && !from.isEmpty()) content.append(" from **").append(from).append("**");
        content.append(" to ").append(to).append('\n');
    }
}
