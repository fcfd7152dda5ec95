// Administration › Invitations: email invitations and reusable links (role, channels, groups, expiry),
// the pending ones with revoke, resend and (links) edit. When the server sends no mail
// (register's server_can_send_email), the dialog says so and suggests a link.
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { api } from '../../api.ts';
import { store } from '../../live.ts';
import { Modal } from '../common.tsx';
import { N_, t } from '../../i18n/i18n.ts';
import { ROLE_NAMES } from '../ProfileCard.tsx';
import { Check, fail, ok, Section, value } from './common.tsx';

interface Invite { id: number; is_multiuse: boolean; email?: string; link_url?: string; invited_by_user_id: number; invited: number; expiry_date: number | null; invited_as: number; stream_ids?: number[]; group_ids?: number[]; include_realm_default_subscriptions?: boolean }

const EXPIRY: [string, string][] = [['1440', N_('1 day')], ['4320', N_('3 days')], ['14400', N_('10 days')], ['43200', N_('30 days')], ['null', N_('Never expires')]];
const ROLES = [600, 400, 300, 200, 100];

export function Invitations() {
  const s = store.value!;
  const invites = useSignal<Invite[] | null>(null);
  const dialog = useSignal<'new' | Invite | null>(null);
  const tick = s.invitesTick.value;
  useEffect(() => { api.get<{ invites: Invite[] }>('/invites').then((r) => (invites.value = r.invites)).catch(fail); }, [tick]);
  const date = (ts: number | null) => (ts === null ? t('Never') : new Date(ts * 1000).toLocaleDateString());
  return (
    <Section title={t('Invitations')}>
      <div class="form-actions left"><button class="button primary" onClick={() => (dialog.value = 'new')}>{t('Invite users to organization')}</button></div>
      <table class="table">
        <thead><tr><th scope="col">{t('Invitee')}</th><th scope="col">{t('Invited by')}</th><th scope="col">{t('Role')}</th><th scope="col">{t('Expires')}</th><th scope="col"><span class="visually-hidden">{t('Actions')}</span></th></tr></thead>
        <tbody>
          {(invites.value ?? []).map((i) => (
            <tr key={(i.is_multiuse ? 'l' : 'e') + i.id}>
              <td>{i.is_multiuse ? <><span class="muted-text">{t('Invitation link')}</span><br /><code class="invite-url">{i.link_url}</code></> : i.email}</td>
              <td>{s.userName(i.invited_by_user_id)}</td>
              <td>{t(ROLE_NAMES[i.invited_as] ?? 'Member')}</td>
              <td>{date(i.expiry_date)}</td>
              <td class="row-actions">
                {i.is_multiuse && <button class="button small" onClick={() => (dialog.value = i)}>{t('Edit')}</button>}
                {!i.is_multiuse && <button class="button small" onClick={() => api.post(`/invites/${i.id}/resend`).then(() => ok(t('Invitation sent again.'))).catch(fail)}>{t('Resend')}</button>}
                <button class="button small danger" onClick={() => api.del(i.is_multiuse ? `/invites/multiuse/${i.id}` : `/invites/${i.id}`).catch(fail)}>{t('Revoke')}</button>
              </td>
            </tr>
          ))}
          {invites.value?.length === 0 && <tr><td colSpan={5} class="empty-note">{t('No pending invitations.')}</td></tr>}
        </tbody>
      </table>
      {dialog.value !== null && <InviteDialog edit={dialog.value === 'new' ? null : dialog.value} onClose={() => (dialog.value = null)} />}
    </Section>
  );
}

