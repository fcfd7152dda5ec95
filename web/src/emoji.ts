// Emoji as Zulip shows them: images from a sprite sheet (Google's Noto Emoji through
// emoji-datasource-google, as Zulip's web app), not the system font. The server renders
// `<span class="emoji emoji-1f600">:grinning:</span>`; the sprite stylesheet gives each code its
// cell of the sheet. The catalog (names and aliases as the server knows them, categories, skin tones)
// is its own chunk, loaded after the first screen (build/emoji-plugin.ts makes both).
import { signal } from '@preact/signals';
import { rank } from './typeahead.ts';

export interface EmojiEntry { code: string; names: string[]; category: number; tones?: [string, string][] }
export interface Catalog { categories: string[]; entries: EmojiEntry[]; byName: Map<string, EmojiEntry> }
/** What the picker and the typeahead offer: a unicode emoji (by code) or a custom one (its id). */
export interface EmojiItem { name: string; code: string; type: 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji'; url?: string }

export const catalog = signal<Catalog | null>(null);
let loading: Promise<Catalog> | null = null;

export function loadCatalog(): Promise<Catalog> {
  return (loading ??= import('./emoji-catalog.ts').then(({ CATEGORIES, ENTRIES }) => {
    const entries = ENTRIES.map(([code, names, category, tones]) => ({ code, names, category, tones }));
    const byName = new Map<string, EmojiEntry>();
    for (const e of entries) for (const n of e.names) byName.set(n, e);
    return (catalog.value = { categories: CATEGORIES, entries, byName });
  }));
}

let emojiset = 'google';
let sprites: Promise<typeof import('./emoji-sprites.ts')> | null = null;
let idleWait: number | undefined;
// Safari has no requestIdleCallback
const whenIdle = (f: () => void) => typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 3000 }) : self.setTimeout(f, 500);
/**
 * Emoji are about to show: loads the sprite stylesheet (once) for the user's set. Nothing of it is
 * fetched before, so a first screen without emoji fetches no sheet; until it arrives they show as :name:.
 */
export function showEmoji(when: 'now' | 'idle' = 'now') {
  if (emojiset === 'text' || sprites) return;
  // Emoji beside the content (a status in the people list) wait until the first screen is done.
  if (when === 'idle') return void (idleWait ??= whenIdle(() => showEmoji()));
  sprites = import('./emoji-sprites.ts');
  void sprites.then((m) => m.useSheets(emojiset));
}

/** Whether a message's HTML has a Unicode emoji (the server's `<span class="emoji emoji-…">`). */
export const hasEmoji = (html: string) => html.includes('class="emoji ');

/** The user's emojiset: Zulip's "text" shows names, "twitter" Twemoji, any other (google, google-blob) Noto. */
export function applyEmojiset(set: string | undefined) {
  emojiset = set === 'text' || set === 'twitter' ? set : 'google';
  document.documentElement.dataset.emojiset = emojiset === 'text' ? 'text' : 'sprite';
  if (sprites) void sprites.then((m) => m.useSheets(emojiset));
  else if (emojiset !== 'text' && document.querySelector('.emoji')) showEmoji(); // from plain text to pictures
}

const TONE_KEY = 'stoa.emoji.tone';
const FREQUENT_KEY = 'stoa.emoji.frequent';
/** Zulip's default "popular" emoji, shown first until the user has picked some. */
export const POPULAR = ['+1', 'tada', 'smile', 'heart', 'working_on_it', 'octopus'];

export const skinTone = signal(Number(globalThis.localStorage?.getItem(TONE_KEY) ?? 0));
export function setSkinTone(tone: number) {
  skinTone.value = tone;
  globalThis.localStorage?.setItem(TONE_KEY, String(tone));
}

/** An emoji in the chosen skin tone (1..5), when it has tones. */
export function withTone(e: EmojiEntry, tone = skinTone.value): { name: string; code: string } {
  const t = tone > 0 ? e.tones?.[tone - 1] : undefined;
  return t ? { code: t[0], name: t[1] } : { code: e.code, name: e.names[0]! };
}

function frequentCounts(): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(FREQUENT_KEY) ?? '{}');
  } catch {
    return {};
  }
}

/** Remembers a pick for "Frequently used" (in this browser). */
export function notePick(name: string) {
  const counts = frequentCounts();
  counts[name] = (counts[name] ?? 0) + 1;
  localStorage.setItem(FREQUENT_KEY, JSON.stringify(counts));
}

/** The names most picked here, then Zulip's popular ones, at most `n`. */
export function frequentNames(n = 12): string[] {
  const counts = frequentCounts();
  const picked = Object.keys(counts).sort((a, b) => counts[b]! - counts[a]!);
  return [...new Set([...picked, ...POPULAR])].slice(0, n);
}

/** Custom emoji first (as Zulip ranks them), then the catalog's (in its order), best matches of any of their names first. */
export function searchEmoji(query: string, custom: EmojiItem[], limit = 8): EmojiItem[] {
  const c = catalog.value;
  if (!c) void loadCatalog();
  const candidates = [
    ...custom.map((item) => ({ item, names: [item.name] })),
    ...(c?.entries ?? []).map((e) => ({ item: { ...withTone(e), type: 'unicode_emoji' } as EmojiItem, names: e.names })),
  ];
  return rank(candidates, query, (x) => x.names, limit).map((x) => x.item);
}

export function emojiChar(code: string): string {
  try {
    return String.fromCodePoint(...code.split('-').map((h) => parseInt(h, 16)));
  } catch {
    return '';
  }
}
