//! The `refract` command line: argument parsing, file I/O and exit codes over the library
//! API in `lib.rs`. It adds no compiler behaviour of its own (DESIGN §9 gives the contract).
//!
//! Exit codes: 0 success, 1 invalid input (diagnostics on stderr), 2 usage or I/O error.

use refract::diag::{self, codes};
use refract::{Diagnostic, IrOptions, IrOutput, Options, Output, Target};
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
refract: a WGSL shader compiler

usage:
  refract fmt FILE|-                          formatted WGSL on stdout, comments kept
  refract check FILE...|- [--format human|json] [--error-limit N]
  refract compile FILE|- --to wgsl|hlsl|spirv|spvasm|gen|gen-ir|ir|ir-bin|ast [-o OUT] [-O0|-O1|-O2]
                  [--passes p1,p2,...] [--entry NAME] [--format human|json] [--error-limit N]
                  [--spirv-version 1.3|1.4|1.5|1.6] [--target-env vulkan1.1|vulkan1.2|vulkan1.3] [-g]
                  [--robust-image-access] [--gen-simd 8|16] [--shader-model 6_0|6_1|...|6_6] [--binding-map G:B=REG:SPACE]...
                  [--override NAME=VALUE]... [--import NAME,...]... [--print-after-all] [--time-passes]
                  [--verify]
  refract run FILE --entry NAME --dispatch X,Y,Z [--buffer G:B=FILE|zeros:BYTES]...
                  [--gen-simd 8|16] [--override NAME=VALUE]... [--out DIR]
                                              run a compute entry point on the Gen simulator
  refract reflect FILE|-                      JSON: entry points, bindings, overrides, layouts
  refract ir FILE.ir|- [--from bin] [--passes p1,p2,...] [--to ir|bin|TARGET] [-o OUT]
                  [--spirv-version V] [--target-env ENV] [-g] [--robust-image-access]
                  [--print-after-all] [--time-passes]
  refract link A.rir B.rir ... -o OUT.rir     link separately compiled IR modules (binary or text IR)
  refract passes                              the pass names --passes accepts
  refract explain CODE                        a diagnostic code's explanation, with examples
  refract --version

--error-limit N: report at most N errors, and N warnings and notes, the first by position
  (default 100; 0: no limit)
--override NAME=VALUE: an override's value (NAME or its @id; VALUE a number, true or false)
--to ir-bin: binary IR that `refract link` takes; it exports every function but the entry
  points, every module-scope variable and override; --import NAME makes NAME an import instead
  (its definition in the source, a stub will do, is dropped: another module must export it)
--binding-map G:B=REG:SPACE: HLSL puts @group(G) @binding(B) at register(xREG, spaceSPACE)
--print-after-all: the IR after each pass, on stderr (unnamed values keep their ids from pass to pass); --time-passes: a table of pass times, on stderr

exit codes: 0 success, 1 invalid input, 2 usage or I/O error
";

/// Stack for the compiler thread. Every recursive walk in refract is bounded by the
/// parser's nesting limit; this leaves a wide margin above that bound.
const STACK_SIZE: usize = 64 * 1024 * 1024;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let worker = std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(move || run(&args));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        // A panic already printed its message; 101 is what an unhandled panic would give.
        Ok(Err(_)) => ExitCode::from(101),
        Err(e) => {
            to_stderr(&format!("refract: cannot start the compiler thread: {e}\n"));
            ExitCode::from(2)
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Human,
    Json,
}

/// The parsed command line, common to every subcommand.
struct Args {
    command: String,
    files: Vec<String>,
    format: Format,
    to: Option<String>,
    out: Option<String>,
    /// `--out-dir DIR`: `compile` writes each input's output there, named after it.
    out_dir: Option<String>,
    opt_level: Option<u8>,
    passes: Option<Vec<String>>,
    entry: Option<String>,
    from_bin: bool,
    spirv_version: Option<String>,
    target_env: Option<String>,
    /// `-g`: debug info (SPIR-V `OpName` and `OpLine`).
    debug_info: bool,
    /// `--robust-image-access`: the device checks texel addresses (SPIR-V).
    robust_image_access: bool,
    /// `--error-limit N`: how many errors `check` and `compile` report at most.
    error_limit: u32,
    /// `--gen-simd 8|16`.
    gen_simd: Option<String>,
    shader_model: Option<String>,
    /// `--binding-map G:B=REG:SPACE`, in order.
    binding_map: Vec<String>,
    /// `--override NAME=VALUE`, in order.
    overrides: Vec<String>,
    /// `--import NAME,...`: with `--to ir-bin`, the items that become imports.
    imports: Vec<String>,
    /// `--print-after-all` and `--time-passes`: the passes' report, on stderr.
    print_after_all: bool,
    time_passes: bool,
    verify: bool,
    /// `run`: `--dispatch X,Y,Z` and the `--buffer G:B=SOURCE` list.
    dispatch: Option<String>,
    buffers: Vec<String>,
}

