// Personal settings: profile and avatar, display and preferences, notifications, channels, topics, snippets.
import { useSignal } from '@preact/signals';
import { api } from '../../api.ts';
import { store } from '../../live.ts';
import { topicKey } from '../../unread.ts';
import { Avatar } from '../common.tsx';
import { PasswordChange } from '../PasswordChange.tsx';
import { TwoFactorSettings } from '../TwoFactorSettings.tsx';
import { setTopicPolicy } from '../BrowseChannels.tsx';
import { LANGUAGES, N_, t } from '../../i18n/i18n.ts';
import { Check, fail, ok, patchSettings, saved, Section, value } from './common.tsx';

export function Profile() {
  const s = store.value!;
  const me = s.user(s.myId)!;
  const name = useSignal(me.full_name);
  const changesDisabled = !!s.realm.value.avatar_changes_disabled && !s.isAdmin();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    try { await api.upload('/users/me/avatar', form); ok(t('Your avatar is updated.')); } catch (e) { fail(e); }
  };
  return (
    <Section title={t('Profile')}>
      <div class="profile-card">
        <Avatar userId={me.user_id} name={me.full_name} url={me.avatar_url} size={80} />
        <div>
          <div class="profile-name">{me.full_name}</div><div class="muted-text">{me.delivery_email ?? me.email}</div>
          {!changesDisabled && (
            <div class="form-actions left">
              <label class="button small file-button">{t('Upload new avatar')}
                <input type="file" accept="image/*" class="visually-hidden" onChange={(e) => { const el = e.target as HTMLInputElement; void upload(el.files?.[0]); el.value = ''; }} />
              </label>
              {me.avatar_url && <button class="button small" onClick={() => api.del('/users/me/avatar').then(() => ok(t('Your avatar is removed.'))).catch(fail)}>{t('Delete avatar')}</button>}
            </div>
          )}
        </div>
      </div>
      <form class="form" onSubmit={(e) => { e.preventDefault(); void patchSettings({ full_name: name.value }); }}>
        <label class="field"><span>{t('Name')}</span><input class="input" value={name.value} onInput={(e) => (name.value = value(e))} required maxLength={100} /></label>
        <div class="form-actions"><button class="button primary" type="submit">{t('Save name')}</button></div>
      </form>
      <PasswordChange />
      <TwoFactorSettings />
    </Section>
  );
}

const HOME_VIEWS: [string, string][] = [['inbox', N_('Inbox')], ['recent_topics', N_('Recent conversations')], ['all_messages', N_('Combined feed')]];
const DENSITY: [string, string, number, number][] = [['compact', N_('Compact'), 14, 122], ['comfortable', N_('Comfortable'), 16, 140]];

/** The time zones the browser knows, the user's own first. */
function timeZones(): string[] {
  const all = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.length ? all : [Intl.DateTimeFormat().resolvedOptions().timeZone];
}

