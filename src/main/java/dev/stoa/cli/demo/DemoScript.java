package dev.stoa.cli.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * What the demo's people say over four weeks (day 0 is four weeks ago): hand-written threads with
 * Markdown of every kind (code, quotes, lists, tables, spoilers, mentions of people, groups and
 * channels, linkifiers, emoji, an uploaded image), edits, reactions and a resolved topic, plus the
 * routine traffic of a team (stand-ups, lunch) generated from a fixed seed.
 */
final class DemoScript {
    private DemoScript() {}

    /** A conversation being written: say() adds a line, react() and edit() apply to the last one. */
    static final class C {
        final String channel, topic;
        final List<String> dm;
        final int day, hour;
        final List<DemoHistory.Line> lines = new ArrayList<>();
        boolean resolve;

        C(String channel, String topic, List<String> dm, int day, int hour) {
            this.channel = channel;
            this.topic = topic;
            this.dm = dm;
            this.day = day;
            this.hour = hour;
        }

        C say(String who, String text) {
            lines.add(new DemoHistory.Line(who, text, new ArrayList<>(), null));
            return this;
        }

        C react(String who, String emoji) {
            lines.getLast().reactions().add(new String[] {who, emoji});
            return this;
        }

        C edit(String text) {
            DemoHistory.Line l = lines.removeLast();
            lines.add(new DemoHistory.Line(l.who(), l.text(), l.reactions(), text));
            return this;
        }

        C resolved() {
            resolve = true;
            return this;
        }

        DemoHistory.Conversation done() {
            return new DemoHistory.Conversation(channel, topic, dm, day, hour, List.copyOf(lines), resolve);
        }
    }

    private static C in(String channel, String topic, int day, int hour) {
        return new C(channel, topic, null, day, hour);
    }

    private static C dm(int day, int hour, String... people) {
        return new C(null, null, List.of(people), day, hour);
    }

    static List<DemoHistory.Conversation> conversations() {
        List<C> all = new ArrayList<>();
        all.addAll(DemoScriptThreads.threads());
        all.addAll(standups());
        all.addAll(lunches());
        return all.stream().map(C::done).toList();
    }

    // The routine: a stand-up in #core team every weekday, lunch plans in #social twice a week.

    private static final String[] DONE = {"reviewed the event queue PR", "fixed the flaky typing test", "wrote docs for linkifiers",
            "profiled register for big realms", "triaged new issues", "paired with @**Cordelia, Lear's daughter** on the compose box",
            "shipped the emoji picker fix", "cleaned up the migration scripts", "answered questions in #**Verona**",
            "benchmarked the PostgreSQL tailer", "updated the API changelog", "reviewed #2731"};
    private static final String[] TODAY = {"more code review", "the search indexes", "release notes", "user group settings",
            "the mobile push spike", "fixing #2812", "a11y pass on the settings page", "rate-limit tuning", "onboarding docs",
            "the upload quota", "topic moves across channels", "nothing heroic, just bugs"};

    private static List<C> standups() {
        Random r = new Random(7);
        String[] crew = {"hamlet", "othello", "cordelia", "prospero", "zoe", "shiva", "iago"};
        List<C> out = new ArrayList<>();
        for (int day = 0; day < 28; day++) {
            if (day % 7 == 5 || day % 7 == 6) continue; // weekends are quiet
            C c = in("core team", "stand-up", day, 8);
            int n = 3 + r.nextInt(3);
            for (int i = 0; i < n; i++) {
                String who = crew[(day + i) % crew.length];
                c.say(who, "Yesterday: " + DONE[r.nextInt(DONE.length)] + ". Today: " + TODAY[r.nextInt(TODAY.length)] + ".");
            }
            if (r.nextInt(3) == 0) c.say("desdemona", "Thanks all :green_tick:");
            out.add(c);
        }
        return out;
    }

    private static List<C> lunches() {
        Random r = new Random(11);
        String[] places = {"the trattoria on Via Mazzini", "the Elsinore canteen", "the food trucks", "the new ramen place",
                "Prospero's favourite salad bar"};
        String[] people = {"juliet", "romeo", "mercutio", "viola", "olivia", "aaron", "zoe", "beatrice", "benedick", "puck"};
        List<C> out = new ArrayList<>();
        for (int day = 1; day < 28; day += 3 + r.nextInt(2)) {
            String a = people[r.nextInt(people.length)], b = people[r.nextInt(people.length)];
            if (a.equals(b)) b = "iago";
            out.add(in("social", "lunch", day, 11)
                    .say(a, "Lunch at " + places[r.nextInt(places.length)] + " at 12:30? :pizza:")
                    .say(b, "I'm in :raising_hand:").react(a, "+1")
                    .say(people[r.nextInt(people.length)], r.nextBoolean() ? "Count me in too" : "Can't today, enjoy!"));
        }
        return out;
    }

    // Shared with DemoScriptThreads (the hand-written conversations).
    static C channel(String channel, String topic, int day, int hour) {
        return in(channel, topic, day, hour);
    }

    static C direct(int day, int hour, String... people) {
        return dm(day, hour, people);
    }
}