fn run(argv: &[String]) -> u8 {
    let args = match parse_args(argv) {
        Ok(Some(args)) => args,
        Ok(None) => return 0,
        Err(message) => {
            to_stderr(&format!("refract: {message}\n\n{USAGE}\n"));
            return 2;
        }
    };
    let result = match args.command.as_str() {
        "fmt" => cmd_fmt(&args),
        "check" => cmd_check(&args),
        "compile" => cmd_compile(&args),
        "reflect" => cmd_reflect(&args),
        "ir" => cmd_ir(&args),
        "link" => cmd_link(&args),
        "run" => cmd_run(&args),
        "explain" => cmd_explain(&args),
        "passes" => {
            for p in refract::passes() {
                to_stdout(&format!("{p}\n"));
            }
            Ok(0)
        }
        other => Err(format!("unknown command `{other}`")),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            to_stderr(&format!("refract: {message}\n"));
            2
        }
    }
}

fn parse_args(argv: &[String]) -> Result<Option<Args>, String> {
    let mut it = argv.iter();
    let command = match it.next().map(String::as_str) {
        None | Some("-h") | Some("--help") | Some("help") => {
            to_stdout(USAGE);
            return Ok(None);
        }
        Some("-V") | Some("--version") | Some("version") => {
            to_stdout(&format!("refract {}\n", refract::version()));
            return Ok(None);
        }
        Some(c) => c.to_string(),
    };
    let mut args = Args {
        command,
        files: Vec::new(),
        format: Format::Human,
        to: None,
        out: None,
        out_dir: None,
        opt_level: None,
        passes: None,
        entry: None,
        from_bin: false,
        spirv_version: None,
        target_env: None,
        debug_info: false,
        robust_image_access: false,
        error_limit: refract::DEFAULT_ERROR_LIMIT,
        gen_simd: None,
        shader_model: None,
        binding_map: Vec::new(),
        overrides: Vec::new(),
        imports: Vec::new(),
        print_after_all: false,
        time_passes: false,
        verify: false,
        dispatch: None,
        buffers: Vec::new(),
    };
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("`{name}` needs a value"))
        };
        match arg.as_str() {
            "--format" => {
                args.format = match value("--format")?.as_str() {
                    "human" => Format::Human,
                    "json" => Format::Json,
                    other => return Err(format!("unknown format `{other}`")),
                }
            }
            "--to" => args.to = Some(value("--to")?),
            "-o" | "--output" | "--out" => args.out = Some(value("-o")?),
            "--out-dir" => args.out_dir = Some(value("--out-dir")?),
            "--passes" => {
                let list = value("--passes")?;
                args.passes = Some(
                    list.split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(String::from)
                        .collect(),
                );
            }
            "--entry" => args.entry = Some(value("--entry")?),
            "--from" => match value("--from")?.as_str() {
                "bin" => args.from_bin = true,
                "ir" | "text" => args.from_bin = false,
                other => return Err(format!("unknown input form `{other}`")),
            },
            "--spirv-version" => args.spirv_version = Some(value("--spirv-version")?),
            "--target-env" => args.target_env = Some(value("--target-env")?),
            "-g" | "--debug-info" => args.debug_info = true,
            "--robust-image-access" => args.robust_image_access = true,
            "--gen-simd" => args.gen_simd = Some(value("--gen-simd")?),
            "--shader-model" => args.shader_model = Some(value("--shader-model")?),
            "--binding-map" => args.binding_map.push(value("--binding-map")?),
            "--override" => args.overrides.push(value("--override")?),
            "--import" => args.imports.extend(
                value("--import")?
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from),
            ),
            "--print-after-all" => args.print_after_all = true,
            "--time-passes" => args.time_passes = true,
            "--verify" => args.verify = true,
            "--dispatch" => args.dispatch = Some(value("--dispatch")?),
            "--buffer" => args.buffers.push(value("--buffer")?),
            "--error-limit" => {
                let n = value("--error-limit")?;
                args.error_limit = n.parse().map_err(|_| {
                    format!(
                        "`--error-limit` takes a whole number of errors (0: no limit), not `{n}`"
                    )
                })?;
            }
            "-O0" => args.opt_level = Some(0),
            "-O1" => args.opt_level = Some(1),
            "-O2" => args.opt_level = Some(2),
            "-" => args.files.push("-".to_string()),
            flag if flag.starts_with('-') => return Err(format!("unknown option `{flag}`")),
            file => args.files.push(file.to_string()),
        }
    }
    Ok(Some(args))
}

