package dev.stoa.push;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message's text for a phone notification, Zulip's get_mobile_push_content and truncate_content
 * (zerver/lib/push_notifications.py): the rendered HTML reduced to its text, Unicode emoji as
 * characters, other images as their alt text, quotes as "> " lines, ordered lists numbered, a
 * spoiler's body hidden as "(…)"; then at most 200 characters and "…".
 */
final class PushContent {
    static final int MAX = 200;
    private static final Pattern TAG = Pattern.compile("<(/?)([a-zA-Z0-9]+)([^>]*?)(/?)>|<!--.*?-->", Pattern.DOTALL);
    private static final Pattern ATTR = Pattern.compile("([a-zA-Z_:-]+)\\s*=\\s*(\"([^\"]*)\"|'([^']*)')");
    private static final Pattern EMOJI_CODE = Pattern.compile("emoji-(\\S+)");
    private static final Set<String> VOID = Set.of("br", "img", "hr", "input", "meta", "link", "source", "wbr");

    private PushContent() {}

    /** The notification's content and whether it was truncated. */
    record Text(String content, boolean truncated) {}

    static Text of(String html) {
        String text = process(parse(html));
        if (text.codePointCount(0, text.length()) <= MAX) return new Text(text, false);
        return new Text(text.substring(0, text.offsetByCodePoints(0, MAX)) + "…", true);
    }

    /** An element of the fragment: its tag, attributes, children and the text that follows it (lxml's tail). */
    private static final class Node {
        final String tag;
        final Map<String, String> attrs = new HashMap<>();
        final List<Node> children = new ArrayList<>();
        final StringBuilder text = new StringBuilder(), tail = new StringBuilder();

        Node(String tag) { this.tag = tag; }

        String cls() { return attrs.getOrDefault("class", ""); }
    }

    private static Node parse(String html) {
        Node root = new Node("div");
        List<Node> stack = new ArrayList<>(List.of(root));
        Matcher m = TAG.matcher(html);
        int at = 0;
        while (m.find()) {
            appendText(stack, html.substring(at, m.start()));
            at = m.end();
            if (m.group(2) == null) continue; // a comment
            String tag = m.group(2).toLowerCase(Locale.ROOT);
            if (!m.group(1).isEmpty()) {
                for (int i = stack.size() - 1; i > 0; i--) {
                    if (stack.get(i).tag.equals(tag)) {
                        while (stack.size() > i) stack.removeLast();
                        break;
                    }
                }
                continue;
            }
            Node n = new Node(tag);
            Matcher a = ATTR.matcher(m.group(3));
            while (a.find()) n.attrs.put(a.group(1).toLowerCase(Locale.ROOT), unescape(a.group(3) != null ? a.group(3) : a.group(4)));
            stack.getLast().children.add(n);
            if (m.group(4).isEmpty() && !VOID.contains(tag)) stack.add(n);
        }
        appendText(stack, html.substring(at));
        return root;
    }

    /** Text goes to the open element's text before its first child, else to its last child's tail. */
    private static void appendText(List<Node> stack, String raw) {
        if (raw.isEmpty()) return;
        Node open = stack.getLast();
        (open.children.isEmpty() ? open.text : open.children.getLast().tail).append(unescape(raw));
    }

    private static String process(Node e) {
        StringBuilder out = new StringBuilder();
        if (e.tag.equals("ol")) {
            out.append(olist(e));
        } else if (e.cls().contains("spoiler-block")) {
            Node header = e.children.stream().filter(c -> c.cls().contains("spoiler-header")).findFirst().orElse(null);
            String text = header == null ? "" : process(header).strip();
            out.append(text.isEmpty() ? "(…)\n" : text + " (…)\n");
        } else {
            out.append(ownText(e));
            StringBuilder sub = new StringBuilder();
            for (Node c : e.children) sub.append(process(c));
            out.append(e.tag.equals("blockquote") ? quote(sub.toString()) : sub);
        }
        return out.append(e.tail).toString();
    }

    /** Zulip's get_text: a Unicode emoji's character, an image's alt text, nothing before a quote, else the element's text. */
    private static String ownText(Node e) {
        Matcher m = EMOJI_CODE.matcher(e.cls());
        if (e.cls().contains("emoji") && m.find()) {
            StringBuilder s = new StringBuilder();
            for (String cp : m.group(1).split("-")) {
                try {
                    s.appendCodePoint(Integer.parseInt(cp, 16));
                } catch (IllegalArgumentException notHex) {
                    return e.attrs.getOrDefault("alt", e.text.toString());
                }
            }
            return s.toString();
        }
        if (e.tag.equals("img")) return e.attrs.getOrDefault("alt", "");
        if (e.tag.equals("blockquote")) return "";
        return e.text.toString();
    }

    private static String quote(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n")) if (!line.isEmpty()) out.append("> ").append(line).append('\n');
        return out.toString();
    }

    private static String olist(Node ol) {
        List<String> items = new ArrayList<>();
        int counter = 1;
        try {
            if (ol.attrs.containsKey("start")) counter = Integer.parseInt(ol.attrs.get("start"));
        } catch (NumberFormatException ignored) {
            // Zulip's renderer writes digits only.
        }
        for (Node li : ol.children) items.add(counter++ + ". " + process(li).strip());
        return String.join("\n", items);
    }

    private static String unescape(String s) {
        if (s.indexOf('&') < 0) return s;
        Matcher m = Pattern.compile("&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos|nbsp);").matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String g = m.group(1);
            String r = switch (g) {
                case "amp" -> "&";
                case "lt" -> "<";
                case "gt" -> ">";
                case "quot" -> "\"";
                case "apos" -> "'";
                case "nbsp" -> "\u00a0";
                default -> new String(Character.toChars(g.startsWith("#x") ? Integer.parseInt(g.substring(2), 16) : Integer.parseInt(g.substring(1))));
            };
            m.appendReplacement(out, Matcher.quoteReplacement(r));
        }
        m.appendTail(out);
        return out.toString();
    }
}
