// The views of things not yet sent: Drafts, Scheduled messages and Reminders (Zulip's #drafts,
// #scheduled and #reminders). Loaded on first use: most sessions never open them.
import { t } from '../i18n/i18n.ts';
import { api, ApiError } from '../api.ts';
import { store } from '../live.ts';
import type { Draft, ScheduledMessage } from '../types.ts';
import { hashFor, narrowThen, showToast, type ComposeTarget } from './app-state.ts';
import { openCompose } from './Compose.tsx';
import { formatDay, formatTime, relativeTime } from './common.tsx';
import { dropDraft } from './drafts.ts';

const fail = (e: unknown) => showToast(e instanceof ApiError ? e.message : t('Something went wrong.'), 'error');

function targetOfDraft(d: Pick<Draft, 'type' | 'to' | 'topic'>): ComposeTarget {
  return d.type === 'stream' ? { kind: 'stream', streamId: d.to[0], topic: d.topic, to: [] } : { kind: 'private', topic: '', to: d.to };
}

function targetLabel(tg: ComposeTarget): string {
  const s = store.value!;
  if (tg.kind === 'stream') return `#${s.streamName(tg.streamId)} › ${tg.topic || (s.realm.value.empty_topic_display_name ?? 'general chat')}`;
  return tg.to.map((id) => s.userName(id)).join(', ');
}

/** Narrows to the target's conversation and opens the compose box there with `content`. */
function resume(tg: ComposeTarget, content: string) {
  narrowThen(tg.kind === 'stream'
    ? [{ operator: 'channel', operand: String(tg.streamId) }, { operator: 'topic', operand: tg.topic }]
    : [{ operator: 'dm', operand: tg.to.join(',') }], () => openCompose(tg, 'content', content));
}

const when = (ts: number) => `${formatDay(ts)} ${formatTime(ts, !!store.value!.settings.value.twenty_four_hour_time)}`;

export function DraftsView() {
  const s = store.value!;
  const list = [...s.drafts.value.values()].sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0));
  return (
    <div class="overview" aria-label={t('Drafts')}>
      {list.length === 0 && <div class="feed-empty"><p class="big">{t('No drafts.')}</p><p>{t('Text you leave in the compose box is kept here, one draft per conversation.')}</p></div>}
      <ul class="card-list">
        {list.map((d) => {
          const tg = targetOfDraft(d);
          return (
            <li key={d.id} class="card">
              <div class="card-head"><strong>{targetLabel(tg)}</strong><span class="muted-text">{d.timestamp ? relativeTime(d.timestamp) : ''}</span></div>
              <p class="card-text">{d.content}</p>
              <div class="card-actions">
                <button class="button small primary" onClick={() => resume(tg, d.content)}>{t('Restore draft')}</button>
                <button class="button small danger" onClick={() => { void dropDraft(tg); if (d.id) void api.del(`/drafts/${d.id}`).catch(() => undefined); }}>{t('Delete')}</button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function scheduledTarget(m: ScheduledMessage): ComposeTarget {
  return m.type === 'stream' ? { kind: 'stream', streamId: m.to as number, topic: m.topic ?? '', to: [] } : { kind: 'private', topic: '', to: m.to as number[] };
}

export function ScheduledView() {
  const s = store.value!;
  const list = [...s.scheduled.value].sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp);
  const edit = async (m: ScheduledMessage) => {
    try {
      await api.del(`/scheduled_messages/${m.scheduled_message_id}`);
      resume(scheduledTarget(m), m.content);
    } catch (e) { fail(e); }
  };
  return (
    <div class="overview" aria-label={t('Scheduled messages')}>
      {list.length === 0 && <div class="feed-empty"><p class="big">{t('No scheduled messages.')}</p><p>{t('Use “Schedule message” next to Send to have one sent later.')}</p></div>}
      <ul class="card-list">
        {list.map((m) => (
          <li key={m.scheduled_message_id} class="card">
            <div class="card-head"><strong>{targetLabel(scheduledTarget(m))}</strong>
              <span class={m.failed ? 'form-error' : 'muted-text'}>{m.failed ? t('Could not be sent') : t('Sends {when}', { when: when(m.scheduled_delivery_timestamp) })}</span></div>
            <div class="card-text rendered" dangerouslySetInnerHTML={{ __html: m.rendered_content }} />
            <div class="card-actions">
              <button class="button small" onClick={() => void edit(m)}>{t('Edit')}</button>
              <button class="button small danger" onClick={() => api.del(`/scheduled_messages/${m.scheduled_message_id}`).catch(fail)}>{t('Delete')}</button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RemindersView() {
  const s = store.value!;
  const list = [...s.reminders.value].sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp);
  return (
    <div class="overview" aria-label={t('Reminders')}>
      {list.length === 0 && <div class="feed-empty"><p class="big">{t('No reminders.')}</p><p>{t('Choose “Remind me about this” in a message\'s menu.')}</p></div>}
      <ul class="card-list">
        {list.map((r) => (
          <li key={r.reminder_id} class="card">
            <div class="card-head"><strong>{t('Reminder {when}', { when: when(r.scheduled_delivery_timestamp) })}</strong>
              <a href={hashFor([{ operator: 'id', operand: String(r.reminder_target_message_id) }])}>{t('View the message')}</a></div>
            <div class="card-text rendered" dangerouslySetInnerHTML={{ __html: r.rendered_content }} />
            <div class="card-actions">
              <button class="button small danger" onClick={() => api.del(`/reminders/${r.reminder_id}`).catch(fail)}>{t('Delete')}</button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