/// Reads a file, or stdin for `-`.
fn read_input(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read `{path}`: {e}"))
    }
}

/// A source file as text: `Err` carries the diagnostic for input that is not UTF-8 or too
/// large to address with 32-bit spans.
fn decode_source(bytes: Vec<u8>) -> Result<String, Diagnostic> {
    if bytes.len() >= u32::MAX as usize {
        return Err(Diagnostic::error(
            codes::SOURCE_TOO_LARGE,
            "the source is larger than 4 GiB",
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        Diagnostic::error(codes::INVALID_UTF8, "the source is not valid UTF-8").with_primary(
            diag::Span::from_range(at..at + 1),
            "this byte does not start a valid UTF-8 sequence",
        )
    })
}

fn single_file(args: &Args) -> Result<&str, String> {
    match args.files.as_slice() {
        [one] => Ok(one),
        [] => Err(format!(
            "`{}` needs a file (or `-` for stdin)",
            args.command
        )),
        _ => Err(format!("`{}` takes exactly one file", args.command)),
    }
}

fn display_name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// Prints diagnostics for one file to stderr (human) or stdout (JSON).
fn report(path: &str, source: &str, diagnostics: &[Diagnostic], format: Format) {
    match format {
        Format::Human => {
            if !diagnostics.is_empty() {
                to_stderr(&diag::render_human(display_name(path), source, diagnostics));
            }
        }
        Format::Json => to_stdout(&format!("{}\n", diag::render_json(source, diagnostics))),
    }
}

fn exit_code_for(diagnostics: &[Diagnostic]) -> u8 {
    if diag::has_errors(diagnostics) { 1 } else { 0 }
}

/// Reads and decodes one source; on a decoding problem reports it and yields the exit code.
fn load_source(path: &str, format: Format) -> Result<Result<String, u8>, String> {
    let bytes = read_input(path)?;
    Ok(decode_source(bytes).map_err(|d| {
        report(path, "", std::slice::from_ref(&d), format);
        1
    }))
}

fn cmd_fmt(args: &Args) -> Result<u8, String> {
    let path = single_file(args)?;
    let source = match load_source(path, args.format)? {
        Ok(s) => s,
        Err(code) => return Ok(code),
    };
    match refract::format(&source) {
        Ok(text) => {
            write_stdout(text.as_bytes())?;
            Ok(0)
        }
        Err(diagnostics) => {
            report(path, &source, &diagnostics, args.format);
            Ok(exit_code_for(&diagnostics).max(1))
        }
    }
}

/// `refract explain CODE`: the code's explanation on stdout; a code refract does not use is
/// a usage error.
fn cmd_explain(args: &Args) -> Result<u8, String> {
    let [code] = args.files.as_slice() else {
        return Err("`explain` takes one diagnostic code, like `refract explain E1108`".into());
    };
    let Some(canonical) = diag::explain::normalize(code) else {
        return Err(format!(
            "`{code}` is not a diagnostic code: a code is `E` and four digits, like `E1108`"
        ));
    };
    match diag::explain::explain(&canonical) {
        Some(text) => {
            to_stdout(&text);
            Ok(0)
        }
        None => Err(format!("unknown diagnostic code {canonical}")),
    }
}

fn cmd_check(args: &Args) -> Result<u8, String> {
    if args.files.is_empty() {
        return Err("`check` needs at least one file (or `-` for stdin)".into());
    }
    let many = args.files.len() > 1;
    // Each file on whichever core is free; the reports in the order the files were given.
    type Checked = Result<(u8, String, Vec<serde_json::Value>), String>;
    let checked = on_every_core(&args.files, |path| -> Checked {
        let bytes = read_input(path)?;
        let (source, diagnostics) = match decode_source(bytes) {
            Ok(source) => {
                let d = refract::check_with_error_limit(&source, args.error_limit);
                (source, d)
            }
            Err(d) => (String::new(), vec![d]),
        };
        let mut human = String::new();
        let mut json = Vec::new();
        match args.format {
            Format::Human if !diagnostics.is_empty() => {
                human = diag::render_human(display_name(path), &source, &diagnostics);
            }
            Format::Human => {}
            Format::Json => {
                let value = diag::to_json_value(&source, &diagnostics);
                if let serde_json::Value::Array(list) = &value["diagnostics"] {
                    for d in list {
                        let mut d = d.clone();
                        if many {
                            d["file"] = serde_json::Value::String(path.clone());
                        }
                        json.push(d);
                    }
                }
            }
        }
        Ok((exit_code_for(&diagnostics), human, json))
    });
    let mut worst = 0;
    let mut json_all: Vec<serde_json::Value> = Vec::new();
    for result in checked {
        let (code, human, json) = result?;
        worst = worst.max(code);
        to_stderr(&human);
        json_all.extend(json);
    }
    if args.format == Format::Json {
        to_stdout(&format!(
            "{}\n",
            serde_json::json!({ "diagnostics": json_all })
        ));
    }
    Ok(worst)
}

/// Runs `work` on each item, on every core the machine has (scoped threads with the
/// compiler's stack, taking the next item as they finish one), and gives the results in
/// the items' order, so that what is printed does not depend on the schedule. One item
/// runs on the calling thread.
fn on_every_core<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len());
    if threads <= 1 {
        return items.iter().map(work).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                std::thread::Builder::new()
                    .stack_size(STACK_SIZE)
                    .spawn_scoped(scope, || {
                        let mut done = Vec::new();
                        loop {
                            let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            let Some(item) = items.get(k) else {
                                return done;
                            };
                            done.push((k, work(item)));
                        }
                    })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| match w {
                // A worker that panicked has printed its message: panic on, as a single
                // thread would have, so the process exits with 101.
                Ok(handle) => handle
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                Err(e) => {
                    to_stderr(&format!("refract: cannot start a compiler thread: {e}\n"));
                    std::process::exit(2)
                }
            })
            .collect()
    });
    results.sort_unstable_by_key(|&(k, _)| k);
    results.into_iter().map(|(_, r)| r).collect()
}

