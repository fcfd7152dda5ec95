import { language, t, tn } from '../i18n/i18n.ts';
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { createPortal } from 'preact/compat';
import { store } from '../live.ts';
import { Icon } from './icons.tsx';
import { showToast } from './app-state.ts';

/** The clipboard, or a prompt to copy from where the browser refuses it. */
export async function copyText(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast(done);
  } catch {
    window.prompt(t('Copy this:'), text);
  }
}

const PALETTE = ['#2f6fde', '#c2410c', '#15803d', '#7c3aed', '#be185d', '#0e7490', '#a16207', '#4d7c0f'];

export function Avatar({ userId, name, url, size = 36 }: { userId: number; name: string; url?: string | null; size?: number }) {
  const style = { width: size + 'px', height: size + 'px', fontSize: Math.round(size * 0.42) + 'px' };
  if (url && !url.includes('gravatar.com')) return <img class="avatar" src={url} alt="" style={style} loading="lazy" />;
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  return <span class="avatar avatar-initials" aria-hidden="true" data-initials={initials || '?'} style={{ ...style, background: PALETTE[userId % PALETTE.length] }} />;
}

/** green: active in the last 140 s; amber: idle; nothing: offline. */
export function presenceOf(userId: number): 'active' | 'idle' | 'offline' {
  const p = store.value?.presence.value.get(userId);
  if (!p) return 'offline';
  const now = Date.now() / 1000;
  if (now - p.active_timestamp < 140) return 'active';
  if (now - p.idle_timestamp < 140) return 'idle';
  return 'offline';
}

export function PresenceDot({ userId }: { userId: number }) {
  const p = presenceOf(userId);
  return <span class={`presence presence-${p}`} role="img" aria-label={p === 'active' ? t('Active') : p === 'idle' ? t('Idle') : t('Offline')} />;
}

export function useAutofocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export function Modal({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const prev = document.activeElement as HTMLElement | null;
    // the first field or button, else the close button: Escape must reach the dialog
    const first = ref.current?.querySelector<HTMLElement>('input, textarea, select, button:not(.modal-close)') ?? ref.current?.querySelector<HTMLElement>('.modal-close');
    first?.focus();
    // Escape closes the dialog wherever the focus is (a dialog opened by a shortcut may not have it yet).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.querySelectorAll('.modal').length > 1 && !ref.current?.contains(e.target as Node)) return;
      e.stopPropagation();
      e.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKey, true);
    return () => { document.removeEventListener('keydown', onKey, true); prev?.focus?.(); };
  }, []);
  // On <body>: a dialog opened from a sidebar row must not be clipped by the row's layout containment.
  return createPortal(
    <div class="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div class={'modal' + (wide ? ' modal-wide' : '')} role="dialog" aria-modal="true" aria-label={title} ref={ref}
>
        <div class="modal-header">
          <h2>{title}</h2>
          <button class="icon-button modal-close" onClick={onClose} aria-label={t('Close')}><Icon name="close" /></button>
        </div>
        <div class="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

function scrollingAncestor(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowY)) return p;
  }
  return null;
}

/** A menu that closes on Escape or a click elsewhere, and moves focus with the arrow keys. */
export function Popover({ onClose, children, label, class: cls = '' }: { onClose: () => void; children: ComponentChildren; label: string; class?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Before paint: a menu that would run past the bottom of its scrolling pane (a channel row low in the
  // sidebar) or of the window opens upwards instead, when there is more room there.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const pane = scrollingAncestor(el)?.getBoundingClientRect();
    const top = Math.max(pane?.top ?? 0, 0), bottom = Math.min(pane?.bottom ?? Infinity, window.innerHeight);
    const anchor = el.offsetParent?.getBoundingClientRect() ?? r;
    if (r.bottom > bottom && anchor.top - top > bottom - anchor.bottom) el.classList.add('popover-flip');
  }, []);
  useEffect(() => {
    const prev = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('button, input, [tabindex="0"]')?.focus();
    const away = (e: MouseEvent) => { if (!ref.current?.contains(e.target as Node)) onClose(); };
    // Listens from the next task on (the click that opened the menu must not close it); a menu closed
    // before then must not leave the listener behind, closing every later menu on its first click.
    const timer = setTimeout(() => document.addEventListener('mousedown', away), 0);
    return () => { clearTimeout(timer); document.removeEventListener('mousedown', away); if (document.activeElement === document.body) prev?.focus?.(); };
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') { e.stopPropagation(); onClose(); return; }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    if (!items.length) return;
    e.preventDefault();
    const i = items.indexOf(document.activeElement as HTMLElement);
    items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]!.focus();
  };
  return <div class={'popover ' + cls} ref={ref} role="menu" aria-label={label} onKeyDown={onKeyDown}>{children}</div>;
}

// Intl formatters are costly to create: one of each, reused for every message.
// Days and months in the interface's language (English: the browser's own locale, as before).
const FORMATS: Record<string, Intl.DateTimeFormatOptions> = {
  time12: { hour: 'numeric', minute: '2-digit', hour12: true },
  time24: { hour: 'numeric', minute: '2-digit', hour12: false },
  day: { weekday: 'short', month: 'short', day: 'numeric' },
  dayYear: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
};
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string): Intl.DateTimeFormat {
  const lang = language.value;
  let f = formatters.get(lang + kind);
  if (!f) formatters.set(lang + kind, (f = new Intl.DateTimeFormat(lang === 'en' ? [] : lang, FORMATS[kind])));
  return f;
}

export function formatTime(ts: number, twentyFour = false): string {
  return formatter(twentyFour ? 'time24' : 'time12').format(ts * 1000);
}

/** A local day number, for grouping messages by day without building strings. */
export function dayNumber(ts: number): number {
  return Math.floor((ts * 1000 - new Date(ts * 1000).getTimezoneOffset() * 60000) / 86400000);
}

export function formatDay(ts: number): string {
  const today = dayNumber(Date.now() / 1000);
  const day = dayNumber(ts);
  if (day === today) return t('Today');
  if (day === today - 1) return t('Yesterday');
  return formatter(new Date(ts * 1000).getFullYear() === new Date().getFullYear() ? 'day' : 'dayYear').format(ts * 1000);
}

export function relativeTime(ts: number): string {
  const s = Date.now() / 1000 - ts;
  if (s < 60) return t('just now');
  if (s < 3600) return t('{n} min ago', { n: Math.floor(s / 60) });
  if (s < 86400) return t('{n} h ago', { n: Math.floor(s / 3600) });
  return formatDay(ts);
}

export const Count = ({ n, mention }: { n: number; mention?: boolean }) =>
  n > 0 ? <span class={'count' + (mention ? ' count-mention' : '')} aria-label={tn(n, '{n} unread', '{n} unread')}>{n}</span> : null;
