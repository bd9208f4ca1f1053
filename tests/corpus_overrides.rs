//! Override values over the corpus: every in-scope file that declares an `override` and
//! that `check` accepts.
//!
//! Without values:
//! - `--to spirv` passes `spirv-val --target-env vulkan1.1` at `-O0` and `-O1`; at `-O0`
//!   every override an entry point uses is an `OpSpecConstant*` decorated with a `SpecId`:
//!   its `@id`, or else the smallest id no other override takes, in declaration order
//!   (what the SPIR-V back end promises, computed here from the reflection's `id`s). Not
//!   checked: an override whose initializer is an override-expression (`override h = 2 *
//!   d;`), which SPIR-V computes from what it reads (an `OpSpecConstantOp`, or code where
//!   Shader SPIR-V has no such op, as for float `*`), so a pipeline specializes what it is
//!   computed from and not the override itself; and one read only by `@subgroup_size`,
//!   which Vulkan takes at pipeline creation, not from the module. (`-O1` removes what no
//!   result depends on, uses of overrides included, so the check is made at `-O0`.)
//! - `--to wgsl` at `-O0` keeps every such override's `override` declaration.
//!
//! With values: every override gets a pseudo-random value of its type, seeded from the
//! file's path (so a run reproduces), given as WebGPU gives pipeline constants (by name,
//! or by `@id` when it has one). The source with each value *written in* as the
//! override's initializer (the declaration rewritten through its span from refract's own
//! parser) must compile to identical `wgsl`, `spirv`, `ir` and `hlsl` (per entry point)
//! at `-O0` and `-O1`. The `-O1` HLSL of every entry point then goes through glslang's
//! HLSL front end and `spirv-val`, as in `corpus_hlsl.rs`.
//!
//! Which values are valid is the program's business (an override may size an array, be a
//! workgroup size, or index a vector in an override-expression), so the draw is checked
//! against WGSL's own rules: the values, written as `const` declarations instead of
//! overrides, must give a program `check` accepts (a `const` breaks at shader creation
//! where an override breaks at pipeline creation). Integers are drawn small (workgroup
//! sizes stay within the default limits). A file for which no draw of
//! [`DRAWS`] passes takes its defaults, written in explicitly, and is counted.
//!
//! A missing tool is a failure, not a skip. Counts are printed, failures listed, and the
//! failure list must be empty.

mod common;

use common::corpus::{CorpusFile, in_scope};
use common::{glslang, spirv_tools};
use refract::syntax::ast::GlobalDeclKind;
use std::collections::{BTreeMap, BTreeSet};

/// How many value draws a file gets before it falls back to its defaults.
const DRAWS: usize = 16;

/// The corpus has this many in-scope files with overrides that `check` accepts (a guard
/// against the selection silently emptying).
const EXPECTED_FILES: usize = 39;

/// One override, from the reflection and the parser.
#[derive(Clone, Debug)]
struct Override {
    name: String,
    id: Option<u32>,
    /// The concrete type: `bool`, `i32`, `u32`, `f32` or `f16`.
    ty: String,
    /// The initializer's value when constant.
    default: Option<serde_json::Value>,
    /// Whether it has an initializer (with no `default`: an override-expression).
    has_initializer: bool,
    /// The declaration's span (attributes to `;`) and where its name ends.
    decl: (usize, usize),
    name_end: usize,
}

/// A value for an override: the number WebGPU passes, and the same value as WGSL text.
#[derive(Clone, Debug)]
struct Value {
    number: f64,
    literal: String,
}

/// splitmix64: a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A whole number in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A random value of `ty`. Floats are multiples of 1/8, exact in f16 and f32, so the
/// number given and the literal written in are the same value.
fn draw(rng: &mut Rng, ty: &str) -> Value {
    match ty {
        "bool" => {
            let b = rng.next() & 1 == 1;
            Value {
                number: if b { 1.0 } else { 0.0 },
                literal: b.to_string(),
            }
        }
        "i32" => {
            let v = rng.range(-4, 16);
            Value {
                number: v as f64,
                literal: format!("{v}i"),
            }
        }
        "u32" => {
            let v = rng.range(0, 16);
            Value {
                number: v as f64,
                literal: format!("{v}u"),
            }
        }
        "f32" | "f16" => {
            let v = rng.range(-800, 800) as f64 / 8.0;
            let suffix = if ty == "f32" { "f" } else { "h" };
            Value {
                number: v,
                literal: format!("{v:?}{suffix}"),
            }
        }
        other => panic!("an override of type {other}"),
    }
}

