// The client's local copy of the server state: built from POST /register, then kept current by
// events (events.ts). Signals carry the parts the UI reads; `bump` re-renders after in-place changes.
import { t } from './i18n/i18n.ts';
import { signal, type Signal } from '@preact/signals';
import type { ChannelFolder, Draft, GroupSetting, Reminder, ScheduledMessage, Message, NavigationView, Presence, ProfileField, UserStatus, RealmEmoji, Linkifier, Snippet, Stream, Subscription, User, UserGroup } from './types.ts';
import { Unreads, dmKey, topicKey, type RegisterUnreads } from './unread.ts';
import { matchesNarrow, narrowKey, type Narrow } from './narrow.ts';
import { enhanceHtml } from './rendered.ts';

export interface Feed {
  terms: Narrow;
  key: string;
  ids: number[];
  foundOldest: boolean;
  foundNewest: boolean;
  loading: boolean;
  error?: string;
  /** The message to scroll to when the feed first shows (first unread, or a linked message). */
  anchor?: number;
  /** Which load this is: a reload of the same narrow starts afresh (window, scroll position). */
  gen: number;
}

export interface RecentConversation { key: string; streamId?: number; topic?: string; dmKey?: string; maxId: number; senders: number[] }

let feedGen = 0;
export const emptyFeed = (terms: Narrow): Feed => ({ terms, key: narrowKey(terms), ids: [], foundOldest: false, foundNewest: false, loading: true, gen: ++feedGen });

/** Mutate a Map held in a signal and publish it as a new Map (so that computed values see a change). */
export function update<K, V>(s: Signal<Map<K, V>>, f: (m: Map<K, V>) => void) {
  const m = new Map(s.value);
  f(m);
  s.value = m;
}

export class Store {
  readonly myId: number;
  realm: Signal<Record<string, any>>;
  settings: Signal<Record<string, any>>;
  users = signal(new Map<number, User>());
  subs = signal(new Map<number, Subscription>());
  streams = signal(new Map<number, Stream>());
  groups = signal(new Map<number, UserGroup>());
  realmEmoji = signal<Record<string, RealmEmoji>>({});
  linkifiers = signal<Linkifier[]>([]);
  drafts = signal(new Map<number, Draft>());
  snippets = signal<Snippet[]>([]);
  navViews = signal<NavigationView[]>([]);
  scheduled = signal<ScheduledMessage[]>([]);
  folders = signal<ChannelFolder[]>([]);
  /** Muted users: their messages are hidden until revealed (Zulip's muted users). */
  mutedUsers = signal(new Set<number>());
  reminders = signal<Reminder[]>([]);
  userTopics = signal(new Map<string, number>());
  presence = signal(new Map<number, Presence>());
  /** register's user_status, kept by user_status events (ui/People.tsx and the profile cards show it). */
  userStatus = signal(new Map<number, UserStatus>());
  /** register's server_* keys (server_can_send_email, server_supported_permission_settings, ...). */
  server: Record<string, any> = {};
  /** Bumped by invites_changed: the invitations page fetches GET /invites again. */
  invitesTick = signal(0);
  /** The organization's custom profile fields (register's custom_profile_fields). */
  profileFields = signal<ProfileField[]>([]);
  /** Conversation key (`s:<id>:<topic>` or `d:<dmKey>`) → typing user → expiry (ms). */
  typing = signal(new Map<string, Map<number, number>>());
  unread: Unreads;
  unreadTick = signal(0);
  messages = new Map<number, Message>();
  feed: Signal<Feed> = signal(emptyFeed([]));
  recent = signal(new Map<string, RecentConversation>());
  /** Per channel, its recent topics (loaded when the channel is expanded, then kept current). */
  topics = signal(new Map<number, { name: string; maxId: number }[]>());
  /** Moves that took the viewed topic elsewhere: the UI follows them. */
  followMove = signal<{ streamId: number; topic: string } | null>(null);

