// Emoji in the interface: one glyph (a sprite cell, a custom emoji's image) and the picker, with
// Zulip's categories, search by every name and alias, frequently used, and a skin tone.
import { useSignal } from '@preact/signals';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { store } from '../live.ts';
import { catalog, frequentNames, loadCatalog, notePick, showEmoji, searchEmoji, setSkinTone, skinTone, withTone, type EmojiItem } from '../emoji.ts';
import { N_, t } from '../i18n/i18n.ts';
import './emoji.css';

/** An emoji; `decorative` where the control around it names it already (reactions, picker cells). */
/** `aside`: not the page's content (a status beside a name), so its picture may come once the page is idle. */
export function EmojiGlyph({ name, code, type, decorative, aside }: { name: string; code: string; type: string; decorative?: boolean; aside?: boolean }) {
  const hidden = decorative ? { 'aria-hidden': true } : {};
  if (type === 'realm_emoji') {
    const e = store.value?.realmEmoji.value[code];
    return e ? <img class="emoji-img" src={e.source_url} alt={decorative ? '' : `:${name}:`} /> : <span {...hidden}>:{name}:</span>;
  }
  if (type !== 'unicode_emoji') return <span {...hidden}>:{name}:</span>;
  showEmoji(aside ? 'idle' : 'now');
  // Decorative ones carry no text (the control's label names them; axe wants its visible text in that label).
  return decorative ? <span class={`emoji emoji-${code}`} aria-hidden="true" data-name={name} />
    : <span class={`emoji emoji-${code}`} role="img" aria-label={name}>:{name}:</span>;
}

/** The realm's active custom emoji, as picker items. */
export function customEmoji(): EmojiItem[] {
  const s = store.value!;
  return Object.values(s.realmEmoji.value).filter((e) => !e.deactivated).map((e) => ({ name: e.name, code: e.id, type: 'realm_emoji', url: e.source_url }));
}

const TONES = ['#ffcc4d', '#f7dece', '#f3d2a2', '#d5ab88', '#af7e57', '#7c533e'];
const TONE_NAMES = [N_('Default'), N_('Light'), N_('Medium-light'), N_('Medium'), N_('Medium-dark'), N_('Dark')];
// The catalog's category names (build/emoji-plugin.ts), for the translations.
export const CATEGORY_NAMES = [N_('Smileys & Emotion'), N_('People & Body'), N_('Animals & Nature'), N_('Food & Drink'), N_('Activities'),
  N_('Travel & Places'), N_('Objects'), N_('Symbols'), N_('Flags')];

interface Section { id: string; title: string; items: EmojiItem[] }

function sections(): Section[] {
  const c = catalog.value;
  if (!c) return [];
  const unicode = (code: string, name: string): EmojiItem => ({ name, code, type: 'unicode_emoji' });
  const frequent = frequentNames().map((n) => {
    const custom = customEmoji().find((e) => e.name === n);
    if (custom) return custom;
    const e = c.byName.get(n);
    return e ? { ...unicode(e.code, n), ...withTone(e) } : null;
  }).filter((x): x is EmojiItem => x !== null);
  const out: Section[] = [{ id: 'frequent', title: t('Frequently used'), items: frequent }];
  c.categories.forEach((title, i) => out.push({
    id: 'c' + i, title: t(title), items: c.entries.filter((e) => e.category === i).map((e) => ({ ...withTone(e), type: 'unicode_emoji' })),
  }));
  const custom = customEmoji();
  if (custom.length) out.push({ id: 'custom', title: t('Custom'), items: custom });
  return out;
}

