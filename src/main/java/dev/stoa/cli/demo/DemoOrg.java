package dev.stoa.cli.demo;

import dev.stoa.app.Modules;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.channels.ChannelActions;
import dev.stoa.channels.ChannelCreateRules;
import dev.stoa.emoji.EmojiActions;
import dev.stoa.groups.GroupActions;
import dev.stoa.http.Json;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import dev.stoa.linkifiers.LinkifierActions;
import dev.stoa.users.Passwords;
import dev.stoa.users.ProfileFieldActions;
import dev.stoa.users.UserActions;
import dev.stoa.userstatus.UserStatusActions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo organization's people and furniture, with the names of Zulip's development server
 * (so that Zulip's published API examples, written against it, find their users and channels):
 * people in every role, bots, custom profile fields and their values, a custom emoji,
 * linkifiers, user groups and channels. Everything goes through the same actions as the API,
 * acting as the person who would do it there (Iago, the administrator, sets the place up).
 */
final class DemoOrg {
    /** A person: key (used by the script), email, full name, role, time zone. */
    record Person(String key, String email, String fullName, Role role, String timezone) {}

    /** A channel: name, description, private?, default for new users?, who is subscribed ("*" = everyone but guests). */
    record ChannelSpec(String name, String description, boolean inviteOnly, boolean isDefault, List<String> members) {}

    static final List<Person> PEOPLE = List.of(
            new Person("desdemona", "desdemona@zulip.com", "Desdemona", Role.OWNER, "Europe/Rome"),
            new Person("iago", "iago@zulip.com", "Iago", Role.ADMINISTRATOR, "Europe/Rome"),
            new Person("shiva", "shiva@zulip.com", "शिव", Role.MODERATOR, "Asia/Kolkata"),
            new Person("hamlet", "hamlet@zulip.com", "King Hamlet", Role.MEMBER, "Europe/Copenhagen"),
            new Person("othello", "othello@zulip.com", "Othello, the Moor of Venice", Role.MEMBER, "Europe/Rome"),
            new Person("cordelia", "cordelia@zulip.com", "Cordelia, Lear's daughter", Role.MEMBER, "Europe/London"),
            new Person("prospero", "prospero@zulip.com", "Prospero from The Tempest", Role.MEMBER, "America/Los_Angeles"),
            new Person("zoe", "ZOE@zulip.com", "Zoe", Role.MEMBER, "America/New_York"),
            new Person("aaron", "AARON@zulip.com", "aaron", Role.MEMBER, "America/Chicago"),
            new Person("polonius", "polonius@zulip.com", "Polonius", Role.GUEST, "Europe/Copenhagen"),
            new Person("horatio", "horatio@zulip.com", "Horatio", Role.MODERATOR, "Europe/Copenhagen"),
            new Person("portia", "portia@zulip.com", "Portia", Role.ADMINISTRATOR, "Europe/Rome"),
            new Person("ophelia", "ophelia@zulip.com", "Ophelia", Role.MEMBER, "Europe/Copenhagen"),
            new Person("laertes", "laertes@zulip.com", "Laertes", Role.MEMBER, "Europe/Paris"),
            new Person("gertrude", "gertrude@zulip.com", "Queen Gertrude", Role.MEMBER, "Europe/Copenhagen"),
            new Person("miranda", "miranda@zulip.com", "Miranda", Role.MEMBER, "America/Los_Angeles"),
            new Person("ariel", "ariel@zulip.com", "Ariel", Role.MEMBER, "Pacific/Auckland"),
            new Person("caliban", "caliban@zulip.com", "Caliban", Role.GUEST, "Atlantic/Bermuda"),
            new Person("juliet", "juliet@zulip.com", "Juliet", Role.MEMBER, "Europe/Rome"),
            new Person("romeo", "romeo@zulip.com", "Romeo", Role.MEMBER, "Europe/Rome"),
            new Person("mercutio", "mercutio@zulip.com", "Mercutio", Role.MEMBER, "Europe/Rome"),
            new Person("antonio", "antonio@zulip.com", "Antonio", Role.MEMBER, "Europe/Rome"),
            new Person("viola", "viola@zulip.com", "Viola", Role.MEMBER, "Europe/Zagreb"),
            new Person("olivia", "olivia@zulip.com", "Olivia", Role.MEMBER, "Europe/Zagreb"),
            new Person("malvolio", "malvolio@zulip.com", "Malvolio", Role.MEMBER, "Europe/Zagreb"),
            new Person("puck", "puck@zulip.com", "Puck", Role.MEMBER, "Europe/Athens"),
            new Person("titania", "titania@zulip.com", "Titania", Role.MEMBER, "Europe/Athens"),
            new Person("macbeth", "macbeth@zulip.com", "Macbeth", Role.MEMBER, "Europe/London"),
            new Person("banquo", "banquo@zulip.com", "Banquo", Role.MEMBER, "Europe/London"),
            new Person("rosalind", "rosalind@zulip.com", "Rosalind", Role.MEMBER, "Europe/Paris"),
            new Person("beatrice", "beatrice@zulip.com", "Beatrice", Role.MEMBER, "Europe/Madrid"),
            new Person("benedick", "benedick@zulip.com", "Benedick", Role.MEMBER, "Europe/Madrid"),
            new Person("lear", "lear@zulip.com", "King Lear", Role.MEMBER, "Europe/London"));

    static final List<ChannelSpec> CHANNELS = List.of(
            new ChannelSpec("Verona", "A city in Italy", false, true, List.of("*", "polonius")),
            new ChannelSpec("Denmark", "A Scandinavian country", false, true, List.of("*", "polonius")),
            new ChannelSpec("Scotland", "Located in the United Kingdom", false, false,
                    List.of("iago", "hamlet", "cordelia", "macbeth", "banquo", "lear", "horatio", "zoe", "shiva", "desdemona")),
            new ChannelSpec("Venice", "A northeastern Italian city", false, false,
                    List.of("othello", "desdemona", "iago", "portia", "antonio", "prospero", "miranda", "aaron", "caliban")),
            new ChannelSpec("Rome", "Yet another Italian city", false, false,
                    List.of("*")),
            new ChannelSpec("core team", "A private channel for core team members", true, false,
                    List.of("desdemona", "iago", "shiva", "hamlet", "othello", "cordelia", "prospero", "portia", "horatio", "zoe")),
            new ChannelSpec("design", "Mock-ups, icons and **colour** debates", false, false,
                    List.of("cordelia", "zoe", "ophelia", "viola", "olivia", "titania", "iago", "rosalind")),
            new ChannelSpec("social", "Lunch, dinner and everything in between", false, false, List.of("*")));

    /** What the history needs: everyone by key, the custom emoji's id, the channels' ids. */
    record Cast(Map<String, User> people, Map<String, User> bots, String greenTickId, Map<String, Long> channelIds,
                Map<String, List<String>> channelMembers) {
        User get(String key) {
            User u = people.containsKey(key) ? people.get(key) : bots.get(key);
            if (u == null) throw new IllegalArgumentException("no demo user " + key);
            return u;
        }
    }

    private final Modules m;
    private final DemoClock clock;

    DemoOrg(Modules modules, DemoClock clock) {
        this.m = modules;
        this.clock = clock;
    }

    /** Creates everyone and everything; people join every ten minutes or so. */
    Cast build(User firstOwner, String password) {
        Map<String, User> people = new LinkedHashMap<>();
        people.put("owner", firstOwner);
        UserActions users = m.users().actions;
        String hash = Passwords.hash(password);
        int i = 0;
        for (Person p : PEOPLE) {
            clock.advanceMinutes(i++ < 3 ? 7 : 11);
            User u = users.doCreateUser(new UserActions.NewUser(p.email(), null, p.fullName(), p.role(), null, null, false));
            users.doSetPasswordHash(u, hash);
            users.doSetTimezone(u, p.timezone());
            people.put(p.key(), u);
        }
        User iago = people.get("iago");
        Map<String, User> bots = new LinkedHashMap<>();
        bots.put("default-bot", users.doCreateUser(new UserActions.NewUser("default-bot@zulip.com", null, "Zulip Default Bot",
                Role.MEMBER, 1, people.get("hamlet").id(), false)));
        bots.put("webhook-bot", users.doCreateUser(new UserActions.NewUser("webhook-bot@zulip.com", null, "Zulip Webhook Bot",
                Role.MEMBER, 2, iago.id(), false)));
        bots.put("outgoing-bot", users.doCreateUser(new UserActions.NewUser("outgoing-webhook@zulip.com", null, "Outgoing Webhook",
                Role.MEMBER, 3, people.get("othello").id(), false)));
        clock.advanceMinutes(30);
        profileFields(iago, people);
        String tick = String.valueOf(m.emoji().actions.checkAdd(iago,
                new EmojiActions.NewEmoji("green_tick", List.of(DemoImages.greenTick()))).id());
        linkifiers();
        groups(iago, people);
        Map<String, List<String>> members = new LinkedHashMap<>();
        Map<String, Long> channels = channels(iago, people, members);
        statuses(people);
        return new Cast(people, bots, tick, channels, members);
    }

    /** Zulip's development server's fields, with values for a few people (Hamlet's as in Zulip's API documentation). */
    private void profileFields(User iago, Map<String, User> people) {
        ProfileFieldActions f = m.users().profileFields;
        String editors = "{\"0\":{\"text\":\"Vim\",\"order\":\"1\"},\"1\":{\"text\":\"Emacs\",\"order\":\"2\"}}";
        long phone = f.checkCreate(iago, field("Phone number", "", 1, "", false));
        long bio = f.checkCreate(iago, field("Biography", "What are you known for?", 2, "", false));
        long food = f.checkCreate(iago, field("Favorite food", "Or drink, if you'd prefer", 1, "", true));
        long editor = f.checkCreate(iago, field("Favorite editor", "", 3, editors, false));
        long birthday = f.checkCreate(iago, field("Birthday", "", 4, "", false));
        long site = f.checkCreate(iago, field("Favorite website", "Or your personal blog's URL", 5, "", false));
        long mentor = f.checkCreate(iago, field("Mentor", "", 6, "", false));
        long github = f.checkCreate(iago, field("GitHub username", "", 7, "{\"subtype\":\"github\"}", false));
        long pronouns = f.checkCreate(iago, field("Pronouns", "What pronouns should people use to refer to you?", 8, "", true));
        long iagoId = iago.id();
        values(people.get("hamlet"), phone, "+0-11-23-456-7890", bio, "I am:\n* The prince of Denmark\n* Nephew to the usurping Claudius",
                food, "Dark chocolate", editor, "0", birthday, "1900-01-01", site, "https://blog.zulig.com", github, "zulipbot",
                pronouns, "he/him");
        values(people.get("iago"), bio, "Ancient: an ensign, and the most honest man in **Venice**.", food, "Polenta", editor, "1",
                github, "iago-dev", pronouns, "he/him");
        values(people.get("cordelia"), bio, "Love, and be silent.", food, "Salt", editor, "0", birthday, "1606-12-26",
                site, "https://en.wikipedia.org/wiki/Cordelia_(King_Lear)", pronouns, "she/her");
        values(people.get("othello"), food, "Figs", editor, "1", pronouns, "he/him", phone, "+39-041-555-0100");
        values(people.get("prospero"), bio, "Retired duke. *Books over dukedom.*", site, "https://en.wikipedia.org/wiki/The_Tempest",
                github, "prospero", pronouns, "he/him");
        values(people.get("zoe"), food, "Tiramisu", editor, "0", pronouns, "she/her", github, "zoe-codes");
        values(people.get("desdemona"), food, "Strawberries", pronouns, "she/her", bio, "Owner of this organization.");
        values(people.get("aaron"), editor, "1", food, "Coffee");
        for (String k : List.of("hamlet", "cordelia", "zoe", "aaron", "ophelia")) {
            m.users().profileFields.checkUpdateOwnData(people.get(k), Json.MAPPER.createArrayNode()
                    .add(Json.object().put("id", mentor).set("value", Json.MAPPER.createArrayNode().add(iagoId))));
        }
    }

    private static ProfileFieldActions.FieldSpec field(String name, String hint, int type, String data, boolean summary) {
        return new ProfileFieldActions.FieldSpec(name, hint, type, data, summary, false, true, false);
    }

    /** Sets the person's own values (id, value, id, value, ...), as PATCH /users/me/profile_data would. */
    private void values(User u, Object... pairs) {
        ArrayNode data = Json.MAPPER.createArrayNode();
        for (int i = 0; i < pairs.length; i += 2) data.add(Json.object().put("id", (long) pairs[i]).put("value", (String) pairs[i + 1]));
        m.users().profileFields.checkUpdateOwnData(u, data);
    }

    private void linkifiers() {
        LinkifierActions l = m.linkifiers().actions;
        l.checkAdd(new LinkifierActions.Fields("#(?P<id>[0-9]+)", "https://github.com/zulip/zulip/issues/{id}", "#1234", null, null));
        l.checkAdd(new LinkifierActions.Fields("CVE-(?P<year>[0-9]{4})-(?P<id>[0-9]+)",
                "https://www.cve.org/CVERecord?id=CVE-{year}-{id}", "CVE-2024-1234", null, null));
    }

    private void groups(User iago, Map<String, User> people) {
        GroupActions g = m.groups().actions;
        g.checkCreate(iago, new GroupActions.NewGroup("hamletcharacters", "Characters of Hamlet",
                ids(people, "hamlet", "ophelia", "horatio", "laertes", "gertrude", "polonius"), List.of(), Map.of()));
        long backend = g.checkCreate(iago, new GroupActions.NewGroup("backend", "Server and database people",
                ids(people, "iago", "othello", "prospero", "aaron", "shiva"), List.of(), Map.of()));
        long frontend = g.checkCreate(iago, new GroupActions.NewGroup("frontend", "Web and mobile client people",
                ids(people, "cordelia", "zoe", "viola", "rosalind"), List.of(), Map.of()));
        g.checkCreate(iago, new GroupActions.NewGroup("engineering", "Everyone who ships code",
                ids(people, "hamlet"), List.of(backend, frontend), Map.of()));
        g.checkCreate(iago, new GroupActions.NewGroup("support", "First line for users' questions",
                ids(people, "horatio", "portia", "beatrice", "benedick"), List.of(), Map.of()));
    }

    /** Creates the channels as Iago, with their subscribers; fills `memberKeys` (channel name → people's keys). */
    private Map<String, Long> channels(User iago, Map<String, User> people, Map<String, List<String>> memberKeys) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (ChannelSpec c : CHANNELS) {
            List<String> keys = new ArrayList<>();
            for (String k : c.members()) {
                if (k.equals("*")) {
                    for (var e : people.entrySet()) if (!e.getValue().isGuest()) keys.add(e.getKey());
                } else {
                    keys.add(k);
                }
            }
            if (!keys.contains("iago")) keys.add("iago"); // the creator stays in (a private channel's first administrator)
            memberKeys.put(c.name(), List.copyOf(keys));
            List<Long> members = keys.stream().map(k -> people.get(k).id()).toList();
            var asked = new ChannelCreateRules.Asked(c.inviteOnly(), false, !c.inviteOnly(), c.isDefault(), false, null, "inherit", null,
                    Json.object());
            out.put(c.name(), m.channels().actions.checkCreate(iago,
                    new ChannelActions.CreateInput(c.name(), c.description(), asked, members, false)));
        }
        return out;
    }

    private void statuses(Map<String, User> people) {
        UserStatusActions s = m.userStatus().actions;
        s.checkUpdate(people.get("prospero"), new UserStatusActions.StatusInput(null, "On vacation", "palm_tree", null, null), "website");
        s.checkUpdate(people.get("othello"), new UserStatusActions.StatusInput(null, "In a meeting", "calendar", null, null), "website");
        s.checkUpdate(people.get("ariel"), new UserStatusActions.StatusInput(null, "Working remotely", "house", null, null), "website");
    }

    private static List<Long> ids(Map<String, User> people, String... keys) {
        List<Long> out = new ArrayList<>();
        for (String k : keys) out.add(people.get(k).id());
        return out;
    }
}
