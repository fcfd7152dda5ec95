// Typeahead matching for the compose box and the search box: word-prefix matches rank first.

export interface Candidate { key: string; label: string; secondary?: string }

/** 0: the whole text starts with the query; 1: a word does; 2: it contains the query; -1: no match. */
export function matchRank(text: string, query: string): number {
  const t = text.toLowerCase();
  const q = query.toLowerCase().trim();
  if (q === '') return 0;
  if (t.startsWith(q)) return 0;
  if (t.split(/[\s_\-./@]+/).some((w) => w.startsWith(q))) return 1;
  return t.includes(q) ? 2 : -1;
}

/** The best `limit` items, ranked by the best of their texts, then by the given order. */
export function rank<T>(items: Iterable<T>, query: string, texts: (item: T) => string[], limit = 8): T[] {
  const scored: { item: T; r: number; i: number }[] = [];
  let i = 0;
  for (const item of items) {
    let best = -1;
    for (const text of texts(item)) {
      const r = matchRank(text, query);
      if (r >= 0 && (best < 0 || r < best)) best = r;
    }
    if (best >= 0) scored.push({ item, r: best, i });
    i++;
  }
  scored.sort((a, b) => a.r - b.r || a.i - b.i);
  return scored.slice(0, limit).map((s) => s.item);
}

export type TriggerKind = 'mention' | 'channel' | 'emoji';

/**
 * The typeahead that the text before the caret asks for: `@ada`, `#gen`, `:smi` (emoji need two
 * characters, as in Zulip, so that `10:30` stays quiet). Returns where the token starts.
 */
export function triggerAt(text: string, caret: number): { kind: TriggerKind; query: string; start: number } | null {
  const before = text.slice(0, caret);
  const m = /(^|[\s(])([@#:])(\*\*)?([^\s@#:*]*(?: [^\s@#:*]+)?)$/.exec(before);
  if (!m) return null;
  const sigil = m[2];
  const query = m[4];
  const start = caret - query.length - 1 - (m[3]?.length ?? 0);
  if (sigil === ':' && (query.length < 2 || query.includes(' '))) return null;
  if (sigil === '#' && query.includes(' ') && !m[3]) return { kind: 'channel', query, start };
  return { kind: sigil === '@' ? 'mention' : sigil === '#' ? 'channel' : 'emoji', query, start };
}