  constructor(reg: Record<string, any>) {
    this.myId = reg.user_id;
    const realm: Record<string, any> = {};
    for (const [k, v] of Object.entries(reg)) if (k.startsWith('realm_')) realm[k.slice(6)] = v;
    this.realm = signal(realm);
    this.settings = signal({ ...(reg.user_settings ?? {}) });
    this.users.value = new Map([...(reg.realm_users ?? []), ...(reg.cross_realm_bots ?? [])].map((u: User) => [u.user_id, u]));
    const streams = new Map<number, Stream>();
    for (const s of [...(reg.streams ?? []), ...(reg.never_subscribed ?? []), ...(reg.unsubscribed ?? []), ...(reg.subscriptions ?? [])]) streams.set(s.stream_id, s);
    this.streams.value = streams;
    this.subs.value = new Map((reg.subscriptions ?? []).map((s: Subscription) => [s.stream_id, s]));
    this.groups.value = new Map((reg.realm_user_groups ?? []).map((g: UserGroup) => [g.id, g]));
    this.realmEmoji.value = reg.realm_emoji ?? {};
    this.linkifiers.value = reg.realm_linkifiers ?? [];
    this.drafts.value = new Map((reg.drafts ?? []).map((d: Draft) => [d.id!, d]));
    this.snippets.value = reg.saved_snippets ?? [];
    this.navViews.value = reg.navigation_views ?? [];
    this.scheduled.value = reg.scheduled_messages ?? [];
    this.folders.value = reg.channel_folders ?? [];
    this.mutedUsers.value = new Set((reg.muted_users ?? []).map((u: { id: number }) => u.id));
    this.reminders.value = reg.reminders ?? [];
    this.userTopics.value = new Map((reg.user_topics ?? []).map((t: any) => [topicKey(t.stream_id, t.topic_name), t.visibility_policy]));
    this.presence.value = new Map(Object.entries(reg.presences ?? {}).map(([id, p]) => [Number(id), p as Presence]));
    this.userStatus.value = new Map(Object.entries(reg.user_status ?? {}).map(([id, st]) => [Number(id), st as UserStatus]));
    this.profileFields.value = reg.custom_profile_fields ?? [];
    for (const [k, v] of Object.entries(reg)) if (k.startsWith('server_')) this.server[k] = v;
    this.unread = Unreads.fromRegister(reg.unread_msgs as RegisterUnreads, this.myId);
    const recent = new Map<string, RecentConversation>();
    for (const c of reg.recent_private_conversations ?? []) {
      const k = 'd:' + dmKey(c.user_ids, this.myId);
      recent.set(k, { key: k, dmKey: dmKey(c.user_ids, this.myId), maxId: c.max_message_id, senders: c.user_ids });
    }
    this.recent.value = recent;
  }

  bumpUnread() { this.unreadTick.value++; }

  user(id: number): User | undefined { return this.users.value.get(id); }
  userName(id: number): string { return this.user(id)?.full_name ?? t('Unknown user'); }
  streamName(id: number | undefined): string { return (id !== undefined && this.streams.value.get(id)?.name) || 'unknown channel'; }

  isAdmin(): boolean { const r = this.user(this.myId)?.role ?? 400; return r <= 200; }

  topicPolicy(streamId: number, topic: string): number { return this.userTopics.value.get(topicKey(streamId, topic)) ?? 0; }

  /** Zulip's muting: a muted topic, or a muted channel unless the topic is unmuted or followed. */
  isMuted = (streamId: number, topic: string): boolean => {
    const p = this.topicPolicy(streamId, topic);
    if (p === 1) return true;
    return !!this.subs.value.get(streamId)?.is_muted && p !== 2 && p !== 3;
  };

