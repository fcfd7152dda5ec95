package dev.stoa.markdown;

import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Block quotes; like Zulip, mentions inside a quote are made silent, and '>'-only blocks stay text. */
final class Quotes {
    private static final Pattern USER_MENTION = Pattern.compile("(?<![^\\s'\"({\\[/<])@_?\\*\\*([^*]+)\\*\\*");
    private static final Pattern GROUP_MENTION = Pattern.compile("(?<![^\\s'\"({\\[/<])@_?\\*([^*]+)\\*");

    private Quotes() {}

    /** Index of the first line that starts a quote, or -1 (a run of bare '>' lines to the end does not). */
    static int quoteStart(String block) {
        List<String> lines = List.of(block.split("\n", -1));
        boolean[] onlyEmptyFrom = new boolean[lines.size() + 1];
        onlyEmptyFrom[lines.size()] = true;
        for (int i = lines.size() - 1; i >= 0; i--) {
            onlyEmptyFrom[i] = onlyEmptyFrom[i + 1] && isEmptyQuote(lines.get(i));
        }
        for (int i = 0; i < lines.size(); i++) {
            if (quoteMarker(lines.get(i)) >= 0 && !onlyEmptyFrom[i]) {
                return i;
            }
        }
        return -1;
    }

    /** Offset just after the '>' when the line starts with up to 3 spaces and '>'; else -1. */
    private static int quoteMarker(String line) {
        int i = 0;
        while (i < line.length() && i < 3 && line.charAt(i) == ' ') {
            i++;
        }
        return i < line.length() && line.charAt(i) == '>' ? i + 1 : -1;
    }

    private static boolean isEmptyQuote(String line) {
        int m = quoteMarker(line);
        return m >= 0 && line.substring(m).isBlank();
    }

    static void run(BlockParser parser, Node parent, Deque<Object> blocks) {
        String block = (String) blocks.pollFirst();
        List<String> lines = List.of(block.split("\n", -1));
        int start = quoteStart(block);
        if (start > 0) {
            parser.parseBlocks(parent, List.of(String.join("\n", lines.subList(0, start))));
        }
        StringBuilder inner = new StringBuilder(block.length());
        for (int i = start; i < lines.size(); i++) {
            if (i > start) {
                inner.append('\n');
            }
            inner.append(clean(lines.get(i)));
        }
        Node quote = parent.add("blockquote");
        parser.setState("blockquote");
        parser.parseChunk(quote, inner.toString());
        parser.resetState();
    }

    private static String clean(String line) {
        String silenced = line.indexOf('@') < 0 ? line : silence(line);
        if (silenced.strip().equals(">")) {
            return "";
        }
        int m = quoteMarker(silenced);
        if (m < 0) {
            return silenced;
        }
        return m < silenced.length() && silenced.charAt(m) == ' ' ? silenced.substring(m + 1) : silenced.substring(m);
    }

    private static String silence(String line) {
        String s = USER_MENTION.matcher(line).replaceAll(r -> "@_**" + Matcher.quoteReplacement(r.group(1)) + "**");
        return GROUP_MENTION.matcher(s).replaceAll(r -> "@_*" + Matcher.quoteReplacement(r.group(1)) + "*");
    }
}
