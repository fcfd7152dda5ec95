package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.List;

/**
 * Inline processing in Python-Markdown's style: patterns run in priority order over a text;
 * each match is replaced by a placeholder for its node, so lower-priority patterns never see
 * inside it, and the node's own text is processed by the lower-priority patterns only.
 */
final class Inline {
    /** A match: [start, end) of the text is replaced by {@code node}. */
    record Hit(int start, int end, Node node) {}

    /** One inline rule. {@code phEnd} is where a previous placeholder ends (counts as a non-space char). */
    interface Rule {
        Hit find(String s, int from, int phEnd);
    }

    static final char OPEN = Stash.OPEN;
    static final char CLOSE = Stash.CLOSE;

    private final List<Rule> rules;
    private final List<Node> nodes = new ArrayList<>();
    private final Work work;

    Inline(List<Rule> rules, Work work) {
        this.rules = rules;
        this.work = work;
    }

    String process(String text) {
        return handle(text, 0);
    }

    Node node(int idx) {
        return nodes.get(idx);
    }

    int nodeCount() {
        return nodes.size();
    }

    private String handle(String data, int first) {
        String cur = data;
        for (int r = first; r < rules.size(); r++) {
            cur = apply(rules.get(r), r, cur);
        }
        return cur;
    }

    private String apply(Rule rule, int index, String data) {
        StringBuilder out = null;
        int last = 0;
        int from = 0;
        int phEnd = -1;
        while (from <= data.length()) {
            Hit h = rule.find(data, from, phEnd);
            if (h == null) {
                work.add(data.length() - from + 1);
                break;
            }
            work.add(h.end() - from + 1);
            if (out == null) {
                out = new StringBuilder(data.length() + 16);
            }
            processChildren(h.node(), index);
            nodes.add(h.node());
            out.append(data, last, h.start()).append(OPEN).append('I').append(nodes.size() - 1).append(CLOSE);
            last = h.end();
            from = Math.max(h.end(), h.start() + 1);
            phEnd = h.end();
        }
        if (out == null) {
            return data;
        }
        return out.append(data, last, data.length()).toString();
    }

    private void processChildren(Node n, int index) {
        if (n.atomic) {
            return;
        }
        if (n.text != null) {
            n.text = handle(n.text, index + 1);
        }
        for (Node c : n.children) {
            if (c.text != null && !c.atomic) {
                c.text = handle(c.text, index + 1);
            }
            if (c.tail != null) {
                c.tail = handle(c.tail, index);
            }
        }
    }

    // ---- helpers shared by the rules ----

    static boolean isWord(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /** The character before {@code i}, with a placeholder end reported as CLOSE. */
    static char prev(String s, int i, int phEnd) {
        if (i == phEnd) {
            return CLOSE;
        }
        return i > 0 ? s.charAt(i - 1) : '\n';
    }

    /** Python's {@code (?<![^\s'"(...)])}: at start, or after whitespace or one of {@code allowed}. */
    static boolean startOk(String s, int i, int phEnd, String allowed) {
        if (i == 0 && phEnd != 0) {
            return true;
        }
        char p = prev(s, i, phEnd);
        return Character.isWhitespace(p) || allowed.indexOf(p) >= 0;
    }

    static Node text(String literal) {
        Node n = new Node("#text");
        n.text = literal;
        n.atomic = true;
        return n;
    }

    static Node raw(String html) {
        Node n = new Node("#raw");
        n.rawHtml = html;
        n.atomic = true;
        return n;
    }

    static Node element(String tag, String text, boolean atomic) {
        Node n = new Node(tag);
        n.text = text;
        n.atomic = atomic;
        return n;
    }
}
