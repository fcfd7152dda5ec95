// The people and settings side of the web client in a real browser against a real Stoa: emoji from the
// sprite sheet, the people sidebar and profile cards, status, settings, administration, invitations and
// the interface in German; then, on the same server, browser and people, rows.ts (polls and to-do lists,
// issue 29's remaining rows) and integrations.ts (an incoming-webhook bot's integration URL). Screenshots: target/web-e2e/ (names start with "p", "r", "w", "i").
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { StoaServer, emojiSheetReady, login, newUserPage, shot, twoPeople, type Person } from './harness.ts';
import { rowScenarios } from './rows.ts';
import { integrationScenarios } from './integrations.ts';

let stoa: StoaServer;
let browser: Browser;
let ada: Person;
let bob: Person;
let A: Page;
let B: Page;
let generalId: number;

beforeAll(async () => {
  // many actions as one user in a few seconds (rows.ts): above any person's rate
  ({ stoa, browser, ada, bob, A, B, generalId } = await twoPeople('--rate-limit-user 1000000'));
});

afterAll(async () => {
  await browser?.close();
  await stoa?.stop('SIGTERM');
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail' || !browser) return;
  const pages = browser.contexts().flatMap((c) => c.pages());
  await Promise.all(pages.map((p, i) => shot(p, `failed-${/^(widgets|issue 29)/.test(ctx.task.suite?.name ?? '') ? 'r' : 'p'}-${ctx.task.name.replace(/\W+/g, '-')}-${i}`).catch(() => undefined)));
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
    await box.press('Control+Enter');
    const msg = feedMessage(A, 'Ship it');
    await msg.locator('.emoji.emoji-1f44d').waitFor();
    expect(await paintedBySheet(A, '.feed .message .emoji-1f44d')).toContain('.png');

    await msg.hover();
    await msg.getByRole('button', { name: 'Add reaction' }).click();
    const picker = A.getByRole('dialog', { name: 'Emoji picker' });
    await picker.getByRole('region', { name: 'Animals & Nature' }).waitFor();
    await expect.poll(() => paintedBySheet(A, '.emoji-picker .emoji-cell .emoji')).toContain('.png');
    await emojiSheetReady(A);
    await shot(A, 'p02a-emoji-picker-categories');
    await picker.getByRole('radio', { name: 'Medium-dark' }).click();
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('like');
    await picker.getByRole('button', { name: 'thumbs_up_medium-dark_skin_tone' }).waitFor();
    await shot(A, 'p02-emoji-picker');
    await picker.getByRole('searchbox', { name: 'Search emoji' }).press('Enter');
    await msg.locator('.reaction .emoji-1f44d-1f3fe').waitFor();
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

  it('personal settings: density, time zone, 24-hour time, emoji set and per-channel notifications', async () => {
    // Zulip's emoji sets: Google's (the default), Twitter's (Twemoji, its own sheet) and plain text
    const topic = `/#narrow/channel/${generalId}-general/topic/emoji`;
    const thumbsSheet = () => feedMessage(A, 'Ship it').locator('.message-content .emoji-1f44d').evaluate((el) => getComputedStyle(el).backgroundImage);
    const emojiSet = A.locator('label.field:has(> span:text-is("Emoji")) select');
    await A.goto(topic);
    const google = await thumbsSheet();
    expect(google).toContain('.png');
    await A.goto('/#settings/display');
    await emojiSet.selectOption('twitter');
    await expect.poll(async () => (await stoa.api('POST', '/register', { fetch_event_types: ['user_settings'] }, ada)).user_settings.emojiset).toBe('twitter');
    await A.goto(topic);
    await expect.poll(thumbsSheet).toMatch(/\.png/);
    expect(await thumbsSheet()).not.toBe(google);
    await A.locator('.toast').waitFor({ state: 'detached' });
    await emojiSheetReady(A);
    await shot(A, 'p07a-twemoji');
    await A.goto('/#settings/display');
    await A.getByLabel('Compact').click();
    await expect.poll(() => A.getByLabel('Compact').isChecked()).toBe(true);
    await A.getByLabel('Time zone').selectOption('Europe/Berlin');
    await A.getByLabel('24-hour time').click();
    await expect.poll(() => A.getByLabel('24-hour time').isChecked()).toBe(true);
    await emojiSet.selectOption('text');
    await expect.poll(async () => (await stoa.api('GET', '/users/me', {}, ada)).timezone ?? (await stoa.api('POST', '/register', {}, ada)).user_settings.timezone).toBe('Europe/Berlin');
    await expect.poll(() => A.evaluate(() => document.documentElement.dataset.emojiset)).toBe('text');
    await shot(A, 'p07-settings-preferences');
    await A.goto(`/#narrow/channel/${generalId}-general/topic/emoji`);
    await expect.poll(() => feedMessage(A, 'Ship it').locator('.message-main').evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
    await expect.poll(() => feedMessage(A, 'Ship it').locator('.reaction .emoji').evaluate((el) => getComputedStyle(el, '::before').content)).toContain(':thumbs_up_medium-dark_skin_tone:');
    await A.goto('/#settings/display');
    await emojiSet.selectOption('google');
    await A.getByLabel('Comfortable').click();

    await A.goto('/#settings/channels');
    await A.getByLabel('Desktop notifications for general').click();
    await expect.poll(() => A.getByLabel('Desktop notifications for general').isChecked()).toBe(true);
    await A.getByLabel('Pin general').click();
    await expect.poll(async () => ((await stoa.api('GET', '/users/me/subscriptions', {}, ada)).subscriptions as any[])
      .find((x) => x.name === 'general')).toMatchObject({ desktop_notifications: true, pin_to_top: true });
    await shot(A, 'p08-settings-channels');
  });

  it('administration: invitations (email without outgoing mail, and an edited link), roles, groups, permissions, bots, fields, export, a channel', async () => {
    const { page: O } = await newUserPage(browser, stoa.url);
    await login(O, stoa.owner.email, stoa.owner.password);
    await O.goto('/#settings/invitations');
    await O.getByRole('button', { name: 'Invite users to organization' }).click();
    const dialog = O.getByRole('dialog', { name: 'Invite users to organization' });
    await dialog.getByRole('button', { name: 'Email invitation' }).click();
    await dialog.getByRole('note').filter({ hasText: 'not configured to send email' }).waitFor();
    await dialog.getByLabel('Emails (one on each line or comma-separated)').fill('carol@example.com');
    await dialog.getByLabel('#general').check();
    await shot(O, 'p09-invite-dialog');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await O.getByRole('row', { name: /carol@example\.com/ }).waitFor();
    await O.getByRole('button', { name: 'Invite users to organization' }).click();
    await dialog.getByRole('button', { name: 'Invitation link' }).click();
    await dialog.getByLabel('Users join as').selectOption({ label: 'Guest' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue()).toContain('/join/');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const linkRow = O.getByRole('row', { name: /Invitation link/ });
    await linkRow.getByRole('button', { name: 'Edit' }).click();
    const edit = O.getByRole('dialog', { name: 'Edit invitation link' });
    await edit.getByLabel('Users join as').selectOption({ label: 'Member' });
    await edit.getByLabel('#general').check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => ((await stoa.api('GET', '/invites')).invites as any[]).find((i) => i.is_multiuse))
      .toMatchObject({ invited_as: 400, stream_ids: [generalId] });
    await shot(O, 'p10-invitations');

    await O.goto('/#settings/users');
    await O.getByLabel('Role of Bob Builder').selectOption({ label: 'Moderator' });
    await expect.poll(async () => (await stoa.api('GET', `/users/${bob.id}`)).user.role).toBe(300);

    await O.goto('/#settings/groups');
    const groupForm = O.getByRole('form', { name: 'Create a user group' });
    await groupForm.getByLabel('Name').fill('reviewers');
    await groupForm.getByRole('button', { name: 'Create group' }).click();
    const group = O.locator('.group-admin', { hasText: 'reviewers' });
    await group.getByRole('button', { name: 'Members and permissions' }).click();
    await group.getByLabel('Add a member').selectOption({ label: 'Ada Lovelace' });
    await group.getByRole('list', { name: 'Members of reviewers' }).getByText('Ada Lovelace').waitFor();
    await shot(O, 'p11-groups');

    await O.goto('/#settings/permissions');
    await O.getByLabel('Who can add custom emoji').selectOption({ label: 'Administrators' });
    const admins = ((await stoa.api('GET', '/user_groups')).user_groups as any[]).find((g) => g.name === 'role:administrators').id;
    await expect.poll(async () => (await stoa.api('POST', '/register', {})).realm_can_add_custom_emoji_group).toBe(admins);
    await shot(O, 'p12-permissions');

    await O.goto('/#settings/bots');
    const botForm = O.getByRole('form', { name: 'Create a bot' });
    await botForm.getByLabel('Name').fill('Deploy Bot');
    await botForm.getByLabel('Bot email (a-z, 0-9 and -)').fill('deploy');
    await botForm.getByRole('button', { name: 'Create bot' }).click();
    await O.getByRole('row', { name: /Deploy Bot/ }).locator('code.api-key').waitFor();

    await O.goto('/#settings/profile-fields');
    const fieldForm = O.getByRole('form', { name: 'Add a profile field' });
    await fieldForm.getByLabel('Name').fill('Office');
    await fieldForm.getByRole('button', { name: 'Add field' }).click();
    await O.getByRole('row', { name: /Office/ }).waitFor();

    await O.goto('/#settings/export');
    await O.getByRole('button', { name: 'Start export of public data' }).click();
    await O.getByRole('link', { name: 'Download' }).or(O.getByRole('cell', { name: 'In progress…' })).first().waitFor();

    await O.goto('/#settings/org-channels');
    await O.getByRole('textbox', { name: 'Name' }).fill('builders-only');
    await O.locator('.settings-body').getByLabel('Bob Builder').check();
    await O.locator('summary', { hasText: 'Permissions' }).click();
    await O.getByLabel('Who can post to this channel').selectOption({ label: 'Administrators' });
    await O.getByRole('button', { name: 'Create channel' }).click();
    await expect.poll(async () => {
      const id = (await stoa.api('GET', '/get_stream_id', { stream: 'builders-only' }).catch(() => ({ stream_id: 0 }))).stream_id;
      return id ? ((await stoa.api('GET', `/streams/${id}/members`)).subscribers as number[]).includes(bob.id) : false;
    }).toBe(true);
    await O.context().close();
  });

  it('the interface in German, and the new parts pass axe', async () => {
    await A.getByRole('searchbox', { name: 'Search people' }).fill('');
    await A.goto('/#settings/display');
    await A.getByLabel('Language').selectOption('de');
    await A.getByRole('navigation', { name: 'Bereiche der Einstellungen' }).getByText('Persönlich').waitFor();
    await A.getByRole('complementary', { name: 'Personen' }).waitFor();
    await shot(A, 'p13-german-settings');
    // the main screens too: sidebar, search, compose and feed texts come from the catalog
    await A.goto('/#inbox');
    await A.getByRole('navigation', { name: 'Kanäle und Unterhaltungen' }).getByRole('heading', { name: 'Direktnachrichten' }).waitFor();
    await A.getByLabel('Nachrichten durchsuchen').waitFor();
    await A.getByRole('button', { name: 'Neue DN' }).waitFor();
    await A.getByRole('button', { name: 'Alle als gelesen markieren' }).waitFor();
    await shot(A, 'p13-german-inbox');
    await A.goto('/#settings/display');
    await A.getByRole('button', { name: 'Profil von Bob Builder' }).first().click();
    await A.getByRole('dialog', { name: 'Profil von Bob Builder' }).getByRole('button', { name: 'Direktnachricht senden' }).waitFor();
    await shot(A, 'p14-german-card');
    await A.keyboard.press('Escape');
    await A.getByLabel('Sprache').selectOption('en');
    await A.getByRole('complementary', { name: 'People' }).waitFor();

    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const { page: L } = await newUserPage(browser, stoa.url, undefined, { bypassCSP: true });
    await login(L, stoa.owner.email, stoa.owner.password);
    const check = async (name: string) => {
      await L.addScriptTag({ content: axe });
      const result = await L.evaluate(async () => (window as any).axe.run(document, { resultTypes: ['violations'] }));
      expect((result.violations as any[]).map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    };
    await L.goto(`/#narrow/channel/${generalId}-general/topic/emoji`);
    const msg = feedMessage(L, 'Ship it');
    await msg.hover();
    await msg.getByRole('button', { name: 'Add reaction' }).click();
    await L.getByRole('dialog', { name: 'Emoji picker' }).getByRole('region', { name: 'Flags' }).waitFor();
    await check('emoji picker');
    await L.keyboard.press('Escape');
    await L.getByRole('button', { name: 'Profile of Bob Builder' }).first().click();
    await check('profile card');
    await L.keyboard.press('Escape');
    for (const section of ['invitations', 'permissions', 'groups', 'display', 'channels']) {
      await L.goto(`/#settings/${section}`);
      await L.locator('.settings-section').waitFor();
      await check('settings ' + section);
    }
    await L.context().close();
  }, 240_000);
  it('opens a channel linked by name, as old Zulip links do, and a row menu low in the sidebar upwards', async () => {
    const { page: P } = await newUserPage(browser, stoa.url, { width: 1000, height: 420 });
    await login(P, ada.email, ada.password);
    for (const name of ['alpha', 'beta', 'gamma', 'delta', 'core team']) await stoa.api('POST', '/users/me/subscriptions', { subscriptions: [{ name }], principals: [ada.id] });
    const coreId = (await stoa.api('GET', '/get_stream_id', { stream: 'core team' })).stream_id as number;
    await stoa.api('POST', '/messages', { type: 'stream', to: coreId, topic: 'plans', content: 'Linked by name' });
    // Zulip's old URL form names the channel (`stream/<name>`); its slug works too
    for (const hash of ['#narrow/stream/core.20team', '#narrow/channel/core-team/topic/plans']) {
      await P.goto('/' + hash);
      await expect.poll(() => P.locator('.feed .recipient-header .rh-channel').first().textContent()).toBe('core team');
      await feedMessage(P, 'Linked by name').waitFor();
    }
    // the compose box knows the conversation: the channel is its target, not a search
    await P.getByText('Message #core team › plans').first().waitFor();

    // the last channel row at the bottom edge of a short window: its menu must show every item
    const row = P.locator('.channel-row').last();
    await row.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await row.hover();
    await row.locator('.row-menu-button').click();
    const menu = P.getByRole('menu', { name: /^Channel options for / });
    await menu.waitFor();
    const items = menu.getByRole('menuitem');
    expect(await items.count()).toBeGreaterThan(3);
    const sidebar = (await P.locator('nav.sidebar').boundingBox())!;
    for (const box of [await items.first().boundingBox(), await items.last().boundingBox()]) {
      expect(box!.y).toBeGreaterThanOrEqual(sidebar.y);
      expect(box!.y + box!.height).toBeLessThanOrEqual(Math.min(sidebar.y + sidebar.height, 420));
    }
    await shot(P, 'p15-row-menu-upwards');
    // Escape closes it, and the next menu opens with one click (no listener of the last one left behind)
    await P.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await row.hover();
    await row.locator('.row-menu-button').click();
    await menu.waitFor();
    await items.first().hover();
    await expect.poll(() => menu.count()).toBe(1);
    await P.context().close();
  });
});

// The rows of issue 29 that no other file covers, and polls and to-do lists: on this server, after the above.
rowScenarios(() => ({ stoa, browser, ada, bob, A, B, generalId }));
integrationScenarios(() => ({ stoa, browser, ada, bob, A, B, generalId }));
