// The URL a service posts to, as Zulip's "Generate URL for an integration" builds it: the integration's
// endpoint, the incoming-webhook bot's key, the channel by id (none: a direct message to the bot's owner),
// the topic (none: the integration's own), and the integration's URL options that were filled in.

export type UrlOption = { key: string; label: string; input_type: string };
export type IntegrationDescriptor = { name: string; display_name: string; all_event_types: string[] | null; url_options: UrlOption[] };

export function integrationUrl(origin: string, integration: string, apiKey: string, streamId: number | null, topic: string,
  options: Record<string, string | boolean> = {}): string {
  const params = new URLSearchParams({ api_key: apiKey });
  if (streamId !== null) {
    params.set('stream', String(streamId));
    if (topic.trim()) params.set('topic', topic.trim());
  }
  for (const [key, v] of Object.entries(options)) {
    if (v === true) params.set(key, 'true');
    else if (typeof v === 'string' && v.trim()) params.set(key, v.trim());
  }
  return `${origin}/api/v1/external/${encodeURIComponent(integration)}?${params}`;
}