function InviteDialog({ edit, onClose }: { edit: Invite | null; onClose: () => void }) {
  const s = store.value!;
  const canMail = s.server.server_can_send_email !== false;
  const mode = useSignal<'email' | 'link'>(edit || !canMail ? 'link' : 'email');
  const emails = useSignal('');
  const role = useSignal(edit?.invited_as ?? 400);
  const expiry = useSignal('14400');
  const channels = useSignal<Set<number>>(new Set(edit?.stream_ids ?? []));
  const groups = useSignal<Set<number>>(new Set(edit?.group_ids ?? []));
  const defaults = useSignal(edit?.include_realm_default_subscriptions ?? true);
  const link = useSignal<string | null>(null);
  const me = s.user(s.myId)!;
  const toggle = (set: typeof channels, id: number) => { const n = new Set(set.value); if (n.has(id)) n.delete(id); else n.add(id); set.value = n; };
  const terms = () => ({ invite_as: role.value, stream_ids: [...channels.value], group_ids: [...groups.value], include_realm_default_subscriptions: defaults.value });
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      if (edit) { await api.patch(`/invites/multiuse/${edit.id}`, terms()); ok(t('Invitation link updated.')); onClose(); return; }
      const expires = expiry.value === 'null' ? 'null' : Number(expiry.value);
      if (mode.value === 'email') {
        await api.post('/invites', { ...terms(), invitee_emails: emails.value, invite_expires_in_minutes: expires });
        ok(canMail ? t('Invitations sent.') : t('Invitations saved; they are mailed once this server sends email.'));
        onClose();
      } else {
        link.value = (await api.post<{ invite_link: string }>('/invites/multiuse', { ...terms(), invite_expires_in_minutes: expires })).invite_link;
      }
    } catch (err) { fail(err); }
  };
  const subs = [...s.subs.value.values()].sort((a, b) => a.name.localeCompare(b.name));
  const userGroups = [...s.groups.value.values()].filter((g) => !g.is_system_group && !g.deactivated);
  return (
    <Modal title={edit ? t('Edit invitation link') : t('Invite users to organization')} onClose={onClose} wide>
      {link.value ? (
        <div class="form">
          <p>{t('Share this link with the people you want to invite:')}</p>
          <input class="input" readOnly aria-label={t('Invitation link')} value={link.value} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          <div class="form-actions">
            <button class="button" onClick={() => void navigator.clipboard?.writeText(link.value!).then(() => ok(t('Link copied.')))}>{t('Copy link')}</button>
            <button class="button primary" onClick={onClose}>{t('Done')}</button>
          </div>
        </div>
      ) : (
        <form class="form" onSubmit={submit} aria-label={t('Invitation')}>
          {!edit && (
            <div class="segmented" role="group" aria-label={t('How to invite')}>
              <button type="button" class={mode.value === 'email' ? 'on' : ''} aria-pressed={mode.value === 'email'} onClick={() => (mode.value = 'email')}>{t('Email invitation')}</button>
              <button type="button" class={mode.value === 'link' ? 'on' : ''} aria-pressed={mode.value === 'link'} onClick={() => (mode.value = 'link')}>{t('Invitation link')}</button>
            </div>
          )}
          {!edit && mode.value === 'email' && !canMail && (
            <p class="notice" role="note">{t('This server is not configured to send email: email invitations wait in its outbox until an administrator sets up outgoing mail. To invite someone now, share an invitation link.')}</p>
          )}
          {!edit && mode.value === 'email' && (
            <label class="field"><span>{t('Emails (one on each line or comma-separated)')}</span>
              <textarea class="input textarea" required value={emails.value} onInput={(e) => (emails.value = value(e))} /></label>
          )}
          <div class="settings-grid">
            <label class="field"><span>{t('Users join as')}</span>
              <select class="input" value={role.value} onChange={(e) => (role.value = Number(value(e)))}>
                {ROLES.filter((r) => r !== 100 || me.role === 100).map((r) => <option key={r} value={r}>{t(ROLE_NAMES[r]!)}</option>)}
              </select></label>
            {!edit && <label class="field"><span>{t('Invitation expires after')}</span>
              <select class="input" value={expiry.value} onChange={(e) => (expiry.value = value(e))}>{EXPIRY.map(([v, l]) => <option key={v} value={v}>{t(l)}</option>)}</select></label>}
          </div>
          <fieldset class="field"><legend>{t('Channels they should join')}</legend>
            <Check label={t('Default channels for this organization')} checked={defaults.value} onChange={(v) => (defaults.value = v)} />
            <div class="check-columns">{subs.map((c) => <Check key={c.stream_id} label={'#' + c.name} checked={channels.value.has(c.stream_id)} onChange={() => toggle(channels, c.stream_id)} />)}</div>
          </fieldset>
          {userGroups.length > 0 && (
            <fieldset class="field"><legend>{t('User groups they should join')}</legend>
              <div class="check-columns">{userGroups.map((g) => <Check key={g.id} label={g.name} checked={groups.value.has(g.id)} onChange={() => toggle(groups, g.id)} />)}</div>
            </fieldset>
          )}
          <div class="form-actions">
            <button type="button" class="button" onClick={onClose}>{t('Cancel')}</button>
            <button type="submit" class="button primary">{edit ? t('Save changes') : mode.value === 'email' ? t('Invite') : t('Create link')}</button>
          </div>
        </form>
      )}
    </Modal>
  );
}
