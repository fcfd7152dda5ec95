package dev.stoa.markdown;

import java.util.Locale;
import java.util.Map;

/**
 * Renders code blocks in the markup Zulip gets from Pygments' HtmlFormatter. We do not run a
 * highlighter (tokens would need a full Pygments port); the code is escaped exactly as Pygments
 * escapes it, and the language label is canonicalised for the common aliases.
 */
final class CodeFormatter {
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
        StringBuilder sb = new StringBuilder(code.length() + 96);
        sb.append("<div class=\"codehilite\"");
        if (lang != null && !lang.isEmpty()) {
            String canonical = LEXER_NAMES.getOrDefault(lang.toLowerCase(Locale.ROOT), lang);
            sb.append(" data-code-language=\"").append(Html.attr(canonical)).append('"');
        }
        sb.append("><pre><span></span><code>").append(Html.escapeCode(code));
        if (!code.isEmpty()) {
            sb.append('\n');
        }
        return sb.append("</code></pre></div>").toString();
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
