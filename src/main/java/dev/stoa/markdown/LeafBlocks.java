package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/** Paragraphs, indented code, headings, horizontal rules and empty blocks. */
final class LeafBlocks {
    private final BlockParser parser;

    LeafBlocks(BlockParser parser) {
        this.parser = parser;
    }

    /** A heading already split out of its block (so long runs of headings stay linear). */
    record Heading(int level, String text) {
        void appendTo(Node parent) {
            if (level == 0) {
                parent.add("hr"); // level 0 marks a horizontal rule
            } else {
                parent.add("h" + level).text = text;
            }
        }
    }

    void empty(Node parent, Deque<Object> blocks, String block) {
        blocks.pollFirst();
        String filler = "\n\n";
        if (!block.isEmpty()) {
            filler = "\n";
            String rest = block.substring(1);
            if (!rest.isEmpty()) {
                blocks.addFirst(rest);
            }
        }
        Node sibling = parent.last();
        if (sibling != null && sibling.is("codeblock")) {
            sibling.text = sibling.text + filler; // blank lines inside an indented code block
        }
    }

    void paragraph(Node parent, String block) {
        if (block.isBlank()) {
            return;
        }
        if (parser.isState("list")) {
            Node sibling = parent.last();
            if (sibling != null) {
                sibling.tail = sibling.tail == null ? "\n" + block : sibling.tail + "\n" + block;
            } else {
                parent.text = parent.text == null ? block.stripLeading() : parent.text + "\n" + block;
            }
        } else {
            parent.add("p").text = block.stripLeading();
        }
    }

    void code(Node parent, Deque<Object> blocks) {
        String block = (String) blocks.pollFirst();
        StringBuilder code = new StringBuilder();
        List<String> rest = new ArrayList<>();
        List<String> lines = BlockParser.lines(block);
        int i = 0;
        for (; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("    ")) {
                code.append(l, 4, l.length()).append('\n');
            } else if (l.isBlank()) {
                code.append('\n');
            } else {
                break;
            }
        }
        for (; i < lines.size(); i++) {
            rest.add(lines.get(i));
        }
        String body = code.toString().stripTrailing();
        Node sibling = parent.last();
        if (sibling != null && sibling.is("codeblock")) {
            sibling.text = sibling.text + "\n" + body + "\n";
        } else {
            Node n = parent.add("codeblock");
            n.text = body + "\n";
            n.atomic = true;
        }
        if (!rest.isEmpty()) {
            blocks.addFirst(String.join("\n", rest));
        }
    }

    boolean testHeading(String block) {
        return anyLine(block, l -> headingLevel(l) > 0);
    }

    private static boolean anyLine(String block, Predicate<String> test) {
        for (String l : block.split("\n", -1)) {
            if (test.test(l)) return true;
        }
        return false;
    }

    /** Splits the block at every heading line; text between headings is queued as its own block. */
    void heading(Node parent, Deque<Object> blocks) {
        String block = (String) blocks.pollFirst();
        List<Object> pieces = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (String l : block.split("\n", -1)) {
            int level = headingLevel(l);
            if (level == 0) {
                if (!text.isEmpty()) {
                    text.append('\n');
                }
                text.append(l);
                continue;
            }
            if (!text.isEmpty()) {
                pieces.add(text.toString());
                text.setLength(0);
            }
            pieces.add(new Heading(level, headingText(l, level)));
        }
        if (!text.isEmpty()) {
            pieces.add(text.toString());
        }
        for (int i = pieces.size() - 1; i >= 0; i--) {
            blocks.addFirst(pieces.get(i));
        }
    }

    static int headingLevel(String l) {
        int n = 0;
        while (n < l.length() && n < 7 && l.charAt(n) == '#') {
            n++;
        }
        if (n == 0 || n > 6 || n >= l.length()) {
            return 0;
        }
        return Character.isWhitespace(l.charAt(n)) ? n : 0;
    }

    private static String headingText(String l, int level) {
        String t = l.substring(level);
        int end = t.length();
        while (end > 0 && t.charAt(end - 1) == '#') {
            end--;
        }
        return t.substring(0, end).strip();
    }

    boolean testRule(String block) {
        return anyLine(block, LeafBlocks::isRule);
    }

    /** Splits the block at every rule line at once (re-queuing the rest per rule would be quadratic). */
    void rule(Node parent, Deque<Object> blocks) {
        String block = (String) blocks.pollFirst();
        List<Object> pieces = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (String l : block.split("\n", -1)) {
            if (!isRule(l)) {
                if (!text.isEmpty()) {
                    text.append('\n');
                }
                text.append(l);
                continue;
            }
            if (!text.isEmpty()) {
                pieces.add(text.toString());
                text.setLength(0);
            }
            pieces.add(new Heading(0, ""));
        }
        if (!text.isEmpty()) {
            pieces.add(text.toString());
        }
        for (int i = pieces.size() - 1; i >= 0; i--) {
            blocks.addFirst(pieces.get(i));
        }
    }

    static boolean isRule(String l) {
        int i = 0;
        while (i < l.length() && i < 3 && l.charAt(i) == ' ') {
            i++;
        }
        if (i >= l.length()) {
            return false;
        }
        char c = l.charAt(i);
        if (c != '-' && c != '_' && c != '*') {
            return false;
        }
        int count = 0;
        int spaces = 0;
        for (; i < l.length(); i++) {
            char d = l.charAt(i);
            if (d == c) {
                count++;
                spaces = 0;
            } else if (d == ' ') {
                spaces++;
            } else {
                return false;
            }
        }
        return count >= 3;
    }
}
