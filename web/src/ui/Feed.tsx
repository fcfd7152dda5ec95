import { t } from '../i18n/i18n.ts';
import { memo } from 'preact/compat';
import { useSignal } from '@preact/signals';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { store, loadMore, markRead } from '../live.ts';
import { conversationOf, isSearch, type Narrow } from '../narrow.ts';
import type { Message } from '../types.ts';
import { compose, feedWindow, hashFor, messageDialog, revealInFeed, selectedId, suppressRead } from './app-state.ts';
import type { Feed as FeedState } from '../state.ts';
import { Avatar, dayNumber, formatDay, formatTime } from './common.tsx';
import { Icon } from './icons.tsx';
import { MessageActions, Reactions } from './MessageActions.tsx';
import { openComposeFor } from './Compose.tsx';
import { openFromMessage } from './Lightbox.tsx';
import { pillLabel } from './Search.tsx';
import { ensureKatexStyles, hasMath } from '../rendered.ts';
import { hasEmoji, showEmoji } from '../emoji.ts';
import { MessageWidget, hasWidget } from './Widget.tsx';
import { copyText } from './common.tsx';

/** Clicks inside rendered message HTML: copy a code block, open a spoiler, show an image in the lightbox. */
function onContentClick(e: MouseEvent) {
  const el = e.target as HTMLElement;
  const copy = el.closest<HTMLElement>('.copy-code');
  if (copy) { void copyText(copy.parentElement?.querySelector('pre')?.textContent ?? '', t('Code copied.')); return; }
  const spoiler = el.closest<HTMLElement>('.spoiler-header');
  if (spoiler) return toggleSpoiler(spoiler);
  const a = el.closest<HTMLAnchorElement>('.rendered a');
  if (a && openFromMessage(a)) e.preventDefault();
}

function onContentKey(e: KeyboardEvent) {
  const spoiler = (e.target as HTMLElement).closest?.<HTMLElement>('.spoiler-header');
  if (spoiler && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); e.stopPropagation(); toggleSpoiler(spoiler); }
}

function toggleSpoiler(header: HTMLElement) {
  const block = header.parentElement!;
  const open = block.classList.toggle('open');
  header.setAttribute('aria-expanded', String(open));
  block.querySelector('.spoiler-content')?.setAttribute('aria-hidden', String(!open));
}

interface Row { m: Message; header: boolean; sender: boolean; day: string | null }

export function buildRows(ids: number[], messages: Map<number, Message>): Row[] {
  const rows: Row[] = [];
  let prev: Message | undefined;
  let prevDay = -1;
  for (const id of ids) {
    const m = messages.get(id);
    if (!m) continue;
    const day = dayNumber(m.timestamp);
    const sameConversation = prev !== undefined && prev.type === m.type && (m.type === 'stream'
      ? prev.stream_id === m.stream_id && prev.subject.toLowerCase() === m.subject.toLowerCase()
      : (prev.dmUserIds ?? []).join() === (m.dmUserIds ?? []).join());
    const header = !sameConversation;
    const sender = header || prev!.sender_id !== m.sender_id || m.timestamp - prev!.timestamp > 600 || day !== prevDay;
    rows.push({ m, header, sender, day: day !== prevDay ? formatDay(m.timestamp) : null });
    prev = m;
    prevDay = day;
  }
  return rows;
}

const WINDOW = 150;
const STEP = 100;

const windowKey = (feed: FeedState) => `${feed.gen}`;

function initialWindow(feed: FeedState) {
  const ids = feed.ids;
  const n = ids.length;
  const at = feed.anchor !== undefined ? ids.indexOf(feed.anchor) : -1;
  if (at < 0) return { key: windowKey(feed), lo: n > WINDOW ? ids[n - WINDOW]! : -Infinity, hi: Infinity };
  const a = at - WINDOW / 2;
  const b = at + WINDOW / 2;
  return { key: windowKey(feed), lo: a <= 0 ? -Infinity : ids[a]!, hi: b >= n - 1 ? Infinity : ids[b]! };
}

