package dev.stoa.markdown;

import java.util.Set;

/**
 * A small subset of Pygments: the Python and TeX lexers, emitting Pygments' short CSS classes
 * ({@code k}, {@code nf}, {@code p}...) so Zulip's stylesheet colours them. Other languages are
 * left unhighlighted. Adjacent tokens of the same class are merged, as Pygments' HtmlFormatter does.
 */
final class Highlighter {
    private static final Set<String> PY_KEYWORDS = Set.of("def", "class", "return", "if", "elif", "else", "for",
            "while", "try", "except", "finally", "with", "as", "pass", "break", "continue", "raise", "yield",
            "lambda", "global", "nonlocal", "assert", "del", "async", "await", "match", "case");
    private static final Set<String> PY_BUILTINS = Set.of("print", "len", "range", "int", "str", "list", "dict",
            "set", "tuple", "open", "isinstance", "type", "super", "object", "sum", "min", "max", "abs", "sorted",
            "enumerate", "zip", "map", "filter", "any", "all", "repr", "input", "bool", "float", "bytes", "iter",
            "next", "getattr", "setattr", "hasattr", "id", "hash", "format", "round", "reversed", "vars", "dir");
    private static final Set<String> PY_CONSTANTS = Set.of("None", "True", "False");
    private static final Set<String> PY_WORD_OPS = Set.of("and", "or", "not", "in", "is");

    private final StringBuilder out = new StringBuilder();
    private String pendingClass;
    private final StringBuilder pending = new StringBuilder();

    static String highlight(String language, String code) {
        Highlighter h = new Highlighter();
        if (language.equals("TeX")) {
            h.tex(code);
        } else {
            h.python(code, language.equals("Python 2.x"));
        }
        h.flush();
        return h.out.toString();
    }

    private void emit(String cls, String text) {
        if (cls == null || !cls.equals(pendingClass)) {
            flush();
            pendingClass = cls;
        }
        pending.append(text);
    }

    private void flush() {
        if (pending.isEmpty()) {
            return;
        }
        String esc = Html.escapeCode(pending.toString());
        if (pendingClass == null) {
            out.append(esc);
        } else {
            out.append("<span class=\"").append(pendingClass).append("\">").append(esc).append("</span>");
        }
        pending.setLength(0);
    }

    private void python(String code, boolean py2) {
        int i = 0;
        String prevWord = "";
        if (code.startsWith("#!")) {
            int nl = code.indexOf('\n');
            int end = nl < 0 ? code.length() : nl;
            emit("ch", code.substring(0, end));
            i = end;
        }
        while (i < code.length()) {
            char c = code.charAt(i);
            int j = i + 1;
            if (c == '#') {
                j = lineEnd(code, i);
                emit("c1", code.substring(i, j));
            } else if (c == '"' || c == '\'') {
                j = stringEnd(code, i, c);
                emit(c == '"' ? "s2" : "s1", code.substring(i, j));
            } else if (Character.isDigit(c)) {
                while (j < code.length() && (Character.isLetterOrDigit(code.charAt(j)) || code.charAt(j) == '.')) {
                    j++;
                }
                String num = code.substring(i, j);
                emit(num.contains(".") ? "mf" : num.startsWith("0x") ? "mh" : "mi", num);
            } else if (Character.isLetter(c) || c == '_') {
                while (j < code.length() && (Character.isLetterOrDigit(code.charAt(j)) || code.charAt(j) == '_')) {
                    j++;
                }
                String word = code.substring(i, j);
                emit(pythonWordClass(word, prevWord, py2), word);
                prevWord = word;
            } else if (Character.isWhitespace(c)) {
                emit(null, String.valueOf(c));
            } else {
                emit("()[]{}:,;".indexOf(c) >= 0 ? "p" : "o", String.valueOf(c));
            }
            i = j;
        }
    }

    private static String pythonWordClass(String word, String prevWord, boolean py2) {
        if (prevWord.equals("def")) {
            return "nf";
        }
        if (prevWord.equals("class")) {
            return "nc";
        }
        if (word.equals("import") || word.equals("from")) {
            return "kn";
        }
        if (PY_KEYWORDS.contains(word) || (py2 && (word.equals("print") || word.equals("exec")))) {
            return "k";
        }
        if (PY_CONSTANTS.contains(word)) {
            return "kc";
        }
        if (PY_WORD_OPS.contains(word)) {
            return "ow";
        }
        if (word.equals("self") || word.equals("cls")) {
            return "bp";
        }
        return PY_BUILTINS.contains(word) ? "nb" : "n";
    }

    private static int lineEnd(String s, int i) {
        int nl = s.indexOf('\n', i);
        return nl < 0 ? s.length() : nl;
    }

    private static int stringEnd(String s, int i, char q) {
        String triple = String.valueOf(q).repeat(3);
        if (s.startsWith(triple, i)) {
            int end = s.indexOf(triple, i + 3);
            return end < 0 ? s.length() : end + 3;
        }
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != q && s.charAt(j) != '\n') {
            j += s.charAt(j) == '\\' ? 2 : 1;
        }
        return Math.min(s.length(), j + 1);
    }

    private void tex(String code) {
        int i = 0;
        boolean math = false;
        while (i < code.length()) {
            char c = code.charAt(i);
            int j = i + 1;
            if (c == '\\') {
                while (j < code.length() && (Character.isLetter(code.charAt(j)) || "@_:".indexOf(code.charAt(j)) >= 0)) {
                    j++;
                }
                if (j == i + 1 && j < code.length() && !Character.isWhitespace(code.charAt(j))) {
                    j++;
                }
                emit(math ? "nv" : "k", code.substring(i, j));
            } else if (c == '%') {
                j = Math.min(code.length(), lineEnd(code, i) + 1);
                emit("c", code.substring(i, j));
            } else if (c == '$') {
                j = code.startsWith("$$", i) ? i + 2 : i + 1;
                emit(code.startsWith("$$", i) ? "sb" : "s", code.substring(i, j));
                math = !math;
            } else if ("{}&_^".indexOf(c) >= 0) {
                emit("nb", String.valueOf(c));
            } else if (math && Character.isDigit(c)) {
                emit("m", String.valueOf(c));
            } else if (math && "-=!+*/()[]".indexOf(c) >= 0) {
                emit("o", String.valueOf(c));
            } else {
                emit(math && !Character.isWhitespace(c) ? "nb" : null, String.valueOf(c));
            }
            i = j;
        }
    }
}
