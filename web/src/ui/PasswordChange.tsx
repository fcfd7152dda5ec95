// Settings › Profile: change your password (PATCH /settings with old_password and new_password, as Zulip's form).
import { t } from '../i18n/i18n.ts';
import { useSignal } from '@preact/signals';
import { api, ApiError } from '../api.ts';
import { showToast } from './app-state.ts';

export function PasswordChange() {
  const old = useSignal('');
  const next = useSignal('');
  const error = useSignal('');
  const busy = useSignal(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    busy.value = true;
    error.value = '';
    try {
      await api.patch('/settings', { old_password: old.value, new_password: next.value });
      old.value = next.value = '';
      showToast(t('Password changed. Your other sessions have been signed out.'));
    } catch (err) {
      error.value = err instanceof ApiError ? err.message : t('Something went wrong.');
    } finally {
      busy.value = false;
    }
  };
  const input = (v: typeof old) => (e: Event) => (v.value = (e.target as HTMLInputElement).value);
  return (
    <form class="form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title" class="settings-subtitle">{t('Password')}</h2>
      <label class="field"><span>{t('Current password')}</span>
        <input class="input" type="password" name="old_password" autocomplete="current-password" required value={old.value} onInput={input(old)} />
      </label>
      <label class="field"><span>{t('New password')}</span>
        <input class="input" type="password" name="new_password" autocomplete="new-password" required minLength={6} value={next.value} onInput={input(next)} />
      </label>
      {error.value && <p class="form-error" role="alert">{error.value}</p>}
      <div class="form-actions"><button class="button primary" type="submit" disabled={busy.value}>{t('Change password')}</button></div>
    </form>
  );
}
