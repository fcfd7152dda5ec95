package dev.stoa.integrations;

import java.util.List;

/**
 * One incoming-webhook integration, Zulip's way: it parses the provider's payload (typed records or a
 * {@link Payload}) and chooses the topic and Markdown body; the framework authenticates, filters
 * events, picks the conversation and posts. Adding one is a class and a line in {@link Integrations}.
 */
public interface Integration {
    /** The URL segment and register's {@code name}: /api/v1/external/{name}. */
    String name();

    /** Register's {@code display_name} ("GitHub"). */
    String displayName();

    /** The name Zulip's webhook_view gives it, in its error messages and client ("Bitbucket2"); mostly the display name. */
    default String webhookName() { return displayName(); }

    /** Event types for {@code only_events}/{@code exclude_events}, or null when the integration does not filter. */
    default List<String> allEventTypes() { return null; }

    /** Register's {@code config_options} (Zulip's WebhookConfigOption). */
    default List<Option> configOptions() { return List.of(); }

    /** Register's {@code url_options}: extra URL parameters the integration reads. */
    default List<UrlOption> urlOptions() { return List.of(); }

    /** The message for this request; throws an ApiError for a malformed or unsupported one. */
    Outcome handle(WebhookRequest request);

    /** The client recorded on the messages posted, as Zulip names it ("ZulipGitHubWebhook"). */
    default String clientName() { return "Zulip" + webhookName().replace(" ", "") + "Webhook"; }

    record Option(String key, String label, String validator) {}

    /** {@code input_type}: "text" for a string, "checkbox" for a boolean (what the web client shows). */
    record UrlOption(String key, String label, String inputType) {}

    /** What a request produces: one message, or nothing (an event the provider sends that Zulip ignores). */
    sealed interface Outcome {}

    /** {@code eventType}: matched against only_events/exclude_events; null when the integration does not filter. */
    record Post(String topic, String body, String eventType) implements Outcome {}

    record Nothing() implements Outcome {}

    /** Several messages from one request (an alert group by instance), each sent as its own message. */
    record Many(List<Post> posts) implements Outcome {}

    static Post post(String topic, String body, String eventType) { return new Post(topic, body, eventType); }

    static Nothing nothing() { return new Nothing(); }
}
