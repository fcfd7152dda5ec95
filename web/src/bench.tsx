// In-browser benchmark (dev server only: /static/bench.html): time to render a narrow of 1,000
// messages, and to append one live message while 5,000 are loaded. Results land in window.__bench.
import { render } from 'preact';
import './styles.css';
import { store } from './live.ts';
import { Store, emptyFeed } from './state.ts';
import { applyEvent } from './events.ts';
import { Feed } from './ui/Feed.tsx';
import type { Message } from './types.ts';

const ME = 1;
const users = Array.from({ length: 50 }, (_, i) => ({ user_id: i + 1, full_name: `User ${i + 1}`, email: `u${i + 1}@x`, role: 400, is_bot: false }));

function makeStore(): Store {
  return new Store({
    user_id: ME, realm_users: users, realm_empty_topic_display_name: 'general chat',
    subscriptions: [{ stream_id: 1, name: 'general', color: '#76ce90', is_muted: false, pin_to_top: false, description: '', invite_only: false }],
    unread_msgs: { streams: [], pms: [], huddles: [], mentions: [] }, user_settings: {}, presences: {}, user_topics: [], drafts: [],
  });
}

const message = (id: number): Message => ({
  id, sender_id: 1 + ((id / 3) | 0) % 50, sender_full_name: `User ${1 + ((id / 3) | 0) % 50}`, sender_email: 'u@x', type: 'stream', stream_id: 1,
  subject: `topic ${(id / 20) | 0}`, display_recipient: 'general', timestamp: 1_700_000_000 + id * 30, reactions: id % 7 ? [] : [{ emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: 2 }],
  content: `<p>Message <strong>${id}</strong>: a line of text that is about as long as a typical chat message, with a <a href="https://example.org">link</a>.</p>`,
  flags: ['read'],
});

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
const settle = async () => { await new Promise((r) => setTimeout(r, 0)); void document.body.offsetHeight; await frame(); };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const root = document.getElementById('app')!;

async function showNarrow(n: number): Promise<{ s: Store; ms: number }> {
  render(null, root);
  const s = makeStore();
  store.value = s;
  const terms = [{ operator: 'channel', operand: '1' }];
  s.feed.value = { ...emptyFeed(terms), foundOldest: true, foundNewest: true };
  render(<Feed terms={terms} />, root);
  await settle();
  const ids = s.addFetched(Array.from({ length: n }, (_, i) => message(i + 1)));
  const t0 = performance.now();
  s.feed.value = { ...s.feed.value, ids, loading: false };
  await settle();
  return { s, ms: performance.now() - t0 };
}

async function run() {
  const renderTimes: number[] = [];
  for (let i = 0; i < 5; i++) renderTimes.push((await showNarrow(1000)).ms);
  const { s } = await showNarrow(5000);
  const appendTimes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    applyEvent(s, { id: i, type: 'message', message: message(5001 + i), flags: ['read'] });
    await settle();
    appendTimes.push(performance.now() - t0);
  }
  const result = { render1000ms: median(renderTimes), append5000ms: median(appendTimes), messagesInDom: document.querySelectorAll('.message').length };
  (window as any).__bench = result;
  console.log(JSON.stringify(result));
}

void run();
