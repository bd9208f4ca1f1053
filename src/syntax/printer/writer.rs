//! The layout engine under the printer: lines, indentation, spaces, and comments.
//!
//! The printer hands the writer tokens in order, plus requests: a space, a line break, a
//! blank line, one more or one less level of indentation. Requests are lazy: a line break
//! is written only when the next token comes, so a comment that trails the previous token
//! in the source can still go before it, on the same line.
//!
//! **Comments** (formatting only). The writer keeps a cursor into the source's tokens:
//! each printed token that is spelled as the next source token takes that token's
//! position, so the writer knows exactly which comments came before it, and prints them
//! first. Printed tokens the source does not have (an added trailing comma) take no
//! position; source tokens the printer drops (an optional `:` or trailing comma) are
//! skipped; and every node with a span moves the cursor to its start, so the two never
//! drift apart. A comment is printed the way it stood:
//! - *trailing*, on the same line as the token before it (no line break between them in
//!   the source), or *own-line*, on a line of its own at the current indentation;
//! - followed by a line break if one followed it in the source (always, for `//`);
//! - with one blank line before it if the source had blank lines there.
//!
//! These rules depend only on which source tokens surround each comment and on whether
//! line breaks separate them, and the output keeps all of that, so formatting twice gives
//! the same text as formatting once.

use crate::diag::Span;
use crate::syntax::ast::{Comment, CommentKind};
use crate::syntax::token::Token;

const INDENT: &str = "    ";
/// Several levels of [`INDENT`].
const INDENTS: &str = "                                ";

/// Counts the line breaks in `s`, a CR LF pair counting once.
pub(crate) fn line_breaks(s: &str) -> usize {
    let bytes = s.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' | 0x0B | 0x0C => n += 1,
            b'\r' => {
                n += 1;
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
            }
            0xC2 if bytes.get(i + 1) == Some(&0x85) => n += 1,
            0xE2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)) =>
            {
                n += 1
            }
            _ => {}
        }
        i += 1;
    }
    n
}

/// The source side of formatting: the text, its tokens and its comments.
pub(crate) struct Source<'a> {
    pub text: &'a str,
    pub tokens: Vec<Token>,
    pub comments: &'a [Comment],
}

pub(crate) struct Writer<'a> {
    out: String,
    source: Option<Source<'a>>,
    /// Index of the next source token the printer has not matched.
    cursor: usize,
    /// Index of the next comment to print.
    next_comment: usize,
    /// End of the last source token or comment printed.
    last_end: u32,
    /// Anything written yet.
    started: bool,
    /// Line breaks to write before the next token: 0, 1, or 2 for a blank line.
    pending_breaks: u8,
    pending_space: bool,
    /// Nothing but indentation is on the current line.
    at_line_start: bool,
    /// Block indentation, in levels.
    pub indent: usize,
    /// Extra levels for continuation lines of the current statement or list.
    pub cont: usize,
    /// The current item has written its first token: later lines are continuations.
    item_open: bool,
    /// The continuation levels of the current line, as written.
    pub line_cont: usize,
    /// Just after an opening `{`: no blank line here.
    suppress_blank: bool,
    /// `pending_space` was set by a comment, not by the printer.
    space_from_comment: bool,
}

impl<'a> Writer<'a> {
    pub fn new(source: Option<Source<'a>>) -> Self {
        Writer {
            out: String::new(),
            source,
            cursor: 0,
            next_comment: 0,
            last_end: 0,
            started: false,
            pending_breaks: 0,
            pending_space: false,
            at_line_start: true,
            indent: 0,
            cont: 0,
            item_open: false,
            line_cont: 0,
            suppress_blank: false,
            space_from_comment: false,
        }
    }

    /// True when formatting source text (comments and the author's line breaks count).
    pub fn has_source(&self) -> bool {
        self.source.is_some()
    }

    /// Reserves room for `bytes` more bytes of output.
    pub fn reserve(&mut self, bytes: usize) {
        self.out.reserve(bytes);
    }

    pub fn finish(mut self) -> String {
        self.flush_comments_before(u32::MAX);
        let trimmed = self.out.trim_end().len();
        self.out.truncate(trimmed);
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        self.out
    }

    // ---- Requests ----------------------------------------------------------------------

