// `npm run bench`: builds bench.html as production code (minified, like the shipped client), opens
// it in headless Chromium and prints BENCH lines (figures, not assertions).
import { afterAll, it } from 'vitest';
import { build, preview, type PreviewServer } from 'vite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { freePort, launchBrowser } from './harness.ts';

let server: PreviewServer | undefined;
let browser: Browser | undefined;
afterAll(async () => { await browser?.close(); await new Promise((r) => server?.httpServer.close(r)); });

it('measures rendering', async () => {
  const port = await freePort();
  const root = resolve(import.meta.dirname, '..');
  const outDir = mkdtempSync(join(tmpdir(), 'stoa-bench-'));
  const configFile = resolve(root, 'vite.config.ts');
  await build({ root, configFile, logLevel: 'warn', build: { outDir, rollupOptions: { input: resolve(root, 'bench.html') } } });
  server = await preview({ root, configFile, build: { outDir }, preview: { port, host: '127.0.0.1' }, logLevel: 'warn' });
  browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:${port}/static/bench.html`);
  const r = await page.waitForFunction(() => (window as any).__bench, null, { timeout: 120_000 }).then((h) => h.jsonValue());
  console.log(`BENCH render a narrow of 1,000 messages: ${r.render1000ms.toFixed(1)} ms (median of 5)`);
  console.log(`BENCH append one live message with 5,000 loaded: ${r.append5000ms.toFixed(1)} ms (median of 10; ${r.messagesInDom} messages in the DOM)`);
}, 180_000);
