import { defineConfig } from 'vitest/config';
import { emojiPlugin } from './build/emoji-plugin.ts';

// The built client is served by Stoa: index.html at `/`, hashed assets under `/static/`.
// `npm run dev` serves the sources at http://127.0.0.1:5173/ and passes the API, the sign-in and
// uploads through to the Stoa at STOA_URL, so the page and the API share one origin (and cookies).
const stoa = process.env.STOA_URL ?? 'http://127.0.0.1:9991';
const passThrough = Object.fromEntries(['/json', '/accounts', '/user_uploads', '/thumbnail', '/user_avatars'].map((p) => [p, { target: stoa }]));

export default defineConfig(({ command, isPreview }) => ({
  base: command === 'build' || isPreview ? '/static/' : '/',
  plugins: [emojiPlugin()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', assetsDir: '', target: 'es2022', sourcemap: false },
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, host: '127.0.0.1', proxy: passThrough },
  test: { include: ['src/**/*.test.ts'] },
}));
