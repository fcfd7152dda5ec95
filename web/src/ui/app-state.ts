// UI state shared by the components: the current view (from the URL), the selected message, the
// compose box and toasts.
import { signal } from '@preact/signals';
import { channelByNameOrSlug, channelNamesToIds, homeView, narrowToHash, parseHash, type Narrow, type View } from '../narrow.ts';
import { store } from '../live.ts';
import type { Message } from '../types.ts';

/** The view a URL fragment names; an empty one is the user's home view (web_home_view). */
export function routeHash(hash: string): View {
  const v = parseHash(hash, homeView(store.value?.settings.value.web_home_view));
  const streams = store.value?.streams.value;
  return streams ? channelNamesToIds(v, (name) => channelByNameOrSlug(streams.values(), name)) : v;
}

export const view = signal<View>(parseHash(location.hash));
export const selectedId = signal<number | null>(null);
export const sidebarOpen = signal(false);
/** Set by "mark unread from here" so that the messages do not turn read again at once. */
export const suppressRead = signal(false);
export const toast = signal<{ text: string; kind: 'error' | 'info' } | null>(null);

export interface ComposeTarget { kind: 'stream' | 'private'; streamId?: number; topic: string; to: number[] }
export interface ComposeState { open: boolean; target: ComposeTarget; content: string; focus?: 'topic' | 'to' | 'content'; draftId?: number }

/**
 * Which loaded messages the feed renders (ids lo..hi, inclusive; ±Infinity for "to the end"):
 * like Zulip, a window of ~150 around the anchor that grows as the reader scrolls, so that a
 * narrow of thousands of messages costs what a screenful does.
 */
export type MessageDialogKind = 'history' | 'receipts' | 'source' | 'remind';
/** The open dialog of one message (one at a time, wherever it was asked for: a menu, the EDITED label); MessageDialogs.tsx, loaded on first use. */
export const messageDialog = signal<{ kind: MessageDialogKind; m: Message } | null>(null);

export const feedWindow = signal<{ key: string; lo: number; hi: number }>({ key: '', lo: -Infinity, hi: Infinity });

/** Make sure a message is rendered (keyboard navigation, jump to unread); calls back once it is. */
export function revealInFeed(id: number, then: (el: HTMLElement | null) => void) {
  const w = feedWindow.value;
  if (id < w.lo || id > w.hi) feedWindow.value = { ...w, lo: Math.min(w.lo, id), hi: Math.max(w.hi, id) };
  requestAnimationFrame(() => then(document.querySelector<HTMLElement>(`.message[data-id="${id}"]`)));
}

export const compose = signal<ComposeState>({ open: false, target: { kind: 'stream', topic: '', to: [] }, content: '' });

let toastTimer: ReturnType<typeof setTimeout> | undefined;
export function showToast(text: string, kind: 'error' | 'info' = 'info') {
  toast.value = { text, kind };
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (toast.value = null), 5000);
}

export const names = {
  channelName: (id: number) => store.value?.streams.value.get(id)?.name,
  userName: (id: number) => store.value?.user(id)?.full_name,
};

export const hashFor = (terms: Narrow) => narrowToHash(terms, names);

export function go(hash: string) {
  if (location.hash !== hash) location.hash = hash;
  else view.value = routeHash(hash);
  sidebarOpen.value = false;
}

export const narrowTo = (terms: Narrow) => go(hashFor(terms));

/** Run once the next narrow has loaded (the narrow change closes the compose box: this may reopen it). */
export const afterNarrow = signal<(() => void) | null>(null);

/** Goes to a narrow, then runs `then` there (at once when it is already shown). */
export function narrowThen(terms: Narrow, then: () => void) {
  if (location.hash === hashFor(terms) && view.value.kind === 'narrow') return then();
  afterNarrow.value = then;
  narrowTo(terms);
}
