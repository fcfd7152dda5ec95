package dev.stoa.cli.demo;

import java.util.ArrayList;
import java.util.List;

import static dev.stoa.cli.demo.DemoScript.channel;
import static dev.stoa.cli.demo.DemoScript.direct;

/** The demo's hand-written conversations (see DemoScript), oldest first. */
final class DemoScriptThreads {
    private DemoScriptThreads() {}

    static List<DemoScript.C> threads() {
        List<DemoScript.C> all = new ArrayList<>();
        all.addAll(firstWeek());
        all.addAll(secondWeek());
        all.addAll(thirdWeek());
        all.addAll(fourthWeek());
        return all;
    }

    private static List<DemoScript.C> firstWeek() {
        return List.of(
                channel("Denmark", "Introduction", 0, 9)
                        .say("hamlet", "Welcome to **Denmark**, everyone! This channel is for anything about the castle and the court. "
                                + "Say hello and tell us what you work on :wave:")
                        .react("horatio", "wave").react("ophelia", "heart")
                        .say("horatio", "Hi all, Horatio here. I keep the support queue tidy and write things down.")
                        .say("ophelia", "Hello! Ophelia: flowers, docs and the occasional song.")
                        .say("polonius", "Polonius, visiting as a guest. Neither a borrower nor a lender be :smile:")
                        .react("laertes", "laughing")
                        .say("laertes", "Laertes. Back from Paris for a few weeks, mostly on the fencing app."),
                channel("Verona", "questions", 0, 14)
                        .say("juliet", "What's in a name? Can I change my display name without losing my @-mentions?")
                        .say("iago", "Yes: mentions are stored by user ID, so `@**Juliet**` keeps pointing at you. "
                                + "Change it under *Settings → Profile*.")
                        .react("juliet", "+1")
                        .say("romeo", "Good to know. And the API? I have a script that uses emails.")
                        .say("iago", "Emails still work for now, but prefer IDs:\n```python\nimport zulip\n\nclient = zulip.Client(config_file=\"~/zuliprc\")\n"
                                + "result = client.get_members()\nfor user in result[\"members\"]:\n    print(user[\"user_id\"], user[\"full_name\"])\n```")
                        .react("romeo", "rocket").react("othello", "green_tick"),
                channel("Denmark", "Castle", 1, 10)
                        .say("hamlet", "Something is rotten in the state of Denmark. The east tower's Wi-Fi drops every evening at 8.")
                        .say("horatio", "I filed it as #2731. Looks like the access point reboots on a schedule.")
                        .say("gertrude", "Could we also get a second printer on the ground floor? The queue is endless.")
                        .say("hamlet", "> The queue is endless.\n\nSo is my patience with that printer :joy:")
                        .react("polonius", "joy").react("gertrude", "laughing")
                        .say("iago", "Ordered a new access point for the tower; it should arrive Thursday.")
                        .edit("Ordered a new access point for the tower; it arrives **Thursday** and @**Horatio** will install it.")
                        .react("hamlet", "tada").react("horatio", "+1"),
                channel("core team", "release planning", 2, 13)
                        .say("desdemona", "Let's plan the next release. What's in, what's out?")
                        .say("iago", "Proposed scope:\n1. Scheduled messages\n2. User status\n3. Faster register for large organizations\n"
                                + "4. ~~Realm exports~~ (next release)")
                        .say("prospero", "| Item | Owner | Status |\n|---|---|---|\n| Scheduled messages | Othello | in review |\n"
                                + "| User status | Cordelia | done |\n| Register speed-up | Prospero | in progress |")
                        .react("desdemona", "green_tick").react("shiva", "+1")
                        .say("othello", "@*backend* please review the scheduled messages branch this week; it touches the collector.")
                        .say("shiva", "On it. @**Othello, the Moor of Venice** is there a migration?")
                        .say("othello", "Yes, one table and an index. Nothing that locks the messages table.")
                        .say("desdemona", "Great. Target date: two weeks from today. :rocket:")
                        .react("iago", "rocket").react("hamlet", "rocket").react("zoe", "tada"),
                channel("Venice", "dinner", 3, 17)
                        .say("othello", "Dinner on the Grand Canal on Friday? I booked a table for eight.")
                        .say("desdemona", "Yes please! Is the place near the Rialto?")
                        .say("othello", "Right next to it. Bring a jacket, it gets windy on the water.")
                        .react("desdemona", "heart")
                        .say("portia", "I'll join, and I'll bring Antonio if he's back from the harbour.")
                        .say("antonio", "Back on Thursday, count me in :ship:"),
                channel("Verona", "new coffee machine", 4, 9)
                        .say("aaron", "The new coffee machine is here! It grinds the beans itself :coffee:")
                        .react("iago", "coffee").react("zoe", "tada").react("mercutio", "heart")
                        .say("mercutio", "A plague on the old one. It only made brown water.")
                        .say("iago", "Instructions are taped to the side. Please don't put tea leaves in the bean hopper again.")
                        .edit("Instructions are taped to the side. Please **don't** put tea leaves in the bean hopper again :pray:")
                        .say("zoe", "Who put tea leaves in the hopper?")
                        .say("aaron", "||The culprit shall remain anonymous.||"),
                channel("Scotland", "weather", 5, 8)
                        .say("macbeth", "So foul and fair a day I have not seen.")
                        .say("banquo", "Forecast says rain until Tuesday, then fog.")
                        .say("lear", "Blow, winds, and crack your cheeks! I'm working from home.")
                        .react("macbeth", "laughing").react("cordelia", "umbrella"),
                channel("core team", "deploy failure", 6, 15)
                        .say("prospero", "Staging deploy failed after the migration step:\n```text\nERROR: column \"status_text\" of relation "
                                + "\"user_status\" already exists\nMigration V81 failed, rolling back\n```")
                        .say("shiva", "That's the hand-applied fix from last week. The migration must be idempotent.")
                        .say("prospero", "Agreed. I'll make the migration check first and redeploy.")
                        .say("prospero", "Redeployed, all green :green_tick:")
                        .react("iago", "green_tick").react("desdemona", "+1")
                        .resolved());
    }