export function Feed({ terms }: { terms: Narrow }) {
  const s = store.value!;
  const feed = s.feed.value;
  s.unreadTick.value; // re-render when messages turn read or unread
  const scroller = useRef<HTMLDivElement>(null);
  const firstId = useRef<number | undefined>(undefined);
  const lastId = useRef<number | undefined>(undefined);
  const heightBefore = useRef(0);
  const atBottom = useRef(true);
  const positioned = useRef('');
  let win = feedWindow.value;
  if (win.key !== windowKey(feed) && !feed.loading) feedWindow.value = win = initialWindow(feed);
  const visible = feed.ids.filter((id) => id >= win.lo && id <= win.hi);
  const rows = buildRows(visible, s.messages);
  if (rows.some((r) => hasMath(r.m.content))) ensureKatexStyles();
  if (rows.some((r) => hasEmoji(r.m.content))) showEmoji();
  const firstUnread = feed.ids.find((id) => s.unread.has(id));
  const unreadInView = useSignal(true);
  const checkUnreadInView = () => {
    const el = scroller.current;
    const target = firstUnread !== undefined ? el?.querySelector<HTMLElement>(`[data-id="${firstUnread}"]`) : null;
    if (!el || !target) { unreadInView.value = firstUnread === undefined; return; }
    const a = el.getBoundingClientRect();
    const b = target.getBoundingClientRect();
    unreadInView.value = b.bottom > a.top && b.top < a.bottom;
  };
  const policy = s.settings.value.web_mark_read_on_scroll_policy ?? 1;
  const conv = conversationOf(terms);
  const readOnScroll = !isSearch(terms) && policy !== 3 && (policy === 1 || conv.topic !== undefined || conv.dm !== undefined);

  // Keep the reading position: older messages go above without moving the view; new ones at the
  // bottom follow only when the reader is already there.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (feed.loading) { positioned.current = ''; return; }
    if (positioned.current !== windowKey(feed)) {
      positioned.current = windowKey(feed);
      const target = feed.anchor !== undefined ? el.querySelector<HTMLElement>(`[data-id="${feed.anchor}"]`) : null;
      if (target) {
        target.scrollIntoView({ block: 'center' });
        selectedId.value = feed.anchor!;
      } else {
        el.scrollTop = el.scrollHeight;
        selectedId.value = feed.ids[feed.ids.length - 1] ?? null;
      }
    } else if (firstId.current !== undefined && visible[0] !== firstId.current && visible.includes(firstId.current)) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
    } else if (atBottom.current && visible[visible.length - 1] !== lastId.current) {
      el.scrollTop = el.scrollHeight;
    }
    firstId.current = visible[0];
    lastId.current = visible[visible.length - 1];
    checkUnreadInView();
    heightBefore.current = el.scrollHeight;
  });

  useEffect(() => { suppressRead.value = false; }, [feed.key]);

  // What scrolls into view is read (Zulip's web_mark_read_on_scroll_policy decides where).
  useEffect(() => {
    const el = scroller.current;
    if (!el || !readOnScroll || suppressRead.value) return;
    const seen: number[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const io = new IntersectionObserver((entries) => {
      if (document.visibilityState !== 'visible') return;
      for (const e of entries) if (e.isIntersecting) seen.push(Number((e.target as HTMLElement).dataset.id));
      clearTimeout(timer);
      timer = setTimeout(() => { markRead(seen.splice(0)); }, 100);
    }, { root: el, threshold: 0.6 });
    el.querySelectorAll('.message[data-unread="1"]').forEach((n) => io.observe(n));
    return () => { io.disconnect(); clearTimeout(timer); };
  });

  const onScroll = () => {
    const el = scroller.current!;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    heightBefore.current = el.scrollHeight;
    checkUnreadInView();
    const ids = feed.ids;
    const w = feedWindow.value;
    if (el.scrollTop < 400) {
      const at = ids.indexOf(visible[0]!);
      if (at > 0) feedWindow.value = { ...w, lo: at - STEP <= 0 ? -Infinity : ids[at - STEP]! };
      else void loadMore('older');
    }
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 400) {
      const at = ids.indexOf(visible[visible.length - 1]!);
      if (w.hi !== Infinity && at >= 0) feedWindow.value = { ...w, hi: at + STEP >= ids.length - 1 ? Infinity : ids[at + STEP]! };
      else void loadMore('newer');
    }
  };

  const jumpToUnread = () => {
    if (firstUnread === undefined) return;
    selectedId.value = firstUnread;
    revealInFeed(firstUnread, (el) => el?.scrollIntoView({ block: 'center' }));
  };
  const search = isSearch(terms);

  return (
    <div class="feed" ref={scroller} onScroll={onScroll} aria-busy={feed.loading} onClick={onContentClick} onKeyDown={onContentKey}>
      {feed.foundOldest && !feed.loading && feed.ids.length > 0 && <div class="feed-start">{t('This is the beginning of this view.')}</div>}
      {!feed.foundOldest && !feed.loading && feed.ids.length > 0 && <div class="feed-start">{t('Loading older messages…')}</div>}
      {feed.loading && <div class="feed-loading" role="status">{t('Loading messages…')}</div>}
      {feed.error && <div class="feed-empty" role="alert">{feed.error}</div>}
      {!feed.loading && !feed.error && feed.ids.length === 0 && (
        search ? <NoResults terms={terms} /> : <div class="feed-empty">{t('No messages here yet. Start the conversation!')}</div>
      )}
      <div role="list" aria-label={t('Messages')}>
        {rows.map((r) => (
          <MessageRow key={r.m.id} m={r.m} header={r.header} sender={r.sender} day={r.day} search={search}
            selected={selectedId.value === r.m.id} unread={s.unread.has(r.m.id)} muted={s.mutedUsers.value.has(r.m.sender_id)} />
        ))}
      </div>
      {firstUnread !== undefined && !unreadInView.value && (
        <button class="jump-unread" onClick={jumpToUnread}>{t('↑ Jump to first unread')}</button>
      )}
      {compose.value.open && <div class="feed-spacer" />}
    </div>
  );
}