  /** Whether the user is in a group-setting value (a group id, or members plus subgroups). */
  inGroup(setting: GroupSetting | undefined, userId = this.myId): boolean {
    if (setting === undefined || setting === null) return false;
    const seen = new Set<number>();
    const inGroupId = (id: number): boolean => {
      if (seen.has(id)) return false;
      seen.add(id);
      const g = this.groups.value.get(id);
      if (!g) return false;
      return g.members.includes(userId) || g.direct_subgroup_ids.some(inGroupId);
    };
    if (typeof setting === 'number') return inGroupId(setting);
    return setting.direct_members.includes(userId) || setting.direct_subgroups.some(inGroupId);
  }

  /** A message as the client keeps it: DM participants as ids (emoji stay the server's sprite spans). */
  normalize(m: Message): Message {
    const out: Message = { ...m, content: enhanceHtml(m.content, m.sender_full_name), flags: m.flags ?? [], reactions: m.reactions ?? [] };
    if (m.match_content) out.match_content = enhanceHtml(m.match_content, m.sender_full_name);
    if (m.type === 'private' && Array.isArray(m.display_recipient)) out.dmUserIds = m.display_recipient.map((u) => u.id);
    return out;
  }

  conversationKey(m: Message): string {
    return m.type === 'stream' ? 's:' + topicKey(m.stream_id!, m.subject) : 'd:' + dmKey(m.dmUserIds ?? [], this.myId);
  }

  /** Remember a message for Recent conversations and the channel's topic list. */
  noteRecent(m: Message) {
    this.noteRecentIn(m, this.recent.value, this.topics.value, true);
  }

  private noteRecentIn(m: Message, recent: Map<string, RecentConversation>, topics: Map<number, { name: string; maxId: number }[]>, publish: boolean) {
    const k = this.conversationKey(m);
    const prev = recent.get(k);
    if (prev && prev.maxId >= m.id && prev.senders.includes(m.sender_id)) return;
    if (publish) recent = new Map(recent);
    const senders = [m.sender_id, ...(prev?.senders ?? []).filter((s) => s !== m.sender_id)].slice(0, 6);
    const maxId = Math.max(m.id, prev?.maxId ?? 0);
    recent.set(k, m.type === 'stream'
      ? { key: k, streamId: m.stream_id, topic: prev?.topic ?? m.subject, maxId, senders }
      : { key: k, dmKey: dmKey(m.dmUserIds ?? [], this.myId), maxId, senders });
    const list = m.type === 'stream' ? topics.get(m.stream_id!) : undefined;
    if (list) {
      if (publish) topics = new Map(topics);
      const old = list.find((x) => x.name.toLowerCase() === m.subject.toLowerCase());
      const next = list.filter((x) => x !== old);
      next.push({ name: old?.name ?? m.subject, maxId: Math.max(m.id, old?.maxId ?? 0) });
      topics.set(m.stream_id!, next.sort((a, b) => b.maxId - a.maxId));
    }
    if (publish) {
      this.recent.value = recent;
      this.topics.value = topics;
    }
  }

  /** Messages fetched from /messages: stored, and remembered for Recent conversations. */
  addFetched(list: Message[]): number[] {
    const recent = new Map(this.recent.value);
    const topics = new Map(this.topics.value);
    const ids = list.map((raw) => {
      const m = this.normalize(raw);
      this.messages.set(m.id, m);
      this.noteRecentIn(m, recent, topics, false);
      return m.id;
    });
    this.recent.value = recent;
    this.topics.value = topics;
    return ids;
  }

  matchesFeed(m: Message): boolean | undefined {
    return matchesNarrow(m, this.feed.value.terms, this.myId);
  }

  /** Replace messages in place (edits, reactions, flags) and re-render the feed if it shows them. */
  replaceMessages(changed: Message[]) {
    let inFeed = false;
    const feedIds = new Set(this.feed.value.ids);
    for (const m of changed) {
      this.messages.set(m.id, m);
      if (feedIds.has(m.id)) inFeed = true;
    }
    if (inFeed) this.feed.value = { ...this.feed.value };
  }
}