    private static List<DemoScript.C> secondWeek() {
        return List.of(
                channel("Rome", "travel tips", 7, 12)
                        .say("antonio", "Going to Rome next month. Must-sees beyond the Colosseum?")
                        .say("portia", "- The Pantheon at opening time\n- Trastevere for dinner\n- Villa Borghese (book ahead!)")
                        .react("antonio", "heart")
                        .say("juliet", "And gelato near the Trevi fountain, but not *right* at the fountain :wink:")
                        .say("viola", "The Capitoline Museums are underrated. Also: comfy shoes."),
                direct(7, 16, "hamlet", "iago")
                        .say("hamlet", "Iago, do you have a minute to look at my access request for #**core team**?")
                        .say("iago", "Done, you're in. Welcome aboard.")
                        .say("hamlet", "Thanks!"),
                channel("Rome", "party at my house", 8, 18)
                        .say("mercutio", "Party at my house on Saturday! Costumes optional, puns mandatory.")
                        .react("romeo", "tada").react("benedick", "tada").react("beatrice", "eyes")
                        .say("romeo", "Wouldn't miss it.")
                        .say("beatrice", "I'll come if Benedick promises not to talk.")
                        .say("benedick", "I'll come if Beatrice promises to listen.")
                        .react("mercutio", "joy"),
                channel("design", "dark theme", 9, 10)
                        .say("cordelia", "First pass at the dark theme is up for review. Contrast checked against WCAG AA.")
                        .say("zoe", "Looks great. The unread counter is hard to see on the sidebar, though.")
                        .say("viola", "Agree. Maybe the accent colour at 80%?")
                        .say("cordelia", "Tried it: much better. Updated the mock-ups.")
                        .react("zoe", "heart").react("viola", "+1").react("titania", "sparkles")
                        .say("rosalind", "Can we make sure code blocks keep their syntax colours in dark mode?")
                        .say("cordelia", "Yes, the highlighting palette has a dark variant now."),
                channel("core team", "CI build times", 10, 11)
                        .say("shiva", "Build times since we split the test suite per package and cached dependencies:\n{chart}")
                        .react("iago", "rocket").react("prospero", "tada")
                        .say("prospero", "From 2.5 hours of CPU to about an hour. Nice work @**शिव**!")
                        .say("iago", "Next: run the PostgreSQL pass only on changed packages?"),
                channel("Verona", "balcony renovation", 11, 19)
                        .say("juliet", "The balcony renovation starts Monday. Please use the side entrance for two weeks.")
                        .say("romeo", "Parting is such sweet sorrow :cry:")
                        .say("iago", "I'll put a sign on the front door.")
                        .react("juliet", "pray"),
                direct(12, 9, "hamlet", "othello", "cordelia")
                        .say("cordelia", "Quick sync about the onboarding docs? I drafted the outline.")
                        .say("othello", "Sure, after lunch?")
                        .say("hamlet", "Works for me. Let's use #**Denmark>Castle** if it turns into a bigger discussion."),
                channel("social", "book club", 13, 18)
                        .say("rosalind", "This month's book: *The Tempest*. Discussion next Thursday.")
                        .say("prospero", "I may be slightly biased.")
                        .react("rosalind", "joy").react("miranda", "joy").react("ariel", "laughing")
                        .say("miranda", "```spoiler The ending\nEveryone is forgiven, and Ariel is set free.\n```")
                        .say("ariel", "Finally!"));
    }

