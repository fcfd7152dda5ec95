// One channel's own settings, as Zulip's channel settings page has them (`#settings/channel/<id>`, from the
// channel's menu in the sidebar and from Settings › Channels): name and description, who can access it,
// its permissions, its subscribers, archiving it. The personal side (colour, mute, pin, notifications)
// stays in Settings › Channels. Changes come back as stream and subscription events; the subscriber list
// is asked again after each change made here.
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { api } from '../../api.ts';
import { store } from '../../live.ts';
import { t } from '../../i18n/i18n.ts';
import { Modal } from '../common.tsx';
import { go } from '../app-state.ts';
import { GroupSettingSelect, Section, fail, saved, value } from './common.tsx';
import { CHANNEL_PERMISSIONS, permissionKeys } from './AdminOrg.tsx';

export function EditChannel({ id }: { id: number }) {
  const s = store.value!;
  const stream = s.streams.value.get(id);
  const name = useSignal(stream?.name ?? '');
  const description = useSignal(stream?.description ?? '');
  const members = useSignal<number[] | null>(null);
  const archiving = useSignal(false);
  const loadMembers = () => api.get<{ subscribers: number[] }>(`/streams/${id}/members`).then((r) => (members.value = r.subscribers)).catch(fail);
  useEffect(() => { name.value = stream?.name ?? ''; description.value = stream?.description ?? ''; void loadMembers(); }, [id]);
  if (!stream) return <Section title={t('Channel settings')}><p class="empty-note">{t('This channel does not exist, or you cannot see it.')}</p></Section>;

  const patch = (p: Record<string, unknown>) => api.patch(`/streams/${id}`, p).then(saved).catch(fail);
  const subscribe = (userId: number, on: boolean) => (on
    ? api.post('/users/me/subscriptions', { subscriptions: [{ name: stream.name }], principals: [userId] })
    : api.del('/users/me/subscriptions', { subscriptions: [stream.name], principals: [userId] })).then(loadMembers).catch(fail);
  const people = [...s.users.value.values()].filter((u) => u.is_active !== false).sort((a, b) => a.full_name.localeCompare(b.full_name));
  const inside = new Set(members.value ?? []);
  const record = stream as unknown as Record<string, unknown>;
  return (
    <Section title={t('Settings of #{name}', { name: stream.name })}>
      <form class="form" aria-label={t('Name and description')} onSubmit={(e) => {
        e.preventDefault();
        const p: Record<string, unknown> = {};
        if (name.value !== stream.name) p.new_name = name.value;
        if (description.value !== stream.description) p.description = description.value;
        if (Object.keys(p).length) void patch(p);
      }}>
        <label class="field"><span>{t('Name')}</span><input class="input" required maxLength={s.realm.value.max_stream_name_length ?? 60} value={name.value} onInput={(e) => (name.value = value(e))} /></label>
        <label class="field"><span>{t('Description')}</span><input class="input" value={description.value} onInput={(e) => (description.value = value(e))} /></label>
        <div class="form-actions left"><button class="button primary" type="submit">{t('Save changes')}</button></div>
      </form>
      <fieldset class="field"><legend>{t('Who can access the channel')}</legend>
        <label class="check"><input type="radio" name="privacy" checked={!stream.invite_only} onChange={() => void patch({ is_private: false })} /> {t('Public: anyone in the organization can join')}</label>
        <label class="check"><input type="radio" name="privacy" checked={stream.invite_only} onChange={() => void patch({ is_private: true })} /> {t('Private: by invitation only')}</label>
      </fieldset>
      <details class="field"><summary>{t('Permissions')}</summary>
        <div class="settings-grid">
          {permissionKeys('stream', CHANNEL_PERMISSIONS).map((k) => (
            <GroupSettingSelect key={k} label={t(CHANNEL_PERMISSIONS[k] ?? k)} current={record[k] as number | undefined} onChange={(g) => void patch({ [k]: { new: g } })} />
          ))}
        </div>
      </details>
      <h2 class="settings-subheading">{t('Subscribers')} {members.value && `(${members.value.length})`}</h2>
      <label class="field"><span>{t('Add a subscriber')}</span>
        <select class="input" value="" onChange={(e) => { const v = Number(value(e)); if (v) void subscribe(v, true); }}>
          <option value="">{t('Choose a person…')}</option>
          {people.filter((u) => !inside.has(u.user_id)).map((u) => <option key={u.user_id} value={u.user_id}>{u.full_name}</option>)}
        </select>
      </label>
      <ul class="plain-list" aria-label={t('Subscribers of #{name}', { name: stream.name })}>
        {(members.value ?? []).map((uid) => (
          <li key={uid} class="member-row"><span>{s.userName(uid)}</span>
            <button class="button small" onClick={() => void subscribe(uid, false)} aria-label={t('Unsubscribe {name}', { name: s.userName(uid) })}>{t('Remove')}</button></li>
        ))}
      </ul>
      <div class="form-actions left"><button class="button danger" onClick={() => (archiving.value = true)}>{t('Archive channel')}</button></div>
      {archiving.value && (
        <Modal title={t('Archive #{name}?', { name: stream.name })} onClose={() => (archiving.value = false)}>
          <p>{t('Nobody can post to an archived channel; its messages stay readable.')}</p>
          <div class="form-actions">
            <button class="button" onClick={() => (archiving.value = false)}>{t('Cancel')}</button>
            <button class="button danger" onClick={() => { archiving.value = false; api.del(`/streams/${id}`).then(() => go('#settings/channels')).catch(fail); }}>{t('Archive')}</button>
          </div>
        </Modal>
      )}
    </Section>
  );
}
