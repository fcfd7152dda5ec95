package dev.stoa.markdown;

import dev.stoa.markdown.Inline.Hit;
import dev.stoa.markdown.MarkdownContext.CustomEmoji;
import java.util.Map;
import java.util.Optional;

/** {@code :name:} emoji, emoticon translation, and unicode emoji characters. */
final class EmojiRules {
    private static final String ZULIP_EMOJI_URL = "/static/generated/emoji/images/emoji/unicode/zulip.png";
    private static final Map<String, String> EMOTICONS = Map.of(
            ":)", "smile", "(:", "upside_down", ":(", "frown", "<3", "heart", ":|", "expressionless",
            ":/", "confused", ";)", "wink", ":D", "grinning", ":o", "open_mouth", ":p", "stuck_out_tongue");
    private static final String EMOTICON_BOUNDARY = ",.;?!()[] \"'\n\t";
    private final RenderState st;
    private final EmojiCatalog catalog = EmojiCatalog.get();

    EmojiRules(RenderState st) {
        this.st = st;
    }

    static Node unicodeSpan(String name, String code) {
        String label = name.replace('_', ' ');
        Node span = Inline.element("span", ":" + name + ":", true);
        span.attrs.put("aria-label", label);
        span.attrs.put("class", "emoji emoji-" + code);
        span.attrs.put("role", "img");
        span.attrs.put("title", label);
        return span;
    }

    private static Node imageEmoji(String name, String src) {
        Node img = new Node("img");
        img.atomic = true;
        img.attrs.put("alt", ":" + name + ":");
        img.attrs.put("class", "emoji");
        img.attrs.put("src", src);
        img.attrs.put("title", name);
        return img;
    }

    /** {@code :name:}; an unknown name is consumed as plain text, like Zulip. */
    Hit named(String s, int from, int phEnd) {
        for (int i = s.indexOf(':', from); i >= 0; i = s.indexOf(':', i + 1)) {
            int j = i + 1;
            while (j < s.length() && j - i < 100 && (Inline.isWord(s.charAt(j)) || s.charAt(j) == '-' || s.charAt(j) == '+')) {
                j++;
            }
            if (j > i + 1 && j < s.length() && s.charAt(j) == ':') {
                return new Hit(i, j + 1, emojiNode(s.substring(i + 1, j)));
            }
        }
        return null;
    }

    private Node emojiNode(String name) {
        Optional<CustomEmoji> custom = st.ctx.realmEmoji(name);
        if (custom.isPresent() && custom.get().sourceUrl() != null && Html.safeUrl(custom.get().sourceUrl())) {
            return imageEmoji(name, Html.clean(custom.get().sourceUrl()));
        }
        if (name.equals("zulip")) {
            return imageEmoji(name, ZULIP_EMOJI_URL);
        }
        Optional<String> code = catalog.codeForName(name);
        return code.isPresent() ? unicodeSpan(name, code.get()) : Inline.text(":" + name + ":");
    }

    Hit emoticon(String s, int from, int phEnd) {
        if (!st.ctx.translateEmoticons()) {
            return null;
        }
        for (int i = from; i + 1 < s.length(); i++) {
            String name = EMOTICONS.get(s.substring(i, i + 2));
            if (name == null) {
                continue;
            }
            boolean before = i == 0 ? phEnd != 0 : EMOTICON_BOUNDARY.indexOf(Inline.prev(s, i, phEnd)) >= 0;
            boolean after = i + 2 >= s.length() || EMOTICON_BOUNDARY.indexOf(s.charAt(i + 2)) >= 0;
            if (before && after) {
                return new Hit(i, i + 2, emojiNode(name));
            }
        }
        return null;
    }

    /**
     * A maximal emoji sequence that Zulip knows; unknown sequences stay as they are, and so do skin-toned
     * ones typed as characters (Zulip's unrecognized_emoji_sequence_skin_tone): only their {@code :name:}
     * (the web client's picker) becomes an emoji.
     */
    Hit unicode(String s, int from, int phEnd) {
        int i = from;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            if (!startsEmoji(s, i, cp)) {
                i += Character.charCount(cp);
                continue;
            }
            int end = sequenceEnd(s, i);
            String code = EmojiCatalog.codeOf(s.substring(i, end));
            Optional<String> name = catalog.nameForCode(code);
            if (name.isPresent() && !EmojiCatalog.hasSkinTone(code)) {
                return new Hit(i, end, unicodeSpan(name.get(), code));
            }
            i = end;
        }
        return null;
    }

    private static boolean startsEmoji(String s, int i, int cp) {
        if (cp == '#' || cp == '*' || (cp >= '0' && cp <= '9')) {
            int n = i + 1;
            return n < s.length() && (s.charAt(n) == '\uFE0F' || s.charAt(n) == '\u20E3');
        }
        return isEmojiCodePoint(cp);
    }

    static boolean isEmojiCodePoint(int cp) {
        return (cp >= 0x1F000 && cp <= 0x1FAFF) || (cp >= 0x2600 && cp <= 0x27BF) || (cp >= 0x2300 && cp <= 0x23FF)
                || (cp >= 0x2B00 && cp <= 0x2BFF) || (cp >= 0x2190 && cp <= 0x21FF) || (cp >= 0x25A0 && cp <= 0x25FF)
                || (cp >= 0x2900 && cp <= 0x297F) || cp == 0x00A9 || cp == 0x00AE || cp == 0x203C || cp == 0x2049
                || cp == 0x2122 || cp == 0x2139 || cp == 0x3030 || cp == 0x303D || cp == 0x3297 || cp == 0x3299;
    }

    /** Base, modifiers (FE0F, skin tones, keycap, tags), regional-indicator pairs, ZWJ joins. */
    private static int sequenceEnd(String s, int start) {
        int i = start + Character.charCount(s.codePointAt(start));
        int first = s.codePointAt(start);
        if (first >= 0x1F1E6 && first <= 0x1F1FF && i < s.length()) {
            int next = s.codePointAt(i);
            if (next >= 0x1F1E6 && next <= 0x1F1FF) {
                return i + Character.charCount(next);
            }
        }
        while (i < s.length() && i - start < 64) {
            int cp = s.codePointAt(i);
            boolean modifier = cp == 0xFE0F || cp == 0x20E3 || (cp >= 0x1F3FB && cp <= 0x1F3FF) || (cp >= 0xE0020 && cp <= 0xE007F);
            if (modifier) {
                i += Character.charCount(cp);
            } else if (cp == 0x200D && i + 1 < s.length() && isEmojiCodePoint(s.codePointAt(i + 1))) {
                i += 1 + Character.charCount(s.codePointAt(i + 1));
            } else {
                break;
            }
        }
        return i;
    }
}