fn cmd_compile(args: &Args) -> Result<u8, String> {
    let to = args
        .to
        .as_deref()
        .ok_or("`compile` needs `--to wgsl|hlsl|spirv|spvasm|gen|gen-ir|ir|ir-bin|ast`")?;
    let linkable = to == "ir-bin";
    if !args.imports.is_empty() && !linkable {
        return Err("`--import` only makes sense with `--to ir-bin`".into());
    }
    let target = match to {
        "ir-bin" => Target::Ir,
        _ => Target::from_name(to).ok_or_else(|| format!("unknown target `{to}`"))?,
    };
    let Some(dir) = args.out_dir.as_deref() else {
        let path = single_file(args)?;
        let (code, report, output) = compile_file(args, target, path)?;
        to_stderr(&report);
        if let Some((bytes, binary)) = output {
            write_output(args.out.as_deref(), &bytes, binary)?;
        }
        return Ok(code);
    };
    // Many files: each input's output in `dir`, named after it, compiled on every core.
    if args.files.is_empty() {
        return Err("`compile` needs at least one file".into());
    }
    if args.out.is_some() {
        return Err(
            "`-o` names one output; with `--out-dir` each output is named after its input".into(),
        );
    }
    let outputs = output_paths(&args.files, dir, to)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create `{dir}`: {e}"))?;
    let jobs: Vec<(&str, &str)> = args
        .files
        .iter()
        .map(String::as_str)
        .zip(outputs.iter().map(String::as_str))
        .collect();
    let compiled = on_every_core(&jobs, |&(path, out)| {
        let (code, report, output) = compile_file(args, target, path)?;
        if let Some((bytes, _)) = output {
            write_output(Some(out), &bytes, true)?;
        }
        Ok::<_, String>((code, report))
    });
    let mut worst = 0;
    for result in compiled {
        let (code, report) = result?;
        worst = worst.max(code);
        to_stderr(&report);
    }
    Ok(worst)
}

