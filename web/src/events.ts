// Live updates: apply one event from GET /events to the local state. Pure state changes only; the
// polling loop is in live.ts.
import { Store, update } from './state.ts';
import type { EventOf, HandledType, Message, ServerEvent } from './types.ts';
import { dmKey, topicKey } from './unread.ts';
import { withSubmessage } from './widgets.ts';

export function applyEvent(s: Store, ev: ServerEvent): void {
  // TypeScript cannot correlate the handler's type with the event's: HANDLERS pairs them by construction.
  const handler = (HANDLERS as Partial<Record<string, (s: Store, ev: ServerEvent) => void>>)[ev.type];
  if (handler) handler(s, ev);
}

const MENTION_FLAGS = ['mentioned', 'wildcard_mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned'];

function onMessage(s: Store, ev: EventOf<'message'>) {
  const m = s.normalize({ ...ev.message, flags: ev.flags ?? [] } as Message);
  s.messages.set(m.id, m);
  s.noteRecent(m);
  if (!m.flags.includes('read')) {
    s.unread.add(m.id, m.type === 'stream'
      ? { streamId: m.stream_id, topic: m.subject, mentioned: m.flags.some((f) => MENTION_FLAGS.includes(f)) }
      : { dmKey: dmKey(m.dmUserIds ?? [], s.myId), mentioned: m.flags.some((f) => MENTION_FLAGS.includes(f)) });
    s.bumpUnread();
  }
  const f = s.feed.value;
  if (f.foundNewest && !f.loading && s.matchesFeed(m) && !f.ids.includes(m.id)) {
    const ids = f.ids[f.ids.length - 1] < m.id || f.ids.length === 0 ? [...f.ids, m.id] : [...f.ids, m.id].sort((a, b) => a - b);
    s.feed.value = { ...f, ids };
  }
  clearTyping(s, m);
}

function onUpdateMessage(s: Store, ev: EventOf<'update_message'>) {
  const changed: Message[] = [];
  const edited = s.messages.get(ev.message_id);
  if (edited && ev.rendered_content !== undefined) {
    changed.push(s.normalize({ ...edited, content: ev.rendered_content, match_content: undefined, last_edit_timestamp: ev.edit_timestamp }));
  }
  const moved = ev.new_stream_id !== undefined || ev.subject !== undefined;
  if (!moved) return s.replaceMessages(changed);
  const newStream = ev.new_stream_id ?? ev.stream_id!; // a move names the channel
  const newTopic = ev.subject ?? ev.orig_subject!;
  const ids = ev.message_ids ?? [ev.message_id];
  for (const id of ids) {
    s.unread.move(id, newStream, newTopic);
    const m = changed.find((c) => c.id === id) ?? s.messages.get(id);
    if (m) changed.push({ ...m, stream_id: newStream, subject: newTopic, display_recipient: s.streamName(newStream), last_moved_timestamp: ev.edit_timestamp });
  }
  for (const m of changed) s.messages.set(m.id, m);
  s.bumpUnread();
  if (ev.orig_subject !== undefined) moveTopicLists(s, ev.stream_id!, ev.orig_subject, newStream, newTopic, ids);
  const f = s.feed.value;
  const viewing = f.terms;
  const viewedTopic = viewing.find((t) => t.operator === 'topic')?.operand;
  const viewedChannel = viewing.find((t) => t.operator === 'channel')?.operand;
  if (ev.propagate_mode === 'change_all' && viewedTopic !== undefined && ev.orig_subject !== undefined
      && viewedTopic.toLowerCase() === String(ev.orig_subject).toLowerCase() && viewedChannel === String(ev.stream_id)) {
    s.followMove.value = { streamId: newStream, topic: newTopic };
  }
  const kept = f.ids.filter((id) => { const m = s.messages.get(id); return !m || s.matchesFeed(m) !== false; });
  s.feed.value = { ...f, ids: kept };
}

