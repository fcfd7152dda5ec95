import { useEffect } from 'preact/hooks';
import { lazy, Suspense } from 'preact/compat';
import { useSignal, useSignalEffect } from '@preact/signals';
import { store, connection, loadNarrow, markRead } from '../live.ts';
import { logout } from '../api.ts';
import { narrowToSearch, parseSearch, resolveSearch, isSearch, type Narrow } from '../narrow.ts';
import { afterNarrow, routeHash, view, selectedId, sidebarOpen, toast, names, narrowTo, go, compose, revealInFeed } from './app-state.ts';
import { Sidebar } from './Sidebar.tsx';
import { Feed, FeedTitle } from './Feed.tsx';
import { Compose, TypingNotice, openCompose, openComposeFor, defaultTarget, closeCompose } from './Compose.tsx';
import { Inbox, Recent } from './Overviews.tsx';
import { Settings, setTopicPolicy } from './Settings.tsx';
import { Avatar, Popover } from './common.tsx';
import { People, PeopleButton, peopleOpen } from './People.tsx';
import { ProfileCards, openStatusDialog } from './ProfileCard.tsx';
import { resolveTopic } from './MessageActions.tsx';
import { Icon } from './icons.tsx';
import { t } from '../i18n/i18n.ts';
import { Lightbox } from './Lightbox.tsx';

export function App() {
  const s = store.value!;
  const v = view.value;

  useEffect(() => {
    const onHash = () => { view.value = routeHash(location.hash); };
    window.addEventListener('hashchange', onHash);
    document.addEventListener('keydown', onShortcut);
    return () => { window.removeEventListener('hashchange', onHash); document.removeEventListener('keydown', onShortcut); };
  }, []);

  // A narrow in the URL loads its messages; the same narrow again (e.g. after re-register) reloads.
  const narrowKey = v.kind === 'narrow' ? JSON.stringify(v.terms) : null;
  useEffect(() => {
    if (compose.value.open) closeCompose(); // its text stays as the draft of its conversation
    if (v.kind === 'narrow') void loadNarrow(v.terms);
    const then = afterNarrow.value;
    afterNarrow.value = null;
    then?.();
  }, [narrowKey, s]);

  // The tab's title carries the unread count, as in Zulip.
  useSignalEffect(() => {
    s.unreadTick.value;
    const n = s.unread.counts(s.isMuted).total;
    document.title = `${n ? `(${n}) ` : ''}${pageTitle()} · ${s.realm.value.name ?? 'Stoa'}`;
  });

  useSignalEffect(() => {
    const moved = s.followMove.value;
    if (!moved) return;
    s.followMove.value = null;
    narrowTo([{ operator: 'channel', operand: String(moved.streamId) }, { operator: 'topic', operand: moved.topic }]);
  });

  return (
    <div class="app">
      <a class="skip-link" href="#main">Skip to messages</a>
      <TopBar />
      <div class="layout">
        <Sidebar />
        {sidebarOpen.value && <div class="scrim" onClick={() => (sidebarOpen.value = false)} />}
        <main id="main" class="main" tabIndex={-1}>
          {v.kind === 'narrow' && (
            <>
              <div class="title-bar">
                <h1 class="title"><FeedTitle terms={v.terms} /></h1>
                <TopicTools terms={v.terms} />
              </div>
              <Feed terms={v.terms} />
              <TypingNotice />
              <Compose />
            </>
          )}
          {v.kind === 'inbox' && <><div class="title-bar"><h1 class="title">Inbox</h1></div><Inbox /><Compose /></>}
          {v.kind === 'recent' && <><div class="title-bar"><h1 class="title">Recent conversations</h1></div><Recent /><Compose /></>}
          {(v.kind === 'drafts' || v.kind === 'scheduled' || v.kind === 'reminders') && (
            <><div class="title-bar"><h1 class="title">{VIEW_TITLES[v.kind]}</h1></div>
              <Suspense fallback={<div class="feed-loading" role="status">Loading…</div>}>
                {v.kind === 'drafts' ? <DraftsView /> : v.kind === 'scheduled' ? <ScheduledView /> : <RemindersView />}
              </Suspense>
              <Compose /></>
          )}
          {v.kind === 'settings' && <><div class="title-bar"><h1 class="title">Settings</h1><a class="button" href="#inbox">Done</a></div><Settings section={v.section} /></>}
        </main>
        {peopleOpen.value && <div class="scrim people-scrim" onClick={() => (peopleOpen.value = false)} />}
        <People />
      </div>
      <ProfileCards />
      <Lightbox />
      <div class="toast-region" aria-live="assertive">{toast.value && <div class={'toast ' + toast.value.kind} role={toast.value.kind === 'error' ? 'alert' : 'status'}>{toast.value.text}</div>}</div>
    </div>
  );
}

