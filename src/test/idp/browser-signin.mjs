// The sign-in methods in a real browser (issue 28): one headless Chromium (playwright-core from the web
// client's node_modules), one fresh browser context per scenario, against a running Stoa and the real
// identity providers SignInBrowserTest started. Each scenario starts where a person starts, the web
// client's login page (/, or /login/?mobile_flow_otp=… as Zulip's mobile app opens it), uses the
// method's button or form and the provider's own pages, and ends signed in to the web client (its
// sidebar) or at the zulip://login redirect. One JSON line per scenario on stdout ("RESULT {…}"); the
// test checks them (the email signed in, the API key the pad decrypts).
// Usage: node browser-signin.mjs PLAN.json; env PLAYWRIGHT_CORE (its directory), CHROMIUM_PATH, SHOTS_DIR.
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const { chromium } = await import(pathToFileURL(join(process.env.PLAYWRIGHT_CORE, 'index.mjs')).href);
const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const shots = process.env.SHOTS_DIR;
mkdirSync(shots, { recursive: true });

/** RFC 6238 (HMAC-SHA1, 30 s, 6 digits) from the base32 secret, as an authenticator app computes it. */
function totp(secret, at) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1] & 0xf;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** What a person does on the login page and at the provider, by method. */
const methods = {
  async password(page, s) {
    await page.locator('input[name=username]').fill(s.username);
    await page.getByLabel('Password').fill(s.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    if (!s.totpSecret) return;
    await page.getByLabel('Two-factor code').waitFor();
    await shot(page, s, 'code-asked');
    // the step after the one the enrolment spent (accepted while it is at most one step ahead)
    await page.getByLabel('Two-factor code').fill(totp(s.totpSecret, s.totpAt));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  },
  async oidc(page, s) {
    await page.getByRole('link', { name: s.button }).click();
    // oidc-provider's development login and consent pages
    await page.locator('input[name=login]').fill(s.username);
    await page.locator('input[name=password]').fill(s.password);
    await shot(page, s, 'provider');
    await page.locator('button[type=submit]').click();
    await page.getByRole('button', { name: 'Continue' }).click();
  },
  async github(page, s) {
    // the GitHub stand-in: signed in there already, it answers the authorization at once
    await page.getByRole('link', { name: s.button }).click();
  },
  async saml(page, s) {
    await page.getByRole('link', { name: s.button }).click();
    await page.getByLabel('Login').fill(s.username);
    await page.getByLabel('Password').fill(s.password);
    await shot(page, s, 'provider');
    await page.getByRole('button', { name: 'Sign in' }).click(); // its Response is POSTed back by an auto-submitting form
  },
  // hostile: the request to the first provider is taken to the second, which answers for its own account
  async samlCrossed(page, s) {
    await page.getByRole('link', { name: s.button }).click();
    await page.waitForURL(`${s.from}/sso**`);
    await page.goto(page.url().replace(s.from, s.to));
    await page.getByLabel('Login').fill(s.username);
    await page.getByLabel('Password').fill(s.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Sign-in failed').first().waitFor();
    await shot(page, s, 'refused');
    return { refused: await page.locator('body').innerText() };
  },
};

async function shot(page, s, step) {
  await page.screenshot({ path: join(shots, `${s.name}-${s.mobileOtp ? 'mobile' : 'web'}-${step}.png`) });
}

/** The zulip:// URL the flow ends at: a redirect's Location (the providers' ways back), or the page's own navigation (the password form). */
function appRedirect(page) {
  return new Promise((resolve) => {
    page.on('request', (r) => { if (r.url().startsWith('zulip://')) resolve(r.url()); });
    page.on('response', (r) => { const l = r.headers().location; if (l?.startsWith('zulip://')) resolve(l); });
  });
}

async function run(browser, s) {
  const context = await browser.newContext({ baseURL: plan.stoa, viewport: { width: 1100, height: 760 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  try {
    await page.goto(s.mobileOtp ? `/login/?mobile_flow_otp=${s.mobileOtp}` : '/');
    await page.getByRole('heading', { name: 'Log in to Stoa' }).waitFor();
    await shot(page, s, 'login');
    if (s.mobileOtp) {
      const toApp = appRedirect(page);
      await methods[s.method](page, s);
      const url = await Promise.race([toApp, new Promise((_, fail) => setTimeout(() => fail(new Error('no zulip:// redirect in 30 s')), 30_000))]);
      return { redirect: url };
    }
    const outcome = await methods[s.method](page, s);
    if (outcome) return outcome;
    await page.waitForSelector('nav.sidebar');
    await shot(page, s, 'signed-in');
    const me = await page.evaluate(async () => (await fetch('/json/users/me')).json());
    return { email: me.email };
  } catch (e) {
    await shot(page, s, 'failed').catch(() => undefined);
    return { error: `${e.message} (at ${page.url()})` };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  for (const s of plan.scenarios) {
    if (s.totpSecret) s.totpAt = Date.now() + 30_000;
    console.log('RESULT ' + JSON.stringify({ name: s.name, mobile: !!s.mobileOtp, ...(await run(browser, s)) }));
  }
} finally {
  await browser.close();
}
