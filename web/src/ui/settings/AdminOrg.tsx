// Administration of the organization: its profile and settings, every group permission the server
// offers, channel creation (subscribers and permissions), data exports, linkifiers, custom emoji.
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { api } from '../../api.ts';
import { store } from '../../live.ts';
import { N_, t } from '../../i18n/i18n.ts';
import { Check, fail, GroupSettingSelect, ok, patchRealm, Section, value } from './common.tsx';

/** Zulip's wording of each realm permission (register's server_supported_permission_settings.realm). */
const REALM_PERMISSIONS: Record<string, string> = {
  can_access_all_users_group: N_('Who can view all other users'),
  can_add_custom_emoji_group: N_('Who can add custom emoji'),
  can_add_subscribers_group: N_('Who can subscribe others to channels'),
  can_create_bots_group: N_('Who can create bots'),
  can_create_write_only_bots_group: N_('Who can create bots that can only send messages'),
  can_create_groups: N_('Who can create user groups'),
  can_create_public_channel_group: N_('Who can create public channels'),
  can_create_private_channel_group: N_('Who can create private channels'),
  can_create_web_public_channel_group: N_('Who can create web-public channels'),
  can_delete_any_message_group: N_('Who can delete any message'),
  can_delete_own_message_group: N_('Who can delete their own messages'),
  can_invite_users_group: N_('Who can send email invitations'),
  create_multiuse_invite_group: N_('Who can create reusable invitation links'),
  can_manage_all_groups: N_('Who can administer all user groups'),
  can_manage_billing_group: N_('Who can manage plans and billing'),
  can_mention_many_users_group: N_('Who can notify a large number of users with a wildcard mention'),
  can_move_messages_between_channels_group: N_('Who can move messages to another channel'),
  can_move_messages_between_topics_group: N_('Who can move messages to another topic'),
  can_resolve_topics_group: N_('Who can resolve topics'),
  can_set_topics_policy_group: N_('Who can configure per-channel topic settings'),
  can_summarize_topics_group: N_('Who can use AI summaries'),
  direct_message_initiator_group: N_('Who can start a direct message conversation'),
  direct_message_permission_group: N_('Who can be in direct message conversations'),
};

/** The same for channels (server_supported_permission_settings.stream). */
export const CHANNEL_PERMISSIONS: Record<string, string> = {
  can_send_message_group: N_('Who can post to this channel'),
  can_subscribe_group: N_('Who can subscribe to this channel'),
  can_add_subscribers_group: N_('Who can subscribe others to this channel'),
  can_remove_subscribers_group: N_('Who can unsubscribe others from this channel'),
  can_administer_channel_group: N_('Who can administer this channel'),
  can_create_topic_group: N_('Who can start new topics'),
  can_move_messages_within_channel_group: N_('Who can move messages inside this channel'),
  can_move_messages_out_of_channel_group: N_('Who can move messages out of this channel'),
  can_delete_any_message_group: N_('Who can delete any message in this channel'),
  can_delete_own_message_group: N_('Who can delete their own messages in this channel'),
  can_resolve_topics_group: N_('Who can resolve topics in this channel'),
};

export const permissionKeys = (kind: 'realm' | 'stream', fallback: Record<string, string>) =>
  Object.keys(store.value!.server.server_supported_permission_settings?.[kind] ?? fallback);

export function Organization() {
  const s = store.value!;
  const r = s.realm.value;
  const name = useSignal(r.name ?? '');
  const description = useSignal(r.description ?? '');
  const flag = (key: string, label: string) => key in r && <Check label={label} checked={!!r[key]} onChange={(v) => patchRealm({ [key]: v })} />;
  return (
    <Section title={t('Organization settings')}>
      <form class="form" onSubmit={(e) => { e.preventDefault(); void patchRealm({ name: name.value, description: description.value }); }}>
        <label class="field"><span>{t('Organization name')}</span><input class="input" required maxLength={40} value={name.value} onInput={(e) => (name.value = value(e))} /></label>
        <label class="field"><span>{t('Organization description')}</span><textarea class="input textarea" value={description.value} onInput={(e) => (description.value = value(e))} /></label>
        <div class="form-actions"><button class="button primary" type="submit">{t('Save changes')}</button></div>
      </form>
      {flag('invite_required', t('Invitations are required for joining this organization'))}
      {flag('emails_restricted_to_domains', t('Restrict email addresses of new users to the allowed domains'))}
      {flag('allow_message_editing', t('Allow message editing'))}
      {flag('mandatory_topics', t('Require topics in channel messages'))}
      {flag('enable_read_receipts', t('Enable read receipts'))}
      {flag('enable_spectator_access', t('Allow creating web-public channels (visible to anyone on the internet)'))}
      {flag('send_welcome_emails', t('Send emails introducing Zulip to new users'))}
    </Section>
  );
}

