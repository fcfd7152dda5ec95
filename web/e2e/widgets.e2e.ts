// Polls and to-do lists (issue 26, item 10) in two real browsers against a real Stoa: a /poll or /todo
// message shows as its widget, and each person's votes, options, tasks and checks reach the other live
// (POST /submessage, submessage events). Screenshots: target/web-e2e/w-*.png.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { StoaServer, launchBrowser, login, newUserPage, shot } from './harness.ts';

let stoa: StoaServer;
let browser: Browser;
let ada: Awaited<ReturnType<StoaServer['createUser']>>;
let bob: typeof ada;
let A: Page;
let B: Page;
let generalId: number;

beforeAll(async () => {
  stoa = await StoaServer.fresh('--rate-limit-user 1000000');
  await stoa.start();
  ada = await stoa.createUser('ada@example.com', 'Ada Lovelace', 'ada-password-1');
  bob = await stoa.createUser('bob@example.com', 'Bob Builder', 'bob-password-1');
  await stoa.api('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'general' }], principals: [ada.id, bob.id] });
  generalId = (await stoa.api('GET', '/get_stream_id', { stream: 'general' })).stream_id;
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
  await Promise.all(pages.map((p, i) => shot(p, `failed-w-${ctx.task.name.replace(/\W+/g, '-')}-${i}`).catch(() => undefined)));
});

const topicHash = (topic: string) => `/#narrow/channel/${generalId}-general/topic/${encodeURIComponent(topic).replace(/%/g, '.')}`;
const post = (topic: string, content: string) => stoa.api('POST', '/messages', { type: 'stream', to: generalId, topic, content }, ada);
const widget = (p: Page, kind: string) => p.locator(`.feed .message [data-widget="${kind}"]`);

describe('widgets', () => {
  it('a poll: both see it, votes and a new option arrive live', async () => {
    await post('lunch', '/poll Where do we eat?\nPizza\nSushi');
    await A.goto(topicHash('lunch'));
    await B.goto(topicHash('lunch'));
    const a = widget(A, 'poll'), b = widget(B, 'poll');
    await b.getByText('Where do we eat?').waitFor();
    await b.getByRole('button', { name: 'Pizza: 0 votes' }).click();
    await a.getByRole('button', { name: 'Pizza: 1 vote' }).waitFor();
    expect(await a.locator('.poll-voters').first().textContent()).toContain('Bob Builder');
    await a.getByRole('button', { name: 'Pizza: 1 vote' }).click();
    await b.getByRole('button', { name: 'Pizza: 2 votes' }).waitFor();
    await a.getByLabel('New poll option').fill('Tacos');
    await a.getByRole('button', { name: 'Add option' }).click();
    await b.getByRole('button', { name: 'Tacos: 0 votes' }).click();
    await a.getByRole('button', { name: 'Tacos: 1 vote' }).waitFor();
    // a second click takes the vote back
    await b.getByRole('button', { name: 'Pizza: 2 votes' }).click();
    await a.getByRole('button', { name: 'Pizza: 1 vote' }).waitFor();
    await shot(A, 'w-01-poll-ada');
    await shot(B, 'w-02-poll-bob');
  });

  it('a to-do list: tasks checked and added by one show for the other', async () => {
    await post('trip', '/todo Trip to Lisbon\nTickets: book the train\nHotel');
    await A.goto(topicHash('trip'));
    await B.goto(topicHash('trip'));
    const a = widget(A, 'todo'), b = widget(B, 'todo');
    await b.getByText('Trip to Lisbon').waitFor();
    await b.getByRole('checkbox', { name: /Tickets/ }).check();
    await expect.poll(() => a.getByRole('checkbox', { name: /Tickets/ }).isChecked()).toBe(true);
    await a.getByLabel('New task').fill('Pack');
    await a.getByLabel('Task description').fill('sunscreen');
    await a.getByRole('button', { name: 'Add task' }).click();
    await b.getByRole('checkbox', { name: /Pack/ }).check();
    await expect.poll(() => a.getByRole('checkbox', { name: /Pack/ }).isChecked()).toBe(true);
    await a.getByRole('checkbox', { name: /Tickets/ }).uncheck();
    await expect.poll(() => b.getByRole('checkbox', { name: /Tickets/ }).isChecked()).toBe(false);
    await shot(A, 'w-03-todo-ada');
    await shot(B, 'w-04-todo-bob');
  });
});
