//! Byte offset → (line, column) conversion.
//!
//! Built once per source in O(n); each lookup is a binary search over line starts plus a
//! scan of one line to count Unicode scalar values, as DESIGN §9 asks for columns.

/// Line starts of one source text.
pub struct LineIndex<'a> {
    source: &'a str,
    line_starts: Vec<u32>,
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
        let column = self.source[start..end].chars().count() + 1;
        (line as u32 + 1, column as u32)
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
    fn unicode_line_breaks() {
        let idx = LineIndex::new("a\u{2028}b\u{85}c\rd");
        assert_eq!(idx.line_count(), 4);
        assert_eq!(idx.line_col(4), (2, 1));
    }
}
