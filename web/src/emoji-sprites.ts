// The sprite stylesheet and the sheets of each emoji set, loaded when the first emoji is to show (a
// message, a reaction, a status, the picker). The browser fetches a sheet only for an element that uses
// it, and only the size the screen wants (emoji-plugin.ts: 32 px, or 64 px on high-density screens).
import 'virtual:emoji-sprites.css';
import google32 from 'emoji-datasource-google/img/google/sheets-256/32.png';
import google64 from 'emoji-datasource-google/img/google/sheets-256/64.png';

const SHEETS = { google: [google32, google64] } as const;

/** Points the stylesheet at a set's sheets (Google's for every set but "text"). */
export function useSheets(_emojiset: string) {
  const [one, two] = SHEETS.google;
  const root = document.documentElement.style;
  root.setProperty('--emoji-sheet', `url("${one}")`);
  root.setProperty('--emoji-sheet-2x', `url("${two}")`);
}
