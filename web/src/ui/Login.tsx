import { t, tn } from '../i18n/i18n.ts';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { ApiError, login, request, type Session } from '../api.ts';
import { useAutofocus } from './common.tsx';

/** One of /server_settings' external_authentication_methods (OpenID Connect, GitHub, SAML...). */
interface ExternalMethod { name: string; display_name: string; login_url: string }
interface ServerSettings { email_auth_enabled: boolean; require_email_format_usernames: boolean; authentication_methods: Record<string, boolean>; external_authentication_methods: ExternalMethod[] }

const FLOW_PARAMS = ['mobile_flow_otp', 'desktop_flow_otp', 'next'];

/** The app-flow parameters this page was opened with (Zulip's /login/?mobile_flow_otp=…), carried to every sign-in method. */
function flowParams(): Record<string, string> {
  const q = new URLSearchParams(location.search);
  return Object.fromEntries(FLOW_PARAMS.filter((k) => q.has(k)).map((k) => [k, q.get(k)!]));
}

export const appFlowRequested = () => 'mobile_flow_otp' in flowParams() || 'desktop_flow_otp' in flowParams();

export function Login({ onLogin }: { onLogin: (s: Session) => void }) {
  const email = useSignal('');
  const password = useSignal('');
  const error = useSignal('');
  const busy = useSignal(false);
  const settings = useSignal<ServerSettings | null>(null);
  const desktopData = useSignal('');
  const otp = useSignal<string | null>(null); // shown once the server asks for the two-factor code
  const ref = useAutofocus<HTMLInputElement>();
  const flow = flowParams();
  useEffect(() => { void request<ServerSettings>('GET', '/json/server_settings').then((s) => (settings.value = s)).catch(() => undefined); }, []);
  const submit = async (e: Event) => {
    e.preventDefault();
    busy.value = true;
    error.value = '';
    try {
      const r = await login(email.value.trim(), password.value, otp.value === null ? flow : { ...flow, otp_token: otp.value });
      if (r.redirect_to) location.assign(r.redirect_to); // back to the mobile app: zulip://login?…
      else if (r.desktop_data) desktopData.value = r.desktop_data;
      else onLogin(r);
    } catch (err) {
      if (err instanceof ApiError && err.body.two_factor_required && otp.value === null) otp.value = '';
      error.value = err instanceof ApiError ? loginError(err) : t('Cannot reach the server.');
    } finally {
      busy.value = false;
    }
  };
  const s = settings.value;
  const passwordForm = !s || s.email_auth_enabled || s.authentication_methods.ldap;
  const query = new URLSearchParams(flow).toString();
  if (desktopData.value) {
    return (
      <main class="login-page"><div class="login-card">
        <h1>{t('Finish signing in in the app')}</h1>
        <p>{t('Copy this code and paste it into the Zulip desktop app:')}</p>
        <code class="desktop-data">{desktopData.value}</code>
      </div></main>
    );
  }
  return (
    <main class="login-page">
      <form class="login-card" onSubmit={submit} aria-labelledby="login-title">
        <div class="brand big"><span class="brand-mark" aria-hidden="true">S</span></div>
        <h1 id="login-title">{t('Log in to Stoa')}</h1>
        {passwordForm && <>
          <label class="field"><span>{s && !s.require_email_format_usernames ? t('Email or username') : 'Email'}</span>
            <input ref={ref} class="input" type={s && !s.require_email_format_usernames ? 'text' : 'email'} name="username" autocomplete="username" required value={email.value} onInput={(e) => (email.value = (e.target as HTMLInputElement).value)} />
          </label>
          <label class="field"><span>{t('Password')}</span>
            <input class="input" type="password" name="password" autocomplete="current-password" required value={password.value} onInput={(e) => (password.value = (e.target as HTMLInputElement).value)} />
          </label>
          {otp.value !== null && <label class="field"><span>{t('Two-factor code')}</span>
            <input class="input" name="otp_token" inputMode="numeric" autocomplete="one-time-code" required value={otp.value} onInput={(e) => (otp.value = (e.target as HTMLInputElement).value)} />
          </label>}
          {error.value && <p class="form-error" role="alert">{error.value}</p>}
          <button class="button primary wide" type="submit" disabled={busy.value}>{busy.value ? t('Logging in…') : t('Log in')}</button>
        </>}
        {s?.external_authentication_methods.map((m) => (
          <a key={m.name} class="button wide sso-button" href={m.login_url + (query ? '?' + query : '')}>{t('Log in with {name}', { name: m.display_name })}</a>
        ))}
      </form>
    </main>
  );
}

/** The server's message, except for the throttle, whose API wording ("API usage exceeded rate limit") says little here. */
export function loginError(err: ApiError): string {
  if (err.code !== 'RATE_LIMIT_HIT') return err.message;
  const minutes = Math.max(1, Math.ceil(Number(err.body['retry-after'] ?? 60) / 60));
  return tn(minutes, 'Too many failed attempts to log in to this account. Try again in {n} minute.', 'Too many failed attempts to log in to this account. Try again in {n} minutes.');
}
