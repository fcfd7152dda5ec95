// Settings and administration (a chunk of its own, loaded on first use): a page per section.
import type { ComponentChildren } from 'preact';
import { store } from '../../live.ts';
import { N_, t } from '../../i18n/i18n.ts';
import { ChannelSettings, Display, Notifications, Profile, Snippets, TopicSettings } from './Personal.tsx';
import { Bots, Groups, ProfileFields, Users } from './AdminPeople.tsx';
import { CreateChannel, CustomEmoji, DataExport, Linkifiers, Organization, Permissions } from './AdminOrg.tsx';
import { Invitations } from './Invitations.tsx';
import { EditChannel } from './EditChannel.tsx';
import './settings.css';

/** [key, title, administrators only, page]. */
const SECTIONS: [string, string, boolean, () => ComponentChildren][] = [
  ['profile', N_('Profile'), false, () => <Profile />],
  ['display', N_('Preferences'), false, () => <Display />],
  ['notifications', N_('Notifications'), false, () => <Notifications />],
  ['channels', N_('Channels'), false, () => <ChannelSettings />],
  ['topics', N_('Topics'), false, () => <TopicSettings />],
  ['snippets', N_('Saved snippets'), false, () => <Snippets />],
  ['organization', N_('Organization settings'), true, () => <Organization />],
  ['permissions', N_('Permissions'), true, () => <Permissions />],
  ['users', N_('Users'), true, () => <Users />],
  ['invitations', N_('Invitations'), true, () => <Invitations />],
  ['groups', N_('User groups'), true, () => <Groups />],
  ['bots', N_('Bots'), true, () => <Bots />],
  ['profile-fields', N_('Custom profile fields'), true, () => <ProfileFields />],
  ['org-channels', N_('Create channel'), true, () => <CreateChannel />],
  ['linkifiers', N_('Linkifiers'), true, () => <Linkifiers />],
  ['emoji', N_('Custom emoji'), true, () => <CustomEmoji />],
  ['export', N_('Data exports'), true, () => <DataExport />],
];

export function SettingsPage({ section }: { section: string }) {
  const s = store.value!;
  const admin = s.isAdmin();
  const allowed = SECTIONS.filter(([, , a]) => admin || !a);
  // `channel/<id>`: one channel's own settings, under Channels
  const channelId = /^channel\/(\d+)$/.exec(section)?.[1];
  const current = allowed.find(([k]) => k === (channelId ? 'channels' : section)) ?? allowed[0]!;
  const link = ([k, label]: (typeof SECTIONS)[number]) => (
    <a key={k} href={`#settings/${k}`} class={'nav-row' + (current[0] === k ? ' active' : '')} aria-current={current[0] === k ? 'page' : undefined}>{t(label)}</a>
  );
  return (
    <div class="settings">
      <nav class="settings-nav" aria-label={t('Settings sections')}>
        <h2 class="settings-group">{t('Personal')}</h2>
        {allowed.filter(([, , a]) => !a).map(link)}
        {admin && <h2 class="settings-group">{t('Organization')}</h2>}
        {admin && allowed.filter(([, , a]) => a).map(link)}
      </nav>
      <div class="settings-body">{channelId ? <EditChannel key={channelId} id={Number(channelId)} /> : current[3]()}</div>
    </div>
  );
}
