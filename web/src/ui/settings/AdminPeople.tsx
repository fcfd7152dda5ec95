// Administration of people: users and their roles, user groups, bots and their API keys, profile fields.
import { useSignal } from '@preact/signals';
import { api } from '../../api.ts';
import { store } from '../../live.ts';
import { Avatar, Modal } from '../common.tsx';
import { N_, t } from '../../i18n/i18n.ts';
import { ROLE_NAMES } from '../ProfileCard.tsx';
import { Check, fail, GroupSettingSelect, ok, saved, Section, value } from './common.tsx';
import { IntegrationUrlDialog } from './IntegrationUrl.tsx';

const ROLES = [100, 200, 300, 400, 600];

export function Users() {
  const s = store.value!;
  const f = { name: useSignal(''), email: useSignal(''), password: useSignal(''), role: useSignal(400) };
  const confirm = useSignal<number | null>(null);
  const iAmOwner = s.user(s.myId)?.role === 100;
  const create = async (e: Event) => {
    e.preventDefault();
    try {
      const r = await api.post<{ user_id: number }>('/users', { email: f.email.value, password: f.password.value, full_name: f.name.value });
      if (f.role.value !== 400) await api.patch(`/users/${r.user_id}`, { role: f.role.value });
      ok(t('{name} can now log in.', { name: f.name.value }));
      f.name.value = ''; f.email.value = ''; f.password.value = '';
    } catch (err) { fail(err); }
  };
  const roleChoices = ROLES.filter((r) => r !== 100 || iAmOwner);
  const people = [...s.users.value.values()].filter((u) => !u.is_bot && u.is_active !== false).sort((a, b) => a.full_name.localeCompare(b.full_name));
  return (
    <Section title={t('Users')}>
      <form class="form grid-form" onSubmit={create} aria-label={t('Create a user')}>
        <label class="field"><span>{t('Name')}</span><input class="input" required value={f.name.value} onInput={(e) => (f.name.value = value(e))} /></label>
        <label class="field"><span>{t('Email')}</span><input class="input" type="email" required value={f.email.value} onInput={(e) => (f.email.value = value(e))} /></label>
        <label class="field"><span>{t('Password')}</span><input class="input" type="password" required minLength={s.realm.value.password_min_length ?? 6} autocomplete="new-password" value={f.password.value} onInput={(e) => (f.password.value = value(e))} /></label>
        <label class="field"><span>{t('Role')}</span>
          <select class="input" value={f.role.value} onChange={(e) => (f.role.value = Number(value(e)))}>{roleChoices.map((r) => <option key={r} value={r}>{t(ROLE_NAMES[r]!)}</option>)}</select>
        </label>
        <div class="form-actions"><button class="button primary" type="submit">{t('Create user')}</button></div>
      </form>
      <table class="table">
        <thead><tr><th scope="col">{t('Name')}</th><th scope="col">{t('Email')}</th><th scope="col">{t('Role')}</th><th scope="col"><span class="visually-hidden">{t('Actions')}</span></th></tr></thead>
        <tbody>
          {people.map((u) => (
            <tr key={u.user_id}>
              <td><span class="cell-user"><Avatar userId={u.user_id} name={u.full_name} url={u.avatar_url} size={24} />{u.full_name}</span></td>
              <td>{u.delivery_email ?? u.email}</td>
              <td>{u.user_id === s.myId || (u.role === 100 && !iAmOwner) ? t(ROLE_NAMES[u.role] ?? 'Member') : (
                <select class="input small" aria-label={t('Role of {name}', { name: u.full_name })} value={u.role}
                  onChange={(e) => api.patch(`/users/${u.user_id}`, { role: Number(value(e)) }).then(saved).catch(fail)}>
                  {roleChoices.map((r) => <option key={r} value={r}>{t(ROLE_NAMES[r]!)}</option>)}
                </select>)}</td>
              <td>{u.user_id !== s.myId && <button class="button small danger" onClick={() => (confirm.value = u.user_id)}>{t('Deactivate')}</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {confirm.value !== null && (
        <Modal title={t('Deactivate {name}?', { name: s.userName(confirm.value) })} onClose={() => (confirm.value = null)}>
          <p>{t('They will be logged out and can no longer sign in.')}</p>
          <div class="form-actions">
            <button class="button" onClick={() => (confirm.value = null)}>{t('Cancel')}</button>
            <button class="button danger" onClick={() => { const id = confirm.value; confirm.value = null; api.del(`/users/${id}`).then(() => ok(t('Deactivated.'))).catch(fail); }}>{t('Deactivate')}</button>
          </div>
        </Modal>
      )}
    </Section>
  );
}

const GROUP_SETTINGS: Record<string, string> = {
  can_manage_group: N_('Who can manage this group'), can_add_members_group: N_('Who can add members'), can_remove_members_group: N_('Who can remove members'),
  can_join_group: N_('Who can join'), can_leave_group: N_('Who can leave'), can_mention_group: N_('Who can mention this group'),
};

export function Groups() {
  const s = store.value!;
  const name = useSignal('');
  const description = useSignal('');
  const open = useSignal<number | null>(null);
  const groups = [...s.groups.value.values()].filter((g) => !g.is_system_group && !g.deactivated).sort((a, b) => a.name.localeCompare(b.name));
  const settings = Object.keys(s.server.server_supported_permission_settings?.group ?? GROUP_SETTINGS);
  return (
    <Section title={t('User groups')}>
      <form class="form grid-form" aria-label={t('Create a user group')} onSubmit={(e) => {
        e.preventDefault();
        api.post('/user_groups/create', { name: name.value, description: description.value, members: [s.myId] }).then(() => { ok(t('Group created.')); name.value = ''; description.value = ''; }).catch(fail);
      }}>
        <label class="field"><span>{t('Name')}</span><input class="input" required value={name.value} onInput={(e) => (name.value = value(e))} /></label>
        <label class="field"><span>{t('Description')}</span><input class="input" value={description.value} onInput={(e) => (description.value = value(e))} /></label>
        <div class="form-actions"><button class="button primary" type="submit">{t('Create group')}</button></div>
      </form>
      <ul class="plain-list">
        {groups.map((g) => (
          <li key={g.id} class="group-admin">
            <div class="list-row">
              <strong>{g.name}</strong><span class="muted-text grow">{g.description}</span>
              <button class="button small" aria-expanded={open.value === g.id} onClick={() => (open.value = open.value === g.id ? null : g.id)}>{t('Members and permissions')}</button>
              <button class="button small danger" onClick={() => api.post(`/user_groups/${g.id}/deactivate`).catch(fail)}>{t('Deactivate')}</button>
            </div>
            {open.value === g.id && (
              <div class="group-detail">
                <ul class="pill-list" aria-label={t('Members of {group}', { group: g.name })}>
                  {g.members.map((id) => (
                    <li key={id} class="pill">{s.userName(id)}
                      <button class="pill-x" aria-label={t('Remove {name}', { name: s.userName(id) })} onClick={() => api.post(`/user_groups/${g.id}/members`, { delete: [id] }).catch(fail)}>×</button></li>
                  ))}
                </ul>
                <label class="field"><span>{t('Add a member')}</span>
                  <select class="input" value="" onChange={(e) => api.post(`/user_groups/${g.id}/members`, { add: [Number(value(e))] }).catch(fail)}>
                    <option value="">{t('Choose someone')}</option>
                    {[...s.users.value.values()].filter((u) => !u.is_bot && u.is_active !== false && !g.members.includes(u.user_id)).map((u) => <option key={u.user_id} value={u.user_id}>{u.full_name}</option>)}
                  </select></label>
                <div class="settings-grid">
                  {settings.map((k) => (
                    <GroupSettingSelect key={k} label={t(GROUP_SETTINGS[k] ?? k)} current={(g as unknown as Record<string, any>)[k]}
                      onChange={(id) => api.patch(`/user_groups/${g.id}`, { [k]: { new: id } }).then(saved).catch(fail)} />
                  ))}
                </div>
              </div>
            )}
          </li>
        ))}
        {groups.length === 0 && <li class="empty-note">{t('No user groups yet.')}</li>}
      </ul>
    </Section>
  );
}

const BOT_TYPES: [number, string][] = [[1, N_('Generic bot')], [2, N_('Incoming webhook')], [3, N_('Outgoing webhook')]];

export function Bots() {
  const s = store.value!;
  const name = useSignal('');
  const short = useSignal('');
  const type = useSignal(1);
  const url = useSignal('');
  const keys = useSignal<Record<number, string>>({});
  const urlFor = useSignal<number | null>(null);
  const bots = [...s.users.value.values()].filter((u) => u.is_bot && u.is_active !== false && (s.isAdmin() || u.bot_owner_id === s.myId) && u.bot_type);
  const known = (s.realm.value.bots ?? []) as { user_id: number; api_key?: string }[];
  const keyOf = (id: number) => keys.value[id] ?? known.find((b) => b.user_id === id)?.api_key;
  const regenerate = (id: number) => api.post<{ api_key: string }>(`/bots/${id}/api_key/regenerate`).then((r) => (keys.value = { ...keys.value, [id]: r.api_key })).catch(fail);
  return (
    <Section title={t('Bots')}>
      <form class="form grid-form" aria-label={t('Create a bot')} onSubmit={(e) => {
        e.preventDefault();
        api.post<{ user_id: number; api_key: string }>('/bots', { full_name: name.value, short_name: short.value, bot_type: type.value, ...(type.value === 3 ? { payload_url: JSON.stringify(url.value) } : {}) })
          .then((r) => { keys.value = { ...keys.value, [r.user_id]: r.api_key }; ok(t('Bot created.')); name.value = ''; short.value = ''; }).catch(fail);
      }}>
        <label class="field"><span>{t('Name')}</span><input class="input" required value={name.value} onInput={(e) => (name.value = value(e))} /></label>
        <label class="field"><span>{t('Bot email (a-z, 0-9 and -)')}</span><input class="input" required pattern="[a-z0-9\-]+" value={short.value} onInput={(e) => (short.value = value(e))} /></label>
        <label class="field"><span>{t('Type')}</span>
          <select class="input" value={type.value} onChange={(e) => (type.value = Number(value(e)))}>{BOT_TYPES.map(([v, l]) => <option key={v} value={v}>{t(l)}</option>)}</select></label>
        {type.value === 3 && <label class="field"><span>{t('Endpoint URL')}</span><input class="input" type="url" required value={url.value} onInput={(e) => (url.value = value(e))} /></label>}
        <div class="form-actions"><button class="button primary" type="submit">{t('Create bot')}</button></div>
      </form>
      <table class="table">
        <thead><tr><th scope="col">{t('Bot')}</th><th scope="col">{t('Owner')}</th><th scope="col">{t('API key')}</th><th scope="col"><span class="visually-hidden">{t('Actions')}</span></th></tr></thead>
        <tbody>
          {bots.map((b) => (
            <tr key={b.user_id}>
              <td><strong>{b.full_name}</strong><br /><span class="muted-text">{b.email}</span></td>
              <td>{b.bot_owner_id ? s.userName(b.bot_owner_id) : '—'}</td>
              <td>{keyOf(b.user_id) ? <code class="api-key">{keyOf(b.user_id)}</code> : <span class="muted-text">{t('Hidden')}</span>}</td>
              <td class="row-actions">
                {b.bot_type === 2 && keyOf(b.user_id) && <button class="button small" onClick={() => (urlFor.value = b.user_id)}>{t('Integration URL')}</button>}
                <button class="button small" onClick={() => regenerate(b.user_id)}>{t('Generate new API key')}</button>
                <button class="button small danger" onClick={() => api.del(`/bots/${b.user_id}`).catch(fail)}>{t('Deactivate')}</button>
              </td>
            </tr>
          ))}
          {bots.length === 0 && <tr><td colSpan={4} class="empty-note">{t('No bots yet.')}</td></tr>}
        </tbody>
      </table>
      {urlFor.value !== null && <IntegrationUrlDialog botName={s.userName(urlFor.value)} apiKey={keyOf(urlFor.value)!} onClose={() => (urlFor.value = null)} />}
    </Section>
  );
}

const FIELD_TYPES: [number, string][] = [[1, N_('Short text')], [2, N_('Long text')], [3, N_('List of options')], [4, N_('Date')], [5, N_('Link')], [6, N_('Users')], [7, N_('External account')], [8, N_('Pronouns')]];

export function ProfileFields() {
  const s = store.value!;
  const name = useSignal('');
  const hint = useSignal('');
  const type = useSignal(1);
  const options = useSignal('');
  const summary = useSignal(false);
  const create = (e: Event) => {
    e.preventDefault();
    const field_data = type.value === 3
      ? Object.fromEntries(options.value.split('\n').map((o) => o.trim()).filter(Boolean).map((text, i) => [String(i), { text, order: String(i) }]))
      : type.value === 7 ? { subtype: 'github' } : undefined;
    api.post('/realm/profile_fields', { name: name.value, hint: hint.value, field_type: type.value, field_data, display_in_profile_summary: summary.value })
      .then(() => { ok(t('Field added.')); name.value = ''; hint.value = ''; options.value = ''; }).catch(fail);
  };
  return (
    <Section title={t('Custom profile fields')}>
      <table class="table">
        <thead><tr><th scope="col">{t('Name')}</th><th scope="col">{t('Type')}</th><th scope="col">{t('In the profile card')}</th><th scope="col"><span class="visually-hidden">{t('Actions')}</span></th></tr></thead>
        <tbody>
          {[...s.profileFields.value].sort((a, b) => a.order - b.order).map((f) => (
            <tr key={f.id}><td>{f.name}<br /><span class="muted-text">{f.hint}</span></td><td>{t(FIELD_TYPES.find(([v]) => v === f.type)?.[1] ?? 'Short text')}</td>
              <td>{f.display_in_profile_summary ? t('Yes') : t('No')}</td>
              <td><button class="button small danger" onClick={() => api.del(`/realm/profile_fields/${f.id}`).catch(fail)}>{t('Delete')}</button></td></tr>
          ))}
        </tbody>
      </table>
      <form class="form grid-form" aria-label={t('Add a profile field')} onSubmit={create}>
        <label class="field"><span>{t('Name')}</span><input class="input" required value={name.value} onInput={(e) => (name.value = value(e))} /></label>
        <label class="field"><span>{t('Hint')}</span><input class="input" value={hint.value} onInput={(e) => (hint.value = value(e))} /></label>
        <label class="field"><span>{t('Type')}</span>
          <select class="input" value={type.value} onChange={(e) => (type.value = Number(value(e)))}>{FIELD_TYPES.map(([v, l]) => <option key={v} value={v}>{t(l)}</option>)}</select></label>
        {type.value === 3 && <label class="field"><span>{t('Options, one a line')}</span><textarea class="input textarea" required value={options.value} onInput={(e) => (options.value = value(e))} /></label>}
        <Check label={t('Show in the profile card')} checked={summary.value} onChange={(v) => (summary.value = v)} />
        <div class="form-actions"><button class="button primary" type="submit">{t('Add field')}</button></div>
      </form>
    </Section>
  );
}