function moveTopicLists(s: Store, oldStream: number, oldTopic: string, newStream: number, newTopic: string, ids: number[]) {
  const maxId = Math.max(...ids);
  update(s.recent, (r) => {
    const oldKey = 's:' + topicKey(oldStream, oldTopic);
    const prev = r.get(oldKey);
    const stillThere = [...s.messages.values()].some((m) => m.type === 'stream' && m.stream_id === oldStream && m.subject.toLowerCase() === oldTopic.toLowerCase());
    if (prev && !stillThere) r.delete(oldKey);
    const k = 's:' + topicKey(newStream, newTopic);
    const cur = r.get(k);
    r.set(k, { key: k, streamId: newStream, topic: newTopic, maxId: Math.max(maxId, cur?.maxId ?? 0, prev?.maxId ?? 0), senders: cur?.senders ?? prev?.senders ?? [] });
  });
  update(s.topics, (t) => {
    for (const sid of new Set([oldStream, newStream])) {
      const list = t.get(sid);
      if (!list) continue;
      let next = list;
      if (sid === oldStream) next = next.filter((x) => x.name.toLowerCase() !== oldTopic.toLowerCase() || [...s.messages.values()].some((m) => m.stream_id === sid && m.subject === x.name));
      if (sid === newStream && !next.some((x) => x.name.toLowerCase() === newTopic.toLowerCase())) next = [{ name: newTopic, maxId }, ...next];
      t.set(sid, next.sort((a, b) => b.maxId - a.maxId));
    }
  });
}

function onDeleteMessage(s: Store, ev: EventOf<'delete_message'>) {
  const ids = ev.message_ids ?? [ev.message_id!];
  const gone = new Set(ids);
  for (const id of ids) s.messages.delete(id);
  if (s.unread.remove(ids).length) s.bumpUnread();
  const f = s.feed.value;
  if (f.ids.some((id) => gone.has(id))) s.feed.value = { ...f, ids: f.ids.filter((id) => !gone.has(id)) };
}

function onReaction(s: Store, ev: EventOf<'reaction'>) {
  const m = s.messages.get(ev.message_id);
  if (!m) return;
  const same = (r: { user_id: number; emoji_code: string; reaction_type: string }) => r.user_id === ev.user_id && r.emoji_code === ev.emoji_code && r.reaction_type === ev.reaction_type;
  const reactions = ev.op === 'add'
    ? (m.reactions.some(same) ? m.reactions : [...m.reactions, { emoji_name: ev.emoji_name, emoji_code: ev.emoji_code, reaction_type: ev.reaction_type, user_id: ev.user_id }])
    : m.reactions.filter((r) => !same(r));
  s.replaceMessages([{ ...m, reactions }]);
}

function onFlags(s: Store, ev: EventOf<'update_message_flags'>) {
  const ids = ev.all ? [...s.messages.keys()] : ev.messages;
  if (ev.flag === 'read') {
    if (ev.op === 'add') {
      if (ev.all) s.unread.remove(s.unread.ids());
      else s.unread.remove(ids);
    } else {
      for (const id of ids) {
        const d = ev.message_details?.[id];
        if (!d) continue;
        const mentioned = !!d.mentioned;
        if (d.type === 'stream') s.unread.add(id, { streamId: d.stream_id, topic: d.topic, mentioned });
        else s.unread.add(id, { dmKey: dmKey(d.user_ids ?? [], s.myId), mentioned });
      }
    }
    s.bumpUnread();
  }
  const changed: Message[] = [];
  for (const id of ids) {
    const m = s.messages.get(id);
    if (!m) continue;
    const has = m.flags.includes(ev.flag);
    if (ev.op === 'add' && !has) changed.push({ ...m, flags: [...m.flags, ev.flag] });
    if (ev.op === 'remove' && has) changed.push({ ...m, flags: m.flags.filter((f) => f !== ev.flag) });
  }
  s.replaceMessages(changed);
}

function onSubscription(s: Store, ev: EventOf<'subscription'>) {
  if (ev.op === 'add') {
    update(s.subs, (m) => { for (const sub of ev.subscriptions) m.set(sub.stream_id, sub); });
    update(s.streams, (m) => { for (const sub of ev.subscriptions) m.set(sub.stream_id, sub); });
  } else if (ev.op === 'remove') {
    update(s.subs, (m) => { for (const sub of ev.subscriptions) m.delete(sub.stream_id); });
  } else if (ev.op === 'update') {
    const sub = s.subs.value.get(ev.stream_id);
    if (sub) update(s.subs, (m) => m.set(ev.stream_id, { ...sub, [ev.property]: ev.value }));
    if (ev.property === 'is_muted' || ev.property === 'in_home_view') s.bumpUnread();
  }
}

