// `npm run bench` (with bench.run.ts): the client against the demo organization (`stoa demo`) on a real
// Stoa: page load to a usable Inbox, a channel switch, and the JS the first screen loads. Prints BENCH
// lines (figures, not assertions); medians over a few runs, the machine is shared.
import { afterAll, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { StoaServer, launchBrowser, login, newUserPage } from './harness.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
let stoa: StoaServer | undefined;
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  await stoa?.stop('SIGTERM');
  if (stoa) rmSync(stoa.dataDir, { recursive: true, force: true });
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const fmt = (xs: number[]) => `${median(xs).toFixed(0)} ms (median of ${xs.length}; ${xs.map((x) => x.toFixed(0)).join(', ')})`;

/** From navigation start to the Inbox's rows on screen and the sidebar drawn. */
async function loadInbox(p: Page, i: number): Promise<number> {
  await p.goto(`/?run=${i}#inbox`); // a full load (a hash change alone would stay in the document)
  await p.locator('.inbox-row').first().waitFor();
  await p.locator('.channel-row').first().waitFor();
  return p.evaluate(() => performance.now());
}

/** From the click on a channel to its messages shown (the feed no longer busy). */
async function switchChannel(p: Page, name: string): Promise<number> {
  return p.evaluate(async (name) => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>('.channel-row a.nav-label')].find((a) => a.textContent === name)!;
    const t0 = performance.now();
    link.click();
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      const feed = document.querySelector('.feed');
      const header = feed?.querySelector('.recipient-header .rh-channel');
      if (feed?.getAttribute('aria-busy') === 'false' && header?.textContent === name) return performance.now() - t0;
    }
  }, name);
}

it('measures the client on the demo organization', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stoa-demo-bench-'));
  const cmd = (process.env.STOA_SERVER_CMD ?? '').replace('run --port {port} --data-dir {dataDir}', `demo --data-dir ${dataDir}`);
  const java = process.env.JAVA_HOME ? `${process.env.JAVA_HOME}/bin/java` : 'java';
  const out = cmd ? execFileSync('bash', ['-c', cmd], { encoding: 'utf8' })
    : execFileSync(java, ['-jar', join(import.meta.dirname, '../../target/stoa.jar'), 'demo', '--data-dir', dataDir], { encoding: 'utf8' });
  const password = /Every demo user's password: (\S+)/.exec(out)![1]!;
  stoa = new StoaServer((await StoaServer.fresh()).port, dataDir, '--rate-limit-user 100000 --rate-limit-ip 100000');
  await stoa.start();
  browser = await launchBrowser();
  const { page } = await newUserPage(browser, stoa.url);
  // What the first screen fetches in a fresh browser: every script until the Inbox is usable.
  const js = new Map<string, number>();
  page.on('response', (r) => { if (r.url().endsWith('.js')) js.set(r.url(), Number(r.headers()['content-length'] ?? 0)); });
  await login(page, 'iago@zulip.com', password);
  await page.locator('.inbox-row').first().waitFor();
  const firstScreen = [...js.values()].reduce((a, b) => a + b, 0);
  const loads: number[] = [];
  await loadInbox(page, -1); // warm: the server's caches
  for (let i = 0; i < RUNS; i++) loads.push(await loadInbox(page, i));
  const switches: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const name of ['Verona', 'Denmark']) switches.push(await switchChannel(page, name));
  }
  console.log(`BENCH demo: page load to a usable Inbox: ${fmt(loads)}`);
  console.log(`BENCH demo: channel switch (Verona <-> Denmark): ${fmt(switches)}`);
  console.log(`BENCH demo: JS the first screen loads: ${(firstScreen / 1024).toFixed(1)} KB gzipped in ${js.size} file(s)`);
}, 600_000);
