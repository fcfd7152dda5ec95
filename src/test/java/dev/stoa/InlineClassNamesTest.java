package dev.stoa;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Code names classes through imports, not inline as {@code java.util.List} or {@code dev.stoa.events.EventLog}:
 * an inline name hides a dependency from the file's header. Comments and strings are not code. Only where one
 * file needs two classes of the same simple name may one stay inline, and it is listed here.
 */
class InlineClassNamesTest {
    /** file → the inline name it keeps: our http.Request and Jetty's Request meet in these three. */
    private static final Set<String> ALLOWED = Set.of(
            "dev/stoa/http/Params.java org.eclipse.jetty.server.Request",
            "dev/stoa/http/HttpFront.java org.eclipse.jetty.server.Request",
            "dev/stoa/http/WebCookies.java org.eclipse.jetty.server.Request");

    private static final Pattern INLINE = Pattern.compile(
            "(?<![\\w.@])((?:java|javax|jakarta|dev|com|org|io|net)\\.(?:[a-z][a-z0-9_]*\\.)*[A-Z][A-Za-z0-9_]*)");
    private static final Pattern HEADER = Pattern.compile("(?m)^(?:package|import)\\s[^;]*;");

    @Test
    void classesAreNamedThroughImports() throws IOException {
        Set<String> found = new TreeSet<>();
        for (Path root : List.of(Path.of("src/main/java"), Path.of("src/test/java"))) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String code = codeOnly(Files.readString(file));
                    Matcher header = HEADER.matcher(code);
                    int bodyStart = 0;
                    while (header.find()) bodyStart = header.end();
                    Matcher m = INLINE.matcher(code);
                    m.region(bodyStart, code.length());
                    while (m.find()) found.add(root.relativize(file).toString().replace('\\', '/') + " " + m.group(1));
                }
            }
        }
        assertThat(found).as("inline class names (import them)").isSubsetOf(ALLOWED);
        assertThat(ALLOWED).as("allowed inline names that are gone (shrink the list)").isSubsetOf(found);
    }

    /** The source with comments, string and character literals and text blocks blanked out. */
    static String codeOnly(String src) {
        StringBuilder out = new StringBuilder(src);
        int i = 0;
        while (i < src.length()) {
            int end;
            if (src.startsWith("//", i)) end = indexOrEnd(src, "\n", i);
            else if (src.startsWith("/*", i)) end = indexOrEnd(src, "*/", i + 2) + 2;
            else if (src.startsWith("\"\"\"", i)) end = indexOrEnd(src, "\"\"\"", i + 3) + 3;
            else if (src.charAt(i) == '"' || src.charAt(i) == '\'') end = literalEnd(src, i);
            else { i++; continue; }
            end = Math.min(end, src.length());
            for (int k = i; k < end; k++) if (out.charAt(k) != '\n') out.setCharAt(k, ' ');
            i = end;
        }
        return out.toString();
    }

    private static int indexOrEnd(String s, String what, int from) {
        int at = s.indexOf(what, from);
        return at < 0 ? s.length() : at;
    }

    private static int literalEnd(String s, int start) {
        char quote = s.charAt(start);
        int j = start + 1;
        while (j < s.length() && s.charAt(j) != quote) j += s.charAt(j) == '\\' ? 2 : 1;
        return j + 1;
    }
}
