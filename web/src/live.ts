// The connection to the server: POST /register, the GET /events long-poll loop (resuming the same
// queue across network failures and server restarts; re-registering on BAD_EVENT_QUEUE_ID), and
// loading the current narrow's messages.
import { signal } from '@preact/signals';
import { api, ApiError } from './api.ts';
import { Store, emptyFeed } from './state.ts';
import { applyEvent } from './events.ts';
import { notifyIfWanted } from './notify.ts';
import { isSearch, narrowKey, toApiNarrow, type Narrow } from './narrow.ts';
import type { Message, ServerEvent } from './types.ts';

export const store = signal<Store | null>(null);
/** 'ok' while events flow; 'reconnecting' while the server cannot be reached. */
export const connection = signal<'ok' | 'reconnecting'>('ok');

const CAPABILITIES = {
  notification_settings_null: true, bulk_message_deletion: true, user_avatar_url_field_optional: false,
  stream_typing_notifications: true, user_settings_object: true, empty_topic_name: true,
  simplified_presence_events: true, archived_channels: false, linkifier_url_template: true,
  include_deactivated_groups: false, user_list_incomplete: false,
};

let queueId = '';
let lastEventId = -1;
let generation = 0;

export async function register(): Promise<Store> {
  const reg = await api.post<Record<string, any>>('/register', {
    apply_markdown: true, client_gravatar: true, slim_presence: true, include_subscribers: 'false',
    client_capabilities: CAPABILITIES,
  });
  queueId = reg.queue_id;
  lastEventId = reg.last_event_id;
  const s = new Store(reg);
  store.value = s;
  return s;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs until `stop()`; every failure other than a lost queue is retried with the same queue. */
export async function pollLoop(onReset: (s: Store) => void) {
  const mine = ++generation;
  let backoff = 500;
  while (mine === generation) {
    try {
      const r = await api.get<{ events: ServerEvent[] }>('/events', { queue_id: queueId, last_event_id: lastEventId });
      if (mine !== generation) return;
      connection.value = 'ok';
      backoff = 500;
      const s = store.value!;
      for (const ev of r.events) {
        lastEventId = Math.max(lastEventId, ev.id);
        try {
          applyEvent(s, ev);
          notifyIfWanted(s, ev);
        } catch (e) {
          console.error('event', ev, e);
        }
      }
    } catch (e) {
      if (mine !== generation) return;
      if (e instanceof ApiError && e.code === 'BAD_EVENT_QUEUE_ID') {
        try {
          const s = await register();
          connection.value = 'ok';
          onReset(s);
        } catch {
          connection.value = 'reconnecting';
          await sleep(backoff);
        }
        continue;
      }
      if (e instanceof ApiError && e.status === 401) { location.reload(); return; }
      connection.value = 'reconnecting';
      await sleep(backoff);
      backoff = Math.min(backoff * 2, 5000);
    }
  }
}

export const stopPolling = () => { generation++; };

const PAGE = 100;

/** The narrow for /messages: without `near`, and `me` (Zulip's `sender/me` views) as the user's id. */
function apiTerms(terms: Narrow, myId: number): Narrow {
  return terms.filter((t) => t.operator !== 'near')
    .map((t) => (t.operand === 'me' && (t.operator === 'sender' || t.operator === 'dm') ? { ...t, operand: String(myId) } : t));
}

/** The fetch started last: start() begins it before the first render, and App's mount effect must not repeat it. */
let started: { s: Store; key: string } | null = null;

/** Shows a narrow: the messages around its first unread (or a linked message), newest otherwise. */
export async function loadNarrow(terms: Narrow) {
  const s = store.value!;
  const key = narrowKey(terms);
  if (started?.s === s && started.key === key && s.feed.value.key === key) return;
  started = { s, key };
  const near = terms.find((t) => t.operator === 'near' || t.operator === 'with');
  const filter = apiTerms(terms, s.myId);
  s.feed.value = emptyFeed(terms);
  const anchor = near ? near.operand : isSearch(terms) ? 'newest' : 'first_unread';
  try {
    const r = await api.get<{ messages: Message[]; found_oldest: boolean; found_newest: boolean; anchor: number }>('/messages', {
      anchor, num_before: PAGE, num_after: PAGE, narrow: toApiNarrow(filter), apply_markdown: true, client_gravatar: true, allow_empty_topic_name: true,
    });
    if (s.feed.value.key !== key || store.value !== s) return;
    const ids = s.addFetched(r.messages);
    const anchorId = near ? Number(near.operand) : r.messages.find((m) => !(m.flags ?? []).includes('read'))?.id;
    s.feed.value = { ...s.feed.value, ids, foundOldest: r.found_oldest, foundNewest: r.found_newest, loading: false, anchor: anchorId };
  } catch (e) {
    if (s.feed.value.key === key) s.feed.value = { ...s.feed.value, loading: false, error: (e as Error).message };
  }
}

let loadingMore = false;

/** Scrolling up or down past what is loaded fetches the next page by anchor. */
export async function loadMore(direction: 'older' | 'newer') {
  const s = store.value!;
  const f = s.feed.value;
  if (loadingMore || f.loading || f.ids.length === 0) return;
  if (direction === 'older' ? f.foundOldest : f.foundNewest) return;
  loadingMore = true;
  try {
    const anchor = direction === 'older' ? f.ids[0] : f.ids[f.ids.length - 1];
    const r = await api.get<{ messages: Message[]; found_oldest: boolean; found_newest: boolean }>('/messages', {
      anchor, include_anchor: false, num_before: direction === 'older' ? PAGE : 0, num_after: direction === 'newer' ? PAGE : 0,
      narrow: toApiNarrow(apiTerms(f.terms, s.myId)), apply_markdown: true, client_gravatar: true, allow_empty_topic_name: true,
    });
    const cur = s.feed.value;
    if (cur.key !== f.key) return;
    const fresh = s.addFetched(r.messages).filter((id) => !cur.ids.includes(id));
    s.feed.value = direction === 'older'
      ? { ...cur, ids: [...fresh, ...cur.ids], foundOldest: r.found_oldest, anchor: undefined }
      : { ...cur, ids: [...cur.ids, ...fresh], foundNewest: r.found_newest, anchor: undefined };
  } finally {
    loadingMore = false;
  }
}

/** Recent conversations: the latest messages of all channels and DMs. */
export async function loadRecent() {
  const s = store.value!;
  const r = await api.get<{ messages: Message[] }>('/messages', { anchor: 'newest', num_before: 400, num_after: 0, narrow: [], apply_markdown: true, client_gravatar: true });
  s.addFetched(r.messages);
}

export async function loadTopics(streamId: number) {
  const s = store.value!;
  const r = await api.get<{ topics: { name: string; max_id: number }[] }>(`/users/me/${streamId}/topics`);
  const t = new Map(s.topics.value);
  t.set(streamId, r.topics.map((x) => ({ name: x.name, maxId: x.max_id })).sort((a, b) => b.maxId - a.maxId));
  s.topics.value = t;
}

// Mark as read, in batches.
const pendingRead = new Set<number>();
let readTimer: ReturnType<typeof setTimeout> | undefined;

export function markRead(ids: number[]) {
  const s = store.value!;
  const fresh = s.unread.remove(ids);
  if (!fresh.length) return;
  s.bumpUnread();
  for (const id of fresh) pendingRead.add(id);
  clearTimeout(readTimer);
  readTimer = setTimeout(flushRead, 150);
}

async function flushRead() {
  const ids = [...pendingRead];
  pendingRead.clear();
  if (ids.length) await api.post('/messages/flags', { messages: ids, op: 'add', flag: 'read' }).catch(() => undefined);
}

/** Presence: say we are here now and every minute, and take everyone's state from the answer. */
export function startPresence() {
  const ping = async () => {
    const s = store.value;
    if (!s) return;
    try {
      const r = await api.post<{ presences?: Record<string, any> }>('/users/me/presence', {
        status: document.visibilityState === 'visible' ? 'active' : 'idle', new_user_input: true, slim_presence: true,
      });
      if (r.presences) {
        const m = new Map(s.presence.value);
        for (const [id, p] of Object.entries(r.presences)) m.set(Number(id), p);
        s.presence.value = m;
      }
    } catch { /* the next ping retries */ }
  };
  void ping();
  return setInterval(ping, 60000);
}