function onStream(s: Store, ev: EventOf<'stream'>) {
  if (ev.op === 'create') update(s.streams, (m) => { for (const st of ev.streams) m.set(st.stream_id, st); });
  else if (ev.op === 'delete') {
    const ids = new Set<number>((ev.stream_ids ?? ev.streams.map((x) => x.stream_id)));
    update(s.streams, (m) => { for (const id of ids) m.delete(id); });
    update(s.subs, (m) => { for (const id of ids) m.delete(id); });
  } else if (ev.op === 'update') {
    const st = s.streams.value.get(ev.stream_id);
    if (st) update(s.streams, (m) => m.set(ev.stream_id, { ...st, [ev.property]: ev.value }));
    const sub = s.subs.value.get(ev.stream_id);
    if (sub) update(s.subs, (m) => m.set(ev.stream_id, { ...sub, [ev.property]: ev.value }));
  }
}

function onRealmUser(s: Store, ev: EventOf<'realm_user'>) {
  if (ev.op === 'add') update(s.users, (m) => m.set(ev.person.user_id, ev.person));
  else if (ev.op === 'remove') update(s.users, (m) => m.delete(ev.person.user_id));
  else if (ev.op === 'update') {
    const p = ev.person;
    const u = s.users.value.get(p.user_id);
    const field = p.custom_profile_field;
    const profile_data = field ? { ...u?.profile_data, [field.id]: { value: field.value, rendered_value: field.rendered_value } } : u?.profile_data;
    if (u) update(s.users, (m) => m.set(p.user_id, { ...u, ...p, profile_data }));
  }
}

function onTyping(s: Store, ev: EventOf<'typing'>) {
  const key = ev.message_type === 'stream'
    ? 's:' + topicKey(ev.stream_id!, ev.topic!)
    : 'd:' + dmKey([...(ev.recipients ?? []).map((r) => r.user_id), ev.sender.user_id], s.myId);
  if (ev.sender.user_id === s.myId) return;
  update(s.typing, (t) => {
    const users = new Map(t.get(key) ?? []);
    if (ev.op === 'start') users.set(ev.sender.user_id, Date.now() + 15000);
    else users.delete(ev.sender.user_id);
    if (users.size) t.set(key, users);
    else t.delete(key);
  });
}

function clearTyping(s: Store, m: Message) {
  const key = s.conversationKey(m);
  const users = s.typing.value.get(key);
  if (users?.has(m.sender_id)) onTyping(s, { id: 0, type: 'typing', op: 'stop', message_type: m.type === 'stream' ? 'stream' : 'direct', stream_id: m.stream_id, topic: m.subject, sender: { user_id: m.sender_id }, recipients: (m.dmUserIds ?? []).map((user_id) => ({ user_id })) });
}

