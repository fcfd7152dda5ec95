package dev.stoa.integrations;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.List;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * POST /api/v1/external/{integration} (Zulip's webhook views): HttpFront authenticated the account by
 * its {@code api_key} (or Basic); the integration turns the provider's request into a topic and body,
 * Zulip's only_events/exclude_events filter it, and the action posts it as the account.
 */
public final class IncomingWebhookViews {
    /** Zulip's webhook_unsupported_events_logger: an event type nobody handles yet, worth knowing about. */
    private static final Logger UNSUPPORTED = LoggerFactory.getLogger("dev.stoa.integrations.unsupported");

    private final Integrations integrations;
    private final IncomingWebhookActions actions;

    public IncomingWebhookViews(Integrations integrations, IncomingWebhookActions actions) {
        this.integrations = integrations;
        this.actions = actions;
    }

    public Object post(Request req) {
        Integration integration = integrations.byName(req.pathParam("integration"))
                .orElseThrow(() -> ApiError.of(ErrorCode.BAD_REQUEST, 404, "Not Found"));
        String stream = req.raw("stream");
        String topic = req.raw("topic");
        List<String> only = patterns(req, "only_events"), exclude = patterns(req, "exclude_events");
        var in = new WebhookRequest(req.body(), req.contentType(), req::header, req::raw, integration.webhookName());
        Integration.Outcome outcome;
        try {
            outcome = integration.handle(in);
        } catch (ApiError e) {
            if (e.code() == ErrorCode.UNSUPPORTED_WEBHOOK_EVENT_TYPE) {
                UNSUPPORTED.warn("{} webhook: unsupported event type {}", integration.webhookName(), e.extra().get("event_type"));
            }
            throw e;
        }
        List<Integration.Post> posts = switch (outcome) {
            case Integration.Post p -> List.of(p);
            case Integration.Many many -> many.posts();
            case Integration.Nothing n -> List.of();
        };
        for (Integration.Post post : posts) {
            if (!wanted(post.eventType(), only, exclude)) continue;
            String chosenTopic = topic != null ? topic : post.topic();
            actions.checkPost(req.user(), new IncomingWebhookActions.WebhookMessage(stream, chosenTopic, post.body(), integration.clientName()));
        }
        return Json.success();
    }

    private static List<String> patterns(Request req, String name) {
        if (req.raw(name) == null) return null;
        return req.stringList(name);
    }

    /** Zulip's filter: Unix shell-style wildcards (fnmatch) against the integration's event type. */
    static boolean wanted(String eventType, List<String> only, List<String> exclude) {
        if (eventType == null) return true;
        if (only != null && only.stream().noneMatch(p -> fnmatch(eventType, p))) return false;
        return exclude == null || exclude.stream().noneMatch(p -> fnmatch(eventType, p));
    }

    /** Python's fnmatch.fnmatch on POSIX: * any run, ? one character, [seq] and [!seq] a set; case-sensitive. */
    static boolean fnmatch(String name, String pattern) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*') re.append(".*");
            else if (c == '?') re.append('.');
            else if (c == '[' && pattern.indexOf(']', i + 2) > 0) {
                int end = pattern.indexOf(']', i + 2);
                String set = pattern.substring(i + 1, end);
                re.append('[').append(set.startsWith("!") ? "^" + quoteSet(set.substring(1)) : quoteSet(set)).append(']');
                i = end;
            } else re.append(Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL).matcher(name).matches();
    }

    private static String quoteSet(String set) {
        return set.replace("\\", "\\\\").replace("[", "\\[").replace("^", "\\^").replace("&", "\\&");
    }
}
