package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Zulip's lists: Python-Markdown "sane" lists (ordered and unordered never merge) with a
 * 2-space tab length, so {@code "  * x"} nests under the previous item. Items separated by
 * blank lines become loose (wrapped in {@code <p>}).
 */
final class ListBlocks {
    private static final int TAB = 2;
    private final BlockParser parser;

    ListBlocks(BlockParser parser) {
        this.parser = parser;
    }

    /** The block's first line starts an item of this kind (at most one leading space). */
    boolean testList(String block, boolean ordered) {
        return childContent(firstLine(block), ordered) != null;
    }

    private static String firstLine(String block) {
        int nl = block.indexOf('\n');
        return nl < 0 ? block : block.substring(0, nl);
    }

    /** Content after the marker when {@code line} is a list item of this kind; else null. */
    static String childContent(String line, boolean ordered) {
        int i = line.startsWith(" ") ? 1 : 0;
        int j = markerEnd(line, i, ordered);
        if (j < 0 || j >= line.length() || line.charAt(j) != ' ') {
            return null;
        }
        while (j < line.length() && line.charAt(j) == ' ') {
            j++;
        }
        return line.substring(j);
    }

    private static int markerEnd(String line, int i, boolean ordered) {
        if (i >= line.length()) {
            return -1;
        }
        if (!ordered) {
            char c = line.charAt(i);
            return c == '*' || c == '+' || c == '-' ? i + 1 : -1;
        }
        int j = i;
        while (j < line.length() && Character.isDigit(line.charAt(j)) && line.charAt(j) < 128) {
            j++;
        }
        return j > i && j < line.length() && line.charAt(j) == '.' ? j + 1 : -1;
    }

    /** An indented item line ({@code ^[ ]{2,3}(\d+\.|[*+-])[ ]+}). */
    private static boolean indentedItem(String line) {
        int s = 0;
        while (s < line.length() && line.charAt(s) == ' ') {
            s++;
        }
        if (s < 2 || s > 3) {
            return false;
        }
        int j = markerEnd(line, s, true);
        if (j < 0) {
            j = markerEnd(line, s, false);
        }
        return j > 0 && j < line.length() && line.charAt(j) == ' ';
    }

    void runList(Node parent, Deque<Object> blocks, boolean ordered) {
        String block = (String) blocks.pollFirst();
        List<String> items = new ArrayList<>();
        String start = items(block, ordered, items);
        String tag = ordered ? "ol" : "ul";
        Node sibling = parent.last();
        Node lst;
        if (sibling != null && sibling.is(tag) && sibling.last() != null) {
            lst = sibling;
            loosenLastItem(lst.last());
            Node li = lst.add("li");
            parser.setState("looselist");
            parser.parseBlocks(li, List.of(items.remove(0)));
            parser.resetState();
        } else if (parent.is("ol", "ul")) {
            lst = parent;
        } else {
            lst = parent.add(tag);
            if (ordered && !start.equals("1")) {
                lst.attrs.put("start", start);
            }
        }
        parser.setState("list");
        for (String item : items) {
            if (item.startsWith(" ".repeat(TAB)) && lst.last() != null) {
                parser.parseBlocks(lst.last(), List.of(item));
            } else {
                parser.parseBlocks(lst.add("li"), List.of(item));
            }
        }
        parser.resetState();
    }

    /** Moves an item's bare text (and a trailing tail) into paragraphs when the list turns loose. */
    private static void loosenLastItem(Node li) {
        if (li.text != null && !li.text.isEmpty()) {
            Node p = new Node("p");
            p.text = li.text;
            li.text = null;
            li.children.add(0, p);
        }
        Node lch = li.last();
        if (lch != null && lch.tail != null && !lch.tail.isEmpty()) {
            li.add("p").text = lch.tail.stripLeading();
            lch.tail = null;
        }
    }

    /** Splits a block into item texts; returns the first item's number. */
    private String items(String block, boolean ordered, List<String> out) {
        List<StringBuilder> items = new ArrayList<>();
        String start = items(block, ordered, items, true);
        for (StringBuilder sb : items) {
            out.add(sb.toString());
        }
        return start;
    }

    private String items(String block, boolean ordered, List<StringBuilder> items, boolean unused) {
        String start = "1";
        for (String line : block.split("\n", -1)) {
            parser.work().add(line.length() + 1);
            String content = childContent(line, ordered);
            if (content != null) {
                if (items.isEmpty() && ordered) {
                    start = line.strip().substring(0, line.strip().indexOf('.'));
                    start = start.replaceFirst("^0+(?=\\d)", "");
                }
                items.add(new StringBuilder(content));
            } else if (indentedItem(line) && !items.isEmpty() && !startsWithTab(items.get(items.size() - 1))) {
                items.add(new StringBuilder(line));
            } else if (items.isEmpty()) {
                items.add(new StringBuilder(line));
            } else {
                items.get(items.size() - 1).append('\n').append(line);
            }
        }
        return start;
    }

    private static boolean startsWithTab(StringBuilder sb) {
        return sb.length() >= TAB && sb.charAt(0) == ' ' && sb.charAt(1) == ' ';
    }

    boolean testIndent(Node parent, String block) {
        if (!block.startsWith("  ") || parser.isState("detabbed")) {
            return false;
        }
        return parent.is("li") || (parent.last() != null && parent.last().is("ul", "ol"));
    }

    void runIndent(Node parent, Deque<Object> blocks) {
        String block = (String) blocks.pollFirst();
        int indentLevel = leadingSpaces(block) / TAB;
        int level = parser.isState("list") ? 1 : 0;
        Node sibling = parent;
        while (indentLevel > level) {
            Node child = sibling.last();
            if (child == null || !child.is("ul", "ol", "li")) {
                break;
            }
            if (child.is("ul", "ol")) {
                level++;
            }
            sibling = child;
        }
        String detabbed = looseDetab(block, level);
        parser.setState("detabbed");
        if (parent.is("li")) {
            Node target = parent.last() != null && parent.last().is("ul", "ol") ? parent.last() : parent;
            parser.parseBlocks(target, List.of(detabbed));
        } else if (sibling.is("li")) {
            parser.parseBlocks(sibling, List.of(detabbed));
        } else if (sibling.last() != null && sibling.last().is("li")) {
            Node li = sibling.last();
            if (li.text != null && !li.text.isEmpty()) {
                Node p = new Node("p");
                p.text = li.text;
                li.text = null;
                li.children.add(0, p);
            }
            parser.parseChunk(li, detabbed);
        } else {
            parser.parseBlocks(sibling.add("li"), List.of(detabbed));
        }
        parser.resetState();
    }

    private static int leadingSpaces(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    private static String looseDetab(String text, int level) {
        String prefix = " ".repeat(TAB * level);
        StringBuilder sb = new StringBuilder(text.length());
        for (String l : text.split("\n", -1)) {
            if (!sb.isEmpty()) {
                sb.append('\n');
            }
            sb.append(l.startsWith(prefix) ? l.substring(prefix.length()) : l);
        }
        return sb.toString();
    }
}
