package dev.stoa.integrations;


/** Zulip's generic "json" integration: any JSON body, posted pretty-printed in a code block under topic "JSON". */
final class JsonIntegration implements Integration {
    @Override public String name() { return "json"; }
    @Override public String displayName() { return "JSON formatter"; }
    @Override public String clientName() { return "ZulipJSONWebhook"; }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload payload = request.json();
        if (!payload.node().isObject()) throw IntegrationErrors.payloadIsNotDict(); // JsonBodyPayload[dict]
        return Integration.post("JSON", "```json\n" + PythonJson.dumps(payload.node()) + "\n```", null);
    }
}
