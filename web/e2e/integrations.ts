// Issue 27's web client part, run inside people.e2e.ts on its server and browser (as rows.ts): an
// incoming-webhook bot's settings build the URL for a chosen integration, channel and topic (Zulip's
// "Generate URL for an integration"), and a service posting to that URL lands in that topic.
// Screenshots: target/web-e2e/i-*.png.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, newUserPage, shot, type TwoPeople } from './harness.ts';

export function integrationScenarios(world: () => TwoPeople) {
  let w: TwoPeople;
  let O: Page;
  let ciId: number;

  beforeAll(async () => {
    w = world();
    await w.stoa.api('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'ci' }] });
    ciId = (await w.stoa.api('GET', '/get_stream_id', { stream: 'ci' })).stream_id;
    // The web client's bot settings are among the administration pages: the organization's owner, on a page of their own.
    O = (await newUserPage(w.browser, w.stoa.url)).page;
    await O.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await login(O, w.stoa.owner.email, w.stoa.owner.password);
  });

  afterAll(async () => {
    await O?.context().close();
  });

  it('an incoming-webhook bot\'s integration URL, built for CircleCI in #ci > builds, posts there', async () => {
    try {
      await O.goto('/#settings/bots');
      const form = O.getByRole('form', { name: 'Create a bot' });
      await form.getByLabel('Name').fill('CI Bot');
      await form.getByLabel('Bot email (a-z, 0-9 and -)').fill('ci');
      await form.getByLabel('Type').selectOption({ label: 'Incoming webhook' });
      await form.getByRole('button', { name: 'Create bot' }).click();
      const row = O.getByRole('row', { name: /CI Bot/ });
      const key = await row.locator('code.api-key').textContent();
      await row.getByRole('button', { name: 'Integration URL' }).click();

      const dialog = O.getByRole('dialog', { name: 'Integration URL for CI Bot' });
      const url = dialog.getByLabel('URL to give the service');
      // By default: the first integration, a direct message to the bot's owner (no channel, no topic).
      await expect.poll(() => url.inputValue()).toBe(`${w.stoa.url}/api/v1/external/github?api_key=${key}`);
      // GitHub's own URL options are offered: its branches filter.
      await dialog.getByLabel('branches').fill('main');
      await expect.poll(() => url.inputValue()).toBe(`${w.stoa.url}/api/v1/external/github?api_key=${key}&branches=main`);

      await dialog.getByLabel('Integration').selectOption({ label: 'CircleCI' });
      await dialog.getByLabel('Where to send notifications').selectOption({ label: '#ci' });
      await dialog.getByLabel('Topic (empty: the integration chooses)').fill('builds');
      const expected = `${w.stoa.url}/api/v1/external/circleci?api_key=${key}&stream=${ciId}&topic=builds`;
      await expect.poll(() => url.inputValue()).toBe(expected);
      await dialog.getByRole('button', { name: 'Copy URL' }).click();
      await expect.poll(() => O.evaluate(() => navigator.clipboard.readText())).toBe(expected);
      await shot(O, 'i-integration-url');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // The service (here: CircleCI's documented ping) posts to the copied URL; the message shows in #ci > builds.
      const ping = { happened_at: '2026-03-02T09:14:05.311204Z', id: '5d1c2b4e-8f0a-4d6e-9a3b-1c7e2f9d0a41', type: 'ping', webhook: { id: '0b6e2d71', name: 'Stoa' } };
      const answer = await fetch(expected, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ping) });
      expect(((await answer.json()) as { result: string }).result).toBe('success');
      await O.goto(`/#narrow/channel/${ciId}-ci/topic/builds`);
      await O.getByText("Webhook 'Stoa' test event successful.").waitFor();
      await shot(O, 'i-posted');
    } catch (e) {
      await shot(O, 'failed-i-integration-url').catch(() => undefined);
      throw e;
    }
  });
}
