// The left sidebar's channels, as Zulip's: a filter box; sections for pinned channels, each channel
// folder, the other channels and (demoted) the inactive ones; each channel's topics with "Show all
// topics"; and a menu on every channel and topic row (mark as read, mute, follow, pin, copy link,
// move, resolve, channel settings, leave).
import { t } from '../i18n/i18n.ts';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { store, loadTopics } from '../live.ts';
import { topicKey, type UnreadCounts } from '../unread.ts';
import type { Subscription } from '../types.ts';
import { narrowTo, hashFor, sidebarOpen, go } from './app-state.ts';
import { Count, Modal, Popover } from './common.tsx';
import { Icon } from './icons.tsx';
import { setTopicPolicy } from './Settings.tsx';
import { MoveDialog, resolveTopic } from './MessageActions.tsx';
import { channelTerms, copyLink, leaveChannel, markChannelRead, markTopicRead, newestInTopic, subProperty, topicTerms } from './actions.ts';
import type { Message } from '../types.ts';

/** Zulip demotes channels without recent messages when there are this many (demote_inactive_streams = automatic). */
const DEMOTE_FROM = 30;
const TOPICS_SHOWN = 8;

interface Viewed { channel?: string; topic?: string; onlyChannel: boolean }

/** A row's "⋯" button and its menu. */
export function RowMenu({ label, children }: { label: string; children: (close: () => void) => preact.ComponentChildren }) {
  const open = useSignal(false);
  const close = () => (open.value = false);
  return (
    <div class="popover-anchor row-menu">
      <button class="icon-button small row-menu-button" aria-label={label} aria-haspopup="menu" aria-expanded={open.value} onClick={() => (open.value = !open.value)}>
        <Icon name="more" size={16} />
      </button>
      {open.value && <Popover onClose={close} label={label} class="menu right">{children(close)}</Popover>}
    </div>
  );
}

export const menuItem = (close: () => void, label: string, run: () => void) => (
  <button role="menuitem" class="menu-item" onClick={() => { close(); run(); }}>{label}</button>
);

function sections(subs: Subscription[], counts: UnreadCounts): { key: string; title: string; subs: Subscription[] }[] {
  const s = store.value!;
  const byName = (a: Subscription, b: Subscription) => a.name.localeCompare(b.name);
  const pinned = subs.filter((x) => x.pin_to_top).sort(byName);
  const rest = subs.filter((x) => !x.pin_to_top);
  const out = pinned.length ? [{ key: 'pinned', title: t('Pinned channels'), subs: pinned }] : [];
  const folders = [...s.folders.value].filter((f) => !f.is_archived).sort((a, b) => (a.order ?? a.id) - (b.order ?? b.id));
  for (const f of folders) {
    const inFolder = rest.filter((x) => s.streams.value.get(x.stream_id)?.folder_id === f.id).sort(byName);
    if (inFolder.length) out.push({ key: 'folder-' + f.id, title: f.name, subs: inFolder });
  }
  const folderIds = new Set(folders.map((f) => f.id));
  const other = rest.filter((x) => !folderIds.has(s.streams.value.get(x.stream_id)?.folder_id ?? -1)).sort(byName);
  const demote = s.settings.value.demote_inactive_streams ?? 1;
  const demoting = demote === 2 || (demote === 1 && subs.length >= DEMOTE_FROM);
  const inactive = (x: Subscription) => demoting && s.streams.value.get(x.stream_id)?.is_recently_active === false && !(counts.streams.get(x.stream_id) ?? 0);
  out.push({ key: 'other', title: out.length ? t('Other channels') : t('Channels'), subs: other.filter((x) => !inactive(x)) });
  out.push({ key: 'inactive', title: t('Inactive channels'), subs: other.filter(inactive) });
  return out;
}

