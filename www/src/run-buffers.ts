// The Run panel's buffers: element types and sizes from the reflection, initial contents
// (zeros, a pattern, typed numbers) as bytes, and comparing two results word by word. No
// DOM here, so it is easy to reason about (and to test from Node).

export type Elem = 'f32' | 'f16' | 'i32' | 'u32' | 'i16' | 'u16';

export const ELEM_BYTES: Record<Elem, number> = { f32: 4, f16: 2, i32: 4, u32: 4, i16: 2, u16: 2 };

/** The parts of the reflection JSON (src/sema/reflect.rs) the Run panel reads. */
export interface Reflection {
  entryPoints: {
    name: string;
    stage: 'vertex' | 'fragment' | 'compute';
    workgroupSize?: (number | { override: string })[];
    bindings: { group: number; binding: number }[];
  }[];
  bindings: {
    group: number;
    binding: number;
    name: string;
    resource: string;
    type: string;
    access?: string;
    minBindingSize?: number;
  }[];
  structs: { name: string; size: number | null; align: number | null; members: { name: string; type: string; offset: number }[] }[];
}

/** `T` of `array<T, N>` (the text before the first top-level comma). */
function firstArgument(text: string): { first: string; more: boolean } {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<') depth++;
    else if (c === '>') depth--;
    else if (c === ',' && depth === 0) return { first: text.slice(0, i).trim(), more: true };
  }
  return { first: text.trim(), more: false };
}

const SUFFIX: Record<string, Elem> = { f: 'f32', h: 'f16', i: 'i32', u: 'u32' };

function leaves(type: string, structs: Reflection['structs'], out: Set<Elem>, depth: number) {
  if (depth > 32) return;
  const t = type.trim();
  const generic = /^(\w+)<(.*)>$/.exec(t);
  if (generic) {
    const [, head, args] = generic;
    if (head === 'array' || head === 'atomic' || /^vec\d$/.test(head) || /^mat\dx\d$/.test(head)) {
      leaves(firstArgument(args).first, structs, out, depth + 1);
    }
    return;
  }
  if (t === 'f32' || t === 'f16' || t === 'i32' || t === 'u32') out.add(t);
  else if (t === 'bool') out.add('u32');
  else {
    const alias = /^(?:vec\d|mat\dx\d)([fhiu])$/.exec(t);
    if (alias) out.add(SUFFIX[alias[1]]);
    else for (const m of structs.find((s) => s.name === t)?.members ?? []) leaves(m.type, structs, out, depth + 1);
  }
}

/** The scalar type of a buffer's words, as the simulator reports it: the one every leaf
 * of the type shares, else `u32`. */
export function elementType(type: string, structs: Reflection['structs']): Elem {
  const found = new Set<Elem>();
  leaves(type, structs, found, 0);
  return found.size === 1 ? [...found][0] : 'u32';
}

/** Whether the type ends in a runtime-sized array (its size is the host's choice). */
export function runtimeSized(type: string, structs: Reflection['structs'], depth = 0): boolean {
  if (depth > 32) return false;
  const t = type.trim();
  const generic = /^array<(.*)>$/.exec(t);
  if (generic) return !firstArgument(generic[1]).more;
  const members = structs.find((s) => s.name === t)?.members;
  return members !== undefined && members.length > 0 && runtimeSized(members[members.length - 1].type, structs, depth + 1);
}

/** Size and alignment in bytes, by WGSL's layout rules (null for what has none here). */
function layoutOf(type: string, structs: Reflection['structs'], depth = 0): { size: number; align: number } | null {
  if (depth > 32) return null;
  const t = type.trim();
  if (t === 'f32' || t === 'i32' || t === 'u32' || t === 'bool') return { size: 4, align: 4 };
  const vec = /^vec(\d)(?:<(\w+)>|([fiu]))$/.exec(t);
  if (vec) {
    const n = Number(vec[1]);
    if ((vec[2] ?? vec[3]) === 'f16' ) return null;
    return { size: 4 * n, align: n === 2 ? 8 : 16 };
  }
  const mat = /^mat(\d)x(\d)(?:<f32>|f)$/.exec(t);
  if (mat) {
    const rows = Number(mat[2]);
    const column = rows === 2 ? 8 : 16;
    return { size: column * Number(mat[1]), align: column };
  }
  const atomic = /^atomic<(\w+)>$/.exec(t);
  if (atomic) return { size: 4, align: 4 };
  const array = /^array<(.*)>$/.exec(t);
  if (array) {
    const { first, more } = firstArgument(array[1]);
    const inner = layoutOf(first, structs, depth + 1);
    const n = more ? Number(array[1].slice(array[1].indexOf(first) + first.length).replace(/^\s*,/, '').trim()) : NaN;
    if (!inner || !Number.isInteger(n)) return null;
    return { size: n * Math.ceil(inner.size / inner.align) * inner.align, align: inner.align };
  }
  const struct = structs.find((x) => x.name === t);
  return struct && struct.size !== null && struct.align !== null ? { size: struct.size, align: struct.align } : null;
}

