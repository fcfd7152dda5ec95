// Profile cards, as in Zulip: a click on any avatar, sender name or @-mention (or a row of the people
// sidebar) opens a card with the person's status, role, local time, groups and profile fields, and ways
// to write to them; the full profile is a dialog. Your own card sets your status and away.
import { signal, useSignal } from '@preact/signals';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { store } from '../live.ts';
import type { ProfileField, User } from '../types.ts';
import { go, narrowThen, narrowTo, showToast } from './app-state.ts';
import { Avatar, Modal } from './common.tsx';
import { EmojiGlyph, EmojiPicker } from './Emoji.tsx';
import { openCompose } from './Compose.tsx';
import { language, N_, t } from '../i18n/i18n.ts';
import { lastActive, StatusEmoji } from './People.tsx';
import { dmKey } from '../unread.ts';

const card = signal<{ userId: number; rect: DOMRect } | null>(null);
const fullProfile = signal<number | null>(null);
const statusDialog = signal(false);

export const openStatusDialog = () => { statusDialog.value = true; };

export function openProfile(userId: number, anchor: HTMLElement) {
  card.value = card.value?.userId === userId ? null : { userId, rect: anchor.getBoundingClientRect() };
}

export const ROLE_NAMES: Record<number, string> = {
  100: N_('Owner'), 200: N_('Administrator'), 300: N_('Moderator'), 400: N_('Member'), 600: N_('Guest'),
};

const fail = (e: unknown) => showToast(e instanceof ApiError ? e.message : t('Something went wrong.'), 'error');

/** The user's clock now, in their time zone, or null when they have none (or an unknown one). */
export function localTime(u: User): string | null {
  if (!u.timezone) return null;
  try {
    const twentyFour = !!store.value?.settings.value.twenty_four_hour_time;
    return new Intl.DateTimeFormat(language.value, { hour: 'numeric', minute: '2-digit', hour12: !twentyFour, timeZone: u.timezone }).format(new Date());
  } catch {
    return null;
  }
}

/** Which user a click on the feed means: a mention, a sender's avatar or name. */
function userOfClick(target: HTMLElement): number | null {
  const mention = target.closest<HTMLElement>('.message-content .user-mention[data-user-id]');
  if (mention) return Number(mention.dataset.userId) || null;
  if (!target.closest('.message-gutter .avatar, .message-meta .sender-name')) return null;
  const id = Number(target.closest<HTMLElement>('.message[data-id]')?.dataset.id);
  return store.value?.messages.get(id)?.sender_id ?? null;
}

/** One per app: listens for clicks on people anywhere, and shows the card and the dialogs. */
export function ProfileCards() {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const target = e.target as HTMLElement;
      const id = userOfClick(target);
      if (id === null || !store.value?.user(id)) return;
      e.preventDefault();
      openProfile(id, (target.closest('.user-mention, .avatar, .sender-name') as HTMLElement) ?? target);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return (
    <>
      {card.value && <Card key={card.value.userId} userId={card.value.userId} rect={card.value.rect} />}
      {fullProfile.value !== null && <FullProfile userId={fullProfile.value} />}
      {statusDialog.value && <StatusDialog />}
    </>
  );
}