/** An honest empty search: what was looked for, where, and a way to look everywhere. */
function NoResults({ terms }: { terms: Narrow }) {
  const words = terms.find((t) => t.operator === 'search')?.operand;
  const filters = terms.filter((t) => t.operator !== 'search');
  return (
    <div class="feed-empty" role="status">
      <p class="big">{t('No messages match your search.')}</p>
      <p>{t('Searched for')} {words ? <strong>{words}</strong> : t('messages')}{filters.length > 0 && <> in {filters.map((t, i) => <span key={i} class="pill search-pill">{pillLabel(t)}</span>)}</>}.</p>
      <p class="muted-text">{t('Search looks for whole words (and their English forms: “plans” finds “plan”) in the messages you can read: your direct messages and the channels you can see.')}</p>
      {words && filters.length > 0 && <p><a href={hashFor([{ operator: 'search', operand: words }])}>{t('Search all messages for {words}', { words })}</a></p>}
    </div>
  );
}

function RecipientHeader({ m }: { m: Message }) {
  const s = store.value!;
  if (m.type === 'stream') {
    const sub = s.subs.value.get(m.stream_id!);
    const empty = s.realm.value.empty_topic_display_name ?? 'general chat';
    const channelTerms: Narrow = [{ operator: 'channel', operand: String(m.stream_id) }];
    const topicTerms: Narrow = [...channelTerms, { operator: 'topic', operand: m.subject }];
    return (
      <div class="recipient-header" style={{ '--channel-color': sub?.color ?? '#8a8f98' }}>
        <a class="rh-channel" href={hashFor(channelTerms)}>
          <Icon name={s.streams.value.get(m.stream_id!)?.invite_only ? 'lock' : 'hash'} size={14} />{s.streamName(m.stream_id)}
        </a>
        <span class="rh-sep" aria-hidden="true">›</span>
        <a class="rh-topic" href={hashFor(topicTerms)} dangerouslySetInnerHTML={m.match_subject ? { __html: m.match_subject } : undefined}>
          {m.match_subject ? undefined : m.subject === '' ? <em>{empty}</em> : m.subject}
        </a>
      </div>
    );
  }
  const others = (m.dmUserIds ?? []).filter((id) => id !== s.myId);
  const key = others.length ? others.join(',') : String(s.myId);
  return (
    <div class="recipient-header dm-header">
      <a href={hashFor([{ operator: 'dm', operand: key }])}>
        {others.length ? t('You and {names}', { names: others.map((id) => s.userName(id)).join(', ') }) : 'You (notes to self)'}
      </a>
    </div>
  );
}

