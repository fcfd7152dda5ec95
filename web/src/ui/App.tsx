import { useEffect } from 'preact/hooks';
import { lazy, Suspense } from 'preact/compat';
import { useSignal, useSignalEffect } from '@preact/signals';
import { store, connection, loadNarrow } from '../live.ts';
import { logout } from '../api.ts';
import { narrowToSearch, type Narrow } from '../narrow.ts';
import { afterNarrow, compose, go, messageDialog, names, narrowTo, routeHash, sidebarOpen, toast, view } from './app-state.ts';
import { Sidebar } from './Sidebar.tsx';
import { Feed, FeedTitle } from './Feed.tsx';
import { Compose, TypingNotice, closeCompose } from './Compose.tsx';
import { Inbox, Recent } from './Overviews.tsx';
import { Settings, setTopicPolicy } from './Settings.tsx';
import { Avatar, Popover } from './common.tsx';
import { People, PeopleButton, peopleOpen } from './People.tsx';
import { ProfileCards, openStatusDialog } from './ProfileCard.tsx';
import { dmKey, topicKey } from '../unread.ts';
import { conversationOf } from '../narrow.ts';
import { markAllRead, markChannelRead, markDmRead, markTopicRead } from './actions.ts';
import { resolveTopic } from './MessageActions.tsx';
import { Icon } from './icons.tsx';
import { t, N_ } from '../i18n/i18n.ts';
import { Lightbox } from './Lightbox.tsx';
import { onShortcut, ShortcutHelp } from './Shortcuts.tsx';
import { SearchBox } from './Search.tsx';

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
      <a class="skip-link" href="#main">{t('Skip to messages')}</a>
      <TopBar />
      <NotificationBanner />
      <div class="layout">
        <Sidebar />
        {sidebarOpen.value && <div class="scrim" onClick={() => (sidebarOpen.value = false)} />}
        <main id="main" class="main" tabIndex={-1}>
          {v.kind === 'narrow' && (
            <>
              <div class="title-bar">
                <h1 class="title"><FeedTitle terms={v.terms} /></h1>
                <ReadAll terms={v.terms} />
                <TopicTools terms={v.terms} />
              </div>
              <Feed terms={v.terms} />
              <TypingNotice />
              <Compose />
            </>
          )}
          {v.kind === 'inbox' && <><div class="title-bar"><h1 class="title">{t('Inbox')}</h1><ReadAll terms={[]} /></div><Inbox /><Compose /></>}
          {v.kind === 'recent' && <><div class="title-bar"><h1 class="title">{t('Recent conversations')}</h1></div><Recent /><Compose /></>}
          {(v.kind === 'drafts' || v.kind === 'scheduled' || v.kind === 'reminders') && (
            <><div class="title-bar"><h1 class="title">{VIEW_TITLES[v.kind]}</h1></div>
              <Suspense fallback={<div class="feed-loading" role="status">{t('Loading…')}</div>}>
                {v.kind === 'drafts' ? <DraftsView /> : v.kind === 'scheduled' ? <ScheduledView /> : <RemindersView />}
              </Suspense>
              <Compose /></>
          )}
          {v.kind === 'settings' && <><div class="title-bar"><h1 class="title">{t('Settings')}</h1><a class="button" href="#inbox">{t('Done')}</a></div><Settings section={v.section} /></>}
        </main>
        {peopleOpen.value && <div class="scrim people-scrim" onClick={() => (peopleOpen.value = false)} />}
        <People />
      </div>
      <ProfileCards />
      <Lightbox />
      {messageDialog.value && <Suspense fallback={null}><MessageDialogHost /></Suspense>}
      <ShortcutHelp />
      <div class="toast-region" aria-live="assertive">{toast.value && <div class={'toast ' + toast.value.kind} role={toast.value.kind === 'error' ? 'alert' : 'status'}>{toast.value.text}</div>}</div>
    </div>
  );
}

const VIEW_TITLES = { drafts: 'Drafts', scheduled: N_('Scheduled messages'), reminders: 'Reminders' } as const;
// Rarely opened: their code loads on first use.
const MessageDialogHost = lazy(() => import('./MessageDialogs.tsx').then((m) => m.MessageDialogHost));
const DraftsView = lazy(() => import('./Views.tsx').then((m) => m.DraftsView));
const ScheduledView = lazy(() => import('./Views.tsx').then((m) => m.ScheduledView));
const RemindersView = lazy(() => import('./Views.tsx').then((m) => m.RemindersView));

const BANNER_KEY = 'stoa.notificationBannerDismissed';

