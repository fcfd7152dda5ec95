import { useComputed, useSignal } from '@preact/signals';
import { store, loadTopics } from '../live.ts';
import { topicKey } from '../unread.ts';
import { view, narrowTo, hashFor, sidebarOpen } from './app-state.ts';
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
  return hashFor(v.terms);
}

function NavLink({ hash, icon, label, count, mention }: { hash: string; icon: string; label: string; count?: number; mention?: boolean }) {
  const active = currentHash() === hash;
  return (
    <li>
      <a href={hash} class={'nav-row' + (active ? ' active' : '')} aria-current={active ? 'page' : undefined} onClick={() => (sidebarOpen.value = false)}>
        <span class="nav-icon" aria-hidden="true"><Icon name={icon} /></span>
        <span class="nav-label">{label}</span>
        {count !== undefined && <Count n={count} mention={mention} />}
      </a>
    </li>
  );
}

export function Sidebar() {
  const s = store.value!;
  const counts = useComputed(() => { s.unreadTick.value; s.subs.value; s.userTopics.value; return s.unread.counts(s.isMuted); });
  const expanded = useSignal<Set<number>>(new Set());
  const browsing = useSignal(false);
  const c = counts.value;
  const subs = [...s.subs.value.values()].sort((a, b) => Number(b.pin_to_top) - Number(a.pin_to_top) || a.name.localeCompare(b.name));
  const v = view.value;
  const viewed = v.kind === 'narrow' ? v.terms : null;
  const viewedChannel = viewed?.find((t) => t.operator === 'channel')?.operand;
  const viewedTopic = viewed?.find((t) => t.operator === 'topic')?.operand;

  const toggle = (id: number) => {
    const next = new Set(expanded.value);
    if (next.has(id)) next.delete(id);
    else { next.add(id); void loadTopics(id); }
    expanded.value = next;
  };

  const dms = [...s.recent.value.values()].filter((r) => r.dmKey !== undefined).sort((a, b) => b.maxId - a.maxId).slice(0, 12);
  const pinnedViews = s.navViews.value.filter((nv) => nv.is_pinned && nv.name);

  return (
    <nav class={'sidebar' + (sidebarOpen.value ? ' open' : '')} aria-label="Channels and conversations">
      <ul class="nav-list">
        <NavLink hash="#inbox" icon="inbox" label="Inbox" count={c.total} />
        <NavLink hash="#recent" icon="clock" label="Recent conversations" />
        <NavLink hash="#feed" icon="feed" label="Combined feed" count={c.total} />
        <NavLink hash="#narrow/is/starred" icon="star" label="Starred messages" />
        <NavLink hash="#narrow/is/mentioned" icon="at" label="Mentions" count={c.mentions} mention />
        {pinnedViews.map((nv) => <NavLink key={nv.fragment} hash={'#' + nv.fragment} icon="feed" label={nv.name!} />)}
      </ul>

      <section aria-labelledby="channels-heading">
        <div class="sidebar-heading">
          <h2 id="channels-heading">Channels</h2>
          <button class="icon-button small" onClick={() => (browsing.value = true)} aria-label="Browse channels" title="Browse channels"><Icon name="plus" size={16} /></button>
        </div>
        <ul class="channel-list">
          {subs.map((sub) => {
            const open = expanded.value.has(sub.stream_id) || viewedChannel === String(sub.stream_id);
            const active = viewedChannel === String(sub.stream_id) && viewedTopic === undefined && viewed?.length === 1;
            const hash = hashFor([{ operator: 'channel', operand: String(sub.stream_id) }]);
            return (
              <li key={sub.stream_id} class={sub.is_muted ? 'muted' : ''}>
                <div class={'nav-row channel-row' + (active ? ' active' : '')}>
                  <button class="chevron" aria-expanded={open} aria-label={`${open ? 'Hide' : 'Show'} topics of ${sub.name}`} onClick={() => toggle(sub.stream_id)}>
                    <span class="swatch" style={{ background: sub.color }} aria-hidden="true"><Icon name={sub.invite_only ? 'lock' : 'hash'} size={13} /></span>
                  </button>
                  <a href={hash} class="nav-label" aria-current={active ? 'page' : undefined} onClick={() => { if (!expanded.value.has(sub.stream_id)) toggle(sub.stream_id); sidebarOpen.value = false; }}>{sub.name}</a>
                  <Count n={c.streams.get(sub.stream_id) ?? 0} />
                </div>
                {open && <TopicList streamId={sub.stream_id} viewedTopic={viewedChannel === String(sub.stream_id) ? viewedTopic : undefined} topicCounts={c.topics} />}
              </li>
            );
          })}
          {subs.length === 0 && <li class="empty-note">You are not subscribed to any channel yet.</li>}
        </ul>
      </section>

      <section aria-labelledby="dms-heading">
        <div class="sidebar-heading">
          <h2 id="dms-heading">Direct messages</h2>
          <button class="icon-button small" onClick={() => openCompose({ kind: 'private', topic: '', to: [] }, 'to')} aria-label="New direct message" title="New direct message (x)"><Icon name="plus" size={16} /></button>
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
          {dms.length === 0 && <li class="empty-note">No direct messages yet.</li>}
        </ul>
      </section>
      {browsing.value && <BrowseChannels onClose={() => (browsing.value = false)} />}
    </nav>
  );
}

function TopicList({ streamId, viewedTopic, topicCounts }: { streamId: number; viewedTopic?: string; topicCounts: Map<string, number> }) {
  const s = store.value!;
  const loaded = s.topics.value.get(streamId);
  const unreadTopics = s.unread.topicsIn(streamId);
  const names = new Map<string, string>();
  for (const t of loaded ?? []) names.set(t.name.toLowerCase(), t.name);
  for (const t of unreadTopics.keys()) if (!names.has(t.toLowerCase())) names.set(t.toLowerCase(), t);
  let list = [...names.values()];
  if (list.length > 8) list = list.filter((t, i) => i < 8 || (topicCounts.get(topicKey(streamId, t)) ?? 0) > 0 || t === viewedTopic);
  if (viewedTopic !== undefined && !list.some((t) => t.toLowerCase() === viewedTopic.toLowerCase())) list.unshift(viewedTopic);
  const empty = (s.realm.value.empty_topic_display_name as string) ?? 'general chat';
  return (
    <ul class="topic-list" aria-label={`Topics in ${s.streamName(streamId)}`}>
      {loaded === undefined && list.length === 0 && <li class="empty-note">Loading topics…</li>}
      {list.map((t) => {
        const active = viewedTopic !== undefined && t.toLowerCase() === viewedTopic.toLowerCase();
        const policy = s.topicPolicy(streamId, t);
        return (
          <li key={t} class={s.isMuted(streamId, t) ? 'muted' : ''}>
            <a class={'nav-row topic-row' + (active ? ' active' : '')} aria-current={active ? 'page' : undefined}
              href={hashFor([{ operator: 'channel', operand: String(streamId) }, { operator: 'topic', operand: t }])}
              onClick={(e) => { e.preventDefault(); narrowTo([{ operator: 'channel', operand: String(streamId) }, { operator: 'topic', operand: t }]); }}>
              <span class="nav-label">{t === '' ? <em>{empty}</em> : t}</span>
              {policy === 3 && <span class="badge-follow" title="Followed" aria-label="Followed">●</span>}
              <Count n={topicCounts.get(topicKey(streamId, t)) ?? 0} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
