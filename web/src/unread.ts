// Unread bookkeeping: which loaded-or-not messages are unread, per channel, topic and DM conversation.
// Seeded from register's `unread_msgs`, then kept current by message and flag events.

export interface UnreadInfo { streamId?: number; topic?: string; dmKey?: string; mentioned: boolean }

export interface RegisterUnreads {
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  pms: { other_user_id: number; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
}

/** A DM conversation's key: the other participants' ids, sorted; yourself alone for notes to self. */
export function dmKey(userIds: number[], myId: number): string {
  const others = [...new Set(userIds)].filter((id) => id !== myId).sort((a, b) => a - b);
  return others.length ? others.join(',') : String(myId);
}

export const topicKey = (streamId: number, topic: string) => `${streamId}\u0000${topic.toLowerCase()}`;

export class Unreads {
  private byId = new Map<number, UnreadInfo>();

  static fromRegister(u: RegisterUnreads, myId: number): Unreads {
    const out = new Unreads();
    const mentions = new Set(u.mentions);
    for (const s of u.streams) for (const id of s.unread_message_ids) out.byId.set(id, { streamId: s.stream_id, topic: s.topic, mentioned: mentions.has(id) });
    for (const p of u.pms) for (const id of p.unread_message_ids) out.byId.set(id, { dmKey: dmKey([p.other_user_id], myId), mentioned: mentions.has(id) });
    for (const h of u.huddles) for (const id of h.unread_message_ids) out.byId.set(id, { dmKey: dmKey(h.user_ids_string.split(',').map(Number), myId), mentioned: mentions.has(id) });
    return out;
  }

  add(id: number, info: UnreadInfo) { this.byId.set(id, info); }
  has(id: number) { return this.byId.has(id); }
  get size() { return this.byId.size; }
  ids() { return [...this.byId.keys()]; }
  info(id: number) { return this.byId.get(id); }

  /** Returns the ids that were unread. */
  remove(ids: Iterable<number>): number[] {
    const removed: number[] = [];
    for (const id of ids) if (this.byId.delete(id)) removed.push(id);
    return removed;
  }

  /** A message moved to another channel or topic. */
  move(id: number, streamId: number, topic: string) {
    const u = this.byId.get(id);
    if (u && u.streamId !== undefined) this.byId.set(id, { ...u, streamId, topic });
  }

  counts(isMuted: (streamId: number, topic: string) => boolean = () => false): UnreadCounts {
    const c: UnreadCounts = { total: 0, mentions: 0, dms: 0, streams: new Map(), topics: new Map(), dmConversations: new Map() };
    for (const [, u] of this.byId) {
      if (u.streamId !== undefined) {
        const muted = isMuted(u.streamId, u.topic ?? '');
        const tk = topicKey(u.streamId, u.topic ?? '');
        c.topics.set(tk, (c.topics.get(tk) ?? 0) + 1);
        if (muted) continue;
        c.streams.set(u.streamId, (c.streams.get(u.streamId) ?? 0) + 1);
      } else if (u.dmKey !== undefined) {
        c.dms++;
        c.dmConversations.set(u.dmKey, (c.dmConversations.get(u.dmKey) ?? 0) + 1);
      }
      c.total++;
      if (u.mentioned) c.mentions++;
    }
    return c;
  }

  /** Unread topics in one channel: topic name → count (the case seen first is kept). */
  topicsIn(streamId: number): Map<string, number> {
    const seen = new Map<string, { name: string; n: number }>();
    for (const [, u] of this.byId) {
      if (u.streamId !== streamId) continue;
      const k = (u.topic ?? '').toLowerCase();
      const e = seen.get(k);
      if (e) e.n++;
      else seen.set(k, { name: u.topic ?? '', n: 1 });
    }
    return new Map([...seen.values()].map((e) => [e.name, e.n]));
  }

  /** The oldest unread message id in a conversation, or of all (for "next unread topic"). */
  firstUnreadConversations(): { streamId?: number; topic?: string; dmKey?: string; firstId: number }[] {
    const first = new Map<string, { streamId?: number; topic?: string; dmKey?: string; firstId: number }>();
    for (const [id, u] of this.byId) {
      const k = u.streamId !== undefined ? topicKey(u.streamId, u.topic ?? '') : 'dm:' + u.dmKey;
      const e = first.get(k);
      if (!e || id < e.firstId) first.set(k, { streamId: u.streamId, topic: u.topic, dmKey: u.dmKey, firstId: id });
    }
    return [...first.values()].sort((a, b) => a.firstId - b.firstId);
  }
}

export interface UnreadCounts {
  total: number;
  mentions: number;
  dms: number;
  streams: Map<number, number>;
  topics: Map<string, number>;
  dmConversations: Map<string, number>;
}
