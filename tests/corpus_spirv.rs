//! The SPIR-V back end over the corpus, side by side with naga's SPIR-V writer.
//!
//! For every in-scope corpus file that `refract check` accepts: `refract compile --to
//! spirv` must succeed and `spirv-val --target-env vulkan1.1` must accept the words, on
//! at least [`THRESHOLD`] of the files, and more often than naga (`naga::back::spv`, SPIR-V
//! 1.3, overrides replaced by their defaults as naga's CLI does) on the same files. Both
//! rates come from one run. The files that fail are listed in
//! `target/corpus-spirv-failures.txt`.
//!
//! Every module refract writes must also survive the text form: `--to spvasm` (the
//! disassembly of the same words) re-assembled by `spirv-as --preserve-numeric-ids` must
//! give the same words, and the disassembler must know every instruction and operand in
//! them (no raw-word fallback lines). `REFRACT_SPIRV_ASM_EVERY=N` checks one file in N
//! (default: all).
//!
//! It runs three SPIRV-Tools processes per file, fed through pipes from a few more
//! worker threads than cores: about three minutes in the `ci` profile on two busy
//! cores. A panic (refract's or naga's) is caught and counted; naga panics on some
//! files, and its messages are kept short.

mod common;

use common::corpus::{CorpusFile, in_scope};
use common::spirv_tools;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

const THRESHOLD: f64 = 99.5;

#[derive(Clone, Debug)]
enum Verdict {
    Valid,
    /// The compiler refused the module: the diagnostic code (or naga's error) and message.
    Refused(String, String),
    /// `spirv-val` rejected the words: its first line.
    Invalid(String),
    /// The panic's message.
    Panicked(String),
}

struct Outcome {
    accepted: bool,
    refract: Verdict,
    naga: Verdict,
    /// The spvasm round trip of refract's words, when it ran: `Err` says what differs.
    reassembly: Option<Result<(), String>>,
}

thread_local! {
    /// The message of the last panic on this thread (see [`quiet_panics`]).
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Replaces the panic hook's backtrace dump with a note of the message, which the
/// verdict then carries: the run reports each panic on one line.
fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        LAST_PANIC.with(|p| *p.borrow_mut() = format!("{msg}{at}"));
    }));
}

fn panicked() -> Verdict {
    Verdict::Panicked(LAST_PANIC.with(|p| p.borrow().clone()))
}

fn validate(words: &[u32]) -> Verdict {
    match spirv_tools::validate(words, "vulkan1.1") {
        Ok(()) => Verdict::Valid,
        Err(e) => Verdict::Invalid(
            e.lines()
                .find(|l| l.contains("error"))
                .unwrap_or(e.lines().next().unwrap_or(""))
                .to_string(),
        ),
    }
}

/// `--to spvasm` is the disassembly of `--to spirv`'s words (`refract::compile`):
/// `spirv-as` must turn it back into the same words.
fn reassemble(words: &[u32]) -> Result<(), String> {
    let text = catch_unwind(|| refract::back::spirv::disassemble(words))
        .map_err(|_| format!("the disassembler panicked: {:?}", panicked()))?
        .map_err(|d| format!("the disassembler failed: {}", d.message))?;
    // Raw `!0x…` words re-assemble too, but mean the disassembler's tables miss something
    // refract writes.
    if let Some(raw) = text.lines().find(|l| l.trim_start().starts_with('!')) {
        return Err(format!("the disassembler printed raw words: {raw}"));
    }
    let again = spirv_tools::assemble(&text, "1.3").map_err(|e| {
        format!(
            "spirv-as rejects the text: {}",
            e.lines().next().unwrap_or("")
        )
    })?;
    if spirv_tools::same_module(words, &again) {
        Ok(())
    } else {
        let at = words.iter().zip(&again).position(|(a, b)| a != b);
        Err(format!(
            "spirv-as gives different words ({} vs {} words, first difference at word {at:?})",
            again.len(),
            words.len()
        ))
    }
}

