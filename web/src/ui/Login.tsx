import { useSignal } from '@preact/signals';
import { ApiError, login, type Session } from '../api.ts';
import { useAutofocus } from './common.tsx';

export function Login({ onLogin }: { onLogin: (s: Session) => void }) {
  const email = useSignal('');
  const password = useSignal('');
  const error = useSignal('');
  const busy = useSignal(false);
  const ref = useAutofocus<HTMLInputElement>();
  const submit = async (e: Event) => {
    e.preventDefault();
    busy.value = true;
    error.value = '';
    try {
      onLogin(await login(email.value.trim(), password.value));
    } catch (err) {
      error.value = err instanceof ApiError ? loginError(err) : 'Cannot reach the server.';
      busy.value = false;
    }
  };
  return (
    <main class="login-page">
      <form class="login-card" onSubmit={submit} aria-labelledby="login-title">
        <div class="brand big"><span class="brand-mark" aria-hidden="true">S</span></div>
        <h1 id="login-title">Log in to Stoa</h1>
        <label class="field"><span>Email</span>
          <input ref={ref} class="input" type="email" name="username" autocomplete="username" required value={email.value} onInput={(e) => (email.value = (e.target as HTMLInputElement).value)} />
        </label>
        <label class="field"><span>Password</span>
          <input class="input" type="password" name="password" autocomplete="current-password" required value={password.value} onInput={(e) => (password.value = (e.target as HTMLInputElement).value)} />
        </label>
        {error.value && <p class="form-error" role="alert">{error.value}</p>}
        <button class="button primary wide" type="submit" disabled={busy.value}>{busy.value ? 'Logging in…' : 'Log in'}</button>
      </form>
    </main>
  );
}

/** The server's message, except for the throttle, whose API wording ("API usage exceeded rate limit") says little here. */
export function loginError(err: ApiError): string {
  if (err.code !== 'RATE_LIMIT_HIT') return err.message;
  const minutes = Math.max(1, Math.ceil(Number(err.body['retry-after'] ?? 60) / 60));
  return `Too many failed attempts to log in to this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

