// The sprite stylesheet and the sheets of each emoji set, loaded when the first emoji is to show (a
// message, a reaction, a status, the picker). The browser fetches a sheet only for an element that uses
// it, and only the size the screen wants (emoji-plugin.ts: 32 px, or 64 px on high-density screens).
import 'virtual:emoji-sprites.css';
import google32 from 'emoji-datasource-google/img/google/sheets-256/32.png';
import google64 from 'emoji-datasource-google/img/google/sheets-256/64.png';
import twitter32 from 'emoji-datasource-twitter/img/twitter/sheets-256/32.png';
import twitter64 from 'emoji-datasource-twitter/img/twitter/sheets-256/64.png';

const SHEETS = { google: [google32, google64], twitter: [twitter32, twitter64] } as const;

/** Points the stylesheet at a set's sheets: Zulip's "twitter" is Twemoji, any other is Google's. */
export function useSheets(emojiset: string) {
  const [one, two] = SHEETS[emojiset === 'twitter' ? 'twitter' : 'google'];
  const root = document.documentElement.style;
  root.setProperty('--emoji-sheet', `url("${one}")`);
  root.setProperty('--emoji-sheet-2x', `url("${two}")`);
}
