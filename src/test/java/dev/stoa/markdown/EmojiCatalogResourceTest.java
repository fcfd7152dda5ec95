package dev.stoa.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.fellbaum.jemoji.Emoji;
import net.fellbaum.jemoji.EmojiGroup;
import net.fellbaum.jemoji.EmojiManager;
import org.junit.jupiter.api.Test;

/**
 * The catalog's Unicode names come from a resource derived from jemoji (a test dependency only),
 * so that the server does not hold jemoji's whole catalog. This test fails when the resource and
 * jemoji disagree; {@code -Dstoa.emoji.regenerate=true} rewrites the resource.
 */
class EmojiCatalogResourceTest {
    private static final Path RESOURCE = Path.of("src/main/resources/dev/stoa/markdown", EmojiCatalog.RESOURCE);

    @Test
    void resourceIsJemojisCatalog() throws IOException {
        String expected = String.join("\n", fromJemoji()) + "\n";
        if (Boolean.getBoolean("stoa.emoji.regenerate")) {
            Files.writeString(RESOURCE, expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(RESOURCE, StandardCharsets.UTF_8)).isEqualTo(expected);
    }

    @Test
    void skinTonedEmojiHaveTheirCldrNames() {
        assertThat(EmojiCatalog.get().codeForName("thumbs_up_medium_skin_tone")).contains("1f44d-1f3fd");
        assertThat(EmojiCatalog.get().codeForName("+1")).contains("1f44d");
        assertThat(EmojiCatalog.hasSkinTone("1f44d-1f3fd")).isTrue();
        assertThat(EmojiCatalog.hasSkinTone("1f44d")).isFalse();
        assertThat(EmojiCatalog.hasSkinTone("1f9d1-1f3ff-200d-1f9bd")).isTrue();
    }

    /** "name code" lines in jemoji's order (the catalog keeps the first name of a code and the first code of a name). */
    static List<String> fromJemoji() {
        List<String> lines = new ArrayList<>();
        for (Emoji e : EmojiManager.getAllEmojis()) {
            // Zulip's emoji set stops at Unicode Emoji 15.0; newer sequences stay plain text. Skin-tone variants
            // are in (the web client's picker offers them, as the sprite sheet has them), under their CLDR names.
            if (e.getGroup() == EmojiGroup.COMPONENT || e.getVersion() > 15.0) {
                continue;
            }
            String code = EmojiCatalog.codeOf(e.getEmoji());
            String slug = slug(e.getDescription());
            if (!slug.isEmpty() && !code.isEmpty()) {
                lines.add(slug + " " + code);
            }
        }
        return lines;
    }

    /** "Woman Shrugging" -> woman_shrugging; "keycap: #" -> keycap_; punctuation dropped. */
    static String slug(String description) {
        if (description == null) {
            return "";
        }
        String s = Normalizer.normalize(description, Normalizer.Form.NFD).toLowerCase(Locale.ROOT).replace('’', '\'').replace("'", "");
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') {
                sb.append(c);
            } else if ((c == ' ' || c == '_' || c == ':' || c == ',') && !sb.isEmpty() && sb.charAt(sb.length() - 1) != '_') {
                sb.append('_');
            }
        }
        while (!sb.isEmpty() && sb.charAt(sb.length() - 1) == '_') {
            sb.setLength(sb.length() - 1);
        }
        return sb.toString();
    }
}