/** Marks the scalar type of each 4-byte word `type` covers, from byte `offset`. */
function placeWords(type: string, offset: number, structs: Reflection['structs'], out: Map<number, Elem>, depth: number): boolean {
  if (depth > 32) return false;
  const t = type.trim();
  const scalars = new Set<Elem>();
  leaves(t, structs, scalars, 0);
  const struct = structs.find((x) => x.name === t);
  if (struct) return struct.members.every((m) => placeWords(m.type, offset + m.offset, structs, out, depth + 1));
  const array = /^array<(.*)>$/.exec(t);
  if (array) {
    const inner = firstArgument(array[1]).first;
    const whole = layoutOf(t, structs);
    const one = layoutOf(inner, structs);
    if (!whole || !one) return false;
    const stride = Math.ceil(one.size / one.align) * one.align;
    for (let at = 0; at < whole.size; at += stride) if (!placeWords(inner, offset + at, structs, out, depth + 1)) return false;
    return true;
  }
  const layout = layoutOf(t, structs);
  if (!layout || scalars.size !== 1) return false;
  const [elem] = scalars;
  const mat = /^mat(\d)x(\d)/.exec(t);
  if (mat) {
    const rows = Number(mat[2]);
    for (let c = 0; c < Number(mat[1]); c++) for (let r = 0; r < rows; r++) out.set((offset + c * (rows === 2 ? 8 : 16) + 4 * r) / 4, elem);
  } else for (let w = 0; w < layout.size / 4; w++) out.set(offset / 4 + w, elem);
  return true;
}

/** For a buffer whose words are of mixed types (a structure, an array of them): the
 * type of each word, repeating every `stride` words for a runtime-sized array; null when
 * the words share one type or the layout is not known here. Padding words are absent. */
export function wordTypes(type: string, structs: Reflection['structs']): ((word: number) => Elem | undefined) | null {
  const found = new Set<Elem>();
  leaves(type, structs, found, 0);
  if (found.size <= 1) return null;
  const t = type.trim();
  const runtime = /^array<(.*)>$/.exec(t);
  const out = new Map<number, Elem>();
  if (runtime && !firstArgument(runtime[1]).more) {
    const inner = firstArgument(runtime[1]).first;
    const one = layoutOf(inner, structs);
    if (!one || !placeWords(inner, 0, structs, out, 0)) return null;
    const stride = Math.ceil(one.size / one.align) * one.align / 4;
    return (word) => out.get(word % stride);
  }
  if (!placeWords(t, 0, structs, out, 0)) return null;
  return (word) => out.get(word);
}

export type Fill = 'zeros' | 'pattern' | 'numbers';

/** The bits of the f32 nearest `x`, as an unsigned number. */
function f32Bits(x: number): number {
  return new Uint32Array(new Float32Array([x]).buffer)[0];
}

/** Numbers typed by the user, separated by commas or white space. In words of an integer
 * type (`u32` is also a structure of mixed members), `1.5f` stands for the bits of the
 * f32 1.5, so a float member can be given too. */
export function parseNumbers(text: string, elem: Elem): { values: number[] } | { error: string } {
  const values: number[] = [];
  const float = elem === 'f32' || elem === 'f16';
  for (const token of text.split(/[\s,;]+/).filter((t) => t !== '')) {
    if ((elem === 'u32' || elem === 'i32') && /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?f$/i.test(token)) {
      const bits = f32Bits(Number(token.slice(0, -1)));
      values.push(elem === 'i32' ? bits | 0 : bits);
      continue;
    }
    const x = /^[+-]?(?:inf|infinity)$/i.test(token) ? (token.startsWith('-') ? -Infinity : Infinity)
      : /^nan$/i.test(token) ? NaN
      : Number(/^[+-]?0x/i.test(token) ? token : token.replace(/[fhiu]$/i, ''));
    if (Number.isNaN(x) && !/^nan$/i.test(token)) return { error: `“${token}” is not a number` };
    if (!float && !Number.isInteger(x)) return { error: `“${token}” is not an integer (${elem})` };
    values.push(x);
  }
  return { values };
}

/** f32 → the bits of the nearest f16 (ties to even). */
export function halfBits(value: number): number {
  const word = new Uint32Array(new Float32Array([value]).buffer)[0];
  const sign = (word >>> 16) & 0x8000;
  const exp = (word >>> 23) & 0xff;
  let mant = word & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let h = mant >>> shift;
    const rest = mant & ((1 << shift) - 1);
    const half = 1 << (shift - 1);
    if (rest > half || (rest === half && h & 1)) h++;
    return sign | h;
  }
  let h = (e << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && h & 1)) h++;
  return sign | h;
}

