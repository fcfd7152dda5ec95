// What the sidebar needs at once (the settings pages load later): browsing channels, a topic's visibility.
import { api, ApiError } from '../api.ts';
import { store } from '../live.ts';
import { go, showToast } from './app-state.ts';
import { Modal } from './common.tsx';
import { t } from '../i18n/i18n.ts';

const fail = (e: unknown) => showToast(e instanceof ApiError ? e.message : t('Something went wrong.'), 'error');

export const setTopicPolicy = (streamId: number, topic: string, policy: number) =>
  api.post('/user_topics', { stream_id: streamId, topic, visibility_policy: policy }).catch(fail);

export function BrowseChannels({ onClose }: { onClose: () => void }) {
  const s = store.value!;
  const all = [...s.streams.value.values()].filter((x) => !x.is_archived).sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Modal title={t('Channels')} onClose={onClose} wide>
      <ul class="plain-list">
        {all.map((st) => {
          const subscribed = s.subs.value.has(st.stream_id);
          return (
            <li key={st.stream_id} class="list-row">
              <span class="grow"><strong>{st.invite_only ? t('private:') + ' ' : '#'}{st.name}</strong><br /><span class="muted-text">{st.description}</span></span>
              {subscribed
                ? <button class="button small" onClick={() => api.del('/users/me/subscriptions', { subscriptions: [st.name] }).catch(fail)}>{t('Unsubscribe')}</button>
                : <button class="button small primary" onClick={() => api.post('/users/me/subscriptions', { subscriptions: [{ name: st.name }] }).catch(fail)}>{t('Subscribe')}</button>}
            </li>
          );
        })}
        {all.length === 0 && <li class="empty-note">{t('No channels yet.')}</li>}
      </ul>
      {s.isAdmin() && <div class="form-actions"><button class="button primary" onClick={() => { onClose(); go('#settings/org-channels'); }}>{t('Create a channel')}</button></div>}
    </Modal>
  );
}
