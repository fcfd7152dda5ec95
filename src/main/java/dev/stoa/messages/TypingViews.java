package dev.stoa.messages;

import dev.stoa.channels.ChannelErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.List;

/** POST /typing. */
public final class TypingViews {
    private final TypingActions actions;

    public TypingViews(TypingActions actions) {
        this.actions = actions;
    }

    public Object typing(Request req) {
        String op = req.str("op");
        if (!op.equals("start") && !op.equals("stop")) throw MessageErrors.invalidOp();
        String type = req.str("type", "direct");
        TypingActions.TypingInput in = switch (type) {
            case "direct", "private" -> {
                List<Long> to = req.longList("to");
                // Optional in Zulip's signature, required by type: a plain BAD_REQUEST there, not REQUEST_VARIABLE_MISSING.
                if (to == null) throw MessageErrors.missingToArgument();
                if (to.isEmpty()) throw MessageErrors.emptyToList();
                yield new TypingActions.TypingInput(op, true, to, 0, null);
            }
            case "stream", "channel" -> {
                long channelId = req.optLong("stream_id").orElseThrow(() -> ChannelErrors.missingStreamIdArgument());
                String topic = req.raw("topic");
                if (topic == null) throw MessageErrors.missingTopicArgument();
                yield new TypingActions.TypingInput(op, false, null, channelId, topic);
            }
            default -> throw MessageErrors.invalidType();
        };
        actions.checkTyping(req.user(), in);
        return Json.success();
    }
}
