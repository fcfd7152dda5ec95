package dev.stoa.http;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The small server-rendered pages of sign-up and password reset: one layout, every value escaped. */
public final class HtmlPage {
    private HtmlPage() {}

    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** An HTML answer: no caching, and a policy that allows no script at all. */
    public static RawResponse response(int status, String title, String body) {
        return new RawResponse(status, "text/html; charset=utf-8", html(title, body).getBytes(StandardCharsets.UTF_8),
                Map.of("Cache-Control", "no-store", "Content-Security-Policy",
                        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"));
    }

    /** `body` is HTML built with escape(). */
    public static String html(String title, String body) {
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">"
                + "<title>" + escape(title) + "</title><style>body{font-family:sans-serif;max-width:28em;margin:3em auto;padding:0 1em}"
                + "label{display:block;margin:.8em 0}input{display:block;width:100%;padding:.4em}.error{color:#b00}</style></head><body><h1>"
                + escape(title) + "</h1>" + body + "</body></html>";
    }
}
