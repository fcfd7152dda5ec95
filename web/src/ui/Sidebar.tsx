import { t, N_ } from '../i18n/i18n.ts';
import { useComputed, useSignal } from '@preact/signals';
import { api } from '../api.ts';
import { store } from '../live.ts';
import type { UnreadCounts } from '../unread.ts';
import { view, hashFor, sidebarOpen } from './app-state.ts';
import { ChannelSections, RowMenu, menuItem } from './SidebarChannels.tsx';
import { fail, markAllRead } from './actions.ts';
import { Count, PresenceDot } from './common.tsx';
import { Icon } from './icons.tsx';
import { BrowseChannels } from './Settings.tsx';
import { openCompose } from './Compose.tsx';
import type { Narrow } from '../narrow.ts';

function currentHash(): string {
  const v = view.value;
  if (v.kind === 'inbox') return '#inbox';
  if (v.kind === 'recent') return '#recent';
  if (v.kind === 'settings') return '#settings';
  if (v.kind !== 'narrow') return '#' + v.kind;
  return hashFor(v.terms);
}

/** Zulip's built-in views, in its order; `home` is the web_home_view value of those that can be the home view. */
const BUILT_IN: { fragment: string; name: string; icon: string; pinned: boolean; home?: string; count?: 'total' | 'mentions' | 'drafts' | 'scheduled' | 'reminders' }[] = [
  { fragment: 'inbox', name: 'Inbox', icon: 'inbox', pinned: true, home: 'inbox', count: 'total' },
  { fragment: 'recent', name: N_('Recent conversations'), icon: 'clock', pinned: true, home: 'recent' },
  { fragment: 'feed', name: N_('Combined feed'), icon: 'feed', pinned: true, home: 'all_messages', count: 'total' },
  { fragment: 'narrow/is/mentioned', name: 'Mentions', icon: 'at', pinned: true, count: 'mentions' },
  { fragment: 'narrow/has/reaction/sender/me', name: 'Reactions', icon: 'smile', pinned: true },
  { fragment: 'narrow/is/starred', name: N_('Starred messages'), icon: 'star', pinned: true },
  { fragment: 'narrow/is/followed', name: N_('Followed topics'), icon: 'follow', pinned: false },
  { fragment: 'drafts', name: 'Drafts', icon: 'pencil', pinned: true, count: 'drafts' },
  { fragment: 'scheduled', name: N_('Scheduled messages'), icon: 'calendar', pinned: true, count: 'scheduled' },
  { fragment: 'reminders', name: 'Reminders', icon: 'alarm', pinned: true, count: 'reminders' },
];
/** Built-in views the server knows by fragment; the others are pinned as named views. */
const SERVER_BUILT_IN = new Set(BUILT_IN.map((v) => v.fragment).filter((f) => f !== 'narrow/is/followed'));

function setPinned(fragment: string, name: string, pinned: boolean) {
  const s = store.value!;
  const known = s.navViews.value.some((v) => v.fragment === fragment);
  const call = known
    ? api.patch(`/navigation_views/${encodeURIComponent(fragment)}`, { is_pinned: pinned })
    : api.post('/navigation_views', SERVER_BUILT_IN.has(fragment) ? { fragment, is_pinned: pinned } : { fragment, is_pinned: pinned, name });
  call.catch(fail);
}

function ViewRow({ fragment, icon, label, count, mention, home, pinned, custom }: { fragment: string; icon: string; label: string; count?: number; mention?: boolean; home?: string; pinned: boolean; custom?: boolean }) {
  const s = store.value!;
  const hash = '#' + fragment;
  const active = currentHash() === hash;
  const isHome = home !== undefined && (s.settings.value.web_home_view ?? 'inbox') === home;
  return (
    <li>
      <div class={'nav-row view-row' + (active ? ' active' : '')}>
        <a href={hash} class="nav-label view-link" aria-current={active ? 'page' : undefined} onClick={() => (sidebarOpen.value = false)}>
          <span class="nav-icon" aria-hidden="true"><Icon name={icon} /></span>
          <span class="nav-label">{label}</span>
        </a>
        {count !== undefined && <Count n={count} mention={mention} />}
        <RowMenu label={t('{name} options', { name: label })}>
          {(close) => (
            <>
              {menuItem(close, pinned ? t('Unpin from the sidebar') : t('Pin to the sidebar'), () => setPinned(fragment, label, !pinned))}
              {home !== undefined && !isHome && menuItem(close, t('Make this my home view'), () => api.patch('/settings', { web_home_view: home }).catch(fail))}
              {fragment === 'inbox' && menuItem(close, t('Mark all messages as read'), () => markAllRead())}
              {custom && menuItem(close, t('Delete this view'), () => api.del(`/navigation_views/${encodeURIComponent(fragment)}`).catch(fail))}
            </>
          )}
        </RowMenu>
      </div>
    </li>
  );
}

