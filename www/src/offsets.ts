// Diagnostics give places as UTF-8 byte offsets (DESIGN §9); the editor counts UTF-16
// units. This maps one to the other for one text.

/** Returns a function from UTF-8 byte offsets of `text` to UTF-16 offsets. A lone
 * surrogate counts as U+FFFD (three bytes), as refract received it. An offset inside a
 * character maps to that character's start; an offset past the end maps to the end. */
export function byteToUtf16(text: string): (byte: number) => number {
  // starts[i]: the byte offset where UTF-16 unit i begins. The low half of a surrogate
  // pair gets the offset of the next character, so no byte offset lands between the two.
  const starts = new Array<number>(text.length);
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    starts[i] = bytes;
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        starts[++i] = bytes;
        continue;
      }
      bytes += 3;
    } else bytes += 3;
  }
  return (byte) => {
    if (byte >= bytes) return text.length;
    if (byte <= 0) return 0;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= byte) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
}