/// Where `--out-dir` puts each input's output: the input's file name with the target's
/// extension. Two inputs of the same name, stdin, and an output that would overwrite an
/// input are refused before anything is compiled.
fn output_paths(files: &[String], dir: &str, to: &str) -> Result<Vec<String>, String> {
    let extension = match to {
        "spirv" => "spv",
        "gen-ir" => "genir",
        "ir-bin" => "rir",
        "ast" => "json",
        other => other,
    };
    let mut seen = std::collections::HashMap::new();
    let mut outputs = Vec::with_capacity(files.len());
    for path in files {
        let stem = std::path::Path::new(path)
            .file_stem()
            .filter(|_| path != "-")
            .ok_or_else(|| {
                format!(
                    "`--out-dir` names each output after its input file, and `{}` has no name",
                    display_name(path)
                )
            })?;
        let out = std::path::Path::new(dir)
            .join(stem)
            .with_extension(extension);
        let out = out.to_string_lossy().into_owned();
        if let Some(first) = seen.insert(out.clone(), path) {
            return Err(format!(
                "`{first}` and `{path}` would both be written to `{out}`"
            ));
        }
        outputs.push(out);
    }
    // Each path resolved once (an output that does not exist yet is no input): a lookup
    // per output, not a comparison with every input.
    let mut inputs = std::collections::HashMap::new();
    for f in files {
        if let Ok(real) = std::fs::canonicalize(f) {
            inputs.entry(real).or_insert(f);
        }
    }
    for (path, out) in files.iter().zip(&outputs) {
        if let Some(input) = std::fs::canonicalize(out).ok().and_then(|o| inputs.get(&o)) {
            return Err(format!(
                "the output of `{path}` would overwrite the input `{input}`"
            ));
        }
    }
    Ok(outputs)
}

/// What compiling one file gives: the exit code, what goes to stderr (the passes' report,
/// then the diagnostics), and the output with whether it is binary.
type Compiled = (u8, String, Option<(Vec<u8>, bool)>);

/// Compiles one file as the command line asks. A decoding problem reported in JSON goes
/// to stdout, as `check` does.
fn compile_file(args: &Args, target: Target, path: &str) -> Result<Compiled, String> {
    let source = match load_source(path, args.format)? {
        Ok(s) => s,
        Err(code) => return Ok((code, String::new(), None)),
    };
    let failed = |d: Diagnostic| Ok((1, compile_report(args, path, &source, &[d]), None));
    let mut options = Options::new(target);
    if let Some(level) = args.opt_level {
        options.opt_level = level;
    }
    options.passes = args.passes.clone();
    options.entry_point = args.entry.clone();
    options.error_limit = args.error_limit;
    options.spirv = match spirv_options(args, path) {
        Ok(o) => o,
        Err(d) => return failed(d),
    };
    options.r#gen = match refract::back::r#gen::Options::from_flag(args.gen_simd.as_deref()) {
        Ok(o) => o,
        Err(d) => return failed(d),
    };
    if let Some(sm) = &args.shader_model {
        let model = refract::back::hlsl::ShaderModel::from_name(sm).ok_or_else(|| {
            format!("unknown shader model `{sm}` (6_0, 6_1, 6_2, 6_3, 6_4, 6_5 or 6_6)")
        })?;
        options.hlsl.shader_model = model;
    }
    // The npm package's HLSL options keep no binding map (back::hlsl::OptionMap), and a
    // WebAssembly build of this CLI is theirs.
    #[cfg(target_arch = "wasm32")]
    if !args.binding_map.is_empty() {
        return Err("`--binding-map` is not available in a WebAssembly build".to_string());
    }
    #[cfg(not(target_arch = "wasm32"))]
    for entry in &args.binding_map {
        let (from, to) = parse_binding_map(entry).ok_or_else(|| {
            format!("`--binding-map` takes GROUP:BINDING=REGISTER:SPACE, not `{entry}`")
        })?;
        if options.hlsl.binding_map.insert(from, to).is_some() {
            return Err(format!(
                "`--binding-map` names @group({}) @binding({}) twice",
                from.0, from.1
            ));
        }
    }
    options.overrides = override_values(args)?;
    options.print_after_all = args.print_after_all;
    options.time_passes = args.time_passes;
    options.verify = args.verify;
    if args.to.as_deref() == Some("ir-bin") {
        options.linkable = Some(args.imports.clone());
        let (bytes, diagnostics) = refract::compile_linkable(&source, &options);
        let report = compile_report(args, path, &source, &diagnostics);
        return Ok(match bytes {
            Some(bytes) => (0, report, Some((bytes, true))),
            None => (exit_code_for(&diagnostics).max(1), report, None),
        });
    }
    let result = refract::compile(&source, &options);
    let mut report = result.passes.as_ref().map(pass_report).unwrap_or_default();
    report.push_str(&compile_report(args, path, &source, &result.diagnostics));
    let ok = result.ok();
    Ok(match result.output {
        Some(Output::Text(text)) if ok => (0, report, Some((text.into_bytes(), false))),
        Some(Output::Words(words)) if ok => (0, report, Some((words_to_bytes(&words), true))),
        _ => (exit_code_for(&result.diagnostics).max(1), report, None),
    })
}

