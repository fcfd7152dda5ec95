// The rows of issue 29 that the other files leave out, each as a person would check it: a console without
// errors around sign-in (no 401, no invalid `pattern`), the topic menu's copy link / move / resolve (with
// the notification bot's notice), channel folders as sidebar sections, `v` for the selected message's
// image, font size, line spacing, avatar upload and channel colour in Settings, sound notifications, the
// active muted topic's contrast, long German view names that fit the sidebar, a channel's own settings,
// inactive channels demoted; and polls and to-do lists (issue 26, item 10), live between two browsers.
// No server of their own: people.e2e.ts runs them after its scenarios, on its server, browser and people
// (each of the three files had the same start-up). Screenshots: target/web-e2e/r-*.png, w-*.png.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { StoaServer, emojiSheetReady, login, newUserPage, shot, type Person, type TwoPeople } from './harness.ts';

let stoa: StoaServer;
let browser: Browser;
let ada: Person;
let bob: Person;
let A: Page;
let B: Page;
let generalId: number;
let chart = ''; // the uploaded chart's URL

/** A valid PNG (the server decodes avatars, so checksums matter), coloured pixel by pixel. */
function png(width: number, height: number, colour: (x: number, y: number) => number[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0); header.writeUInt32BE(height, 4); header.set([8, 2, 0, 0, 0], 8);
  const row = (y: number) => Buffer.from([0, ...Array.from({ length: width }, (_, x) => colour(x, y)).flat()]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, (_, y) => row(y))));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
const PNG = png(32, 32, () => [200, 60, 20]);
/** A chart-like picture for the lightbox: a sunset gradient with bars. */
const CHART = png(640, 360, (x, y) => (x % 80 < 50 && y > 340 - ((x / 80) | 0) * 38 ? [37, 99, 235] : [250 - y / 3, 180 - y / 4, 120 + y / 4].map(Math.round)));

const feedMessage = (p: Page, text: string) => p.locator('.feed .message', { hasText: text });
const topicHash = (topic: string) => `/#narrow/channel/${generalId}-general/topic/${encodeURIComponent(topic).replace(/%/g, '.')}`;
const post = (topic: string, content: string, who = ada) => stoa.api('POST', '/messages', { type: 'stream', to: generalId, topic, content }, who);

async function upload(name: string, bytes: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const auth = 'Basic ' + Buffer.from(`${ada.email}:${ada.apiKey}`).toString('base64');
  const r = await fetch(`${stoa.url}/api/v1/user_uploads`, { method: 'POST', body: form, headers: { authorization: auth } });
  return ((await r.json()) as { url: string }).url;
}