/// The default of an override as a value (its constant initializer), if it has one.
fn default_value(o: &Override) -> Option<Value> {
    let d = o.default.as_ref()?;
    let number = match d {
        serde_json::Value::Bool(b) => f64::from(u8::from(*b)),
        n => n.as_f64()?,
    };
    let literal = match o.ty.as_str() {
        "bool" => (number != 0.0).to_string(),
        "i32" => format!("{}i", number as i64),
        "u32" => format!("{}u", number as u64),
        "f32" => format!("{:?}f", number as f32),
        _ => format!("{number:?}h"),
    };
    Some(Value { number, literal })
}

/// The overrides of a checked file, in declaration order.
fn overrides(source: &str) -> Vec<Override> {
    let json = refract::reflect(source).expect("reflect a checked file");
    let (module, diags) = refract::syntax::parse(source);
    assert!(!refract::diag::has_errors(&diags));
    let mut spans = BTreeMap::new();
    for d in &module.decls {
        if let GlobalDeclKind::Override(o) = &d.kind {
            let name = module.symbols.resolve(o.name.name).to_string();
            spans.insert(
                name,
                (
                    (d.span.start as usize, d.span.end as usize),
                    o.name.span.end as usize,
                ),
            );
        }
    }
    json["overrides"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| {
            let name = o["name"].as_str().expect("an override's name").to_string();
            let (decl, name_end) = spans[&name];
            assert!(
                source[..decl.1].ends_with(';'),
                "the span of override `{name}` ends at its `;`"
            );
            Override {
                id: o["id"].as_u64().map(|v| v as u32),
                ty: o["type"].as_str().expect("a type").to_string(),
                default: Some(o["default"].clone()).filter(|d| !d.is_null()),
                has_initializer: o["hasDefault"].as_bool().unwrap_or(false),
                name,
                decl,
                name_end,
            }
        })
        .collect()
}

/// `source` with each declaration rewritten by `write(override, value)`, back to front so
/// the spans stay right.
fn rewrite(
    source: &str,
    ovs: &[Override],
    values: &[Value],
    write: impl Fn(&str, &Override, &Value) -> String,
) -> String {
    let mut order: Vec<usize> = (0..ovs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(ovs[i].decl.0));
    let mut out = source.to_string();
    for i in order {
        let (start, end) = ovs[i].decl;
        let text = write(source, &ovs[i], &values[i]);
        out.replace_range(start..end, &text);
    }
    out
}

/// The declaration with the value as its initializer: attributes, `override` and the name
/// kept, the type written out.
fn written_in(source: &str, ovs: &[Override], values: &[Value]) -> String {
    rewrite(source, ovs, values, |src, o, v| {
        format!("{}: {} = {};", &src[o.decl.0..o.name_end], o.ty, v.literal)
    })
}

/// The overrides as `const`s: the validity oracle for a draw.
fn as_consts(source: &str, ovs: &[Override], values: &[Value]) -> String {
    rewrite(source, ovs, values, |_, o, v| {
        format!("const {}: {} = {};", o.name, o.ty, v.literal)
    })
}

/// Values for every override, and whether they are the defaults (no draw passed).
fn pick_values(file: &CorpusFile, ovs: &[Override]) -> Option<(Vec<Value>, bool)> {
    let mut rng = Rng(fnv(file.rel.as_bytes()));
    for _ in 0..DRAWS {
        let values: Vec<Value> = ovs.iter().map(|o| draw(&mut rng, &o.ty)).collect();
        let consts = as_consts(&file.source, ovs, &values);
        if !refract::diag::has_errors(&refract::check(&consts)) {
            return Some((values, false));
        }
    }
    let defaults: Option<Vec<Value>> = ovs.iter().map(default_value).collect();
    defaults.map(|d| (d, true))
}