const isoTime = (ts: number) => new Date(ts * 1000).toISOString();

interface RowProps { m: Message; header: boolean; sender: boolean; day: string | null; selected: boolean; unread: boolean; search: boolean; muted: boolean }

/** Zulip condenses a message taller than this (px) behind "Show more". */
const CONDENSE_PX = 320;
/** Only a message this long (HTML characters) can be that tall: the others are never measured. */
const MAYBE_TALL = 900;

/** Long messages start condensed; the reader's "Show more" sticks while the message stays loaded. */
const shownInFull = new Set<number>();

function useCondensed(m: Message, content: { current: HTMLDivElement | null }) {
  const tall = useSignal(false);
  const full = useSignal(shownInFull.has(m.id));
  useLayoutEffect(() => {
    const el = content.current;
    tall.value = !!el && m.content.length > MAYBE_TALL && el.scrollHeight > CONDENSE_PX + 40;
  }, [m.content]);
  const toggle = () => { full.value = !full.value; if (full.value) shownInFull.add(m.id); else shownInFull.delete(m.id); };
  return { condensed: tall.value && !full.value, tall: tall.value, toggle };
}

const revealed = new Set<number>();

/** A muted sender's message: hidden until the reader asks (Zulip's muted users). */
function MutedMessage({ m, onShow }: { m: Message; onShow: () => void }) {
  return (
    <p class="muted-message">{t('This message was hidden because you have muted the sender.')} <button class="link-button" onClick={() => { revealed.add(m.id); onShow(); }}>{t('Show message')}</button></p>
  );
}