export function ChannelSections({ counts, viewed }: { counts: UnreadCounts; viewed: Viewed }) {
  const s = store.value!;
  const filter = useSignal('');
  const collapsed = useSignal(new Set<string>(['inactive']));
  const expanded = useSignal<Set<number>>(new Set());
  const q = filter.value.trim().toLowerCase();
  const subs = [...s.subs.value.values()].filter((x) => !q || x.name.toLowerCase().includes(q));
  const toggleChannel = (id: number) => {
    const next = new Set(expanded.value);
    if (next.has(id)) next.delete(id);
    else { next.add(id); void loadTopics(id); }
    expanded.value = next;
  };
  const toggleSection = (key: string) => {
    const next = new Set(collapsed.value);
    if (next.has(key)) next.delete(key); else next.add(key);
    collapsed.value = next;
  };
  return (
    <>
      <div class="sidebar-filter">
        <input class="input" type="search" aria-label={t('Filter channels')} placeholder={t('Filter channels')} value={filter.value}
          onInput={(e) => (filter.value = (e.target as HTMLInputElement).value)}
          onKeyDown={(e) => { if (e.key === 'Escape') { filter.value = ''; (e.target as HTMLInputElement).blur(); } }} />
      </div>
      {sections(subs, counts).map((sec) => {
        if (!sec.subs.length) return null;
        const closed = collapsed.value.has(sec.key) && !q;
        const unread = sec.subs.reduce((n, x) => n + (counts.streams.get(x.stream_id) ?? 0), 0);
        return (
          <div key={sec.key} class="channel-section">
            <button class="section-toggle" aria-expanded={!closed} onClick={() => toggleSection(sec.key)}>
              <span class={'section-chevron' + (closed ? '' : ' open')} aria-hidden="true"><Icon name="chevron" size={12} /></span>
              <span class="grow">{sec.title}</span>
              {closed && <Count n={unread} />}
            </button>
            {!closed && (
              <ul class="channel-list" aria-label={sec.title}>
                {sec.subs.map((sub) => (
                  <ChannelRow key={sub.stream_id} sub={sub} counts={counts} viewed={viewed}
                    open={expanded.value.has(sub.stream_id) || viewed.channel === String(sub.stream_id)} onToggle={() => toggleChannel(sub.stream_id)} />
                ))}
              </ul>
            )}
          </div>
        );
      })}
      {subs.length === 0 && <p class="empty-note">{q ? t('No channel matches.') : t('You are not subscribed to any channel yet.')}</p>}
    </>
  );
}

/** The channel's own desktop notification setting, else the user's for all channels. */
const desktopOn = (sub: Subscription) => sub.desktop_notifications ?? !!store.value!.settings.value.enable_stream_desktop_notifications;

function ChannelRow({ sub, counts, viewed, open, onToggle }: { sub: Subscription; counts: UnreadCounts; viewed: Viewed; open: boolean; onToggle: () => void }) {
  const leaving = useSignal(false);
  const id = sub.stream_id;
  const active = viewed.channel === String(id) && viewed.onlyChannel;
  const unread = counts.streams.get(id) ?? 0;
  return (
    <li class={sub.is_muted ? 'muted' : ''}>
      <div class={'nav-row channel-row' + (active ? ' active' : '')}>
        <button class="chevron" aria-expanded={open} aria-label={open ? t('Hide topics of {name}', { name: sub.name }) : t('Show topics of {name}', { name: sub.name })} onClick={onToggle}>
          <span class="swatch" style={{ background: sub.color }} aria-hidden="true"><Icon name={sub.invite_only ? 'lock' : 'hash'} size={13} /></span>
        </button>
        <a href={hashFor(channelTerms(id))} class="nav-label" aria-current={active ? 'page' : undefined} onClick={() => { if (!open) onToggle(); sidebarOpen.value = false; }}>{sub.name}</a>
        <Count n={unread} />
        <RowMenu label={t('Channel options for {name}', { name: sub.name })}>
          {(close) => (
            <>
              {unread > 0 && menuItem(close, t('Mark all messages as read'), () => markChannelRead(id))}
              {menuItem(close, sub.is_muted ? t('Unmute channel') : t('Mute channel'), () => subProperty(id, 'is_muted', !sub.is_muted))}
              {menuItem(close, sub.pin_to_top ? t('Unpin channel from top') : t('Pin channel to top'), () => subProperty(id, 'pin_to_top', !sub.pin_to_top))}
              {menuItem(close, desktopOn(sub) ? t('Turn off desktop notifications') : t('Turn on desktop notifications'), () => subProperty(id, 'desktop_notifications', !desktopOn(sub)))}
              {menuItem(close, t('Copy link to channel'), () => copyLink(channelTerms(id)))}
              {menuItem(close, t('Channel settings'), () => go(`#settings/channel/${id}`))}
              {menuItem(close, t('Leave channel'), () => (leaving.value = true))}
            </>
          )}
        </RowMenu>
      </div>
      {open && <TopicList streamId={id} viewedTopic={viewed.channel === String(id) ? viewed.topic : undefined} topicCounts={counts.topics} />}
      {leaving.value && (
        <Modal title={t('Leave #{name}?', { name: sub.name })} onClose={() => (leaving.value = false)}>
          <p>{sub.invite_only ? t('This channel is private: you will need an invitation to join it again.') : t('You can join it again from Browse channels.')}</p>
          <div class="form-actions">
            <button class="button" onClick={() => (leaving.value = false)}>{t('Cancel')}</button>
            <button class="button danger" onClick={() => { leaving.value = false; void leaveChannel(sub.name); }}>{t('Leave')}</button>
          </div>
        </Modal>
      )}
    </li>
  );
}