const HANDLERS: { [K in HandledType]: (s: Store, ev: EventOf<K>) => void } = {
  message: onMessage,
  update_message: onUpdateMessage,
  delete_message: onDeleteMessage,
  reaction: onReaction,
  submessage: (s, ev) => { const m = s.messages.get(ev.message_id); if (m) s.replaceMessages([withSubmessage(m, ev)]); },
  update_message_flags: onFlags,
  subscription: onSubscription,
  stream: onStream,
  realm_user: onRealmUser,
  typing: onTyping,
  presence: (s, ev) => update(s.presence, (m) => {
    for (const [id, p] of Object.entries(ev.presences ?? {})) m.set(Number(id), p);
  }),
  user_status: (s, ev) => update(s.userStatus, (m) => {
    const { id: _id, type: _type, user_id, ...change } = ev;
    const next = { ...(m.get(user_id) ?? {}), ...change };
    if (!next.status_text && !next.emoji_name && !next.away) m.delete(user_id);
    else m.set(user_id, next);
  }),
  custom_profile_fields: (s, ev) => { s.profileFields.value = ev.fields; },
  invites_changed: (s) => { s.invitesTick.value++; },
  user_topic: (s, ev) => { update(s.userTopics, (m) => m.set(topicKey(ev.stream_id, ev.topic_name), ev.visibility_policy)); s.bumpUnread(); },
  user_settings: (s, ev) => { if (ev.op === 'update') s.settings.value = { ...s.settings.value, [ev.property]: ev.value }; },
  realm: (s, ev) => {
    if (ev.op === 'update') s.realm.value = { ...s.realm.value, [ev.property]: ev.value };
    else if (ev.op === 'update_dict') s.realm.value = { ...s.realm.value, ...ev.data };
  },
  realm_emoji: (s, ev) => { if (ev.op === 'update') s.realmEmoji.value = ev.realm_emoji; },
  realm_linkifiers: (s, ev) => { s.linkifiers.value = ev.realm_linkifiers; },
  drafts: (s, ev) => update(s.drafts, (m) => {
    // a stored draft has its id (Draft's is optional for the one being composed)
    if (ev.op === 'add') for (const d of ev.drafts) m.set(d.id!, d);
    else if (ev.op === 'update') m.set(ev.draft.id!, ev.draft);
    else if (ev.op === 'remove') m.delete(ev.draft_id);
  }),
  saved_snippets: (s, ev) => {
    if (ev.op === 'add') s.snippets.value = [...s.snippets.value, ev.saved_snippet];
    else if (ev.op === 'update') s.snippets.value = s.snippets.value.map((x) => (x.id === ev.saved_snippet.id ? ev.saved_snippet : x));
    else if (ev.op === 'remove') s.snippets.value = s.snippets.value.filter((x) => x.id !== ev.saved_snippet_id);
  },
  scheduled_messages: (s, ev) => {
    if (ev.op === 'add') s.scheduled.value = [...s.scheduled.value, ...ev.scheduled_messages];
    else if (ev.op === 'update') s.scheduled.value = s.scheduled.value.map((x) => (x.scheduled_message_id === ev.scheduled_message.scheduled_message_id ? { ...x, ...ev.scheduled_message } : x));
    else if (ev.op === 'remove') s.scheduled.value = s.scheduled.value.filter((x) => x.scheduled_message_id !== ev.scheduled_message_id);
  },
  muted_users: (s, ev) => { s.mutedUsers.value = new Set((ev.muted_users ?? []).map((u: { id: number }) => u.id)); s.feed.value = { ...s.feed.value }; },
  channel_folder: (s, ev) => {
    if (ev.op === 'add') s.folders.value = [...s.folders.value, ev.channel_folder];
    else if (ev.op === 'update') s.folders.value = s.folders.value.map((f) => (f.id === ev.channel_folder_id ? { ...f, ...ev.data } : f));
    else if (ev.op === 'reorder') s.folders.value = [...s.folders.value].sort((a, b) => ev.order.indexOf(a.id) - ev.order.indexOf(b.id)).map((f) => ({ ...f, order: ev.order.indexOf(f.id) }));
  },
  reminders: (s, ev) => {
    if (ev.op === 'add') s.reminders.value = [...s.reminders.value, ...ev.reminders];
    else if (ev.op === 'remove') s.reminders.value = s.reminders.value.filter((x) => x.reminder_id !== ev.reminder_id);
  },
  navigation_view: (s, ev) => {
    if (ev.op === 'add') s.navViews.value = [...s.navViews.value, ev.navigation_view];
    else if (ev.op === 'update') s.navViews.value = s.navViews.value.map((v) => (v.fragment === ev.fragment ? { ...v, ...ev.data } : v));
    else if (ev.op === 'remove') s.navViews.value = s.navViews.value.filter((v) => v.fragment !== ev.fragment);
  },
  user_group: (s, ev) => update(s.groups, (m) => {
    if (ev.op === 'add') return void m.set(ev.group.id, ev.group);
    if (ev.op === 'remove') return void m.delete(ev.group_id);
    const g = m.get(ev.group_id);
    if (!g) return;
    if (ev.op === 'update') m.set(g.id, { ...g, ...ev.data });
    if (ev.op === 'add_members') m.set(g.id, { ...g, members: [...g.members, ...ev.user_ids] });
    if (ev.op === 'remove_members') m.set(g.id, { ...g, members: g.members.filter((id) => !ev.user_ids.includes(id)) });
    if (ev.op === 'add_subgroups') m.set(g.id, { ...g, direct_subgroup_ids: [...g.direct_subgroup_ids, ...ev.direct_subgroup_ids] });
    if (ev.op === 'remove_subgroups') m.set(g.id, { ...g, direct_subgroup_ids: g.direct_subgroup_ids.filter((id) => !ev.direct_subgroup_ids.includes(id)) });
  }),
};
