import { describe, expect, it } from 'vitest';
import { Store, emptyFeed } from './state.ts';
import { applyEvent } from './events.ts';
import { topicKey } from './unread.ts';
import type { EventOf, HandledType, Message } from './types.ts';

const ME = 1;
const ADA = 3;

function store(): Store {
  const s = new Store({
    user_id: ME, realm_name: 'Test', realm_empty_topic_display_name: 'general chat',
    realm_users: [{ user_id: ME, full_name: 'Me', email: 'me@x', role: 400, is_bot: false }, { user_id: ADA, full_name: 'Ada', email: 'ada@x', role: 400, is_bot: false }],
    subscriptions: [{ stream_id: 7, name: 'design', color: '#f00', is_muted: false, pin_to_top: false, description: '', invite_only: false }],
    unread_msgs: { streams: [], pms: [], huddles: [], mentions: [] },
    user_settings: { color_scheme: 1 }, presences: {}, user_topics: [], drafts: [], recent_private_conversations: [],
  });
  return s;
}

function channelMessage(id: number, topic = 'logo', extra: Partial<Message> = {}): Message {
  return { id, sender_id: ADA, sender_full_name: 'Ada', sender_email: 'ada@x', type: 'stream', stream_id: 7, subject: topic, display_recipient: 'design', content: `<p>m${id}</p>`, timestamp: 1000 + id, reactions: [], flags: [], ...extra };
}

// The test's events are typed by the same union as the server's (types.ts): wrong fields fail tsc.
type Data<E> = E extends unknown ? Omit<E, 'id' | 'type'> : never;
const ev = <K extends HandledType>(type: K, data: Data<EventOf<K>>) => ({ id: 0, type, ...data }) as unknown as EventOf<K>;

function viewing(s: Store, terms: { operator: string; operand: string }[], ids: number[]) {
  s.addFetched(ids.map((id) => channelMessage(id)));
  s.feed.value = { ...emptyFeed(terms), ids, foundOldest: true, foundNewest: true, loading: false };
}

