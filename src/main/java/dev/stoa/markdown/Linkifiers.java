package dev.stoa.markdown;

import com.damnhandy.uri.template.UriTemplate;
import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.stoa.markdown.Inline.Hit;
import dev.stoa.markdown.MarkdownContext.Linkifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Realm linkifiers. Patterns are Python regexes; they run on RE2 (linear time) after
 * translating Python's named groups. Zulip wraps each pattern in lookarounds (start after
 * whitespace or punctuation, not followed by a word character), which RE2 lacks, so those
 * boundaries are checked by hand around each candidate match.
 */
final class Linkifiers {
    private record Compiled(Pattern pattern, String template, List<String> names) {}

    /** Compiled patterns shared across renders (RE2 patterns are immutable and thread-safe). */
    private static final Map<String, Optional<Compiled>> CACHE = new ConcurrentHashMap<>();
    private static final int MAX_CACHE = 2_000;

    private final List<Compiled> compiled = new ArrayList<>();
    private final Links links;

    Linkifiers(List<Linkifier> defs, Links links) {
        this.links = links;
        for (Linkifier l : defs) {
            if (CACHE.size() > MAX_CACHE) {
                CACHE.clear();
            }
            CACHE.computeIfAbsent(l.pattern() + "\u0000" + l.urlTemplate(), k -> Optional.ofNullable(compile(l)))
                    .ifPresent(compiled::add);
        }
    }

    int size() {
        return compiled.size();
    }

    /** Creation refuses longer templates (LinkifierRules); rows stored before that limit are skipped here. */
    private static final int MAX_TEMPLATE = 2048;

    static Compiled compile(Linkifier l) {
        if (l.urlTemplate().length() > MAX_TEMPLATE) return null;
        try {
            Pattern p = Pattern.compile(toRe2(l.pattern()));
            UriTemplate.fromTemplate(l.urlTemplate()); // validate once
            return new Compiled(p, l.urlTemplate(), List.copyOf(p.namedGroups().keySet()));
        } catch (RuntimeException e) {
            return null; // an invalid linkifier is ignored rather than breaking every message
        }
    }

    /** Python {@code (?P<name>...)} is valid RE2; {@code (?P=name)} backreferences are not supported. */
    static String toRe2(String python) {
        return python.replace("(?<", "(?P<").replace("(?P<=", "(?<=").replace("(?P<!", "(?<!");
    }

    Inline.Rule rule(int index) {
        Compiled c = compiled.get(index);
        return (s, from, phEnd) -> find(c, s, from, phEnd);
    }

    private Hit find(Compiled c, String s, int from, int phEnd) {
        Matcher m = c.pattern().matcher(s);
        int start = from;
        while (start <= s.length() && links.budgetLeft() && m.find(start)) {
            int a = m.start();
            int b = m.end();
            links.spend(b - start + 1);
            boolean boundaries = b > a && Inline.startOk(s, a, phEnd, "\"'(,:<")
                    && (b >= s.length() || !Inline.isWord(s.charAt(b)));
            if (boundaries) {
                Node n = expand(c, m, s.substring(a, b));
                if (n != null) {
                    return new Hit(a, b, n);
                }
            }
            start = a + 1;
        }
        return null;
    }

    private Node expand(Compiled c, Matcher m, String text) {
        try {
            Map<String, Object> values = new HashMap<>();
            for (String name : c.names()) {
                String v = m.group(name);
                if (v != null) {
                    values.put(name, v);
                }
            }
            // UriTemplate instances hold their variables, so each expansion gets its own.
            String url = UriTemplate.fromTemplate(c.template()).expand(values);
            String href = Links.sanitize(url);
            return href == null ? null : links.anchor(href, text);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
