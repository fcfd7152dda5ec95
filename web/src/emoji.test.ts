// The emoji catalog as the client builds it from the server's names and the sprite sheet's data.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog, serverNames, spriteCss, zulipCode } from '../build/emoji-plugin.ts';
import { catalog, loadCatalog, searchEmoji, setSkinTone, withTone } from './emoji.ts';

describe('the emoji catalog', () => {
  beforeAll(async () => { await loadCatalog(); });

  it("offers only names the server knows, each for the server's code", () => {
    const { codeByName } = serverNames();
    const c = catalog.value!;
    expect(c.entries.length).toBeGreaterThan(1800);
    for (const e of c.entries) for (const n of e.names) expect(codeByName.get(n), n).toBe(e.code);
    for (const e of c.entries) for (const [code, name] of e.tones ?? []) expect(codeByName.get(name), name).toBe(code);
  });

  it('finds an emoji by any of its names: :thumbs finds 👍 first, +1 is an alias', () => {
    const first = searchEmoji('thumbs', [])[0]!;
    expect(first).toMatchObject({ code: '1f44d', type: 'unicode_emoji' });
    expect(catalog.value!.byName.get('+1')?.code).toBe('1f44d');
    expect(searchEmoji('octo', [{ name: 'octopus_custom', code: '7', type: 'realm_emoji' }]).map((e) => e.name)).toEqual(['octopus_custom', 'octopus']);
  });

  it('has categories in order and skin tones', () => {
    const c = catalog.value!;
    expect(c.categories[0]).toBe('Smileys & Emotion');
    const thumbs = c.byName.get('thumbs_up')!;
    expect(withTone(thumbs, 3)).toEqual({ code: '1f44d-1f3fd', name: 'thumbs_up_medium_skin_tone' });
    setSkinTone(5);
    expect(searchEmoji('thumbs_up', [])[0]!.code).toBe('1f44d-1f3ff');
    setSkinTone(0);
  });

  it("places every code the server renders on the sheet (multi-tone pairs show their name)", () => {
    const { unplaced, positions } = buildCatalog();
    expect(unplaced.filter((c) => !/1f3f[b-f]/.test(c))).toEqual([]);
    expect(zulipCode('0023-FE0F-20E3')).toBe('0023-20e3');
    const css = spriteCss(positions, unplaced);
    const [x, y] = positions.get('1f600')!;
    expect(css).toContain(`.emoji-1f600{--x:${x};--y:${y}}`);
  });

  it('puts each cell of either sheet exactly in the emoji box (32 px, and 64 px on dense screens)', () => {
    const css = spriteCss(new Map(), []);
    for (const [size, cell, px] of [[32, 34, 2108], [64, 66, 4092]] as const) {
      const rule = new RegExp(`background-size:([\\d.]+)%;--emoji-step:([\\d.]+)%;--emoji-offset:([\\d.]+)%`).exec(css.split(`--emoji-sheet${size === 64 ? '-2x' : ''})`)[1]!)!;
      const [bg, step, offset] = rule.slice(1).map(Number) as [number, number, number];
      expect(bg / 100 * size).toBeCloseTo(px, 1);
      // background-position p% puts the image's p% on the box's p%: the image moves by p * (box - image)
      for (const i of [0, 30, 61]) expect((i * step + offset) / 100 * (px - size)).toBeCloseTo(cell * i + 1, 1);
    }
  });
});
