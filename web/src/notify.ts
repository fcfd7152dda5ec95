// Desktop and sound notifications for new messages while the page is not in front, as the user's
// settings ask (Zulip's rules): direct messages and mentions, channel messages (the user setting,
// or the channel's own when it has one), followed topics; muted conversations stay quiet unless
// they mention the user; `@all`-style mentions only with wildcard_mentions_notify.
import { t } from './i18n/i18n.ts';
import type { Store } from './state.ts';
import type { Message, Subscription, ServerEvent } from './types.ts';
import { narrowToHash } from './narrow.ts';

export interface Want { desktop: boolean; sound: boolean }

type Settings = Record<string, any>;

/** What a new message from someone else asks for, by the user's settings (pure: unit-tested). */
export function notificationWanted(m: Pick<Message, 'type' | 'stream_id' | 'subject'>, flags: string[], settings: Settings,
  sub: Pick<Subscription, 'desktop_notifications' | 'audible_notifications'> | undefined, topicPolicy: number, muted: boolean): Want {
  const want = { desktop: false, sound: false };
  const add = (desktop: unknown, sound: unknown) => { want.desktop ||= !!desktop; want.sound ||= !!sound; };
  if (m.type === 'private' || flags.includes('mentioned')) add(settings.enable_desktop_notifications, settings.enable_sounds);
  const wildcard = flags.some((f) => f === 'wildcard_mentioned' || f === 'stream_wildcard_mentioned' || f === 'topic_wildcard_mentioned');
  if (wildcard && settings.wildcard_mentions_notify !== false) add(settings.enable_desktop_notifications, settings.enable_sounds);
  if (m.type === 'stream' && !muted) {
    if (topicPolicy === 3) add(settings.enable_followed_topic_desktop_notifications, settings.enable_followed_topic_audible_notifications);
    add(sub?.desktop_notifications ?? settings.enable_stream_desktop_notifications, sub?.audible_notifications ?? settings.enable_stream_audible_notifications);
  }
  return want;
}

const away = () => document.visibilityState !== 'visible' || !document.hasFocus();

let audio: AudioContext | undefined;

/** A short two-note chime made on the spot (no sound file to ship); Zulip's notification_sound "none" silences it. */
export function chime(setting: string | undefined) {
  if (setting === 'none') return;
  try {
    audio ??= new AudioContext();
    const t = audio.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.2, t + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.12 + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.12);
      osc.stop(t + i * 0.12 + 0.32);
    }
  } catch { /* no audio here */ }
}

/** The message in its conversation, for a click on its notification. */
function openMessage(s: Store, m: Message) {
  const others = (m.type === 'private' && Array.isArray(m.display_recipient) ? m.display_recipient.map((u) => u.id) : []).filter((id) => id !== s.myId);
  const terms = m.type === 'stream'
    ? [{ operator: 'channel', operand: String(m.stream_id) }, { operator: 'topic', operand: m.subject }, { operator: 'near', operand: String(m.id) }]
    : [{ operator: 'dm', operand: (others.length ? others : [s.myId]).join(',') }, { operator: 'near', operand: String(m.id) }];
  location.hash = narrowToHash(terms, { channelName: (id) => s.streams.value.get(id)?.name, userName: (id) => s.user(id)?.full_name });
}

/** Called for every event; acts on new messages only. */
export function notifyIfWanted(s: Store, ev: ServerEvent) {
  if (ev.type !== 'message') return;
  const m = ev.message;
  const flags = ev.flags ?? [];
  if (m.sender_id === s.myId || flags.includes('read') || !away()) return;
  const settings = s.settings.value;
  const stream = m.type === 'stream' ? m.stream_id! : undefined;
  const want = notificationWanted(m, flags, settings, stream !== undefined ? s.subs.value.get(stream) : undefined,
    stream !== undefined ? s.topicPolicy(stream, m.subject) : 0, stream !== undefined && s.isMuted(stream, m.subject));
  if (want.sound) chime(settings.notification_sound);
  if (!want.desktop || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const dm = m.type === 'private';
  const text = new DOMParser().parseFromString(m.content, 'text/html').body.textContent ?? '';
  const where = dm ? t('Direct message') : `#${s.streamName(m.stream_id)} › ${m.subject}`;
  const n = new Notification(`${m.sender_full_name} (${where})`, {
    body: settings.pm_content_in_desktop_notifications === false && dm ? t('New direct message') : text.slice(0, 200), tag: String(m.id),
  });
  n.onclick = () => { window.focus(); openMessage(s, m); n.close(); };
}
