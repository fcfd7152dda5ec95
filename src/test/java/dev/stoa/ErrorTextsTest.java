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
 * Error texts live in one class per feature ({@code messages.MessageErrors}, {@code channels.ChannelErrors}…;
 * texts several features answer with in {@code http.CommonErrors}): code elsewhere builds no ApiError from a
 * string literal, so each of Zulip's texts is written once and a feature's answers read as one list.
 * {@code ApiError.missing("name")} is allowed: its argument names a parameter, the text is ApiError's own.
 */
class ErrorTextsTest {
    private static final Pattern CALL = Pattern.compile("(?<![\\w.])ApiError\\.(\\w+)\\(");

    @Test
    void errorTextsLiveInErrorClasses() throws IOException {
        Set<String> found = new TreeSet<>();
        Path root = Path.of("src/main/java");
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith("Errors.java") || name.equals("ApiError.java")) continue;
                if (buildsFromLiteral(Files.readString(file))) found.add(root.relativize(file).toString().replace('\\', '/'));
            }
        }
        assertThat(found).as("files building an ApiError from a string literal (move the text to the feature's *Errors class)")
                .isEmpty();
    }

    /** Whether an ApiError factory other than missing() gets a string literal among its arguments. */
    static boolean buildsFromLiteral(String src) {
        String code = InlineClassNamesTest.codeOnly(src);
        Matcher m = CALL.matcher(code);
        while (m.find()) {
            if (m.group(1).equals("missing")) continue;
            int depth = 0, end = m.end() - 1;
            do {
                char c = code.charAt(end++);
                if (c == '(') depth++;
                else if (c == ')') depth--;
            } while (depth > 0);
            for (int i = m.end(); i < end; i++) {
                if (src.charAt(i) == '"' && code.charAt(i) == ' ') return true;
            }
        }
        return false;
    }
}
