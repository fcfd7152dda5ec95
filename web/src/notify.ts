// Desktop notifications for direct messages and mentions while the page is hidden, as the user's
// settings ask (enable_desktop_notifications, pm_content_in_desktop_notifications).
import type { Store } from './state.ts';
import type { ZEvent } from './types.ts';

export function notifyIfWanted(s: Store, ev: ZEvent) {
  if (ev.type !== 'message' || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const m = ev.message;
  const flags: string[] = ev.flags ?? [];
  if (m.sender_id === s.myId || flags.includes('read') || document.visibilityState === 'visible') return;
  const dm = m.type === 'private';
  if (!(dm || flags.includes('mentioned')) || !s.settings.value.enable_desktop_notifications) return;
  const text = new DOMParser().parseFromString(m.content, 'text/html').body.textContent ?? '';
  const where = dm ? 'Direct message' : `#${s.streamName(m.stream_id)} › ${m.subject}`;
  new Notification(`${m.sender_full_name} (${where})`, { body: s.settings.value.pm_content_in_desktop_notifications === false && dm ? 'New direct message' : text.slice(0, 200), tag: String(m.id) });
}