async function axe(p: Page, rules?: string[]): Promise<string[]> {
  await p.addScriptTag({ content: readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8') });
  const result = await p.evaluate(async (only) => (window as any).axe.run(document, { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) }), rules);
  return (result.violations as any[]).map((v) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(' | ')}`);
}

const widget = (p: Page, kind: string) => p.locator(`.feed .message [data-widget="${kind}"]`);

/** Registers the scenarios in the calling file, on its world (rate limit off: many actions a second). */
export function rowScenarios(world: () => TwoPeople) {
  beforeAll(async () => {
    ({ stoa, browser, ada, bob, A, B, generalId } = world());
    await stoa.api('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'design' }, { name: 'random' }], principals: [ada.id, bob.id] });
    await A.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  });

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

  describe('issue 29, the remaining rows', () => {
    it('the console stays clean from the login page to the admin forms: no 401, no invalid pattern, no emoji sheet', async () => {
      const { context, page: P } = await newUserPage(browser, stoa.url);
      const noise: string[] = [];
      P.on('console', (m: ConsoleMessage) => { if (m.type() === 'error' || m.type() === 'warning') noise.push(`${m.type()}: ${m.text()}`); });
      // and no emoji sheet is fetched while no emoji shows (it is 1.5 MB; it was fetched at every start):
      // no status emoji in the people list either (people.e2e.ts gave Bob one)
      await stoa.api('POST', '/users/me/status', { status_text: '', emoji_name: '' }, bob);
      const sheets: string[] = [];
      P.on('request', (r) => { if (/\/static\/.*\.png$/.test(r.url())) sheets.push(r.url()); });
      await login(P, stoa.owner.email, stoa.owner.password);
      await P.locator('.inbox-row, .overview').first().waitFor();
      for (const section of ['emoji', 'org-channels', 'bots']) {
        await P.goto(`/#settings/${section}`);
        await P.locator('.settings-section').waitFor();
      }
      await P.getByRole('button', { name: 'Personal menu' }).click();
      await P.getByRole('menuitem', { name: 'Log out' }).click();
      await P.getByLabel('Email').waitFor();
      expect(noise).toEqual([]);
      expect(sheets).toEqual([]);
      await context.close();
    });

    it('the topic menu copies a link, moves the topic and resolves it, with the notification bot\'s notice', async () => {
      await post('roadmap', 'The plan for next year');
      await A.goto(topicHash('roadmap'));
      await feedMessage(A, 'The plan for next year').waitFor();
      const topics = A.getByRole('list', { name: 'Topics in general' });
      const menu = async (topic: string, item: string) => {
        const row = topics.locator('.topic-row', { hasText: topic });
        await row.hover();
        await row.getByRole('button', { name: `Topic options for ${topic}` }).click();
        await A.getByRole('menuitem', { name: item }).click();
      };
      await menu('roadmap', 'Copy link to topic');
      await expect.poll(() => A.evaluate(() => navigator.clipboard.readText())).toBe(`${stoa.url}/#narrow/channel/${generalId}-general/topic/roadmap`);
      await menu('roadmap', 'Move topic');
      const dialog = A.getByRole('dialog', { name: 'Move messages' });
      // it opens on the topic's own channel and name
      await expect.poll(() => dialog.locator('select').first().evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe('general');
      await dialog.getByLabel('Topic', { exact: true }).fill('roadmap 2027');
      await dialog.getByLabel('Which messages').selectOption('change_all');
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await topics.locator('.topic-row', { hasText: 'roadmap 2027' }).waitFor();
      await menu('roadmap 2027', 'Mark as resolved');
      await topics.locator('.topic-row', { hasText: '✔ roadmap 2027' }).waitFor();
      await A.goto(topicHash('✔ roadmap 2027'));
      await feedMessage(A, 'The plan for next year').waitFor();
      await feedMessage(A, 'has marked this topic as resolved').waitFor();
      await shot(A, 'r-01-resolved-topic');
    });

    it('channel folders are sections of the sidebar', async () => {
      const folder = (await stoa.api('POST', '/channel_folders/create', { name: 'Engineering', description: 'Build things' })).channel_folder_id as number;
      const designId = (await stoa.api('GET', '/get_stream_id', { stream: 'design' })).stream_id;
      await stoa.api('PATCH', `/streams/${designId}`, { folder_id: folder });
      const section = A.getByRole('list', { name: 'Engineering' });
      await section.locator('a.nav-label', { hasText: /^design$/ }).waitFor();
      expect(await section.locator('a.nav-label', { hasText: /^general$/ }).count()).toBe(0);
      await shot(A, 'r-02-channel-folder');
    });

    it('v shows the selected message\'s image in the lightbox', async () => {
      const image = chart = await upload('chart.png', CHART, 'image/png');
      await post('pictures', `Our chart: [chart.png](${image})`);
      await A.goto(topicHash('pictures'));
      await feedMessage(A, 'Our chart').locator('.message_inline_image img').waitFor();
      await A.locator('body').press('End');
      await A.keyboard.press('v');
      await A.getByRole('dialog', { name: 'chart.png' }).locator('.lightbox-image').waitFor();
      await expect.poll(() => A.getByRole('dialog', { name: 'chart.png' }).locator('.lightbox-image').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(640);
      await shot(A, 'r-06-lightbox');
      await A.keyboard.press('Escape');
      await A.getByRole('dialog', { name: 'chart.png' }).waitFor({ state: 'detached' });
    });

    it('settings: font size and line spacing apply at once; an uploaded avatar shows; a channel\'s colour', async () => {
      await A.goto('/#settings/display');
      // a slider moved with the keyboard, a step a press, each step saved before the next
      const range = async (label: string, key: string, presses: number) => {
        const slider = A.getByLabel(label);
        for (let i = 0; i < presses; i++) {
          const before = await slider.inputValue();
          await slider.press(key);
          await A.locator('label.field', { hasText: label }).getByText(new RegExp(`\\(${await slider.inputValue()}(px|%)\\)`)).waitFor();
          expect(await slider.inputValue()).not.toBe(before);
        }
      };
      await range('Font size', 'ArrowRight', 2);
      await range('Line spacing', 'ArrowRight', 5);
      await expect.poll(async () => (await stoa.api('POST', '/register', { fetch_event_types: ['user_settings'] }, ada)).user_settings)
        .toMatchObject({ web_font_size_px: 18, web_line_height_percent: 150 });
      await A.goto(topicHash('pictures'));
      const body = feedMessage(A, 'Our chart').locator('.message-main');
      await expect.poll(() => body.evaluate((el) => getComputedStyle(el).fontSize)).toBe('18px');
      await A.goto('/#settings/display');
      await range('Font size', 'ArrowLeft', 2);
      await range('Line spacing', 'ArrowLeft', 5);

      await A.goto('/#settings/profile');
      await A.locator('input[type=file][accept="image/*"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await A.getByText('Your avatar is updated.').waitFor();
      await expect.poll(() => A.locator('.user-button img').getAttribute('src')).toContain('/user_avatars/');
      await shot(A, 'r-03-avatar');

      await A.goto('/#settings/channels');
      await A.getByLabel('Colour of design').fill('#c2410c');
      await expect.poll(async () => ((await stoa.api('GET', '/users/me/subscriptions', {}, ada)).subscriptions as any[]).find((x) => x.name === 'design').color).toBe('#c2410c');
      await expect.poll(() => A.locator('.channel-row', { hasText: 'design' }).locator('.swatch').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(194, 65, 12)');
    });

    it('a DM chimes when the page is in the background, and not once sounds are off', async () => {
      const { context, page: N } = await newUserPage(browser, stoa.url);
      await N.addInitScript(() => {
        const w = window as any;
        w.__chimes = 0;
        const Real = w.AudioContext;
        w.AudioContext = class extends Real {
          createOscillator() { const o = super.createOscillator(); const start = o.start.bind(o); o.start = (...a: number[]) => { w.__chimes++; start(...a); }; return o; }
        };
        document.hasFocus = () => false;
      });
      await login(N, ada.email, ada.password);
      const chimes = () => N.evaluate(() => (window as any).__chimes as number);
      await stoa.api('POST', '/messages', { type: 'direct', to: JSON.stringify([ada.id]), content: 'Ding?' }, bob);
      await expect.poll(chimes).toBeGreaterThan(0);
      await stoa.api('PATCH', '/settings', { enable_sounds: false }, ada);
      await expect.poll(async () => N.evaluate(() => 1)).toBe(1);
      const before = await chimes();
      await stoa.api('POST', '/messages', { type: 'direct', to: JSON.stringify([ada.id]), content: 'Quiet now' }, bob);
      await N.locator('.dm-list .nav-row', { hasText: 'Bob Builder' }).locator('.count', { hasText: '2' }).waitFor();
      expect(await chimes()).toBe(before);
      await stoa.api('PATCH', '/settings', { enable_sounds: true }, ada);
      await context.close();
    });

    it('the active row of a muted topic keeps its contrast (axe)', async () => {
      await post('quiet corner', 'Nothing to see');
      await stoa.api('POST', '/user_topics', { stream_id: generalId, topic: 'quiet corner', visibility_policy: 1 }, ada);
      const { context, page: L } = await newUserPage(browser, stoa.url, undefined, { bypassCSP: true });
      await login(L, ada.email, ada.password);
      await L.goto(topicHash('quiet corner'));
      await L.getByRole('list', { name: 'Topics in general' }).locator('li.muted .topic-row.active').waitFor();
      expect(await axe(L, ['color-contrast'])).toEqual([]);
      await context.close();
    });

    it('long German view names fit the sidebar', async () => {
      const later = Math.floor(Date.now() / 1000) + 86400;
      await stoa.api('POST', '/scheduled_messages', { type: 'stream', to: generalId, topic: 'plans', content: 'Later', scheduled_delivery_timestamp: later }, ada);
      await stoa.api('PATCH', '/settings', { default_language: 'de' }, ada);
      await A.goto('/#inbox');
      const views = A.getByRole('list', { name: 'Ansichten' });
      await views.locator('a', { hasText: 'Geplante Nachrichten' }).waitFor();
      await views.locator('.view-row', { hasText: 'Geplante Nachrichten' }).locator('.count', { hasText: '1' }).waitFor();
      // every view's name is shown whole: nothing cut off at the end
      const clipped = await views.locator('.view-row .nav-label').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
      expect(clipped).toEqual([]);
      // and the row menu still opens from a hovered row, over the count
      const row = views.locator('.view-row', { hasText: 'Geplante Nachrichten' });
      await row.hover();
      await row.getByRole('button', { name: 'Optionen für Geplante Nachrichten' }).click();
      await A.getByRole('menuitem', { name: 'Von der Seitenleiste lösen' }).waitFor();
      await shot(A, 'r-04-german-sidebar');
      await A.keyboard.press('Escape');
      await stoa.api('PATCH', '/settings', { default_language: 'en' }, ada);
    });

    it('an administrator edits a channel from its menu: name, description, privacy, a permission, subscribers, archive', async () => {
      await stoa.api('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'random' }] });
      const id = (await stoa.api('GET', '/get_stream_id', { stream: 'random' })).stream_id as number;
      const { context, page: O } = await newUserPage(browser, stoa.url);
      await login(O, stoa.owner.email, stoa.owner.password);
      const row = O.locator('.channel-row', { hasText: 'random' });
      await row.hover();
      await row.getByRole('button', { name: 'Channel options for random' }).click();
      await O.getByRole('menuitem', { name: 'Channel settings' }).click();
      await O.getByRole('heading', { name: 'Settings of #random' }).waitFor();
      const form = O.getByRole('form', { name: 'Name and description' });
      await form.getByLabel('Name').fill('off-topic');
      await form.getByLabel('Description').fill('Anything goes');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await O.getByRole('heading', { name: 'Settings of #off-topic' }).waitFor();
      await O.locator('.channel-row a.nav-label', { hasText: /^off-topic$/ }).waitFor();
      await O.getByLabel('Private: by invitation only').check();
      await O.locator('summary', { hasText: 'Permissions' }).click();
      await O.getByLabel('Who can post to this channel').selectOption({ label: 'Administrators' });
      const admins = ((await stoa.api('GET', '/user_groups')).user_groups as any[]).find((g) => g.name === 'role:administrators').id;
      await expect.poll(async () => (await stoa.api('GET', `/streams/${id}`)).stream)
        .toMatchObject({ name: 'off-topic', description: 'Anything goes', invite_only: true, can_send_message_group: admins });
      const list = O.getByRole('list', { name: 'Subscribers of #off-topic' });
      await list.getByRole('button', { name: 'Unsubscribe Bob Builder' }).click();
      await list.getByText('Bob Builder').waitFor({ state: 'detached' });
      await O.getByLabel('Add a subscriber').selectOption({ label: 'Bob Builder' });
      await list.getByText('Bob Builder').waitFor();
      await shot(O, 'r-05-channel-settings');
      await O.getByRole('button', { name: 'Archive channel' }).click();
      await O.getByRole('dialog', { name: 'Archive #off-topic?' }).getByRole('button', { name: 'Archive', exact: true }).click();
      await O.locator('.channel-row', { hasText: 'off-topic' }).waitFor({ state: 'detached' });
      expect((await stoa.api('GET', `/streams/${id}`)).stream.is_archived).toBe(true);
      await context.close();
    });

    it('a channel quiet for 180 days moves to the collapsed Inactive channels section, as "Demote inactive channels" says', async () => {
      await stoa.api('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'old projects' }], principals: [ada.id] });
      await A.locator('.channel-row a.nav-label', { hasText: /^old projects$/ }).waitFor();
      // Zulip's rule: created, and last written to, over 180 days ago. The API cannot backdate a channel, so the
      // stopped server's database does; the server takes channel activity in at start (and then once a day).
      await stoa.stop('SIGTERM');
      stoa.sql("UPDATE channels SET date_created = date_created - 400 * 86400 WHERE name = 'old projects'");
      await stoa.start();
      await A.goto('/#settings/display');
      await A.reload();
      // "Automatic" demotes only from 30 channels on (Zulip's threshold); ada has a few
      await A.getByLabel('Demote inactive channels').selectOption({ label: 'Always' });
      const section = A.getByRole('button', { name: 'Inactive channels' });
      await section.waitFor();
      expect(await section.getAttribute('aria-expanded')).toBe('false');
      expect(await A.locator('.channel-row a.nav-label', { hasText: /^old projects$/ }).count()).toBe(0);
      await section.click();
      const inactive = A.getByRole('list', { name: 'Inactive channels' });
      await inactive.locator('a.nav-label', { hasText: /^old projects$/ }).waitFor();
      expect(await inactive.locator('a.nav-label', { hasText: /^general$/ }).count()).toBe(0);
      // the picture for the README: a topic with an image, emoji (the 32 px sheet) and reactions beside these sections
      const designId = (await stoa.api('GET', '/get_stream_id', { stream: 'design' })).stream_id;
      const say = (content: string, who: typeof ada) => stoa.api('POST', '/messages', { type: 'stream', to: designId, topic: 'launch', content }, who);
      await say(`The numbers for the launch: [chart.png](${chart})`, ada);
      const { id } = await say('Lovely :tada: the bars are in :blue_heart:', bob);
      await stoa.api('POST', `/messages/${id}/reactions`, { emoji_name: 'heart_eyes' }, ada);
      await stoa.api('POST', `/messages/${id}/reactions`, { emoji_name: 'rocket' }, bob);
      await A.goto(`/#narrow/channel/${designId}-design/topic/launch`);
      await feedMessage(A, 'the bars are in').locator('.reaction .emoji-1f680').waitFor();
      await expect.poll(() => feedMessage(A, 'numbers for the launch').locator('.message_inline_image img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(640);
      await inactive.locator('a.nav-label', { hasText: /^old projects$/ }).waitFor();
      await A.locator('.toast').waitFor({ state: 'detached' });
      await emojiSheetReady(A);
      await shot(A, 'r-07-inactive-channels');
      await A.goto('/#settings/display');
      await A.getByLabel('Demote inactive channels').selectOption({ label: 'Never' });
      await inactive.waitFor({ state: 'detached' });
      await A.locator('.channel-row a.nav-label', { hasText: /^old projects$/ }).waitFor();
      await A.getByLabel('Demote inactive channels').selectOption({ label: 'Automatic' });
    });
  });
}
