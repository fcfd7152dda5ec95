// The right sidebar (Zulip's buddy list): everyone with avatar, presence, status and when they were
// last active, a search box, the people of the conversation on screen first, and the user groups.
// On a narrow screen it is a drawer that the top bar's people button opens.
import { signal, useSignal } from '@preact/signals';
import type { User } from '../types.ts';
import { store } from '../live.ts';
import { hashFor, view } from './app-state.ts';
import { dmKey } from '../unread.ts';
import { Avatar, presenceOf } from './common.tsx';
import { EmojiGlyph } from './Emoji.tsx';
import { Icon } from './icons.tsx';
import { language, t, tn } from '../i18n/i18n.ts';
import { openProfile } from './ProfileCard.tsx';
import './people.css';

/** Whether the people drawer is open (narrow screens). */
export const peopleOpen = signal(false);

/** "Active now", "Idle", "Active 5 min ago", "Offline", from presence. */
export function lastActive(userId: number): string {
  const p = store.value?.presence.value.get(userId);
  const state = presenceOf(userId);
  if (state === 'active') return t('Active now');
  if (state === 'idle') return t('Idle');
  const last = p ? Math.max(p.active_timestamp, p.idle_timestamp) : 0;
  return last ? t('Active {when}', { when: ago(last) }) : t('Not active yet');
}

/** "5 minutes ago", "yesterday", in the interface's language. */
export function ago(ts: number): string {
  const minutes = Math.round((Date.now() / 1000 - ts) / 60);
  const rtf = new Intl.RelativeTimeFormat(language.value, { numeric: 'auto' });
  if (minutes < 60) return rtf.format(-Math.max(1, minutes), 'minute');
  if (minutes < 24 * 60) return rtf.format(-Math.round(minutes / 60), 'hour');
  return rtf.format(-Math.round(minutes / 1440), 'day');
}

export function StatusEmoji({ userId }: { userId: number }) {
  const st = store.value?.userStatus.value.get(userId);
  if (!st?.emoji_name) return null;
  return <span class="status-emoji" title={st.status_text || `:${st.emoji_name}:`}><EmojiGlyph name={st.emoji_name} code={st.emoji_code ?? ''} type={st.reaction_type ?? 'unicode_emoji'} aside /></span>;
}

/** A person: their avatar opens the profile card, their name their direct messages (as in Zulip's buddy list). */
function PersonRow({ u }: { u: User }) {
  const s = store.value!;
  const st = s.userStatus.value.get(u.user_id);
  const state = presenceOf(u.user_id);
  const terms = [{ operator: 'dm', operand: dmKey([u.user_id], s.myId) }];
  return (
    <li class="person-row" title={lastActive(u.user_id)}>
      <button class="person-avatar" data-user-card={u.user_id} aria-label={t('Profile of {name}', { name: u.full_name })}
        onClick={(e) => openProfile(u.user_id, e.currentTarget as HTMLElement)}>
        <Avatar userId={u.user_id} name={u.full_name} url={u.avatar_url} size={28} />
        <span class={`presence presence-${state} on-avatar`} role="img" aria-label={state === 'active' ? t('Active') : state === 'idle' ? t('Idle') : t('Offline')} />
      </button>
      <a class="person-text" href={hashFor(terms)} onClick={() => (peopleOpen.value = false)}>
        <span class="person-name">{u.full_name}{u.user_id === s.myId ? ` (${t('you')})` : ''}<StatusEmoji userId={u.user_id} /></span>
        <span class="person-sub">{st?.status_text || lastActive(u.user_id)}</span>
      </a>
    </li>
  );
}

/** The people who wrote in the conversation on screen (Zulip's "In this conversation"). */
function participants(): Set<number> {
  const s = store.value!;
  const v = view.value;
  if (v.kind !== 'narrow' || !v.terms.some((x) => x.operator === 'channel' || x.operator === 'dm')) return new Set();
  return new Set(s.feed.value.ids.map((id) => s.messages.get(id)?.sender_id).filter((x): x is number => x !== undefined));
}

export function People() {
  const s = store.value!;
  const q = useSignal('');
  const openGroup = useSignal<number | null>(null);
  s.presence.value;
  const order = { active: 0, idle: 1, offline: 2 };
  const query = q.value.trim().toLowerCase();
  const everyone = [...s.users.value.values()].filter((u) => !u.is_bot && u.is_active !== false)
    .filter((u) => !query || u.full_name.toLowerCase().includes(query) || (u.delivery_email ?? u.email).toLowerCase().includes(query))
    .sort((a, b) => order[presenceOf(a.user_id)] - order[presenceOf(b.user_id)] || a.full_name.localeCompare(b.full_name));
  const here = participants();
  const inConversation = everyone.filter((u) => here.has(u.user_id));
  const others = everyone.filter((u) => !here.has(u.user_id)).slice(0, 300);
  const groups = [...s.groups.value.values()].filter((g) => !g.is_system_group && !g.deactivated && (!query || g.name.toLowerCase().includes(query)))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <aside class={'people' + (peopleOpen.value ? ' open' : '')} aria-label={t('People')}>
      <div class="people-search">
        <span class="search-icon"><Icon name="search" size={14} /></span>
        <input class="input" type="search" placeholder={t('Search people')} aria-label={t('Search people')} value={q.value}
          onInput={(e) => (q.value = (e.target as HTMLInputElement).value)} />
      </div>
      {inConversation.length > 0 && <>
        <h2 class="sidebar-heading-text">{t('In this conversation')}</h2>
        <ul class="people-list">{inConversation.map((u) => <PersonRow key={u.user_id} u={u} />)}</ul>
      </>}
      <h2 class="sidebar-heading-text">{inConversation.length ? t('Others') : t('People')}</h2>
      <ul class="people-list">{others.map((u) => <PersonRow key={u.user_id} u={u} />)}</ul>
      {everyone.length === 0 && <p class="empty-note">{t('Nobody matches.')}</p>}
      {groups.length > 0 && <>
        <h2 class="sidebar-heading-text">{t('User groups')}</h2>
        <ul class="people-list">
          {groups.map((g) => (
            <li key={g.id}>
              <button class="person-row group-row" aria-expanded={openGroup.value === g.id} onClick={() => (openGroup.value = openGroup.value === g.id ? null : g.id)}>
                <span class="group-icon" aria-hidden="true"><Icon name="people" size={16} /></span>
                <span class="person-text"><span class="person-name">{g.name}</span>
                  <span class="person-sub">{tn(g.members.length, '{n} member', '{n} members')}</span></span>
              </button>
              {openGroup.value === g.id && (
                <ul class="people-list nested">
                  {g.members.map((id) => s.user(id)).filter((u): u is User => !!u).map((u) => <PersonRow key={u.user_id} u={u} />)}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </>}
    </aside>
  );
}

/** The top bar's button that opens the people drawer on a narrow screen. */
export function PeopleButton() {
  return (
    <button class="icon-button people-button" aria-label={t('Show people')} aria-expanded={peopleOpen.value}
      onClick={() => (peopleOpen.value = !peopleOpen.value)}><Icon name="people" size={20} /></button>
  );
}
