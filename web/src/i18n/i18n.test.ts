// Every text the interface passes to t() or tn() has its German translation, and the German catalog
// holds nothing else: the second language is complete, and stays so as texts are added.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import de from './de.json';
import { setLanguage, supported, t, tn } from './i18n.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !f.endsWith('.test.ts') ? [p] : [];
  });
}

/** The string literals given to t(, N_( and tn( (single-quoted, as the code writes them). */
export function texts(code: string): string[] {
  const out: string[] = [];
  const lit = `'((?:[^'\\\\]|\\\\.)*)'`;
  for (const m of code.matchAll(new RegExp(`\\b(?:t|N_)\\(${lit}`, 'g'))) out.push(m[1]!);
  for (const m of code.matchAll(new RegExp(`\\btn\\([^,]+,\\s*${lit},\\s*${lit}`, 'g'))) out.push(m[1]!, m[2]!);
  return out.map((s) => s.replace(/\\'/g, "'"));
}

describe('translations', () => {
  const used = new Set(sources(join(import.meta.dirname, '..')).flatMap((f) => texts(readFileSync(f, 'utf8'))));

  it('German has every text the interface uses, and no other', () => {
    const catalog = de as Record<string, string>;
    expect([...used].filter((s) => !catalog[s])).toEqual([]);
    expect(Object.keys(catalog).filter((s) => !used.has(s))).toEqual([]);
    expect(used.size).toBeGreaterThan(20);
  });

  it('keeps the placeholders of each text', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [en, tr] of Object.entries(de as Record<string, string>)) expect(names(tr), en).toEqual(names(en));
  });

  it('switches language, falls back to English, fills placeholders and plurals', async () => {
    expect(supported('de-AT')).toBe('de');
    expect(supported('pt_BR')).toBe('en');
    await setLanguage('en');
    expect(tn(1, '{n} person', '{n} people')).toBe('1 person');
    expect(tn(3, '{n} person', '{n} people')).toBe('3 people');
    await setLanguage('de');
    expect(t('Search emoji')).toBe('Emoji suchen');
    expect(t('No translation for this one {x}', { x: 1 })).toBe('No translation for this one 1');
    await setLanguage('en');
  });
});
