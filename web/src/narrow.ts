// Narrows (Zulip's filters), their `#narrow/...` URL fragments and the search box's operator syntax.

export interface Term { operator: string; operand: string; negated?: boolean }
export type Narrow = Term[];

/** What the main pane shows: a message feed for a narrow, or one of the overview views. */
export type View =
  | { kind: 'narrow'; terms: Narrow }
  | { kind: 'inbox' }
  | { kind: 'recent' }
  | { kind: 'drafts' }
  | { kind: 'scheduled' }
  | { kind: 'reminders' }
  | { kind: 'settings'; section: string };

const ALIASES: Record<string, string> = { stream: 'channel', subject: 'topic', 'pm-with': 'dm', pm: 'dm', from: 'sender', streams: 'channels' };

export const canonicalOperator = (op: string) => ALIASES[op.toLowerCase()] ?? op.toLowerCase();

/** Zulip's hash encoding: URI-encode, then `%` becomes `.` (and a literal `.` is `%2E` first). */
export function encodeHashComponent(s: string): string {
  return encodeURIComponent(s).replace(/\./g, '%2E').replace(/%/g, '.');
}

export function decodeHashComponent(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\./g, '%'));
  } catch {
    return s;
  }
}

export const slug = (name: string) => name.replace(/[\s/?#%.]+/g, '-').replace(/-+/g, '-');

export interface Names {
  channelName(id: number): string | undefined;
  userName(id: number): string | undefined;
}

function operandToHash(t: Term, names: Names): string {
  switch (t.operator) {
    case 'channel': {
      const name = names.channelName(Number(t.operand));
      return encodeHashComponent(name ? `${t.operand}-${slug(name)}` : t.operand);
    }
    case 'dm': {
      const ids = t.operand.split(',');
      const label = ids.length === 1 ? names.userName(Number(ids[0])) : 'group';
      return encodeHashComponent(label ? `${t.operand}-${slug(label)}` : t.operand);
    }
    case 'sender': {
      const name = names.userName(Number(t.operand));
      return encodeHashComponent(name ? `${t.operand}-${slug(name)}` : t.operand);
    }
    default:
      return encodeHashComponent(t.operand);
  }
}

export function narrowToHash(terms: Narrow, names: Names): string {
  if (terms.length === 0) return '#feed';
  return '#narrow/' + terms.map((t) => `${t.negated ? '-' : ''}${t.operator}/${operandToHash(t, names)}`).join('/');
}

/** `12-general` → `12`; `3,4-group` → `3,4`; otherwise the operand unchanged. */
function idPrefix(operand: string): string {
  const m = /^(\d+(?:,\d+)*)(?:-|$)/.exec(operand);
  return m ? m[1] : operand;
}

/** Zulip's web_home_view setting as a view: what an empty URL (and Escape) shows. */
export function homeView(setting: string | undefined): View {
  if (setting === 'recent' || setting === 'recent_topics') return { kind: 'recent' };
  if (setting === 'all_messages') return { kind: 'narrow', terms: [] };
  return { kind: 'inbox' };
}

export function parseHash(hash: string, home: View = { kind: 'inbox' }): View {
  const h = hash.replace(/^#/, '');
  if (h === '') return home;
  if (h === 'inbox') return { kind: 'inbox' };
  if (h === 'drafts' || h === 'scheduled' || h === 'reminders') return { kind: h };
  if (h === 'recent' || h === 'recent_topics') return { kind: 'recent' };
  if (h === 'feed' || h === 'all_messages') return { kind: 'narrow', terms: [] };
  if (h.startsWith('settings')) return { kind: 'settings', section: h.split('/').slice(1).join('/') || 'profile' };
  if (!h.startsWith('narrow/')) return home;
  const parts = h.slice('narrow/'.length).split('/');
  const terms: Narrow = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    let op = decodeHashComponent(parts[i]);
    const negated = op.startsWith('-');
    if (negated) op = op.slice(1);
    op = canonicalOperator(op);
    let operand = decodeHashComponent(parts[i + 1]);
    if (op === 'channel' || op === 'dm' || op === 'sender') operand = idPrefix(operand);
    if (op === 'is' && operand === 'private') operand = 'dm';
    terms.push(negated ? { operator: op, operand, negated } : { operator: op, operand });
  }
  return { kind: 'narrow', terms };
}

/**
 * A URL's channel operands that are names rather than ids (old Zulip links, `#narrow/stream/Denmark`,
 * or a name as typed), turned into ids as Zulip's web app does: the name, case-insensitively, else its
 * slug (`core-team` for "core team"). An unknown name stays, and the server answers for it.
 */
export function channelNamesToIds(v: View, byName: (name: string) => number | undefined): View {
  if (v.kind !== 'narrow' || !v.terms.some((t) => t.operator === 'channel' && !/^\d+$/.test(t.operand))) return v;
  return {
    kind: 'narrow',
    terms: v.terms.map((t) => {
      if (t.operator !== 'channel' || /^\d+$/.test(t.operand)) return t;
      const id = byName(t.operand);
      return id === undefined ? t : { ...t, operand: String(id) };
    }),
  };
}

/** The channel of a name or of its slug, among (id, name) pairs; case-insensitive. */
export function channelByNameOrSlug(channels: Iterable<{ stream_id: number; name: string }>, name: string): number | undefined {
  const want = name.toLowerCase();
  let bySlug: number | undefined;
  for (const c of channels) {
    const have = c.name.toLowerCase();
    if (have === want) return c.stream_id;
    if (bySlug === undefined && slug(have) === want) bySlug = c.stream_id;
  }
  return bySlug;
}

/**
 * The search box: `channel:general topic:"release plan" sender:ada has:link is:starred words`.
 * Operands stay as typed (names); `resolveSearch` turns names into ids.
 */
export function parseSearch(text: string): Narrow {
  const terms: Narrow = [];
  const words: string[] = [];
  const re = /(-?)([a-z-]+):("([^"]*)"|\S*)|("([^"]*)"|\S+)/gi;
  for (let m; (m = re.exec(text)); ) {
    if (m[2] !== undefined) {
      const operator = canonicalOperator(m[2]);
      const operand = m[4] ?? m[3];
      if (KNOWN.has(operator) && operand !== '') {
        terms.push(m[1] ? { operator, operand, negated: true } : { operator, operand });
        continue;
      }
      words.push(m[0]);
    } else {
      words.push(m[6] ?? m[5]);
    }
  }
  if (words.length) terms.push({ operator: 'search', operand: words.join(' ') });
  return terms;
}

const KNOWN = new Set(['channel', 'topic', 'dm', 'sender', 'has', 'is', 'search', 'near', 'with', 'id', 'channels', 'dm-including']);

export interface Lookup {
  channelByName(name: string): number | undefined;
  userByNameOrEmail(s: string): number | undefined;
  myId: number;
}

/** Names to ids for the operators whose operands are ids in our narrows. Unknown names stay as typed. */
export function resolveSearch(terms: Narrow, lookup: Lookup): Narrow {
  return terms.map((t) => {
    if (t.operator === 'channel') {
      const id = /^\d+$/.test(t.operand) ? Number(t.operand) : lookup.channelByName(t.operand);
      return id !== undefined ? { ...t, operand: String(id) } : t;
    }
    if (t.operator === 'sender' || t.operator === 'dm') {
      const ids = t.operand.split(',').map((s) => (s.trim() === 'me' ? lookup.myId : /^\d+$/.test(s.trim()) ? Number(s) : lookup.userByNameOrEmail(s.trim())));
      return ids.every((i) => i !== undefined) ? { ...t, operand: ids.join(',') } : t;
    }
    return t;
  });
}

/** The text shown in the search box for a narrow. */
export function narrowToSearch(terms: Narrow, names: Names): string {
  return terms.map((t) => {
    if (t.operator === 'search') return t.operand;
    let operand = t.operand;
    if (t.operator === 'channel') operand = names.channelName(Number(operand)) ?? operand;
    if (t.operator === 'sender' || t.operator === 'dm') operand = operand.split(',').map((id) => names.userName(Number(id)) ?? id).join(',');
    if (/\s/.test(operand)) operand = `"${operand}"`;
    return `${t.negated ? '-' : ''}${t.operator}:${operand}`;
  }).join(' ');
}

/** The narrow as /messages expects it: ids as numbers, dm as a list of ids. */
export function toApiNarrow(terms: Narrow): { operator: string; operand: unknown; negated?: boolean }[] {
  return terms.map((t) => {
    let operand: unknown = t.operand;
    if ((t.operator === 'channel' || t.operator === 'sender' || t.operator === 'near' || t.operator === 'with' || t.operator === 'id') && /^\d+$/.test(t.operand)) operand = Number(t.operand);
    if (t.operator === 'dm' && /^\d+(,\d+)*$/.test(t.operand)) operand = t.operand.split(',').map(Number);
    return t.negated ? { operator: t.operator, operand, negated: true } : { operator: t.operator, operand };
  });
}

/** The fields of a message that a narrow looks at. */
export interface NarrowMessage {
  id: number;
  type: 'stream' | 'private';
  stream_id?: number;
  subject: string;
  sender_id: number;
  flags: string[];
  dmUserIds?: number[];
}

/**
 * Whether a message belongs in a narrow, decided locally for live updates; `undefined` when only
 * the server can tell (full-text search, `has:`), in which case the client leaves the feed alone.
 */
export function matchesNarrow(m: NarrowMessage, terms: Narrow, myId: number): boolean | undefined {
  let result: boolean | undefined = true;
  for (const t of terms) {
    const one = matchTerm(m, t, myId);
    if (one === undefined) result = undefined;
    else if (one === !!t.negated) return false;
  }
  return result;
}

function matchTerm(m: NarrowMessage, t: Term, myId: number): boolean | undefined {
  switch (t.operator) {
    case 'channel': return m.type === 'stream' && String(m.stream_id) === t.operand;
    case 'topic': return m.type === 'stream' && m.subject.toLowerCase() === t.operand.toLowerCase();
    case 'sender': return String(m.sender_id) === t.operand;
    case 'dm': {
      if (m.type !== 'private') return false;
      const want = new Set(t.operand.split(',').map(Number));
      want.add(myId);
      const have = new Set(m.dmUserIds ?? []);
      have.add(myId);
      return want.size === have.size && [...want].every((id) => have.has(id));
    }
    case 'dm-including': return m.type === 'private' && (m.dmUserIds ?? []).includes(Number(t.operand));
    case 'is':
      switch (t.operand) {
        case 'dm': return m.type === 'private';
        case 'starred': return m.flags.includes('starred');
        case 'mentioned': return m.flags.some((f) => f === 'mentioned' || f === 'wildcard_mentioned' || f === 'stream_wildcard_mentioned' || f === 'topic_wildcard_mentioned');
        case 'unread': return !m.flags.includes('read');
        case 'resolved': return m.type === 'stream' && m.subject.startsWith('✔ ');
        default: return undefined;
      }
    case 'channels': return t.operand === 'public' ? m.type === 'stream' : undefined;
    default: return undefined;
  }
}

export const isSearch = (terms: Narrow) => terms.some((t) => t.operator === 'search');

/** A narrow that names one conversation (a channel topic, or a DM) — the compose box's default target. */
export function conversationOf(terms: Narrow): { channel?: number; topic?: string; dm?: number[] } {
  const channel = terms.find((t) => t.operator === 'channel' && !t.negated);
  const topic = terms.find((t) => t.operator === 'topic' && !t.negated);
  const dm = terms.find((t) => t.operator === 'dm' && !t.negated);
  if (dm && /^\d+(,\d+)*$/.test(dm.operand)) return { dm: dm.operand.split(',').map(Number) };
  if (channel && /^\d+$/.test(channel.operand)) return { channel: Number(channel.operand), topic: topic?.operand };
  return {};
}

export const narrowKey = (terms: Narrow) => JSON.stringify(terms);