describe('applying events', () => {
  it('a new message joins the feed that matches it and counts as unread', () => {
    const s = store();
    viewing(s, [{ operator: 'channel', operand: '7' }, { operator: 'topic', operand: 'logo' }], [1, 2]);
    applyEvent(s, ev('message', { message: channelMessage(5), flags: [] }));
    applyEvent(s, ev('message', { message: channelMessage(6, 'other'), flags: [] }));
    expect(s.feed.value.ids).toEqual([1, 2, 5]);
    expect(s.unread.counts().streams.get(7)).toBe(2);
    expect(s.recent.value.get('s:' + topicKey(7, 'other'))?.maxId).toBe(6);
  });

  it('a message of mine, already read, adds no unread', () => {
    const s = store();
    applyEvent(s, ev('message', { message: channelMessage(5, 'logo', { sender_id: ME }), flags: ['read'] }));
    expect(s.unread.size).toBe(0);
  });

  it('does not append to a feed that has not reached the newest messages', () => {
    const s = store();
    viewing(s, [{ operator: 'channel', operand: '7' }], [1]);
    s.feed.value = { ...s.feed.value, foundNewest: false };
    applyEvent(s, ev('message', { message: channelMessage(5), flags: [] }));
    expect(s.feed.value.ids).toEqual([1]);
  });

  it('edits replace the content; moves leave a topic narrow and are followed', () => {
    const s = store();
    viewing(s, [{ operator: 'channel', operand: '7' }, { operator: 'topic', operand: 'logo' }], [1, 2]);
    s.unread.add(2, { streamId: 7, topic: 'logo', mentioned: false });
    applyEvent(s, ev('update_message', { message_id: 1, rendered_content: '<p>new :tada:</p>', edit_timestamp: 5000, message_ids: [1] }));
    expect(s.messages.get(1)?.content).toBe('<p>new :tada:</p>');
    expect(s.messages.get(1)?.last_edit_timestamp).toBe(5000);
    applyEvent(s, ev('update_message', { message_id: 1, message_ids: [1, 2], stream_id: 7, orig_subject: 'logo', subject: 'brand', propagate_mode: 'change_all', edit_timestamp: 5001 }));
    expect(s.messages.get(2)?.subject).toBe('brand');
    expect(s.feed.value.ids).toEqual([]);
    expect(s.followMove.value).toEqual({ streamId: 7, topic: 'brand' });
    expect(s.unread.counts().topics.get(topicKey(7, 'brand'))).toBe(1);
  });

  it('deletes, reactions and flags', () => {
    const s = store();
    viewing(s, [{ operator: 'channel', operand: '7' }], [1, 2, 3]);
    s.unread.add(2, { streamId: 7, topic: 'logo', mentioned: false });
    applyEvent(s, ev('delete_message', { message_ids: [2], message_type: 'stream' }));
    expect(s.feed.value.ids).toEqual([1, 3]);
    expect(s.unread.size).toBe(0);
    applyEvent(s, ev('reaction', { op: 'add', message_id: 1, user_id: ADA, emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' }));
    applyEvent(s, ev('reaction', { op: 'add', message_id: 1, user_id: ADA, emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' }));
    expect(s.messages.get(1)?.reactions).toHaveLength(1);
    applyEvent(s, ev('reaction', { op: 'remove', message_id: 1, user_id: ADA, emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' }));
    expect(s.messages.get(1)?.reactions).toHaveLength(0);
    applyEvent(s, ev('update_message_flags', { op: 'add', flag: 'starred', messages: [3], all: false }));
    expect(s.messages.get(3)?.flags).toContain('starred');
    applyEvent(s, ev('update_message_flags', { op: 'remove', flag: 'read', messages: [3], all: false, message_details: { 3: { type: 'stream', stream_id: 7, topic: 'logo', mentioned: true } } }));
    expect(s.unread.counts().mentions).toBe(1);
    applyEvent(s, ev('update_message_flags', { op: 'add', flag: 'read', messages: [3], all: false }));
    expect(s.unread.size).toBe(0);
  });

  it('subscriptions, users, topics, typing and settings', () => {
    const s = store();
    applyEvent(s, ev('subscription', { op: 'update', stream_id: 7, property: 'color', value: '#00f' }));
    expect(s.subs.value.get(7)?.color).toBe('#00f');
    applyEvent(s, ev('subscription', { op: 'add', subscriptions: [{ stream_id: 8, name: 'eng', color: '#0f0', is_muted: false, pin_to_top: false, description: '', invite_only: false }] }));
    expect(s.subs.value.has(8)).toBe(true);
    applyEvent(s, ev('subscription', { op: 'remove', subscriptions: [{ stream_id: 8, name: 'eng' }] }));
    expect(s.subs.value.has(8)).toBe(false);
    applyEvent(s, ev('realm_user', { op: 'update', person: { user_id: ADA, full_name: 'Ada L.' } }));
    expect(s.userName(ADA)).toBe('Ada L.');
    applyEvent(s, ev('user_topic', { stream_id: 7, topic_name: 'logo', visibility_policy: 1, last_updated: 1 }));
    expect(s.isMuted(7, 'Logo')).toBe(true);
    applyEvent(s, ev('typing', { op: 'start', message_type: 'direct', sender: { user_id: ADA }, recipients: [{ user_id: ME }, { user_id: ADA }] }));
    expect([...(s.typing.value.get('d:3')?.keys() ?? [])]).toEqual([ADA]);
    applyEvent(s, ev('typing', { op: 'stop', message_type: 'direct', sender: { user_id: ADA }, recipients: [{ user_id: ME }, { user_id: ADA }] }));
    expect(s.typing.value.has('d:3')).toBe(false);
    applyEvent(s, ev('user_settings', { op: 'update', property: 'color_scheme', value: 2 }));
    expect(s.settings.value.color_scheme).toBe(2);
    applyEvent(s, ev('presence', { presences: { '3': { active_timestamp: 10, idle_timestamp: 10 } } }));
    expect(s.presence.value.get(ADA)?.active_timestamp).toBe(10);
  });

  it('a DM keeps its participants, and emoji stay the server sprite spans', () => {
    const s = store();
    applyEvent(s, ev('message', { flags: [], message: { ...channelMessage(9), type: 'private', stream_id: undefined, subject: '', display_recipient: [{ id: ME, email: 'me@x', full_name: 'Me' }, { id: ADA, email: 'ada@x', full_name: 'Ada' }], content: '<p><span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span></p>' } }));
    expect(s.messages.get(9)?.dmUserIds).toEqual([ME, ADA]);
    expect(s.messages.get(9)?.content).toContain('class="emoji emoji-1f389"');
    expect(s.unread.counts().dmConversations.get('3')).toBe(1);
  });
});