export function Display() {
  const s = store.value!;
  const st = s.settings.value;
  const me = s.user(s.myId)!;
  const scheme = st.color_scheme ?? 1;
  const size = st.web_font_size_px ?? 16, line = st.web_line_height_percent ?? 140;
  const density = DENSITY.find(([, , f, l]) => f === size && l === line)?.[0] ?? 'custom';
  const select = (label: string, current: string | number, options: [string | number, string][], onChange: (v: string) => void) => (
    <label class="field"><span>{label}</span>
      <select class="input" value={current} onChange={(e) => onChange(value(e))}>{options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}</select>
    </label>
  );
  return (
    <Section title={t('Preferences')}>
      <div class="settings-grid">
        {select(t('Language'), st.default_language ?? 'en', LANGUAGES.map((l) => [l.code, l.name]), (v) => patchSettings({ default_language: v }))}
        {select(t('Time zone'), me.timezone ?? '', [['', t('Not set')], ...timeZones().map((z): [string, string] => [z, z])], (v) => patchSettings({ timezone: v }))}
        {select(t('Home view'), st.web_home_view ?? 'inbox', HOME_VIEWS.map(([v, l]) => [v, t(l)]), (v) => patchSettings({ web_home_view: v }))}
        {select(t('Emoji'), st.emojiset === 'text' || st.emojiset === 'twitter' ? st.emojiset : 'google',
          [['google', t('Google')], ['twitter', t('Twitter')], ['text', t('Plain text')]], (v) => patchSettings({ emojiset: v }))}
      </div>
      <p class="muted-text">{t('Emoji images: Noto Emoji by Google (Apache License 2.0), Twemoji by Twitter and contributors (CC BY 4.0).')}</p>
      <fieldset class="field">
        <legend>{t('Theme')}</legend>
        {[[1, N_('Follow the system')], [3, N_('Light')], [2, N_('Dark')]].map(([v, label]) => (
          <label class="check" key={v}><input type="radio" name="theme" checked={scheme === v} onChange={() => patchSettings({ color_scheme: v })} /> {t(label as string)}</label>
        ))}
      </fieldset>
      <fieldset class="field">
        <legend>{t('Information density')}</legend>
        {DENSITY.map(([k, label, f, l]) => (
          <label class="check" key={k}><input type="radio" name="density" checked={density === k} onChange={() => patchSettings({ web_font_size_px: f, web_line_height_percent: l })} /> {t(label)}</label>
        ))}
        <div class="settings-grid">
          <label class="field"><span>{t('Font size')} ({size}px)</span>
            <input type="range" min={12} max={20} value={size} onChange={(e) => patchSettings({ web_font_size_px: Number(value(e)) })} /></label>
          <label class="field"><span>{t('Line spacing')} ({line}%)</span>
            <input type="range" min={122} max={158} step={2} value={line} onChange={(e) => patchSettings({ web_line_height_percent: Number(value(e)) })} /></label>
        </div>
      </fieldset>
      <Check label={t('24-hour time')} checked={!!st.twenty_four_hour_time} onChange={(v) => patchSettings({ twenty_four_hour_time: v })} />
      {select(t('Mark messages as read on scroll'), st.web_mark_read_on_scroll_policy ?? 1,
        [[1, t('Always')], [2, t('Only in conversation views')], [3, t('Never')]], (v) => patchSettings({ web_mark_read_on_scroll_policy: Number(v) }))}
      {select(t('Demote inactive channels'), st.demote_inactive_streams ?? 1,
        [[1, t('Automatic')], [2, t('Always')], [3, t('Never')]], (v) => patchSettings({ demote_inactive_streams: Number(v) }))}
    </Section>
  );
}

const NOTIFICATION_SETTINGS: [string, string][] = [
  ['enable_desktop_notifications', N_('Desktop notifications for direct messages and mentions')],
  ['enable_sounds', N_('Sounds for direct messages and mentions')],
  ['enable_stream_desktop_notifications', N_('Desktop notifications for channel messages')],
  ['enable_stream_audible_notifications', N_('Sounds for channel messages')],
  ['enable_followed_topic_desktop_notifications', N_('Desktop notifications for followed topics')],
  ['enable_followed_topic_audible_notifications', N_('Sounds for followed topics')],
  ['wildcard_mentions_notify', N_('Notify me of @all / @everyone mentions')],
  ['enable_offline_email_notifications', N_('Email me about direct messages and mentions while away')],
  ['enable_offline_push_notifications', N_('Mobile push notifications while away')],
  ['pm_content_in_desktop_notifications', N_('Show message text in desktop notifications')],
  ['send_private_typing_notifications', N_('Let others see when I am typing a direct message')],
  ['send_stream_typing_notifications', N_('Let others see when I am typing in a channel')],
  ['presence_enabled', N_('Show my availability to others')],
];

export function Notifications() {
  const s = store.value!;
  const permission = useSignal(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  return (
    <Section title={t('Notifications')}>
      {permission.value === 'default' && (
        <p><button class="button" onClick={async () => (permission.value = await Notification.requestPermission())}>{t('Allow desktop notifications in this browser')}</button></p>
      )}
      {permission.value === 'denied' && <p class="muted-text">{t('This browser blocks notifications from this site.')}</p>}
      {NOTIFICATION_SETTINGS.filter(([k]) => k in s.settings.value).map(([k, label]) => (
        <Check key={k} label={t(label)} checked={!!s.settings.value[k]} onChange={(v) => patchSettings({ [k]: v })} />
      ))}
    </Section>
  );
}

const subProperty = (streamId: number, property: string, v: unknown) =>
  api.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: streamId, property, value: v }] }).then(saved).catch(fail);