/// The keys WebGPU would use: the `@id` in decimal when there is one, else the name.
fn keyed(ovs: &[Override], values: &[Value]) -> Vec<(String, f64)> {
    ovs.iter()
        .zip(values)
        .map(|(o, v)| {
            let key = o.id.map_or_else(|| o.name.clone(), |id| id.to_string());
            (key, v.number)
        })
        .collect()
}

fn compile(
    source: &str,
    target: refract::Target,
    level: u8,
    entry: Option<&str>,
    overrides: &[(String, f64)],
) -> Result<refract::Output, String> {
    let mut options = refract::Options::new(target);
    options.opt_level = level;
    options.entry_point = entry.map(str::to_string);
    options.overrides = overrides.to_vec();
    options.hlsl.shader_model = refract::back::hlsl::ShaderModel::V6_2;
    options.spirv.debug_info = target == refract::Target::Spvasm;
    let result = refract::compile(source, &options);
    match result.output {
        Some(out) if result.ok() => Ok(out),
        _ => Err(result
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect::<Vec<_>>()
            .join("; ")),
    }
}

fn text(out: refract::Output) -> String {
    match out {
        refract::Output::Text(t) => t,
        refract::Output::Words(w) => panic!("words ({} of them) where text was asked", w.len()),
    }
}

/// What one file gave.
#[derive(Default)]
struct Outcome {
    entry_points: usize,
    comparisons: usize,
    spec_constants: usize,
    /// Overrides the SpecId check leaves out (see the module essay).
    not_spec_constants: usize,
    glslang_runs: usize,
    defaults_only: bool,
    failures: Vec<String>,
}

/// The SpecIds the back end promises: `@id`s kept, the others the smallest free ids in
/// declaration order.
fn expected_spec_ids(ovs: &[Override]) -> BTreeMap<String, u32> {
    let taken: BTreeSet<u32> = ovs.iter().filter_map(|o| o.id).collect();
    let mut used = taken.clone();
    let mut next = 0;
    let mut out = BTreeMap::new();
    for o in ovs {
        let id = o.id.unwrap_or_else(|| {
            while used.contains(&next) {
                next += 1;
            }
            used.insert(next);
            next
        });
        out.insert(o.name.clone(), id);
    }
    out
}

/// From `--to spvasm` with debug names: each named spec constant's SpecId (`None` for an
/// `OpSpecConstantOp`, which has none).
fn spec_ids_in(spvasm: &str) -> BTreeMap<String, Option<u32>> {
    let mut names = BTreeMap::new();
    let mut ids = BTreeMap::new();
    let mut spec = BTreeSet::new();
    let mut spec_ops = BTreeSet::new();
    for line in spvasm.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["OpName", id, name, ..] => {
                names.insert(id.to_string(), name.trim_matches('"').to_string());
            }
            ["OpDecorate", id, "SpecId", n] => {
                ids.insert(id.to_string(), n.parse::<u32>().expect("a SpecId"));
            }
            [id, "=", "OpSpecConstantOp", ..] => {
                spec_ops.insert(id.to_string());
            }
            [id, "=", op, ..] if op.starts_with("OpSpecConstant") => {
                spec.insert(id.to_string());
            }
            _ => {}
        }
    }
    let constants = spec
        .into_iter()
        .filter_map(|id| Some((names.get(&id)?.clone(), Some(*ids.get(&id)?))));
    let ops = spec_ops
        .into_iter()
        .filter(|id| !ids.contains_key(id))
        .filter_map(|id| Some((names.get(&id)?.clone(), None)));
    constants.chain(ops).collect()
}