/// A compile's diagnostics as they go to stderr.
fn compile_report(args: &Args, path: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    match args.format {
        Format::Human if diagnostics.is_empty() => String::new(),
        Format::Human => diag::render_human(display_name(path), source, diagnostics),
        Format::Json => format!("{}\n", diag::render_json(source, diagnostics)),
    }
}

fn cmd_link(args: &Args) -> Result<u8, String> {
    if args.files.is_empty() {
        return Err("`link` needs the IR modules to link".into());
    }
    let mut inputs = Vec::with_capacity(args.files.len());
    for path in &args.files {
        inputs.push(read_input(path)?);
    }
    let list: Vec<(&str, &[u8])> = args
        .files
        .iter()
        .zip(&inputs)
        .map(|(p, b)| (display_name(p), b.as_slice()))
        .collect();
    match refract::link(&list) {
        Ok(module) => {
            let bytes = refract::ir::binary::serialize(&module);
            write_output(args.out.as_deref(), &bytes, true)?;
            Ok(0)
        }
        Err(e) => {
            // Text input's diagnostics point into it; binary input and linking have no text.
            let (path, text) = match e.input {
                Some(k) if !inputs[k].starts_with(b"RFIR") => (
                    args.files[k].as_str(),
                    String::from_utf8_lossy(&inputs[k]).into_owned(),
                ),
                Some(k) => (args.files[k].as_str(), String::new()),
                None => ("<linked module>", String::new()),
            };
            report(path, &text, &e.diagnostics, args.format);
            Ok(exit_code_for(&e.diagnostics).max(1))
        }
    }
}

/// `refract run`: compiles a compute entry point for the Gen back end, runs it on the
/// simulator, and writes every binding's buffer to `DIR/GROUP-BINDING.bin` (`--out`) or
/// prints them as one JSON object keyed `"GROUP:BINDING"`.
/// The `--override NAME=VALUE` flags, in order.
fn override_values(args: &Args) -> Result<Vec<(String, f64)>, String> {
    args.overrides
        .iter()
        .map(|entry| {
            parse_override(entry).ok_or_else(|| {
                format!("`--override` takes NAME=VALUE (a number, true or false), not `{entry}`")
            })
        })
        .collect()
}