const VIEW_TITLES = { drafts: 'Drafts', scheduled: 'Scheduled messages', reminders: 'Reminders' } as const;
// Rarely opened: their code loads on first use.
const DraftsView = lazy(() => import('./Views.tsx').then((m) => m.DraftsView));
const ScheduledView = lazy(() => import('./Views.tsx').then((m) => m.ScheduledView));
const RemindersView = lazy(() => import('./Views.tsx').then((m) => m.RemindersView));

function pageTitle(): string {
  const v = view.value;
  if (v.kind === 'drafts' || v.kind === 'scheduled' || v.kind === 'reminders') return VIEW_TITLES[v.kind];
  if (v.kind === 'inbox') return 'Inbox';
  if (v.kind === 'recent') return 'Recent conversations';
  if (v.kind === 'settings') return 'Settings';
  return v.terms.length ? narrowToSearch(v.terms, names) : 'Combined feed';
}

function TopBar() {
  const s = store.value!;
  const me = s.user(s.myId)!;
  const v = view.value;
  const text = useSignal(v.kind === 'narrow' && v.terms.length ? narrowToSearch(v.terms, names) : '');
  const menu = useSignal(false);
  useEffect(() => { text.value = v.kind === 'narrow' && isSearch(v.terms) ? narrowToSearch(v.terms, names) : ''; }, [JSON.stringify(v)]);
  const submit = (e: Event) => {
    e.preventDefault();
    const terms = resolveSearch(parseSearch(text.value), {
      myId: s.myId,
      channelByName: (n) => [...s.streams.value.values()].find((x) => x.name.toLowerCase() === n.toLowerCase())?.stream_id,
      userByNameOrEmail: (n) => [...s.users.value.values()].find((u) => u.email.toLowerCase() === n.toLowerCase() || u.delivery_email?.toLowerCase() === n.toLowerCase() || u.full_name.toLowerCase() === n.toLowerCase())?.user_id,
    });
    narrowTo(terms);
    (document.activeElement as HTMLElement)?.blur();
  };
  return (
    <header class="topbar">
      <button class="icon-button menu-button" aria-label="Show channels" aria-expanded={sidebarOpen.value} onClick={() => (sidebarOpen.value = !sidebarOpen.value)}><Icon name="menu" size={20} /></button>
      <a class="brand" href="#inbox"><span class="brand-mark" aria-hidden="true">S</span><span class="brand-name">{s.realm.value.name ?? 'Stoa'}</span></a>
      <form class="search" role="search" onSubmit={submit}>
        <span class="search-icon"><Icon name="search" size={16} /></span>
        <input id="search" class="input search-input" type="search" aria-label="Search messages" placeholder="Search" title="Search, with channel: topic: sender: has: is: and words"
          value={text.value} onInput={(e) => (text.value = (e.target as HTMLInputElement).value)}
          onKeyDown={(e) => { if (e.key === 'Escape') { (e.target as HTMLInputElement).blur(); } }} />
      </form>
      <span class="grow" />
      {connection.value === 'reconnecting' && <span class="status-pill" role="status">Reconnecting…</span>}
      <PeopleButton />
      <div class="popover-anchor">
        <button class="user-button" aria-label="Personal menu" aria-haspopup="menu" aria-expanded={menu.value} onClick={() => (menu.value = !menu.value)}>
          <Avatar userId={me.user_id} name={me.full_name} url={me.avatar_url} size={30} />
        </button>
        {menu.value && (
          <Popover onClose={() => (menu.value = false)} label="Personal menu" class="menu right">
            <div class="menu-header"><strong>{me.full_name}</strong><br /><span class="muted-text">{me.delivery_email ?? me.email}</span></div>
            <button role="menuitem" class="menu-item" onClick={() => { menu.value = false; openStatusDialog(); }}>{t('Set status')}</button>
            <button role="menuitem" class="menu-item" onClick={() => { menu.value = false; go('#settings/profile'); }}>Personal settings</button>
            {s.isAdmin() && <button role="menuitem" class="menu-item" onClick={() => { menu.value = false; go('#settings/users'); }}>Organization settings</button>}
            <button role="menuitem" class="menu-item" onClick={() => { menu.value = false; go('#settings/display'); }}>Theme</button>
            <button role="menuitem" class="menu-item" onClick={async () => { await logout().catch(() => undefined); location.hash = ''; location.reload(); }}>Log out</button>
          </Popover>
        )}
      </div>
    </header>
  );
}

