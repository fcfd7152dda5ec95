package dev.stoa.cli.demo;

import dev.stoa.app.Modules;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.messages.MessageActions;
import dev.stoa.messages.MessageEditActions;
import dev.stoa.messages.ReactionActions;
import dev.stoa.messages.UploadActions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes the demo's weeks of history: the script's conversations become timed acts (sends,
 * reactions, edits, a resolved topic, an upload, "mark as read"), sorted by time and played
 * through the ordinary actions with the demo clock set to each act's time, so every timestamp is
 * the one the story tells and every event is the one the API would have appended.
 */
final class DemoHistory {
    /** One line of a conversation: who says what; reactions (who, emoji name) and a later edit. */
    record Line(String who, String text, List<String[]> reactions, String editTo) {}

    /** A conversation: in a channel's topic, or (channel null) a direct message among `dmWith` and the speakers. */
    record Conversation(String channel, String topic, List<String> dmWith, int day, int hour, List<Line> lines, boolean resolve) {}

    /** Something to do at a time; `order` keeps the script's order among acts of the same second. */
    private record Act(Instant at, long order, Runnable run) {}

    private static final String[] REACTIONS = {"+1", "heart", "tada", "smile", "octopus", "rocket", "eyes", "green_tick"};

    private final Modules m;
    private final DemoClock clock;
    private final DemoOrg.Cast cast;
    private final Random random = new Random(14); // the same demo every time
    private final Map<String, Long> sent = new HashMap<>();
    private final List<Act> acts = new ArrayList<>();
    private long order;
    int messages, reactions, edits;

    DemoHistory(Modules modules, DemoClock clock, DemoOrg.Cast cast) {
        this.m = modules;
        this.clock = clock;
        this.cast = cast;
    }

    /** Plays the conversations, day 0 being `start`; everyone has read all but the last `unreadHours`. */
    void play(List<Conversation> script, Instant start, Instant end, int unreadHours) {
        for (Conversation c : script) schedule(c, start);
        // The script's last act lands shortly before `end`: shift everything so that nothing is in the future.
        Instant last = acts.stream().map(Act::at).max(Comparator.naturalOrder()).orElse(end);
        Duration shift = last.isAfter(end) ? Duration.between(end, last) : Duration.ZERO;
        // Unread: the history's own last hours, counted back from its last act, not from `end` (the script's
        // days have fixed hours, so late in the day `end - unreadHours` fell after every message: nothing unread).
        acts.add(new Act(last.minus(Duration.ofHours(unreadHours)), order++, this::everyoneReadsAll));
        acts.sort(Comparator.comparing(Act::at).thenComparingLong(Act::order));
        for (Act a : acts) {
            clock.moveTo(a.at().minus(shift));
            a.run().run();
        }
    }

    private void schedule(Conversation c, Instant start) {
        Instant t = start.plus(Duration.ofDays(c.day())).plus(Duration.ofHours(c.hour())).plus(Duration.ofMinutes(random.nextInt(50)));
        String key = null;
        for (int i = 0; i < c.lines().size(); i++) {
            Line line = c.lines().get(i);
            String k = c.channel() + "/" + c.topic() + "/" + c.day() + "/" + i + "/" + c.dmWith();
            if (key == null) key = k;
            Instant at = t;
            acts.add(new Act(at, order++, () -> send(k, c, line)));
            for (String[] r : line.reactions()) {
                acts.add(new Act(at.plus(Duration.ofMinutes(1 + random.nextInt(40))), order++, () -> react(k, r[0], r[1])));
            }
            if (c.channel() != null && line.reactions().isEmpty() && random.nextInt(4) == 0) randomReactions(k, c, line, at);
            if (line.editTo() != null) acts.add(new Act(at.plus(Duration.ofMinutes(3)), order++, () -> edit(k, line)));
            t = t.plus(Duration.ofMinutes(1 + random.nextInt(i % 3 == 2 ? 40 : 12))).plusSeconds(random.nextInt(60));
        }
        if (c.resolve()) {
            String first = key;
            String who = c.lines().getLast().who();
            acts.add(new Act(t.plus(Duration.ofMinutes(20)), order++, () -> resolve(first, who, c.topic())));
        }
    }

    /** A few of the channel's members react to a message nobody reacted to in the script. */
    private void randomReactions(String key, Conversation c, Line line, Instant at) {
        List<String> members = cast.channelMembers().get(c.channel());
        int n = 1 + random.nextInt(3);
        String emoji = REACTIONS[random.nextInt(REACTIONS.length)];
        for (int j = 0; j < n; j++) {
            String who = members.get(random.nextInt(members.size()));
            if (who.equals(line.who())) continue;
            String e = j == 0 ? emoji : REACTIONS[random.nextInt(REACTIONS.length)];
            acts.add(new Act(at.plus(Duration.ofMinutes(2 + random.nextInt(90))), order++, () -> react(key, who, e)));
        }
    }

    private void send(String key, Conversation c, Line line) {
        User sender = cast.get(line.who());
        String content = line.text().contains("{chart}") ? line.text().replace("{chart}", uploadChart(sender)) : line.text();
        MessageActions.SendInput in;
        if (c.channel() == null) {
            var to = Json.MAPPER.createArrayNode();
            for (String k : c.dmWith()) if (!k.equals(line.who())) to.add(cast.get(k).id());
            in = new MessageActions.SendInput("direct", Json.write(to), null, content, true, "website", null);
        } else {
            in = new MessageActions.SendInput("stream", c.channel(), c.topic(), content, true, "website", null);
        }
        sent.put(key, m.messages().actions.checkSend(sender, in));
        messages++;
    }

    /** `{chart}` in a line: the sender uploads the picture, and the message links it (Zulip shows it inline). */
    private String uploadChart(User sender) {
        var up = m.messages().uploads.checkUpload(sender,
                new UploadActions.UploadInput("build-times.png", "image/png", DemoImages.buildTimesChart()));
        return "[" + up.fileName() + "](" + up.url() + ")";
    }

    private void react(String key, String who, String emoji) {
        User u = cast.get(who);
        boolean custom = emoji.equals("green_tick");
        var in = new ReactionActions.ReactionInput(sent.get(key), emoji, custom ? cast.greenTickId() : null,
                custom ? "realm_emoji" : "unicode_emoji");
        try {
            m.messages().reactions.checkAddReaction(u, in);
            reactions++;
        } catch (ApiError e) {
            // Two random reactors may pick the same emoji: the second is "Reaction already exists.", as through the API.
        }
    }

    private void edit(String key, Line line) {
        m.messages().edits.checkEdit(cast.get(line.who()),
                new MessageEditActions.EditInput(sent.get(key), line.editTo(), null, null, "change_one", false, false, null));
        edits++;
    }

    private void resolve(String firstKey, String who, String topic) {
        m.messages().edits.checkEdit(cast.get(who),
                new MessageEditActions.EditInput(sent.get(firstKey), null, "✔ " + topic, null, "change_all", false, true, null));
    }

    private void everyoneReadsAll() {
        for (User u : cast.people().values()) m.messages().flags.checkMarkAsRead(u, null, null);
    }
}
