// Conversation actions shared by the sidebar's menus, the feed and the keyboard: mark as read,
// mute, follow, pin, leave, copy a link, and a topic's newest message (what a topic move or a
// resolve is made through). Every one calls the API; the changes come back as events.
import { t } from '../i18n/i18n.ts';
import { api, ApiError } from '../api.ts';
import { store } from '../live.ts';
import { toApiNarrow, type Narrow } from '../narrow.ts';
import type { Message } from '../types.ts';
import { hashFor, showToast } from './app-state.ts';
import { copyText } from './common.tsx';

export const fail = (e: unknown) => showToast(e instanceof ApiError ? e.message : t('Something went wrong.'), 'error');

export const channelTerms = (streamId: number): Narrow => [{ operator: 'channel', operand: String(streamId) }];
export const topicTerms = (streamId: number, topic: string): Narrow => [...channelTerms(streamId), { operator: 'topic', operand: topic }];

export const markAllRead = () => api.post('/mark_all_as_read').catch(fail);
export const markChannelRead = (streamId: number) => api.post('/mark_stream_as_read', { stream_id: streamId }).catch(fail);
export const markTopicRead = (streamId: number, topic: string) => api.post('/mark_topic_as_read', { stream_id: streamId, topic_name: topic }).catch(fail);
export const markDmRead = (userIds: number[]) =>
  api.post('/messages/flags/narrow', { anchor: 'oldest', num_before: 0, num_after: 5000, op: 'add', flag: 'read', narrow: toApiNarrow([{ operator: 'dm', operand: userIds.join(',') }]) }).catch(fail);

export const subProperty = (streamId: number, property: string, value: unknown) =>
  api.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: streamId, property, value }] }).catch(fail);

export const leaveChannel = (name: string) => api.del('/users/me/subscriptions', { subscriptions: [name] }).catch(fail);

export const copyLink = (terms: Narrow) => copyText(location.origin + '/' + hashFor(terms), t('Link copied.'));

/** The newest message of a topic (loaded, else fetched): topic moves and resolves act through one. */
export async function newestInTopic(streamId: number, topic: string): Promise<Message | undefined> {
  const s = store.value!;
  let best: Message | undefined;
  for (const m of s.messages.values()) {
    if (m.type === 'stream' && m.stream_id === streamId && m.subject.toLowerCase() === topic.toLowerCase() && (!best || m.id > best.id)) best = m;
  }
  if (best) return best;
  try {
    const r = await api.get<{ messages: Message[] }>('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: toApiNarrow(topicTerms(streamId, topic)), apply_markdown: true, allow_empty_topic_name: true });
    const ids = s.addFetched(r.messages);
    return ids.length ? s.messages.get(ids[0]!) : undefined;
  } catch (e) {
    fail(e);
    return undefined;
  }
}
