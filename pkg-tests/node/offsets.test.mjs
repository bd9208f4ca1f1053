// The playground's byte → UTF-16 offset mapping (www/src/offsets.ts), which places
// refract's diagnostics (UTF-8 byte offsets) in the editor (UTF-16 units). Checked
// exhaustively against Node's own UTF-8 encoder on texts mixing 1- to 4-byte characters
// and lone surrogates.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { REPO } from '../lib/refract.mjs';

const source = readFileSync(join(REPO, 'www/src/offsets.ts'), 'utf8');
const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
const { byteToUtf16 } = await import(`data:text/javascript,${encodeURIComponent(js)}`);

/** The reference: the UTF-8 length of each prefix that ends on a character boundary. */
function reference(text) {
  const map = new Map();
  let i = 0;
  while (i <= text.length) {
    map.set(Buffer.byteLength(text.slice(0, i).toWellFormed(), 'utf8'), i);
    const c = text.codePointAt(i);
    i += c !== undefined && c > 0xffff ? 2 : 1;
  }
  return map;
}

test('character boundaries map exactly; offsets inside a character map to its start', () => {
  const texts = ['', 'abc', 'é', 'fn é😀 x', '😀😀', 'a\uD800b', '\uDC00', 'x\uD83D', '名前 = 1;\n😀\n', '\uD83D\uDE00\uD800\uDE00'];
  for (const text of texts) {
    const map = byteToUtf16(text);
    const ref = reference(text);
    const total = Buffer.byteLength(text.toWellFormed(), 'utf8');
    let last = 0;
    for (let byte = 0; byte <= total + 2; byte++) {
      const expected = ref.has(byte) ? ref.get(byte) : byte > total ? text.length : last;
      assert.equal(map(byte), expected, `${JSON.stringify(text)} byte ${byte}`);
      if (ref.has(byte)) last = ref.get(byte);
    }
  }
});