export function Permissions() {
  const s = store.value!;
  return (
    <Section title={t('Permissions')} intro={t('Each permission is given to a role or a user group.')}>
      <div class="settings-grid">
        {permissionKeys('realm', REALM_PERMISSIONS).map((k) => (
          <GroupSettingSelect key={k} label={t(REALM_PERMISSIONS[k] ?? k)} current={s.realm.value[k]} allowInternet={false}
            onChange={(id) => patchRealm({ [k]: { new: id } })} />
        ))}
      </div>
    </Section>
  );
}

export function CreateChannel() {
  const s = store.value!;
  const name = useSignal('');
  const description = useSignal('');
  const priv = useSignal(false);
  const subscribers = useSignal<Set<number>>(new Set([s.myId]));
  const perms = useSignal<Record<string, number>>({});
  const people = [...s.users.value.values()].filter((u) => !u.is_bot && u.is_active !== false).sort((a, b) => a.full_name.localeCompare(b.full_name));
  const toggle = (id: number) => { const n = new Set(subscribers.value); if (n.has(id)) n.delete(id); else n.add(id); subscribers.value = n; };
  return (
    <Section title={t('Create a channel')}>
      <form class="form" onSubmit={(e) => {
        e.preventDefault();
        api.post<{ id: number }>('/channels/create', { name: name.value, description: description.value, subscribers: [...subscribers.value], invite_only: priv.value, ...perms.value })
          .then(() => { ok(t('Channel #{name} created.', { name: name.value })); name.value = ''; description.value = ''; }).catch(fail);
      }}>
        <label class="field"><span>{t('Name')}</span><input class="input" required maxLength={s.realm.value.max_stream_name_length ?? 60} value={name.value} onInput={(e) => (name.value = value(e))} /></label>
        <label class="field"><span>{t('Description')}</span><input class="input" value={description.value} onInput={(e) => (description.value = value(e))} /></label>
        <Check label={t('Private (invite only)')} checked={priv.value} onChange={(v) => (priv.value = v)} />
        <fieldset class="field"><legend>{t('Subscribers')}</legend>
          <div class="check-columns">{people.map((u) => <Check key={u.user_id} label={u.full_name} checked={subscribers.value.has(u.user_id)} onChange={() => toggle(u.user_id)} />)}</div>
        </fieldset>
        <details class="field"><summary>{t('Permissions')}</summary>
          <div class="settings-grid">
            {permissionKeys('stream', CHANNEL_PERMISSIONS).map((k) => (
              <GroupSettingSelect key={k} label={t(CHANNEL_PERMISSIONS[k] ?? k)} current={perms.value[k]} onChange={(id) => (perms.value = { ...perms.value, [k]: id })} />
            ))}
          </div>
        </details>
        <div class="form-actions"><button class="button primary" type="submit">{t('Create channel')}</button></div>
      </form>
    </Section>
  );
}

interface Export { id: number; export_time: number; acting_user_id: number; export_url: string | null; deleted_timestamp: number | null; failed_timestamp: number | null; pending: boolean }

