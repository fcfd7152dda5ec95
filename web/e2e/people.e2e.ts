// The people and settings side of the web client in a real browser against a real Stoa: emoji from the
// sprite sheet, the people sidebar and profile cards, status, settings, administration, invitations and
// the interface in German. Screenshots: target/web-e2e/ (names start with "p").
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
  stoa = await StoaServer.fresh();
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
  await Promise.all(pages.map((p, i) => shot(p, `failed-p-${ctx.task.name.replace(/\W+/g, '-')}-${i}`).catch(() => undefined)));
});

const feedMessage = (p: Page, text: string) => p.locator('.feed .message', { hasText: text });
/** The sheet's image is what paints an emoji (not the system font): its computed background. */
const paintedBySheet = (p: Page, selector: string) => p.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundImage);

describe('people and settings', () => {
  it('emoji come from the sprite sheet: picker with categories, search by alias, skin tone, typeahead', async () => {
    await A.goto(`/#narrow/channel/${generalId}-general/topic/emoji`);
    await A.getByRole('button', { name: /Message #general/ }).click();
    const box = A.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('Ship it :thumbs');
    const first = A.locator('#compose-typeahead li').first();
    await expect.poll(() => first.textContent()).toContain('thumbs_up');
    await expect.poll(() => paintedBySheet(A, '#compose-typeahead li .emoji')).toContain('.png');
    await shot(A, 'p01-emoji-typeahead');
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('Ship it :thumbs_up: ');
    await box.press('Enter');
    const msg = feedMessage(A, 'Ship it');
    await msg.locator('.emoji.emoji-1f44d').waitFor();
    expect(await paintedBySheet(A, '.feed .message .emoji-1f44d')).toContain('.png');

    await msg.hover();
    await msg.getByRole('button', { name: 'Add reaction' }).click();
    const picker = A.getByRole('dialog', { name: 'Emoji picker' });
    await picker.getByRole('region', { name: 'Animals & Nature' }).waitFor();
    await picker.getByRole('radio', { name: 'Medium-dark' }).click();
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('like');
    await picker.getByRole('button', { name: 'thumbs_up_medium-dark_skin_tone' }).waitFor();
    await shot(A, 'p02-emoji-picker');
    await picker.getByRole('searchbox', { name: 'Search emoji' }).press('Enter');
    await B.goto(`/#narrow/channel/${generalId}-general/topic/emoji`);
    const reaction = feedMessage(B, 'Ship it').locator('.reaction .emoji-1f44d-1f3fe');
    await reaction.waitFor();
    expect(await paintedBySheet(B, '.reaction .emoji-1f44d-1f3fe')).toContain('.png');

    // The picked emoji leads "Frequently used" next time.
    await msg.hover();
    await msg.getByRole('button', { name: 'Add reaction' }).click();
    await expect.poll(() => picker.getByRole('region', { name: 'Frequently used' }).getByRole('button').first().getAttribute('aria-label'))
      .toBe('thumbs_up_medium-dark_skin_tone');
    await picker.getByRole('radio', { name: 'Default' }).click();
    await A.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
  });

  it('the people sidebar: search, status and last active live, groups; a profile card from a row, a name or a mention', async () => {
    const field = (await stoa.api('POST', '/realm/profile_fields', { name: 'Team', hint: 'Your team', field_type: 1, display_in_profile_summary: true })).id;
    await stoa.api('PATCH', '/users/me/profile_data', { data: [{ id: field, value: 'Construction' }] }, bob);
    await stoa.api('POST', '/user_groups/create', { name: 'builders', description: 'Builders', members: [bob.id] });
    // Bob sets a status from his personal menu; Ada's sidebar shows it at once.
    await B.getByRole('button', { name: 'Personal menu' }).click();
    await B.getByRole('menuitem', { name: 'Set status' }).click();
    const dialog = B.getByRole('dialog', { name: 'Set status' });
    await dialog.getByRole('button', { name: 'In a meeting' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const people = A.getByRole('complementary', { name: 'People' });
    await people.getByRole('searchbox', { name: 'Search people' }).fill('bob');
    const row = people.locator('.people-list:not(.nested) > li.person-row', { hasText: 'Bob Builder' });
    await row.locator('.person-sub', { hasText: 'In a meeting' }).waitFor();
    await row.locator('.status-emoji .emoji-1f4c5').waitFor();
    expect(await people.locator('.person-row', { hasText: 'Ada Lovelace' }).count()).toBe(0);
    await people.getByRole('searchbox', { name: 'Search people' }).fill('');
    await people.getByRole('button', { name: /builders/ }).click();
    await people.locator('.people-list.nested .person-row', { hasText: 'Bob Builder' }).waitFor();
    await shot(A, 'p03-people-sidebar');

    await row.getByRole('button', { name: 'Profile of Bob Builder' }).click();
    const card = A.getByRole('dialog', { name: 'Profile of Bob Builder' });
    await card.getByText('In a meeting').waitFor();
    await card.getByText('Member', { exact: true }).waitFor();
    await card.getByText('Construction').waitFor();
    await card.getByText('builders').waitFor();
    await shot(A, 'p04-profile-card');
    await card.getByRole('button', { name: 'View full profile' }).click();
    const full = A.getByRole('dialog', { name: 'Bob Builder' });
    await full.getByText('Construction').waitFor();
    await shot(A, 'p05-full-profile');
    await full.getByRole('button', { name: 'Close' }).click();

    // From the feed: a mention and a sender's name open the same card.
    await stoa.api('POST', '/messages', { type: 'stream', to: generalId, topic: 'people', content: `@**Ada Lovelace** meet @**Bob Builder|${bob.id}**` }, bob);
    await A.goto(`/#narrow/channel/${generalId}-general/topic/people`);
    await feedMessage(A, 'meet').locator('.user-mention', { hasText: 'Bob Builder' }).click();
    await card.waitFor();
    await A.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    await feedMessage(A, 'meet').locator('.sender-name').click();
    await card.getByRole('button', { name: 'Send direct message' }).click();
    await A.locator('.title', { hasText: 'Bob Builder' }).waitFor();
    await A.getByRole('textbox', { name: 'Message', exact: true }).waitFor();

    // Ada sets herself away from her own card.
    await people.getByRole('searchbox', { name: 'Search people' }).fill('ada');
    await people.getByRole('button', { name: 'Profile of Ada Lovelace' }).click();
    await A.getByRole('dialog', { name: 'Profile of Ada Lovelace' }).getByRole('button', { name: 'Set yourself as away' }).click();
    await expect.poll(async () => (await stoa.api('POST', '/register', {}, ada)).user_settings.presence_enabled).toBe(false);
    await stoa.api('POST', '/users/me/status', { away: false }, ada);
  });

  it('on a phone the people list opens from the top bar', async () => {
    const { page: P } = await newUserPage(browser, stoa.url, { width: 390, height: 844 });
    await login(P, ada.email, ada.password);
    await P.getByRole('button', { name: 'Show people' }).click();
    await P.getByRole('complementary', { name: 'People' }).locator('.person-row', { hasText: 'Bob Builder' }).waitFor();
    await P.waitForTimeout(200);
    await shot(P, 'p06-phone-people');
    await P.locator('.people-scrim').click({ position: { x: 20, y: 400 } });
    await P.getByRole('complementary', { name: 'People' }).locator('.person-row').first().waitFor({ state: 'hidden' });
    await P.context().close();
  });
});
