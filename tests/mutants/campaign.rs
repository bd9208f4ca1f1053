//! The mutation campaign: every reader refract has, fed mutants, in worker processes.
//!
//! Four families of mutants, mutant `i` always the same input for a seed:
//! - **wgsl**: corpus files with one to three token edits;
//! - **generated**: the hostile families of issue 25 (`tests/common/families.rs`) at
//!   random sizes up to their benchmark's small size, with zero to two token edits;
//! - **ir-text**: the `.ir` test files and random valid modules (`ir::synth`), printed,
//!   with line and token edits;
//! - **ir-binary**: those modules serialized, with bytes flipped or overwritten, bytes
//!   inserted or deleted, a varint (a count, a length, a reference) replaced by an
//!   extreme value, or the tail cut.
//!
//! Every mutant is read, checked and, when refract accepts it, compiled to SPIR-V and to
//! WGSL at `-O0`, `-O1` or `-O2` (WGSL) or through the IR pipeline (IR): the SPIR-V must
//! pass `spirv-val`, and the WGSL refract writes must pass refract's own `check`. Errors
//! are rendered as the CLI renders them (the renderer once blew up on a binary IR input).
//!
//! A panic is caught where it happens. A hang or an abort (an allocation failure under
//! the workers' 2 GiB address-space limit, a stack overflow) kills the process it
//! happens in, so the mutants run in worker processes — this test binary, re-run with
//! `REFRACT_CAMPAIGN_WORKER` set — which report each mutant's start and end on stdout.
//! The parent gives each mutant [`HANG`] to end; when a worker goes quiet for that long
//! or dies mid-mutant, the parent kills it, records the mutant (its input is saved under
//! `target/tmp/campaign-failures/`, regenerated from its index) and starts a new worker
//! after it.
//!
//! `REFRACT_CAMPAIGN=N` runs N mutants (the default, [`DEFAULT_COUNT`], is CI's sample),
//! `REFRACT_CAMPAIGN_SEED=S` another seed, `REFRACT_CAMPAIGN_WORKERS=W` W workers (default
//! the cores, at most 2), `REFRACT_CAMPAIGN_VAL=K` runs `spirv-val` on every K-th accepted
//! mutant's SPIR-V (default 1: all). `REFRACT_CAMPAIGN_DUMP=I,J,…` runs nothing and
//! writes mutants I, J, … of the seed to `target/tmp/campaign-dump/` (to turn a find into
//! a regression test).

use super::common::{corpus, families, ir_mutate, spirv_tools};
use super::{Rng, mutate_tokens};
use refract::ir::{self, binary, synth};
use refract::{IrOptions, IrOutput, Options, Output, Target};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long one mutant may take before its worker is killed and the mutant recorded.
const HANG: Duration = Duration::from_secs(10);
/// CI's sample: 20 s on two idle cores of the shared machine, a minute on one busy core.
const DEFAULT_COUNT: usize = 50_000;
/// The workers' address-space limit (KiB): past it an allocation fails and the worker
/// aborts, which the parent records.
const MEMORY_LIMIT_KIB: u64 = 2 << 20;

/// The families, and how many of every 20 consecutive mutants each takes: the IR readers
/// are cheap, so they get as many as the WGSL ones; the generated families are larger.
const FAMILIES: [(&str, usize); 4] = [
    ("wgsl", 8),
    ("generated", 2),
    ("ir-text", 5),
    ("ir-binary", 5),
];

fn family_of(index: usize) -> usize {
    let mut k = index % 20;
    for (f, (_, share)) in FAMILIES.iter().enumerate() {
        if k < *share {
            return f;
        }
        k -= share;
    }
    unreachable!("the shares add up to 20")
}

/// The seeds every worker and the parent build the same way.
struct Seeds {
    wgsl: Vec<String>,
    ir_text: Vec<String>,
    ir_binary: Vec<Vec<u8>>,
}