function Card({ userId, rect }: { userId: number; rect: DOMRect }) {
  const s = store.value!;
  const u = s.user(userId);
  const ref = useRef<HTMLDivElement>(null);
  const close = () => (card.value = null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const h = el.offsetHeight, w = el.offsetWidth;
    const top = rect.bottom + 6 + h <= innerHeight ? rect.bottom + 6 : Math.max(6, rect.top - 6 - h);
    const left = rect.left + w + 6 <= innerWidth ? rect.left : Math.max(6, rect.right - w);
    Object.assign(el.style, { top: top + 'px', left: Math.min(left, innerWidth - w - 6) + 'px' });
    el.querySelector<HTMLElement>('button, a')?.focus();
    const away = (e: MouseEvent) => { if (!el.contains(e.target as Node)) close(); };
    const timer = setTimeout(() => document.addEventListener('mousedown', away), 0);
    return () => { clearTimeout(timer); document.removeEventListener('mousedown', away); };
  }, []);
  if (!u) return null;
  const me = userId === s.myId;
  const st = s.userStatus.value.get(userId);
  const time = localTime(u);
  const groups = [...s.groups.value.values()].filter((g) => !g.is_system_group && !g.deactivated && g.members.includes(userId));
  const summary = s.profileFields.value.filter((f) => f.display_in_profile_summary && u.profile_data?.[f.id]?.value);
  const act = (f: () => void) => () => { close(); f(); };
  return (
    <div class="profile-popover popover" role="dialog" aria-label={t('Profile of {name}', { name: u.full_name })} ref={ref}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); close(); } }}>
      <div class="profile-head">
        <Avatar userId={u.user_id} name={u.full_name} url={u.avatar_url} size={64} />
        <div>
          <div class="profile-name">{u.full_name}<StatusEmoji userId={u.user_id} /></div>
          {st?.status_text && <div class="profile-status">{st.status_text}</div>}
          <div class="muted-text">{t(ROLE_NAMES[u.role] ?? 'Member')}{u.is_bot ? ` · ${t('Bot')}` : ''}</div>
        </div>
      </div>
      <dl class="profile-facts">
        <dt>{t('Email')}</dt><dd>{u.delivery_email ?? u.email}</dd>
        {!u.is_bot && <><dt>{t('Last active')}</dt><dd>{lastActive(userId)}</dd></>}
        {time && <><dt>{t('Local time')}</dt><dd>{time}</dd></>}
        {groups.length > 0 && <><dt>{t('Groups')}</dt><dd>{groups.map((g) => g.name).join(', ')}</dd></>}
        {summary.map((f) => <><dt key={'t' + f.id}>{f.name}</dt><dd key={'d' + f.id}><FieldValue field={f} user={u} /></dd></>)}
      </dl>
      <div class="profile-actions">
        {me ? <>
          <button class="button small" onClick={act(() => (statusDialog.value = true))}>{st?.status_text || st?.emoji_name ? t('Edit status') : t('Set a status')}</button>
          <button class="button small" onClick={act(() => void setAway(s.settings.value.presence_enabled !== false))}>
            {s.settings.value.presence_enabled === false ? t('Set yourself as active') : t('Set yourself as away')}</button>
          <button class="button small" onClick={act(() => go('#settings/profile'))}>{t('Edit your profile')}</button>
        </> : <>
          <button class="button small primary" onClick={act(() => writeTo(userId))}>{t('Send direct message')}</button>
          <button class="button small" onClick={act(() => narrowTo([{ operator: 'sender', operand: String(userId) }]))}>{t('View messages sent')}</button>
        </>}
        <button class="button small" onClick={act(() => (fullProfile.value = userId))}>{t('View full profile')}</button>
      </div>
    </div>
  );
}

/** Their conversation, with the compose box open there. */
const writeTo = (userId: number) =>
  narrowThen([{ operator: 'dm', operand: dmKey([userId], store.value!.myId) }], () => openCompose({ kind: 'private', topic: '', to: [userId] }));

const setAway = (away: boolean) => api.post('/users/me/status', { away }).catch(fail);

/** A custom profile field's value as Zulip shows it (rendered text, a link, a choice, people). */
function FieldValue({ field, user }: { field: ProfileField; user: User }) {
  const s = store.value!;
  const v = user.profile_data?.[field.id];
  if (!v?.value) return null;
  if (v.rendered_value) return <span class="rendered" dangerouslySetInnerHTML={{ __html: v.rendered_value }} />;
  if (field.type === 3) {
    try { return <>{JSON.parse(field.field_data)[v.value]?.text ?? v.value}</>; } catch { return <>{v.value}</>; }
  }
  if (field.type === 5) return <a href={v.value} target="_blank" rel="noopener noreferrer">{v.value}</a>;
  if (field.type === 6) {
    try { return <>{(JSON.parse(v.value) as number[]).map((id) => s.userName(id)).join(', ')}</>; } catch { return <>{v.value}</>; }
  }
  if (field.type === 7) {
    try {
      const data = JSON.parse(field.field_data);
      const pattern: string | undefined = data.url_pattern ?? (data.subtype === 'github' ? 'https://github.com/%(username)s' : data.subtype === 'twitter' ? 'https://twitter.com/%(username)s' : undefined);
      if (pattern) return <a href={pattern.replace('%(username)s', encodeURIComponent(v.value))} target="_blank" rel="noopener noreferrer">{v.value}</a>;
    } catch { /* shown as text */ }
  }
  return <>{v.value}</>;
}

