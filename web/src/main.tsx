import { render } from 'preact';
import { effect } from '@preact/signals';
import './styles.css';
import { currentSession } from './api.ts';
import { register, pollLoop, startPresence, store, loadNarrow } from './live.ts';
import { App } from './ui/App.tsx';
import { Login } from './ui/Login.tsx';
import { view } from './ui/app-state.ts';
import { setLanguage } from './i18n/i18n.ts';
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
});

async function start() {
  // Signed in at Zulip's sign-in URL: the app lives at /.
  if (location.pathname !== '/') history.replaceState(null, '', '/' + location.hash);
  render(<div class="boot" role="status">Loading…</div>, root);
  const s = await register();
  await setLanguage(s.settings.value.default_language);
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

async function boot() {
  try {
    if (await currentSession()) return await start();
    await setLanguage(navigator.language);
    render(<Login onLogin={() => void start()} />, root);
  } catch (e) {
    render(<div class="boot" role="alert">Stoa is not reachable. <button onClick={() => location.reload()}>Retry</button></div>, root);
    console.error(e);
  }
}

void boot();