    pub fn space(&mut self) {
        self.pending_space = true;
    }

    pub fn newline(&mut self) {
        self.pending_breaks = self.pending_breaks.max(1);
    }

    /// A blank line, unless right after an opening brace or at the start of the output.
    pub fn blank_line(&mut self) {
        if self.started && !self.suppress_blank {
            self.pending_breaks = 2;
        } else {
            self.newline();
        }
    }

    /// Marks the start of a statement, declaration or member: its first line is at the
    /// block indentation, later lines one level deeper.
    pub fn begin_item(&mut self) {
        self.cont = 0;
        self.item_open = false;
    }

    /// After an opening `{` and its line break: no blank line may follow directly.
    pub fn open_block(&mut self) {
        self.newline();
        self.suppress_blank = true;
        self.indent += 1;
    }

    /// Before a closing `}`: comments before it stay inside the block.
    pub fn close_block(&mut self, close: Span) {
        self.cont = 0;
        if !close.is_detached() {
            self.flush_comments_before(close.start);
        }
        self.indent = self.indent.saturating_sub(1);
        self.cont = 0;
        self.newline();
    }

    // ---- Source facts ------------------------------------------------------------------

    /// Moves the source cursor to the first token at or after `pos`.
    pub fn sync(&mut self, pos: u32) {
        if let Some(src) = &self.source {
            if pos == u32::MAX {
                return;
            }
            let i = src.tokens.partition_point(|t| t.start < pos);
            if i > self.cursor {
                self.cursor = i;
            }
        }
    }

    /// Number of line breaks in the source between the last printed source position and
    /// `pos` (0 when not formatting).
    pub fn breaks_before(&self, pos: u32) -> usize {
        self.breaks_between(self.last_end, pos)
    }

    /// Number of line breaks in the source between two positions.
    pub fn breaks_between(&self, from: u32, to: u32) -> usize {
        match &self.source {
            Some(src) if from < to && to != u32::MAX => {
                let (from, to) = (from as usize, (to as usize).min(src.text.len()));
                src.text.get(from..to).map_or(0, line_breaks)
            }
            _ => 0,
        }
    }

    /// True if a comment starts before `pos` that is not printed yet.
    pub fn has_comment_before(&self, pos: u32) -> bool {
        self.source.as_ref().is_some_and(|src| {
            src.comments
                .get(self.next_comment)
                .is_some_and(|c| c.span.start < pos)
        })
    }

    /// The source token `back` tokens before the first token at or after `pos`.
    pub fn token_before(&self, pos: u32, back: usize) -> Option<Token> {
        let src = self.source.as_ref()?;
        let i = src.tokens.partition_point(|t| t.start < pos);
        src.tokens.get(i.checked_sub(back)?).copied()
    }

    /// The source token that starts at or after `pos`.
    pub fn token_at_or_after(&self, pos: u32) -> Option<Token> {
        let src = self.source.as_ref()?;
        let i = src.tokens.partition_point(|t| t.start < pos);
        src.tokens.get(i).copied()
    }

    pub fn source_text(&self, t: Token) -> &str {
        self.source
            .as_ref()
            .map_or("", |s| &s.text[t.start as usize..t.end as usize])
    }

    // ---- Writing -----------------------------------------------------------------------

    /// Writes a token. When formatting, it takes the position of the next source token if
    /// that is spelled the same.
    pub fn tok(&mut self, text: &str) {
        if let Some((start, end)) = self.match_source(text) {
            self.flush_comments_before(start);
            self.write_text(text);
            self.last_end = end;
        } else {
            self.write_text(text);
        }
    }

    fn match_source(&mut self, text: &str) -> Option<(u32, u32)> {
        let src = self.source.as_ref()?;
        let spelled = |t: &Token| &src.text[t.start as usize..t.end as usize];
        for skip in 0..2 {
            let t = src.tokens.get(self.cursor + skip)?;
            if spelled(t) == text {
                self.cursor += skip + 1;
                return Some((t.start, t.end));
            }
            // Optional punctuation the printer leaves out may stand in between.
            if !matches!(spelled(t), "," | ":" | ";") {
                return None;
            }
        }
        None
    }

