// The playground's build: a static site in www/dist/ that works offline (no CDN) and from
// any path (relative base). The npm package is imported by its name, `refract-wgsl`,
// resolved to the built pkg/ folder: the playground uses it exactly as a bundler user would.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const pkg = fileURLToPath(new URL('../pkg/index.js', import.meta.url));

export default defineConfig({
  root,
  base: './',
  resolve: { alias: { 'refract-wgsl': pkg } },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2048 },
  server: { fs: { allow: ['..'] } },
});
