package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal element tree in the ElementTree style Python-Markdown uses: text before the first
 * child lives in {@code text}, text after an element lives in its {@code tail}. Modelling it the
 * same way lets the block rules (tight lists, lazy lines) follow Zulip's renderer closely.
 */
final class Node {
    final String tag;
    final Map<String, String> attrs = new LinkedHashMap<>();
    final List<Node> children = new ArrayList<>();
    String text;
    String tail;
    /** Raw, already-safe HTML emitted verbatim (code blocks, KaTeX); never inline-processed. */
    String rawHtml;
    /** Text that inline patterns must not touch (code). */
    boolean atomic;

    Node(String tag) {
        this.tag = tag;
    }

    Node add(String childTag) {
        Node n = new Node(childTag);
        children.add(n);
        return n;
    }

    Node last() {
        return children.isEmpty() ? null : children.get(children.size() - 1);
    }

    boolean is(String... tags) {
        for (String t : tags) {
            if (t.equals(tag)) {
                return true;
            }
        }
        return false;
    }
}
