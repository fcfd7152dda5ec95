package dev.stoa.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Element;

/**
 * Parses HTML the server produced and reports what a browser could run: script-capable elements,
 * event-handler attributes, URLs with a scheme outside the renderer's allow-list, and style
 * attributes outside KaTeX's output (or anywhere with url() or expression()).
 */
final class HtmlCheck {
    private static final Set<String> FORBIDDEN = Set.of("script", "iframe", "frame", "frameset", "object", "embed", "applet", "form",
            "base", "meta", "link", "style", "noscript", "template", "portal");
    private static final Set<String> URL_ATTRS = Set.of("href", "src", "action", "formaction", "data", "background", "poster",
            "cite", "longdesc", "usemap", "xlink:href", "srcset", "lowsrc", "dynsrc", "ping");
    private static final Set<String> SCHEMES = Set.of("http", "https", "mailto", "tel", "sms", "ftp");

    private HtmlCheck() {}

    static List<String> findings(String html) {
        List<String> out = new ArrayList<>();
        if (html == null || html.isEmpty()) return out;
        for (Element e : Jsoup.parseBodyFragment(html).body().getAllElements()) {
            String tag = e.normalName();
            if (FORBIDDEN.contains(tag)) out.add("<" + tag + "> element");
            for (Attribute a : e.attributes()) {
                String key = a.getKey().toLowerCase(Locale.ROOT);
                String value = a.getValue();
                if (key.startsWith("on")) out.add("event handler " + key + " on <" + tag + ">");
                if (key.equals("srcdoc")) out.add("srcdoc on <" + tag + ">");
                if ((URL_ATTRS.contains(key) || key.endsWith(":href")) && !safeUrl(key.equals("srcset") ? value.split("\\s")[0] : value)) {
                    out.add("unsafe URL " + key + "=\"" + value + "\" on <" + tag + ">");
                }
                if (key.equals("style")) {
                    String v = value.toLowerCase(Locale.ROOT).replaceAll("\\s", "");
                    if (v.contains("url(") || v.contains("expression(") || v.contains("javascript:")) out.add("dangerous style \"" + value + "\"");
                    else if (!insideKatex(e)) out.add("unexpected style \"" + value + "\" on <" + tag + ">");
                }
            }
        }
        return out;
    }

    /** A URL as a browser reads it: control characters and spaces dropped, scheme compared without case. */
    static boolean safeUrl(String url) {
        StringBuilder b = new StringBuilder();
        url.codePoints().filter(c -> c > 0x20 && c != 0x7f && !Character.isSpaceChar(c)).forEach(b::appendCodePoint);
        String u = b.toString().toLowerCase(Locale.ROOT);
        int colon = u.indexOf(':');
        int stop = firstOf(u, "/?#");
        if (colon < 0 || (stop >= 0 && stop < colon)) return true; // relative
        return SCHEMES.contains(u.substring(0, colon));
    }

    private static int firstOf(String s, String chars) {
        for (int i = 0; i < s.length(); i++) if (chars.indexOf(s.charAt(i)) >= 0) return i;
        return -1;
    }

    private static boolean insideKatex(Element e) {
        for (Element p = e; p != null; p = p.parent()) {
            if (p.hasClass("katex") || p.hasClass("katex-display") || p.hasClass("katex-html")) return true;
        }
        return false;
    }
}
