package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Zulip's convert_jira_markup: Jira's wiki markup in a comment, turned into Zulip's Markdown the way Zulip does it. */
final class JiraMarkup {
    private JiraMarkup() {}

    private static final Pattern BOLD = Pattern.compile("\\*([^*]+)\\*");
    private static final Pattern MONO = Pattern.compile("\\{\\{([^*]+?)}}");
    private static final Pattern BQ = Pattern.compile("bq\\. (.*)");
    private static final Pattern QUOTE = Pattern.compile("\\{quote}(.*?)\\{quote}", Pattern.DOTALL);
    private static final Pattern NOFORMAT = Pattern.compile("\\{noformat}(.*?)\\{noformat}", Pattern.DOTALL);
    private static final Pattern CODE = Pattern.compile("\\{code[^\\n]*}(.*?)\\{code}", Pattern.DOTALL);
    private static final Pattern BARE_LINK = Pattern.compile("\\[([^|~]+?)]");
    private static final Pattern TITLED_LINK = Pattern.compile("\\[(?:([^|~]+)\\|)([^]]*)]");
    private static final Pattern ACCOUNT = Pattern.compile("\\[~accountid:([\\w\\-:]+)]", Pattern.UNICODE_CHARACTER_CLASS);
    private static final int MAX_LENGTH = 15;

    static String toMarkdown(Payload p) {
        JsonNode body = p.node().path("comment").path("body");
        String content = body.isTextual() ? body.textValue() : "";
        content = BOLD.matcher(content).replaceAll("**$1**");
        content = MONO.matcher(content).replaceAll("`$1`");
        content = BQ.matcher(content).replaceAll("> $1");
        content = QUOTE.matcher(content).replaceAll("~~~ quote\n$1\n~~~");
        content = NOFORMAT.matcher(content).replaceAll("~~~\n$1\n~~~");
        content = CODE.matcher(content).replaceAll("~~~\n$1\n~~~");
        content = BARE_LINK.matcher(content).replaceAll("[$1]($1)");
        content = TITLED_LINK.matcher(content).replaceAll("[$1]($2)");
        JsonNode authorUrl = p.node().path("comment").path("author").path("self");
        if (authorUrl.isTextual() && !authorUrl.textValue().isEmpty()) {
            // Zulip without a Jira API token in the URL names the account by the start of its id; Stoa never calls Jira.
            content = ACCOUNT.matcher(content).replaceAll(m -> Matcher.quoteReplacement(
                    "**unknown Jira user (" + m.group(1).substring(0, Math.min(m.group(1).length(), MAX_LENGTH - 3)) + "...)**"));
        }
        return content.replace("\\!", "!");
    }
}
