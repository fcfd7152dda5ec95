// Personal settings and the administrators' forms; every form calls the public API.
import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { api, ApiError } from '../api.ts';
import { store } from '../live.ts';
import { topicKey } from '../unread.ts';
import { go, showToast } from './app-state.ts';
import { Avatar, Modal } from './common.tsx';
import { PasswordChange } from './PasswordChange.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';

const fail = (e: unknown) => showToast(e instanceof ApiError ? e.message : 'Something went wrong.', 'error');
const ok = (text: string) => showToast(text);

const SECTIONS: [string, string, boolean][] = [
  ['profile', 'Profile', false], ['display', 'Display', false], ['notifications', 'Notifications', false],
  ['channels', 'Channels', false], ['topics', 'Topics', false], ['snippets', 'Saved snippets', false],
  ['org-channels', 'Create channel', true], ['users', 'Users', true], ['linkifiers', 'Linkifiers', true], ['emoji', 'Custom emoji', true],
];

export function Settings({ section }: { section: string }) {
  const s = store.value!;
  const admin = s.isAdmin();
  const body: Record<string, () => ComponentChildren> = {
    profile: () => <Profile />, display: () => <Display />, notifications: () => <Notifications />,
    channels: () => <ChannelSettings />, topics: () => <TopicSettings />, snippets: () => <Snippets />,
    'org-channels': () => <CreateChannel />, users: () => <Users />, linkifiers: () => <Linkifiers />, emoji: () => <CustomEmoji />,
  };
  const current = body[section] && (admin || !SECTIONS.find(([k]) => k === section)?.[2]) ? section : 'profile';
  return (
    <div class="settings">
      <nav class="settings-nav" aria-label="Settings sections">
        <h2 class="settings-group">Personal</h2>
        {SECTIONS.filter(([, , a]) => !a).map(([k, label]) => <a key={k} href={`#settings/${k}`} class={'nav-row' + (current === k ? ' active' : '')} aria-current={current === k ? 'page' : undefined}>{label}</a>)}
        {admin && <h2 class="settings-group">Organization</h2>}
        {admin && SECTIONS.filter(([, , a]) => a).map(([k, label]) => <a key={k} href={`#settings/${k}`} class={'nav-row' + (current === k ? ' active' : '')} aria-current={current === k ? 'page' : undefined}>{label}</a>)}
      </nav>
      <div class="settings-body">{body[current]!()}</div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return <section class="settings-section"><h1>{title}</h1>{children}</section>;
}

const patchSettings = (p: Record<string, unknown>) => api.patch('/settings', p).then(() => ok('Saved.')).catch(fail);

function Profile() {
  const s = store.value!;
  const me = s.user(s.myId)!;
  const name = useSignal(me.full_name);
  return (
    <Section title="Profile">
      <div class="profile-card">
        <Avatar userId={me.user_id} name={me.full_name} url={me.avatar_url} size={64} />
        <div><div class="profile-name">{me.full_name}</div><div class="muted-text">{me.delivery_email ?? me.email}</div></div>
      </div>
      <form class="form" onSubmit={(e) => { e.preventDefault(); void patchSettings({ full_name: name.value }); }}>
        <label class="field"><span>Name</span><input class="input" value={name.value} onInput={(e) => (name.value = (e.target as HTMLInputElement).value)} required maxLength={100} /></label>
        <div class="form-actions"><button class="button primary" type="submit">Save name</button></div>
      </form>
      <p class="muted-text">Your avatar comes from the server: this server does not take avatar uploads yet.</p>
      <PasswordChange />
      <TwoFactorSettings />
    </Section>
  );
}

function Display() {
  const s = store.value!;
  const scheme = s.settings.value.color_scheme ?? 1;
  return (
    <Section title="Display">
      <fieldset class="field">
        <legend>Theme</legend>
        {[[1, 'Follow the system'], [3, 'Light'], [2, 'Dark']].map(([v, label]) => (
          <label class="check" key={v}>
            <input type="radio" name="theme" checked={scheme === v} onChange={() => patchSettings({ color_scheme: v })} /> {label}
          </label>
        ))}
      </fieldset>
      <label class="check"><input type="checkbox" checked={!!s.settings.value.twenty_four_hour_time} onChange={(e) => patchSettings({ twenty_four_hour_time: (e.target as HTMLInputElement).checked })} /> 24-hour time</label>
      <label class="field"><span>Mark messages as read on scroll</span>
        <select class="input" value={s.settings.value.web_mark_read_on_scroll_policy ?? 1} onChange={(e) => patchSettings({ web_mark_read_on_scroll_policy: Number((e.target as HTMLSelectElement).value) })}>
          <option value={1}>Always</option><option value={2}>Only in conversation views</option><option value={3}>Never</option>
        </select>
      </label>
    </Section>
  );
}

const NOTIFICATION_SETTINGS: [string, string][] = [
  ['enable_desktop_notifications', 'Desktop notifications for direct messages and mentions'],
  ['enable_sounds', 'Sounds for direct messages and mentions'],
  ['enable_stream_desktop_notifications', 'Desktop notifications for channel messages'],
  ['enable_stream_audible_notifications', 'Sounds for channel messages'],
  ['enable_followed_topic_desktop_notifications', 'Desktop notifications for followed topics'],
  ['enable_followed_topic_audible_notifications', 'Sounds for followed topics'],
  ['wildcard_mentions_notify', 'Notify me of @all / @everyone mentions'],
  ['enable_offline_email_notifications', 'Email me about direct messages and mentions while away'],
  ['enable_offline_push_notifications', 'Mobile push notifications while away'],
  ['pm_content_in_desktop_notifications', 'Show message text in desktop notifications'],
  ['send_private_typing_notifications', 'Let others see when I am typing a direct message'],
  ['send_stream_typing_notifications', 'Let others see when I am typing in a channel'],
  ['presence_enabled', 'Show my availability to others'],
];

function Notifications() {
  const s = store.value!;
  const permission = useSignal(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  return (
    <Section title="Notifications">
      {permission.value === 'default' && (
        <p><button class="button" onClick={async () => (permission.value = await Notification.requestPermission())}>Allow desktop notifications in this browser</button></p>
      )}
      {permission.value === 'denied' && <p class="muted-text">This browser blocks notifications from this site.</p>}
      {NOTIFICATION_SETTINGS.filter(([k]) => k in s.settings.value).map(([k, label]) => (
        <label class="check" key={k}>
          <input type="checkbox" checked={!!s.settings.value[k]} onChange={(e) => patchSettings({ [k]: (e.target as HTMLInputElement).checked })} /> {label}
        </label>
      ))}
    </Section>
  );
}

const subProperty = (streamId: number, property: string, value: unknown) =>
  api.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: streamId, property, value }] }).catch(fail);

