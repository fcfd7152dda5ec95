import { defineConfig } from 'vitest/config';
import { devShim } from './dev/shim.ts';

// The built client is served by Stoa: index.html at `/`, hashed assets under `/static/`.
// The dev shim (dev/shim.ts) stands in for Stoa's session endpoints in `vite` and `vite preview` only.
export default defineConfig({
  base: '/static/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', assetsDir: '', target: 'es2022', sourcemap: false },
  plugins: [devShim(process.env.STOA_URL ?? 'http://127.0.0.1:9991')],
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, host: '127.0.0.1' },
  preview: { port: Number(process.env.WEB_PORT ?? 4173), strictPort: true, host: '127.0.0.1' },
  test: { include: ['src/**/*.test.ts'] },
});