/// Whether `name` appears in `source` (line comments aside) only in its declaration and
/// `@subgroup_size(…)` attributes (a textual test: the corpus's one such file is small).
fn only_subgroup_size(source: &str, name: &str) -> bool {
    let code: String = source
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let source = code.as_str();
    let words = |s: &str| {
        s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| *w == name)
            .count()
    };
    let in_attributes: usize = source
        .match_indices("@subgroup_size(")
        .map(|(i, _)| {
            let rest = &source[i..];
            words(&rest[..rest.find(')').unwrap_or(rest.len())])
        })
        .sum();
    in_attributes > 0 && words(source) == in_attributes + 1
}

/// The overrides some entry point uses, and the entry points as (name, stage).
fn uses(source: &str) -> (BTreeSet<String>, Vec<(String, String)>) {
    let json = refract::reflect(source).expect("reflect");
    let mut used = BTreeSet::new();
    let mut eps = Vec::new();
    for ep in json["entryPoints"].as_array().into_iter().flatten() {
        eps.push((
            ep["name"].as_str().unwrap_or_default().to_string(),
            ep["stage"].as_str().unwrap_or_default().to_string(),
        ));
        for o in ep["overrides"].as_array().into_iter().flatten() {
            used.insert(o.as_str().unwrap_or_default().to_string());
        }
    }
    (used, eps)
}

/// Without values: SPIR-V with spec constants and valid; WGSL keeps the declarations.
fn without_values(file: &CorpusFile, ovs: &[Override], out: &mut Outcome) {
    let (used, _) = uses(&file.source);
    let fail = |out: &mut Outcome, what: String| out.failures.push(format!("{}: {what}", file.rel));
    for level in [0, 1] {
        match compile(&file.source, refract::Target::Spirv, level, None, &[]) {
            Ok(refract::Output::Words(words)) => {
                if let Err(e) = spirv_tools::validate(&words, "vulkan1.1") {
                    fail(out, format!("spirv-val -O{level}: {}", first_line(&e)));
                }
            }
            Ok(_) => fail(out, "--to spirv gave text".into()),
            Err(e) => fail(out, format!("--to spirv -O{level} without values: {e}")),
        }
    }
    match compile(&file.source, refract::Target::Spvasm, 0, None, &[]).map(text) {
        Ok(asm) => {
            let found = spec_ids_in(&asm);
            let expected = expected_spec_ids(ovs);
            for o in ovs.iter().filter(|o| used.contains(&o.name)) {
                let name = &o.name;
                let expression = o.default.is_none() && o.has_initializer;
                if expression || only_subgroup_size(&file.source, name) {
                    out.not_spec_constants += 1;
                    continue;
                }
                let want = Some(expected[name]);
                match found.get(name) {
                    Some(&id) if id == want => out.spec_constants += 1,
                    Some(id) => fail(
                        out,
                        format!("override `{name}` has SpecId {id:?}, not {want:?}"),
                    ),
                    None => fail(out, format!("override `{name}` is no spec constant")),
                }
            }
        }
        Err(e) => fail(out, format!("--to spvasm without values: {e}")),
    }
    match compile(&file.source, refract::Target::Wgsl, 0, None, &[]).map(text) {
        Ok(wgsl) => {
            for name in &used {
                let kept = wgsl.lines().any(|l| {
                    l.split_whitespace()
                        .skip_while(|w| *w != "override")
                        .nth(1)
                        .is_some_and(|w| w.trim_end_matches([':', ';']) == name)
                });
                if !kept {
                    fail(out, format!("--to wgsl drops `override {name}`"));
                }
            }
        }
        Err(e) => fail(out, format!("--to wgsl without values: {e}")),
    }
}

fn first_line(s: &str) -> String {
    s.lines()
        .find(|l| l.contains("error"))
        .or_else(|| s.lines().next())
        .unwrap_or("")
        .to_string()
}

