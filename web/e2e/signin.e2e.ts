// Sign-in in a real browser (issue 28): the password form in Settings, two-factor set-up and a sign-in
// that asks for the code, and the mobile app's flow (/login/?mobile_flow_otp=…) ending in zulip://login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { StoaServer, launchBrowser, login, newUserPage, shot } from './harness.ts';

let stoa: StoaServer;
let browser: Browser;

beforeAll(async () => {
  stoa = await StoaServer.fresh('--two-factor true');
  await stoa.start();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stoa?.stop('SIGTERM');
});

/** RFC 6238 (HMAC-SHA1, 30 s, 6 digits) from the base32 secret, as an authenticator app computes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1] & 0xf;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('sign-in', () => {
  it('changes the password in Settings, sets up two-factor, and signs in with a code', async () => {
    const u = await stoa.createUser('tess@example.com', 'Tess Two', 'tess-password-1');
    const { page } = await newUserPage(browser, stoa.url);
    await login(page, u.email, u.password);
    await page.goto('/#settings/profile');
    await page.getByLabel('Current password').first().fill('wrong-password');
    await page.getByLabel('New password').fill('tess-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Wrong password!').waitFor();
    await page.getByLabel('Current password').first().fill('tess-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByLabel('New password').inputValue()).toBe('');
    await shot(page, 'signin-01-password-changed');
    // two-factor: password, then the app's first code
    const tf = page.locator('form', { has: page.getByRole('heading', { name: 'Two-factor authentication' }) });
    await tf.getByLabel('Current password').fill('tess-password-2');
    await tf.getByRole('button', { name: 'Set up' }).click();
    const secret = (await tf.locator('.totp-secret').textContent())!.trim();
    await tf.getByLabel('Code from the app').fill(totp(secret));
    await tf.getByRole('button', { name: 'Turn on' }).click();
    await tf.locator('.recovery-codes').waitFor();
    await shot(page, 'signin-02-two-factor-on');
    // a new browser: password, then the code (the next step's, as the set-up spent the current one)
    const other = (await newUserPage(browser, stoa.url)).page;
    await other.goto('/');
    await other.getByLabel('Email').fill(u.email);
    await other.getByLabel('Password').fill('tess-password-2');
    await other.getByRole('button', { name: 'Log in' }).click();
    await other.getByLabel('Two-factor code').waitFor();
    await shot(other, 'signin-03-code-asked');
    await other.getByLabel('Two-factor code').fill(totp(secret, Date.now() + 30_000));
    await other.getByRole('button', { name: 'Log in' }).click();
    await other.waitForSelector('nav.sidebar');
  });

  it("the mobile app's flow: the login page signs in and sends the browser to zulip://login", async () => {
    const u = await stoa.createUser('mo@example.com', 'Mo Bile', 'mo-password-1');
    const otp = randomBytes(32).toString('hex');
    const { page } = await newUserPage(browser, stoa.url);
    await page.goto(`/login/?mobile_flow_otp=${otp}`);
    await shot(page, 'signin-04-mobile-login');
    await page.getByLabel('Email').fill(u.email);
    await page.getByLabel('Password').fill(u.password);
    const toApp = page.waitForRequest((r) => r.url().startsWith('zulip://'), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Log in' }).click();
    const url = new URL((await toApp).url());
    expect(url.host).toBe('login');
    const encrypted = Buffer.from(url.searchParams.get('otp_encrypted_api_key')!, 'hex');
    const pad = Buffer.from(otp, 'hex');
    expect(Buffer.from(encrypted.map((b, i) => b ^ pad[i])).toString('ascii')).toBe(u.apiKey);
    expect(url.searchParams.get('email')).toBe(u.email);
    expect(url.searchParams.get('realm')).toBe(stoa.url);
  });
});