impl Seeds {
    fn load() -> Seeds {
        let wgsl = corpus::in_scope().into_iter().map(|f| f.source).collect();
        let mut ir_text = ir_mutate::files();
        // Random valid modules of a few sizes beside the hand-written files.
        for k in 0..64u64 {
            let m = synth::random_module(0xCA4A_0000 + k, 20 + 40 * (k as usize % 8));
            ir_text.push(ir::print(&m));
        }
        let ir_binary = ir_text
            .iter()
            .filter_map(|t| ir::parse(t).ok())
            .map(|m| binary::serialize(&m))
            .collect();
        Seeds {
            wgsl,
            ir_text,
            ir_binary,
        }
    }
}

/// One mutant's input.
enum Input {
    Wgsl(String),
    IrText(String),
    IrBinary(Vec<u8>),
}

impl Input {
    fn bytes(&self) -> &[u8] {
        match self {
            Input::Wgsl(s) | Input::IrText(s) => s.as_bytes(),
            Input::IrBinary(b) => b,
        }
    }

    fn extension(&self) -> &'static str {
        match self {
            Input::Wgsl(_) => "wgsl",
            Input::IrText(_) => "ir",
            Input::IrBinary(_) => "rir",
        }
    }
}

fn make(seeds: &Seeds, seed: u64, index: usize) -> Input {
    let mut rng = Rng(seed ^ (index as u64).wrapping_mul(0x9E6C_63D0_676A_9A99));
    match FAMILIES[family_of(index)].0 {
        "wgsl" => {
            let source = &seeds.wgsl[rng.below(seeds.wgsl.len())];
            let edits = 1 + rng.below(3);
            Input::Wgsl(mutate_tokens(source, edits, &mut rng))
        }
        "generated" => {
            let f = &families::FAMILIES[rng.below(families::FAMILIES.len())];
            let source = (f.make)(1 + rng.below(f.small));
            let edits = rng.below(3);
            Input::Wgsl(if edits == 0 {
                source
            } else {
                mutate_tokens(&source, edits, &mut rng)
            })
        }
        "ir-text" => {
            let source = &seeds.ir_text[rng.below(seeds.ir_text.len())];
            let mut r = synth::Rng::new(rng.next());
            Input::IrText(ir_mutate::mutate(source, &mut r))
        }
        _ => {
            let bytes = &seeds.ir_binary[rng.below(seeds.ir_binary.len())];
            Input::IrBinary(mutate_bytes(bytes, &mut rng))
        }
    }
}

/// Values a replaced varint takes: the edges of counts, lengths and references.
const EXTREMES: [u64; 10] = [
    0,
    1,
    127,
    128,
    0xFFFF,
    0x7FFF_FFFF,
    0xFFFF_FFFF,
    0x1_0000_0000,
    u64::MAX >> 1,
    u64::MAX,
];

/// One to four edits of a binary module.
fn mutate_bytes(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for _ in 0..1 + rng.below(4) {
        if b.is_empty() {
            break;
        }
        let at = rng.below(b.len());
        match rng.below(6) {
            0 => b[at] ^= 1 << rng.below(8),
            1 => b[at] = rng.next() as u8,
            2 => b.insert(at, rng.next() as u8),
            3 => {
                b.remove(at);
            }
            4 => {
                // The varint starting at `at` (its continuation bytes, then one more)
                // becomes an extreme value, LEB128-encoded.
                let mut end = at;
                while end < b.len() && b[end] & 0x80 != 0 {
                    end += 1;
                }
                let end = (end + 1).min(b.len());
                let enc = ir_mutate::varint(EXTREMES[rng.below(EXTREMES.len())]);
                b.splice(at..end, enc);
            }
            _ => b.truncate(at),
        }
    }
    b
}

/// What one mutant did, as a worker reports it.
#[derive(Default)]
struct Outcome {
    accepted: bool,
    /// `spirv-val` ran on its SPIR-V.
    validated: bool,
    /// Refract's `check` ran on the WGSL refract wrote.
    rechecked: bool,
    /// Accepted by `check`, refused by a compile: the compile's first error code.
    compile_refused: Option<String>,
    /// What went wrong, if anything.
    failures: Vec<String>,
}

