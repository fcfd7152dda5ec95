// The search box, as Zulip's: operators become pills (channel, topic, sender by name, dm, is, has),
// suggestions follow what is typed, recent searches show when it is empty, and Enter searches.
import { t } from '../i18n/i18n.ts';
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { store, loadTopics } from '../live.ts';
import { canonicalOperator, isSearch, narrowToSearch, parseSearch, resolveSearch, type Narrow, type Term } from '../narrow.ts';
import { rank } from '../typeahead.ts';
import { names, narrowTo, view } from './app-state.ts';
import { Icon } from './icons.tsx';

const RECENT_KEY = 'stoa.recentSearches';
const IS_OPERANDS = ['dm', 'starred', 'mentioned', 'unread', 'resolved', 'followed', 'alerted'];
const HAS_OPERANDS = ['link', 'image', 'attachment', 'reaction'];
const OPERATORS = ['channel', 'topic', 'sender', 'dm', 'dm-including', 'is', 'has'];

function recentSearches(): string[] {
  try { return JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as string[]; } catch { return []; }
}

function remember(query: string) {
  if (!query.trim()) return;
  const list = [query, ...recentSearches().filter((q) => q !== query)].slice(0, 8);
  try { localStorage.setItem(RECENT_KEY, JSON.stringify(list)); } catch { /* private mode: no history */ }
}

/** Names to ids; a user also by a unique beginning of their name. */
export function resolve(terms: Narrow): Narrow {
  const s = store.value!;
  const users = [...s.users.value.values()].filter((u) => u.is_active !== false);
  return resolveSearch(terms, {
    myId: s.myId,
    channelByName: (n) => [...s.streams.value.values()].find((x) => x.name.toLowerCase() === n.toLowerCase())?.stream_id,
    userByNameOrEmail: (n) => {
      const q = n.toLowerCase();
      const exact = users.find((u) => u.email.toLowerCase() === q || u.delivery_email?.toLowerCase() === q || u.full_name.toLowerCase() === q);
      if (exact) return exact.user_id;
      const starts = users.filter((u) => u.full_name.toLowerCase().startsWith(q));
      return starts.length === 1 ? starts[0]!.user_id : undefined;
    },
  });
}

export function pillLabel(t: Term): string {
  const s = store.value!;
  let operand = t.operand;
  if (t.operator === 'channel') operand = '#' + s.streamName(Number(t.operand));
  else if (t.operator === 'sender' || t.operator === 'dm' || t.operator === 'dm-including') operand = t.operand.split(',').map((id) => names.userName(Number(id)) ?? id).join(', ');
  return `${t.negated ? '-' : ''}${t.operator}: ${operand}`;
}

interface Suggestion { key: string; label: string; detail?: string; run: () => void }