fn refract_spirv(source: &str, check_text: bool) -> (Verdict, Option<Result<(), String>>) {
    let options = refract::Options::new(refract::Target::Spirv);
    let result = catch_unwind(AssertUnwindSafe(|| refract::compile(source, &options)));
    let Ok(result) = result else {
        return (panicked(), None);
    };
    match result.output {
        Some(refract::Output::Words(w)) if result.ok() => {
            (validate(&w), check_text.then(|| reassemble(&w)))
        }
        _ => (
            {
                let d = result.diagnostics.iter().find(|d| d.is_error());
                Verdict::Refused(
                    d.map_or(String::new(), |d| d.code.to_string()),
                    d.map_or(String::new(), |d| d.message.clone()),
                )
            },
            None,
        ),
    }
}

fn naga_spirv(source: &str) -> Verdict {
    let r = catch_unwind(AssertUnwindSafe(|| -> Result<Vec<u32>, String> {
        let module = naga::front::wgsl::parse_str(source).map_err(|e| e.to_string())?;
        let info = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        )
        .validate(&module)
        .map_err(|e| e.to_string())?;
        let (module, info) = naga::back::pipeline_constants::process_overrides(
            &module,
            &info,
            None,
            &Default::default(),
        )
        .map_err(|e| e.to_string())?;
        let options = naga::back::spv::Options {
            lang_version: (1, 3),
            ..Default::default()
        };
        naga::back::spv::write_vec(&module, &info, &options, None).map_err(|e| e.to_string())
    }));
    match r {
        Err(_) => panicked(),
        Ok(Err(e)) => Verdict::Refused("naga".into(), e),
        Ok(Ok(w)) => validate(&w),
    }
}

fn run(file: &CorpusFile, check_text: bool) -> Outcome {
    let accepted = !refract::diag::has_errors(&refract::check(&file.source));
    if !accepted {
        return Outcome {
            accepted,
            refract: Verdict::Valid,
            naga: Verdict::Valid,
            reassembly: None,
        };
    }
    let (refract, reassembly) = refract_spirv(&file.source, check_text);
    Outcome {
        accepted,
        refract,
        naga: naga_spirv(&file.source),
        reassembly,
    }
}

/// `par_map` with more workers than cores: most of a file's time is spent waiting for
/// `spirv-val` processes to start.
fn par_map_wide(files: &[CorpusFile], asm_every: usize) -> Vec<Outcome> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) * 3;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<Outcome>>> = (0..files.len())
        .map(|_| std::sync::Mutex::new(None))
        .collect();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(64 * 1024 * 1024)
                .spawn_scoped(scope, || {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= files.len() {
                            break;
                        }
                        let o = run(&files[i], i % asm_every == 0);
                        *slots[i].lock().expect("slot") = Some(o);
                    }
                })
                .expect("spawn a corpus worker");
        }
    });
    slots
        .into_iter()
        .map(|s| s.into_inner().expect("slot").expect("every file ran"))
        .collect()
}

fn describe(v: &Verdict) -> String {
    match v {
        Verdict::Valid => "valid".into(),
        Verdict::Refused(code, msg) => format!("refused {code}: {msg}"),
        Verdict::Invalid(e) => format!("spirv-val: {e}"),
        Verdict::Panicked(msg) => format!("PANIC {msg}"),
    }
}

