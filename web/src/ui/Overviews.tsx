// Inbox (unread conversations by channel) and Recent conversations.
import { t } from '../i18n/i18n.ts';
import { useComputed, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { store, loadRecent } from '../live.ts';
import { topicKey } from '../unread.ts';
import { hashFor } from './app-state.ts';
import { Avatar, Count, PresenceDot, relativeTime } from './common.tsx';
import { Icon } from './icons.tsx';

export function Inbox() {
  const s = store.value!;
  const counts = useComputed(() => { s.unreadTick.value; s.userTopics.value; s.subs.value; return s.unread.counts(s.isMuted); });
  const c = counts.value;
  const convs = s.unread.firstUnreadConversations();
  const dms = convs.filter((x) => x.dmKey !== undefined);
  const byChannel = new Map<number, { topic: string; firstId: number }[]>();
  for (const x of convs) {
    if (x.streamId === undefined || s.isMuted(x.streamId, x.topic ?? '')) continue;
    byChannel.set(x.streamId, [...(byChannel.get(x.streamId) ?? []), { topic: x.topic ?? '', firstId: x.firstId }]);
  }
  const empty = s.realm.value.empty_topic_display_name ?? 'general chat';
  return (
    <div class="overview" aria-label={t('Inbox')}>
      {c.total === 0 && <div class="feed-empty"><p class="big">{t('You have no unread messages.')}</p><p><a href="#feed">{t('Go to the combined feed')}</a> or <a href="#recent">{t('recent conversations')}</a>.</p></div>}
      {dms.length > 0 && (
        <section class="inbox-group">
          <h2 class="inbox-heading"><span>{t('Direct messages')}</span><Count n={c.dms} /></h2>
          <ul>
            {dms.map((d) => {
              const ids = d.dmKey!.split(',').map(Number);
              return (
                <li key={d.dmKey}>
                  <a class="inbox-row" href={hashFor([{ operator: 'dm', operand: d.dmKey! }])}>
                    {ids.length === 1 ? <PresenceDot userId={ids[0]!} /> : <Icon name="people" size={16} />}
                    <span class="grow">{ids.map((id) => s.userName(id)).join(', ')}</span>
                    <Count n={c.dmConversations.get(d.dmKey!) ?? 0} />
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {[...byChannel.entries()].map(([sid, topics]) => {
        const sub = s.subs.value.get(sid);
        return (
          <section class="inbox-group" key={sid} style={{ '--channel-color': sub?.color ?? '#8a8f98' }}>
            <h2 class="inbox-heading channel">
              <a href={hashFor([{ operator: 'channel', operand: String(sid) }])}><Icon name="hash" size={14} />{s.streamName(sid)}</a>
              <Count n={c.streams.get(sid) ?? 0} />
            </h2>
            <ul>
              {topics.map((t) => (
                <li key={t.topic}>
                  <a class="inbox-row" href={hashFor([{ operator: 'channel', operand: String(sid) }, { operator: 'topic', operand: t.topic }])}>
                    <span class="grow">{t.topic || <em>{empty}</em>}</span>
                    <Count n={c.topics.get(topicKey(sid, t.topic)) ?? 0} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

export function Recent() {
  const s = store.value!;
  const loaded = useSignal(false);
  const filter = useSignal<'all' | 'unread' | 'dm'>('all');
  useEffect(() => { loadRecent().finally(() => (loaded.value = true)); }, []);
  s.unreadTick.value;
  const counts = s.unread.counts(s.isMuted);
  let list = [...s.recent.value.values()].sort((a, b) => b.maxId - a.maxId);
  if (filter.value === 'dm') list = list.filter((r) => r.dmKey !== undefined);
  if (filter.value === 'unread') list = list.filter((r) => (r.dmKey !== undefined ? counts.dmConversations.get(r.dmKey) : counts.topics.get(topicKey(r.streamId!, r.topic ?? ''))) ?? 0);
  const empty = s.realm.value.empty_topic_display_name ?? 'general chat';
  return (
    <div class="overview" aria-label={t('Recent conversations')}>
      <div class="segmented" role="group" aria-label={t('Filter')}>
        {(['all', 'unread', 'dm'] as const).map((f) => (
          <button key={f} class={filter.value === f ? 'on' : ''} aria-pressed={filter.value === f} onClick={() => (filter.value = f)}>
            {f === 'all' ? 'All' : f === 'unread' ? 'Unread' : t('Direct messages')}
          </button>
        ))}
      </div>
      {!loaded.value && list.length === 0 && <div class="feed-loading" role="status">{t('Loading…')}</div>}
      {loaded.value && list.length === 0 && <div class="feed-empty">{t('No conversations yet.')}</div>}
      <ul class="recent-list">
        {list.slice(0, 200).map((r) => {
          const n = r.dmKey !== undefined ? counts.dmConversations.get(r.dmKey) ?? 0 : counts.topics.get(topicKey(r.streamId!, r.topic ?? '')) ?? 0;
          const last = s.messages.get(r.maxId);
          const hash = r.dmKey !== undefined
            ? hashFor([{ operator: 'dm', operand: r.dmKey }])
            : hashFor([{ operator: 'channel', operand: String(r.streamId) }, { operator: 'topic', operand: r.topic ?? '' }]);
          const sub = r.streamId !== undefined ? s.subs.value.get(r.streamId) : undefined;
          return (
            <li key={r.key}>
              <a class="recent-row" href={hash}>
                <span class="recent-where">
                  {r.dmKey !== undefined
                    ? <span class="recent-channel">{t('Direct message')}</span>
                    : <span class="recent-channel"><span class="swatch small" style={{ background: sub?.color ?? '#8a8f98' }} aria-hidden="true" />{s.streamName(r.streamId)}</span>}
                  <span class="recent-topic">{r.dmKey !== undefined ? r.dmKey.split(',').map((id) => s.userName(Number(id))).join(', ') : r.topic || <em>{empty}</em>}</span>
                </span>
                <span class="recent-senders" aria-label={t('Participants')}>
                  {r.senders.slice(0, 4).map((id) => <Avatar key={id} userId={id} name={s.userName(id)} url={s.user(id)?.avatar_url} size={24} />)}
                </span>
                <Count n={n} />
                <span class="recent-time">{last ? relativeTime(last.timestamp) : ''}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
