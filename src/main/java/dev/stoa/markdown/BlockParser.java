package dev.stoa.markdown;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Block structure, following Python-Markdown's block processors as Zulip configures them:
 * blank-line separated blocks; 2-space list nesting ("sane" lists that do not mix ol/ul);
 * 4-space code blocks; '#' headings that need a space; tables; rules; block quotes that
 * silence mentions; no setext headings, no reference links, no raw HTML.
 */
final class BlockParser {
    static final int MAX_DEPTH = 32;

    private final Work work;
    private final Deque<String> state = new ArrayDeque<>();
    private final ListBlocks lists;
    private final LeafBlocks leaves;
    private int depth;

    BlockParser(Work work) {
        this.work = work;
        this.lists = new ListBlocks(this);
        this.leaves = new LeafBlocks(this);
    }

    Work work() {
        return work;
    }

    Node parseDocument(String text) {
        Node root = new Node("div");
        parseChunk(root, text);
        return root;
    }

    void parseChunk(Node parent, String text) {
        Deque<Object> blocks = new ArrayDeque<>();
        for (String b : text.split("\n\n", -1)) {
            int end = b.length();
            while (end > 0 && b.charAt(end - 1) == '\n') {
                end--; // a block never ends in a line break (it would become a trailing <br>)
            }
            blocks.add(b.substring(0, end));
        }
        parseBlocks(parent, blocks);
    }

    void parseBlocks(Node parent, List<String> blocks) {
        parseBlocks(parent, new ArrayDeque<Object>(blocks));
    }

    /** Blocks are Strings, or pre-split {@link LeafBlocks.Heading}s. */
    void parseBlocks(Node parent, Deque<Object> blocks) {
        depth++;
        try {
            while (!blocks.isEmpty()) {
                Object head = blocks.peekFirst();
                if (head instanceof LeafBlocks.Heading h) {
                    blocks.pollFirst();
                    h.appendTo(parent);
                    continue;
                }
                String block = (String) head;
                work.add(block.length() + 1);
                if (depth > MAX_DEPTH) {
                    blocks.pollFirst();
                    leaves.paragraph(parent, block); // too deep: stop recursing, show as text
                } else {
                    runFirstMatching(parent, blocks, block);
                }
            }
        } finally {
            depth--;
        }
    }

    private void runFirstMatching(Node parent, Deque<Object> blocks, String block) {
        if (block.isEmpty() || block.startsWith("\n")) {
            leaves.empty(parent, blocks, block);
        } else if (lists.testIndent(parent, block)) {
            lists.runIndent(parent, blocks);
        } else if (block.startsWith("    ")) {
            leaves.code(parent, blocks);
        } else if (leaves.testHeading(block)) {
            leaves.heading(parent, blocks);
        } else if (Tables.test(block)) {
            blocks.pollFirst();
            Tables.build(parent, block);
        } else if (leaves.testRule(block)) {
            leaves.rule(parent, blocks);
        } else if (lists.testList(block, true)) {
            lists.runList(parent, blocks, true);
        } else if (lists.testList(block, false)) {
            lists.runList(parent, blocks, false);
        } else if (Quotes.quoteStart(block) >= 0) {
            Quotes.run(this, parent, blocks);
        } else {
            blocks.pollFirst();
            leaves.paragraph(parent, block);
        }
    }

    // --- parser state, as in Python-Markdown's State ---
    void setState(String s) {
        state.push(s);
    }

    void resetState() {
        state.poll();
    }

    boolean isState(String s) {
        return s.equals(state.peek());
    }

    static List<String> lines(String block) {
        return new ArrayList<>(List.of(block.split("\n", -1)));
    }
}