export function SearchBox() {
  const s = store.value!;
  const v = view.value;
  const pills = useSignal<Term[]>([]);
  const text = useSignal('');
  const open = useSignal(false);
  const active = useSignal(0);
  const input = useRef<HTMLInputElement>(null);
  const viewKey = JSON.stringify(v);
  useEffect(() => {
    const searching = v.kind === 'narrow' && isSearch(v.terms);
    pills.value = searching ? v.terms.filter((t) => t.operator !== 'search') : [];
    text.value = searching ? v.terms.find((t) => t.operator === 'search')?.operand ?? '' : '';
  }, [viewKey]);

  const submit = (extra: Narrow = []) => {
    const terms = [...pills.value, ...extra, ...resolve(parseSearch(text.value))];
    if (!terms.length) return;
    remember(narrowToSearch(terms, names));
    open.value = false;
    input.current?.blur();
    narrowTo(terms);
  };
  const lastToken = /(?:^|\s)(\S*)$/.exec(text.value)?.[1] ?? '';
  const withoutToken = () => text.value.slice(0, text.value.length - lastToken.length).trimEnd();
  const addPill = (t: Term) => {
    pills.value = [...pills.value, t];
    text.value = withoutToken();
    active.value = 0;
    if (t.operator === 'channel') void loadTopics(Number(t.operand));
    input.current?.focus();
  };
  const fill = (t: string) => { text.value = (withoutToken() + ' ' + t).trimStart(); input.current?.focus(); };

  const suggestions = ((): Suggestion[] => {
    if (!text.value.trim()) {
      return recentSearches().map((q) => ({ key: 'r' + q, label: q, detail: 'recent search', run: () => { text.value = ''; pills.value = []; narrowTo(resolve(parseSearch(q))); remember(q); open.value = false; input.current?.blur(); } }));
    }
    const m = /^(-?)([a-z-]+):(.*)$/i.exec(lastToken);
    if (m) {
      const op = canonicalOperator(m[2]!);
      const q = m[3]!.replace(/^"/, '');
      const negated = m[1] === '-';
      const pill = (operand: string) => (negated ? { operator: op, operand, negated } : { operator: op, operand });
      if (op === 'channel') return rank([...s.streams.value.values()], q, (c) => [c.name], 6).map((c) => ({ key: 'c' + c.stream_id, label: `channel: #${c.name}`, run: () => addPill(pill(String(c.stream_id))) }));
      if (op === 'sender' || op === 'dm' || op === 'dm-including') {
        return rank([...s.users.value.values()].filter((u) => u.is_active !== false), q, (u) => [u.full_name, u.email], 6)
          .map((u) => ({ key: 'u' + u.user_id, label: `${op}: ${u.full_name}`, detail: u.delivery_email ?? u.email, run: () => addPill(pill(String(u.user_id))) }));
      }
      if (op === 'topic') {
        const channel = pills.value.find((t) => t.operator === 'channel');
        const topics = channel ? s.topics.value.get(Number(channel.operand)) ?? [] : [...s.recent.value.values()].filter((r) => r.topic !== undefined).map((r) => ({ name: r.topic! }));
        return rank(topics, q, (t) => [t.name], 6).map((t) => ({ key: 't' + t.name, label: `topic: ${t.name}`, run: () => addPill(pill(t.name)) }));
      }
      if (op === 'is' || op === 'has') return (op === 'is' ? IS_OPERANDS : HAS_OPERANDS).filter((x) => x.startsWith(q.toLowerCase())).map((x) => ({ key: op + x, label: `${op}: ${x}`, run: () => addPill(pill(x)) }));
      return [];
    }
    const out: Suggestion[] = [{ key: 'search', label: t('Search for {text}', { text: text.value.trim() }), run: () => submit() }];
    if (lastToken) {
      for (const c of rank([...s.subs.value.values()], lastToken, (c) => [c.name], 2)) out.push({ key: 'c' + c.stream_id, label: `channel: #${c.name}`, run: () => addPill({ operator: 'channel', operand: String(c.stream_id) }) });
      for (const u of rank([...s.users.value.values()].filter((u) => u.is_active !== false && !u.is_bot), lastToken, (u) => [u.full_name], 3)) {
        out.push({ key: 'u' + u.user_id, label: `sender: ${u.full_name}`, detail: 'sent by', run: () => addPill({ operator: 'sender', operand: String(u.user_id) }) });
      }
      for (const op of OPERATORS.filter((o) => o.startsWith(lastToken.toLowerCase()) && lastToken.length >= 2)) out.push({ key: 'o' + op, label: `${op}:`, detail: 'operator', run: () => fill(op + ':') });
    }
    return out;
  })();
  const shown = open.value ? suggestions : [];
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') { open.value = false; (e.target as HTMLInputElement).blur(); return; }
    if (e.key === 'Backspace' && !text.value && pills.value.length) { pills.value = pills.value.slice(0, -1); return; }
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && shown.length) {
      e.preventDefault();
      active.value = (active.value + (e.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length;
      return;
    }
    if (e.key === 'Enter' || (e.key === 'Tab' && shown.length && text.value)) {
      e.preventDefault();
      const pick = shown[Math.min(active.value, shown.length - 1)];
      if (pick && (e.key === 'Tab' || text.value.trim() || active.value > 0 || !pills.value.length)) pick.run();
      else submit();
    }
  };
  const activeId = shown.length ? `search-sg-${Math.min(active.value, shown.length - 1)}` : undefined;
  return (
    <form class="search" role="search" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <div class="search-field" onClick={() => input.current?.focus()}>
        <span class="search-icon"><Icon name="search" size={16} /></span>
        {pills.value.map((term, i) => (
          <span class="pill search-pill" key={i}>{pillLabel(term)}
            <button type="button" class="pill-x" aria-label={t('Remove {name}', { name: pillLabel(term) })} onClick={() => (pills.value = pills.value.filter((_, j) => j !== i))}><Icon name="close" size={12} /></button>
          </span>
        ))}
        <input ref={input} id="search" class="search-input" type="search" aria-label={t('Search messages')} autocomplete="off"
          placeholder={pills.value.length ? '' : t('Search')} title={t('Search, with channel: topic: sender: dm: has: is: and words')}
          role="combobox" aria-expanded={shown.length > 0} aria-controls="search-suggestions" aria-activedescendant={activeId}
          value={text.value}
          onInput={(e) => { text.value = (e.target as HTMLInputElement).value; active.value = 0; open.value = true; }}
          onFocus={() => { open.value = true; active.value = 0; }} onBlur={() => setTimeout(() => (open.value = false), 150)}
          onKeyDown={onKeyDown} />
      </div>
      {shown.length > 0 && (
        <ul class="typeahead search-suggestions" id="search-suggestions" role="listbox" aria-label={t('Search suggestions')}>
          {shown.map((sg, i) => (
            <li key={sg.key} id={`search-sg-${i}`} role="option" aria-selected={i === active.value} class={i === active.value ? 'active' : ''}
              onMouseDown={(e) => { e.preventDefault(); sg.run(); }}>
              <span>{sg.label}</span>{sg.detail && <span class="muted-text">{sg.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
