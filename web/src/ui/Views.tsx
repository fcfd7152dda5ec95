// The views of things not yet sent: Drafts, Scheduled messages and Reminders (Zulip's #drafts,
// #scheduled and #reminders). Loaded on first use: most sessions never open them.
import { api, ApiError } from '../api.ts';
import { store } from '../live.ts';
import type { Draft, ScheduledMessage } from '../types.ts';
import { hashFor, narrowThen, showToast, type ComposeTarget } from './app-state.ts';
import { openCompose } from './Compose.tsx';
import { formatDay, formatTime, relativeTime } from './common.tsx';
import { dropDraft } from './drafts.ts';

const fail = (e: unknown) => showToast(e instanceof ApiError ? e.message : 'Something went wrong.', 'error');

function targetOfDraft(d: Pick<Draft, 'type' | 'to' | 'topic'>): ComposeTarget {
  return d.type === 'stream' ? { kind: 'stream', streamId: d.to[0], topic: d.topic, to: [] } : { kind: 'private', topic: '', to: d.to };
}

function targetLabel(t: ComposeTarget): string {
  const s = store.value!;
  if (t.kind === 'stream') return `#${s.streamName(t.streamId)} › ${t.topic || (s.realm.value.empty_topic_display_name ?? 'general chat')}`;
  return t.to.map((id) => s.userName(id)).join(', ');
}

/** Narrows to the target's conversation and opens the compose box there with `content`. */
function resume(t: ComposeTarget, content: string) {
  narrowThen(t.kind === 'stream'
    ? [{ operator: 'channel', operand: String(t.streamId) }, { operator: 'topic', operand: t.topic }]
    : [{ operator: 'dm', operand: t.to.join(',') }], () => openCompose(t, 'content', content));
}

const when = (ts: number) => `${formatDay(ts)} ${formatTime(ts, !!store.value!.settings.value.twenty_four_hour_time)}`;

export function DraftsView() {
  const s = store.value!;
  const list = [...s.drafts.value.values()].sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0));
  return (
    <div class="overview" aria-label="Drafts">
      {list.length === 0 && <div class="feed-empty"><p class="big">No drafts.</p><p>Text you leave in the compose box is kept here, one draft per conversation.</p></div>}
      <ul class="card-list">
        {list.map((d) => {
          const t = targetOfDraft(d);
          return (
            <li key={d.id} class="card">
              <div class="card-head"><strong>{targetLabel(t)}</strong><span class="muted-text">{d.timestamp ? relativeTime(d.timestamp) : ''}</span></div>
              <p class="card-text">{d.content}</p>
              <div class="card-actions">
                <button class="button small primary" onClick={() => resume(t, d.content)}>Restore draft</button>
                <button class="button small danger" onClick={() => { void dropDraft(t); if (d.id) void api.del(`/drafts/${d.id}`).catch(() => undefined); }}>Delete</button>
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
    <div class="overview" aria-label="Scheduled messages">
      {list.length === 0 && <div class="feed-empty"><p class="big">No scheduled messages.</p><p>Use “Schedule message” next to Send to have one sent later.</p></div>}
      <ul class="card-list">
        {list.map((m) => (
          <li key={m.scheduled_message_id} class="card">
            <div class="card-head"><strong>{targetLabel(scheduledTarget(m))}</strong>
              <span class={m.failed ? 'form-error' : 'muted-text'}>{m.failed ? 'Could not be sent' : `Sends ${when(m.scheduled_delivery_timestamp)}`}</span></div>
            <div class="card-text rendered" dangerouslySetInnerHTML={{ __html: m.rendered_content }} />
            <div class="card-actions">
              <button class="button small" onClick={() => void edit(m)}>Edit</button>
              <button class="button small danger" onClick={() => api.del(`/scheduled_messages/${m.scheduled_message_id}`).catch(fail)}>Delete</button>
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
    <div class="overview" aria-label="Reminders">
      {list.length === 0 && <div class="feed-empty"><p class="big">No reminders.</p><p>Choose “Remind me about this” in a message's menu.</p></div>}
      <ul class="card-list">
        {list.map((r) => (
          <li key={r.reminder_id} class="card">
            <div class="card-head"><strong>{`Reminder ${when(r.scheduled_delivery_timestamp)}`}</strong>
              <a href={hashFor([{ operator: 'id', operand: String(r.reminder_target_message_id) }])}>View the message</a></div>
            <div class="card-text rendered" dangerouslySetInnerHTML={{ __html: r.rendered_content }} />
            <div class="card-actions">
              <button class="button small danger" onClick={() => api.del(`/reminders/${r.reminder_id}`).catch(fail)}>Delete</button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