    fn write_text(&mut self, text: &str) {
        // A comment asked for the space after it; a closing token wants none.
        if self.space_from_comment && matches!(text, ")" | "]" | "," | ";" | ".") {
            self.pending_space = false;
        }
        self.space_from_comment = false;
        if self.pending_breaks > 0 && self.started {
            for _ in 0..self.pending_breaks {
                self.out.push('\n');
            }
            self.at_line_start = true;
        }
        if self.at_line_start {
            self.trim_trailing_spaces();
            self.write_indent();
            self.line_cont = self.cont;
        } else if self.pending_space {
            self.out.push(' ');
        }
        self.pending_breaks = 0;
        self.pending_space = false;
        self.at_line_start = false;
        self.suppress_blank = false;
        self.started = true;
        self.out.push_str(text);
        if !self.item_open {
            self.item_open = true;
            self.cont = self.cont.max(1);
        }
    }

    /// The indentation of a new line: `indent + cont` levels.
    fn write_indent(&mut self) {
        let mut levels = self.indent + self.cont;
        // Many levels at a time: one copy per line rather than one per level.
        let per_chunk = INDENTS.len() / INDENT.len();
        while levels > 0 {
            let n = levels.min(per_chunk);
            self.out.push_str(&INDENTS[..n * INDENT.len()]);
            levels -= n;
        }
    }

    fn trim_trailing_spaces(&mut self) {
        // Nothing to trim on a line still empty (the common case: right after `\n`).
        if self.out.as_bytes().last() == Some(&b'\n') {
            return;
        }
        // Lines never end in spaces: indentation of an empty line is dropped.
        let line_start = self.out.rfind('\n').map_or(0, |i| i + 1);
        let trimmed = self.out[line_start..].trim_end_matches(' ').len() + line_start;
        self.out.truncate(trimmed);
    }

    /// Prints every comment that starts before `pos`.
    pub fn flush_comments_before(&mut self, pos: u32) {
        loop {
            let Some(src) = &self.source else { return };
            let Some(&comment) = src.comments.get(self.next_comment) else {
                return;
            };
            if comment.span.start >= pos {
                return;
            }
            self.next_comment += 1;
            self.write_comment(comment);
        }
    }

    fn write_comment(&mut self, comment: Comment) {
        let Some(src) = &self.source else { return };
        let text = &src.text[comment.span.range()];
        let text = match comment.kind {
            CommentKind::Line => text.trim_end(),
            CommentKind::Block => text,
        };
        let gap = self.breaks_between(self.last_end, comment.span.start);
        // Where the next source token or comment starts, to see what follows.
        let next_start = {
            let next_comment = src
                .comments
                .get(self.next_comment)
                .map_or(u32::MAX, |c| c.span.start);
            let next_token = src
                .tokens
                .get(src.tokens.partition_point(|t| t.start < comment.span.end))
                .map_or(u32::MAX, |t| t.start);
            next_comment.min(next_token)
        };
        let text = text.to_string();
        if !self.started || gap > 0 {
            if gap > 1 {
                self.blank_line();
            } else {
                self.newline();
            }
        } else {
            // Trailing: stays on the line of the previous token, before any line break the
            // printer asked for.
            self.pending_space = true;
            let breaks = std::mem::take(&mut self.pending_breaks);
            self.write_raw_inline(&text);
            self.pending_breaks = breaks;
            self.after_comment(comment, next_start);
            return;
        }
        let cont = self.cont;
        let item_open = self.item_open;
        self.write_text(&text);
        self.cont = cont;
        self.item_open = item_open;
        self.after_comment(comment, next_start);
    }

    /// Writes a trailing comment on the current line.
    fn write_raw_inline(&mut self, text: &str) {
        if self.at_line_start {
            self.trim_trailing_spaces();
            self.write_indent();
        } else if !self.out.ends_with(['(', '[']) {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.at_line_start = false;
        self.pending_space = false;
        self.suppress_blank = false;
        self.started = true;
    }

    fn after_comment(&mut self, comment: Comment, next_start: u32) {
        self.last_end = comment.span.end;
        if comment.kind == CommentKind::Line
            || self.breaks_between(comment.span.end, next_start) > 0
        {
            self.newline();
        } else {
            self.pending_space = true;
            self.space_from_comment = true;
        }
    }
}
