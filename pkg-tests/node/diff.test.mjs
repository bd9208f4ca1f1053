// The playground's line diff (www/src/diff.ts), which shows what each pass changed: the
// script must rebuild both texts and be as short as possible (n + m − 2·LCS edits),
// checked against a dynamic-programming LCS on random texts, and stay fast on long ones.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { REPO } from '../lib/refract.mjs';

const source = readFileSync(join(REPO, 'www/src/diff.ts'), 'utf8');
const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
const { diffLines } = await import(`data:text/javascript,${encodeURIComponent(js)}`);

function lcs(a, b) {
  const row = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}

function check(a, b, what) {
  const ops = diffLines(a, b);
  assert.deepEqual(ops.filter((o) => o.kind !== 'add').map((o) => o.line), a, `${what}: rebuilds the old text`);
  assert.deepEqual(ops.filter((o) => o.kind !== 'del').map((o) => o.line), b, `${what}: rebuilds the new text`);
  const edits = ops.filter((o) => o.kind !== 'same').length;
  assert.equal(edits, a.length + b.length - 2 * lcs(a, b), `${what}: shortest script`);
}

test('random texts: the script rebuilds both and is shortest', () => {
  let seed = 12345;
  const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
  for (let t = 0; t < 3000; t++) {
    const alphabet = 1 + random(6);
    const a = Array.from({ length: random(14) }, () => `l${random(alphabet)}`);
    const b = Array.from({ length: random(14) }, () => `l${random(alphabet)}`);
    check(a, b, `case ${t}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  }
  check([], [], 'empty');
  check(['a'], [], 'all removed');
  check([], ['a'], 'all added');
});

test('a long module with scattered edits, and one rewritten whole', () => {
  const a = Array.from({ length: 20000 }, (_, i) => `  %${i} = add %${i - 1}, 1`);
  const b = a.filter((_, i) => i % 97 !== 0).map((l, i) => (i % 211 === 0 ? `${l} ; changed` : l));
  const start = performance.now();
  check(a.slice(0, 3000), b.slice(0, 2950), 'prefix');
  const ops = diffLines(a, b);
  assert.equal(ops.filter((o) => o.kind !== 'add').length, a.length);
  const c = a.map((l) => `${l}!`);
  const all = diffLines(a.slice(0, 5000), c.slice(0, 5000));
  assert.equal(all.filter((o) => o.kind === 'same').length, 0);
  assert.ok(performance.now() - start < 10000, `took ${performance.now() - start} ms`);
});
