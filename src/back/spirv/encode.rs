//! Word encoding: instructions are appended straight into a section's `Vec<u32>` (the
//! first word, count and opcode, is patched when the operands are in), so writing an
//! instruction allocates nothing.

use spirv::Op;

/// One logical section of the module (capabilities, annotations, types, a function…).
#[derive(Default, Debug)]
pub(super) struct Section {
    pub words: Vec<u32>,
    /// Set when an instruction grew past 65,535 words; the writer reports it at the end.
    pub overflow: bool,
}

impl Section {
    /// Starts an instruction; finish it with [`Section::end`].
    #[inline]
    pub fn begin(&mut self, op: Op) -> usize {
        self.words.push(op as u32);
        self.words.len() - 1
    }

    #[inline]
    pub fn end(&mut self, start: usize) {
        let n = self.words.len() - start;
        if n > 0xFFFF {
            self.overflow = true;
        }
        self.words[start] |= ((n as u32) & 0xFFFF) << 16;
    }

    /// An instruction whose operands are all words.
    #[inline]
    pub fn op(&mut self, op: Op, operands: &[u32]) {
        let s = self.begin(op);
        self.words.extend_from_slice(operands);
        self.end(s);
    }

    /// `words…`, then a literal string, then `after…`.
    pub fn op_str(&mut self, op: Op, before: &[u32], s: &str, after: &[u32]) {
        let start = self.begin(op);
        self.words.extend_from_slice(before);
        push_string(&mut self.words, s);
        self.words.extend_from_slice(after);
        self.end(start);
    }

    pub fn append(&mut self, other: &mut Section) {
        self.overflow |= other.overflow;
        self.words.append(&mut other.words);
        other.overflow = false;
    }
}

/// A literal string: UTF-8, nul-terminated, padded with nuls to a whole word, little-endian
/// within each word.
pub(super) fn push_string(out: &mut Vec<u32>, s: &str) {
    let bytes = s.as_bytes();
    for chunk in bytes.chunks(4) {
        let mut w = [0u8; 4];
        w[..chunk.len()].copy_from_slice(chunk);
        out.push(u32::from_le_bytes(w));
    }
    if bytes.len() % 4 == 0 {
        out.push(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_nul_terminated_and_padded() {
        let mut v = Vec::new();
        push_string(&mut v, "main");
        assert_eq!(v, vec![u32::from_le_bytes(*b"main"), 0]);
        v.clear();
        push_string(&mut v, "abc");
        assert_eq!(v, vec![u32::from_le_bytes(*b"abc\0")]);
        v.clear();
        push_string(&mut v, "");
        assert_eq!(v, vec![0]);
    }

    #[test]
    fn instruction_word_count_is_patched() {
        let mut s = Section::default();
        s.op(Op::TypeInt, &[7, 32, 1]);
        assert_eq!(s.words, vec![(4 << 16) | Op::TypeInt as u32, 7, 32, 1]);
    }
}
