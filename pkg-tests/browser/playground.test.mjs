// End-to-end tests of the playground (www/dist, built by `npm run build:www`) in Debian's
// Chromium: typing updates every panel with exactly what the package computes for the same
// text, errors show as markers and problems, share links carry the code, hostile text
// never runs as script, and hovering and completing in the editor show what the package's
// editor services say.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../lib/serve.mjs';
import { launch } from '../lib/browser.mjs';
import { refract, REPO, examples, notYet } from '../lib/refract.mjs';

const dist = join(REPO, 'www/dist');
if (!existsSync(join(dist, 'index.html'))) throw new Error('the playground is not built: run `npm run build:www`');

let server;
let browser;
before(async () => {
  server = await serve(dist);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the playground; collects page errors, which every test expects to stay empty.
 * The text saved by earlier tests is forgotten unless `keepSaved`. */
async function open(fragment = '', { keepSaved = false } = {}) {
  const page = await browser.context.newPage();
  if (!keepSaved) await page.addInitScript(() => localStorage.clear());
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => {
    page.errors.push(`a dialog opened: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(server.url + fragment);
  await page.waitForFunction(() => window.refractPlayground?.updates > 0, null, { timeout: 30_000 });
  return page;
}

/** Replaces the editor text and types its last characters key by key, as a user would,
 * then waits until the page shows the result for exactly that text. (Pasting line breaks
 * through the keyboard would auto-indent, so the bulk is set through the page's hook.) */
async function typeSource(page, text) {
  const end = text.trimEnd().length;
  const start = Math.max(end - 10, text.lastIndexOf('\n', end - 1) + 1);
  await page.evaluate((t) => window.refractPlayground.setSource(t), text.slice(0, start) + text.slice(end));
  await page.click('[data-testid="editor"] .cm-content');
  await page.keyboard.press('Control+End');
  for (let i = end; i < text.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(text.slice(start, end));
  await settle(page, text);
}

async function settle(page, text) {
  await page.waitForFunction(
    (expected) => {
      const p = window.refractPlayground;
      return p.source() === expected && p.lastApplied === p.lastSent && !p.busy;
    },
    text,
    { timeout: 30_000 },
  );
}

/** What a panel shows: its state, code and banner text. */
async function panelView(page, testid) {
  return page.$eval(`[data-testid="${testid}"]`, (el, id) => {
    const output = el.matches('.output') ? el : el.querySelector('.output');
    return {
      state: output?.dataset.state ?? null,
      // The editor view renders only visible lines; the page hands over the whole text.
      code: window.refractPlayground.panelText(id) ?? '',
      banner: output?.querySelector('.banner')?.textContent ?? '',
      stale: output?.classList.contains('stale') ?? false,
    };
  }, testid);
}

/** Asserts a panel shows `result`: the code when it compiled, else its diagnostics. */
function assertShows(view, result, what, format = (s) => s) {
  if (result.ok) {
    assert.equal(view.state, 'ok', what);
    assert.equal(view.code, format(result.code ?? ''), what);
    assert.equal(view.stale, false, what);
  } else {
    assert.equal(view.state, 'error', what);
    assert.ok(view.banner.includes(result.diagnostics[0].message), `${what}: ${view.banner}`);
  }
}


/** Asserts every panel shows what the package computes for `source` with the pass
 * pipeline `passes` (undefined: refract's default). */
async function assertAllPanels(page, source, passes = undefined) {
  const pipeline = passes === undefined ? {} : { passes };
  const c = (options) => refract.compile(source, { ...pipeline, ...options });
  assertShows(await panelView(page, 'panel-wgsl'), c({ to: 'wgsl' }), 'wgsl');
  assertShows(await panelView(page, 'panel-spirv'), c({ to: 'spvasm' }), 'spirv');
  assertShows(await panelView(page, 'panel-hlsl'), c({ to: 'hlsl' }), 'hlsl');
  assertShows(await panelView(page, 'panel-gen'), c({ to: 'gen' }), 'gen');
  assertShows(await panelView(page, 'panel-ast'), c({ to: 'ast' }), 'ast');
  assertShows(await panelView(page, 'panel-ir-before'), refract.compile(source, { to: 'ir', opt: 0 }), 'ir before');
  assertShows(await panelView(page, 'panel-ir-after'), c({ to: 'ir' }), 'ir after');
  const reflected = refract.reflect(source);
  const reflectView = await panelView(page, 'panel-reflect');
  if (reflected.ok) {
    const { ok: _ok, diagnostics: _d, ...data } = reflected;
    assert.deepEqual(JSON.parse(reflectView.code), data, 'reflect');
  } else {
    assertShows(reflectView, reflected, 'reflect');
  }
  // HLSL, Gen and the reflection are offered exactly when refract implements them.
  for (const [name, result] of [['hlsl', c({ to: 'hlsl' })], ['gen', c({ to: 'gen' })], ['reflect', reflected]]) {
    const tabShown = await page.isVisible(`[data-testid="tab-${name}"]`);
    assert.equal(tabShown, !notYet(result), `${name} tab`);
  }
}

test('the page has the editor, every panel and the problems list', async () => {
  const page = await open();
  for (const id of ['editor', 'panel-ast', 'panel-ir', 'panel-wgsl', 'panel-spirv', 'panel-hlsl', 'panel-gen', 'diagnostics']) {
    assert.equal(await page.locator(`[data-testid="${id}"]`).count(), 1, id);
  }
  assert.equal(await page.textContent('[data-testid="version"]'), `refract ${refract.version()}`);
  const chips = await page.locator('[data-testid="passes"] input[data-pass]').count();
  assert.equal(chips, refract.passes().length);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('typing a shader updates every panel with what the package computes', async () => {
  const page = await open();
  for (const name of ['raymarch.wgsl', 'prefix-sum.wgsl']) {
    const source = examples[name];
    await typeSource(page, source);
    await assertAllPanels(page, source);
    // What is on screen: the WGSL tab is open; its first lines are in the DOM as text.
    const wgsl = refract.compile(source, { to: 'wgsl' });
    const shown = await page.$eval('[data-testid="panel-wgsl"]', (el) => ({
      lines: [...el.querySelectorAll('.cm-line')].map((l) => l.textContent),
      banner: el.querySelector('.banner')?.hidden ? '' : el.querySelector('.banner')?.textContent,
    }));
    if (wgsl.ok) assert.deepEqual(shown.lines.slice(0, 3), wgsl.code.split('\n').slice(0, 3));
    else assert.ok(shown.banner.includes(wgsl.diagnostics[0].message));
  }
  // A panel opened after typing shows the newest text's product.
  await page.click('[data-testid="tab-ast"]');
  await settle(page, examples['prefix-sum.wgsl']);
  const ast = refract.compile(examples['prefix-sum.wgsl'], { to: 'ast' });
  const lines = await page.$$eval('[data-testid="panel-ast"] .cm-line', (els) => els.map((l) => l.textContent));
  if (ast.ok) assert.deepEqual(lines.slice(0, 5), ast.code.split('\n').slice(0, 5));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the page runs two compiler workers from four cores, one below, or as many as the address asks', async () => {
  const cases = [[2, '', 1], [4, '', 2], [16, '', 2], [16, '?workers=1', 1], [2, '?workers=2', 2], [2, '?workers=9', 1], [8, '?workers=0', 2]];
  for (const [cores, query, expected] of cases) {
    const page = await browser.context.newPage();
    await page.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
    await page.goto(server.url + query);
    await page.waitForFunction(() => window.refractPlayground?.updates > 0, null, { timeout: 30_000 });
    assert.equal(await page.evaluate(() => window.refractPlayground.workers), expected, `${cores} cores, ${query || 'no query'}`);
    await page.close();
  }
});

test('a long shader typed fast on two workers: the products are shared, and every panel ends on the newest text', async () => {
  const page = await open('?workers=2');
  const workers = await page.evaluate(() => window.refractPlayground.workers);
  assert.equal(workers, 2);
  const source = examples['renderer.wgsl'];
  await page.evaluate((t) => window.refractPlayground.setSource(t), source);
  await settle(page, source);
  // Keystrokes without a pause into the first line (a comment): requests overtake one
  // another in both workers, and the page must still end on the last text's products.
  await page.click('[data-testid="editor"] .cm-content');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  const typed = ' typed fast';
  await page.keyboard.type(typed);
  const firstLine = source.indexOf('\n');
  const text = source.slice(0, firstLine) + typed + source.slice(firstLine);
  await settle(page, text);
  await assertAllPanels(page, text);
  const totals = await page.evaluate(() => window.refractPlayground.lastWorkerTotals);
  assert.equal(totals.length, workers);
  // With two workers, a 1,000-line shader's products outweigh a second front end: both work.
  assert.ok(totals.every((ms) => ms > 0), `each worker's compile time: ${totals}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an error shows in the problems list and as an editor marker', async () => {
  const page = await open();
  const source = `${examples['triangle.wgsl']}\nfn broken() {\n  let x = ;\n}\n`;
  await typeSource(page, source);
  const expected = refract.check(source);
  assert.equal(expected.ok, false);
  const problems = await page.$$eval('[data-testid="diagnostics"] li.problem', (items) => items.map((i) => i.textContent));
  assert.equal(problems.length, expected.diagnostics.length);
  expected.diagnostics.forEach((d, i) => {
    assert.ok(problems[i].includes(d.code) && problems[i].includes(d.message), problems[i]);
  });
  const status = await page.textContent('[data-testid="status"]');
  assert.match(status, /error/);
  // A marker for each diagnostic that has a place in the source.
  const placed = expected.diagnostics.filter((d) => d.labels.length > 0).length;
  const markers = await page.locator('[data-testid="editor"] .cm-lint-marker-error').count();
  if (placed > 0) assert.ok(markers > 0, 'an error marker in the gutter');
  else assert.equal(markers, 0);
  await assertAllPanels(page, source);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a type error (not only syntax) is marked in the editor and listed', async () => {
  const page = await open();
  const source = `${examples['triangle.wgsl']}\nfn typed() -> f32 {\n  let n: u32 = 3u;\n  return n;\n}\n`;
  await typeSource(page, source);
  const expected = refract.check(source);
  assert.equal(expected.ok, false);
  assert.ok(expected.diagnostics.every((d) => /^E1\d{3}$/.test(d.code)), 'a semantic error, not a syntax one');
  const codes = await page.$$eval('[data-testid="diagnostics"] li.problem .code-tag', (t) => t.map((e) => e.textContent));
  assert.deepEqual(codes, expected.diagnostics.map((d) => d.code));
  // The marker underlines exactly the offending text.
  const marked = await page.$$eval('[data-testid="editor"] .cm-lintRange-error', (els) => els.map((e) => e.textContent));
  const primary = expected.diagnostics[0].labels.find((l) => l.primary);
  assert.ok(marked.includes(Buffer.from(source).subarray(primary.start, primary.end).toString()), JSON.stringify(marked));
  await assertAllPanels(page, source);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a problem's code opens its explanation (refract explain) under it, as text", async () => {
  const page = await open();
  const source = `${examples['triangle.wgsl']}\nfn typed() -> f32 {\n  let n: u32 = 3u;\n  return n;\n}\n`;
  await typeSource(page, source);
  const [first] = refract.check(source).diagnostics;
  const link = page.locator('[data-testid="diagnostics"] li.problem [data-testid="explain"]').first();
  assert.equal(await link.textContent(), first.code);
  await link.click();
  const shown = page.locator('[data-testid="diagnostics"] [data-testid="explanation"]');
  await shown.waitFor();
  assert.equal(await shown.count(), 1);
  assert.equal(await shown.textContent(), refract.explain(first.code));
  // Text, never markup: the explanation's examples hold `<` and `>`.
  assert.equal(await shown.evaluate((e) => e.children.length), 0);
  await link.click();
  assert.equal(await shown.count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('toggling passes changes the IR after passes, WGSL and SPIR-V', async () => {
  const page = await open();
  const source = examples['raymarch.wgsl'];
  await typeSource(page, source);
  await page.click('[data-testid="tab-ir"]');
  const mem2reg = page.locator('[data-testid="passes"] input[data-pass="mem2reg"]');
  await mem2reg.uncheck();
  const chosen = refract.passes().filter((p) => p !== 'mem2reg');
  await settle(page, source);
  await assertAllPanels(page, source, chosen);
  assert.match(await page.textContent('[data-testid="passes"]'), /custom pipeline/);
  // The pipeline travels in share links.
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.includes('passes='));
  const url = page.url();
  await mem2reg.check();
  await settle(page, source);
  await assertAllPanels(page, source);
  assert.match(await page.textContent('[data-testid="passes"]'), /default pipeline/);
  const opened = await open(url.slice(server.url.length));
  await settle(opened, source);
  assert.equal(await opened.isChecked('[data-testid="passes"] input[data-pass="mem2reg"]'), false);
  await assertAllPanels(opened, source, chosen);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(opened.errors, []);
  await opened.close();
  await page.close();
});

test('a share link opens the same code', async () => {
  const page = await open();
  const source = `${examples['pbr.wgsl']}\n// shared: é😀 <b>not bold</b>\n`;
  await typeSource(page, source);
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.startsWith('#code='));
  const url = page.url();
  await page.close();

  const opened = await open(url.slice(server.url.length));
  assert.equal(await opened.evaluate(() => window.refractPlayground.source()), source);
  await settle(opened, source);
  await assertAllPanels(opened, source);
  assert.deepEqual(opened.errors, []);
  await opened.close();
});

test('hostile text in the code never runs and never becomes markup', async () => {
  const page = await open();
  const payloads = [
    '<img src=x onerror="window.__pwned = 1">',
    '<script>window.__pwned = 2</script>',
    '<svg onload="window.__pwned = 3"></svg>',
    '"><iframe src="javascript:window.parent.__pwned = 4"></iframe>',
    '`${window.__pwned = 5}`',
  ];
  const source = [
    `// ${payloads[0]}`,
    `/* ${payloads[1]} */`,
    `fn f() { let ${payloads[2]} = 1; }`,
    `const x = ${payloads[3]};`,
    payloads[4],
  ].join('\n');
  await typeSource(page, source);
  // Let any injected handler have its chance to run.
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  const injected = await page.evaluate(() =>
    document.querySelectorAll('.layout img, .layout script, .layout iframe, .layout svg:not(.logo), .layout b').length);
  assert.equal(injected, 0);
  assert.equal(await page.evaluate(() => window.refractPlayground.source()), source);
  // A share link with the same text, opened fresh.
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.startsWith('#code='));
  const url = page.url();
  const opened = await open(url.slice(server.url.length));
  await page.waitForTimeout(300);
  assert.equal(await opened.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(opened.errors, []);
  await opened.close();
  await page.close();
});

test('Format is offered when refract can format, and formats as the package does', async () => {
  const page = await open();
  const source = 'fn   main( ) {let x=1;}\n';
  await typeSource(page, source);
  const expected = refract.format(source);
  const offered = await page.isVisible('[data-testid="format"]');
  assert.equal(offered, !notYet(refract.format('')));
  if (offered) {
    await page.click('[data-testid="format"]');
    const want = expected.ok ? expected.code : source;
    await page.waitForFunction((t) => window.refractPlayground.source() === t, want);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('deep nesting in the worker: the same diagnostics as in Node, no internal error', async () => {
  const page = await open();
  for (const source of [
    `const x = ${'('.repeat(20_000)}1${')'.repeat(20_000)};`,
    `fn f() { ${'{'.repeat(20_000)}${'}'.repeat(20_000)} }`,
  ]) {
    await page.evaluate((t) => window.refractPlayground.setSource(t), source);
    await settle(page, source);
    const expected = refract.check(source).diagnostics.map((d) => d.code);
    assert.ok(!expected.includes('E0006'));
    const shown = await page.$$eval('[data-testid="diagnostics"] li.problem .code-tag', (tags) => tags.map((t) => t.textContent));
    assert.deepEqual(shown, expected);
    await assertAllPanels(page, source);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a damaged share link falls back to an example', async () => {
  const page = await open('#code=%%%not-base64');
  assert.equal(await page.evaluate(() => window.refractPlayground.source()), examples['triangle.wgsl']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('your code survives a reload; choosing an example replaces it', async () => {
  const page = await open();
  const source = `${examples['blur.wgsl']}\n// my edit\n`;
  await typeSource(page, source);
  assert.equal(await page.inputValue('[data-testid="examples"]'), '', 'the menu shows "Your code"');
  await page.waitForTimeout(700); // saving waits for a pause in typing
  await page.close();
  const again = await open('', { keepSaved: true });
  assert.equal(await again.evaluate(() => window.refractPlayground.source()), source);
  await again.selectOption('[data-testid="examples"]', 'particles');
  await settle(again, examples['particles.wgsl']);
  await assertAllPanels(again, examples['particles.wgsl']);
  assert.deepEqual(again.errors, []);
  await again.close();
});

// ---- hover and completion (www/src/ide.ts), on the 1,000-line example -------------------

/** The playground with `source` in the editor. */
async function openWith(source) {
  const page = await open();
  await page.evaluate((t) => window.refractPlayground.setSource(t), source);
  await page.waitForFunction((t) => window.refractPlayground.source() === t, source);
  return page;
}

/** Moves the pointer over the character at `offset` (scrolled into view first). */
async function pointAt(page, offset) {
  await page.evaluate((o) => window.refractPlayground.reveal(o), offset);
  const handle = await page.waitForFunction((o) => window.refractPlayground.coords(o), offset);
  const { x, y } = await handle.jsonValue();
  await page.mouse.move(x, y);
}

test('hovering a name in the 1,000-line example shows its declaration', async () => {
  const source = examples['renderer.wgsl'];
  const page = await openWith(source);
  const offset = source.indexOf('camera.viewport / vec2f(f32(CLUSTER_X)') + 2;
  const expected = refract.hover(source, offset);
  assert.deepEqual(expected.signatures, ['@group(0) @binding(0) var<uniform> camera: Camera']);
  await pointAt(page, offset);
  const tooltip = page.locator('[data-testid="hover"]');
  await tooltip.waitFor({ timeout: 15_000 });
  assert.equal(await tooltip.locator('pre').first().textContent(), expected.signatures[0]);
  assert.match(await tooltip.textContent(), /var/);

  // A builtin: every overload, one per line of code.
  const call = source.indexOf('pow(ratio') + 1;
  await page.mouse.move(0, 0);
  await tooltip.waitFor({ state: 'detached' });
  await pointAt(page, call);
  await tooltip.waitFor({ timeout: 15_000 });
  const shown = await tooltip.locator('pre').allTextContents();
  assert.deepEqual(shown, refract.hover(source, call).signatures);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('typing a member access in the 1,000-line example offers the members', async () => {
  const source = examples['renderer.wgsl'];
  const page = await openWith(source);
  const line = source.indexOf('let tile = camera.viewport');
  await page.evaluate((o) => window.refractPlayground.reveal(o), source.indexOf('\n', line));
  await page.keyboard.press('Enter');
  await page.keyboard.type('let zz = camera.');
  const list = page.locator('.cm-tooltip-autocomplete');
  await list.waitFor({ timeout: 15_000 });
  const labels = await list.locator('.cm-completionLabel').allTextContents();
  for (const member of ['view', 'projection', 'viewport', 'near', 'far', 'time']) assert.ok(labels.includes(member), `${member} in ${labels}`);
  assert.ok(!labels.includes('camera'), 'only members after a dot');
  // Accepting one inserts it.
  await page.keyboard.type('viewp');
  // CodeMirror matches fuzzily (`view_projection` too), ranking the prefix match first.
  await page.waitForFunction(() => document.querySelector('.cm-tooltip-autocomplete [aria-selected] .cm-completionLabel')?.textContent === 'viewport');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.refractPlayground.source().includes('let zz = camera.viewport'));

  // A word in scope: locals, module-scope names and builtins.
  await page.keyboard.type(';');
  await page.keyboard.press('Enter');
  await page.keyboard.type('let yy = cluster_');
  await list.waitFor({ timeout: 15_000 });
  const names = await list.locator('.cm-completionLabel').allTextContents();
  assert.ok(names.includes('cluster_grid') && names.includes('cluster_indices'), names.join(' '));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('names from the text are shown as text, never as markup', async () => {
  // WGSL names cannot hold markup, but comments and expressions' text can reach a hover.
  const source = 'struct S { a: f32 }\n// <img src=x onerror="window.hacked=1">\nfn f(s: S) -> f32 { return s.a; }\n';
  const page = await openWith(source);
  await pointAt(page, source.indexOf('s.a') + 2);
  const tooltip = page.locator('[data-testid="hover"]');
  await tooltip.waitFor({ timeout: 15_000 });
  assert.equal(await tooltip.locator('pre').first().textContent(), 'a: f32');
  assert.equal(await page.evaluate(() => document.querySelectorAll('.cm-tooltip img').length), 0);
  assert.equal(await page.evaluate(() => window.hacked), undefined);
  await page.close();
});

test('the IR panel steps through the passes: each step its time and its diff', async () => {
  const source = examples['raymarch.wgsl'];
  const page = await open();
  await typeSource(page, source);
  await page.click('[data-testid="tab-ir"]');
  await page.click('[data-testid="ir-mode-steps"]');
  const list = page.locator('[data-testid="pass-steps"]');
  await list.locator('.pass-step').first().waitFor({ timeout: 30_000 });
  const expected = refract.explore(source, { products: ['passSteps'] }).products.passSteps;
  assert.equal(expected.ok, true);
  // Every step is listed once, a group before its steps (the report has it after them).
  const order = (await list.locator('.pass-step').evaluateAll((items) => items.map((i) => Number(i.dataset.step))));
  assert.deepEqual([...order].sort((a, b) => a - b), expected.steps.map((_, k) => k));
  assert.deepEqual(order.filter((k) => expected.steps[k].depth === 0), expected.steps.flatMap((s, k) => (s.depth === 0 ? [k] : [])));
  order.forEach((k, at) => {
    if (at + 1 < order.length && expected.steps[order[at + 1]].depth > expected.steps[k].depth) {
      assert.equal(expected.steps[order[at + 1]].depth, expected.steps[k].depth + 1, `step ${k} is a group of the next`);
      assert.ok(order[at + 1] < k, `a group's steps ran before it ended (${k})`);
    }
  });
  const names = await list.locator('.pass-name').allTextContents();
  assert.deepEqual(names, order.map((k) => expected.steps[k].pass));
  const times = await list.locator('.pass-time').allTextContents();
  for (const t of times) assert.match(t, /^\d+\.\d\d ms$/);
  // The first listed step that changed the module is chosen; its diff removes and adds
  // lines as the package's IR before and after it says.
  assert.equal(
    await list.locator('.pass-step.chosen').getAttribute('data-step'),
    String(order.find((k) => expected.steps[k].changed)),
  );
  // A pass of the pipeline (not a group) that changed something: it was given the IR the
  // step before it left.
  const first = expected.steps.findIndex((s, k) => s.changed && s.depth === 0 && (k === 0 || expected.steps[k - 1].depth === 0));
  await list.locator(`.pass-step[data-step="${first}"]`).click();
  const summary = page.locator('[data-testid="pass-diff-summary"]');
  assert.match(await summary.textContent(), /−\d+ lines?, \+\d+ lines?/);
  const added = await page.locator('[data-testid="pass-diff"] .diff-add').allTextContents();
  const removed = await page.locator('[data-testid="pass-diff"] .diff-del').allTextContents();
  const before = new Set((first === 0 ? expected.code : expected.steps[first - 1].ir).split('\n'));
  const after = new Set(expected.steps[first].ir.split('\n'));
  assert.ok(added.length + removed.length > 0, 'the diff shows changes');
  for (const line of added) assert.ok(after.has(line.slice(2)), `added line in the new IR: ${line}`);
  for (const line of removed) assert.ok(before.has(line.slice(2)), `removed line from the old IR: ${line}`);
  // Clicking a step that changed nothing says so; the arrow keys move through the list.
  const idle = expected.steps.findIndex((s) => !s.changed && s.depth === 0);
  if (idle >= 0) {
    await list.locator(`.pass-step[data-step="${idle}"]`).click();
    assert.match(await summary.textContent(), /no change/);
    assert.equal(await page.locator('[data-testid="pass-diff"] .diff-line').count(), 0);
  }
  const at = order.indexOf(idle >= 0 ? idle : first);
  await list.focus();
  await page.keyboard.press(at + 1 < order.length ? 'ArrowDown' : 'ArrowUp');
  const moved = at + 1 < order.length ? at + 1 : at - 1;
  assert.equal(await list.locator('.pass-step.chosen').getAttribute('data-step'), String(order[moved]));
  // Typing updates the steps; the pipeline's chips change them.
  const edited = `${source}\nfn extra_for_steps(x: f32) -> f32 { var y = x; y = y * 2.0; return y; }\n`;
  await typeSource(page, edited);
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="pass-steps"] .pass-step').length === n,
    refract.explore(edited, { products: ['passSteps'] }).products.passSteps.steps.length,
  );
  await page.locator('[data-testid="passes"] input[data-pass="mem2reg"]').uncheck();
  await settle(page, edited);
  const chosen = refract.passes().filter((p) => p !== 'mem2reg');
  const fewer = refract.explore(edited, { products: ['passSteps'], passes: chosen }).products.passSteps;
  const names2 = await list.locator('.pass-name').allTextContents();
  assert.deepEqual([...names2].sort(), fewer.steps.map((s) => s.pass).sort());
  assert.ok(!names2.includes('mem2reg'), 'mem2reg is no longer run');
  // Back to the side-by-side view.
  await page.click('[data-testid="ir-mode-both"]');
  await settle(page, edited);
  assertShows(await panelView(page, 'panel-ir-after'), refract.compile(edited, { to: 'ir', passes: chosen }), 'ir after');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('signature help in the 1,000-line example follows the argument; F12 and Ctrl-click go to a declaration', async () => {
  const source = examples['renderer.wgsl'];
  const page = await openWith(source);
  const line = source.indexOf('let tile = camera.viewport');
  await page.evaluate((o) => window.refractPlayground.reveal(o), source.indexOf('\n', line));
  await page.keyboard.press('Enter');
  await page.keyboard.type('let zz = clamp(');
  const tooltip = page.locator('[data-testid="signature-help"]');
  await tooltip.waitFor({ timeout: 15_000 });
  const text = page.evaluate(() => window.refractPlayground.source());
  const at = (await text).indexOf('let zz = clamp(') + 'let zz = clamp('.length;
  const expected = refract.signatureHelp(await text, at);
  const label = expected.signatures[expected.activeSignature].label;
  assert.equal(await tooltip.locator('pre').textContent(), label);
  const first = expected.signatures[expected.activeSignature].parameters[0];
  assert.equal(await tooltip.locator('.cm-refract-active-parameter').textContent(), label.slice(first.start, first.end));
  // The next argument is marked after a comma.
  await page.keyboard.type('1.0, ');
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="signature-help"] .cm-refract-active-parameter')?.textContent === want,
    (() => {
      const s = expected.signatures[expected.activeSignature];
      return s.label.slice(s.parameters[1].start, s.parameters[1].end);
    })(),
  );
  // Escape closes it (a completion list open over it takes the first Escape).
  for (let i = 0; i < 3 && (await tooltip.count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
  await tooltip.waitFor({ state: 'detached' });
  await page.keyboard.type('0.0, 2.0);');

  // F12 on a use of `camera` selects its declaration.
  const use = source.indexOf('camera.viewport / vec2f(f32(CLUSTER_X)') + 2;
  const decl = refract.definition(source, use);
  assert.ok(decl, 'the package knows the declaration');
  const now = await page.evaluate(() => window.refractPlayground.source());
  const shift = now.length - source.length;
  const useNow = now.indexOf('camera.viewport / vec2f(f32(CLUSTER_X)') + 2;
  await page.evaluate((o) => window.refractPlayground.reveal(o), useNow);
  await page.keyboard.press('F12');
  await page.waitForFunction(
    (start) => window.refractPlayground.selection().from === start,
    decl.start < useNow - shift ? decl.start : decl.start + shift,
    { timeout: 15_000 },
  );
  // Ctrl-click on another use does the same.
  await page.evaluate((o) => window.refractPlayground.reveal(o), 0);
  const another = now.indexOf('cluster_grid', now.indexOf('fn '));
  const target = refract.definition(now, another + 1);
  assert.ok(target, 'cluster_grid has a declaration');
  await pointAt(page, another + 1);
  await page.keyboard.down('Control');
  const { x, y } = await (await page.waitForFunction((o) => window.refractPlayground.coords(o), another + 1)).jsonValue();
  await page.mouse.click(x, y);
  await page.keyboard.up('Control');
  await page.waitForFunction((start) => window.refractPlayground.selection().from === start, target.start, { timeout: 15_000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});
