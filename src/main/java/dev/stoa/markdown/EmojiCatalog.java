package dev.stoa.markdown;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Zulip's unicode emoji names and codes. Codes are Zulip's: lowercase hex code points joined by
 * '-', without U+FE0F, at least 4 digits each ({@code 1f600}, {@code 0023-20e3}). Names come
 * from Zulip's own naming where it differs from Unicode's (Zulip's {@code smile} is U+1F642),
 * else from the CLDR short name ({@code woman_shrugging}). Skin-tone variants are left out, as
 * Zulip does not offer them.
 */
public final class EmojiCatalog {
    /** Zulip names that differ from CLDR; the first name listed for a code is its canonical name. */
    private static final String[] ZULIP_NAMES = {
        "grinning:1f600", "smiley:1f603", "big_smile:1f604", "grinning_face_with_smiling_eyes:1f601",
        "laughing:1f606", "sweat_smile:1f605", "rolling_on_the_floor_laughing:1f923", "rofl:1f923",
        "joy:1f602", "smile:1f642", "slight_smile:1f642", "upside_down:1f643", "wink:1f609", "blush:1f60a",
        "innocent:1f607", "heart_eyes:1f60d", "star_struck:1f929", "kiss:1f618", "yum:1f60b",
        "stuck_out_tongue:1f61b", "stuck_out_tongue_wink:1f61c", "money_face:1f911", "hug:1f917",
        "thinking:1f914", "zipper_mouth:1f910", "neutral:1f610", "expressionless:1f611",
        "speechless:1f636", "smirk:1f60f", "unamused:1f612", "rolling_eyes:1f644", "grimacing:1f62c",
        "relieved:1f60c", "pensive:1f614", "sleepy:1f62a", "sleeping:1f634", "mask:1f637", "sick:1f912",
        "hurt:1f915", "nauseated:1f922", "sneezing:1f927", "hot:1f975", "cold:1f976", "dizzy:1f635",
        "exploding_head:1f92f", "cowboy:1f920", "partying_face:1f973", "sunglasses:1f60e", "nerd:1f913",
        "confused:1f615", "worried:1f61f", "frown:1f641", "sad:2639", "open_mouth:1f62e", "astonished:1f632",
        "flushed:1f633", "pleading:1f97a", "anguish:1f627", "fear:1f628", "cold_sweat:1f630",
        "exhausted:1f625", "cry:1f622", "sob:1f62d", "scream:1f631", "confounded:1f616",
        "persevere:1f623", "disappointed:1f61e", "sweat:1f613", "weary:1f629", "tired:1f62b",
        "yawning:1f971", "triumph:1f624", "rage:1f621", "angry:1f620", "cursing:1f92c", "devil:1f608",
        "skull:1f480", "poop:1f4a9", "clown:1f921", "ogre:1f479", "goblin:1f47a", "ghost:1f47b",
        "alien:1f47d", "space_invader:1f47e", "robot:1f916", "smiley_cat:1f63a", "heart:2764",
        "red_heart:2764", "broken_heart:1f494", "sparkling_heart:1f496", "heart_exclamation:2763",
        "hundred:1f4af", "100:1f4af", "boom:1f4a5", "dizzy_star:1f4ab", "speech_bubble:1f4ac",
        "thumbs_up:1f44d", "+1:1f44d", "like:1f44d", "thumbs_down:1f44e", "-1:1f44e", "clap:1f44f",
        "wave:1f44b", "ok:1f44c", "pray:1f64f", "handshake:1f91d", "raised_hands:1f64c", "muscle:1f4aa",
        "point_up:261d", "point_right:1f449", "point_left:1f448", "point_down:1f447", "fist:270a",
        "v:270c", "eyes:1f440", "tada:1f389", "party_popper:1f389", "fire:1f525", "rocket:1f680",
        "check:2705", "white_check_mark:2705", "x:274c", "cross_mark:274c", "question:2753",
        "exclamation:2757", "warning:26a0", "star:2b50", "sparkles:2728", "zap:26a1", "sunny:2600",
        "cloud:2601", "umbrella:2602", "snowflake:2744", "working_on_it:1f6e0", "hash:0023-20e3",
        "asterisk:002a-20e3", "zero:0030-20e3", "one:0031-20e3", "two:0032-20e3", "three:0033-20e3",
        "four:0034-20e3", "five:0035-20e3", "six:0036-20e3", "seven:0037-20e3", "eight:0038-20e3",
        "nine:0039-20e3", "ten:1f51f", "up:2b06", "down:2b07", "left:2b05", "right:27a1",
        "holiday_tree:1f384", "gold:1f947", "silver:1f948", "bronze:1f949", "kiwi:1f95d",
        "division:2797", "plus:2795", "minus:2796", "multiplication:2716", "cat:1f408", "dog:1f415",
        "cooking:1f373", "octopus:1f419", "coffee:2615", "beer:1f37a", "pizza:1f355", "cake:1f370",
        "gift:1f381", "bulb:1f4a1", "book:1f4d6", "calendar:1f4c5", "lock:1f512", "key:1f511",
        "bell:1f514", "mute:1f507", "loud_sound:1f50a", "email:1f4e7", "phone:1f4de", "computer:1f4bb",
        "keyboard:2328", "time_ago:23f3", "stopwatch:23f1", "money:1f4b0", "chart:1f4c8",
        "airplane:2708", "car:1f697", "train:1f686", "bike:1f6b2", "ship:1f6a2", "house:1f3e0",
        "office:1f3e2", "world_map:1f5fa", "earth_americas:1f30e", "sun:2600", "moon:1f319",
        "rainbow:1f308", "ocean:1f30a", "tree:1f333", "flower:1f33c", "rose:1f339", "cactus:1f335",
        "turtle:1f422", "snake:1f40d", "bee:1f41d", "bug:1f41b", "butterfly:1f98b", "unicorn:1f984",
        "penguin:1f427", "bird:1f426", "fish:1f41f", "whale:1f40b", "dolphin:1f42c", "monkey:1f412",
        "see_no_evil:1f648", "hear_no_evil:1f649", "speak_no_evil:1f64a", "shrug:1f937",
        "facepalm:1f926", "muscle_arm:1f4aa", "zzz:1f4a4", "musical_note:1f3b5", "trophy:1f3c6",
        "medal:1f3c5", "soccer:26bd", "basketball:1f3c0", "game_die:1f3b2", "video_game:1f3ae",
        "art:1f3a8", "lightning:26a1", "hourglass:231b", "watch:231a", "pencil:270f", "memo:1f4dd",
        "paperclip:1f4ce", "scissors:2702", "wrench:1f527", "hammer:1f528", "gear:2699", "link:1f517",
        "mag:1f50d", "lipstick:1f484", "crown:1f451", "ring:1f48d", "gem:1f48e", "stop:1f6d1",
        "no_entry:26d4", "recycle:267b", "copyright:00a9", "registered:00ae", "tm:2122", "info:2139",
    };

    /**
     * The Unicode names, one "name code" a line, derived from jemoji by {@code EmojiCatalogResourceTest}
     * (which fails when they drift and rewrites them with -Dstoa.emoji.regenerate=true). A text
     * resource rather than jemoji at run time: jemoji's catalog of 5,042 emoji held ~6 MB of heap and
     * its classes from the first render on, and loading it stalled the first send in the writer.
     */
    static final String RESOURCE = "emoji-names.txt";

    private static final EmojiCatalog INSTANCE = new EmojiCatalog();

    private final Map<String, String> codeByName = new HashMap<>(8192);
    private final Map<String, String> nameByCode = new HashMap<>(8192);

    private EmojiCatalog() {
        for (String entry : ZULIP_NAMES) {
            int colon = entry.lastIndexOf(':');
            add(entry.substring(0, colon), entry.substring(colon + 1));
        }
        try (InputStream in = EmojiCatalog.class.getResourceAsStream(RESOURCE);
             BufferedReader r = new BufferedReader(new InputStreamReader(Objects.requireNonNull(in, RESOURCE), StandardCharsets.UTF_8))) {
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
    public Map<String, java.util.List<String>> codeToNames() {
        Map<String, java.util.List<String>> out = new java.util.TreeMap<>();
        nameByCode.forEach((code, name) -> out.computeIfAbsent(code, c -> new java.util.ArrayList<>()).add(name));
        codeByName.forEach((name, code) -> {
            java.util.List<String> names = out.get(code);
            if (!names.getFirst().equals(name)) names.add(name);
        });
        out.values().forEach(names -> names.subList(1, names.size()).sort(null));
        return out;
    }
}
