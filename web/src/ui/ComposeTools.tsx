// The compose box's tools, as Zulip's: the formatting bar (bold, italic, link, code, quote, math,
// poll), a video call link, scheduling a message, and the choice between Enter and Ctrl+Enter.
import { t } from '../i18n/i18n.ts';
import { useSignal } from '@preact/signals';
import { api, ApiError } from '../api.ts';
import { store } from '../live.ts';
import { showToast, type ComposeTarget } from './app-state.ts';
import { Modal, formatDay, formatTime } from './common.tsx';
import { Icon } from './icons.tsx';
import { FORMATS, type Format } from '../format.ts';

export function FormatBar({ onFormat, onInsert }: { onFormat: (f: Format) => void; onInsert: (text: string) => void }) {
  const poll = useSignal(false);
  return (
    <div class="format-bar" role="toolbar" aria-label={t('Formatting')}>
      {(Object.keys(FORMATS) as Format[]).map((f) => (
        <button key={f} type="button" class="icon-button" aria-label={FORMATS[f].label} title={FORMATS[f].label + (FORMATS[f].keys ? ` (${FORMATS[f].keys})` : '')}
          onMouseDown={(e) => e.preventDefault()} onClick={() => onFormat(f)}><Icon name={f} /></button>
      ))}
      <button type="button" class="icon-button" aria-label={t('Add a poll')} title={t('Add a poll')} onClick={() => (poll.value = true)}><Icon name="poll" /></button>
      <VideoCallButton onInsert={onInsert} />
      {poll.value && <PollDialog onClose={() => (poll.value = false)} onInsert={onInsert} />}
    </div>
  );
}

function PollDialog({ onClose, onInsert }: { onClose: () => void; onInsert: (text: string) => void }) {
  const question = useSignal('');
  const options = useSignal(['', '']);
  const setOption = (i: number, v: string) => {
    const next = options.value.map((o, j) => (j === i ? v : o));
    if (i === next.length - 1 && v) next.push('');
    options.value = next;
  };
  return (
    <Modal title={t('Create a poll')} onClose={onClose}>
      <form class="form" onSubmit={(e) => {
        e.preventDefault();
        onInsert(['/poll ' + question.value.trim(), ...options.value.map((o) => o.trim()).filter(Boolean)].join('\n'));
        onClose();
      }}>
        <label class="field"><span>{t('Question')}</span><input class="input" required value={question.value} onInput={(e) => (question.value = (e.target as HTMLInputElement).value)} /></label>
        {options.value.map((o, i) => (
          <label class="field" key={i}><span>{t('Option {n}', { n: i + 1 })}</span><input class="input" value={o} onInput={(e) => setOption(i, (e.target as HTMLInputElement).value)} /></label>
        ))}
        <div class="form-actions"><button type="button" class="button" onClick={onClose}>{t('Cancel')}</button><button class="button primary" type="submit">{t('Add poll')}</button></div>
      </form>
    </Modal>
  );
}

/** POST /calls/meeting/create; a provider that wants the user's authorization first gets it in a new tab. */
function VideoCallButton({ onInsert }: { onInsert: (text: string) => void }) {
  const start = async () => {
    try {
      const r = await api.post<{ url: string }>('/calls/meeting/create', { is_video_call: true });
      onInsert(`[Join video call.](${r.url})`);
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'INVALID_MEETING_TOKEN' || e.code === 'INVALID_ZOOM_TOKEN')) {
        window.open('/json/calls/meeting/register', '_blank', 'noopener');
        showToast(t('Authorize your video call account in the new tab, then try again.'));
      } else showToast(e instanceof ApiError ? e.message : t('Could not create a video call.'), 'error');
    }
  };
  return <button type="button" class="icon-button" aria-label={t('Add video call')} title={t('Add video call')} onClick={() => void start()}><Icon name="video" /></button>;
}

/** The send menu: schedule the message, and whether Enter or Ctrl+Enter sends. */
export function SendMenu({ onClose, onSchedule }: { onClose: () => void; onSchedule: () => void }) {
  const s = store.value!;
  const enterSends = s.settings.value.enter_sends === true;
  const choose = (v: boolean) => { onClose(); api.patch('/settings', { enter_sends: v }).catch(() => showToast(t('Could not save the setting.'), 'error')); };
  return (
    <>
      <button role="menuitem" class="menu-item" onClick={() => { onClose(); onSchedule(); }}>{t('Schedule message')}</button>
      <div class="menu-sep" role="separator" />
      <button role="menuitemradio" aria-checked={enterSends} class="menu-item" onClick={() => choose(true)}>{enterSends ? '✓ ' : ''}{t('Press Enter to send')}</button>
      <button role="menuitemradio" aria-checked={!enterSends} class="menu-item" onClick={() => choose(false)}>{!enterSends ? '✓ ' : ''}{t('Press Ctrl+Enter to send')}</button>
    </>
  );
}

function scheduleChoices(now = new Date()): [string, number][] {
  const at = (days: number, hour: number) => { const d = new Date(now.getTime() + days * 86400_000); d.setHours(hour, 0, 0, 0); return Math.floor(d.getTime() / 1000); };
  const monday = ((8 - now.getDay()) % 7) || 7;
  return [[t('Tomorrow at 9:00 AM'), at(1, 9)], [t('Tomorrow at 4:00 PM'), at(1, 16)], [t('Monday at 9:00 AM'), at(monday, 9)]];
}

export function ScheduleDialog({ target, content, onClose, onScheduled }: { target: ComposeTarget; content: string; onClose: () => void; onScheduled: () => void }) {
  const custom = useSignal('');
  const schedule = async (ts: number) => {
    try {
      await api.post('/scheduled_messages', target.kind === 'stream'
        ? { type: 'stream', to: target.streamId, topic: target.topic, content, scheduled_delivery_timestamp: ts }
        : { type: 'direct', to: target.to, content, scheduled_delivery_timestamp: ts });
      const s = store.value!;
      showToast(t('Scheduled for {day} {time}.', { day: formatDay(ts), time: formatTime(ts, !!s.settings.value.twenty_four_hour_time) }));
      onScheduled();
      onClose();
    } catch (e) { showToast(e instanceof ApiError ? e.message : t('Could not schedule the message.'), 'error'); }
  };
  return (
    <Modal title={t('Schedule message')} onClose={onClose}>
      <div class="choice-list">
        {scheduleChoices().map(([label, ts]) => <button key={label} class="button" onClick={() => void schedule(ts)}>{label}</button>)}
      </div>
      <form class="form" onSubmit={(e) => { e.preventDefault(); const t = Date.parse(custom.value); if (!Number.isNaN(t)) void schedule(Math.floor(t / 1000)); }}>
        <label class="field"><span>{t('Another time')}</span>
          <input class="input" type="datetime-local" required value={custom.value} onInput={(e) => (custom.value = (e.target as HTMLInputElement).value)} />
        </label>
        <div class="form-actions"><button class="button primary" type="submit">{t('Schedule')}</button></div>
      </form>
    </Modal>
  );
}