function ChannelSettings() {
  const s = store.value!;
  return (
    <Section title="Channels">
      <table class="table">
        <thead><tr><th scope="col">Channel</th><th scope="col">Colour</th><th scope="col">Muted</th><th scope="col">Pinned</th><th scope="col"><span class="visually-hidden">Leave</span></th></tr></thead>
        <tbody>
          {[...s.subs.value.values()].map((sub) => (
            <tr key={sub.stream_id}>
              <td>{sub.invite_only ? 'private: ' : '#'}{sub.name}</td>
              <td><input type="color" value={sub.color} aria-label={`Colour of ${sub.name}`} onChange={(e) => subProperty(sub.stream_id, 'color', (e.target as HTMLInputElement).value)} /></td>
              <td><input type="checkbox" checked={sub.is_muted} aria-label={`Mute ${sub.name}`} onChange={(e) => subProperty(sub.stream_id, 'is_muted', (e.target as HTMLInputElement).checked)} /></td>
              <td><input type="checkbox" checked={sub.pin_to_top} aria-label={`Pin ${sub.name}`} onChange={(e) => subProperty(sub.stream_id, 'pin_to_top', (e.target as HTMLInputElement).checked)} /></td>
              <td><button class="button small" onClick={() => api.del('/users/me/subscriptions', { subscriptions: [sub.name] }).catch(fail)}>Leave</button></td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export const setTopicPolicy = (streamId: number, topic: string, policy: number) =>
  api.post('/user_topics', { stream_id: streamId, topic, visibility_policy: policy }).catch(fail);

function TopicSettings() {
  const s = store.value!;
  const rows: { streamId: number; topic: string; policy: number }[] = [];
  const seen = new Set<string>();
  for (const r of s.recent.value.values()) {
    if (r.streamId === undefined) continue;
    seen.add(topicKey(r.streamId, r.topic ?? ''));
    rows.push({ streamId: r.streamId, topic: r.topic ?? '', policy: s.topicPolicy(r.streamId, r.topic ?? '') });
  }
  return (
    <Section title="Topics">
      <p class="muted-text">Mute a topic to hide its unread counts; follow one to be notified of every message.</p>
      <table class="table">
        <thead><tr><th scope="col">Channel</th><th scope="col">Topic</th><th scope="col">Visibility</th></tr></thead>
        <tbody>
          {rows.slice(0, 100).map((r) => (
            <tr key={r.streamId + r.topic}>
              <td>{s.streamName(r.streamId)}</td><td>{r.topic || <em>{s.realm.value.empty_topic_display_name}</em>}</td>
              <td>
                <select class="input" aria-label={`Visibility of ${r.topic}`} value={r.policy} onChange={(e) => setTopicPolicy(r.streamId, r.topic, Number((e.target as HTMLSelectElement).value))}>
                  <option value={0}>Default</option><option value={1}>Muted</option><option value={2}>Unmuted</option><option value={3}>Followed</option>
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function Snippets() {
  const s = store.value!;
  const title = useSignal('');
  const content = useSignal('');
  return (
    <Section title="Saved snippets">
      <ul class="plain-list">
        {s.snippets.value.map((sn) => (
          <li key={sn.id} class="list-row"><strong>{sn.title}</strong><span class="muted-text grow clip">{sn.content}</span>
            <button class="button small" onClick={() => api.del(`/saved_snippets/${sn.id}`).catch(fail)} aria-label={`Delete snippet ${sn.title}`}>Delete</button></li>
        ))}
      </ul>
      <form class="form" onSubmit={(e) => { e.preventDefault(); api.post('/saved_snippets', { title: title.value, content: content.value }).then(() => { title.value = ''; content.value = ''; }).catch(fail); }}>
        <label class="field"><span>Title</span><input class="input" required value={title.value} onInput={(e) => (title.value = (e.target as HTMLInputElement).value)} /></label>
        <label class="field"><span>Text</span><textarea class="input textarea" required value={content.value} onInput={(e) => (content.value = (e.target as HTMLTextAreaElement).value)} /></label>
        <div class="form-actions"><button class="button primary" type="submit">Add snippet</button></div>
      </form>
    </Section>
  );
}

function CreateChannel() {
  const s = store.value!;
  const name = useSignal('');
  const description = useSignal('');
  const priv = useSignal(false);
  return (
    <Section title="Create a channel">
      <form class="form" onSubmit={(e) => {
        e.preventDefault();
        api.post<{ id: number }>('/channels/create', { name: name.value, description: description.value, subscribers: [s.myId], invite_only: priv.value })
          .then(() => { ok(`Channel #${name.value} created.`); name.value = ''; description.value = ''; }).catch(fail);
      }}>
        <label class="field"><span>Name</span><input class="input" required maxLength={s.realm.value.max_stream_name_length ?? 60} value={name.value} onInput={(e) => (name.value = (e.target as HTMLInputElement).value)} /></label>
        <label class="field"><span>Description</span><input class="input" value={description.value} onInput={(e) => (description.value = (e.target as HTMLInputElement).value)} /></label>
        <label class="check"><input type="checkbox" checked={priv.value} onChange={(e) => (priv.value = (e.target as HTMLInputElement).checked)} /> Private (invite only)</label>
        <div class="form-actions"><button class="button primary" type="submit">Create channel</button></div>
      </form>
    </Section>
  );
}

const ROLES: [number, string][] = [[100, 'Owner'], [200, 'Administrator'], [300, 'Moderator'], [400, 'Member'], [600, 'Guest']];

function Users() {
  const s = store.value!;
  const f = { name: useSignal(''), email: useSignal(''), password: useSignal(''), role: useSignal(400) };
  const confirm = useSignal<number | null>(null);
  const create = async (e: Event) => {
    e.preventDefault();
    try {
      const r = await api.post<{ user_id: number }>('/users', { email: f.email.value, password: f.password.value, full_name: f.name.value });
      if (f.role.value !== 400) await api.patch(`/users/${r.user_id}`, { role: f.role.value });
      ok(`${f.name.value} can now log in.`);
      f.name.value = ''; f.email.value = ''; f.password.value = '';
    } catch (err) { fail(err); }
  };
  const people = [...s.users.value.values()].filter((u) => !u.is_bot && u.is_active !== false).sort((a, b) => a.full_name.localeCompare(b.full_name));
  return (
    <Section title="Users">
      <form class="form grid-form" onSubmit={create} aria-label="Create a user">
        <label class="field"><span>Name</span><input class="input" required value={f.name.value} onInput={(e) => (f.name.value = (e.target as HTMLInputElement).value)} /></label>
        <label class="field"><span>Email</span><input class="input" type="email" required value={f.email.value} onInput={(e) => (f.email.value = (e.target as HTMLInputElement).value)} /></label>
        <label class="field"><span>Password</span><input class="input" type="password" required minLength={s.realm.value.password_min_length ?? 6} autocomplete="new-password" value={f.password.value} onInput={(e) => (f.password.value = (e.target as HTMLInputElement).value)} /></label>
        <label class="field"><span>Role</span>
          <select class="input" value={f.role.value} onChange={(e) => (f.role.value = Number((e.target as HTMLSelectElement).value))}>
            {ROLES.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </label>
        <div class="form-actions"><button class="button primary" type="submit">Create user</button></div>
      </form>
      <table class="table">
        <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {people.map((u) => (
            <tr key={u.user_id}>
              <td><span class="cell-user"><Avatar userId={u.user_id} name={u.full_name} url={u.avatar_url} size={24} />{u.full_name}</span></td>
              <td>{u.delivery_email ?? u.email}</td>
              <td>{ROLES.find(([v]) => v === u.role)?.[1] ?? u.role}</td>
              <td>{u.user_id !== s.myId && <button class="button small danger" onClick={() => (confirm.value = u.user_id)}>Deactivate</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {confirm.value !== null && (
        <Modal title={`Deactivate ${s.userName(confirm.value)}?`} onClose={() => (confirm.value = null)}>
          <p>They will be logged out and can no longer sign in.</p>
          <div class="form-actions">
            <button class="button" onClick={() => (confirm.value = null)}>Cancel</button>
            <button class="button danger" onClick={() => { const id = confirm.value; confirm.value = null; api.del(`/users/${id}`).then(() => ok('Deactivated.')).catch(fail); }}>Deactivate</button>
          </div>
        </Modal>
      )}
    </Section>
  );
}

function Linkifiers() {
  const s = store.value!;
  const pattern = useSignal('');
  const template = useSignal('');
  return (
    <Section title="Linkifiers">
      <p class="muted-text">Turn text such as <code>#123</code> into links: a regular expression with named groups and an RFC 6570 URL template, e.g. <code>#(?P&lt;id&gt;[0-9]+)</code> → <code>https://example.org/issues/{'{id}'}</code>.</p>
      <table class="table">
        <thead><tr><th scope="col">Pattern</th><th scope="col">URL template</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {s.linkifiers.value.map((l) => (
            <tr key={l.id}><td><code>{l.pattern}</code></td><td><code>{l.url_template}</code></td>
              <td><button class="button small danger" onClick={() => api.del(`/realm/filters/${l.id}`).catch(fail)} aria-label={`Delete linkifier ${l.pattern}`}>Delete</button></td></tr>
          ))}
        </tbody>
      </table>
      <form class="form" onSubmit={(e) => { e.preventDefault(); api.post('/realm/filters', { pattern: pattern.value, url_template: template.value }).then(() => { pattern.value = ''; template.value = ''; }).catch(fail); }}>
        <label class="field"><span>Pattern</span><input class="input" required value={pattern.value} onInput={(e) => (pattern.value = (e.target as HTMLInputElement).value)} /></label>
        <label class="field"><span>URL template</span><input class="input" required value={template.value} onInput={(e) => (template.value = (e.target as HTMLInputElement).value)} /></label>
        <div class="form-actions"><button class="button primary" type="submit">Add linkifier</button></div>
      </form>
    </Section>
  );
}

function CustomEmoji() {
  const s = store.value!;
  const name = useSignal('');
  const file = useSignal<File | null>(null);
  const upload = async (e: Event) => {
    e.preventDefault();
    if (!file.value) return;
    const form = new FormData();
    form.append('file', file.value, file.value.name);
    try {
      await api.upload(`/realm/emoji/${encodeURIComponent(name.value)}`, form);
      ok(`:${name.value}: added.`);
      name.value = '';
    } catch (err) { fail(err); }
  };
  return (
    <Section title="Custom emoji">
      <ul class="emoji-admin">
        {Object.values(s.realmEmoji.value).filter((x) => !x.deactivated).map((x) => (
          <li key={x.id} class="list-row"><img class="emoji-img" src={x.source_url} alt="" /><code class="grow">:{x.name}:</code>
            <button class="button small danger" onClick={() => api.del(`/realm/emoji/${encodeURIComponent(x.name)}`).catch(fail)} aria-label={`Delete emoji ${x.name}`}>Delete</button></li>
        ))}
      </ul>
      <form class="form" onSubmit={upload}>
        <label class="field"><span>Name</span><input class="input" required pattern="[a-z0-9_-]+" value={name.value} onInput={(e) => (name.value = (e.target as HTMLInputElement).value)} /></label>
        <label class="field"><span>Image</span><input class="input" type="file" accept="image/*" required onChange={(e) => (file.value = (e.target as HTMLInputElement).files?.[0] ?? null)} /></label>
        <div class="form-actions"><button class="button primary" type="submit">Add emoji</button></div>
      </form>
    </Section>
  );
}

export function BrowseChannels({ onClose }: { onClose: () => void }) {
  const s = store.value!;
  const all = [...s.streams.value.values()].filter((x) => !x.is_archived).sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Modal title="Channels" onClose={onClose} wide>
      <ul class="plain-list">
        {all.map((st) => {
          const subscribed = s.subs.value.has(st.stream_id);
          return (
            <li key={st.stream_id} class="list-row">
              <span class="grow"><strong>{st.invite_only ? 'private: ' : '#'}{st.name}</strong><br /><span class="muted-text">{st.description}</span></span>
              {subscribed
                ? <button class="button small" onClick={() => api.del('/users/me/subscriptions', { subscriptions: [st.name] }).catch(fail)}>Unsubscribe</button>
                : <button class="button small primary" onClick={() => api.post('/users/me/subscriptions', { subscriptions: [{ name: st.name }] }).catch(fail)}>Subscribe</button>}
            </li>
          );
        })}
        {all.length === 0 && <li class="empty-note">No channels yet.</li>}
      </ul>
      {s.isAdmin() && <div class="form-actions"><button class="button primary" onClick={() => { onClose(); go('#settings/org-channels'); }}>Create a channel</button></div>}
    </Modal>
  );
}
