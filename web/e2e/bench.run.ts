// `npm run bench`: figures, not assertions (BENCH lines on stdout and in target/web-e2e/bench.txt).
//  - rendering: bench.html built as production code (minified, like the shipped client) in headless
//    Chromium: a narrow of 1,000 messages, one live message appended with 5,000 loaded;
//  - the demo organization (`stoa demo`) on a real Stoa serving this very build of the client: the
//    first screen's JS (gzipped), page load to a usable Inbox, and a channel switch from the sidebar.
//    Needs target/stoa.jar (`mvn -q -DskipTests -Dstoa.web.skip=true package`); the client built here
//    goes first on the server's class path, so the jar's own copy (if any) does not matter.
import { afterAll, it } from 'vitest';
import { build, preview, type PreviewServer } from 'vite';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { SHOTS_DIR, StoaServer, freePort, launchBrowser, newUserPage, shot } from './harness.ts';

const ROOT = resolve(import.meta.dirname, '..');
const PROJECT = resolve(ROOT, '..');
const JAVA = process.env.JAVA_HOME ? `${process.env.JAVA_HOME}/bin/java` : 'java';
const CONFIG = resolve(ROOT, 'vite.config.ts');

let server: PreviewServer | undefined;
let browser: Browser | undefined;
let stoa: StoaServer | undefined;
afterAll(async () => { await browser?.close(); await stoa?.stop('SIGTERM'); await new Promise((r) => (server ? server.httpServer.close(r) : r(undefined))); });

function report(line: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  appendFileSync(join(SHOTS_DIR, 'bench.txt'), `${new Date().toISOString()} BENCH ${line}\n`);
  console.log(`BENCH ${line}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

it('measures rendering', async () => {
  const port = await freePort();
  const outDir = mkdtempSync(join(tmpdir(), 'stoa-bench-'));
  await build({ root: ROOT, configFile: CONFIG, logLevel: 'warn', build: { outDir, rollupOptions: { input: resolve(ROOT, 'bench.html') } } });
  server = await preview({ root: ROOT, configFile: CONFIG, build: { outDir }, preview: { port, host: '127.0.0.1' }, logLevel: 'warn' });
  browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:${port}/static/bench.html`);
  const r = await page.waitForFunction(() => (window as any).__bench, null, { timeout: 120_000 }).then((h) => h.jsonValue());
  report(`render a narrow of 1,000 messages: ${r.render1000ms.toFixed(1)} ms (median of 5)`);
  report(`append one live message with 5,000 loaded: ${r.append5000ms.toFixed(1)} ms (median of 10; ${r.messagesInDom} messages in the DOM)`);
  await page.close();
}, 180_000);

/** The JS that index.html loads before anything else (its entry script and the modules it preloads), gzipped. */
function firstScreenJs(webDir: string): { files: number; gzipKb: number; allGzipKb: number } {
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const names = [...html.matchAll(/(?:src|href)="\/static\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const gz = (n: string) => gzipSync(readFileSync(join(webDir, n))).length / 1024;
  const all = readdirSync(webDir).filter((n) => n.endsWith('.js'));
  return { files: names.length, gzipKb: names.reduce((a, n) => a + gz(n), 0), allGzipKb: all.reduce((a, n) => a + gz(n), 0) };
}

/** From navigation to the Inbox showing its unread conversations with the compose button ready. */
async function timeToInbox(page: Page): Promise<number> {
  await page.goto('about:blank');
  const t0 = Date.now();
  await page.goto('/#inbox');
  await page.locator('.inbox-row').first().waitFor();
  await page.locator('.compose-open-button').waitFor();
  return Date.now() - t0;
}

/** From a click on a channel in the left sidebar to its messages shown. */
async function timeToSwitch(page: Page, name: string): Promise<number> {
  const link = page.locator('.channel-row a.nav-label', { hasText: new RegExp(`^${name}$`) });
  const t0 = Date.now();
  await link.click();
  await page.locator(`.feed[aria-busy="false"] .recipient-header .rh-channel`, { hasText: name }).first().waitFor();
  return Date.now() - t0;
}

it('measures the client on the demo organization', async () => {
  const base = mkdtempSync(join(tmpdir(), 'stoa-bench-web-'));
  const webDir = join(base, 'web');
  await build({ root: ROOT, configFile: CONFIG, logLevel: 'warn', build: { outDir: webDir, emptyOutDir: true } });
  const js = firstScreenJs(webDir);
  report(`first screen JS: ${js.gzipKb.toFixed(1)} KB gzipped in ${js.files} file(s); all chunks ${js.allGzipKb.toFixed(1)} KB gzipped`);
  const cp = `${base}:${join(PROJECT, 'target/stoa.jar')}`;
  process.env.STOA_SERVER_CMD = `${JAVA} -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp ${cp} dev.stoa.cli.Main run --port {port} --data-dir {dataDir}`;
  stoa = await StoaServer.fresh();
  const out = execFileSync(JAVA, ['-cp', cp, 'dev.stoa.cli.Main', 'demo', '--data-dir', stoa.dataDir]).toString();
  const password = /Every demo user's password: (\S+)/.exec(out)![1]!;
  await stoa.start();
  browser ??= await launchBrowser();
  const { page } = await newUserPage(browser, stoa.url);
  page.setDefaultTimeout(60_000);
  await page.goto('/');
  await page.getByLabel('Email').fill('iago@zulip.com');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForSelector('nav.sidebar');
  // The client's own images (emoji sheets) each page load fetches or takes from the cache.
  let images = 0, imageKb = 0;
  page.on('response', (r) => { if (/\/static\/.*\.png$/.test(r.url())) { images++; imageKb += Number(r.headers()['content-length'] ?? 0) / 1024; } });
  const loads: number[] = [];
  for (let i = 0; i < 7; i++) loads.push(await timeToInbox(page));
  report(`page load to a usable Inbox (demo organization, as iago): median ${median(loads)} ms, runs ${loads.join(', ')}`);
  report(`images from /static/ over the 7 Inbox loads: ${images} (${imageKb.toFixed(0)} KB)`);
  images = 0; imageKb = 0;
  await shot(page, 'bench-demo-inbox');
  const channels = await page.locator('.channel-row a.nav-label').allTextContents();
  const switches: number[] = [];
  for (let round = 0; round < 3; round++) for (const name of channels.slice(0, 4)) switches.push(await timeToSwitch(page, name));
  report(`channel switch from the sidebar (demo organization): median ${median(switches)} ms, runs ${switches.join(', ')}`);
  report(`images from /static/ over the switches: ${images} (${imageKb.toFixed(0)} KB)`);
  await shot(page, 'bench-demo-channel');
}, 600_000);