/** The picker: a dialog next to what opened it; Escape or a click elsewhere closes it. */
export function EmojiPicker({ onPick, onClose }: { onPick: (name: string, code: string, type: string) => void; onClose: () => void }) {
  const q = useSignal('');
  const hover = useSignal<EmojiItem | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const opener = useRef(document.activeElement as HTMLElement | null);
  // Fixed beside what opened it, below or above as the window has room (a scrolling feed would clip it).
  useLayoutEffect(() => {
    const el = ref.current, at = opener.current?.getBoundingClientRect();
    if (!el || !at) return;
    const w = el.offsetWidth, h = el.offsetHeight;
    const top = at.bottom + 4 + h <= innerHeight ? at.bottom + 4 : Math.max(4, at.top - 4 - h);
    Object.assign(el.style, { position: 'fixed', top: top + 'px', left: Math.max(4, Math.min(at.right - w, innerWidth - w - 4)) + 'px', right: 'auto' });
  }, []);
  useEffect(() => {
    void loadCatalog();
    showEmoji();
    const prev = opener.current;
    ref.current?.querySelector<HTMLElement>('input')?.focus();
    const away = (e: MouseEvent) => { if (!ref.current?.contains(e.target as Node)) onClose(); };
    const timer = setTimeout(() => document.addEventListener('mousedown', away), 0);
    return () => { clearTimeout(timer); document.removeEventListener('mousedown', away); if (document.activeElement === document.body) prev?.focus?.(); };
  }, []);
  skinTone.value; // re-render when the tone changes
  const pick = (e: EmojiItem) => { notePick(e.name); onPick(e.name, e.code, e.type); onClose(); };
  const all = sections();
  const results = q.value.trim() ? searchEmoji(q.value.trim(), customEmoji(), 72) : null;
  const cell = (e: EmojiItem) => (
    <button key={e.type + e.code} type="button" class="emoji-cell" title={`:${e.name}:`} aria-label={e.name}
      onMouseEnter={() => (hover.value = e)} onFocus={() => (hover.value = e)} onClick={() => pick(e)}>
      <EmojiGlyph name={e.name} code={e.code} type={e.type} decorative />
    </button>
  );
  return (
    <div class="popover emoji-picker" role="dialog" aria-label={t('Emoji picker')} ref={ref}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); onClose(); } }}>
      <div class="emoji-picker-top">
        <input class="input" type="search" placeholder={t('Search emoji')} aria-label={t('Search emoji')} value={q.value}
          onInput={(e) => (q.value = (e.target as HTMLInputElement).value)}
          onKeyDown={(e) => { if (e.key === 'Enter' && results?.[0]) pick(results[0]); }} />
        <div class="skin-tones" role="radiogroup" aria-label={t('Skin tone')}>
          {TONES.map((color, i) => (
            <button key={i} type="button" role="radio" aria-checked={skinTone.value === i} aria-label={t(TONE_NAMES[i]!)} title={t(TONE_NAMES[i]!)}
              class={'tone' + (skinTone.value === i ? ' on' : '')} style={{ background: color }} onClick={() => setSkinTone(i)} />
          ))}
        </div>
      </div>
      {!results && (
        <nav class="emoji-tabs" aria-label={t('Emoji categories')}>
          {all.map((sec) => sec.items[0] && (
            <button key={sec.id} type="button" class="emoji-tab" title={sec.title} aria-label={sec.title}
              onClick={() => scroller.current?.querySelector(`#emoji-${sec.id}`)?.scrollIntoView({ block: 'start' })}>
              <EmojiGlyph name={sec.items[0].name} code={sec.items[0].code} type={sec.items[0].type} decorative />
            </button>
          ))}
        </nav>
      )}
      <div class="emoji-scroll" ref={scroller}>
        {!catalog.value && <p class="empty-note" role="status">{t('Loading…')}</p>}
        {results && <div class="emoji-grid" aria-label={t('Search results')}>{results.map(cell)}</div>}
        {results && results.length === 0 && catalog.value && <p class="empty-note">{t('No emoji match your search.')}</p>}
        {!results && all.map((sec) => (
          <section key={sec.id} id={'emoji-' + sec.id} class="emoji-section" aria-label={sec.title}>
            <div class="emoji-section-title" aria-hidden="true">{sec.title}</div>
            <div class="emoji-grid">{sec.items.map(cell)}</div>
          </section>
        ))}
      </div>
      <div class="emoji-preview" aria-live="polite">
        {hover.value ? <><EmojiGlyph name={hover.value.name} code={hover.value.code} type={hover.value.type} /> <code>:{hover.value.name}:</code></> : t('Pick an emoji')}
      </div>
    </div>
  );
}