#[test]
fn corpus_spirv_validates_beating_naga() {
    spirv_tools::tool("spirv-val");
    spirv_tools::tool("spirv-as");
    let asm_every = std::env::var("REFRACT_SPIRV_ASM_EVERY")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    quiet_panics();
    let started = std::time::Instant::now();
    let files = in_scope();
    let outcomes = par_map_wide(&files, asm_every);
    let accepted: Vec<(&CorpusFile, &Outcome)> = files
        .iter()
        .zip(&outcomes)
        .filter(|(_, o)| o.accepted)
        .collect();
    let n = accepted.len();
    let ours = accepted
        .iter()
        .filter(|(_, o)| matches!(o.refract, Verdict::Valid))
        .count();
    let theirs = accepted
        .iter()
        .filter(|(_, o)| matches!(o.naga, Verdict::Valid))
        .count();
    let panics = accepted
        .iter()
        .filter(|(_, o)| matches!(o.refract, Verdict::Panicked(_)))
        .count();
    // naga's rate over the files naga itself compiles (its refusals left out).
    let naga_compiled = accepted
        .iter()
        .filter(|(_, o)| matches!(o.naga, Verdict::Valid | Verdict::Invalid(_)))
        .count();
    let text_checked: Vec<(&CorpusFile, &Result<(), String>)> = accepted
        .iter()
        .filter_map(|(f, o)| o.reassembly.as_ref().map(|r| (*f, r)))
        .collect();
    let text_bad: Vec<(&CorpusFile, &String)> = text_checked
        .iter()
        .filter_map(|(f, r)| r.as_ref().err().map(|e| (*f, e)))
        .collect();
    let rate = |k: usize| 100.0 * k as f64 / n.max(1) as f64;
    // Why refract fails, by diagnostic code or validator message.
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut report = String::new();
    for (f, o) in &accepted {
        if !matches!(o.refract, Verdict::Valid) {
            let key = match &o.refract {
                Verdict::Refused(code, msg) => {
                    format!("{code} {}", msg.chars().take(90).collect::<String>())
                }
                Verdict::Invalid(e) => {
                    format!("spirv-val {}", e.chars().take(90).collect::<String>())
                }
                _ => "panic".into(),
            };
            *reasons.entry(key).or_default() += 1;
            report.push_str(&format!("refract\t{}\t{}\n", f.rel, describe(&o.refract)));
        }
        if !matches!(o.naga, Verdict::Valid) {
            report.push_str(&format!("naga\t{}\t{}\n", f.rel, describe(&o.naga)));
        }
    }
    for (f, e) in &text_bad {
        report.push_str(&format!("spvasm\t{}\t{e}\n", f.rel));
    }
    let out =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/corpus-spirv-failures.txt");
    let _ = std::fs::write(&out, &report);
    println!(
        "corpus-spirv: {n} in-scope files refract check accepts (of {})",
        files.len()
    );
    println!(
        "  refract --to spirv, spirv-val vulkan1.1: {ours:>6} / {n}  ({:.2} %)",
        rate(ours)
    );
    println!(
        "  naga spv-out 1.3,   spirv-val vulkan1.1: {theirs:>6} / {n}  ({:.2} %)",
        rate(theirs)
    );
    println!(
        "  naga over the {naga_compiled} files it compiles:  {theirs:>6} / {naga_compiled}  ({:.2} %)",
        100.0 * theirs as f64 / naga_compiled.max(1) as f64
    );
    println!(
        "  refract --to spvasm, spirv-as gives the same words: {} / {} (one file in {asm_every})",
        text_checked.len() - text_bad.len(),
        text_checked.len()
    );
    let mut top: Vec<(&String, &usize)> = reasons.iter().collect();
    top.sort_by(|a, b| b.1.cmp(a.1));
    for (why, k) in top.iter().take(25) {
        println!("    {k:>5}  {why}");
    }
    for (f, e) in text_bad.iter().take(10) {
        println!("    spvasm {}: {e}", f.rel);
    }
    println!("  failures listed in {}", out.display());
    println!("  {:.1} s", started.elapsed().as_secs_f64());
    let failed = n - ours;
    println!("spirv corpus: {ours} passed, {failed} failed");
    assert_eq!(panics, 0, "refract panicked on {panics} files");
    assert!(
        text_bad.is_empty(),
        "{} of {} spvasm outputs do not re-assemble to the same words",
        text_bad.len(),
        text_checked.len()
    );
    assert!(
        rate(ours) >= THRESHOLD,
        "refract's SPIR-V is valid for {:.2} % of the files, below {THRESHOLD} %",
        rate(ours)
    );
    assert!(
        ours > theirs,
        "refract ({ours}) does not beat naga ({theirs})"
    );
}
