// Settings › Profile: two-factor authentication (the server's /accounts/two_factor/ pages), shown when the server offers it.
import { t } from '../i18n/i18n.ts';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { ApiError, request } from '../api.ts';

interface Status { offered: boolean; enabled: boolean; recovery_codes_left: number }

export function TwoFactorSettings() {
  const status = useSignal<Status | null>(null);
  const setup = useSignal<{ secret: string; otpauth_url: string } | null>(null);
  const codes = useSignal<string[]>([]);
  const input = useSignal('');
  const error = useSignal('');
  const load = () => request<Status>('GET', '/accounts/two_factor').then((s) => (status.value = s)).catch(() => undefined);
  useEffect(() => { void load(); }, []);
  const act = (f: () => Promise<unknown>) => async (e: Event) => {
    e.preventDefault();
    error.value = '';
    try {
      await f();
      input.value = '';
      await load();
    } catch (err) {
      error.value = err instanceof ApiError ? err.message : t('Something went wrong.');
    }
  };
  const s = status.value;
  if (!s?.offered) return null;
  const field = (label: string, type: string, name: string) => (
    <label class="field"><span>{label}</span>
      <input class="input" type={type} name={name} required value={input.value} onInput={(e) => (input.value = (e.target as HTMLInputElement).value)} />
    </label>
  );
  const begin = act(async () => (setup.value = await request('POST', '/accounts/two_factor/begin', { password: input.value })));
  const confirm = act(async () => {
    codes.value = (await request<{ recovery_codes: string[] }>('POST', '/accounts/two_factor/confirm', { otp_token: input.value })).recovery_codes;
    setup.value = null;
  });
  const disable = act(() => request('POST', '/accounts/two_factor/disable', { otp_token: input.value }));
  return (
    <form class="form" aria-labelledby="two-factor-title" onSubmit={s.enabled ? disable : setup.value ? confirm : begin}>
      <h2 id="two-factor-title" class="settings-subtitle">{t('Two-factor authentication')}</h2>
      {codes.value.length > 0 && <div class="recovery-codes" role="status">
        <p>{t('Two-factor authentication is on. Keep these recovery codes somewhere safe; each works once:')}</p>
        <code>{codes.value.join('  ')}</code>
      </div>}
      {s.enabled && <>
        <p class="muted-text">{t('On ({n} recovery codes left). To turn it off, enter a code from your app or a recovery code.', { n: s.recovery_codes_left })}</p>
        {field('Code', 'text', 'otp_token')}
        <div class="form-actions"><button class="button" type="submit">{t('Turn off')}</button></div>
      </>}
      {!s.enabled && setup.value && <>
        <p>{t('Add this account to your authenticator app with the key')} <code class="totp-secret">{setup.value.secret}</code> (<a href={setup.value.otpauth_url}>{t('or open this link on your phone')}</a>), {t('then enter the code it shows.')}</p>
        {field(t('Code from the app'), 'text', 'otp_token')}
        <div class="form-actions"><button class="button primary" type="submit">{t('Turn on')}</button></div>
      </>}
      {!s.enabled && !setup.value && <>
        <p class="muted-text">{t('Off. Password sign-ins can also ask for a code from an authenticator app.')}</p>
        {field(t('Current password'), 'password', 'password')}
        <div class="form-actions"><button class="button" type="submit">{t('Set up')}</button></div>
      </>}
      {error.value && <p class="form-error" role="alert">{error.value}</p>}
    </form>
  );
}
