// A line diff: which lines of one text another removed and added, for the IR panel's
// pass-by-pass view. Myers' algorithm in linear space: O((N+M)·D) time for D changed
// lines and O(N+M) memory, so a pass that touches a few lines of a long module costs
// little and one that rewrites everything still fits. The recursion splits the edits in
// half at each level (the "middle snake"), so it is O(log D) deep.

export type DiffOp = { kind: 'same' | 'del' | 'add'; line: string };

/** The edit script from `a` to `b`, line by line, in order. */
export function diffLines(a: string[], b: string[]): DiffOp[] {
  // Lines become numbers, so the inner loops compare integers.
  const ids = new Map<string, number>();
  const id = (line: string) => {
    let n = ids.get(line);
    if (n === undefined) ids.set(line, (n = ids.size));
    return n;
  };
  const x = Int32Array.from(a, id);
  const y = Int32Array.from(b, id);
  const off = x.length + y.length + 1;
  const forward = new Int32Array(2 * off + 2);
  const backward = new Int32Array(2 * off + 2);
  const ops: DiffOp[] = [];

  /** Where an optimal path from (a0, b0) to (a1, b1) crosses its middle: the snake's
   * start and end, as [x0, y0, x1, y1]. The ranges are not empty. */
  const middleSnake = (a0: number, a1: number, b0: number, b1: number): number[] => {
    const n = a1 - a0;
    const m = b1 - b0;
    const delta = n - m;
    const odd = (delta & 1) !== 0;
    forward[off + 1] = 0;
    backward[off + 1] = 0;
    for (let d = 0; d <= Math.ceil((n + m) / 2); d++) {
      for (let k = -d; k <= d; k += 2) {
        const down = k === -d || (k !== d && forward[off + k - 1] < forward[off + k + 1]);
        let i = down ? forward[off + k + 1] : forward[off + k - 1] + 1;
        let j = i - k;
        const [si, sj] = [i, j];
        while (i < n && j < m && x[a0 + i] === y[b0 + j]) i++, j++;
        forward[off + k] = i;
        const c = delta - k;
        if (odd && c >= 1 - d && c <= d - 1 && i + backward[off + c] >= n) return [a0 + si, b0 + sj, a0 + i, b0 + j];
      }
      for (let k = -d; k <= d; k += 2) {
        const down = k === -d || (k !== d && backward[off + k - 1] < backward[off + k + 1]);
        let i = down ? backward[off + k + 1] : backward[off + k - 1] + 1;
        let j = i - k;
        const [si, sj] = [i, j];
        while (i < n && j < m && x[a1 - 1 - i] === y[b1 - 1 - j]) i++, j++;
        backward[off + k] = i;
        const c = delta - k;
        if (!odd && c >= -d && c <= d && i + forward[off + c] >= n) return [a1 - i, b1 - j, a1 - si, b1 - sj];
      }
    }
    throw new Error('diff: no middle snake');
  };

  const walk = (a0: number, a1: number, b0: number, b1: number) => {
    const tail: DiffOp[] = [];
    while (a0 < a1 && b0 < b1 && x[a0] === y[b0]) ops.push({ kind: 'same', line: a[a0++] }), b0++;
    while (a0 < a1 && b0 < b1 && x[a1 - 1] === y[b1 - 1]) tail.push({ kind: 'same', line: a[--a1] }), b1--;
    if (a0 === a1 || b0 === b1) {
      for (let i = a0; i < a1; i++) ops.push({ kind: 'del', line: a[i] });
      for (let j = b0; j < b1; j++) ops.push({ kind: 'add', line: b[j] });
    } else {
      const [xs, ys, xe, ye] = middleSnake(a0, a1, b0, b1);
      walk(a0, xs, b0, ys);
      for (let i = xs; i < xe; i++) ops.push({ kind: 'same', line: a[i] });
      walk(xe, a1, ye, b1);
    }
    for (let i = tail.length - 1; i >= 0; i--) ops.push(tail[i]);
  };
  walk(0, x.length, 0, y.length);
  return ops;
}