const MessageRow = memo(function MessageRow({ m, header, sender, day, selected, unread, search, muted }: RowProps) {
  const s = store.value!;
  const contentRef = useRef<HTMLDivElement>(null);
  const { condensed, tall, toggle } = useCondensed(m, contentRef);
  const shown = useSignal(0);
  const hidden = muted && !revealed.has(m.id);
  const mine = m.sender_id === s.myId;
  const mentioned = m.flags.some((f) => f.endsWith('mentioned'));
  const user = s.user(m.sender_id);
  const twentyFour = !!s.settings.value.twenty_four_hour_time;
  const html = search && m.match_content ? m.match_content : m.content;
  // The server stamps a move as an edit too: only a later (content) edit makes it "edited".
  const edited = m.last_edit_timestamp !== undefined && m.last_edit_timestamp !== m.last_moved_timestamp;
  const label = edited ? 'edited' : m.last_moved_timestamp !== undefined ? 'moved' : null;
  shown.value; // re-render once a muted message is revealed
  return (
    <div role="listitem" class="message-wrap">
      {day && <div class="day-divider"><span>{day}</span></div>}
      {header && <RecipientHeader m={m} />}
      <article class={'message' + (sender ? ' with-sender' : '') + (selected ? ' selected' : '') + (mentioned ? ' mentioned' : '') + (mine ? ' mine' : '')}
        data-id={m.id} data-unread={unread ? '1' : '0'} tabIndex={selected ? 0 : -1}
        aria-label={`${m.sender_full_name}, ${formatTime(m.timestamp, twentyFour)}`}
        onClick={(e) => { if (!(e.target as HTMLElement).closest('a, button, textarea, input')) selectedId.value = m.id; }}
        onDblClick={() => openComposeFor(m)}>
        <div class="message-gutter">
          {sender ? <Avatar userId={m.sender_id} name={m.sender_full_name} url={user?.avatar_url ?? m.avatar_url} /> : <time class="gutter-time" dateTime={isoTime(m.timestamp)}>{formatTime(m.timestamp, twentyFour)}</time>}
        </div>
        <div class="message-main">
          {sender && (
            <div class="message-meta">
              <a class="sender-name" href={hashFor([{ operator: 'sender', operand: String(m.sender_id) }])}>{user?.full_name ?? m.sender_full_name}</a>
              <time class="message-time" dateTime={isoTime(m.timestamp)}>{formatTime(m.timestamp, twentyFour)}</time>
            </div>
          )}
          {unread && <span class="unread-marker" aria-label={t('Unread')} />}
          {hidden ? <MutedMessage m={m} onShow={() => shown.value++} /> : (
            <>
              {hasWidget(m) ? <MessageWidget m={m} /> : (
                <div ref={contentRef} class={'message-content rendered' + (condensed ? ' condensed' : '')} dangerouslySetInnerHTML={{ __html: html }} />
              )}
              {tall && <button class="link-button show-more" aria-expanded={!condensed} onClick={toggle}>{condensed ? t('Show more') : t('Show less')}</button>}
            </>
          )}
          {label && <button class="edited" onClick={() => (messageDialog.value = { kind: 'history', m })}
            title={label === 'edited' ? t('Edited {when}: view the edit history', { when: new Date(m.last_edit_timestamp! * 1000).toLocaleString() }) : t('Moved: view the history')}>{label === 'edited' ? t('(edited)') : t('(moved)')}</button>}
          {m.reactions.length > 0 && <Reactions m={m} />}
        </div>
        <MessageActions m={m} />
      </article>
    </div>
  );
});

export function FeedTitle({ terms }: { terms: Narrow }) {
  const s = store.value!;
  const conv = conversationOf(terms);
  if (isSearch(terms)) return <span class="title-text">{t('Search results')}</span>;
  if (conv.channel !== undefined) {
    const sub = s.subs.value.get(conv.channel);
    return (
      <span class="title-text">
        <span class="swatch" style={{ background: sub?.color ?? '#8a8f98' }} aria-hidden="true"><Icon name={s.streams.value.get(conv.channel)?.invite_only ? 'lock' : 'hash'} size={13} /></span>
        <a href={hashFor([{ operator: 'channel', operand: String(conv.channel) }])}>{s.streamName(conv.channel)}</a>
        {conv.topic !== undefined && <><span class="rh-sep" aria-hidden="true">›</span><span>{conv.topic || (s.realm.value.empty_topic_display_name ?? 'general chat')}</span></>}
      </span>
    );
  }
  if (conv.dm) return <span class="title-text">{conv.dm.filter((id) => id !== s.myId).map((id) => s.userName(id)).join(', ') || t('Notes to self')}</span>;
  if (terms.length === 0) return <span class="title-text">{t('Combined feed')}</span>;
  if (terms.length === 1 && terms[0]!.operator === 'is' && terms[0]!.operand === 'starred') return <span class="title-text">{t('Starred messages')}</span>;
  if (terms.length === 1 && terms[0]!.operator === 'is' && terms[0]!.operand === 'mentioned') return <span class="title-text">{t('Mentions')}</span>;
  if (terms.length === 1 && terms[0]!.operator === 'is' && terms[0]!.operand === 'followed') return <span class="title-text">{t('Followed topics')}</span>;
  if (terms.length === 2 && terms[0]!.operator === 'has' && terms[0]!.operand === 'reaction' && terms[1]!.operand === 'me') return <span class="title-text">{t('Reactions')}</span>;
  if (terms.length === 1 && terms[0]!.operator === 'sender') return <span class="title-text">{t('Messages from {name}', { name: s.userName(Number(terms[0]!.operand)) ?? '' })}</span>;
  return <span class="title-text">{t('Search results')}</span>;
}
