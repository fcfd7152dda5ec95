package dev.stoa.markdown;

import dev.stoa.markdown.Inline.Hit;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;

/**
 * {@code <time:...>} widgets. Zulip parses the text with dateutil; we accept the same common
 * shapes: ISO 8601, unix seconds, and "day month year [time] [am/pm] [zone]" in any order.
 */
final class Timestamps {
    private static final Map<String, Integer> MONTHS = Map.ofEntries(
            Map.entry("jan", 1), Map.entry("feb", 2), Map.entry("mar", 3), Map.entry("apr", 4), Map.entry("may", 5),
            Map.entry("jun", 6), Map.entry("jul", 7), Map.entry("aug", 8), Map.entry("sep", 9), Map.entry("oct", 10),
            Map.entry("nov", 11), Map.entry("dec", 12));
    private static final Map<String, Integer> ZONE_MINUTES = Map.ofEntries(
            Map.entry("utc", 0), Map.entry("gmt", 0), Map.entry("z", 0), Map.entry("ist", 330), Map.entry("est", -300),
            Map.entry("edt", -240), Map.entry("cst", -360), Map.entry("cdt", -300), Map.entry("mst", -420),
            Map.entry("mdt", -360), Map.entry("pst", -480), Map.entry("pdt", -420), Map.entry("cet", 60),
            Map.entry("cest", 120), Map.entry("bst", 60), Map.entry("jst", 540), Map.entry("aest", 600));

    private Timestamps() {}

    static Hit find(String s, int from, int phEnd) {
        int i = s.indexOf("<time:", from);
        if (i < 0) {
            return null;
        }
        int close = s.indexOf('>', i + 6);
        if (close < 0) {
            return null;
        }
        String input = s.substring(i + 6, close);
        OffsetDateTime t = input.length() > 100 ? null : parse(input.strip());
        if (t == null) {
            Node err = Inline.element("span", "Invalid time format: " + input, true);
            err.attrs.put("class", "timestamp-error");
            return new Hit(i, close + 1, err);
        }
        Node time = Inline.element("time", input, true);
        String iso = t.withOffsetSameInstant(ZoneOffset.UTC).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        time.attrs.put("datetime", iso + "Z");
        return new Hit(i, close + 1, time);
    }

    static OffsetDateTime parse(String in) {
        if (in.isEmpty()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(in);
        } catch (DateTimeParseException ignored) {
            // not ISO with offset
        }
        try {
            return LocalDateTime.parse(in).atOffset(ZoneOffset.UTC);
        } catch (DateTimeParseException ignored) {
            // not ISO local
        }
        if (in.matches("-?\\d{1,12}(\\.\\d+)?")) {
            double secs = Double.parseDouble(in);
            return Instant.ofEpochMilli((long) (secs * 1000)).atOffset(ZoneOffset.UTC);
        }
        return parseWords(in);
    }

    /** "Jun 5th 2017, 10:30PM", "31 Dec 2017 5:30 am IST": every word must be understood. */
    private static OffsetDateTime parseWords(String in) {
        DateParts parts = new DateParts();
        for (String tok : in.toLowerCase(Locale.ROOT).split("[\\s,]+")) {
            if (!tok.isEmpty() && !parts.accept(tok)) {
                return null;
            }
        }
        return parts.build();
    }

    /** The pieces of a free-form date, filled in word by word. */
    private static final class DateParts {
        int year = -1, month = -1, day = -1, hour, minute, second, offsetMinutes;
        boolean am, pm, any;

        boolean accept(String word) {
            String tok = word;
            if (tok.endsWith("pm") || tok.endsWith("am")) {
                pm |= tok.endsWith("pm");
                am |= tok.endsWith("am");
                tok = tok.substring(0, tok.length() - 2);
                if (tok.isEmpty()) {
                    return true;
                }
            }
            any = true;
            if (tok.matches("\\d{1,2}:\\d{2}(:\\d{2})?")) {
                String[] p = tok.split(":");
                hour = Integer.parseInt(p[0]);
                minute = Integer.parseInt(p[1]);
                second = p.length > 2 ? Integer.parseInt(p[2]) : 0;
            } else if (tok.matches("\\d{4}")) {
                year = Integer.parseInt(tok);
            } else if (tok.matches("\\d{1,2}(st|nd|rd|th)?")) {
                day = Integer.parseInt(tok.replaceAll("\\D", ""));
            } else if (tok.length() >= 3 && tok.matches("[a-z]+") && MONTHS.containsKey(tok.substring(0, 3))) {
                month = MONTHS.get(tok.substring(0, 3));
            } else if (ZONE_MINUTES.containsKey(tok)) {
                offsetMinutes = ZONE_MINUTES.get(tok);
            } else if (tok.matches("[+-]\\d{2}:?\\d{2}")) {
                String d = tok.substring(1).replace(":", "");
                int minutes = Integer.parseInt(d.substring(0, 2)) * 60 + Integer.parseInt(d.substring(2));
                offsetMinutes = tok.startsWith("-") ? -minutes : minutes;
            } else {
                return false;
            }
            return true;
        }

        OffsetDateTime build() {
            if (!any || (month < 0 && day < 0 && year < 0)) {
                return null;
            }
            int h = pm && hour < 12 ? hour + 12 : am && hour == 12 ? 0 : hour;
            try {
                LocalDate today = LocalDate.now(ZoneOffset.UTC);
                LocalDate date = LocalDate.of(year < 0 ? today.getYear() : year,
                        month < 0 ? today.getMonthValue() : month, day < 0 ? 1 : day);
                return date.atTime(h, minute, second).atOffset(ZoneOffset.ofTotalSeconds(offsetMinutes * 60));
            } catch (DateTimeException e) {
                return null;
            }
        }
    }
}
