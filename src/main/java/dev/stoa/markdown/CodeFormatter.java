package dev.stoa.markdown;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Renders code blocks in the markup Zulip gets from Pygments' HtmlFormatter: the language label
 * canonicalised to the Pygments lexer name; Python and TeX highlighted by {@link Highlighter},
 * other code escaped exactly as Pygments escapes it but without highlighting.
 */
final class CodeFormatter {
    private static final Set<String> HIGHLIGHTED = Set.of("Python", "Python 2.x", "TeX");
    private static final int MAX_HIGHLIGHT = 20_000;
    private static final Map<String, String> LEXER_NAMES = Map.ofEntries(
            Map.entry("python", "Python"), Map.entry("py", "Python"), Map.entry("python3", "Python"),
            Map.entry("py3", "Python"), Map.entry("python2", "Python 2.x"), Map.entry("py2", "Python 2.x"),
            Map.entry("javascript", "JavaScript"), Map.entry("js", "JavaScript"), Map.entry("java", "Java"),
            Map.entry("typescript", "TypeScript"), Map.entry("ts", "TypeScript"), Map.entry("c", "C"),
            Map.entry("cpp", "C++"), Map.entry("c++", "C++"), Map.entry("rust", "Rust"), Map.entry("rs", "Rust"),
            Map.entry("go", "Go"), Map.entry("golang", "Go"), Map.entry("ruby", "Ruby"), Map.entry("rb", "Ruby"),
            Map.entry("bash", "Bash"), Map.entry("sh", "Bash"), Map.entry("shell", "Bash"), Map.entry("zsh", "Bash"),
            Map.entry("console", "Bash Session"), Map.entry("html", "HTML"), Map.entry("css", "CSS"),
            Map.entry("json", "JSON"), Map.entry("yaml", "YAML"), Map.entry("yml", "YAML"), Map.entry("sql", "SQL"),
            Map.entry("tex", "TeX"), Map.entry("latex", "TeX"), Map.entry("kotlin", "Kotlin"),
            Map.entry("scala", "Scala"), Map.entry("haskell", "Haskell"), Map.entry("hs", "Haskell"),
            Map.entry("text", "Text only"), Map.entry("markdown", "Markdown"), Map.entry("md", "Markdown"),
            Map.entry("diff", "Diff"), Map.entry("xml", "XML"), Map.entry("php", "PHP"), Map.entry("perl", "Perl"),
            Map.entry("swift", "Swift"), Map.entry("csharp", "C#"), Map.entry("c#", "C#"));

    String format(String lang, String text) {
        String code = stripOuterNewlines(text);
        String canonical = null;
        if (lang != null && !lang.isEmpty()) {
            canonical = LEXER_NAMES.getOrDefault(lang.toLowerCase(Locale.ROOT), lang);
        }
        String lexer = canonical != null ? canonical : shebangLexer(code);
        StringBuilder sb = new StringBuilder(code.length() + 96);
        sb.append("<div class=\"codehilite\"");
        if (canonical != null) {
            sb.append(" data-code-language=\"").append(Html.attr(canonical)).append('"');
        }
        sb.append("><pre><span></span><code>");
        if (HIGHLIGHTED.contains(lexer) && code.length() <= MAX_HIGHLIGHT) {
            sb.append(Highlighter.highlight(lexer, code));
        } else {
            sb.append(Html.escapeCode(code));
        }
        if (!code.isEmpty()) {
            sb.append('\n');
        }
        return sb.append("</code></pre></div>").toString();
    }

    /** Code without a language may name one on its first line: {@code #!python}, {@code #!/usr/bin/python}, {@code :::python}. */
    private static String shebangLexer(String code) {
        String first = code.lines().findFirst().orElse("");
        String name;
        if (first.startsWith("#!")) {
            name = first.substring(first.lastIndexOf('/') + 1).replaceFirst("^#!", "");
        } else if (first.startsWith(":::")) {
            name = first.substring(3);
        } else {
            return "";
        }
        return LEXER_NAMES.getOrDefault(name.strip().toLowerCase(Locale.ROOT), "");
    }

    /** Pygments' stripnl option: leading and trailing newlines are dropped. */
    private static String stripOuterNewlines(String s) {
        int a = 0;
        int b = s.length();
        while (a < b && s.charAt(a) == '\n') {
            a++;
        }
        while (b > a && s.charAt(b - 1) == '\n') {
            b--;
        }
        return s.substring(a, b);
    }
}
