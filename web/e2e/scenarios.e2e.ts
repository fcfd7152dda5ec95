// The web client in a real browser against a real Stoa: two people chatting live, a server restart,
// keyboard-only use, a phone-sized screen, login throttling and CSRF. Screenshots: target/web-e2e/.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { StoaServer, launchBrowser, login, newUserPage, shot } from './harness.ts';

let stoa: StoaServer;
let browser: Browser;
let ada: Awaited<ReturnType<StoaServer['createUser']>>;
let bob: typeof ada;
let A: Page;
let B: Page;
let generalId: number;

const TOPIC = 'launch';

beforeAll(async () => {
  stoa = await StoaServer.fresh();
  await stoa.start();
  ada = await stoa.createUser('ada@example.com', 'Ada Lovelace', 'ada-password-1');
  bob = await stoa.createUser('bob@example.com', 'Bob Builder', 'bob-password-1');
  await stoa.api('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'general', description: 'Everyone' }, { name: 'design' }], principals: [ada.id, bob.id] });
  generalId = (await stoa.api('GET', '/get_stream_id', { stream: 'general' })).stream_id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stoa?.stop('SIGTERM');
});

// A failing scenario leaves a picture of every open page behind.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail' || !browser) return;
  const pages = browser.contexts().flatMap((c) => c.pages());
  await Promise.all(pages.map((p, i) => shot(p, `failed-${ctx.task.name.replace(/\W+/g, '-')}-${i}`).catch(() => undefined)));
});

const channelRow = (p: Page, name: string) => p.locator('.channel-row', { has: p.locator('a.nav-label', { hasText: new RegExp(`^${name}$`) }) });
const feedMessage = (p: Page, text: string) => p.locator('.feed .message', { hasText: text });

async function send(p: Page, text: string) {
  const box = p.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill(text);
  await box.press('Control+Enter'); // enter_sends is off by default, as in Zulip
  await expect.poll(() => box.inputValue()).toBe('');
}

