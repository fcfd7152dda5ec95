package dev.stoa;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
 * A String constant declared outside an *Errors class is a text written elsewhere too, so building from one fails
 * as a literal does.
 */
class ErrorTextsTest {
    private static final Pattern CALL = Pattern.compile("(?<![\\w.])ApiError\\.(\\w+)\\(");
    private static final Pattern STRING_CONSTANT = Pattern.compile("\\bstatic\\s+final\\s+String\\s+([A-Z][A-Z0-9_]*)\\s*=");
    private static final Pattern STATIC_IMPORT = Pattern.compile("import\\s+static\\s+[\\w.]*?(\\w+)\\.([A-Z][A-Z0-9_]*)\\s*;");
    private static final Pattern CONSTANT_USE = Pattern.compile("(?<![\\w.])(?:(\\w+)\\s*\\.\\s*)?([A-Z][A-Z0-9_]*)\\b(?!\\s*[.(])");

    @Test
    void errorTextsLiveInErrorClasses() throws IOException {
        Map<Path, String> sources = mainSources();
        Map<String, Set<String>> constants = outsideStringConstants(sources);
        Set<String> found = new TreeSet<>();
        sources.forEach((file, src) -> {
            String name = file.getFileName().toString();
            if (name.endsWith("Errors.java") || name.equals("ApiError.java")) return;
            if (buildsFromLiteral(src) || buildsFromOutsideConstant(src, className(file), constants)) {
                found.add(file.toString().replace('\\', '/'));
            }
        });
        assertThat(found).as("files building an ApiError from a string literal or a String constant outside an *Errors class"
                + " (move the text to the feature's *Errors class)").isEmpty();
    }

    /**
     * Within one feature each text is written once: two answers with the same text share one constant (as
     * UserErrors' ONLY_OWNER), and a feature does not repeat an answer (code and text) http.CommonErrors gives.
     * Other features may repeat a text where Zulip answers it too.
     */
    @Test
    void eachTextWrittenOncePerFeature() throws IOException {
        Map<Path, String> sources = mainSources();
        Path commonFile = Path.of("dev/stoa/http/CommonErrors.java");
        Set<String> common = new HashSet<>();
        answers(sources.get(commonFile)).forEach(a -> common.add(a.answer()));
        List<String> repeated = new ArrayList<>();
        sources.forEach((file, src) -> {
            if (!file.getFileName().toString().endsWith("Errors.java")) return;
            Set<String> texts = new HashSet<>();
            for (Answer a : answers(src)) {
                if (!texts.add(a.text())) repeated.add(className(file) + ": " + a.text());
                else if (!file.equals(commonFile) && common.contains(a.answer())) repeated.add(className(file) + ": " + a.text() + " (CommonErrors has it)");
            }
        });
        assertThat(repeated).as("texts written twice in one feature (share one constant or use CommonErrors)").isEmpty();
    }

    /** One ApiError factory call writing a literal: the whole answer (code, status, text) and its text, whitespace normalised. */
    record Answer(String answer, String text) {}

    static List<Answer> answers(String src) {
        String code = InlineClassNamesTest.codeOnly(src);
        List<Answer> out = new ArrayList<>();
        for (int[] args : factoryArguments(code)) {
            int depth = 0, last = args[0];
            for (int i = args[0]; i < args[1] - 1; i++) {
                char c = code.charAt(i);
                if (c == '(' || c == '[' || c == '{') depth++;
                else if (c == ')' || c == ']' || c == '}') depth--;
                else if (c == ',' && depth == 0) last = i + 1;
            }
            String text = src.substring(last, args[1] - 1).strip();
            if (!text.contains("\"")) continue;
            String factory = src.substring(src.lastIndexOf('.', args[0]) + 1, args[0] - 1);
            String all = src.substring(args[0], args[1] - 1).replaceAll("\\s+", " ").strip();
            out.add(new Answer(factory.equals("bad") ? "of(ErrorCode.BAD_REQUEST, " + all + ")" : factory + "(" + all + ")", text));
        }
        return out;
    }

    private static Map<Path, String> mainSources() throws IOException {
        Path root = Path.of("src/main/java");
        Map<Path, String> out = new HashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                out.put(root.relativize(file), Files.readString(file));
            }
        }
        return out;
    }

    /** Class simple name -> the String constants it declares, for every class but the *Errors ones. */
    static Map<String, Set<String>> outsideStringConstants(Map<Path, String> sources) {
        Map<String, Set<String>> out = new HashMap<>();
        sources.forEach((file, src) -> {
            String cls = className(file);
            if (cls.endsWith("Errors")) return;
            Matcher m = STRING_CONSTANT.matcher(InlineClassNamesTest.codeOnly(src));
            while (m.find()) out.computeIfAbsent(cls, k -> new HashSet<>()).add(m.group(1));
        });
        return out;
    }

    private static String className(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".java".length());
    }

    /** Whether an ApiError factory other than missing() gets a string literal among its arguments. */
    static boolean buildsFromLiteral(String src) {
        String code = InlineClassNamesTest.codeOnly(src);
        for (int[] args : factoryArguments(code)) {
            for (int i = args[0]; i < args[1]; i++) {
                if (src.charAt(i) == '"' && code.charAt(i) == ' ') return true;
            }
        }
        return false;
    }

    /**
     * Whether an ApiError factory other than missing() gets a String constant declared outside an *Errors class:
     * {@code NAME} declared in this file (or statically imported) or {@code Other.NAME}, per {@code constants}.
     */
    static boolean buildsFromOutsideConstant(String src, String self, Map<String, Set<String>> constants) {
        String code = InlineClassNamesTest.codeOnly(src);
        Map<String, String> imported = new HashMap<>();
        Matcher im = STATIC_IMPORT.matcher(code);
        while (im.find()) imported.put(im.group(2), im.group(1));
        for (int[] args : factoryArguments(code)) {
            Matcher m = CONSTANT_USE.matcher(code).region(args[0], args[1]);
            while (m.find()) {
                String owner = m.group(1) != null ? m.group(1) : imported.getOrDefault(m.group(2), self);
                if (constants.getOrDefault(owner, Set.of()).contains(m.group(2))) return true;
            }
        }
        return false;
    }

    /** The [start, end) spans of the arguments of each ApiError factory call but missing(), in comment-free code. */
    private static List<int[]> factoryArguments(String code) {
        List<int[]> out = new ArrayList<>();
        Matcher m = CALL.matcher(code);
        while (m.find()) {
            if (m.group(1).equals("missing")) continue;
            int depth = 0, end = m.end() - 1;
            do {
                char c = code.charAt(end++);
                if (c == '(') depth++;
                else if (c == ')') depth--;
            } while (depth > 0);
            out.add(new int[] {m.end(), end});
        }
        return out;
    }
}
