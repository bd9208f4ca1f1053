//! A text buffer for the printers that run on every keystroke in the playground: the AST
//! as JSON, the IR text, the SPIR-V disassembly and the reflection JSON.
//!
//! The WebAssembly build is optimized for size (opt-level "z"), where LLVM inlines almost
//! nothing: every `String::push` is a call that encodes its `char` as UTF-8 and then calls
//! `Vec::push`, and every `push_str` goes through three calls (extend, reserve, copy)
//! before the bytes move; even slicing `&mut v[a..b]` is a call. Written a few bytes at a
//! time, those calls cost more than the text itself. [`Text`] cuts them:
//! - A write checks the room once, inline, and copies its bytes to the end of the buffer
//!   (see [`Text::room`]; the only `unsafe` of the file, each block a copy into room just
//!   checked and the `set_len` that counts it).
//! - It offers the pieces these printers are made of, each as one call: an ASCII byte, a
//!   string, a line break with its indentation (one slice of a static run of spaces, with
//!   JSON's comma before it when asked), a decimal number (digits stored in place), a JSON
//!   string literal and a JSON object key.
//!
//! Rules: every method appends whole UTF-8 text (a `&str`, or ASCII bytes), so the text is
//! always valid UTF-8. [`Text::finish`] still checks it, so that a slip can never make an
//! invalid `String`: the check runs over ASCII a word at a time and costs little next to
//! writing the text.

use std::ptr;

/// A comma, a line break and spaces: `newline` takes `1 + width` bytes from the line
/// break on, `comma_newline` `2 + width` from the comma.
const LINE: &[u8; 66] = b",\n                                                                ";
/// How many spaces [`LINE`] has.
const SPACES: usize = LINE.len() - 2;

/// An append-only UTF-8 text buffer; see the module essay.
#[derive(Default)]
pub(crate) struct Text {
    bytes: Vec<u8>,
}

