// A message's secondary dialogs: its edit history (Zulip's "EDITED" / "MOVED" label opens it), who
// has read it, its Markdown source, and "remind me about this".
import { t } from '../i18n/i18n.ts';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { api } from '../api.ts';
import { store } from '../live.ts';
import type { Message } from '../types.ts';
import { enhanceHtml } from '../rendered.ts';
import { hasEmoji, showEmoji } from '../emoji.ts';
import { Avatar, Modal, formatDay, formatTime } from './common.tsx';
import { fail } from './actions.ts';
import { messageDialog, showToast } from './app-state.ts';

/** A version's HTML as the feed shows it (its emoji with the sprites). */
function shown(html: string): string {
  if (hasEmoji(html)) showEmoji();
  return enhanceHtml(html);
}

interface Version {
  timestamp: number; user_id: number | null; topic: string; prev_topic?: string; stream?: number; prev_stream?: number;
  rendered_content?: string; prev_rendered_content?: string;
}

/** Loads once per dialog; `null` while loading. */
function useLoad<T>(load: () => Promise<T>): T | null {
  const value = useSignal<T | null>(null);
  useEffect(() => { load().then((v) => (value.value = v), (e) => fail(e)); }, []);
  return value.value;
}

const at = (ts: number) => `${formatDay(ts)} ${formatTime(ts, !!store.value!.settings.value.twenty_four_hour_time)}`;

export function EditHistory({ m, onClose }: { m: Message; onClose: () => void }) {
  const s = store.value!;
  const versions = useLoad(() => api.get<{ message_history: Version[] }>(`/messages/${m.id}/history`).then((r) => r.message_history));
  return (
    <Modal title={t('Message edit history')} onClose={onClose} wide>
      {versions === null ? <p role="status">{t('Loading…')}</p> : (
        <ol class="history">
          {versions.map((v, i) => {
            const who = v.user_id !== null ? s.userName(v.user_id) : 'Someone';
            const moved = v.prev_topic !== undefined || v.prev_stream !== undefined;
            const what = i === 0 ? t('Posted by') : v.prev_rendered_content !== undefined ? t('Edited by') : moved ? t('Moved by') : t('Changed by');
            return (
              <li key={i} class="history-entry">
                <div class="history-head"><strong>{what} {who}</strong><span class="muted-text">{at(v.timestamp)}</span></div>
                {v.prev_stream !== undefined && <p class="muted-text">{t('Channel: #{from} → #{to}', { from: s.streamName(v.prev_stream), to: s.streamName(v.stream) })}</p>}
                {v.prev_topic !== undefined && <p class="muted-text">{t('Topic: {from} → {to}', { from: v.prev_topic || t('(no topic)'), to: v.topic || t('(no topic)') })}</p>}
                {(i === 0 || v.prev_rendered_content !== undefined) && v.rendered_content !== undefined
                  && <div class="rendered history-content" dangerouslySetInnerHTML={{ __html: shown(v.rendered_content) }} />}
              </li>
            );
          })}
        </ol>
      )}
    </Modal>
  );
}

export function ReadReceipts({ m, onClose }: { m: Message; onClose: () => void }) {
  const s = store.value!;
  const ids = useLoad(() => api.get<{ user_ids: number[] }>(`/messages/${m.id}/read_receipts`).then((r) => r.user_ids));
  return (
    <Modal title={t('Read receipts')} onClose={onClose}>
      {ids === null ? <p role="status">{t('Loading…')}</p> : ids.length === 0 ? <p>{t('No one has read this message yet.')}</p> : (
        <>
          <p class="muted-text">{ids.length === 1 ? t('This message has been read by 1 person:') : t('This message has been read by {n} people:', { n: ids.length })}</p>
          <ul class="plain-list receipts">
            {ids.map((id) => <li key={id} class="list-row"><Avatar userId={id} name={s.userName(id)} url={s.user(id)?.avatar_url} size={24} />{s.userName(id)}</li>)}
          </ul>
        </>
      )}
    </Modal>
  );
}

export function MessageSource({ m, onClose }: { m: Message; onClose: () => void }) {
  const raw = useLoad(() => api.get<{ raw_content: string }>(`/messages/${m.id}`, { apply_markdown: false }).then((r) => r.raw_content));
  return (
    <Modal title={t('Message source')} onClose={onClose} wide>
      {raw === null ? <p role="status">{t('Loading…')}</p> : <pre class="source" tabIndex={0} aria-label={t('Markdown source')}>{raw}</pre>}
    </Modal>
  );
}

/** Zulip's choices: in 20 minutes, in an hour, in 3 hours, tomorrow at 9 AM, next Monday at 9 AM, or a time of one's own. */
function reminderChoices(now = new Date()): [string, number][] {
  const nine = (d: Date) => { const x = new Date(d); x.setHours(9, 0, 0, 0); return x; };
  const tomorrow = nine(new Date(now.getTime() + 86400_000));
  const monday = nine(new Date(now.getTime() + (((8 - now.getDay()) % 7) || 7) * 86400_000));
  const secs = (d: Date | number) => Math.floor((typeof d === 'number' ? d : d.getTime()) / 1000);
  return [['In 20 minutes', secs(now.getTime() + 20 * 60_000)], ['In 1 hour', secs(now.getTime() + 3600_000)],
    ['In 3 hours', secs(now.getTime() + 3 * 3600_000)], [t('Tomorrow at 9:00 AM'), secs(tomorrow)], [t('Next Monday at 9:00 AM'), secs(monday)]];
}

export function RemindMe({ m, onClose }: { m: Message; onClose: () => void }) {
  const custom = useSignal('');
  const note = useSignal('');
  const set = async (ts: number) => {
    try {
      await api.post('/reminders', { message_id: m.id, scheduled_delivery_timestamp: ts, ...(note.value.trim() ? { note: note.value.trim() } : {}) });
      showToast(t('Reminder set for {when}.', { when: at(ts) }));
      onClose();
    } catch (e) { fail(e); }
  };
  return (
    <Modal title={t('Remind me about this message')} onClose={onClose}>
      <label class="field"><span>{t('Note (optional)')}</span><input class="input" value={note.value} maxLength={1000} onInput={(e) => (note.value = (e.target as HTMLInputElement).value)} /></label>
      <div class="choice-list">
        {reminderChoices().map(([label, ts]) => <button key={label} class="button" onClick={() => void set(ts)}>{label}</button>)}
      </div>
      <form class="form" onSubmit={(e) => { e.preventDefault(); const t = Date.parse(custom.value); if (!Number.isNaN(t)) void set(Math.floor(t / 1000)); }}>
        <label class="field"><span>{t('Another time')}</span>
          <input class="input" type="datetime-local" required value={custom.value} onInput={(e) => (custom.value = (e.target as HTMLInputElement).value)} />
        </label>
        <div class="form-actions"><button class="button primary" type="submit">{t('Set reminder')}</button></div>
      </form>
    </Modal>
  );
}

export function MessageDialogHost() {
  const d = messageDialog.value;
  if (!d) return null;
  const close = () => (messageDialog.value = null);
  const Dialog = { history: EditHistory, receipts: ReadReceipts, source: MessageSource, remind: RemindMe }[d.kind];
  return <Dialog m={d.m} onClose={close} />;
}
