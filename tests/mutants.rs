//! Token-level mutation testing of the syntax layer.
//!
//! Each mutant is an in-scope corpus file with one to three token edits: a token deleted,
//! duplicated, or swapped with another. Mutants are seeded and deterministic (mutant `i`
//! is always the same text). For each, the test runs `parse`, `print` and `ast_to_json` on
//! the (possibly partial) module, `format` twice when it parses, `check` (parse and
//! semantic analysis), and semantic analysis of the partial module even when it does not
//! parse, and asserts:
//! - nothing panics (the panicking mutant's index and text are reported);
//! - no mutant takes 5 s or more;
//! - formatting a mutant that parses is idempotent.
//!
//! 10,000 mutants by default; `REFRACT_MUTANTS=N` runs N (a longer campaign), and
//! `REFRACT_MUTANT_SEED=S` changes the seed.
//!
//! A second test inserts comments of every shape between random tokens of corpus files and
//! checks that formatting keeps each comment and the tree, and is idempotent.
//!
//! The third, `campaign::mutation_campaign` (`mutants/campaign.rs`), mutates every reader
//! refract has — WGSL, the generated hostile families, IR text and binary IR — in worker
//! processes, so that hangs and aborts are caught too, and holds what refract accepts to
//! `spirv-val` and to its own `check`.

mod common;

#[path = "mutants/campaign.rs"]
mod campaign;

use common::corpus::{self, CorpusFile};
use refract::syntax::{self, lexer, token::TokenKind};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const TIME_LIMIT: Duration = Duration::from_secs(5);

/// How many mutants `check` accepts.
static VALID: AtomicUsize = AtomicUsize::new(0);

/// SplitMix64: a small, well-distributed, seedable generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Mutant `index` of the corpus: which file, and the mutated text.
fn mutant(files: &[CorpusFile], seed: u64, index: usize) -> (usize, String) {
    let mut rng = Rng(seed ^ (index as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let file = rng.below(files.len());
    let edits = 1 + rng.below(3);
    (file, mutate_tokens(&files[file].source, edits, &mut rng))
}

/// `source` with `edits` token edits: a token deleted, duplicated, or swapped with its
/// neighbour or another.
fn mutate_tokens(source: &str, edits: usize, rng: &mut Rng) -> String {
    let lexed = lexer::lex(source);
    // Token ranges, without the end-of-file token.
    let mut pieces: Vec<(usize, usize)> = lexed
        .tokens
        .iter()
        .filter(|t| t.kind != TokenKind::Eof)
        .map(|t| (t.start as usize, t.end as usize))
        .collect();
    if pieces.is_empty() {
        return source.to_string();
    }
    // Each edit works on the list of token ranges; text between tokens (blankspace and
    // comments) stays attached to the token before it.
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    for _ in 0..edits {
        if order.is_empty() {
            break;
        }
        let at = rng.below(order.len());
        match rng.below(3) {
            0 => {
                order.remove(at);
            }
            1 => order.insert(at, order[at]),
            _ => {
                let other = if rng.below(2) == 0 {
                    (at + 1).min(order.len() - 1)
                } else {
                    rng.below(order.len())
                };
                order.swap(at, other);
            }
        }
    }
    pieces.push((source.len(), source.len()));
    let mut text = String::with_capacity(source.len() + 64);
    text.push_str(&source[..pieces[0].0]);
    for &i in &order {
        let (start, end) = pieces[i];
        let next = pieces[i + 1].0;
        text.push_str(&source[start..end]);
        text.push_str(&source[end..next]);
        // Keep tokens apart even when the original had nothing between them.
        if end == next {
            text.push(' ');
        }
    }
    text
}

enum Failure {
    Panic(String),
    Slow(f64),
    NotIdempotent,
}

fn run(text: &str) -> Result<bool, Failure> {
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| {
        let (module, diags) = syntax::parse(text);
        let _ = syntax::print(&module);
        let _ = syntax::ast_to_json(&module);
        let parsed = !diags.iter().any(|d| d.is_error());
        let _ = refract::diag::render_human("mutant.wgsl", text, &diags);
        let _ = refract::diag::render_json(text, &diags);
        // Semantic analysis, through `check` and directly on a partial module.
        let checked = refract::check(text);
        let _ = refract::diag::render_human("mutant.wgsl", text, &checked);
        let _ = refract::sema::analyze(&module, text);
        let valid = !checked.iter().any(|d| d.is_error());
        if valid {
            VALID.fetch_add(1, Ordering::Relaxed);
        }
        let idempotent = match syntax::format(text) {
            Ok(once) => syntax::format(&once).as_deref() == Ok(once.as_str()),
            Err(_) => true,
        };
        (parsed, idempotent)
    }));
    let seconds = start.elapsed().as_secs_f64();
    match result {
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "non-string panic".into());
            Err(Failure::Panic(message))
        }
        Ok(_) if seconds >= TIME_LIMIT.as_secs_f64() => Err(Failure::Slow(seconds)),
        Ok((_, false)) => Err(Failure::NotIdempotent),
        Ok((parsed, true)) => Ok(parsed),
    }
}

