//! Byte offset → (line, column) conversion.
//!
//! Built once per source in O(n); each lookup is a binary search over line starts plus a
//! count of Unicode scalar values (DESIGN §9's columns) that [`CharCounts`] keeps short:
//! a source may be one line of megabytes with a diagnostic on every token.

/// How many bytes lie between two [`CharCounts`] checkpoints.
const CHECKPOINT_BYTES: usize = 1024;

/// The number of Unicode scalar values before each multiple of [`CHECKPOINT_BYTES`], so
/// that the count before any offset takes a lookup and a scan of under 1 KiB, not a scan
/// from the start of its line. A scalar value starts at each byte that is not a UTF-8
/// continuation byte (`0b10xx_xxxx`), so no checkpoint needs to sit on a boundary.
pub(crate) struct CharCounts<'a> {
    bytes: &'a [u8],
    before: Vec<u32>,
}

impl<'a> CharCounts<'a> {
    pub(crate) fn new(source: &'a str) -> Self {
        let bytes = source.as_bytes();
        let mut before = Vec::with_capacity(bytes.len() / CHECKPOINT_BYTES + 1);
        let mut count = 0u32;
        for chunk in bytes.chunks(CHECKPOINT_BYTES) {
            before.push(count);
            count = count.wrapping_add(starts(chunk));
        }
        CharCounts { bytes, before }
    }

    /// The scalar values that start before byte `offset` (clamped to the end).
    pub(crate) fn before(&self, offset: usize) -> u32 {
        let offset = offset.min(self.bytes.len());
        let k = offset / CHECKPOINT_BYTES;
        let Some(&at) = self.before.get(k) else {
            // `offset` is the end of a source whose length is a multiple of the step.
            return self.before.last().map_or(0, |&c| {
                c.wrapping_add(starts(&self.bytes[(k - 1) * CHECKPOINT_BYTES..]))
            });
        };
        at.wrapping_add(starts(&self.bytes[k * CHECKPOINT_BYTES..offset]))
    }
}

/// The scalar values that start in `bytes`.
fn starts(bytes: &[u8]) -> u32 {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count() as u32
}

/// Line starts of one source text.
pub struct LineIndex<'a> {
    source: &'a str,
    line_starts: Vec<u32>,
    chars: CharCounts<'a>,
}

impl<'a> LineIndex<'a> {
    pub fn new(source: &'a str) -> Self {
        let mut line_starts = vec![0u32];
        // WGSL's line breaks (spec §"Blankspace and line breaks"): LF, VT, FF, CR, CR LF,
        // NEL (U+0085), LS (U+2028) and PS (U+2029). CR LF counts as one break.
        let bytes = source.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            let break_len = match b {
                b'\n' | 0x0B | 0x0C => 1,
                b'\r' => {
                    if bytes.get(i + 1) == Some(&b'\n') {
                        2
                    } else {
                        1
                    }
                }
                0xC2 if bytes.get(i + 1) == Some(&0x85) => 2,
                0xE2 if bytes.get(i + 1) == Some(&0x80)
                    && matches!(bytes.get(i + 2), Some(&0xA8) | Some(&0xA9)) =>
                {
                    3
                }
                _ => 0,
            };
            if break_len > 0 {
                i += break_len;
                line_starts.push(u32::try_from(i).unwrap_or(u32::MAX));
            } else {
                i += 1;
            }
        }
        LineIndex {
            source,
            line_starts,
            chars: CharCounts::new(source),
        }
    }

    pub fn source(&self) -> &'a str {
        self.source
    }

    /// 1-based line and 1-based column (in Unicode scalar values) of a byte offset.
    /// Offsets past the end clamp to the end; offsets inside a UTF-8 sequence round down.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let offset = (offset as usize).min(self.source.len());
        let line = match self.line_starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line] as usize;
        let mut end = offset;
        while end > start && !self.source.is_char_boundary(end) {
            end -= 1;
        }
        let column = self
            .chars
            .before(end)
            .wrapping_sub(self.chars.before(start))
            + 1;
        (line as u32 + 1, column)
    }

    /// Byte offset of the start of a 1-based line, if it exists.
    pub fn line_start(&self, line: u32) -> Option<u32> {
        self.line_starts.get(line.checked_sub(1)? as usize).copied()
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let idx = LineIndex::new("ab\ncd\r\nxé z");
        assert_eq!(idx.line_col(0), (1, 1));
        assert_eq!(idx.line_col(1), (1, 2));
        assert_eq!(idx.line_col(3), (2, 1));
        assert_eq!(idx.line_col(7), (3, 1));
        // 'é' is two bytes but one column.
        assert_eq!(idx.line_col(10), (3, 3));
        assert_eq!(idx.line_col(11), (3, 4));
        assert_eq!(idx.line_col(1000), (3, 5));
    }

    #[test]
    fn columns_far_into_a_long_line() {
        // Checkpoints fall inside 'é' and '€' sequences; columns still count scalars.
        let line: String = "aé€".repeat(700);
        let src = format!("x\n{line}\n");
        let idx = LineIndex::new(&src);
        let mut byte = 2;
        for (col, c) in line.chars().enumerate() {
            assert_eq!(idx.line_col(byte as u32), (2, col as u32 + 1));
            // Inside a sequence: the column of the character it belongs to.
            if c.len_utf8() > 1 {
                assert_eq!(idx.line_col(byte as u32 + 1), (2, col as u32 + 1));
            }
            byte += c.len_utf8();
        }
        assert_eq!(idx.line_col(byte as u32), (2, 2101));
        for len in [0, 1, 1023, 1024, 1025, 2048] {
            let src = "é".repeat(len / 2) + &"a".repeat(len % 2);
            let counts = CharCounts::new(&src);
            assert_eq!(
                counts.before(src.len()) as usize,
                src.chars().count(),
                "{len}"
            );
            assert_eq!(
                counts.before(usize::MAX) as usize,
                src.chars().count(),
                "{len}"
            );
        }
    }

    #[test]
    fn unicode_line_breaks() {
        let idx = LineIndex::new("a\u{2028}b\u{85}c\rd");
        assert_eq!(idx.line_count(), 4);
        assert_eq!(idx.line_col(4), (2, 1));
    }
}