impl Text {
    pub(crate) fn with_capacity(capacity: usize) -> Text {
        Text {
            bytes: Vec::with_capacity(capacity),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Makes room for `additional` more bytes.
    pub(crate) fn reserve(&mut self, additional: usize) {
        if self.bytes.capacity() - self.bytes.len() < additional {
            self.bytes.reserve(additional);
        }
    }

    /// Makes room for `n` more bytes and returns where they go: the end of the text.
    /// Writing at most `n` bytes there is in bounds; a write is then counted with
    /// `set_len(len() + n)`, after every one of the `n` bytes is written. Inlined into
    /// every write: as a call it cost more than most writes' copies.
    #[inline(always)]
    fn room(&mut self, n: usize) -> *mut u8 {
        let len = self.bytes.len();
        if self.bytes.capacity() - len < n {
            self.bytes.reserve(n);
        }
        // SAFETY: `len <= capacity`, so the offset stays within the allocation.
        unsafe { self.bytes.as_mut_ptr().add(len) }
    }

    /// Drops the text from `len` on (`len` must be a length this buffer had).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.bytes.truncate(len);
    }

    /// Appends an ASCII byte.
    pub(crate) fn push(&mut self, b: u8) {
        debug_assert!(b.is_ascii());
        let at = self.room(1);
        // SAFETY: one byte written into the room for one, then counted.
        unsafe {
            at.write(b);
            self.bytes.set_len(self.bytes.len() + 1);
        }
    }

    pub(crate) fn push_str(&mut self, s: &str) {
        self.push_bytes(s.as_bytes());
    }

    /// Appends a short ASCII literal, `b", "`: its length is a constant, so the copy is
    /// a few stores rather than a call.
    pub(crate) fn push_lit<const N: usize>(&mut self, s: &[u8; N]) {
        debug_assert!(s.is_ascii());
        let at = self.room(N);
        // SAFETY: `N` bytes copied into the room for them, then counted; `s` is borrowed,
        // so it cannot overlap the buffer.
        unsafe {
            ptr::copy_nonoverlapping(s.as_ptr(), at, N);
            self.bytes.set_len(self.bytes.len() + N);
        }
    }

    /// Whole UTF-8 text, or ASCII.
    fn push_bytes(&mut self, s: &[u8]) {
        let at = self.room(s.len());
        // SAFETY: `s.len()` bytes copied into the room for them, then counted; `s` is
        // borrowed, so it cannot overlap the buffer, which `self` owns.
        unsafe {
            ptr::copy_nonoverlapping(s.as_ptr(), at, s.len());
            self.bytes.set_len(self.bytes.len() + s.len());
        }
    }

    /// Three pieces in one write: `a`, `b` and `c`, each whole UTF-8 text or ASCII.
    /// Inlined into its few callers, whose `a` and `c` are constants: their copies
    /// become plain stores.
    #[inline(always)]
    fn push_three(&mut self, a: &[u8], b: &[u8], c: &[u8]) {
        let n = a.len() + b.len() + c.len();
        let at = self.room(n);
        // SAFETY: the three copies fill exactly the room for `n` bytes, then counted; the
        // pieces are borrowed, so none overlaps the buffer.
        unsafe {
            ptr::copy_nonoverlapping(a.as_ptr(), at, a.len());
            ptr::copy_nonoverlapping(b.as_ptr(), at.add(a.len()), b.len());
            ptr::copy_nonoverlapping(c.as_ptr(), at.add(a.len() + b.len()), c.len());
            self.bytes.set_len(self.bytes.len() + n);
        }
    }

    /// Appends a copy of `range` of the text already written (a whole piece written
    /// earlier, so it holds whole characters).
    pub(crate) fn push_within(&mut self, range: std::ops::Range<usize>) {
        self.bytes.extend_from_within(range);
    }

    /// A line break and `width` spaces.
    pub(crate) fn newline(&mut self, width: usize) {
        self.line(1, width);
    }

    /// A comma, a line break and `width` spaces.
    pub(crate) fn comma_newline(&mut self, width: usize) {
        self.line(0, width);
    }

    /// `LINE` from `from`, with `width` spaces.
    fn line(&mut self, from: usize, width: usize) {
        if width <= SPACES {
            self.push_bytes(&LINE[from..2 + width]);
            return;
        }
        self.push_bytes(&LINE[from..]);
        let mut rest = width - SPACES;
        while rest > 0 {
            let n = rest.min(SPACES);
            self.push_bytes(&LINE[2..2 + n]);
            rest -= n;
        }
    }

    /// A JSON object's key on a line of its own, indented by `width`, after a comma
    /// unless `first`: `,\n    "key": `. The key must need no escaping.
    pub(crate) fn json_key_line(&mut self, first: bool, width: usize, key: &str) {
        if width >= SPACES {
            self.line(usize::from(first), width);
            self.json_key(key);
            return;
        }
        // The line break, its indentation and the opening quote are one slice of `LINE`.
        let line = &LINE[usize::from(first)..3 + width];
        self.push_three(line, key.as_bytes(), b"\": ");
        // `LINE` has a space where the quote goes.
        let quote = self.bytes.len() - key.len() - 4;
        self.bytes[quote] = b'"';
    }

    /// A JSON object's key, `"key": `. The key must need no escaping.
    pub(crate) fn json_key(&mut self, key: &str) {
        self.push_three(b"\"", key.as_bytes(), b"\": ");
    }

    /// `v` in decimal.
    pub(crate) fn push_u64(&mut self, v: u64) {
        match u32::try_from(v) {
            Ok(v) => self.push_u32(v),
            Err(_) => {
                let mut digits = [0u8; 20];
                let mut at = digits.len();
                let mut v = v;
                while v > 0 {
                    at -= 1;
                    digits[at] = b'0' + (v % 10) as u8;
                    v /= 10;
                }
                self.push_bytes(&digits[at..]);
            }
        }
    }

    /// `v` in decimal.
    pub(crate) fn push_u32(&mut self, v: u32) {
        self.push_prefixed_u32(&[], v);
    }

    /// `prefix` (ASCII, a sigil such as `%`) and `v` in decimal, in one write. The
    /// prefix's length is a constant, so that it is stored rather than copied by a call.
    pub(crate) fn push_prefixed_u32<const N: usize>(&mut self, prefix: &[u8; N], v: u32) {
        /// The decimal digits of 0 to 99, two each.
        const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
            2021222324252627282930313233343536373839\
            4041424344454647484950515253545556575859\
            6061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899";
        debug_assert!(prefix.is_ascii());
        let mut digits = 1;
        let mut bound = 10u32;
        while digits < 10 && v >= bound {
            digits += 1;
            bound = bound.wrapping_mul(10);
        }
        let n = N + digits;
        let at = self.room(n);
        let mut v = v;
        let mut k = n;
        // SAFETY: the prefix and `digits` digits fill exactly the room for `n` bytes,
        // written from the last (`k` stays within `N..n`), then counted.
        unsafe {
            ptr::copy_nonoverlapping(prefix.as_ptr(), at, N);
            while v >= 100 {
                let pair = 2 * (v % 100) as usize;
                v /= 100;
                k -= 2;
                at.add(k).write(PAIRS[pair]);
                at.add(k + 1).write(PAIRS[pair + 1]);
            }
            if v >= 10 {
                let pair = 2 * v as usize;
                at.add(k - 2).write(PAIRS[pair]);
                at.add(k - 1).write(PAIRS[pair + 1]);
            } else {
                at.add(k - 1).write(b'0' + v as u8);
            }
            self.bytes.set_len(self.bytes.len() + n);
        }
    }

    /// `s` as a JSON string literal, for text known to need no escaping (a name this
    /// program chose): no scan, one write.
    pub(crate) fn push_json_plain(&mut self, s: &str) {
        debug_assert!(!s.bytes().any(super::json::needs_escape), "{s}");
        self.push_three(b"\"", s.as_bytes(), b"\"");
    }

    /// `s` as a JSON string literal, escaped as `serde_json` escapes it (`util::json`'s
    /// tests hold it to that).
    pub(crate) fn push_json_string(&mut self, s: &str) {
        let bytes = s.as_bytes();
        // The characters to escape are ASCII, so a byte scan finds them in UTF-8.
        let mut at = 0;
        while at < bytes.len() && !super::json::needs_escape(bytes[at]) {
            at += 1;
        }
        if at == bytes.len() {
            // Nothing to escape, the usual case: one write.
            self.push_three(b"\"", bytes, b"\"");
            return;
        }
        self.push(b'"');
        let mut copied = 0;
        while at < bytes.len() {
            let b = bytes[at];
            if super::json::needs_escape(b) {
                self.push_bytes(&bytes[copied..at]);
                self.json_escape(b);
                copied = at + 1;
            }
            at += 1;
        }
        self.push_bytes(&bytes[copied..]);
        self.push(b'"');
    }

    fn json_escape(&mut self, b: u8) {
        let named = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            b'\n' => b'n',
            b'\r' => b'r',
            b'\t' => b't',
            0x08 => b'b',
            0x0c => b'f',
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let code = [
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ];
                self.push_bytes(&code);
                return;
            }
        };
        self.push_bytes(&[b'\\', named]);
    }

    /// The text as a `String`.
    pub(crate) fn finish(self) -> String {
        // Always UTF-8 (see the module essay); the fallback only keeps this panic-free.
        String::from_utf8(self.bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

impl std::fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Text;

    fn text(f: impl FnOnce(&mut Text)) -> String {
        let mut t = Text::default();
        f(&mut t);
        t.finish()
    }

    #[test]
    fn numbers_are_decimal() {
        let mut values = vec![
            0u64,
            1,
            9,
            10,
            99,
            100,
            101,
            999,
            1000,
            4_294_967_295,
            u64::MAX,
        ];
        values.extend((0..10).flat_map(|k| [10u64.pow(k) - 1, 10u64.pow(k), 10u64.pow(k) + 7]));
        for v in values {
            assert_eq!(text(|t| t.push_u64(v)), v.to_string());
            if let Ok(v) = u32::try_from(v) {
                assert_eq!(text(|t| t.push_u32(v)), v.to_string());
                assert_eq!(text(|t| t.push_prefixed_u32(b"%", v)), format!("%{v}"));
            }
        }
    }

    #[test]
    fn newlines_indent_to_any_width() {
        for width in [0, 1, 63, 64, 65, 129, 300] {
            assert_eq!(
                text(|t| t.newline(width)),
                format!("\n{}", " ".repeat(width))
            );
            assert_eq!(
                text(|t| t.comma_newline(width)),
                format!(",\n{}", " ".repeat(width))
            );
        }
    }

    #[test]
    fn json_keys() {
        for width in [0, 4, 64, 65, 200] {
            let pad = " ".repeat(width);
            assert_eq!(
                text(|t| t.json_key_line(true, width, "kind")),
                format!("\n{pad}\"kind\": ")
            );
            assert_eq!(
                text(|t| t.json_key_line(false, width, "k")),
                format!(",\n{pad}\"k\": ")
            );
        }
        assert_eq!(text(|t| t.json_key("span")), "\"span\": ");
    }

    #[test]
    fn grows_from_empty_and_truncates() {
        let s = text(|t| {
            for k in 0..1000u32 {
                t.push_u32(k);
                t.push(b' ');
            }
            let at = t.len();
            t.push_str("tail");
            t.truncate(at);
            t.push_str("end");
        });
        let expected: String = (0..1000).map(|k| format!("{k} ")).collect::<String>() + "end";
        assert_eq!(s, expected);
    }

    #[test]
    fn pieces_join() {
        let s = text(|t| {
            t.push(b'[');
            t.push_str("é");
            let at = t.len();
            t.push_str("ab");
            t.push_within(at..t.len());
            t.push(b']');
        });
        assert_eq!(s, "[éabab]");
        assert_eq!(text(|t| t.push_lit(b", ")), ", ");
    }
}