#[test]
fn token_mutants_never_panic_or_hang() {
    let count: usize = std::env::var("REFRACT_MUTANTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let seed: u64 = std::env::var("REFRACT_MUTANT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED_2EF2_AC70);
    let files = corpus::in_scope();
    // Keep panics quiet: each one is collected and reported below.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));

    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let parsed = AtomicUsize::new(0);
    let failures: Mutex<Vec<(usize, String, String)>> = Mutex::new(Vec::new());
    let slowest = Mutex::new((0.0f64, 0usize));
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(16 * 1024 * 1024)
                .spawn_scoped(scope, || {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= count {
                            break;
                        }
                        let (file, text) = mutant(&files, seed, i);
                        let t = Instant::now();
                        let outcome = run(&text);
                        let secs = t.elapsed().as_secs_f64();
                        {
                            let mut s = slowest.lock().unwrap();
                            if secs > s.0 {
                                *s = (secs, i);
                            }
                        }
                        match outcome {
                            Ok(true) => {
                                parsed.fetch_add(1, Ordering::Relaxed);
                            }
                            Ok(false) => {}
                            Err(f) => {
                                let what = match f {
                                    Failure::Panic(m) => format!("panic: {m}"),
                                    Failure::Slow(s) => format!("took {s:.2} s"),
                                    Failure::NotIdempotent => "fmt not idempotent".to_string(),
                                };
                                failures
                                    .lock()
                                    .unwrap()
                                    .push((i, files[file].rel.clone(), what));
                                let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
                                    .join("mutant-failures");
                                let _ = std::fs::create_dir_all(&dir);
                                let _ = std::fs::write(dir.join(format!("mutant-{i}.wgsl")), &text);
                            }
                        }
                    }
                })
                .expect("cannot spawn a mutant worker");
        }
    });
    std::panic::set_hook(default_hook);

    let failures = failures.into_inner().unwrap();
    let (slow_s, slow_i) = *slowest.lock().unwrap();
    // The slowest mutant, for a look at where time goes.
    let _ = std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutant-slowest.wgsl"),
        mutant(&files, seed, slow_i).1,
    );
    println!(
        "mutants: {count} token-level mutants (seed {seed:#x}) in {:.1} s; {} still parse, \
         {} still check; slowest #{slow_i} {slow_s:.3} s; {} failures",
        started.elapsed().as_secs_f64(),
        parsed.load(Ordering::Relaxed),
        VALID.load(Ordering::Relaxed),
        failures.len()
    );
    for (i, file, what) in failures.iter().take(30) {
        println!(
            "  mutant #{i} of {file}: {what} (text in target/tmp/mutant-failures/mutant-{i}.wgsl)"
        );
    }
    assert!(failures.is_empty(), "{} mutants failed", failures.len());
}

/// Comment mutants: corpus files with comments of every shape inserted between random
/// tokens. Each must still format, keep every inserted comment, keep its tree, and format
/// idempotently. `REFRACT_COMMENT_MUTANTS=N` runs N (5,000 by default).
#[test]
fn comment_mutants_format_idempotently_and_keep_comments() {
    let count: usize = std::env::var("REFRACT_COMMENT_MUTANTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5_000);
    let files = corpus::in_scope();
    const COMMENTS: [&str; 7] = [
        "/* c */",
        "// line\n",
        "/* multi\n   line */",
        "\n// own\n",
        "\n\n/* after a blank line */\n",
        "/**/",
        "/* nested /* inner */ */",
    ];
    let mut failures = Vec::new();
    for i in 0..count {
        let mut rng = Rng(0xC0_44E47 ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let file = &files[rng.below(files.len())];
        let tokens = lexer::lex(&file.source).tokens;
        let mut cuts: Vec<usize> = (0..1 + rng.below(4))
            .map(|_| tokens[rng.below(tokens.len())].start as usize)
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut text = String::new();
        let mut inserted = Vec::new();
        let mut prev = 0;
        for cut in cuts {
            text.push_str(&file.source[prev..cut]);
            let comment = COMMENTS[rng.below(COMMENTS.len())];
            text.push_str(comment);
            inserted.push(comment.trim());
            prev = cut;
        }
        text.push_str(&file.source[prev..]);
        let problem = match syntax::format(&text) {
            Err(d) => Some(format!(
                "does not format: {:?}",
                d.first().map(|d| &d.message)
            )),
            Ok(once) => {
                if syntax::format(&once).as_deref() != Ok(once.as_str()) {
                    Some("fmt not idempotent".to_string())
                } else if let Some(lost) = inserted.iter().find(|c| !once.contains(**c)) {
                    Some(format!("lost comment {lost:?}"))
                } else if common::ast_dump::dump(&syntax::parse(&once).0, false)
                    != common::ast_dump::dump(&syntax::parse(&text).0, false)
                {
                    Some("fmt changed the tree".to_string())
                } else {
                    None
                }
            }
        };
        if let Some(p) = problem {
            failures.push(format!("comment mutant #{i} of {}: {p}\n{text}", file.rel));
        }
    }
    println!(
        "comment mutants: {count} checked, {} failures",
        failures.len()
    );
    for f in failures.iter().take(5) {
        println!("{f}");
    }
    assert!(failures.is_empty());
}