    private static List<DemoScript.C> thirdWeek() {
        return List.of(
                channel("Denmark", "security", 14, 10)
                        .say("horatio", "Heads-up: CVE-2024-3094 affects the old build image. The new one is not vulnerable.")
                        .say("hamlet", "Thanks. Is anything in production on the old image?")
                        .say("horatio", "No, only the nightly job; I rebuilt it this morning.")
                        .react("hamlet", "green_tick"),
                channel("core team", "typing notifications", 15, 14)
                        .say("zoe", "Typing notifications lag by a second or two on mobile. Known issue?")
                        .say("othello", "The client batches them. Server side they go out immediately; see #2812.")
                        .say("zoe", "Then it's the client. I'll open an issue there.")
                        .say("cordelia", "@_**Zoe** the web client sends them every 10 seconds while typing, per the API docs."),
                channel("Verona", "API examples", 16, 10)
                        .say("iago", "Reminder: Zulip's API examples run as written against this organization. Sending a message:\n"
                                + "```python\nrequest = {\n    \"type\": \"stream\",\n    \"to\": \"Denmark\",\n    \"topic\": \"Castle\",\n"
                                + "    \"content\": \"I come not, friends, to steal away your hearts.\",\n}\nresult = client.send_message(request)\n```")
                        .react("aaron", "+1").react("romeo", "rocket")
                        .say("aaron", "And with curl:\n```bash\ncurl -sSX POST http://localhost:9991/api/v1/messages \\\n"
                                + "    -u iago@zulip.com:$API_KEY \\\n    --data-urlencode type=stream \\\n    --data-urlencode to=Denmark \\\n"
                                + "    --data-urlencode topic=Castle \\\n    --data-urlencode 'content=I come not, friends, to steal away your hearts.'\n```")
                        .say("iago", "Exactly. Your API key is under *Settings → Account & privacy*."),
                channel("Scotland", "golf", 17, 13)
                        .say("banquo", "Golf at St Andrews on Sunday? Tee time 9:40.")
                        .say("macbeth", "I'll be there. Will the witches be caddying again?")
                        .say("banquo", "Let's not.")
                        .react("lear", "joy").react("horatio", "joy"),
                channel("design", "new icons", 18, 11)
                        .say("titania", "New icon set for the channel settings. Feedback welcome, especially from @*frontend*.")
                        .say("olivia", "The archive icon reads as *delete* to me.")
                        .say("titania", "Good point, switching to a box with an arrow.")
                        .edit("Good point, switching to a box with an arrow. Updated in the file.")
                        .react("olivia", "+1"),
                direct(19, 15, "desdemona", "iago")
                        .say("desdemona", "Can you prepare the quarterly access review? Admins and owners only.")
                        .say("iago", "Sure. I'll share the list by Friday.")
                        .react("desdemona", "pray"),
                channel("Venice", "Carnival", 20, 10)
                        .say("portia", "Carnival starts next week. Office closes early on Tuesday.")
                        .say("miranda", "O brave new world, that has such masks in it!")
                        .react("prospero", "heart").react("othello", "performing_arts")
                        .say("aaron", "Any recommendations for a mask shop?")
                        .say("antonio", "Ca' Macana near Campo San Barnaba."));
    }

    private static List<DemoScript.C> fourthWeek() {
        return List.of(
                channel("core team", "release planning", 22, 9)
                        .say("desdemona", "Release checklist status?")
                        .say("iago", "- [x] Changelog\n- [x] Migration notes\n- [ ] Final smoke test on PostgreSQL\n- [ ] Announcement")
                        .say("shiva", "Smoke test is running now.")
                        .say("shiva", "Smoke test passed :green_tick:")
                        .react("desdemona", "tada").react("othello", "tada").react("iago", "green_tick"),
                channel("Denmark", "Castle", 24, 11)
                        .say("horatio", "New access point in the east tower is installed. Wi-Fi has been stable for three evenings.")
                        .react("hamlet", "tada").react("gertrude", "heart")
                        .say("hamlet", "The rest is silence. Finally.")
                        .say("polonius", "Brevity is the soul of wit, and so is good Wi-Fi."),
                channel("Verona", "release announcement", 26, 10)
                        .say("iago", "Release 1.0 is out :tada: Highlights: scheduled messages, user status and a much faster register. "
                                + "Thanks to @*engineering* and everyone who tested!")
                        .react("desdemona", "tada").react("hamlet", "tada").react("juliet", "heart").react("aaron", "rocket")
                        .say("juliet", "Congratulations everyone!")
                        .say("mercutio", "Now we can party at my house again."),
                channel("Rome", "travel tips", 27, 8)
                        .say("antonio", "Back from Rome. The Pantheon at opening time was the best tip, thanks @**Portia**!")
                        .say("portia", "Told you :smile:"),
                channel("core team", "next steps", 27, 9)
                        .say("othello", "Next up: exports and imports. Draft plan in the wiki, comments welcome.")
                        .say("hamlet", "To be, or not to be... in scope. Can we include custom emoji in the export?")
                        .say("othello", "Yes, every table and every upload.")
                        .react("hamlet", "+1"),
                direct(27, 10, "hamlet", "iago")
                        .say("iago", "Hamlet, could you review the export plan when you have a moment?"));
    }
}
