// `npm run bench:realm`: the web client against a big realm on a real Stoa (the built jar), printing
// BENCH lines (figures, not assertions):
//  - navigation to a usable feed (messages shown, compose ready) with REALM_CHANNELS channels the
//    user is subscribed to and REALM_MESSAGES messages of history;
//  - the page's JS heap after an hour's worth of a busy organization's events replayed fast.
// Needs `mvn -q -DskipTests package` first (target/stoa.jar).
import { afterAll, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SHOTS_DIR, StoaServer, launchBrowser, login, newUserPage, shot } from './harness.ts';

const CHANNELS = Number(process.env.REALM_CHANNELS ?? 1000);
const MESSAGES = Number(process.env.REALM_MESSAGES ?? 100_000);
/** An hour of a busy organization as one user sees it: a message a second, with reactions, edits, typing and presence. */
const HOUR_MESSAGES = Number(process.env.REALM_HOUR_MESSAGES ?? 3600);
const PROJECT = resolve(import.meta.dirname, '../..');
const JAVA = process.env.JAVA_HOME ? `${process.env.JAVA_HOME}/bin/java` : 'java';

let stoa: StoaServer | undefined;
let browser: Browser | undefined;
afterAll(async () => { await browser?.close(); await stoa?.stop('SIGTERM'); });

/** A figure on stdout and in target/web-e2e/bench-realm.txt (vitest's console capture can lose lines when a run fails). */
function report(line: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  appendFileSync(join(SHOTS_DIR, 'bench-realm.txt'), `${new Date().toISOString()} BENCH ${line}\n`);
  console.log(`BENCH ${line}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function seed(server: StoaServer) {
  const people = [];
  for (let i = 0; i < 20; i++) people.push(await server.createUser(`person${i}@example.com`, `Person ${i}`, `password-${i}-long`));
  const ownerId = (await server.api('GET', '/users/me')).user_id as number;
  for (let i = 0; i < CHANNELS; i += 100) {
    const subscriptions = Array.from({ length: Math.min(100, CHANNELS - i) }, (_, j) => ({ name: `channel ${String(i + j).padStart(4, '0')}` }));
    await server.api('POST', '/users/me/subscriptions', { subscriptions, principals: [ownerId, ...people.map((p) => p.id)] });
  }
  await server.stop('SIGTERM');
  const t0 = Date.now();
  const out = execFileSync(JAVA, ['-cp', join(PROJECT, 'target/stoa.jar'), join(import.meta.dirname, 'SeedHistory.java'),
    join(server.dataDir, 'stoa.db'), String(MESSAGES), String(ownerId)]).toString().trim();
  report(`realm: ${out} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await server.start();
  return people;
}

/** From navigation to the feed showing messages with the compose box ready, in a signed-in tab. */
async function timeToFeed(page: Page, hash: string): Promise<number> {
  await page.goto('about:blank');
  const t0 = Date.now();
  await page.goto('/' + hash);
  await page.locator('.feed .message').first().waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: /New topic|Start new conversation|Reply/ }).first().waitFor({ timeout: 120_000 }).catch(() => undefined);
  return Date.now() - t0;
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage') as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** HOUR_MESSAGES messages from the others into the channels, one reaction per 4, one edit per 10, typing every 5. */
async function replayHour(server: StoaServer, people: Awaited<ReturnType<StoaServer['createUser']>>[]) {
  const t0 = Date.now();
  const workers = 4;
  await Promise.all(Array.from({ length: workers }, async (_, w) => {
    for (let i = w; i < HOUR_MESSAGES; i += workers) {
      const who = people[i % people.length];
      const to = `channel ${String(i % Math.min(CHANNELS, 50)).padStart(4, '0')}`;
      if (i % 5 === 0) await server.api('POST', '/typing', { type: 'stream', stream_id: (await streamId(server, to)), topic: 'live', op: 'start' }, who);
      const { id } = await server.api('POST', '/messages', { type: 'stream', to, topic: `live ${i % 7}`, content: `Live message ${i} with some **text** in it.` }, who);
      if (i % 4 === 0) await server.api('POST', `/messages/${id}/reactions`, { emoji_name: 'thumbs_up' }, people[(i + 1) % people.length]);
      if (i % 10 === 0) await server.api('PATCH', `/messages/${id}`, { content: `Live message ${i}, edited.` }, who);
    }
  }));
  return (Date.now() - t0) / 1000;
}

const ids = new Map<string, number>();
async function streamId(server: StoaServer, name: string): Promise<number> {
  if (!ids.has(name)) ids.set(name, (await server.api('GET', '/get_stream_id', { stream: name })).stream_id);
  return ids.get(name)!;
}

it('measures the client on a big realm', async () => {
  // The load below is one organization's hour, not one user's: no rate limit.
  stoa = await StoaServer.fresh('--rate-limit-user 100000000 --rate-limit-ip 100000000');
  await stoa.start();
  const people = await seed(stoa);
  browser = await launchBrowser();
  const { page } = await newUserPage(browser, stoa.url);
  page.setDefaultTimeout(120_000);
  await login(page, stoa.owner.email, stoa.owner.password);
  const channel0 = await streamId(stoa, 'channel 0000');
  for (const [label, hash] of [['combined feed', '#feed'], ['a channel', `#narrow/channel/${channel0}-channel-0000`]] as const) {
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await timeToFeed(page, hash));
    report(`navigation to a usable feed (${label}; ${CHANNELS} channels, ${MESSAGES} messages): median ${median(runs)} ms, first ${runs[0]} ms, runs ${runs.join(', ')}`);
  }
  await shot(page, 'bench-big-realm');
  await page.goto('/#feed');
  await page.locator('.feed .message').first().waitFor();
  const before = await heapMb(page);
  const took = await replayHour(stoa, people);
  const last = `Live message ${HOUR_MESSAGES - 1}`;
  await page.locator('.feed .message', { hasText: last }).first().waitFor({ state: 'attached', timeout: 120_000 }).catch(() => undefined);
  const after = await heapMb(page);
  const loaded = await page.evaluate(() => document.querySelectorAll('.feed .message').length);
  report(`JS heap: ${before.toFixed(1)} MB after load, ${after.toFixed(1)} MB after an hour's events (${HOUR_MESSAGES} messages, ${HOUR_MESSAGES / 4} reactions, ${HOUR_MESSAGES / 10} edits, ${HOUR_MESSAGES / 5} typing notices) replayed in ${took.toFixed(0)} s; ${loaded} messages in the DOM`);
  await shot(page, 'bench-after-hour');
}, 1_800_000);
