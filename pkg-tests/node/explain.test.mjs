// `explain(code)`: the package's diagnostic explanations are the CLI's (`refract explain
// CODE`), text for text, for every registered code; anything else is null. The package
// carries them as plain data (pkg/explain.js, from scripts/explain-data.mjs), not in the
// .wasm, so this is the check that the generator reads the Markdown as the CLI does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { refract, REPO, refractCli } from '../lib/refract.mjs';
import { explanations } from '../../pkg/explain.js';

const cli = refractCli();

function cliExplain(code) {
  const r = spawnSync(cli, ['explain', code], { encoding: 'utf8' });
  if (r.error) throw r.error;
  return r;
}

/** The registered codes, counted straight from src/diag/codes.rs (`pub const X: &str = "E…"`),
 * not through the generator. */
function registeredCodes() {
  const source = readFileSync(join(REPO, 'src/diag/codes.rs'), 'utf8');
  return [...source.matchAll(/^pub const \w+: &str = "(E\d{4})";/gm)].map((m) => m[1]).sort();
}

test('the package explains every registered code, as the CLI does', (t) => {
  const codes = registeredCodes();
  assert.ok(codes.length > 100, `only ${codes.length} codes found in src/diag/codes.rs`);
  assert.deepEqual(Object.keys(explanations).sort(), codes);
  assert.ok(Object.isFrozen(explanations));
  let withBody = 0;
  for (const code of codes) {
    const native = cliExplain(code);
    assert.equal(native.status, 0, `refract explain ${code}: ${native.stderr}`);
    const js = refract.explain(code);
    assert.equal(js, native.stdout, code);
    assert.equal(refract.explain(code.toLowerCase()), js, code.toLowerCase());
    assert.ok(js.startsWith(`${code}: `), js);
    if (js.includes('\n\n')) withBody += 1;
  }
  t.diagnostic(`${codes.length} codes, ${withBody} with a long explanation`);
  assert.ok(withBody > 0, 'no code has a long explanation');
});

test('anything but a registered code is null, and the CLI refuses it', () => {
  for (const bad of ['E9999', 'E0000', 'E110', 'E11080', 'X1108', '1108', '', ' E1108', 'E1108 ', 'constructor', '__proto__']) {
    assert.equal(refract.explain(bad), null, JSON.stringify(bad));
    if (bad !== '') assert.equal(cliExplain(bad).status, 2, JSON.stringify(bad));
  }
  for (const notString of [undefined, null, 1108, {}, ['E1108']]) {
    assert.equal(refract.explain(notString), null, String(notString));
  }
});
