// Starts what the browser scenarios need: a real Stoa on a fresh data directory and port (which a
// scenario can stop and start again; it serves the client itself) and headless Chromium.
//
// The server command comes from STOA_SERVER_CMD (a shell command; {port} and {dataDir} are filled
// in, e.g. `java -jar target/stoa.jar run --port {port} --data-dir {dataDir}`), so a JUnit wrapper
// can run these scenarios under `./stoa test` with its own java and classpath (WebClientE2ETest).
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const WEB_DIR = resolve(import.meta.dirname, '..');
const PROJECT_DIR = resolve(WEB_DIR, '..');
export const SHOTS_DIR = resolve(PROJECT_DIR, 'target/web-e2e');
// Standalone: the jar as Maven built it, client included (not `./stoa run`, whose rebuild would run `npm ci` under this very runner).
const JAVA = process.env.JAVA_HOME ? `${process.env.JAVA_HOME}/bin/java` : 'java';
const DEFAULT_CMD = `${JAVA} -jar ${PROJECT_DIR}/target/stoa.jar run --port {port} --data-dir {dataDir}`;

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

async function until<T>(what: string, f: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export class StoaServer {
  readonly url: string;
  private proc: ChildProcess | null = null;
  private output = '';
  owner = { email: '', password: '', apiKey: '' };

  constructor(readonly port: number, readonly dataDir: string, readonly extraArgs = '') {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** `extraArgs` are appended to the server's command line (e.g. `--rate-limit-user 1000000`). */
  static async fresh(extraArgs = ''): Promise<StoaServer> {
    return new StoaServer(await freePort(), mkdtempSync(join(tmpdir(), 'stoa-e2e-')), extraArgs);
  }

  async start() {
    const cmd = (process.env.STOA_SERVER_CMD ?? DEFAULT_CMD).replaceAll('{port}', String(this.port)).replaceAll('{dataDir}', this.dataDir) + (this.extraArgs ? ' ' + this.extraArgs : '');
    this.output = '';
    this.proc = spawn('bash', ['-c', `exec ${cmd}`], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const collect = (b: Buffer) => { this.output += b.toString(); };
    this.proc.stdout!.on('data', collect);
    this.proc.stderr!.on('data', collect);
    await until('Stoa to listen', () => {
      if (this.proc?.exitCode !== null) throw new Error('Stoa exited:\n' + this.output);
      return this.output.includes('Stoa is listening') ? true : undefined;
    }, 180_000);
    const grab = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(this.output)?.[1];
    if (!this.owner.email) this.owner = { email: grab('email')!, password: grab('password')!, apiKey: grab('API key')! };
  }

  /** Stops the server (SIGKILL: the hardest restart there is) and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGKILL') {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    process.kill(-p.pid!, signal);
    await exited;
    this.proc = null;
  }

  /**
   * Runs SQL statements on the stopped server's database (e2e/Sql.java, by the server's own java and class
   * path: STOA_SERVER_CMD's, or the jar's), for what the API cannot make. Start the server again after.
   */
  sql(...statements: string[]) {
    if (this.proc) throw new Error('stop the server first');
    const cmd = (process.env.STOA_SERVER_CMD ?? DEFAULT_CMD).replace(/(?:-jar (\S+)|(dev\.stoa\.cli\.Main)) run .*$/, (_all, jar?: string) =>
      (jar ? `-cp ${jar}` : '') + ` ${join(WEB_DIR, 'e2e/Sql.java')} ${join(this.dataDir, 'stoa.db')}`);
    const quote = (x: string) => `'${x.replaceAll("'", "'\\''")}'`;
    execSync(`${cmd} ${statements.map(quote).join(' ')}`, { stdio: 'pipe' });
  }

  /** Calls the API as the owner (or another user) over HTTP Basic. */
  async api(method: string, path: string, params: Record<string, unknown> = {}, who = { email: this.owner.email, apiKey: this.owner.apiKey }) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) body.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const auth = 'Basic ' + Buffer.from(`${who.email}:${who.apiKey}`).toString('base64');
    const url = `${this.url}/api/v1${path}` + (method === 'GET' ? '?' + body : '');
    const r = await fetch(url, { method, headers: { authorization: auth }, body: method === 'GET' ? undefined : body });
    const json = (await r.json()) as Record<string, any>;
    if (json.result !== 'success') throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
    return json;
  }

  async createUser(email: string, fullName: string, password: string) {
    const r = await this.api('POST', '/users', { email, full_name: fullName, password });
    const key = await fetch(`${this.url}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: email, password }) }).then((x) => x.json() as Promise<any>);
    return { id: r.user_id as number, email, apiKey: key.api_key as string, password, fullName };
  }
}

export type Person = Awaited<ReturnType<StoaServer['createUser']>>;
export interface TwoPeople { stoa: StoaServer; browser: Browser; ada: Person; bob: Person; A: Page; B: Page; generalId: number }

/** The start-up scenario files share: a fresh Stoa (`extraArgs`), Ada and Bob in #general, a browser, Ada signed in on page A and Bob on B. */
export async function twoPeople(extraArgs = ''): Promise<TwoPeople> {
  const stoa = await StoaServer.fresh(extraArgs);
  await stoa.start();
  const ada = await stoa.createUser('ada@example.com', 'Ada Lovelace', 'ada-password-1');
  const bob = await stoa.createUser('bob@example.com', 'Bob Builder', 'bob-password-1');
  await stoa.api('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'general' }], principals: [ada.id, bob.id] });
  const generalId = (await stoa.api('GET', '/get_stream_id', { stream: 'general' })).stream_id as number;
  const browser = await launchBrowser();
  const A = (await newUserPage(browser, stoa.url)).page;
  const B = (await newUserPage(browser, stoa.url)).page;
  await login(A, ada.email, ada.password);
  await login(B, bob.email, bob.password);
  return { stoa, browser, ada, bob, A, B, generalId };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function newUserPage(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }, options: { bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  return { context, page };
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForSelector('nav.sidebar');
}

export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`) });
}

/** Waits until the emoji sheet the page uses is decoded (a screenshot taken earlier shows blank emoji). */
export async function emojiSheetReady(page: Page) {
  await page.evaluate(async () => {
    const painted = [...document.querySelectorAll('.emoji')].map((el) => /url\("?([^")]+)"?\)/.exec(getComputedStyle(el).backgroundImage)?.[1]).find(Boolean);
    if (!painted) return;
    const img = new Image();
    img.src = painted;
    await img.decode();
  });
}
