package dev.stoa.markdown;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Line preprocessing that Zulip runs before block parsing: blank line insertion before "hanging"
 * lists, and fenced blocks (code, quote, spoiler, math) handled with a stack of handlers, as in
 * Zulip's fenced_code.py. Code and math become stash placeholders; quotes become "> " lines;
 * spoilers become placeholder-framed markdown.
 */
final class Fences {
    // Applied to single lines only; every part is bounded by the line, and no nested quantifiers.
    static final Pattern FENCE = Pattern.compile(
            "^(~{3,}|`{3,})[ ]*(?:\\{?\\.?([a-zA-Z0-9_+\\-./#]*)[ ]*([^ ~`][^~`]*)?\\}?)$");
    private static final Pattern LIST_ITEM = Pattern.compile("^[ ]*([*+\\-]|\\d\\.)[ ]+.*");

    static final int MAX_FENCE_DEPTH = 10;
    private final Stash stash;
    private final CodeFormatter code;
    private final Katex katex;
    private final Work work;

    Fences(Stash stash, CodeFormatter code, Katex katex, Work work) {
        this.stash = stash;
        this.code = code;
        this.katex = katex;
        this.work = work;
    }

    /** Zulip inserts a blank line before a list that hangs off a paragraph, outside code fences. */
    List<String> separateHangingLists(List<String> lines) {
        List<String> out = new ArrayList<>(lines.size() + 8);
        List<String[]> open = new ArrayList<>(); // {fence, "code"|"quote"}
        boolean inCode = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            work.add(line.length() + 1);
            out.add(line);
            if (i == lines.size() - 1) {
                break;
            }
            Matcher m = FENCE.matcher(line.length() < 2000 ? line : "");
            if (m.matches()) {
                String lang = m.group(2) == null ? "" : m.group(2);
                boolean closes = lang.isEmpty() && !open.isEmpty() && open.get(open.size() - 1)[0].equals(m.group(1));
                if (closes) {
                    open.remove(open.size() - 1);
                } else if (open.size() <= MAX_FENCE_DEPTH) {
                    boolean isCode = !(lang.equals("quote") || lang.equals("quoted"));
                    open.add(new String[] {m.group(1), isCode ? "code" : "quote"});
                }
                inCode = open.stream().anyMatch(f -> f[1].equals("code"));
            }
            String next = lines.get(i + 1);
            String li1 = listMarker(line);
            String li2 = listMarker(next);
            boolean hang = li2 != null && (li1 == null || (li1.length() == 1) != (li2.length() == 1));
            if (!inCode && !line.isEmpty() && hang) {
                out.add("");
            }
        }
        return out;
    }

    private static String listMarker(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        if (i >= line.length()) {
            return null;
        }
        char c = line.charAt(i);
        String marker;
        if (c == '*' || c == '+' || c == '-') {
            marker = String.valueOf(c);
        } else if (c >= '0' && c <= '9' && i + 1 < line.length() && line.charAt(i + 1) == '.') {
            marker = line.substring(i, i + 2);
        } else {
            return null;
        }
        int j = i + marker.length();
        return j < line.length() && line.charAt(j) == ' ' ? marker : null;
    }

    /** Runs the fence handler stack over all lines. */
    List<String> process(List<String> lines) {
        List<String> output = new ArrayList<>();
        List<Handler> stack = new ArrayList<>();
        stack.add(new Handler(Kind.OUTER, null, null, null, output));
        for (String line : lines) {
            work.add(line.length() + 1);
            stack.get(stack.size() - 1).handle(line, stack);
        }
        while (stack.size() > 1) {
            stack.get(stack.size() - 1).done(stack);
        }
        if (output.size() > 2 && !output.get(output.size() - 2).isEmpty()) {
            output.add("");
        }
        return output;
    }

    enum Kind { OUTER, QUOTE, SPOILER, MATH, CODE }

    private final class Handler {
        final Kind kind;
        final String fence;
        final String lang;
        final String header;
        final List<String> target;
        final List<String> lines = new ArrayList<>();

        Handler(Kind kind, String fence, String lang, String header, List<String> target) {
            this.kind = kind;
            this.fence = fence;
            this.lang = lang;
            this.header = header;
            this.target = target;
        }

        void handle(String line, List<Handler> stack) {
            if (kind != Kind.OUTER && line.stripTrailing().equals(fence)) {
                done(stack);
            } else if (kind == Kind.OUTER || kind == Kind.QUOTE || kind == Kind.SPOILER) {
                checkForNewFence(kind == Kind.OUTER ? target : lines, line, stack);
            } else if (kind == Kind.CODE) {
                lines.add(line.stripTrailing());
            } else {
                lines.add(line);
            }
        }

        void done(List<Handler> stack) {
            stack.remove(stack.size() - 1);
            String text = String.join("\n", lines);
            String out = switch (kind) {
                case QUOTE -> quote(text);
                case SPOILER -> lines.isEmpty() ? null : spoiler(header == null ? "" : header, text);
                case MATH -> stash.put(tex(text), false);
                case CODE -> stash.put(code.format(lang, text), true);
                case OUTER -> null;
            };
            if (out != null) {
                target.add("");
                target.addAll(List.of(out.split("\n", -1)));
                target.add("");
            }
        }
    }

    private void checkForNewFence(List<String> out, String line, List<Handler> stack) {
        // Deeper fences are left as text: each level re-quotes its content, so depth costs work.
        Matcher m = line.length() < 2000 && stack.size() <= MAX_FENCE_DEPTH ? FENCE.matcher(line) : null;
        if (m == null || !m.matches()) {
            out.add(line);
            return;
        }
        String lang = m.group(2) == null ? "" : m.group(2).toLowerCase(Locale.ROOT);
        Kind kind = switch (lang) {
            case "quote", "quoted" -> Kind.QUOTE;
            case "math" -> Kind.MATH;
            case "spoiler" -> Kind.SPOILER;
            default -> Kind.CODE;
        };
        stack.add(new Handler(kind, m.group(1), lang, m.group(3), out));
    }

    private static String quote(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (String l : text.split("\n", -1)) {
            if (!sb.isEmpty()) {
                sb.append('\n');
            }
            sb.append("> ").append(l);
        }
        return sb.toString();
    }

    private String spoiler(String header, String text) {
        return String.join("\n\n",
                stash.put("<div class=\"spoiler-block\"><div class=\"spoiler-header\">", true),
                header,
                stash.put("</div><div class=\"spoiler-content\" aria-hidden=\"true\">", true),
                text,
                stash.put("</div></div>", true));
    }

    private String tex(String text) {
        List<String> parts = new ArrayList<>();
        for (String paragraph : text.split("\n\n", -1)) {
            String html = katex.render(paragraph, true);
            parts.add(html != null ? html : "<span class=\"tex-error\">" + Html.escapeAll(paragraph) + "</span>");
        }
        return String.join("\n\n", parts);
    }
}