fn cmd_run(args: &Args) -> Result<u8, String> {
    use refract::back::r#gen as gpu;
    let path = single_file(args)?;
    let entry = args.entry.as_deref().ok_or("`run` needs `--entry NAME`")?;
    let dispatch = args
        .dispatch
        .as_deref()
        .ok_or("`run` needs `--dispatch X,Y,Z`")?;
    let dims: Vec<u32> = dispatch
        .split(',')
        .map(|s| s.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("`--dispatch` takes X,Y,Z workgroup counts, not `{dispatch}`"))?;
    let groups = match dims.as_slice() {
        [x] => [*x, 1, 1],
        [x, y] => [*x, *y, 1],
        [x, y, z] => [*x, *y, *z],
        _ => {
            return Err(format!(
                "`--dispatch` takes X,Y,Z workgroup counts, not `{dispatch}`"
            ));
        }
    };
    let mut buffers = Vec::new();
    for spec in &args.buffers {
        let bad = || {
            format!(
                "`--buffer` takes GROUP:BINDING=FILE or GROUP:BINDING=zeros:BYTES, not `{spec}`"
            )
        };
        let (key, src) = spec.split_once('=').ok_or_else(bad)?;
        let (g, b) = key.split_once(':').ok_or_else(bad)?;
        let group = g.trim().parse().map_err(|_| bad())?;
        let binding = b.trim().parse().map_err(|_| bad())?;
        let data = match src.strip_prefix("zeros:") {
            Some(n) => vec![0u8; n.trim().parse::<usize>().map_err(|_| bad())?],
            None => read_input(src)?,
        };
        buffers.push(gpu::RunBuffer {
            group,
            binding,
            data,
        });
    }
    let source = match load_source(path, args.format)? {
        Ok(s) => s,
        Err(code) => return Ok(code),
    };
    let options = match gpu::Options::from_flag(args.gen_simd.as_deref()) {
        Ok(o) => o,
        Err(d) => {
            report(path, &source, std::slice::from_ref(&d), args.format);
            return Ok(1);
        }
    };
    let overrides = override_values(args)?;
    let out = match gpu::run_source(&source, entry, groups, &buffers, &options, &overrides) {
        Ok(out) => out,
        Err(diagnostics) => {
            report(path, &source, &diagnostics, args.format);
            return Ok(exit_code_for(&diagnostics).max(1));
        }
    };
    if let Some(dir) = args.out.as_deref() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {dir}: {e}"))?;
        for (b, _) in &out.buffers {
            let file = std::path::Path::new(dir).join(format!("{}-{}.bin", b.group, b.binding));
            std::fs::write(&file, &b.data)
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        }
        return Ok(0);
    }
    let mut json = String::from("{");
    for (k, (b, elem)) in out.buffers.iter().enumerate() {
        if k > 0 {
            json.push_str(", ");
        }
        json.push_str(&format!(
            "\"{}:{}\": {}",
            b.group,
            b.binding,
            gpu::buffer_json(&b.data, *elem)
        ));
    }
    json.push_str("}\n");
    to_stdout(&json);
    Ok(0)
}

fn cmd_reflect(args: &Args) -> Result<u8, String> {
    let path = single_file(args)?;
    let source = match load_source(path, args.format)? {
        Ok(s) => s,
        Err(code) => return Ok(code),
    };
    match refract::reflect(&source) {
        Ok(value) => {
            let text = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?;
            write_stdout(format!("{text}\n").as_bytes())?;
            Ok(0)
        }
        Err(diagnostics) => {
            report(path, &source, &diagnostics, Format::Human);
            Ok(exit_code_for(&diagnostics).max(1))
        }
    }
}

fn cmd_ir(args: &Args) -> Result<u8, String> {
    let path = single_file(args)?;
    let input = read_input(path)?;
    let spirv = match spirv_options(args, path) {
        Ok(o) => o,
        Err(d) => {
            report(path, "", std::slice::from_ref(&d), args.format);
            return Ok(1);
        }
    };
    let options = IrOptions {
        from_binary: args.from_bin,
        passes: args.passes.clone().unwrap_or_default(),
        to: args.to.clone(),
        spirv,
        print_after_all: args.print_after_all,
        time_passes: args.time_passes,
    };
    let (result, passes) = refract::compile_ir_reporting(&input, &options);
    if let Some(passes) = &passes {
        print_pass_report(passes);
    }
    match result {
        Ok(IrOutput::Text(text)) => write_output(args.out.as_deref(), text.as_bytes(), false)?,
        Ok(IrOutput::Bytes(bytes)) => write_output(args.out.as_deref(), &bytes, true)?,
        Ok(IrOutput::Words(words)) => {
            write_output(args.out.as_deref(), &words_to_bytes(&words), true)?
        }
        Err(diagnostics) => {
            // IR diagnostics have spans into the IR text; binary input has none to show.
            let text = if args.from_bin {
                String::new()
            } else {
                String::from_utf8_lossy(&input).into_owned()
            };
            report(path, &text, &diagnostics, args.format);
            return Ok(exit_code_for(&diagnostics).max(1));
        }
    }
    Ok(0)
}