/// With values: given = written in, for every target and level; glslang on the HLSL.
fn with_values(file: &CorpusFile, ovs: &[Override], out: &mut Outcome) {
    let Some((values, defaults_only)) = pick_values(file, ovs) else {
        out.failures.push(format!(
            "{}: no draw of {DRAWS} is valid and an override has no default",
            file.rel
        ));
        return;
    };
    out.defaults_only = defaults_only;
    let given = keyed(ovs, &values);
    let written = written_in(&file.source, ovs, &values);
    let (_, eps) = uses(&file.source);
    out.entry_points = eps.len();
    let mut fail = |what: String| out.failures.push(format!("{}: {what}", file.rel));
    if refract::diag::has_errors(&refract::check(&written)) {
        fail("the source with the values written in does not check".into());
        return;
    }
    let mut cases: Vec<(refract::Target, Option<&str>)> = vec![
        (refract::Target::Wgsl, None),
        (refract::Target::Spirv, None),
        (refract::Target::Ir, None),
    ];
    cases.extend(
        eps.iter()
            .map(|(e, _)| (refract::Target::Hlsl, Some(e.as_str()))),
    );
    for (target, entry) in cases {
        for level in [0, 1] {
            let what = format!("{} -O{level} {}", target.name(), entry.unwrap_or(""));
            let a = compile(&file.source, target, level, entry, &given);
            let b = compile(&written, target, level, entry, &[]);
            match (a, b) {
                (Ok(a), Ok(b)) if a == b => out.comparisons += 1,
                (Ok(_), Ok(_)) => fail(format!("{what}: values given ≠ values written in")),
                (Err(e), _) => fail(format!("{what} with values {given:?}: {e}")),
                (_, Err(e)) => fail(format!("{what} with the values written in: {e}")),
            }
        }
    }
    for (entry, stage) in &eps {
        let Ok(hlsl) = compile(&file.source, refract::Target::Hlsl, 1, Some(entry), &given) else {
            continue; // reported above
        };
        let name = refract::back::hlsl::entry_point_name(entry);
        out.glslang_runs += 1;
        match glslang::compile(&text(hlsl), stage, &name, &[]) {
            Err(e) => fail(format!(
                "glslang rejects {entry}: {}",
                glslang::first_error(&e)
            )),
            Ok(words) => {
                if let Err(e) = spirv_tools::validate(&words, "vulkan1.1") {
                    fail(format!(
                        "spirv-val rejects glslang's {entry}: {}",
                        first_line(&e)
                    ));
                }
            }
        }
    }
}

fn run(file: &CorpusFile) -> Option<Outcome> {
    if !file.source.contains("override") || refract::diag::has_errors(&refract::check(&file.source))
    {
        return None;
    }
    let ovs = overrides(&file.source);
    if ovs.is_empty() {
        return None;
    }
    let mut out = Outcome::default();
    without_values(file, &ovs, &mut out);
    with_values(file, &ovs, &mut out);
    Some(out)
}

#[test]
fn corpus_override_values_compile_as_written_in() {
    glslang::tool();
    spirv_tools::tool("spirv-val");
    let started = std::time::Instant::now();
    let all = in_scope();
    let outcomes = common::corpus::par_map(&all, run);
    let (mut files, mut eps, mut comparisons, mut spec, mut glsl, mut defaults) =
        (0, 0, 0, 0, 0, Vec::new());
    let mut not_spec = 0;
    let mut failures = Vec::new();
    for (f, o) in all.iter().zip(outcomes) {
        let Some(o) = o else { continue };
        files += 1;
        eps += o.entry_points;
        comparisons += o.comparisons;
        spec += o.spec_constants;
        not_spec += o.not_spec_constants;
        glsl += o.glslang_runs;
        if o.defaults_only {
            defaults.push(f.rel.clone());
        }
        failures.extend(o.failures);
    }
    println!("corpus-overrides: {files} files with overrides that check, {eps} entry points");
    println!(
        "  without values: {spec} overrides used by entry points are spec constants with the promised SpecId ({not_spec} left out: override-expressions, @subgroup_size only)"
    );
    println!(
        "  with values: {comparisons} comparisons (given = written in), {glsl} HLSL entry points through glslang + spirv-val"
    );
    println!(
        "  {} files took their defaults (no valid draw): {defaults:?}",
        defaults.len()
    );
    println!("  {} failures", failures.len());
    for f in &failures {
        println!("    {f}");
    }
    println!("  {:.1} s", started.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{} failures", failures.len());
    assert_eq!(files, EXPECTED_FILES, "the files with overrides that check");
}