function TopicTools({ terms }: { terms: Narrow }) {
  const s = store.value!;
  const channel = terms.find((t) => t.operator === 'channel')?.operand;
  const topic = terms.find((t) => t.operator === 'topic')?.operand;
  if (channel === undefined || topic === undefined || terms.length !== 2) return null;
  const sid = Number(channel);
  const policy = s.topicPolicy(sid, topic);
  const last = [...s.feed.value.ids].reverse().map((id) => s.messages.get(id)).find(Boolean);
  return (
    <div class="topic-tools">
      <button class={'button small' + (policy === 3 ? ' on' : '')} aria-pressed={policy === 3} onClick={() => setTopicPolicy(sid, topic, policy === 3 ? 0 : 3)}>{policy === 3 ? 'Following' : 'Follow'}</button>
      <button class={'button small' + (policy === 1 ? ' on' : '')} aria-pressed={policy === 1} onClick={() => setTopicPolicy(sid, topic, policy === 1 ? 0 : 1)}>{policy === 1 ? 'Muted' : 'Mute'}</button>
      {last && <button class="button small" onClick={() => resolveTopic(last)}>{topic.startsWith('✔ ') ? 'Unresolve' : 'Resolve'}</button>}
    </div>
  );
}

function typingInField(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement;
  return t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName);
}

function moveSelection(delta: number) {
  const s = store.value!;
  const ids = s.feed.value.ids;
  if (!ids.length) return;
  const i = selectedId.value === null ? ids.length - 1 : ids.indexOf(selectedId.value);
  const next = ids[Math.max(0, Math.min(ids.length - 1, (i < 0 ? ids.length - 1 : i) + delta))]!;
  selectedId.value = next;
  revealInFeed(next, (el) => {
    el?.scrollIntoView({ block: 'nearest' });
    // Only take focus from the page or another message: a key that opened compose meanwhile wins.
    const active = document.activeElement;
    if (!active || active === document.body || active.classList.contains('message')) el?.focus({ preventScroll: true });
  });
  if (s.unread.has(next)) markRead([next]);
}

/** Zulip's core shortcuts; none of them fire while typing in a field. */
function onShortcut(e: KeyboardEvent) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape') {
    if (typingInField(e)) return;
    if (compose.value.open) return closeCompose();
    if (document.querySelector('.modal, .popover')) return;
    if (sidebarOpen.value) { sidebarOpen.value = false; return; }
    const v = view.value;
    if (v.kind === 'narrow' && v.terms.length) go('#feed');
    return;
  }
  if (typingInField(e) || document.querySelector('.modal')) return;
  const s = store.value;
  if (!s) return;
  const inFeed = view.value.kind === 'narrow';
  switch (e.key) {
    case 'j': case 'ArrowDown': if (!inFeed) return; moveSelection(1); break;
    case 'k': case 'ArrowUp': if (!inFeed) return; moveSelection(-1); break;
    case 'End': case 'G': if (!inFeed) return; moveSelection(1e9); break;
    case 'Home': if (!inFeed) return; moveSelection(-1e9); break;
    case 'r': case 'Enter': {
      if (!inFeed || (e.key === 'Enter' && (e.target as HTMLElement).closest('button, a'))) return;
      const m = selectedId.value !== null ? s.messages.get(selectedId.value) : undefined;
      if (m) openComposeFor(m); else openCompose(defaultTarget());
      break;
    }
    case 'c': { const t = defaultTarget(); openCompose({ kind: 'stream', streamId: t.streamId, topic: '', to: [] }, 'topic'); break; }
    case 'x': openCompose({ kind: 'private', topic: '', to: [] }, 'to'); break;
    case 'n': nextUnreadTopic(); break;
    case '/': document.getElementById('search')?.focus(); break;
    case 'i': go('#inbox'); break;
    default: return;
  }
  e.preventDefault();
}

function nextUnreadTopic() {
  const s = store.value!;
  const v = view.value;
  const here = v.kind === 'narrow' ? JSON.stringify(v.terms) : '';
  const next = s.unread.firstUnreadConversations().find((c) => {
    if (c.streamId !== undefined && s.isMuted(c.streamId, c.topic ?? '')) return false;
    const terms: Narrow = c.streamId !== undefined
      ? [{ operator: 'channel', operand: String(c.streamId) }, { operator: 'topic', operand: c.topic ?? '' }]
      : [{ operator: 'dm', operand: c.dmKey! }];
    return JSON.stringify(terms) !== here;
  });
  if (!next) return;
  narrowTo(next.streamId !== undefined
    ? [{ operator: 'channel', operand: String(next.streamId) }, { operator: 'topic', operand: next.topic ?? '' }]
    : [{ operator: 'dm', operand: next.dmKey! }]);
}