function ViewsSection({ c }: { c: UnreadCounts }) {
  const s = store.value!;
  const more = useSignal(false);
  const saved = new Map(s.navViews.value.map((v) => [v.fragment, v]));
  const counts = { total: c.total, mentions: c.mentions, drafts: s.drafts.value.size, scheduled: s.scheduled.value.length, reminders: s.reminders.value.length };
  const rows = [
    ...BUILT_IN.map((v) => ({ ...v, pinned: saved.get(v.fragment)?.is_pinned ?? v.pinned, custom: false, label: t(v.name) })),
    ...s.navViews.value.filter((v) => v.name && !BUILT_IN.some((b) => b.fragment === v.fragment))
      .map((v) => ({ fragment: v.fragment, icon: 'feed', pinned: v.is_pinned, custom: true, label: v.name!, home: undefined, count: undefined })),
  ];
  const row = (v: (typeof rows)[number]) => (
    <ViewRow key={v.fragment} fragment={v.fragment} icon={v.icon} label={v.label} pinned={v.pinned} custom={v.custom} home={v.home}
      count={v.count ? counts[v.count] : undefined} mention={v.count === 'mentions'} />
  );
  const unpinned = rows.filter((v) => !v.pinned);
  return (
    <ul class="nav-list" aria-label={t('Views')}>
      {rows.filter((v) => v.pinned).map(row)}
      {unpinned.length > 0 && (
        <li><button class="nav-row more-views" aria-expanded={more.value} onClick={() => (more.value = !more.value)}>
          <span class="nav-icon" aria-hidden="true"><Icon name="more" size={18} /></span><span class="nav-label">{more.value ? t('Fewer views') : t('More views')}</span>
        </button></li>
      )}
      {more.value && unpinned.map(row)}
    </ul>
  );
}

export function Sidebar() {
  const s = store.value!;
  const counts = useComputed(() => { s.unreadTick.value; s.subs.value; s.userTopics.value; return s.unread.counts(s.isMuted); });
  const browsing = useSignal(false);
  const c = counts.value;
  const v = view.value;
  const viewed = v.kind === 'narrow' ? v.terms : null;
  const viewedChannel = viewed?.find((t) => t.operator === 'channel')?.operand;
  const viewedTopic = viewed?.find((t) => t.operator === 'topic')?.operand;
  const dms = [...s.recent.value.values()].filter((r) => r.dmKey !== undefined).sort((a, b) => b.maxId - a.maxId).slice(0, 12);

  return (
    <nav class={'sidebar' + (sidebarOpen.value ? ' open' : '')} aria-label={t('Channels and conversations')}>
      <ViewsSection c={c} />

      <section aria-labelledby="channels-heading">
        <div class="sidebar-heading">
          <h2 id="channels-heading">{t('Channels')}</h2>
          <button class="icon-button small" onClick={() => (browsing.value = true)} aria-label={t('Browse channels')} title={t('Browse channels')}><Icon name="plus" size={16} /></button>
        </div>
        <ChannelSections counts={c} viewed={{ channel: viewedChannel, topic: viewedTopic, onlyChannel: viewedTopic === undefined && viewed?.length === 1 }} />
      </section>
      <section aria-labelledby="dms-heading">
        <div class="sidebar-heading">
          <h2 id="dms-heading">{t('Direct messages')}</h2>
          <button class="icon-button small" onClick={() => openCompose({ kind: 'private', topic: '', to: [] }, 'to')} aria-label={t('New direct message')} title={t('New direct message (x)')}><Icon name="plus" size={16} /></button>
        </div>
        <ul class="dm-list">
          {dms.map((d) => {
            const ids = d.dmKey!.split(',').map(Number);
            const terms: Narrow = [{ operator: 'dm', operand: d.dmKey! }];
            const hash = hashFor(terms);
            const active = currentHash() === hash;
            const label = ids.map((id) => (id === s.myId && ids.length === 1 ? `${s.userName(id)} (you)` : s.userName(id))).join(', ');
            return (
              <li key={d.key}>
                <a href={hash} class={'nav-row' + (active ? ' active' : '')} aria-current={active ? 'page' : undefined} onClick={() => (sidebarOpen.value = false)}>
                  {ids.length === 1 ? <PresenceDot userId={ids[0]!} /> : <span class="nav-icon" aria-hidden="true"><Icon name="people" size={16} /></span>}
                  <span class="nav-label">{label}</span>
                  <Count n={c.dmConversations.get(d.dmKey!) ?? 0} />
                </a>
              </li>
            );
          })}
          {dms.length === 0 && <li class="empty-note">{t('No direct messages yet.')}</li>}
        </ul>
      </section>
      {browsing.value && <BrowseChannels onClose={() => (browsing.value = false)} />}
    </nav>
  );
}