function FullProfile({ userId }: { userId: number }) {
  const s = store.value!;
  const u = s.user(userId);
  if (!u) return null;
  const close = () => (fullProfile.value = null);
  const groups = [...s.groups.value.values()].filter((g) => !g.is_system_group && !g.deactivated && g.members.includes(userId));
  const fields = [...s.profileFields.value].sort((a, b) => a.order - b.order);
  const time = localTime(u);
  return (
    <Modal title={u.full_name} onClose={close} wide>
      <div class="profile-head">
        <Avatar userId={u.user_id} name={u.full_name} url={u.avatar_url} size={96} />
        <div>
          <div class="profile-name big">{u.full_name}<StatusEmoji userId={userId} /></div>
          <div class="muted-text">{t(ROLE_NAMES[u.role] ?? 'Member')} · {u.delivery_email ?? u.email}</div>
          {s.userStatus.value.get(userId)?.status_text && <div class="profile-status">{s.userStatus.value.get(userId)!.status_text}</div>}
        </div>
      </div>
      <dl class="profile-facts wide">
        {u.date_joined && <><dt>{t('Joined')}</dt><dd>{new Date(u.date_joined).toLocaleDateString(language.value)}</dd></>}
        {!u.is_bot && <><dt>{t('Last active')}</dt><dd>{lastActive(userId)}</dd></>}
        {time && <><dt>{t('Local time')}</dt><dd>{time} ({u.timezone})</dd></>}
        {u.is_bot && u.bot_owner_id && <><dt>{t('Owner')}</dt><dd>{s.userName(u.bot_owner_id)}</dd></>}
        {fields.map((f) => <><dt key={'t' + f.id}>{f.name}</dt><dd key={'d' + f.id}><FieldValue field={f} user={u} />{!u.profile_data?.[f.id]?.value && <span class="muted-text">—</span>}</dd></>)}
        <dt>{t('Groups')}</dt><dd>{groups.length ? groups.map((g) => g.name).join(', ') : <span class="muted-text">—</span>}</dd>
      </dl>
    </Modal>
  );
}

/** Zulip's status presets. */
const PRESETS: [string, string][] = [
  ['calendar', N_('In a meeting')], ['bus', N_('Commuting')], ['sick', N_('Out sick')],
  ['palm_tree', N_('Vacationing')], ['house', N_('Working remotely')], ['office', N_('At the office')],
];
const PRESET_CODES: Record<string, string> = { calendar: '1f4c5', bus: '1f68c', sick: '1f912', palm_tree: '1f334', house: '1f3e0', office: '1f3e2' };

function StatusDialog() {
  const s = store.value!;
  const cur = s.userStatus.value.get(s.myId);
  const text = useSignal(cur?.status_text ?? '');
  const emoji = useSignal<{ name: string; code: string; type: string } | null>(cur?.emoji_name ? { name: cur.emoji_name, code: cur.emoji_code ?? '', type: cur.reaction_type ?? 'unicode_emoji' } : null);
  const picking = useSignal(false);
  const close = () => (statusDialog.value = false);
  const save = (status: { text: string; emoji: typeof emoji.value }) => api.post('/users/me/status', {
    status_text: status.text, emoji_name: status.emoji?.name ?? '', emoji_code: status.emoji?.code ?? '', reaction_type: status.emoji?.type ?? '',
  }).then(close).catch(fail);
  return (
    <Modal title={t('Set status')} onClose={close}>
      <form class="form" onSubmit={(e) => { e.preventDefault(); void save({ text: text.value, emoji: emoji.value }); }}>
        <div class="status-input">
          <div class="popover-anchor">
            <button type="button" class="icon-button status-emoji-button" aria-label={t('Choose an emoji')} onClick={() => (picking.value = !picking.value)}>
              {emoji.value ? <EmojiGlyph name={emoji.value.name} code={emoji.value.code} type={emoji.value.type} /> : '☺'}
            </button>
            {picking.value && <EmojiPicker onClose={() => (picking.value = false)} onPick={(name, code, type) => (emoji.value = { name, code, type })} />}
          </div>
          <input class="input grow" aria-label={t('Status message')} placeholder={t('What are you up to?')} maxLength={60} value={text.value}
            onInput={(e) => (text.value = (e.target as HTMLInputElement).value)} />
        </div>
        <ul class="plain-list status-presets">
          {PRESETS.map(([name, label]) => (
            <li key={name}><button type="button" class="menu-item" onClick={() => { text.value = t(label); emoji.value = { name, code: PRESET_CODES[name]!, type: 'unicode_emoji' }; }}>
              <EmojiGlyph name={name} code={PRESET_CODES[name]!} type="unicode_emoji" decorative /> {t(label)}</button></li>
          ))}
        </ul>
        <div class="form-actions">
          <button type="button" class="button" onClick={() => void save({ text: '', emoji: null })}>{t('Clear status')}</button>
          <button type="submit" class="button primary">{t('Save')}</button>
        </div>
      </form>
    </Modal>
  );
}