fn first_error(diags: &[refract::Diagnostic]) -> String {
    diags
        .iter()
        .find(|d| d.is_error())
        .map_or_else(|| "?".to_string(), |d| d.code.to_string())
}

/// A line of a worker's report: no newlines inside.
fn one_line(s: &str) -> String {
    let mut s: String = s
        .chars()
        .map(|c| if c == '\n' { '|' } else { c })
        .take(300)
        .collect();
    s.truncate(s.trim_end().len());
    s
}

/// Runs one mutant, in a worker.
fn exercise(input: &Input, index: usize, validate: bool) -> Outcome {
    let mut out = Outcome::default();
    let opt_level = (index % 3) as u8;
    match input {
        Input::Wgsl(text) => {
            let diags = refract::check(text);
            let _ = refract::diag::render_human("mutant.wgsl", text, &diags);
            if refract::diag::has_errors(&diags) {
                return out;
            }
            out.accepted = true;
            let _ = refract::reflect(text);
            let compile = |target| {
                let mut options = Options::new(target);
                options.opt_level = opt_level;
                refract::compile(text, &options)
            };
            let spirv = compile(Target::Spirv);
            match spirv.output {
                Some(Output::Words(words)) if spirv.ok() => {
                    if validate {
                        out.validated = true;
                        if let Err(e) = spirv_tools::validate(&words, "vulkan1.1") {
                            out.failures
                                .push(format!("invalid SPIR-V: {}", one_line(&e)));
                        }
                    }
                }
                _ => out.compile_refused = Some(first_error(&spirv.diagnostics)),
            }
            let wgsl = compile(Target::Wgsl);
            match wgsl.output {
                Some(Output::Text(again)) if wgsl.ok() => recheck(&again, &mut out),
                _ => {
                    out.compile_refused
                        .get_or_insert_with(|| first_error(&wgsl.diagnostics));
                }
            }
        }
        Input::IrText(text) => ir_targets(text.as_bytes(), false, index, validate, &mut out),
        Input::IrBinary(bytes) => ir_targets(bytes, true, index, validate, &mut out),
    }
    out
}

/// Refract's own `check` on WGSL refract wrote.
fn recheck(wgsl: &str, out: &mut Outcome) {
    out.rechecked = true;
    let diags = refract::check(wgsl);
    if refract::diag::has_errors(&diags) {
        let d = diags.iter().find(|d| d.is_error()).expect("an error");
        out.failures.push(format!(
            "refract rejects its own WGSL: {} {}",
            d.code,
            one_line(&d.message)
        ));
    }
}

/// An IR mutant: read and verified by `refract ir`, through no passes or the `-O` level's
/// pipeline, to SPIR-V and to WGSL; text that parses also round-trips through print and
/// the binary form.
fn ir_targets(bytes: &[u8], from_binary: bool, index: usize, validate: bool, out: &mut Outcome) {
    if !from_binary {
        let text = String::from_utf8_lossy(bytes);
        if let Ok(m) = ir::parse(&text) {
            let printed = ir::print(&m);
            match binary::deserialize(&binary::serialize(&m)) {
                Ok(back) if ir::print(&back) == printed => {}
                _ => out
                    .failures
                    .push("the binary form does not read back".into()),
            }
        }
    }
    let passes: Vec<String> = match index % 3 {
        0 => Vec::new(),
        k => refract::passes::pipeline_for(k as u8)
            .iter()
            .map(|p| p.to_string())
            .collect(),
    };
    let run = |to: &str| {
        let options = IrOptions {
            from_binary,
            passes: passes.clone(),
            to: Some(to.to_string()),
            ..IrOptions::default()
        };
        let result = refract::compile_ir(bytes, &options);
        if let Err(diags) = &result {
            let text = String::from_utf8_lossy(bytes);
            let _ = refract::diag::render_human("mutant.ir", &text, diags);
        }
        result
    };
    match run("spirv") {
        Ok(IrOutput::Words(words)) => {
            out.accepted = true;
            if validate {
                out.validated = true;
                if let Err(e) = spirv_tools::validate(&words, "vulkan1.1") {
                    out.failures
                        .push(format!("invalid SPIR-V: {}", one_line(&e)));
                }
            }
        }
        Ok(_) => out.failures.push("`--to spirv` wrote no words".into()),
        Err(_) => {}
    }
    match run("wgsl") {
        Ok(IrOutput::Text(wgsl)) => {
            out.accepted = true;
            recheck(&wgsl, out);
        }
        Ok(_) => out.failures.push("`--to wgsl` wrote no text".into()),
        Err(_) => {}
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.trim().replace('_', "").parse().ok())
        .unwrap_or(default)
}

