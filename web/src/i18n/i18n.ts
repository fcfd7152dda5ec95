// The interface's language: t(text, vars) looks the English text up in the catalog of the user's
// default_language (gettext's way, as Zulip's web app does: the English text is the key), and falls back
// to the English. Catalogs are JSON files in this folder, loaded only for a language other than English;
// `t()` reads a signal, so components re-render when the language changes (a user_settings event).
import { signal } from '@preact/signals';

export type Vars = Record<string, string | number>;

/** The languages with a catalog (English needs none), by Zulip's language codes, named in themselves. */
export const LANGUAGES: { code: string; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
];

const loaders: Record<string, () => Promise<{ default: Record<string, string> }>> = {
  de: () => import('./de.json'),
};

const catalog = signal<Record<string, string>>({});
export const language = signal('en');

function fill(text: string, vars?: Vars): string {
  return vars ? text.replace(/\{(\w+)\}/g, (all, k: string) => (k in vars ? String(vars[k]) : all)) : text;
}

/** Marks a text for translation where it is defined (a table of labels); t() translates it where shown. */
export const N_ = (text: string) => text;

export function t(text: string, vars?: Vars): string {
  return fill(catalog.value[text] ?? text, vars);
}

/** `one` or `other` by the language's plural rules; both are catalog keys and get `{n}`. */
export function tn(n: number, one: string, other: string, vars?: Vars): string {
  const rule = new Intl.PluralRules(language.value).select(n);
  return t(rule === 'one' ? one : other, { n, ...vars });
}

/** The catalog's language for a Zulip language code ("de", "de-AT", "pt_BR"...), else English. */
export function supported(code: string | undefined): string {
  const base = (code ?? 'en').toLowerCase().split(/[-_]/)[0]!;
  return base in loaders ? base : 'en';
}

/** Switches the interface to a language (its catalog loaded first), and the page's lang with it. */
let current = '';

export async function setLanguage(code: string | undefined): Promise<void> {
  const lang = supported(code);
  if (lang === current) return;
  current = lang;
  const texts = lang === 'en' ? {} : (await loaders[lang]!()).default;
  catalog.value = texts;
  language.value = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