/// `NAME=VALUE`: the value as WebGPU's pipeline constants hold it, a double (`true` 1,
/// `false` 0).
fn parse_override(entry: &str) -> Option<(String, f64)> {
    let (name, value) = entry.split_once('=')?;
    let value = match value.trim() {
        "true" => 1.0,
        "false" => 0.0,
        v => v.parse::<f64>().ok().filter(|x| x.is_finite())?,
    };
    (!name.is_empty()).then(|| (name.to_string(), value))
}

/// `G:B=REG:SPACE` as `((group, binding), (register, space))`.
#[cfg(not(target_arch = "wasm32"))]
fn parse_binding_map(entry: &str) -> Option<((u32, u32), (u32, u32))> {
    let pair = |s: &str| {
        let (a, b) = s.split_once(':')?;
        Some((a.parse().ok()?, b.parse().ok()?))
    };
    let (from, to) = entry.split_once('=')?;
    Some((pair(from)?, pair(to)?))
}

/// `--print-after-all`'s IR after each pass, then `--time-passes`' table, on stderr (the
/// output may be on stdout). A step that a step ran names the step that ran it.
fn print_pass_report(report: &refract::passes::Report) {
    to_stderr(&pass_report(report));
}

/// The passes' report as `--print-after-all` and `--time-passes` print it.
fn pass_report(report: &refract::passes::Report) -> String {
    // A step's IR is printed after its own steps', so its parent is the first step after
    // it one level up.
    let mut parents = vec![None; report.printed.len()];
    let mut latest: Vec<&str> = Vec::new();
    for (k, p) in report.printed.iter().enumerate().rev() {
        let depth = p.depth as usize;
        latest.truncate(depth);
        parents[k] = depth.checked_sub(1).and_then(|up| latest.get(up).copied());
        latest.push(p.pass);
    }
    let mut out = String::new();
    for (p, parent) in report.printed.iter().zip(parents) {
        out.push_str(&format!(";; IR after `{}`", p.pass));
        if let Some(parent) = parent {
            out.push_str(&format!(" in `{parent}`"));
        }
        out.push('\n');
        out.push_str(&p.ir);
        out.push('\n');
    }
    if !report.timings.is_empty() {
        out.push_str(";; pass times\n");
        out.push_str(&refract::passes::manager::format_timings(&report.timings));
    }
    out
}

/// The SPIR-V back end's options from `--spirv-version`, `--target-env`, `-g` and
/// `--robust-image-access`.
fn spirv_options(args: &Args, path: &str) -> Result<refract::back::spirv::Options, Diagnostic> {
    let mut o = refract::back::spirv::Options::from_flags(
        args.spirv_version.as_deref(),
        args.target_env.as_deref(),
    )?;
    o.debug_info = args.debug_info;
    o.robust_image_access = args.robust_image_access;
    o.source_name = Some(display_name(path).to_string());
    Ok(o)
}

/// Writes messages to stdout. A closed pipe (`refract check … | head`) is not an error
/// worth a panic: the reader has what it wanted.
fn to_stdout(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

/// Writes diagnostics and messages to stderr, ignoring a closed stream.
fn to_stderr(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn write_stdout(bytes: &[u8]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write stdout: {e}"))
}

/// Writes to `-o FILE`, or stdout. Binary output is refused on a terminal.
fn write_output(out: Option<&str>, bytes: &[u8], binary: bool) -> Result<(), String> {
    match out {
        Some(path) if path != "-" => {
            std::fs::write(path, bytes).map_err(|e| format!("cannot write `{path}`: {e}"))
        }
        _ => {
            if binary && std::io::stdout().is_terminal() {
                return Err(
                    "refusing to write binary output to a terminal; use `-o FILE` or a pipe".into(),
                );
            }
            write_stdout(bytes)
        }
    }
}