function TopicList({ streamId, viewedTopic, topicCounts }: { streamId: number; viewedTopic?: string; topicCounts: Map<string, number> }) {
  const s = store.value!;
  const all = useSignal(false);
  const q = useSignal('');
  const loaded = s.topics.value.get(streamId);
  useEffect(() => { if (!loaded) void loadTopics(streamId); }, [streamId]);
  const names = new Map<string, string>();
  for (const t of loaded ?? []) names.set(t.name.toLowerCase(), t.name);
  for (const t of s.unread.topicsIn(streamId).keys()) if (!names.has(t.toLowerCase())) names.set(t.toLowerCase(), t);
  let list = [...names.values()];
  const hidden = list.length > TOPICS_SHOWN;
  if (all.value) list = list.filter((t) => !q.value || t.toLowerCase().includes(q.value.toLowerCase()));
  else if (hidden) list = list.filter((t, i) => i < TOPICS_SHOWN || (topicCounts.get(topicKey(streamId, t)) ?? 0) > 0 || t === viewedTopic);
  if (viewedTopic !== undefined && !all.value && !list.some((t) => t.toLowerCase() === viewedTopic.toLowerCase())) list.unshift(viewedTopic);
  return (
    <ul class="topic-list" aria-label={t('Topics in {channel}', { channel: s.streamName(streamId) })}>
      {all.value && (
        <li><input class="input topic-filter" type="search" aria-label={t('Search topics in {channel}', { channel: s.streamName(streamId) })} placeholder={t('Search topics')} value={q.value}
          onInput={(e) => (q.value = (e.target as HTMLInputElement).value)} /></li>
      )}
      {loaded === undefined && list.length === 0 && <li class="empty-note">{t('Loading topics…')}</li>}
      {list.map((t) => <TopicRow key={t} streamId={streamId} topic={t} active={viewedTopic !== undefined && t.toLowerCase() === viewedTopic.toLowerCase()} count={topicCounts.get(topicKey(streamId, t)) ?? 0} />)}
      {(hidden || all.value) && (
        <li><button class="link-button" onClick={() => { all.value = !all.value; q.value = ''; }}>{all.value ? t('Show fewer topics') : t('Show all topics')}</button></li>
      )}
    </ul>
  );
}

function TopicRow({ streamId, topic, active, count }: { streamId: number; topic: string; active: boolean; count: number }) {
  const s = store.value!;
  const moving = useSignal<Message | null>(null);
  const policy = s.topicPolicy(streamId, topic);
  const channelMuted = !!s.subs.value.get(streamId)?.is_muted;
  const muted = s.isMuted(streamId, topic);
  const empty = (s.realm.value.empty_topic_display_name as string) ?? 'general chat';
  const resolved = topic.startsWith('✔ ');
  const withNewest = (run: (m: Message) => void) => () => void newestInTopic(streamId, topic).then((m) => m && run(m));
  return (
    <li class={muted ? 'muted' : ''}>
      <div class={'nav-row topic-row' + (active ? ' active' : '')}>
        <a class="nav-label" aria-current={active ? 'page' : undefined} href={hashFor(topicTerms(streamId, topic))}
          onClick={(e) => { e.preventDefault(); narrowTo(topicTerms(streamId, topic)); }}>
          {topic === '' ? <em>{empty}</em> : topic}
        </a>
        {policy === 3 && <span class="badge-follow" title={t('Followed')} aria-label={t('Followed')}>●</span>}
        <Count n={count} />
        <RowMenu label={t('Topic options for {topic}', { topic: topic || empty })}>
          {(close) => (
            <>
              {count > 0 && menuItem(close, t('Mark all messages as read'), () => markTopicRead(streamId, topic))}
              {menuItem(close, policy === 3 ? t('Unfollow topic') : t('Follow topic'), () => setTopicPolicy(streamId, topic, policy === 3 ? 0 : 3))}
              {muted
                ? menuItem(close, t('Unmute topic'), () => setTopicPolicy(streamId, topic, channelMuted ? 2 : 0))
                : menuItem(close, t('Mute topic'), () => setTopicPolicy(streamId, topic, 1))}
              {menuItem(close, t('Copy link to topic'), () => copyLink(topicTerms(streamId, topic)))}
              {menuItem(close, t('Move topic'), withNewest((m) => (moving.value = m)))}
              {topic !== '' && menuItem(close, resolved ? t('Mark as unresolved') : t('Mark as resolved'), withNewest((m) => void resolveTopic(m)))}
            </>
          )}
        </RowMenu>
      </div>
      {moving.value && <MoveDialog m={moving.value} onClose={() => (moving.value = null)} />}
    </li>
  );
}
