package dev.stoa.markdown;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** HTML escaping and URL safety checks shared by all stages. */
final class Html {
    private Html() {}

    /** Drops our placeholder delimiters from strings that come from outside (input, realm data). */
    static String clean(String s) {
        if (s == null) {
            return "";
        }
        return s.indexOf(Stash.OPEN) < 0 && s.indexOf(Stash.CLOSE) < 0 ? s
                : s.replace(String.valueOf(Stash.OPEN), "").replace(String.valueOf(Stash.CLOSE), "");
    }

    /** Escapes text content: {@code & < >}. */
    static String escape(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            String rep = switch (s.charAt(i)) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                default -> null;
            };
            if (rep != null && sb == null) {
                sb = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (sb != null) {
                if (rep != null) {
                    sb.append(rep);
                } else {
                    sb.append(s.charAt(i));
                }
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** Escapes for attribute values. */
    static String attr(String s) {
        return escape(s).replace("\"", "&quot;");
    }

    /** Python's html.escape(quote=True). */
    static String escapeAll(String s) {
        return escape(s).replace("\"", "&quot;").replace("'", "&#x27;");
    }

    /** Pygments' escaping inside code blocks. */
    static String escapeCode(String s) {
        return escape(s).replace("\"", "&quot;").replace("'", "&#39;");
    }

    static String urlQuote(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A").replace("%7E", "~");
    }

    /**
     * Zulip only links these schemes (and scheme-less/relative URLs); anything else, notably
     * {@code javascript:}, {@code data:} and {@code vbscript:}, is never emitted as a link.
     */
    static boolean safeUrl(String url) {
        String u = url.strip();
        for (int i = 0; i < u.length(); i++) {
            char c = u.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                return false; // control characters can hide a scheme from naive checks
            }
        }
        int colon = u.indexOf(':');
        int slash = indexOfAny(u, "/?#");
        if (colon < 0 || (slash >= 0 && slash < colon)) {
            return true; // relative
        }
        String scheme = u.substring(0, colon).toLowerCase(Locale.ROOT);
        return switch (scheme) {
            case "http", "https", "mailto", "tel", "sms", "ftp", "irc", "ircs", "news", "nntp", "xmpp", "sip",
                    "matrix", "bitcoin", "geo", "magnet", "webcal", "gopher" -> true;
            default -> false;
        };
    }

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }
}
