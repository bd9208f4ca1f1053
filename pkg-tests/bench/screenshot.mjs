// Takes screenshots of the built playground (www/dist) in headless Chromium:
//   node pkg-tests/bench/screenshot.mjs [OUT_DIR] [fragment]
import { serve } from '../lib/serve.mjs';
import { launch } from '../lib/browser.mjs';
import { fileURLToPath } from 'node:url';

const out = process.argv[2] ?? '/tmp/refract-shots';
const fragment = process.argv[3] ?? '';
const root = fileURLToPath(new URL('../../www/dist/', import.meta.url));
const server = await serve(root);
const { context, close } = await launch();
try {
  const page = await context.newPage();
  page.on('console', (m) => console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(server.url + fragment);
  await page.waitForFunction(() => window.refractPlayground?.updates > 0, null, { timeout: 20000 });
  await page.screenshot({ path: `${out}-main.png` });
  for (const tab of ['ir', 'ast', 'spirv']) {
    await page.click(`[data-testid="tab-${tab}"]`);
    await page.screenshot({ path: `${out}-${tab}.png` });
  }
  console.log('saved', out);
} finally {
  await close();
  await server.close();
}