/** Zulip's banner asking for the browser's permission to show desktop notifications. */
function NotificationBanner() {
  const s = store.value!;
  const state = useSignal(typeof Notification === 'undefined' ? 'denied' : Notification.permission);
  const dismissed = useSignal(localStorage.getItem(BANNER_KEY) === '1');
  if (state.value !== 'default' || dismissed.value || !s.settings.value.enable_desktop_notifications) return null;
  return (
    <div class="banner" role="region" aria-label={t('Desktop notifications')}>
      <span>{t('Stoa needs your permission to show desktop notifications.')}</span>
      <button class="button small primary" onClick={async () => (state.value = await Notification.requestPermission())}>{t('Enable notifications')}</button>
      <button class="button small" onClick={() => { localStorage.setItem(BANNER_KEY, '1'); dismissed.value = true; }}>{t('Not now')}</button>
    </div>
  );
}

function pageTitle(): string {
  const v = view.value;
  if (v.kind === 'drafts' || v.kind === 'scheduled' || v.kind === 'reminders') return VIEW_TITLES[v.kind];
  if (v.kind === 'inbox') return 'Inbox';
  if (v.kind === 'recent') return t('Recent conversations');
  if (v.kind === 'settings') return 'Settings';
  return v.terms.length ? narrowToSearch(v.terms, names) : t('Combined feed');
}

function TopBar() {
  const s = store.value!;
  const me = s.user(s.myId)!;
  const menu = useSignal(false);
  return (
    <header class="topbar">
      <button class="icon-button menu-button" aria-label={t('Show channels')} aria-expanded={sidebarOpen.value} onClick={() => (sidebarOpen.value = !sidebarOpen.value)}><Icon name="menu" size={20} /></button>
      <a class="brand" href="#inbox"><span class="brand-mark" aria-hidden="true">S</span><span class="brand-name">{s.realm.value.name ?? 'Stoa'}</span></a>
      <SearchBox />
      <span class="grow" />
      {connection.value === 'reconnecting' && <span class="status-pill" role="status">{t('Reconnecting…')}</span>}
      <PeopleButton />
      <div class="popover-anchor">
        <button class="user-button" aria-label={t('Personal menu')} aria-haspopup="menu" aria-expanded={menu.value} onClick={() => (menu.value = !menu.value)}>
          <Avatar userId={me.user_id} name={me.full_name} url={me.avatar_url} size={30} />
        </button>
        {menu.value && (
          <Popover onClose={() => (menu.value = false)} label={t('Personal menu')} class="menu right">
            <div class="menu-header"><strong>{me.full_name}</strong><br /><span class="muted-text">{me.delivery_email ?? me.email}</span></div>
            <button role="menuitem" class="menu-item" onClick={() => { menu.value = false; openStatusDialog(); }}>{t('Set status')}</button>
            <button role="menuitem" class="menu-item" onClick={() => { menu.value = false; go('#settings/profile'); }}>{t('Personal settings')}</button>
            {s.isAdmin() && <button role="menuitem" class="menu-item" onClick={() => { menu.value = false; go('#settings/users'); }}>{t('Organization settings')}</button>}
            <button role="menuitem" class="menu-item" onClick={() => { menu.value = false; go('#settings/display'); }}>{t('Theme')}</button>
            <button role="menuitem" class="menu-item" onClick={async () => { await logout().catch(() => undefined); location.hash = ''; location.reload(); }}>{t('Log out')}</button>
          </Popover>
        )}
      </div>
    </header>
  );
}

/** "Mark all as read" for the view: everything, a channel, a topic or a DM conversation. */
function ReadAll({ terms }: { terms: Narrow }) {
  const s = store.value!;
  s.unreadTick.value;
  const c = s.unread.counts(s.isMuted);
  const conv = conversationOf(terms);
  let n = 0;
  let run: (() => unknown) | null = null;
  if (terms.length === 0) { n = c.total; run = markAllRead; }
  else if (conv.dm) { n = c.dmConversations.get(dmKey(conv.dm, s.myId)) ?? 0; run = () => markDmRead(conv.dm!); }
  else if (conv.channel !== undefined && conv.topic !== undefined && terms.length === 2) { n = c.topics.get(topicKey(conv.channel, conv.topic)) ?? 0; run = () => markTopicRead(conv.channel!, conv.topic!); }
  else if (conv.channel !== undefined && terms.length === 1) { n = c.streams.get(conv.channel) ?? 0; run = () => markChannelRead(conv.channel!); }
  if (!n || !run) return null;
  return <button class="button small" onClick={() => void run!()}>{t('Mark all as read')}</button>;
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

