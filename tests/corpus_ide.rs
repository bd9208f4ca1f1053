//! The editor services ([`refract::ide`]) over a sample of the in-scope corpus, whole and
//! cut in the middle (broken code): hover, definition and signature help at every 29th
//! byte offset, completion at every 97th. Nothing may panic, and on the whole files every
//! name that denotes something (all but attribute names and arguments, and directives'
//! words) must get a hover: the files are valid, so each is declared or predeclared.

mod common;

use common::corpus;
use refract::ide::Analysis;
use refract::syntax::lexer::lex;
use refract::syntax::token::TokenKind;

#[test]
fn editor_services_over_the_corpus() {
    let files: Vec<_> = corpus::in_scope().into_iter().step_by(20).collect();
    let results = corpus::par_map(&files, |f| {
        let cut = (0..=f.source.len() / 2)
            .rev()
            .find(|&i| f.source.is_char_boundary(i))
            .unwrap_or(0);
        for text in [&f.source[..], &f.source[..cut]] {
            let a = Analysis::new(text);
            for o in (0..=text.len() as u32).step_by(29) {
                let _ = (a.hover(o), a.definition(o), a.signature_help(o));
                if o % 97 == 0 {
                    let _ = a.completions(o);
                }
            }
        }
        // Every name of the whole file that denotes something, with or without a hover.
        let a = Analysis::new(&f.source);
        let tokens = lex(&f.source).tokens;
        let mut unanswered = Vec::new();
        let mut names = 0;
        for (i, t) in tokens.iter().enumerate() {
            let kind = |back: usize| i.checked_sub(back).map(|j| tokens[j].kind);
            let in_attribute = kind(1) == Some(TokenKind::At)
                || (kind(1) == Some(TokenKind::LParen) && kind(3) == Some(TokenKind::At))
                || (kind(1) == Some(TokenKind::Comma) && kind(5) == Some(TokenKind::At));
            let first_of_line = f.source[..t.start as usize]
                .rsplit('\n')
                .next()
                .unwrap_or("");
            let directive = ["enable", "requires", "diagnostic"]
                .iter()
                .any(|d| first_of_line.trim_start().starts_with(d));
            if t.kind != TokenKind::Ident || in_attribute || directive {
                continue;
            }
            names += 1;
            if a.hover(t.start).is_none() {
                unanswered.push(&f.source[t.start as usize..t.end as usize]);
            }
        }
        (
            names,
            unanswered.len(),
            unanswered.first().map(|s| s.to_string()),
        )
    });
    let names: usize = results.iter().map(|r| r.0).sum();
    let unanswered: usize = results.iter().map(|r| r.1).sum();
    let examples: Vec<&str> = results
        .iter()
        .filter_map(|r| r.2.as_deref())
        .take(20)
        .collect();
    println!(
        "{} files; hover answered {} of {names} names; unanswered, e.g.: {examples:?}",
        files.len(),
        names - unanswered
    );
    assert!(
        unanswered * 100 <= names,
        "{unanswered} of {names} names unanswered"
    );
}