describe('the web client', () => {
  it('two people log in, in two browser contexts', async () => {
    A = (await newUserPage(browser, stoa.url)).page;
    B = (await newUserPage(browser, stoa.url)).page;
    await A.goto('/');
    // The page's Content-Security-Policy is in force: an injected inline script does not run.
    expect(await A.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.append(s);
      return (window as any).__injected === true ? 'ran' : 'blocked';
    })).toBe('blocked');
    await shot(A, '01-login');
    await login(A, ada.email, ada.password);
    await login(B, bob.email, bob.password);
    await expect.poll(() => A.locator('.people').textContent()).toContain('Bob Builder');
    await shot(A, '02-inbox-empty');
  });

  it('A posts in a channel topic; B sees it live with its unread count, reads it, and the count clears', async () => {
    await A.goto(`/#narrow/channel/${generalId}-general/topic/${TOPIC}`);
    await A.getByRole('button', { name: /Message #general/ }).click();
    await send(A, 'Hello from Ada :tada: the **launch** is on Friday');
    await feedMessage(A, 'the launch is on Friday').waitFor();
    await channelRow(B, 'general').locator('.count', { hasText: '1' }).waitFor();
    await B.locator('.inbox-row', { hasText: TOPIC }).waitFor();
    await shot(B, '03-unread-live');
    await B.locator('.inbox-row', { hasText: TOPIC }).click();
    await feedMessage(B, 'the launch is on Friday').waitFor();
    await expect.poll(() => channelRow(B, 'general').locator('.count').count()).toBe(0);
    await shot(B, '04-read');
  });

  it('a direct message both ways', async () => {
    await A.getByRole('link', { name: 'Bob Builder' }).click();
    await A.getByRole('button', { name: /Message Bob Builder/ }).click();
    await send(A, 'Bob, a private word about the budget');
    await B.locator('.dm-list .nav-row', { hasText: 'Ada Lovelace' }).locator('.count', { hasText: '1' }).waitFor();
    await B.locator('.dm-list .nav-row', { hasText: 'Ada Lovelace' }).click();
    await feedMessage(B, 'a private word about the budget').waitFor();
    await B.getByRole('button', { name: /Message Ada Lovelace/ }).click();
    await B.getByRole('textbox', { name: 'Message', exact: true }).fill('Got it');
    await A.getByText('Bob Builder is typing…').waitFor();
    await send(B, 'Got it, Ada — thanks!');
    await feedMessage(A, 'Got it, Ada').waitFor();
    await shot(A, '05-dm');
  });

  it('a draft stays with its conversation across narrows and is saved on the server', async () => {
    await A.goto(`/#narrow/channel/${generalId}-general/topic/drafts`);
    await A.getByRole('button', { name: /Message #general/ }).click();
    await A.getByRole('textbox', { name: 'Message', exact: true }).fill('half a thought');
    await A.goto('/#inbox');
    await A.goto(`/#narrow/channel/${generalId}-general/topic/drafts`);
    // The box may still be open from before (two hash changes in quick succession, seen once on a loaded
    // machine) or closed with its button: either way the draft must come back in it.
    const openButton = A.getByRole('button', { name: /Message #general/ });
    const box = A.getByRole('textbox', { name: 'Message', exact: true });
    await openButton.or(box).first().waitFor();
    if (await openButton.isVisible()) await openButton.click();
    await expect.poll(() => box.inputValue()).toBe('half a thought');
    await expect.poll(async () => (await stoa.api('GET', '/drafts', {}, ada)).drafts.map((d: any) => d.content), { timeout: 10_000 }).toContain('half a thought');
    await shot(A, '05b-draft');
    await A.getByRole('textbox', { name: 'Message', exact: true }).fill('');
    await A.getByRole('button', { name: 'Close compose box' }).click();
  });

  it('an edit and a topic move show for both', async () => {
    await A.goto(`/#narrow/channel/${generalId}-general/topic/${TOPIC}`);
    await B.goto(`/#narrow/channel/${generalId}-general/topic/${TOPIC}`);
    const msg = feedMessage(A, 'the launch is on Friday');
    await msg.hover();
    await msg.getByRole('button', { name: 'More actions' }).click();
    await A.getByRole('menuitem', { name: 'Edit message' }).click();
    const edit = A.getByRole('textbox', { name: 'Message text' });
    await expect.poll(() => edit.inputValue()).toContain('Friday');
    await edit.fill('Hello from Ada :tada: the **launch** moved to Monday');
    await A.getByRole('dialog', { name: 'Edit message' }).getByRole('button', { name: 'Save' }).click();
    await feedMessage(B, 'moved to Monday').locator('.edited').waitFor();
    await feedMessage(A, 'moved to Monday').hover();
    await feedMessage(A, 'moved to Monday').getByRole('button', { name: 'More actions' }).click();
    await A.getByRole('menuitem', { name: 'Move messages' }).click();
    const move = A.getByRole('dialog', { name: 'Move messages' });
    await move.getByRole('textbox', { name: 'Topic' }).fill('launch plan');
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    for (const p of [A, B]) {
      await p.locator('.title', { hasText: 'launch plan' }).waitFor();
      await feedMessage(p, 'moved to Monday').waitFor();
    }
    await shot(B, '06-edited-and-moved');
  });

  it('a reaction', async () => {
    const msg = feedMessage(B, 'moved to Monday');
    await msg.hover();
    await msg.getByRole('button', { name: 'Add reaction' }).click();
    await B.getByRole('searchbox', { name: 'Search emoji' }).fill('rocket');
    await B.getByRole('searchbox', { name: 'Search emoji' }).press('Enter');
    await feedMessage(A, 'moved to Monday').locator('.reaction', { hasText: '1' }).waitFor();
    await shot(A, '07-reaction');
  });

  it('a search with an operator finds the message, with the match highlighted', async () => {
    await A.getByRole('combobox', { name: 'Search messages' }).fill('channel:general Monday');
    await A.getByRole('combobox', { name: 'Search messages' }).press('Enter');
    await feedMessage(A, 'moved to Monday').locator('.highlight', { hasText: 'Monday' }).waitFor();
    expect(await A.locator('.feed .message').count()).toBe(1);
    await shot(A, '08-search');
  });

  it('an upload appears as a link that opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upload-'));
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'meeting notes: ship it');
    await A.goto(`/#narrow/channel/${generalId}-general/topic/files`);
    await A.getByRole('button', { name: /Message #general/ }).click();
    await A.getByLabel('Upload files').setInputFiles(file);
    const box = A.getByRole('textbox', { name: 'Message', exact: true });
    await expect.poll(() => box.inputValue()).toContain('](/user_uploads/');
    await box.press('Control+Enter');
    await B.goto(`/#narrow/channel/${generalId}-general/topic/files`);
    const link = feedMessage(B, 'notes.txt').getByRole('link', { name: 'notes.txt' });
    await link.waitFor();
    const [download] = await Promise.all([B.waitForEvent('download'), link.click()]);
    expect(readFileSync(await download.path(), 'utf8')).toBe('meeting notes: ship it');
    await shot(B, '09-upload');
  });

  it('a server restart in the middle: both clients carry on without reload and nothing is missing', async () => {
    const topic = 'restart';
    for (const p of [A, B]) {
      await p.goto(`/#narrow/channel/${generalId}-general/topic/${topic}`);
      await p.evaluate(() => ((window as any).__sameDocument = true));
    }
    await stoa.api('POST', '/messages', { type: 'stream', to: generalId, topic, content: 'before the restart' }, ada);
    for (const p of [A, B]) await feedMessage(p, 'before the restart').waitFor();
    // Sent and at once killed: the clients get it from the stored queue after the restart, or before.
    await stoa.api('POST', '/messages', { type: 'stream', to: generalId, topic, content: 'just before the kill' }, bob);
    await stoa.stop('SIGKILL');
    await B.locator('.status-pill', { hasText: 'Reconnecting' }).waitFor({ timeout: 30_000 });
    await stoa.start();
    await stoa.api('POST', '/messages', { type: 'stream', to: generalId, topic, content: 'after the restart 1' }, bob);
    await A.getByRole('button', { name: /Message #general/ }).click();
    await send(A, 'after the restart 2');
    for (const p of [A, B]) {
      for (const text of ['just before the kill', 'after the restart 1', 'after the restart 2']) await feedMessage(p, text).waitFor();
      expect(await p.evaluate(() => (window as any).__sameDocument)).toBe(true);
      expect(await p.locator('.feed .message').count()).toBe(4);
    }
    await B.locator('.status-pill').waitFor({ state: 'detached' });
    await shot(B, '10-after-restart');
  });

  it('keyboard only: log in, narrow, reply and send', async () => {
    const { page: K } = await newUserPage(browser, stoa.url);
    await K.goto('/');
    await K.waitForFunction(() => document.activeElement?.getAttribute('name') === 'username');
    await K.keyboard.type(bob.email);
    await K.keyboard.press('Tab');
    await K.keyboard.type(bob.password);
    await K.keyboard.press('Enter');
    await K.waitForSelector('nav.sidebar');
    await K.keyboard.press('/');
    await K.keyboard.type(`channel:general topic:"launch plan"`);
    await K.keyboard.press('Enter');
    await feedMessage(K, 'moved to Monday').waitFor();
    await K.keyboard.press('k');
    await K.keyboard.press('j');
    await K.keyboard.press('r');
    await K.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Message');
    await K.keyboard.type('Replying by keyboard alone');
    await K.keyboard.press('Control+Enter');
    await A.goto(`/#narrow/channel/${generalId}-general/topic/launch.20plan`);
    await feedMessage(A, 'Replying by keyboard alone').waitFor();
    await shot(K, '11-keyboard');
    await K.context().close();
  });

  it('works at 390 px wide', async () => {
    const { page: P } = await newUserPage(browser, stoa.url, { width: 390, height: 844 });
    await login(P, ada.email, ada.password);
    await P.goto(`/#narrow/channel/${generalId}-general/topic/launch.20plan`);
    await feedMessage(P, 'moved to Monday').waitFor();
    expect(await P.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(P, '12-phone-feed');
    await P.getByRole('button', { name: 'Show channels' }).click();
    await P.locator('nav.sidebar.open').waitFor();
    await P.waitForTimeout(300);
    await shot(P, '13-phone-sidebar');
    await P.locator('nav.sidebar a.nav-label', { hasText: /^general$/ }).click();
    await P.locator('nav.sidebar.open').waitFor({ state: 'detached' });
    await P.context().close();
  });

  it('a wrong password shows the error, and the sixth failure in 30 minutes is refused', async () => {
    const carol = await stoa.createUser('carol@example.com', 'Carol', 'carol-password-1');
    const { page: P } = await newUserPage(browser, stoa.url);
    await P.goto('/');
    for (let i = 0; i < 5; i++) {
      await P.getByLabel('Email').fill(carol.email);
      await P.getByLabel('Password').fill('wrong-' + i);
      await P.getByRole('button', { name: 'Log in' }).click();
      await P.getByRole('alert').filter({ hasText: 'Your username or password is incorrect' }).waitFor();
      if (i === 0) await shot(P, '14-wrong-password');
    }
    await P.getByLabel('Password').fill(carol.password);
    await P.getByRole('button', { name: 'Log in' }).click();
    await P.getByRole('alert').filter({ hasText: /Too many failed attempts to log in to this account\. Try again in (30|29) minutes\./ }).waitFor();
    expect(await P.locator('nav.sidebar').count()).toBe(0);
    await shot(P, '15-login-throttled');
    await P.context().close();
  });

  it('an administrator creates a channel and a user, and deactivates a user', async () => {
    const { page: O } = await newUserPage(browser, stoa.url);
    await login(O, stoa.owner.email, stoa.owner.password);
    await O.goto('/#settings/org-channels');
    await O.getByRole('textbox', { name: 'Name' }).fill('announcements');
    await O.getByRole('button', { name: 'Create channel' }).click();
    await O.locator('nav.sidebar a.nav-label', { hasText: /^announcements$/ }).waitFor();
    await O.goto('/#settings/users');
    const form = O.getByRole('form', { name: 'Create a user' });
    await form.getByLabel('Name').fill('Dave Moderator');
    await form.getByLabel('Email').fill('dave@example.com');
    await form.getByLabel('Password').fill('dave-password-1');
    await form.getByLabel('Role').selectOption({ label: 'Moderator' });
    await form.getByRole('button', { name: 'Create user' }).click();
    const row = O.getByRole('row', { name: /Dave Moderator/ });
    await row.getByRole('cell', { name: 'Moderator', exact: true }).waitFor();
    await shot(O, '17-admin-users');
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await O.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await row.waitFor({ state: 'detached' });
    const users = (await stoa.api('GET', '/users')).members as any[];
    expect(users.find((u) => u.delivery_email === 'dave@example.com' || u.email === 'dave@example.com')).toMatchObject({ is_active: false, role: 300 });
    await O.context().close();
  });

  it('a /json POST without the CSRF token is refused', async () => {
    const forge = (withToken: boolean) => A.evaluate(async ([streamId, withToken]) => {
      const body = new URLSearchParams({ type: 'stream', to: String(streamId), topic: 'csrf', content: withToken ? 'genuine' : 'forged' });
      const token = /(?:^|;\s*)csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const headers: Record<string, string> = withToken ? { 'X-CSRFToken': token } : {};
      const res = await fetch('/json/messages', { method: 'POST', body, headers, credentials: 'same-origin' });
      return { status: res.status, json: await res.json() };
    }, [generalId, withToken] as const);
    const refused = await forge(false);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ result: 'error', code: 'CSRF_FAILED', msg: 'CSRF error: CSRF token missing.' });
    // The same request with the page's token goes through: it was the token, not the session, that was missing.
    expect((await forge(true)).json).toMatchObject({ result: 'success' });
    await A.goto(`/#narrow/channel/${generalId}-general/topic/csrf`);
    await feedMessage(A, 'genuine').waitFor();
    expect(await feedMessage(A, 'forged').count()).toBe(0);
    await shot(A, '18-csrf');
  });

  it('the main screens have no accessibility violations (axe), in light and dark', async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const check = async (p: Page, name: string) => {
      await p.addScriptTag({ content: axe });
      const result = await p.evaluate(async () => (window as any).axe.run(document, { resultTypes: ['violations'] }));
      const violations = (result.violations as any[]).map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')).join(' | ')}`);
      expect(violations).toEqual([]);
    };
    // axe is injected as an inline script, which the server's Content-Security-Policy forbids.
    const { page: L } = await newUserPage(browser, stoa.url, undefined, { bypassCSP: true });
    await L.goto('/');
    await L.getByLabel('Email').waitFor();
    await check(L, 'login');
    await login(L, ada.email, ada.password);
    await check(L, 'inbox');
    await L.goto(`/#narrow/channel/${generalId}-general/topic/launch.20plan`);
    await feedMessage(L, 'moved to Monday').waitFor();
    await L.getByRole('button', { name: /Message #general/ }).click();
    await check(L, 'feed with compose');
    await L.goto('/#settings/notifications');
    await L.locator('.settings-section').waitFor();
    await check(L, 'settings');
    await L.goto('/#settings/display');
    await L.getByLabel('Dark').check();
    await L.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await L.goto(`/#narrow/channel/${generalId}-general/topic/launch.20plan`);
    await feedMessage(L, 'moved to Monday').waitFor();
    await check(L, 'feed (dark)');
    await shot(L, '16-dark');
    await L.context().close();
  });
});