/// Worker side: runs mutants `start, start + stride, …` below `end`, reporting each on
/// stdout: `@@B i` when it starts, `@@E i accepted validated rechecked refused-code µs`
/// when it ends, `@@F i message` for each failure.
fn work(spec: &str) {
    let nums: Vec<u64> = spec.split(',').filter_map(|s| s.parse().ok()).collect();
    let [seed, start, end, stride, every] = nums[..] else {
        panic!("REFRACT_CAMPAIGN_WORKER={spec}: want seed,start,end,stride,val-every");
    };
    let seeds = Seeds::load();
    std::panic::set_hook(Box::new(|_| {}));
    let stdout = std::io::stdout();
    let mut accepted = 0u64;
    let mut i = start as usize;
    while i < end as usize {
        let input = make(&seeds, seed, i);
        {
            let mut o = stdout.lock();
            let _ = writeln!(o, "@@B {i}");
            let _ = o.flush();
        }
        let t = Instant::now();
        let validate = accepted % every.max(1) == 0;
        let outcome = catch_unwind(AssertUnwindSafe(|| exercise(&input, i, validate)))
            .unwrap_or_else(|payload| {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "non-string panic".into());
                Outcome {
                    failures: vec![format!("panic: {}", one_line(&message))],
                    ..Outcome::default()
                }
            });
        let micros = t.elapsed().as_micros();
        accepted += u64::from(outcome.accepted);
        let mut o = stdout.lock();
        for f in &outcome.failures {
            let _ = writeln!(o, "@@F {i} {f}");
        }
        let _ = writeln!(
            o,
            "@@E {i} {} {} {} {} {micros}",
            u8::from(outcome.accepted),
            u8::from(outcome.validated),
            u8::from(outcome.rechecked),
            outcome.compile_refused.as_deref().unwrap_or("-"),
        );
        let _ = o.flush();
        i += stride as usize;
    }
}

/// Counts per family.
#[derive(Default)]
struct Tally {
    mutants: u64,
    accepted: u64,
    validated: u64,
    rechecked: u64,
    refused: BTreeMap<String, u64>,
    failures: u64,
    slowest: (u128, usize),
}

/// A failure the parent records: the mutant, its family and what happened.
struct Failed {
    index: usize,
    what: String,
}

/// What a worker's stdout said, line by line, or its end.
enum Event {
    Line(String),
    Exit,
}

/// Starts a worker on `start, start + stride, …` below `end`, its lines sent to `tx`.
fn spawn_worker(spec: String, tx: mpsc::Sender<(usize, Event)>, id: usize) -> std::process::Child {
    let exe = std::env::current_exe().expect("the test binary");
    // The address-space limit goes through the shell: the standard library has no
    // setrlimit, and the test crate no libc.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_LIMIT_KIB} && exec \"$0\" \"$@\""
        ))
        .arg(exe)
        .args([
            "campaign::mutation_campaign",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("REFRACT_CAMPAIGN_WORKER", spec)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start a campaign worker");
    let stdout = child.stdout.take().expect("piped stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if line.starts_with("@@") && tx.send((id, Event::Line(line))).is_err() {
                return;
            }
        }
        let _ = tx.send((id, Event::Exit));
    });
    child
}

