package dev.stoa.messages;

import dev.stoa.http.Json;
import dev.stoa.http.Request;

/** POST /realm/test_welcome_bot_custom_message. */
public final class WelcomeBotViews {
    private final WelcomeBot bot;

    public WelcomeBotViews(WelcomeBot bot) {
        this.bot = bot;
    }

    public Object testCustomMessage(Request req) {
        long id = bot.checkSendTest(req.user(), req.str("welcome_message_custom_text"));
        return Json.success().put("message_id", id);
    }
}
