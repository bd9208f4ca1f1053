// Takes screenshots of the built playground (www/dist) in headless Chromium, for looking
// at the design: the first example with each tab open, the same with a syntax error and
// with a type error, the 1,000-line example with a custom pass pipeline, its passes step
// by step, and signature help in a call.
//   node pkg-tests/bench/screenshot.mjs [OUT_PREFIX]   (default /tmp/refract-shots)
import { serve } from '../lib/serve.mjs';
import { launch } from '../lib/browser.mjs';
import { fileURLToPath } from 'node:url';

const out = process.argv[2] ?? '/tmp/refract-shots';
const root = fileURLToPath(new URL('../../www/dist/', import.meta.url));
const server = await serve(root);
const { context, close } = await launch();
try {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.addInitScript(() => localStorage.clear());
  await page.goto(server.url);
  const idle = () => page.waitForFunction(() => window.refractPlayground?.updates > 0 && !window.refractPlayground.busy);
  await idle();
  await page.screenshot({ path: `${out}-main.png` });
  for (const tab of ['ir', 'ast', 'spirv', 'hlsl', 'gen', 'reflect']) {
    await page.click(`[data-testid="tab-${tab}"]`);
    await idle();
    await page.screenshot({ path: `${out}-${tab}.png` });
  }
  await page.click('[data-testid="tab-wgsl"]');
  await page.evaluate(() => {
    const p = window.refractPlayground;
    p.setSource(p.source().replace('out.color = COLORS[index];', 'out.color = COLORS[index]\n  let broken = ;'));
  });
  await idle();
  await page.hover('.cm-lintRange-error');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}-error.png` });
  await page.evaluate(() => {
    const p = window.refractPlayground;
    p.setSource(p.source().replace('out.color = COLORS[index]\n  let broken = ;', 'out.color = COLORS[index];\n  let n: u32 = 1.5;'));
  });
  await idle();
  await page.hover('.cm-lintRange-error');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}-type-error.png` });
  await page.selectOption('[data-testid="examples"]', 'renderer');
  await idle();
  await page.click('[data-testid="tab-ir"]');
  await page.uncheck('[data-testid="passes"] input[data-pass="const-fold"]');
  await idle();
  await page.screenshot({ path: `${out}-renderer-ir.png` });
  // The pass-by-pass view, on the first step that changed something, then the next.
  await page.click('[data-testid="ir-mode-steps"]');
  await page.waitForSelector('[data-testid="pass-steps"] .pass-step.chosen');
  await idle();
  await page.screenshot({ path: `${out}-pass-steps.png` });
  await page.focus('[data-testid="pass-steps"]');
  await page.keyboard.press('ArrowDown');
  await page.screenshot({ path: `${out}-pass-steps-next.png` });
  await page.click('[data-testid="ir-mode-both"]');
  // Signature help inside a call of the 1,000-line example.
  await page.click('[data-testid="tab-wgsl"]');
  await page.evaluate(() => {
    const p = window.refractPlayground;
    p.reveal(p.source().indexOf('\n', p.source().indexOf('let tile = camera.viewport')));
  });
  await page.keyboard.press('Enter');
  await page.keyboard.type('let zz = clamp(1.0, ');
  await page.waitForSelector('[data-testid="signature-help"]', { timeout: 10_000 }).catch(() => console.log('no signature help shown'));
  await page.screenshot({ path: `${out}-signature-help.png` });
  console.log('saved', out);
} finally {
  await close();
  await server.close();
}
