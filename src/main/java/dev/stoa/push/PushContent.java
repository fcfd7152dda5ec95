package dev.stoa.push;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message's text for a phone notification, Zulip's get_mobile_push_content and truncate_content
 * (zerver/lib/push_notifications.py): typeset math back to its TeX as "$$…$$" (zerver/lib/tex.py
 * change_katex_to_raw_latex); quotes collapsed to "[…]" when the message also says something of its
 * own (potentially_collapse_quotes: a quote, or a quote-reply's "@user said:" line); then the
 * rendered HTML reduced to its text, Unicode emoji as characters, other images as their alt text,
 * quotes as "> " lines, ordered lists numbered (nested ones indented), a spoiler's body hidden as
 * "(…)"; then at most 200 characters and "…".
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

    /** `host`: this server's host (without port), which message links must name, if any (EXTERNAL_HOST_WITHOUT_PORT). */
    static Text of(String html, String host) {
        Node root = parse(html);
        katexToTex(root);
        collapseQuotes(root, host);
        String text = process(root);
        if (text.codePointCount(0, text.length()) <= MAX) return new Text(text, false);
        return new Text(text.substring(0, text.offsetByCodePoints(0, MAX)) + "…", true);
    }

    /** An element of the fragment: its tag, attributes, children and the text that follows it (lxml's tail). */
    private static final class Node {
        final String tag;
        final Map<String, String> attrs = new HashMap<>();
        final List<Node> children = new ArrayList<>();
        final StringBuilder text = new StringBuilder(), tail = new StringBuilder();
        Node parent;

        Node(String tag) { this.tag = tag; }

        static Node withText(String tag, String text) {
            Node n = new Node(tag);
            n.text.append(text);
            return n;
        }

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
            n.parent = stack.getLast();
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
        int nested = 0;
        for (Node a = ol.parent; a != null; a = a.parent) if (a.tag.equals("ol")) nested++;
        String indent = nested == 0 ? "" : "\n" + "  ".repeat(nested);
        for (Node li : ol.children) items.add(indent + counter++ + ". " + process(li).strip());
        return String.join("\n", items);
    }

    /** change_katex_to_raw_latex: each span of class exactly "katex" becomes a span of its TeX annotation as "$$TeX$$". */
    private static void katexToTex(Node e) {
        for (int i = 0; i < e.children.size(); i++) {
            Node c = e.children.get(i);
            if (c.tag.equals("span") && "katex".equals(c.attrs.get("class"))) {
                Node annotation = find(c, n -> n.tag.equals("annotation") && "application/x-tex".equals(n.attrs.get("encoding")));
                if (annotation == null) continue;
                Node tex = Node.withText("span", "$$" + annotation.text + "$$");
                tex.tail.append(c.tail);
                tex.parent = e;
                e.children.set(i, tex);
            } else {
                katexToTex(c);
            }
        }
    }

    private static Node find(Node e, Predicate<Node> which) {
        for (Node c : e.children) {
            if (which.test(c)) return c;
            Node inner = find(c, which);
            if (inner != null) return inner;
        }
        return null;
    }

    /**
     * potentially_collapse_quotes, with lxml's semantics: when the message's top-level elements are
     * neither all nor none quotes (or "@user said:" lines), the first of each run of them is replaced
     * by one shared "[…]" paragraph (lxml moves it, with its tail, so only the last run keeps it)
     * and the rest of the run dropped (their tails joining the previous element's).
     */
    private static void collapseQuotes(Node root, String host) {
        List<Node> children = List.copyOf(root.children);
        List<Boolean> collapsible = children.stream().map(c -> c.tag.equals("blockquote") || userSaid(c, host)).toList();
        if (!collapsible.contains(true) || !collapsible.contains(false)) return;
        Node collapsed = Node.withText("p", "[…]");
        collapsed.parent = root;
        for (int i = 0; i < children.size(); i++) {
            if (!collapsible.get(i)) continue;
            Node child = children.get(i);
            int at = root.children.indexOf(child);
            if (i > 0 && collapsible.get(i - 1)) {
                root.children.remove(at);
                (at == 0 ? root.text : root.children.get(at - 1).tail).append(child.tail);
            } else {
                root.children.set(at, collapsed);
                for (int j = 0; j < root.children.size(); j++) {
                    if (j != at && root.children.get(j) == collapsed) {
                        root.children.remove(j);
                        break;
                    }
                }
            }
        }
    }

    /** is_user_said_paragraph: one user mention, one same-server message link, and otherwise only ":". */
    private static boolean userSaid(Node e, String host) {
        List<Node> mentions = new ArrayList<>(), links = new ArrayList<>();
        collect(e, n -> Arrays.asList(n.cls().split("\\s+")).contains("user-mention"), mentions);
        collect(e, n -> n.tag.equals("a") && n.attrs.containsKey("href") && messageLink(n.attrs.get("href"), host), links);
        if (mentions.size() != 1 || links.size() != 1) return false;
        String rest = textContent(e).replace(textContent(mentions.getFirst()), "").replace(textContent(links.getFirst()), "");
        return rest.strip().equals(":");
    }

    private static void collect(Node e, Predicate<Node> which, List<Node> out) {
        if (which.test(e)) out.add(e);
        for (Node c : e.children) collect(c, which, out);
    }

    /** lxml's text_content: the element's text and its descendants', with their tails (not its own tail). */
    private static String textContent(Node e) {
        StringBuilder out = new StringBuilder(e.text);
        for (Node c : e.children) out.append(textContent(c)).append(c.tail);
        return out.toString();
    }

    /** zerver/lib/url_decoding.py is_same_server_message_link: #narrow/channel|dm/…/near/<digits>, on this host or relative. */
    static boolean messageLink(String url, String host) {
        URI u;
        try {
            u = new URI(url);
        } catch (URISyntaxException e) {
            return false;
        }
        if (u.getHost() != null && !u.getHost().equalsIgnoreCase(host)) return false;
        String fragment = u.getRawFragment() == null ? "" : u.getRawFragment();
        String[] parts = fragment.split("/", -1);
        if (parts.length < 5) return false;
        return parts[0].equals("narrow") && (parts[1].equals("channel") || parts[1].equals("dm")) && parts[parts.length - 2].equals("near")
                && parts[parts.length - 1].matches("[0-9]+");
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
