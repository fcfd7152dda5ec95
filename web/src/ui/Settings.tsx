// Settings and administration load on first use (their own chunk); the sidebar's parts are here at once.
import { lazy, Suspense } from 'preact/compat';
import { t } from '../i18n/i18n.ts';

export { BrowseChannels, setTopicPolicy } from './BrowseChannels.tsx';

const Page = lazy(() => import('./settings/SettingsPage.tsx').then((m) => m.SettingsPage));

export function Settings({ section }: { section: string }) {
  return <Suspense fallback={<div class="feed-loading" role="status">{t('Loading…')}</div>}><Page section={section} /></Suspense>;
}
