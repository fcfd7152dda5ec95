package dev.stoa.markdown;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Zulip's unicode emoji names and codes. Codes are Zulip's: lowercase hex code points joined by
 * '-', without U+FE0F, at least 4 digits each ({@code 1f600}, {@code 0023-20e3}). Names come
 * from Zulip's own naming where it differs from Unicode's (Zulip's {@code smile} is U+1F642;
 * {@value #ZULIP_RESOURCE}, the first name of a code its canonical one), else from the CLDR short
 * name ({@code woman_shrugging}, {@code thumbs_up_medium_skin_tone}: skin-tone variants are named as
 * CLDR names them). The web client builds its emoji catalog from the same two resources.
 */
public final class EmojiCatalog {

    /**
     * The Unicode names, one "name code" a line, derived from jemoji by {@code EmojiCatalogResourceTest}
     * (which fails when they drift and rewrites them with -Dstoa.emoji.regenerate=true). A text
     * resource rather than jemoji at run time: jemoji's catalog of 5,042 emoji held ~6 MB of heap and
     * its classes from the first render on, and loading it stalled the first send in the writer.
     */
    static final String RESOURCE = "emoji-names.txt";
    /** Zulip's names where they differ from CLDR, one "name code" a line. */
    static final String ZULIP_RESOURCE = "emoji-zulip-names.txt";

    private static final EmojiCatalog INSTANCE = new EmojiCatalog();

    private final Map<String, String> codeByName = new HashMap<>(8192);
    private final Map<String, String> nameByCode = new HashMap<>(8192);

    private EmojiCatalog() {
        read(ZULIP_RESOURCE);
        read(RESOURCE);
    }

    private void read(String resource) {
        try (InputStream in = EmojiCatalog.class.getResourceAsStream(resource);
             BufferedReader r = new BufferedReader(new InputStreamReader(Objects.requireNonNull(in, resource), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int space = line.indexOf(' ');
                add(line.substring(0, space), line.substring(space + 1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void add(String name, String code) {
        codeByName.putIfAbsent(name, code);
        nameByCode.putIfAbsent(code, name);
    }

    public static EmojiCatalog get() {
        return INSTANCE;
    }

    public Optional<String> codeForName(String name) {
        return Optional.ofNullable(codeByName.get(name));
    }

    public Optional<String> nameForCode(String code) {
        return Optional.ofNullable(nameByCode.get(code.toLowerCase(Locale.ROOT)));
    }

    /** Whether a code holds a skin-tone modifier (U+1F3FB..U+1F3FF). */
    public static boolean hasSkinTone(String code) {
        for (int i = code.indexOf("1f3f"); i >= 0; i = code.indexOf("1f3f", i + 1)) {
            char c = i + 4 < code.length() ? code.charAt(i + 4) : ' ';
            if (c >= 'b' && c <= 'f') return true;
        }
        return false;
    }

    /** Zulip's code for a unicode emoji string: hex code points, FE0F dropped. */
    public static String codeOf(String emoji) {
        StringBuilder sb = new StringBuilder();
        emoji.codePoints().filter(cp -> cp != 0xFE0F).forEach(cp -> {
            if (!sb.isEmpty()) {
                sb.append('-');
            }
            String hex = Integer.toHexString(cp);
            sb.append("0".repeat(Math.max(0, 4 - hex.length()))).append(hex);
        });
        return sb.toString();
    }

    /**
     * Every code with all its names, the canonical name first (Zulip's server_emoji_data_url format,
     * `code_to_names`): what the mobile apps' emoji picker and autocomplete offer.
     */
    public Map<String, List<String>> codeToNames() {
        Map<String, List<String>> out = new TreeMap<>();
        nameByCode.forEach((code, name) -> out.computeIfAbsent(code, c -> new ArrayList<>()).add(name));
        codeByName.forEach((name, code) -> {
            List<String> names = out.get(code);
            if (!names.getFirst().equals(name)) names.add(name);
        });
        out.values().forEach(names -> names.subList(1, names.size()).sort(null));
        return out;
    }
}