/// One worker's state in the parent.
struct Worker {
    child: std::process::Child,
    /// The mutant it started and has not ended, and when it started it.
    current: Option<(usize, Instant)>,
    /// The next mutant it runs: where a worker that dies between mutants resumes.
    next: usize,
    done: bool,
}

#[test]
fn mutation_campaign() {
    let seed = env_number("REFRACT_CAMPAIGN_SEED", 0xCA4A_16E5);
    if let Ok(spec) = std::env::var("REFRACT_CAMPAIGN_WORKER") {
        work(&spec);
        return;
    }
    if let Ok(list) = std::env::var("REFRACT_CAMPAIGN_DUMP") {
        dump(seed, &list);
        return;
    }
    let count = env_number("REFRACT_CAMPAIGN", DEFAULT_COUNT as u64) as usize;
    let every = env_number("REFRACT_CAMPAIGN_VAL", 1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = env_number("REFRACT_CAMPAIGN_WORKERS", cores.min(2) as u64).max(1) as usize;
    // spirv-val must be there before any worker needs it.
    spirv_tools::tool("spirv-val");
    let seeds = Seeds::load();
    let started = Instant::now();
    let (tx, rx) = mpsc::channel();
    let spec = |start: usize| format!("{seed},{start},{count},{workers},{every}");
    let mut pool: Vec<Worker> = (0..workers)
        .map(|w| Worker {
            child: spawn_worker(spec(w), tx.clone(), w),
            current: None,
            next: w,
            done: w >= count,
        })
        .collect();
    let mut tallies: Vec<Tally> = (0..FAMILIES.len()).map(|_| Tally::default()).collect();
    let mut failed: Vec<Failed> = Vec::new();
    let mut last_progress = Instant::now();
    let mut ended = 0usize;
    // Worker generations: lines from a killed worker's reader are ignored.
    let mut generation: Vec<usize> = (0..workers).collect();
    let mut next_id = workers;
    while pool.iter().any(|w| !w.done) {
        let event = rx.recv_timeout(Duration::from_millis(500));
        let now = Instant::now();
        if let Ok((id, event)) = event {
            let Some(w) = generation.iter().position(|&g| g == id) else {
                continue;
            };
            match event {
                Event::Line(line) => {
                    let mut parts = line.splitn(3, ' ');
                    let tag = parts.next().unwrap_or("");
                    let i: usize = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
                    let rest = parts.next().unwrap_or("");
                    let t = &mut tallies[family_of(i)];
                    match tag {
                        "@@B" => pool[w].current = Some((i, now)),
                        "@@F" => {
                            t.failures += 1;
                            failed.push(Failed {
                                index: i,
                                what: rest.to_string(),
                            });
                        }
                        "@@E" => {
                            let f: Vec<&str> = rest.split(' ').collect();
                            t.mutants += 1;
                            t.accepted += u64::from(f[0] == "1");
                            t.validated += u64::from(f[1] == "1");
                            t.rechecked += u64::from(f[2] == "1");
                            if f[3] != "-" {
                                *t.refused.entry(f[3].to_string()).or_default() += 1;
                            }
                            let micros: u128 = f[4].parse().unwrap_or(0);
                            if micros > t.slowest.0 {
                                t.slowest = (micros, i);
                            }
                            pool[w].current = None;
                            pool[w].next = i + workers;
                            ended += 1;
                        }
                        _ => {}
                    }
                }
                Event::Exit => {
                    let status = pool[w].child.wait().ok();
                    let resume = match pool[w].current.take() {
                        // Died mid-mutant: an abort, a signal, an exit.
                        Some((i, _)) => {
                            let how = status.map_or("died".to_string(), |s| format!("died: {s}"));
                            record_dead(&mut tallies, &mut failed, i, how);
                            Some(i + workers)
                        }
                        // Died between mutants: resume where it was.
                        None if status.is_none_or(|s| !s.success()) => Some(pool[w].next),
                        None => None,
                    };
                    match resume {
                        Some(at) if at < count => {
                            pool[w].next = at;
                            pool[w].child = spawn_worker(spec(at), tx.clone(), next_id);
                            generation[w] = next_id;
                            next_id += 1;
                        }
                        _ => pool[w].done = true,
                    }
                }
            }
        }
        for w in 0..pool.len() {
            if let Some((i, since)) = pool[w].current {
                if now.duration_since(since) > HANG {
                    let _ = pool[w].child.kill();
                    let _ = pool[w].child.wait();
                    pool[w].current = None;
                    record_dead(&mut tallies, &mut failed, i, format!("hang: past {HANG:?}"));
                    let at = i + workers;
                    pool[w].next = at;
                    if at < count {
                        pool[w].child = spawn_worker(spec(at), tx.clone(), next_id);
                        generation[w] = next_id;
                        next_id += 1;
                    } else {
                        pool[w].done = true;
                    }
                }
            }
        }
        if now.duration_since(last_progress) > Duration::from_secs(60) {
            last_progress = now;
            println!(
                "campaign: {ended} of {count} mutants in {:.0} s, {} failures",
                started.elapsed().as_secs_f64(),
                failed.len()
            );
        }
    }
    report(&tallies, &failed, &seeds, seed, count, started.elapsed());
    assert!(failed.is_empty(), "{} mutants failed", failed.len());
}

/// Writes the mutants a comma-separated list names, as the failure report does.
fn dump(seed: u64, list: &str) {
    let seeds = Seeds::load();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("campaign-dump");
    std::fs::create_dir_all(&dir).expect("the dump folder");
    for index in list.split(',').map(|i| i.trim().parse::<usize>()) {
        let index = index.expect("REFRACT_CAMPAIGN_DUMP: mutant indices, comma-separated");
        let input = make(&seeds, seed, index);
        let name = format!(
            "{}-{index}.{}",
            FAMILIES[family_of(index)].0,
            input.extension()
        );
        std::fs::write(dir.join(&name), input.bytes()).expect("the dump file");
        println!(
            "campaign: mutant #{index} (seed {seed:#x}) written to {}",
            dir.join(&name).display()
        );
    }
}

fn record_dead(tallies: &mut [Tally], failed: &mut Vec<Failed>, i: usize, what: String) {
    let t = &mut tallies[family_of(i)];
    t.mutants += 1;
    t.failures += 1;
    failed.push(Failed { index: i, what });
}

/// Prints the counts per family and the failures, and saves each failing input.
fn report(
    tallies: &[Tally],
    failed: &[Failed],
    seeds: &Seeds,
    seed: u64,
    count: usize,
    elapsed: Duration,
) {
    println!(
        "campaign: {count} mutants (seed {seed:#x}) in {:.1} s",
        elapsed.as_secs_f64()
    );
    println!(
        "{:<10} {:>9} {:>9} {:>10} {:>10} {:>8} {:>14}  refused by a compile after check",
        "family", "mutants", "accepted", "spirv-val", "rechecked", "failed", "slowest (ms)"
    );
    for ((name, _), t) in FAMILIES.iter().zip(tallies) {
        let refused: Vec<String> = t.refused.iter().map(|(c, n)| format!("{c}×{n}")).collect();
        println!(
            "{name:<10} {:>9} {:>9} {:>10} {:>10} {:>8} {:>9.1} #{:<6} {}",
            t.mutants,
            t.accepted,
            t.validated,
            t.rechecked,
            t.failures,
            t.slowest.0 as f64 / 1e3,
            t.slowest.1,
            refused.join(" ")
        );
    }
    // Failures by kind (what happened, cut before the details), then the first 50.
    let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
    for f in failed {
        *kinds.entry(f.what.chars().take(48).collect()).or_default() += 1;
    }
    for (kind, n) in &kinds {
        println!("  {n} × {kind}");
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("campaign-failures");
    for f in failed.iter().take(50) {
        let input = make(seeds, seed, f.index);
        let name = format!(
            "{}-{}.{}",
            FAMILIES[family_of(f.index)].0,
            f.index,
            input.extension()
        );
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join(&name), input.bytes());
        println!("  mutant #{} ({name}): {}", f.index, f.what);
    }
}
