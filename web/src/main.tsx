import { render } from 'preact';
import { effect } from '@preact/signals';
import './styles.css';
import { ApiError, currentSession } from './api.ts';
import { register, pollLoop, startPresence, store, loadNarrow } from './live.ts';
import { App } from './ui/App.tsx';
import { Login, appFlowRequested } from './ui/Login.tsx';
import { routeHash, view } from './ui/app-state.ts';
import { setLanguage, t } from './i18n/i18n.ts';
import { applyEmojiset, loadCatalog } from './emoji.ts';

const root = document.getElementById('app')!;

// Theme: the user's color_scheme (1 follow the system, 2 dark, 3 light).
effect(() => {
  const scheme = store.value?.settings.value.color_scheme ?? 1;
  document.documentElement.dataset.theme = scheme === 2 ? 'dark' : scheme === 3 ? 'light' : 'auto';
});

// The interface's language and emoji set follow the user's settings (and their user_settings events).
effect(() => {
  const settings = store.value?.settings.value;
  if (!settings) return;
  void setLanguage(settings.default_language);
  applyEmojiset(settings.emojiset);
  const root = document.documentElement.style;
  root.setProperty('--message-font-size', `${settings.web_font_size_px ?? 16}px`);
  root.setProperty('--message-line-height', `${settings.web_line_height_percent ?? 140}%`);
});

async function start() {
  // Signed in at Zulip's sign-in URL: the app lives at /.
  if (location.pathname !== '/') history.replaceState(null, '', '/' + location.hash);
  render(<div class="boot" role="status">{t('Loading…')}</div>, root);
  const s = await register();
  await setLanguage(s.settings.value.default_language);
  view.value = routeHash(location.hash); // an empty URL shows the user's home view
  // The narrow's messages are fetched while the first screen renders (a big realm's sidebar takes a while).
  const v = view.value;
  if (v.kind === 'narrow') void loadNarrow(v.terms);
  render(<App />, root);
  startPresence();
  // The emoji catalog (picker, typeahead) once the first screen is up.
  setTimeout(() => void loadCatalog(), 1000);
  void pollLoop(() => {
    // A new queue: the old local state is gone, so show the current narrow afresh.
    const v = view.value;
    if (v.kind === 'narrow') void loadNarrow(v.terms);
    render(<App />, root);
  });
}

/**
 * Stoa marks the page it serves to a signed-in session (`<meta name="stoa-session">`): then register at
 * once, else show the sign-in form without a request that the browser would log as a failed 401. The
 * Vite dev server's page carries no mark, so there the API is asked.
 */
async function signedIn(): Promise<boolean> {
  if (import.meta.env.DEV) return (await currentSession()) !== null;
  return document.querySelector('meta[name="stoa-session"]') !== null;
}

const showLogin = () => render(<Login onLogin={() => void start()} />, root);

async function boot() {
  try {
    // A sign-in for Zulip's mobile or desktop app shows the login page even in a signed-in browser.
    if (!appFlowRequested() && (await signedIn())) return await start();
    await setLanguage(navigator.language);
    showLogin();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return showLogin(); // the session ended since the page was served
    render(<div class="boot" role="alert">{t('Stoa is not reachable.')} <button onClick={() => location.reload()}>{t('Retry')}</button></div>, root);
    console.error(e);
  }
}

void boot();
