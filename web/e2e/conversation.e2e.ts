// The conversation side of the client (issue 29) in a real browser against a real Stoa: what a daily
// Zulip user reaches for — rendered content (math, times, spoilers, /me, code, images, videos),
// starting conversations, and the views, menus, search and shortcuts that follow. One server and one
// pair of users for the whole file. Screenshots: target/web-e2e/c-*.png.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  // many scenarios as one user in a few seconds: above any person's rate
  stoa = await StoaServer.fresh(`--katex-dir ${katexDir} --video-call-provider jitsi --rate-limit-user 1000000`);
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
    await A.getByRole('region', { name: 'Desktop notifications' }).getByRole('button', { name: 'Not now' }).click();
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
  it('x focuses the recipients: a name, Enter, the message, Ctrl+Enter sends the DM', async () => {
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
    await A.keyboard.press('Control+Enter');
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

async function messageMenu(p: Page, text: string, item: string) {
  const msg = feedMessage(p, text);
  await msg.hover();
  await msg.getByRole('button', { name: 'More actions' }).click();
  await p.getByRole('menuitem', { name: item }).click();
}

describe('message feed', () => {
  it('mark all as read, and mark as unread from here', async () => {
    for (const text of ['first of three', 'second of three', 'third of three']) await post('catch up', text, bob);
    await A.goto('/#inbox');
    await A.locator('.inbox-row', { hasText: 'catch up' }).waitFor();
    await A.getByRole('button', { name: 'Mark all as read' }).click();
    await A.getByText('You have no unread messages.').waitFor();
    await A.goto(topicHash('catch up'));
    await feedMessage(A, 'third of three').waitFor();
    await messageMenu(A, 'second of three', 'Mark as unread from here');
    const row = A.getByRole('list', { name: 'Topics in general' }).locator('.topic-row', { hasText: 'catch up' });
    await row.locator('.count', { hasText: '2' }).waitFor();
    await A.getByRole('button', { name: 'Mark all as read' }).click();
    await row.locator('.count').waitFor({ state: 'detached' });
  });

  it('edited and moved messages open their history; read receipts; the source', async () => {
    await stoa.api('PATCH', '/realm', { enable_read_receipts: true });
    const { id } = await post('history', 'The **first** wording');
    await stoa.api('PATCH', `/messages/${id}`, { content: 'The **second** wording' }, ada);
    await B.goto(topicHash('history'));
    await feedMessage(B, 'second wording').waitFor();
    await A.goto(topicHash('history'));
    await feedMessage(A, 'second wording').getByRole('button', { name: '(edited)' }).click();
    const history = A.getByRole('dialog', { name: 'Message edit history' });
    await history.getByText('Edited by Ada Lovelace').waitFor();
    await history.getByText('first wording').waitFor();
    await shot(A, 'c-08-edit-history');
    await A.keyboard.press('Escape');
    await messageMenu(A, 'second wording', 'View read receipts');
    await A.getByRole('dialog', { name: 'Read receipts' }).getByText('Bob Builder').waitFor();
    await A.keyboard.press('Escape');
    await messageMenu(A, 'second wording', 'View message source');
    expect(await A.getByRole('dialog', { name: 'Message source' }).locator('pre').textContent()).toBe('The **second** wording');
    await A.keyboard.press('Escape');
    const moved = await post('history', 'I will be moved');
    await stoa.api('PATCH', `/messages/${moved.id}`, { topic: 'history moved', propagate_mode: 'change_one', send_notification_to_old_thread: false, send_notification_to_new_thread: false }, ada);
    await A.goto(topicHash('history moved'));
    await feedMessage(A, 'I will be moved').getByRole('button', { name: '(moved)' }).click();
    await A.getByRole('dialog', { name: 'Message edit history' }).getByText('Topic: history → history moved').waitFor();
    await A.keyboard.press('Escape');
  });

  it('a long message shows more on request; remind me; mute a user', async () => {
    await post('long', 'A long one\n\n' + Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long message.`).join('\n\n'), bob);
    await A.goto(topicHash('long'));
    const long = feedMessage(A, 'A long one');
    await long.getByRole('button', { name: 'Show more' }).click();
    await long.getByRole('button', { name: 'Show less' }).waitFor();
    await messageMenu(A, 'A long one', 'Remind me about this');
    await A.getByRole('dialog', { name: 'Remind me about this message' }).getByRole('button', { name: 'In 1 hour' }).click();
    await expect.poll(async () => (await stoa.api('POST', '/register', { fetch_event_types: ['reminders'] }, ada)).reminders.length).toBeGreaterThan(0);
    await messageMenu(A, 'A long one', 'Mute Bob Builder');
    await A.getByText('This message was hidden because you have muted the sender.').waitFor();
    await shot(A, 'c-09-muted-user');
    await A.getByRole('button', { name: 'Show message' }).click();
    await feedMessage(A, 'A long one').getByText('Line 1 of a long message.').waitFor();
    await stoa.api('DELETE', `/users/me/muted_users/${bob.id}`, {}, ada);
  });
});

describe('compose', () => {
  const box = () => A.getByRole('textbox', { name: 'Message', exact: true });

  it('the formatting bar, Ctrl+B, a poll and a video call link', async () => {
    await A.goto(topicHash('formatting'));
    await A.getByRole('button', { name: /Message #general/ }).click();
    await box().fill('make this loud');
    await box().evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(10, 14));
    await A.keyboard.press('Control+b');
    await expect.poll(() => box().inputValue()).toBe('make this **loud**');
    await box().press('End');
    await box().press('Shift+Enter');
    await A.getByRole('button', { name: 'Quote' }).click();
    await expect.poll(() => box().evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe('quoted text');
    await A.keyboard.type('wise words');
    await box().press('Control+End');
    await A.getByRole('button', { name: 'Add video call' }).click();
    await expect.poll(() => box().inputValue()).toMatch(/\[Join video call\.\]\(https:\/\/[^)]+\)/);
    await A.getByRole('button', { name: 'Add a poll' }).click();
    const poll = A.getByRole('dialog', { name: 'Create a poll' });
    await poll.getByLabel('Question').fill('Lunch?');
    await poll.getByLabel('Option 1').fill('Pizza');
    await poll.getByLabel('Option 2').fill('Soup');
    await shot(A, 'c-10-poll-dialog');
    await poll.getByRole('button', { name: 'Add poll' }).click();
    expect(await box().inputValue()).toContain('```quote\nwise words\n```');
    expect(await box().inputValue()).toContain('/poll Lunch?\nPizza\nSoup');
    await shot(A, 'c-11-compose-formatted');
    await box().fill('make this **loud**');
    await box().press('Control+Enter');
    await feedMessage(A, 'make this loud').locator('strong', { hasText: 'loud' }).waitFor();
  });

  it('Enter or Ctrl+Enter to send, expanded compose, and schedule send', async () => {
    await A.getByText('Ctrl+Enter to send · Enter for a new line').waitFor();
    await box().fill('two');
    await box().press('End');
    await box().press('Enter');
    await box().type('lines');
    expect(await box().inputValue()).toBe('two\nlines');
    await box().press('Control+Enter');
    await feedMessage(A, 'two').getByText('lines').waitFor();
    // A message sent while the previous one is still on its way is queued behind it, not dropped: the first
    // send's request is held back until the second has been pressed.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let holding = false;
    await A.route('**/json/messages', async (route) => {
      if (route.request().method() === 'POST' && !holding) { holding = true; await held; }
      await route.continue();
    });
    await box().fill('first in flight');
    await box().press('Control+Enter');
    await expect.poll(() => holding).toBe(true);
    await box().fill('second behind it');
    await box().press('Control+Enter');
    await expect.poll(() => box().inputValue()).toBe('');
    release();
    await feedMessage(A, 'second behind it').waitFor();
    await A.unroute('**/json/messages');
    const texts = await A.locator('.feed .message').allInnerTexts();
    expect(texts.findIndex((x) => x.includes('first in flight'))).toBeGreaterThanOrEqual(0);
    expect(texts.findIndex((x) => x.includes('first in flight'))).toBeLessThan(texts.findIndex((x) => x.includes('second behind it')));
    await A.getByRole('button', { name: 'Send options' }).click();
    await A.getByRole('menuitemradio', { name: /Press Enter to send/ }).click();
    await A.getByText('Enter to send · Shift+Enter for a new line').waitFor();
    await box().fill('sent with Enter');
    await box().press('Enter');
    await feedMessage(A, 'sent with Enter').waitFor();
    await A.getByRole('button', { name: 'Send options' }).click();
    await A.getByRole('menuitemradio', { name: /Press Ctrl\+Enter to send/ }).click();
    await A.getByText('Ctrl+Enter to send · Enter for a new line').waitFor();
    await A.getByRole('button', { name: 'Expand compose box' }).click();
    await expect.poll(() => box().evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(250);
    await shot(A, 'c-12-expanded-compose');
    await A.getByRole('button', { name: 'Collapse compose box' }).click();
    await box().fill('For tomorrow morning');
    await A.getByRole('button', { name: 'Send options' }).click();
    await A.getByRole('menuitem', { name: 'Schedule message' }).click();
    await A.getByRole('dialog', { name: 'Schedule message' }).getByRole('button', { name: 'Tomorrow at 9:00 AM' }).click();
    await expect.poll(() => box().inputValue()).toBe('');
    await A.locator('.view-row a', { hasText: 'Scheduled messages' }).click();
    await A.locator('.card', { hasText: 'For tomorrow morning' }).getByText('#general › formatting').waitFor();
  });
});

describe('search', () => {
  const box = () => A.getByRole('combobox', { name: 'Search messages' });

  it('suggestions as you type, operator pills, sender by name, recent searches and an honest empty result', async () => {
    await post('searching', 'The quarterly budget is approved', bob);
    await post('searching', 'The budget for lunch is small');
    await A.goto('/#inbox');
    await box().click();
    await box().pressSequentially('sender:bo');
    await A.getByRole('option', { name: /sender: Bob Builder/ }).click();
    await A.locator('.search-pill', { hasText: 'sender: Bob Builder' }).waitFor();
    await box().pressSequentially('budget');
    await A.getByRole('option', { name: 'Search for budget' }).waitFor();
    await shot(A, 'c-13-search-suggestions');
    await box().press('Enter');
    await feedMessage(A, 'quarterly budget').waitFor();
    expect(await feedMessage(A, 'budget for lunch').count()).toBe(0);
    // the pill stays for the search shown; Backspace removes it
    await box().click();
    await box().fill('');
    await box().press('Backspace');
    await A.locator('.search-pill').waitFor({ state: 'detached' });
    // channel: by name through a suggestion, then a search with no result says what it looked for
    await box().pressSequentially('channel:des');
    await box().press('Enter');
    await A.locator('.search-pill', { hasText: 'channel: #design' }).waitFor();
    await box().pressSequentially('zebra');
    await box().press('Enter');
    const empty = A.locator('.feed-empty', { hasText: 'No messages match your search.' });
    await empty.locator('strong', { hasText: 'zebra' }).waitFor();
    await empty.getByRole('link', { name: 'Search all messages for zebra' }).waitFor();
    await empty.locator('.search-pill', { hasText: 'channel: #design' }).waitFor();
    await shot(A, 'c-14-search-empty');
    // recent searches when the box is empty
    await A.goto('/#inbox');
    await box().click();
    await A.getByRole('option', { name: /zebra/ }).waitFor();
    await A.getByRole('option', { name: /sender:"Bob Builder" budget/ }).click();
    await feedMessage(A, 'quarterly budget').waitFor();
  });
});

describe('keyboard', () => {
  const title = (p: Page) => p.locator('.title').textContent();

  it('? lists the shortcuts; Ctrl+K searches; the selected message reacts to +, *, e, Shift+M, s and S', async () => {
    await post('keys', 'Press keys on me');
    await A.goto(topicHash('keys'));
    await feedMessage(A, 'Press keys on me').waitFor();
    await A.locator('body').press('?');
    const help = A.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('React with 👍').waitFor();
    await shot(A, 'c-15-shortcuts');
    await A.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await A.keyboard.press('Control+k');
    await expect.poll(() => A.evaluate(() => document.activeElement?.id)).toBe('search');
    await A.keyboard.press('Escape');
    await A.locator('body').press('End');
    await A.keyboard.press('+');
    await feedMessage(A, 'Press keys on me').locator('.reaction', { hasText: '1' }).waitFor();
    await A.keyboard.press('*');
    await feedMessage(A, 'Press keys on me').getByRole('button', { name: 'Unstar message' }).waitFor();
    await A.keyboard.press('e');
    await A.getByRole('dialog', { name: 'Edit message' }).waitFor();
    await A.keyboard.press('Escape');
    await A.keyboard.press('Shift+M');
    await A.getByRole('list', { name: 'Topics in general' }).locator('li.muted', { hasText: 'keys' }).waitFor();
    await A.keyboard.press('Shift+M');
    await A.getByRole('list', { name: 'Topics in general' }).locator('li.muted', { hasText: 'keys' }).waitFor({ state: 'detached' });
    await A.keyboard.press('s');
    await expect.poll(() => title(A)).toBe('general');
    await A.locator('.feed[aria-busy="false"]').waitFor();
    await A.keyboard.press('S');
    await expect.poll(() => title(A)).toMatch(/general.*›/);
  });

  it('a, Shift+I, t, d, A / D, p and n go where Zulip\'s do', async () => {
    await A.keyboard.press('a');
    await expect.poll(() => title(A)).toBe('Combined feed');
    await A.keyboard.press('Shift+I');
    await expect.poll(() => title(A)).toBe('Inbox');
    await A.keyboard.press('t');
    await expect.poll(() => title(A)).toBe('Recent conversations');
    await A.keyboard.press('d');
    await expect.poll(() => title(A)).toBe('Drafts');
    await A.goto(`/#narrow/channel/${generalId}-general`);
    await A.locator('.feed[aria-busy="false"]').waitFor();
    await A.locator('body').press('D');
    await expect.poll(() => title(A)).toMatch(/^(random|sandbox)$/); // the next channel in the sidebar's order
    await A.keyboard.press('A');
    await expect.poll(() => title(A)).toBe('general');
    await stoa.api('POST', '/mark_all_as_read', {}, ada);
    await stoa.api('POST', '/messages', { type: 'direct', to: JSON.stringify([ada.id]), content: 'Unread DM for p' }, bob);
    await A.locator('.dm-list .nav-row', { hasText: 'Bob Builder' }).locator('.count').waitFor();
    await A.keyboard.press('p');
    await feedMessage(A, 'Unread DM for p').waitFor();
    await post('next unread', 'Unread topic for n', bob);
    await A.locator('.channel-row', { hasText: 'general' }).locator('.count').waitFor();
    await A.keyboard.press('n');
    await feedMessage(A, 'Unread topic for n').waitFor();
  });
});

describe('notifications', () => {
  it('desktop notifications for a DM and, once turned on, for a channel; a click opens the message; the tab title counts unread', async () => {
    const { context, page: N } = await newUserPage(browser, stoa.url);
    // The page is in the background (no focus), and the browser's notifications are recorded.
    await N.addInitScript(() => {
      const w = window as any;
      w.__notes = [];
      w.Notification = class {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        onclick: (() => void) | null = null;
        constructor(title: string, opts?: { body?: string }) { w.__notes.push({ title, body: opts?.body }); w.__last = this; }
        close() {}
      };
      document.hasFocus = () => false;
    });
    await login(N, ada.email, ada.password);
    const notes = () => N.evaluate(() => (window as any).__notes as { title: string; body: string }[]);
    await stoa.api('POST', '/messages', { type: 'direct', to: JSON.stringify([ada.id]), content: 'Are you there?' }, bob);
    await expect.poll(notes).toContainEqual({ title: 'Bob Builder (Direct message)', body: 'Are you there?' });
    await expect.poll(() => N.title()).toMatch(/^\(\d+\) /);
    await stoa.api('POST', '/messages', { type: 'stream', to: 'design', topic: 'quiet', content: 'No bell for this' }, bob);
    const design = N.locator('.channel-row', { hasText: 'design' });
    await design.locator('.count').waitFor();
    expect((await notes()).map((n) => n.body)).not.toContain('No bell for this');
    await design.hover();
    await design.getByRole('button', { name: 'Channel options for design' }).click();
    await N.getByRole('menuitem', { name: 'Turn on desktop notifications' }).click();
    await expect.poll(async () => (await stoa.api('GET', '/users/me/subscriptions', {}, ada)).subscriptions.find((x: any) => x.name === 'design').desktop_notifications).toBe(true);
    await stoa.api('POST', '/messages', { type: 'stream', to: 'design', topic: 'loud', content: 'Ring for this' }, bob);
    await expect.poll(notes).toContainEqual({ title: 'Bob Builder (#design › loud)', body: 'Ring for this' });
    await N.evaluate(() => (window as any).__last.onclick());
    await feedMessage(N, 'Ring for this').waitFor();
    expect(N.url()).toContain('/near/');
    await context.close();
  });
});

describe('accessibility', () => {
  it('the new screens have no axe violations: views, menus, search suggestions, dialogs, compose tools', async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const { page: L, context } = await newUserPage(browser, stoa.url, undefined, { bypassCSP: true });
    const check = async (name: string) => {
      await L.addScriptTag({ content: axe });
      const result = await L.evaluate(async () => (window as any).axe.run(document, { resultTypes: ['violations'] }));
      expect((result.violations as any[]).map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    };
    await login(L, ada.email, ada.password);
    await L.goto('/#drafts');
    await L.locator('.overview').waitFor();
    await check('drafts');
    await L.goto('/#scheduled');
    await L.locator('.card').first().waitFor();
    await check('scheduled');
    await L.goto(topicHash('rendering'));
    await feedMessage(L, 'Euler').waitFor();
    await check('rendered messages');
    const row = L.locator('.channel-row', { hasText: 'general' });
    await row.hover();
    await row.getByRole('button', { name: 'Channel options for general' }).click();
    await check('channel menu');
    await L.keyboard.press('Escape');
    await L.getByRole('combobox', { name: 'Search messages' }).click();
    await L.getByRole('combobox', { name: 'Search messages' }).pressSequentially('sender:b');
    await L.getByRole('option').first().waitFor();
    await check('search suggestions');
    await L.keyboard.press('Escape');
    await L.locator('body').press('?');
    await L.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await check('shortcuts');
    await L.keyboard.press('Escape');
    await L.getByRole('button', { name: /Message #general/ }).click();
    await L.getByRole('button', { name: 'Send options' }).click();
    await check('compose with its tools and send menu');
    await context.close();
  });
});
