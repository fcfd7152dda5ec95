// The conversation side of the client (issue 29) in a real browser against a real Stoa: what a daily
// Zulip user reaches for — rendered content (math, times, spoilers, /me, code, images, videos),
// starting conversations, and the views, menus, search and shortcuts that follow. One server and one
// pair of users for the whole file. Screenshots: target/web-e2e/c-*.png.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { StoaServer, launchBrowser, login, newUserPage, shot } from './harness.ts';

let stoa: StoaServer;
let browser: Browser;
let ada: Awaited<ReturnType<StoaServer['createUser']>>;
let bob: typeof ada;
let A: Page;
let B: Page;
let generalId: number;

// A 2x2 PNG (red, green / blue, white).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMAAAA4HAQFDH5DcAAAAAElFTkSuQmCC', 'base64');

beforeAll(async () => {
  // The client's own katex package gives the server its TeX renderer (the same version), from a directory
  // of its own (the server writes its helper script there; web/ is an ES module package).
  const katexDir = mkdtempSync(join(tmpdir(), 'stoa-katex-'));
  symlinkSync(resolve(import.meta.dirname, '../node_modules'), join(katexDir, 'node_modules'));
  stoa = await StoaServer.fresh(`--katex-dir ${katexDir}`);
  await stoa.start();
  ada = await stoa.createUser('ada@example.com', 'Ada Lovelace', 'ada-password-1');
  bob = await stoa.createUser('bob@example.com', 'Bob Builder', 'bob-password-1');
  await stoa.api('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'general' }, { name: 'design' }, { name: 'random' }], principals: [ada.id, bob.id] });
  generalId = (await stoa.api('GET', '/get_stream_id', { stream: 'general' })).stream_id;
  // The server's KaTeX helper (a Node process) starts on first use, which may outlast a render's deadline on a loaded machine.
  for (let i = 0; i < 60 && !(await stoa.api('POST', '/messages/render', { content: '$$x$$' })).rendered.includes('katex'); i++) await new Promise((r) => setTimeout(r, 1000));
  browser = await launchBrowser();
  A = (await newUserPage(browser, stoa.url)).page;
  B = (await newUserPage(browser, stoa.url)).page;
  await login(A, ada.email, ada.password);
  await login(B, bob.email, bob.password);
});

afterAll(async () => {
  await browser?.close();
  await stoa?.stop('SIGTERM');
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail' || !browser) return;
  const pages = browser.contexts().flatMap((c) => c.pages());
  await Promise.all(pages.map((p, i) => shot(p, `failed-c-${ctx.task.name.replace(/\W+/g, '-')}-${i}`).catch(() => undefined)));
});

const feedMessage = (p: Page, text: string) => p.locator('.feed .message', { hasText: text });
const topicHash = (topic: string) => `/#narrow/channel/${generalId}-general/topic/${encodeURIComponent(topic).replace(/%/g, '.')}`;
const post = (topic: string, content: string, who = ada) => stoa.api('POST', '/messages', { type: 'stream', to: generalId, topic, content }, who);

async function upload(name: string, bytes: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const auth = 'Basic ' + Buffer.from(`${ada.email}:${ada.apiKey}`).toString('base64');
  const r = await fetch(`${stoa.url}/api/v1/user_uploads`, { method: 'POST', body: form, headers: { authorization: auth } });
  return ((await r.json()) as { url: string }).url;
}

describe('rendered messages', () => {
  it('math, local times, spoilers, /me and highlighted code with a copy button', async () => {
    await post('rendering', 'Euler: $$e^{i\\pi} + 1 = 0$$');
    await post('rendering', 'The call is at <time:2030-01-15T15:00:00Z>.');
    await post('rendering', '```spoiler The ending\nThe butler did it.\n```');
    await post('rendering', '/me waves at everyone');
    await post('rendering', '```python\ndef greet(name):\n    return "hi " + name  # friendly\n```');
    await A.goto(topicHash('rendering'));
    // KaTeX's stylesheet hides the MathML copy: the formula shows once, typeset.
    const math = feedMessage(A, 'Euler').locator('.katex').first();
    await math.waitFor();
    await expect.poll(() => math.locator('.katex-mathml').evaluate((e) => getComputedStyle(e).position)).toBe('absolute');
    // <time:> in the reader's zone, not the raw ISO text.
    const time = feedMessage(A, 'The call is at').locator('.rendered time');
    expect(await time.textContent()).not.toContain('2030-01-15T15:00:00Z');
    expect(await time.textContent()).toMatch(/2030/);
    // A spoiler is closed until its header is clicked.
    const spoiler = feedMessage(A, 'The ending');
    expect(await spoiler.getByText('The butler did it.').isVisible()).toBe(false);
    await spoiler.getByRole('button', { name: /The ending/ }).click();
    await spoiler.getByText('The butler did it.').waitFor();
    // /me reads as the sender doing it.
    expect(await feedMessage(A, 'waves at everyone').locator('.me-message').textContent()).toBe('Ada Lovelace waves at everyone');
    // Code: keyword and string in their colours; the copy button puts the code on the clipboard.
    const code = feedMessage(A, 'def greet');
    const kw = await code.locator('.codehilite .k').first().evaluate((e) => getComputedStyle(e).color);
    const str = await code.locator('.codehilite .s2, .codehilite .s1').first().evaluate((e) => getComputedStyle(e).color);
    expect(kw).not.toBe(str);
    await A.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await code.hover();
    await code.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => A.evaluate(() => navigator.clipboard.readText())).toContain('def greet(name):');
    await shot(A, 'c-01-rendered');
  });

  it('an inline image opens in the lightbox; video links get a player', async () => {
    const image = await upload('diagram.png', PNG, 'image/png');
    const video = await upload('demo.mp4', Buffer.from('not really a video'), 'video/mp4');
    await post('media', `Look: [diagram.png](${image})`);
    await post('media', `[The demo](${video}) and https://www.youtube.com/watch?v=dQw4w9WgXcQ`);
    await A.goto(topicHash('media'));
    const img = feedMessage(A, 'Look').locator('.message_inline_image img');
    expect(await img.getAttribute('alt')).toBe('diagram.png');
    await img.click();
    const box = A.getByRole('dialog', { name: 'diagram.png' });
    await box.locator('.lightbox-image').waitFor();
    expect(A.url()).toContain('#narrow/');
    await shot(A, 'c-02-lightbox');
    await A.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
    const media = feedMessage(A, 'The demo');
    expect(await media.locator('video').getAttribute('src')).toBe(video);
    await media.getByRole('link', { name: 'Play YouTube video' }).click();
    expect(await A.getByRole('dialog', { name: 'YouTube video' }).locator('iframe').getAttribute('src')).toContain('youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await A.keyboard.press('Escape');
  });
});

describe('starting conversations', () => {
  it('x focuses the recipients: a name, Enter, the message, Enter sends the DM', async () => {
    await A.goto('/#inbox');
    await A.locator('.overview').waitFor();
    await A.keyboard.press('x');
    await expect.poll(() => A.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Recipients');
    await A.keyboard.type('Bob');
    await A.keyboard.press('Enter');
    await A.locator('.pill', { hasText: 'Bob Builder' }).waitFor();
    await A.keyboard.press('Enter');
    await expect.poll(() => A.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    await A.keyboard.type('Started with x');
    await A.keyboard.press('Enter');
    await B.locator('.dm-list .nav-row', { hasText: 'Ada Lovelace' }).waitFor();
  });

  it('c and the new-topic button focus the topic', async () => {
    await A.goto(`/#narrow/channel/${generalId}-general`);
    await A.locator('.feed[aria-busy="false"]').waitFor();
    await A.keyboard.press('c');
    await expect.poll(() => A.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Topic');
    await A.keyboard.type('fresh topic');
    await A.keyboard.press('Enter');
    await expect.poll(() => A.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    await A.keyboard.press('Escape');
  });
});

describe('views', () => {
  it('Drafts lists the unsent text of each conversation and restores it', async () => {
    await A.goto(topicHash('drafty'));
    await A.getByRole('button', { name: /Message #general/ }).click();
    await A.getByRole('textbox', { name: 'Message', exact: true }).fill('a thought for later');
    await A.getByRole('button', { name: 'Close compose box' }).click();
    await expect.poll(async () => (await stoa.api('GET', '/drafts', {}, ada)).drafts.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await A.locator('.view-row a', { hasText: 'Drafts' }).click();
    const card = A.locator('.card', { hasText: 'a thought for later' });
    await card.getByText('#general › drafty').waitFor();
    await shot(A, 'c-03-drafts');
    await card.getByRole('button', { name: 'Restore draft' }).click();
    await A.locator('.title', { hasText: 'drafty' }).waitFor();
    await expect.poll(() => A.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('a thought for later');
    await A.getByRole('textbox', { name: 'Message', exact: true }).fill('');
    await A.getByRole('button', { name: 'Close compose box' }).click();
  });

  it('Scheduled messages and Reminders list what is due later', async () => {
    const later = Math.floor(Date.now() / 1000) + 3 * 86400;
    await stoa.api('POST', '/scheduled_messages', { type: 'stream', to: generalId, topic: 'plans', content: 'Sent on Thursday', scheduled_delivery_timestamp: later }, ada);
    const { id } = await post('plans', 'Remember the budget');
    await stoa.api('POST', '/reminders', { message_id: id, scheduled_delivery_timestamp: later }, ada);
    await A.locator('.view-row a', { hasText: 'Scheduled messages' }).click();
    await A.locator('.card', { hasText: 'Sent on Thursday' }).getByText('#general › plans').waitFor();
    await A.locator('.view-row', { hasText: 'Scheduled messages' }).locator('.count', { hasText: '1' }).waitFor();
    await shot(A, 'c-04-scheduled');
    await A.locator('.view-row a', { hasText: 'Reminders' }).click();
    await A.locator('.card', { hasText: 'Remember the budget' }).waitFor();
    await A.locator('.card', { hasText: 'Remember the budget' }).getByRole('button', { name: 'Delete' }).click();
    await A.locator('.card', { hasText: 'Remember the budget' }).waitFor({ state: 'detached' });
  });

  it('Reactions shows my messages that others reacted to; Followed topics is one pin away', async () => {
    const { id } = await post('reacted', 'React to this one');
    await post('reacted', 'Nobody reacts to this');
    await stoa.api('POST', `/messages/${id}/reactions`, { emoji_name: 'tada' }, bob);
    await A.locator('.view-row a', { hasText: 'Reactions' }).click();
    await feedMessage(A, 'React to this one').waitFor();
    expect(await feedMessage(A, 'Nobody reacts').count()).toBe(0);
    await stoa.api('POST', '/user_topics', { stream_id: generalId, topic: 'reacted', visibility_policy: 3 }, ada);
    await A.getByRole('button', { name: 'More views' }).click();
    const followed = A.locator('.view-row', { hasText: 'Followed topics' });
    await followed.hover();
    await followed.getByRole('button', { name: 'Followed topics options' }).click();
    await A.getByRole('menuitem', { name: 'Pin to the sidebar' }).click();
    await A.getByRole('button', { name: 'More views' }).waitFor({ state: 'detached' }).catch(() => undefined);
    await A.locator('.view-row a', { hasText: 'Followed topics' }).click();
    await feedMessage(A, 'Nobody reacts to this').waitFor();
    expect((await stoa.api('GET', '/navigation_views', {}, ada)).navigation_views).toContainEqual(expect.objectContaining({ fragment: 'narrow/is/followed', is_pinned: true }));
  });

  it('the home view is a choice: Recent conversations opens at /', async () => {
    const recent = A.locator('.view-row', { hasText: 'Recent conversations' });
    await recent.hover();
    await recent.getByRole('button', { name: 'Recent conversations options' }).click();
    await A.getByRole('menuitem', { name: 'Make this my home view' }).click();
    await expect.poll(async () => (await stoa.api('POST', '/register', { fetch_event_types: ['user_settings'] }, ada)).user_settings.web_home_view).toBe('recent');
    await A.goto('/');
    await A.locator('.title', { hasText: 'Recent conversations' }).waitFor();
    await stoa.api('PATCH', '/settings', { web_home_view: 'inbox' }, ada);
  });
});

describe('left sidebar', () => {
  it('a filter, all of a channel\'s topics, and the topic and channel menus', async () => {
    for (let i = 0; i < 10; i++) await stoa.api('POST', '/messages', { type: 'stream', to: 'design', topic: `topic ${i}`, content: `Message in topic ${i}` }, bob);
    await A.goto('/#inbox');
    await A.locator('.inbox-row').first().waitFor();
    await A.getByRole('searchbox', { name: 'Filter channels' }).fill('des');
    await A.locator('.channel-row a.nav-label', { hasText: /^design$/ }).waitFor();
    expect(await A.locator('.channel-row a.nav-label', { hasText: /^random$/ }).count()).toBe(0);
    await A.getByRole('searchbox', { name: 'Filter channels' }).fill('');
    await A.getByRole('button', { name: 'Show topics of design' }).click();
    const topics = A.getByRole('list', { name: 'Topics in design' });
    await topics.getByRole('button', { name: 'Show all topics' }).click();
    await topics.getByRole('searchbox', { name: 'Search topics in design' }).fill('topic 0');
    await topics.locator('.topic-row', { hasText: 'topic 0' }).waitFor();
    expect(await topics.locator('.topic-row').count()).toBe(1);
    await shot(A, 'c-05-all-topics');
    // the topic's menu: mark as read, then follow
    const row = topics.locator('.topic-row', { hasText: 'topic 0' });
    await row.locator('.count').waitFor();
    await row.hover();
    await row.getByRole('button', { name: 'Topic options for topic 0' }).click();
    await shot(A, 'c-06-topic-menu');
    await A.getByRole('menuitem', { name: 'Mark all messages as read' }).click();
    await row.locator('.count').waitFor({ state: 'detached' });
    await row.hover();
    await row.getByRole('button', { name: 'Topic options for topic 0' }).click();
    await A.getByRole('menuitem', { name: 'Follow topic' }).click();
    await row.locator('.badge-follow').waitFor();
    await topics.getByRole('button', { name: 'Show fewer topics' }).click();
    // the channel's menu: pin it into its own section, then mute it
    const random = A.locator('.channel-row', { hasText: 'random' });
    await random.hover();
    await random.getByRole('button', { name: 'Channel options for random' }).click();
    await A.getByRole('menuitem', { name: 'Pin channel to top' }).click();
    await A.getByRole('list', { name: 'Pinned channels' }).locator('a.nav-label', { hasText: 'random' }).waitFor();
    await random.hover();
    await random.getByRole('button', { name: 'Channel options for random' }).click();
    await A.getByRole('menuitem', { name: 'Mute channel' }).click();
    await A.locator('li.muted .channel-row', { hasText: 'random' }).waitFor();
    await shot(A, 'c-07-sidebar-sections');
    await random.hover();
    await random.getByRole('button', { name: 'Channel options for random' }).click();
    await A.getByRole('menuitem', { name: 'Leave channel' }).click();
    await A.getByRole('dialog', { name: 'Leave #random?' }).getByRole('button', { name: 'Leave' }).click();
    await random.waitFor({ state: 'detached' });
  });
});