export function DataExport() {
  const exports = useSignal<Export[] | null>(null);
  const load = () => api.get<{ exports: Export[] }>('/export/realm').then((r) => (exports.value = r.exports.sort((a, b) => b.id - a.id))).catch(fail);
  useEffect(() => { void load(); const timer = setInterval(() => void load(), 5000); return () => clearInterval(timer); }, []);
  return (
    <Section title={t('Data exports')} intro={t('An export holds the public data of the organization: its channels, messages, users and settings.')}>
      <div class="form-actions left"><button class="button primary" onClick={() => api.post('/export/realm', { export_type: 'public' }).then(() => { ok(t('Export started.')); void load(); }).catch(fail)}>{t('Start export of public data')}</button></div>
      <table class="table">
        <thead><tr><th scope="col">{t('Requested')}</th><th scope="col">{t('By')}</th><th scope="col">{t('Status')}</th></tr></thead>
        <tbody>
          {(exports.value ?? []).map((x) => (
            <tr key={x.id}><td>{new Date(x.export_time * 1000).toLocaleString()}</td><td>{store.value!.userName(x.acting_user_id)}</td>
              <td>{x.export_url ? <a href={x.export_url}>{t('Download')}</a> : x.failed_timestamp ? t('Failed') : x.deleted_timestamp ? t('Deleted') : t('In progress…')}</td></tr>
          ))}
          {exports.value?.length === 0 && <tr><td colSpan={3} class="empty-note">{t('No exports yet.')}</td></tr>}
        </tbody>
      </table>
    </Section>
  );
}

export function Linkifiers() {
  const s = store.value!;
  const pattern = useSignal('');
  const template = useSignal('');
  return (
    <Section title={t('Linkifiers')} intro={t('Turn text such as #123 into links: a regular expression with named groups and an RFC 6570 URL template.')}>
      <table class="table">
        <thead><tr><th scope="col">{t('Pattern')}</th><th scope="col">{t('URL template')}</th><th scope="col"><span class="visually-hidden">{t('Actions')}</span></th></tr></thead>
        <tbody>
          {s.linkifiers.value.map((l) => (
            <tr key={l.id}><td><code>{l.pattern}</code></td><td><code>{l.url_template}</code></td>
              <td><button class="button small danger" onClick={() => api.del(`/realm/filters/${l.id}`).catch(fail)} aria-label={t('Delete linkifier {pattern}', { pattern: l.pattern })}>{t('Delete')}</button></td></tr>
          ))}
        </tbody>
      </table>
      <form class="form" onSubmit={(e) => { e.preventDefault(); api.post('/realm/filters', { pattern: pattern.value, url_template: template.value }).then(() => { pattern.value = ''; template.value = ''; }).catch(fail); }}>
        <label class="field"><span>{t('Pattern')}</span><input class="input" required placeholder="#(?P<id>[0-9]+)" value={pattern.value} onInput={(e) => (pattern.value = value(e))} /></label>
        <label class="field"><span>{t('URL template')}</span><input class="input" required placeholder="https://example.org/issues/{id}" value={template.value} onInput={(e) => (template.value = value(e))} /></label>
        <div class="form-actions"><button class="button primary" type="submit">{t('Add linkifier')}</button></div>
      </form>
    </Section>
  );
}

export function CustomEmoji() {
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
      ok(t(':{name}: added.', { name: name.value }));
      name.value = '';
    } catch (err) { fail(err); }
  };
  return (
    <Section title={t('Custom emoji')}>
      <ul class="emoji-admin">
        {Object.values(s.realmEmoji.value).filter((x) => !x.deactivated).map((x) => (
          <li key={x.id} class="list-row"><img class="emoji-img" src={x.source_url} alt={`:${x.name}:`} /><code class="grow">:{x.name}:</code>
            <button class="button small danger" onClick={() => api.del(`/realm/emoji/${encodeURIComponent(x.name)}`).catch(fail)} aria-label={t('Delete emoji {name}', { name: x.name })}>{t('Delete')}</button></li>
        ))}
      </ul>
      <form class="form" onSubmit={upload}>
        <label class="field"><span>{t('Name')}</span><input class="input" required pattern="[a-z0-9_\-]+" value={name.value} onInput={(e) => (name.value = value(e))} /></label>
        <label class="field"><span>{t('Image')}</span><input class="input" type="file" accept="image/*" required onChange={(e) => (file.value = (e.target as HTMLInputElement).files?.[0] ?? null)} /></label>
        <div class="form-actions"><button class="button primary" type="submit">{t('Add emoji')}</button></div>
      </form>
    </Section>
  );
}
