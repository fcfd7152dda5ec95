// What the client adds to the server's rendered message HTML before showing it, as Zulip's web app
// does after rendering: local times for <time>, a copy button on code blocks, spoilers that open on
// a click, `/me` messages, a text alternative for inline images and players for video links. Plain
// string passes, each behind a cheap `includes` check (a feed renders hundreds of messages).

const TIME = new Intl.DateTimeFormat([], { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** `<time datetime="2025-01-02T03:04:00Z">raw input</time>` shows the moment in the reader's time zone. */
function localTimes(html: string): string {
  return html.replace(/<time datetime="([^"]+)">([^<]*)<\/time>/g, (all, iso: string) => {
    const t = Date.parse(iso);
    return Number.isNaN(t) ? all : `<time datetime="${iso}" title="${escapeHtml(iso)}">${escapeHtml(TIME.format(t))}</time>`;
  });
}

const COPY_BUTTON = '<button type="button" class="copy-code" aria-label="Copy code" title="Copy code"></button>';

/** Spoiler headers become buttons (the content stays hidden until opened: styles.css). */
const spoilers = (html: string) =>
  html.replaceAll('<div class="spoiler-header">', '<div class="spoiler-header" role="button" tabindex="0" aria-expanded="false">');

/** An inline image's alternative text: its link's title, else the file's name. */
function imageAlts(html: string): string {
  return html.replace(/(<a href="([^"]*)"(?: title="([^"]*)")?>)<img (?![^>]*\balt=)/g, (_all, open: string, href: string, title?: string) => {
    const name = title ?? decodeURIComponent(href.split(/[?#]/)[0]!.split('/').pop() || 'image').replace(/"/g, '');
    return `${open}<img alt="${escapeHtml(name)}" `;
  });
}

const VIDEO_FILE = /\.(mp4|webm|ogv|mov|m4v)(\?[^"]*)?$/i;
const YOUTUBE = /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/watch\?(?:[^"]*&(?:amp;)?)?v=|youtu\.be\/)([\w-]{11})/;

/** Links to video files get a player, YouTube links a thumbnail that plays in the lightbox (Zulip's embeds). */
function videoEmbeds(html: string): string {
  const seen = new Set<string>();
  let extra = '';
  for (const m of html.matchAll(/<a href="([^"]+)"/g)) {
    const href = m[1]!;
    if (seen.has(href) || seen.size >= 3) continue;
    const yt = YOUTUBE.exec(href);
    if (yt) {
      seen.add(href);
      extra += `<div class="message_inline_image youtube-video"><a href="${href}" data-youtube-id="${yt[1]}" aria-label="Play YouTube video">`
        + `<img src="https://i.ytimg.com/vi/${yt[1]}/mqdefault.jpg" alt="YouTube video"></a></div>`;
    } else if (VIDEO_FILE.test(href) && (href.startsWith('/user_uploads/') || href.startsWith('https://'))) {
      seen.add(href);
      extra += `<div class="message_inline_image message_inline_video"><video src="${href}" controls preload="metadata"></video></div>`;
    }
  }
  return html + extra;
}

/** A `/me` message (`<p>/me waves</p>`) reads as "Ada waves". */
export const isMeMessage = (html: string) => html.startsWith('<p>/me ');

export function enhanceHtml(html: string, senderName?: string): string {
  if (senderName !== undefined && isMeMessage(html)) html = `<p class="me-message"><strong class="me-name">${escapeHtml(senderName)}</strong> ${html.slice(7)}`;
  if (html.includes('<time ')) html = localTimes(html);
  if (html.includes('class="codehilite"')) html = html.replace(/<div class="codehilite"[^>]*>/g, (open) => open + COPY_BUTTON);
  if (html.includes('spoiler-header')) html = spoilers(html);
  if (html.includes('<img ')) html = imageAlts(html);
  if (html.includes('<a href="')) html = videoEmbeds(html);
  return html;
}

/** Whether any of these messages needs KaTeX's stylesheet (loaded on first use: it is 23 KB and fonts). */
export const hasMath = (html: string) => html.includes('class="katex');

let katexLoading: Promise<unknown> | null = null;
export function ensureKatexStyles() {
  katexLoading ??= import('katex/dist/katex.min.css');
}
