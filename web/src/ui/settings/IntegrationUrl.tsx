// Zulip's "Generate URL for an integration" for an incoming-webhook bot: choose the integration (register's
// realm_incoming_webhook_bots), where its messages go (a channel and topic, or a direct message to you) and
// its URL options; the URL to give the service is shown and copied.
import { useSignal } from '@preact/signals';
import { store } from '../../live.ts';
import { Modal } from '../common.tsx';
import { t } from '../../i18n/i18n.ts';
import { integrationUrl, type IntegrationDescriptor } from '../../integration-url.ts';
import { Check, fail, ok, value } from './common.tsx';

export function IntegrationUrlDialog({ botName, apiKey, onClose }: { botName: string; apiKey: string; onClose: () => void }) {
  const s = store.value!;
  const integrations = (s.realm.value.incoming_webhook_bots ?? []) as IntegrationDescriptor[];
  const chosen = useSignal(integrations[0]?.name ?? '');
  const channel = useSignal<number | null>(null);
  const topic = useSignal('');
  const options = useSignal<Record<string, string | boolean>>({});
  const descriptor = integrations.find((i) => i.name === chosen.value);
  const channels = [...s.subs.value.values()].sort((a, b) => a.name.localeCompare(b.name));
  const url = descriptor ? integrationUrl(location.origin, descriptor.name, apiKey, channel.value, topic.value, options.value) : '';
  const setOption = (key: string, v: string | boolean) => (options.value = { ...options.value, [key]: v });
  const copy = () => navigator.clipboard.writeText(url).then(() => ok(t('URL copied.'))).catch(fail);
  return (
    <Modal title={t('Integration URL for {name}', { name: botName })} onClose={onClose} wide>
      <div class="form">
        <label class="field"><span>{t('Integration')}</span>
          <select class="input" value={chosen.value} onChange={(e) => { chosen.value = value(e); options.value = {}; }}>
            {integrations.map((i) => <option key={i.name} value={i.name}>{i.display_name}</option>)}
          </select></label>
        <label class="field"><span>{t('Where to send notifications')}</span>
          <select class="input" value={channel.value === null ? '' : String(channel.value)} onChange={(e) => (channel.value = value(e) === '' ? null : Number(value(e)))}>
            <option value="">{t('Direct message to me')}</option>
            {channels.map((c) => <option key={c.stream_id} value={c.stream_id}>#{c.name}</option>)}
          </select></label>
        {channel.value !== null && (
          <label class="field"><span>{t('Topic (empty: the integration chooses)')}</span>
            <input class="input" value={topic.value} onInput={(e) => (topic.value = value(e))} /></label>
        )}
        {descriptor?.url_options.map((o) => o.input_type === 'checkbox'
          ? <Check key={o.key} label={o.label || o.key} checked={options.value[o.key] === true} onChange={(v) => setOption(o.key, v)} />
          : <label key={o.key} class="field"><span>{o.label || t('Option {key}', { key: o.key })}</span>
            <input class="input" value={String(options.value[o.key] ?? '')} onInput={(e) => setOption(o.key, value(e))} /></label>)}
        <label class="field"><span>{t('URL to give the service')}</span>
          <textarea class="input integration-url" readOnly rows={3} value={url} /></label>
        <div class="form-actions"><button class="button primary" type="button" onClick={copy} disabled={!url}>{t('Copy URL')}</button></div>
      </div>
    </Modal>
  );
}