/** Per channel: colour, mute, pin, each kind of notification (default: the personal setting), leave. */
export function ChannelSettings() {
  const s = store.value!;
  const kinds: [string, string][] = [['desktop_notifications', N_('Desktop')], ['audible_notifications', N_('Sound')], ['push_notifications', N_('Mobile')], ['email_notifications', N_('Email')]];
  const subs = [...s.subs.value.values()].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Section title={t('Channels')} intro={t('Notifications left unchecked follow your personal notification settings.')}>
      <div class="table-wrap">
        <table class="table">
          <thead><tr><th scope="col">{t('Channel')}</th><th scope="col">{t('Colour')}</th><th scope="col">{t('Muted')}</th><th scope="col">{t('Pinned')}</th>
            {kinds.map(([, l]) => <th key={l} scope="col">{t(l)}</th>)}<th scope="col"><span class="visually-hidden">{t('Leave')}</span></th></tr></thead>
          <tbody>
            {subs.map((sub) => (
              <tr key={sub.stream_id}>
                <td><a href={`#settings/channel/${sub.stream_id}`} aria-label={t('Settings of #{name}', { name: sub.name })}>{sub.invite_only ? t('private:') + ' ' : '#'}{sub.name}</a></td>
                <td><input type="color" value={sub.color} aria-label={t('Colour of {channel}', { channel: sub.name })} onChange={(e) => subProperty(sub.stream_id, 'color', value(e))} /></td>
                <td><input type="checkbox" checked={sub.is_muted} aria-label={t('Mute {channel}', { channel: sub.name })} onChange={(e) => subProperty(sub.stream_id, 'is_muted', (e.target as HTMLInputElement).checked)} /></td>
                <td><input type="checkbox" checked={sub.pin_to_top} aria-label={t('Pin {channel}', { channel: sub.name })} onChange={(e) => subProperty(sub.stream_id, 'pin_to_top', (e.target as HTMLInputElement).checked)} /></td>
                {kinds.map(([k, l]) => (
                  <td key={k}><input type="checkbox" checked={!!(sub as unknown as Record<string, unknown>)[k]} aria-label={t('{kind} notifications for {channel}', { kind: t(l), channel: sub.name })}
                    onChange={(e) => subProperty(sub.stream_id, k, (e.target as HTMLInputElement).checked)} /></td>
                ))}
                <td><button class="button small" onClick={() => api.del('/users/me/subscriptions', { subscriptions: [sub.name] }).catch(fail)}>{t('Leave')}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

export function TopicSettings() {
  const s = store.value!;
  const rows: { streamId: number; topic: string; policy: number }[] = [];
  const seen = new Set<string>();
  for (const r of s.recent.value.values()) {
    if (r.streamId === undefined || seen.has(topicKey(r.streamId, r.topic ?? ''))) continue;
    seen.add(topicKey(r.streamId, r.topic ?? ''));
    rows.push({ streamId: r.streamId, topic: r.topic ?? '', policy: s.topicPolicy(r.streamId, r.topic ?? '') });
  }
  return (
    <Section title={t('Topics')} intro={t('Mute a topic to hide its unread counts; follow one to be notified of every message.')}>
      <table class="table">
        <thead><tr><th scope="col">{t('Channel')}</th><th scope="col">{t('Topic')}</th><th scope="col">{t('Visibility')}</th></tr></thead>
        <tbody>
          {rows.slice(0, 100).map((r) => (
            <tr key={r.streamId + r.topic}>
              <td>{s.streamName(r.streamId)}</td><td>{r.topic || <em>{s.realm.value.empty_topic_display_name}</em>}</td>
              <td>
                <select class="input" aria-label={t('Visibility of {topic}', { topic: r.topic })} value={r.policy} onChange={(e) => setTopicPolicy(r.streamId, r.topic, Number(value(e)))}>
                  <option value={0}>{t('Default')}</option><option value={1}>{t('Muted')}</option><option value={2}>{t('Unmuted')}</option><option value={3}>{t('Followed')}</option>
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function Snippets() {
  const s = store.value!;
  const title = useSignal('');
  const content = useSignal('');
  return (
    <Section title={t('Saved snippets')}>
      <ul class="plain-list">
        {s.snippets.value.map((sn) => (
          <li key={sn.id} class="list-row"><strong>{sn.title}</strong><span class="muted-text grow clip">{sn.content}</span>
            <button class="button small" onClick={() => api.del(`/saved_snippets/${sn.id}`).catch(fail)} aria-label={t('Delete snippet {title}', { title: sn.title })}>{t('Delete')}</button></li>
        ))}
      </ul>
      <form class="form" onSubmit={(e) => { e.preventDefault(); api.post('/saved_snippets', { title: title.value, content: content.value }).then(() => { title.value = ''; content.value = ''; }).catch(fail); }}>
        <label class="field"><span>{t('Title')}</span><input class="input" required value={title.value} onInput={(e) => (title.value = value(e))} /></label>
        <label class="field"><span>{t('Text')}</span><textarea class="input textarea" required value={content.value} onInput={(e) => (content.value = value(e))} /></label>
        <div class="form-actions"><button class="button primary" type="submit">{t('Add snippet')}</button></div>
      </form>
    </Section>
  );
}
