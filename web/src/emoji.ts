// A small, hand-picked set of Unicode emoji under Zulip's names (the server knows them all; the
// picker offers the common ones plus the realm's custom emoji). Codes are dash-separated hex.
export const EMOJI: [name: string, code: string][] = [
  ['+1', '1f44d'], ['-1', '1f44e'], ['smile', '1f642'], ['grinning', '1f600'], ['joy', '1f602'],
  ['rolling_on_the_floor_laughing', '1f923'], ['wink', '1f609'], ['blush', '1f60a'],
  ['heart_eyes', '1f60d'], ['thinking', '1f914'], ['neutral', '1f610'], ['sweat_smile', '1f605'],
  ['upside_down', '1f643'], ['sob', '1f62d'], ['cry', '1f622'], ['scream', '1f631'], ['angry', '1f620'],
  ['sunglasses', '1f60e'], ['partying_face', '1f973'], ['exploding_head', '1f92f'], ['shrug', '1f937'],
  ['facepalm', '1f926'], ['pray', '1f64f'], ['clap', '1f44f'], ['wave', '1f44b'], ['muscle', '1f4aa'],
  ['ok', '1f44c'], ['point_up', '261d'], ['raised_hands', '1f64c'], ['handshake', '1f91d'],
  ['heart', '2764'], ['orange_heart', '1f9e1'], ['yellow_heart', '1f49b'], ['green_heart', '1f49a'],
  ['blue_heart', '1f499'], ['purple_heart', '1f49c'], ['broken_heart', '1f494'], ['sparkles', '2728'],
  ['fire', '1f525'], ['star', '2b50'], ['tada', '1f389'], ['rocket', '1f680'], ['eyes', '1f440'],
  ['check', '2705'], ['cross_mark', '274c'], ['warning', '26a0'], ['question', '2753'], ['exclamation', '2757'],
  ['hundred', '1f4af'], ['bulb', '1f4a1'], ['zap', '26a1'], ['coffee', '2615'], ['pizza', '1f355'],
  ['cake', '1f370'], ['beer', '1f37a'], ['gift', '1f381'], ['trophy', '1f3c6'], ['medal', '1f3c5'],
  ['bug', '1f41b'], ['octopus', '1f419'], ['turtle', '1f422'], ['cat', '1f408'], ['dog', '1f415'],
  ['sun', '2600'], ['rainbow', '1f308'], ['snowflake', '2744'], ['umbrella', '2602'],
  ['calendar', '1f4c5'], ['memo', '1f4dd'], ['book', '1f4d6'], ['link', '1f517'], ['lock', '1f512'],
  ['key', '1f511'], ['hammer', '1f528'], ['wrench', '1f527'], ['gear', '2699'], ['computer', '1f4bb'],
  ['phone', '1f4de'], ['email', '1f4e7'], ['bell', '1f514'], ['pushpin', '1f4cc'], ['paperclip', '1f4ce'],
  ['money', '1f4b0'], ['hourglass', '231b'], ['alarm_clock', '23f0'], ['stop_sign', '1f6d1'],
  ['construction', '1f6a7'], ['working_on_it', '1f6e0'],
];

export function emojiChar(code: string): string {
  try {
    return String.fromCodePoint(...code.split('-').map((h) => parseInt(h, 16)));
  } catch {
    return '';
  }
}

/**
 * Zulip's rendered emoji are `<span class="emoji emoji-1f600" ...>:grinning:</span>`, meant for a
 * sprite sheet; show the character itself instead (the title keeps the name).
 */
export function inlineEmoji(html: string): string {
  if (!html.includes('emoji-')) return html;
  return html.replace(/(<span[^>]*class="emoji emoji-([0-9a-f-]+)"[^>]*>):[^<:]*:(<\/span>)/g, (_all, open: string, code: string, close: string) => {
    const ch = emojiChar(code);
    return ch ? open + ch + close : _all;
  });
}