/** Writes `values` into `bytes` as words of `elem` (integers wrap as WGSL's do). */
export function writeWords(bytes: ArrayBuffer, elem: Elem, values: (i: number) => number, count: number) {
  const view = new DataView(bytes);
  for (let i = 0; i < count; i++) {
    const x = values(i);
    const at = i * ELEM_BYTES[elem];
    if (elem === 'f32') view.setFloat32(at, x, true);
    else if (elem === 'f16') view.setUint16(at, halfBits(x), true);
    else if (elem === 'i32' || elem === 'u32') view.setUint32(at, Number(BigInt.asUintN(32, BigInt(x))), true);
    else view.setUint16(at, Number(BigInt.asUintN(16, BigInt(x))), true);
  }
}

/** The initial bytes of a buffer of `elements` words (at least `minBytes`, a multiple of 4). */
export function initialBytes(fill: Fill, elem: Elem, elements: number, minBytes: number, numbers: number[]): ArrayBuffer {
  const size = Math.ceil(Math.max(minBytes, elements * ELEM_BYTES[elem], numbers.length * ELEM_BYTES[elem]) / 4) * 4;
  const bytes = new ArrayBuffer(size);
  const count = Math.floor(size / ELEM_BYTES[elem]);
  if (fill === 'pattern') writeWords(bytes, elem, (i) => i, count);
  else if (fill === 'numbers') writeWords(bytes, elem, (i) => numbers[i], numbers.length);
  return bytes;
}

/** The word at `i` as raw bits, for comparing. */
function bits(bytes: Uint8Array, elem: Elem, i: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return ELEM_BYTES[elem] === 2 ? view.getUint16(i * 2, true) : view.getUint32(i * 4, true);
}

/** Distance in units in the last place between two floats given as bits (0 for two NaNs). */
function ulps(a: number, b: number, width: 16 | 32): number {
  const signBit = width === 32 ? 0x80000000 : 0x8000;
  const nan = (x: number) => (width === 32 ? (x & 0x7f800000) === 0x7f800000 && (x & 0x7fffff) !== 0 : (x & 0x7c00) === 0x7c00 && (x & 0x3ff) !== 0);
  if (nan(a) || nan(b)) return nan(a) && nan(b) ? 0 : Infinity;
  // Map to a line where adjacent floats are adjacent integers (−0 and +0 meet).
  const line = (x: number) => ((x & signBit) !== 0 ? -(x & (signBit - 1)) : x);
  return Math.abs(line(a >>> 0) - line(b >>> 0));
}

export interface Difference {
  /** The first word that differs by more than the tolerance; -1 when none does. */
  index: number;
  /** The largest distance in ULPs over the buffer (floats only; Infinity for integers). */
  maxUlps: number;
}

/** Compares two buffers word by word: null when equal bit for bit. `types` gives the
 * type of each word of a buffer of mixed `u32` words (floats are then measured in ULPs). */
export function compareWords(a: Uint8Array, b: Uint8Array, elem: Elem, types: ((word: number) => Elem | undefined) | null = null, tolerance = 0): Difference | null {
  const size = ELEM_BYTES[elem];
  const count = Math.floor(Math.min(a.length, b.length) / size);
  let first = a.length === b.length ? -1 : count;
  let maxUlps = a.length === b.length ? 0 : Infinity;
  for (let i = 0; i < count; i++) {
    const x = bits(a, elem, i);
    const y = bits(b, elem, i);
    if (x === y) continue;
    const type = (types && types(i)) ?? elem;
    const distance = type === 'f32' || type === 'f16' ? ulps(x, y, size === 4 ? 32 : 16) : Infinity;
    maxUlps = Math.max(maxUlps, distance);
    if (distance > tolerance && (first < 0 || i < first)) first = i;
  }
  return first < 0 && maxUlps === 0 ? null : { index: first, maxUlps };
}

/** A word as the table shows it. */
export function wordText(bytes: Uint8Array, elem: Elem, i: number): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (elem) {
    case 'f32': return String(view.getFloat32(i * 4, true));
    case 'i32': return String(view.getInt32(i * 4, true));
    case 'u32': return String(view.getUint32(i * 4, true));
    case 'i16': return String(view.getInt16(i * 2, true));
    case 'u16': return String(view.getUint16(i * 2, true));
    case 'f16': {
      const h = view.getUint16(i * 2, true);
      const e = (h >> 10) & 0x1f;
      const m = h & 0x3ff;
      const s = h & 0x8000 ? -1 : 1;
      return String(e === 0x1f ? (m ? NaN : s * Infinity) : e === 0 ? s * m * 2 ** -24 : s * (1 + m / 1024) * 2 ** (e - 15));
    }
  }
}
