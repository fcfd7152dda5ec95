package dev.stoa.integrations;

import dev.stoa.http.CommonErrors;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Slack's Block Kit blocks and legacy attachments, rendered as Zulip's slack_incoming view renders them. */
final class SlackBlocks {
    private SlackBlocks() {}

    /** Zulip joins pieces with a blank line, each stripped, the empty ones dropped. */
    static String join(List<String> pieces) {
        List<String> kept = new ArrayList<>();
        for (String p : pieces) if (!p.strip().isEmpty()) kept.add(p.strip());
        return String.join("\n\n", kept);
    }

    static String block(Payload block) {
        String type = oneOf(block.get("type"), SlackIncomingIntegration.BLOCK_TYPES);
        return switch (type) {
            case "context" -> block.opt("elements").truthy() ? context(block) : "";
            case "divider" -> "----";
            case "header" -> "## " + text(block.get("text"), true);
            case "image" -> {
                String alt = block.get("alt_text").str();
                if (block.has("title")) alt = text(block.get("title"), true);
                yield "[" + alt + "](" + url(block.get("image_url")) + ")";
            }
            case "section" -> section(block);
            default -> ""; // actions and input: interactive, nothing to show
        };
    }

    private static String context(Payload block) {
        List<String> pieces = new ArrayList<>();
        for (Payload e : block.get("elements")) {
            String t = oneOf(e.get("type"), Set.of("image", "plain_text", "mrkdwn"));
            pieces.add(t.equals("image") ? element(e) : text(e, false));
        }
        return join(pieces);
    }

    private static String section(Payload block) {
        List<String> pieces = new ArrayList<>();
        if (block.has("text")) pieces.add(text(block.get("text"), false));
        if (block.has("accessory")) pieces.add(element(block.get("accessory")));
        if (block.has("fields")) {
            List<String> fields = new ArrayList<>();
            for (Payload f : block.get("fields")) fields.add(text(f, false));
            if (fields.size() == 1) {
                pieces.add(fields.get(0));
            } else {
                // Slack shows fields in two columns; a table cannot hold newlines or pipes.
                StringBuilder table = new StringBuilder("| | |\n|-|-|\n");
                for (int i = 0; i < fields.size(); i += 2) {
                    String left = cell(fields.get(i)), right = i + 1 < fields.size() ? cell(fields.get(i + 1)) : "";
                    table.append("| ").append(left).append(" | ").append(right).append(" |\n");
                }
                pieces.add(table.toString());
            }
        }
        return join(pieces);
    }

    private static String cell(String s) { return s.replace("\n", " ").replace("|", " "); }

    /** Only images are shown; interactive elements are not. */
    private static String element(Payload e) {
        if (!e.get("type").str().equals("image")) return "";
        return "[" + e.get("alt_text").str() + "](" + url(e.get("image_url")) + ")";
    }

    static String attachment(Payload a) {
        List<String> pieces = new ArrayList<>();
        if (a.opt("title").truthy()) {
            String title = a.get("title").str();
            pieces.add(a.opt("title_link").truthy() ? "## [" + title + "](" + url(a.get("title_link")) + ")" : "## " + title);
        }
        if (a.opt("pretext").truthy()) pieces.add(a.get("pretext").str());
        if (a.opt("text").truthy()) pieces.add(a.get("text").str());
        if (a.has("fields")) pieces.add(fields(a.get("fields")));
        if (a.opt("blocks").truthy()) for (Payload b : a.get("blocks")) pieces.add(block(b));
        if (a.opt("image_url").truthy()) pieces.add("[](" + url(a.get("image_url")) + ")");
        if (a.opt("footer").truthy()) pieces.add(a.get("footer").str());
        if (a.opt("ts").truthy()) pieces.add("<time:" + a.get("ts").integer() + ">");
        return join(pieces);
    }

    private static String fields(Payload list) {
        List<String> out = new ArrayList<>();
        for (Payload f : list) {
            boolean title = f.opt("title").truthy(), value = f.opt("value").truthy();
            if (title && value) out.add("*" + f.get("title").str() + "*: " + f.get("value").str());
            else if (title) out.add("*" + f.get("title").str() + "*");
            else if (value) out.add(f.get("value").str());
        }
        return String.join("\n", out);
    }

    /** A text object: {"type": "plain_text"|"mrkdwn", "text": ...}. */
    private static String text(Payload t, boolean plainOnly) {
        oneOf(t.get("type"), plainOnly ? Set.of("plain_text") : Set.of("plain_text", "mrkdwn"));
        return t.get("text").str();
    }

    private static String oneOf(Payload p, Set<String> allowed) {
        String v = p.str();
        if (!allowed.contains(v)) throw CommonErrors.invalid(pathOf(p));
        return v;
    }

    private static String url(Payload p) {
        String v = p.str();
        try {
            var u = new URI(v);
            if (u.getScheme() == null || u.getHost() == null) throw new URISyntaxException(v, "no host");
        } catch (URISyntaxException e) {
            throw CommonErrors.notAUrl(pathOf(p));
        }
        return v;
    }

    private static String pathOf(Payload p) { return p.path(); }
}
