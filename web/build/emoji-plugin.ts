// The emoji catalog and sprite positions, built when Vite builds (or serves) the client:
// - names and aliases from the server's own resources (src/main/resources/dev/stoa/markdown: Zulip's
//   names, then the CLDR ones), so every name the client offers is one the server renders and accepts;
// - categories, order, skin-tone variants and sheet positions from emoji-datasource-google (MIT; the
//   images are Google's Noto Emoji, Apache License 2.0), the package Zulip's web app takes its sheets from.
// Two virtual modules, each its own lazily loaded chunk: `virtual:emoji-catalog` (the picker's and the
// typeahead's data) and `virtual:emoji-sprites.css` (one background position per emoji code).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const RESOURCES = resolve(import.meta.dirname, '../../src/main/resources/dev/stoa/markdown');
/**
 * The sheets (sheets-256: quantized to 256 colours; 62 x 62 cells with 1 px padding, the same layout in every
 * set): 32 px images (2108 px, 1.5 MB) where a pixel is a pixel, 64 px (4092 px, 3.4 MB) on high-density
 * screens. Emoji show at ~20-28 CSS px, so a normal screen never needs the 64 px one.
 */
export const SHEETS = { 32: { cell: 34, px: 2108 }, 64: { cell: 66, px: 4092 } } as const;

/** Zulip's code for an emoji: lowercase hex code points joined by '-', U+FE0F dropped, at least 4 digits. */
export function zulipCode(unified: string): string {
  return unified.toLowerCase().split('-').filter((p) => p !== 'fe0f').map((p) => p.padStart(4, '0')).join('-');
}

/** The server's catalog: each name's code (first wins) and each code's canonical name (first wins), as EmojiCatalog reads them. */
export function serverNames(dir = RESOURCES): { codeByName: Map<string, string>; nameByCode: Map<string, string> } {
  const codeByName = new Map<string, string>();
  const nameByCode = new Map<string, string>();
  for (const file of ['emoji-zulip-names.txt', 'emoji-names.txt']) {
    for (const line of readFileSync(resolve(dir, file), 'utf8').split('\n')) {
      const space = line.indexOf(' ');
      if (space < 0) continue;
      const name = line.slice(0, space), code = line.slice(space + 1);
      if (!codeByName.has(name)) codeByName.set(name, code);
      if (!nameByCode.has(code)) nameByCode.set(code, name);
    }
  }
  return { codeByName, nameByCode };
}

interface Source { unified: string; sheet_x: number; sheet_y: number; category: string; sort_order: number; has_img_google: boolean;
  skin_variations?: Record<string, { unified: string; sheet_x: number; sheet_y: number; has_img_google: boolean }> }

/** The picker's categories, in Zulip's order. */
export const CATEGORIES = ['Smileys & Emotion', 'People & Body', 'Animals & Nature', 'Food & Drink', 'Activities', 'Travel & Places', 'Objects', 'Symbols', 'Flags'];
const TONES = ['1F3FB', '1F3FC', '1F3FD', '1F3FE', '1F3FF'];

/** One emoji of the catalog: its code, names (canonical first), category index, and its five skin-toned [code, name]s if it has them. */
export type CatalogEntry = [code: string, names: string[], category: number, tones?: [string, string][]];

export function buildCatalog(): { entries: CatalogEntry[]; positions: Map<string, [number, number]>; unplaced: string[] } {
  const require = createRequire(import.meta.url);
  const source = JSON.parse(readFileSync(require.resolve('emoji-datasource-google/emoji.json'), 'utf8')) as Source[];
  const { codeByName, nameByCode } = serverNames();
  const namesOf = new Map<string, string[]>();
  for (const [name, code] of codeByName) {
    const list = namesOf.get(code) ?? [];
    if (nameByCode.get(code) === name) list.unshift(name); else list.push(name);
    namesOf.set(code, list);
  }
  const positions = new Map<string, [number, number]>();
  const entries: CatalogEntry[] = [];
  for (const e of [...source].sort((a, b) => a.sort_order - b.sort_order)) {
    if (!e.has_img_google) continue;
    const code = zulipCode(e.unified);
    positions.set(code, [e.sheet_x, e.sheet_y]);
    const tones: [string, string][] = [];
    for (const t of TONES) {
      const v = e.skin_variations?.[t];
      if (!v?.has_img_google) continue;
      const tc = zulipCode(v.unified);
      positions.set(tc, [v.sheet_x, v.sheet_y]);
      const toneName = nameByCode.get(tc);
      if (toneName) tones.push([tc, toneName]);
    }
    const category = CATEGORIES.indexOf(e.category);
    const names = namesOf.get(code);
    if (category < 0 || !names) continue;
    entries.push(tones.length === TONES.length ? [code, names, category, tones] : [code, names, category]);
  }
  const unplaced = [...nameByCode.keys()].filter((c) => !positions.has(c));
  return { entries, positions, unplaced };
}

/** A sheet's geometry as custom properties: background size, and the step and offset of a cell in percent. */
function sheetVars(size: 32 | 64, url: string): string {
  const { cell, px } = SHEETS[size];
  const pct = (v: number) => +(v / (px - size) * 100).toFixed(5) + '%';
  return `background-image:var(${url});background-size:${+(px / size * 100).toFixed(4)}%;--emoji-step:${pct(cell)};--emoji-offset:${pct(1)}`;
}

/**
 * One rule per code, its cell as two numbers (`--x`, `--y`); the `.emoji` rule turns them into a
 * background position for whichever sheet the screen wants (the 32 px one, or 64 px at 1.5 dppx and up).
 * The sheet's URL comes from emoji-sprites.ts (`--emoji-sheet`, `--emoji-sheet-2x`), per emoji set.
 */
export function spriteCss(positions: Map<string, [number, number]>, unplaced: string[]): string {
  const at = (v: string) => `calc(var(${v})*var(--emoji-step) + var(--emoji-offset))`;
  let css = `.emoji{display:inline-block;width:1.25em;height:1.25em;vertical-align:-.3em;overflow:hidden;color:transparent;`
    + `white-space:nowrap;background-repeat:no-repeat;background-position:${at('--x')} ${at('--y')};${sheetVars(32, '--emoji-sheet')}}\n`
    + `@media (min-resolution:1.5dppx){.emoji{${sheetVars(64, '--emoji-sheet-2x')}}}\n`
    + `:root[data-emojiset=text] .emoji{background:none;color:inherit;width:auto;height:auto;vertical-align:baseline}\n`;
  for (const [code, [x, y]] of positions) css += `.emoji-${code}{--x:${x};--y:${y}}\n`;
  // A code the server knows that the sheet lacks shows its :name: text.
  if (unplaced.length) css += unplaced.map((c) => `.emoji-${c}`).join(',') + '{background:none;color:inherit;width:auto}\n';
  return css;
}

export function emojiPlugin(): Plugin {
  const CATALOG = 'virtual:emoji-catalog', SPRITES = 'virtual:emoji-sprites.css';
  let built: ReturnType<typeof buildCatalog> | undefined;
  const data = () => (built ??= buildCatalog());
  return {
    name: 'stoa-emoji',
    resolveId(id) {
      if (id === CATALOG) return '\0' + CATALOG;
      if (id === SPRITES) return '\0' + SPRITES;
      return null;
    },
    load(id) {
      if (id === '\0' + CATALOG) return `export const CATEGORIES = ${JSON.stringify(CATEGORIES)};\nexport const ENTRIES = ${JSON.stringify(data().entries)};\n`;
      if (id === '\0' + SPRITES) return spriteCss(data().positions, data().unplaced);
      return null;
    },
  };
}
