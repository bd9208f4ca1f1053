//! The IR linker (`src/ir/link.rs`): what it makes, its diagnostics, the CLI around it
//! (`compile --to ir-bin`, `refract link`, `refract ir --from bin`), and the proof on the
//! corpus: every in-scope file with helper functions, split into a library of its helpers
//! and a main module of its entry points, compiled separately, linked and optimized, gives
//! the SPIR-V words of the whole program compiled at once.
//!
//! `REFRACT_LINK_EVERY=N` splits one corpus file in N (default: all).

mod common;

use common::cli::refract;
use common::corpus::{CorpusFile, in_scope, par_map};
use refract::diag::codes;
use refract::ir::{self, binary, link};
use refract::syntax::ast::{AttributeKind, GlobalDeclKind};
use refract::{IrOptions, IrOutput, Options, Target};

const LIB: &str = "\
struct @Light {
  %pos: vec3<f32> @offset(0)
  %color: vec4<f32> @offset(16)
} @size(32) @align(16)
@light: ptr<uniform, @Light, read> = var @group(0) @binding(0) @export
@k: f32 = override 2.0f @export

func @shade(%n: vec3<f32>) -> vec4<f32> @export {
^0:
  %0: ptr<uniform, vec4<f32>, read> = access @light, 1u
  %1: vec4<f32> = load %0
  %2: vec4<f32> = mul %1, @k
  return %2
}
";

const MAIN: &str = "\
struct @Light {
  %pos: vec3<f32> @offset(0)
  %color: vec4<f32> @offset(16)
} @size(32) @align(16)
@light: ptr<uniform, @Light, read> = var @import

func @shade: fn(vec3<f32>) -> vec4<f32> @import

func @main(%n: vec3<f32> @location(0)) -> @location(0) vec4<f32> @fragment {
^0:
  %0: vec4<f32> = call @shade(%n)
  %1: vec4<f32> = add %0, vec4<f32>(1.0f, 1.0f, 1.0f, 1.0f)
  return %1
}
";

fn parse(text: &str) -> ir::Module {
    let m = ir::parse(text).expect("test IR parses");
    ir::verify(&m).expect("test IR verifies");
    m
}

fn link_texts(texts: &[(&str, &str)]) -> Result<ir::Module, Vec<refract::Diagnostic>> {
    let modules: Vec<ir::Module> = texts.iter().map(|(_, t)| parse(t)).collect();
    let inputs: Vec<link::Input<'_>> = texts
        .iter()
        .zip(&modules)
        .map(|(&(name, _), module)| link::Input { name, module })
        .collect();
    link::link(&inputs)
}

fn codes_of(diags: &[refract::Diagnostic]) -> Vec<&str> {
    diags.iter().map(|d| d.code).collect()
}

#[test]
fn imports_take_the_definition_and_global_values_are_one() {
    let linked = link_texts(&[("main", MAIN), ("lib", LIB)]).expect("links");
    ir::verify(&linked).expect("the linked module verifies");
    let text = ir::print(&linked);
    // The definition sits where main imported it; the struct and `vec4<f32>` are one each.
    let expected = "\
struct @Light {
  %pos: vec3<f32> @offset(0)
  %color: vec4<f32> @offset(16)
} @size(32) @align(16)
@light: ptr<uniform, @Light, read> = var @group(0) @binding(0) @export

func @shade(%n: vec3<f32>) -> vec4<f32> @export {
^0:
  %0: ptr<uniform, vec4<f32>, read> = access @light, 1u
  %1: vec4<f32> = load %0
  %2: vec4<f32> = mul %1, @k
  return %2
}

func @main(%n: vec3<f32> @location(0)) -> @location(0) vec4<f32> @fragment {
^0:
  %0: vec4<f32> = call @shade(%n)
  %1: vec4<f32> = add %0, vec4<f32>(1.0f, 1.0f, 1.0f, 1.0f)
  return %1
}
@k: f32 = override 2.0f @export
";
    assert_eq!(text, expected);
    // Linking again with nothing new changes nothing, and the binary form round-trips.
    let again = binary::deserialize(&binary::serialize(&linked)).expect("reads back");
    assert_eq!(ir::print(&again), text);
}

#[test]
fn link_errors_are_diagnostics() {
    let missing = link_texts(&[("main", MAIN)]).expect_err("shade is missing");
    assert_eq!(
        codes_of(&missing),
        [codes::LINK_MISSING_SYMBOL, codes::LINK_MISSING_SYMBOL]
    );
    let twice = link_texts(&[("a", LIB), ("b", LIB)]).expect_err("two definitions");
    assert_eq!(codes_of(&twice), [codes::LINK_DUPLICATE_SYMBOL; 3]);
    assert!(
        twice[0].message.contains("`a` and `b`"),
        "{}",
        twice[0].message
    );
    let other_type = MAIN.replace(
        "func @shade: fn(vec3<f32>) -> vec4<f32> @import",
        "func @shade: fn(vec3<f32>) -> vec3<f32> @import",
    );
    let other_type = other_type.replace(
        "  %0: vec4<f32> = call @shade(%n)\n  %1: vec4<f32> = add %0, vec4<f32>(1.0f, 1.0f, 1.0f, 1.0f)\n  return %1",
        "  %0: vec3<f32> = call @shade(%n)\n  %1: vec4<f32> = construct %0, 1.0f\n  return %1",
    );
    let mismatch = link_texts(&[("main", &other_type), ("lib", LIB)]).expect_err("types differ");
    assert_eq!(codes_of(&mismatch), [codes::LINK_TYPE_MISMATCH]);
    let message = &mismatch[0].message;
    assert!(
        message.contains("fn(vec3<f32>) -> vec3<f32>")
            && message.contains("fn(vec3<f32>) -> vec4<f32>"),
        "{message}"
    );
    let as_var = "@shade: ptr<private, f32, read_write> = var @import\n";
    let kinds = link_texts(&[("v", as_var), ("lib", LIB)]).expect_err("kinds differ");
    assert_eq!(codes_of(&kinds), [codes::LINK_TYPE_MISMATCH]);
    // A struct of another layout under the same name is another type, so `@light`'s
    // pointer type differs.
    let other_struct = MAIN
        .replace("@offset(16)", "@offset(32)")
        .replace("@size(32)", "@size(48)");
    let layout = link_texts(&[("main", &other_struct), ("lib", LIB)]).expect_err("layouts differ");
    assert_eq!(codes_of(&layout), [codes::LINK_TYPE_MISMATCH]);
}

#[test]
fn the_verifier_checks_linkage() {
    let cases = [
        // A declaration that is not an import.
        "func @f: fn() -> f32\n",
        // An import with a body.
        "func @f() -> f32 @import {\n^0:\n  return 1.0f\n}\n",
        // Both.
        "func @f() -> f32 @import @export {\n^0:\n  return 1.0f\n}\n",
        // An imported variable with an initializer, an imported override with an id.
        "@v: ptr<private, f32, read_write> = var 1.0f @import\n",
        "@o: f32 = override @id(3) @import\n",
    ];
    for text in cases {
        let m = ir::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let errors = ir::verify(&m).expect_err(text);
        assert!(
            errors.iter().any(|d| d.code == codes::VERIFY_LINKAGE),
            "{text}: {errors:?}"
        );
    }
    // Two symbols of one name (only the binary form, or an edit, can make them).
    let mut m = ir::parse(
        "@v: ptr<private, f32, read_write> = var @export\n@w: f32 = override 1.0f @export\n",
    )
    .expect("parses");
    let w = m
        .children(m.root())
        .find(|&c| m.opcode(c) == ir::Opcode::Override)
        .expect("@w");
    m.set_name(w, "v");
    let errors = ir::verify(&m).expect_err("two symbols named v");
    assert_eq!(codes_of(&errors), [codes::VERIFY_LINKAGE]);
    // `@export` on a struct is misplaced.
    let m = ir::parse("struct @S {\n  %x: f32\n} @export\n").expect("parses");
    assert!(ir::verify(&m).is_err());
}

#[test]
fn a_module_with_imports_cannot_be_emitted() {
    for to in ["spirv", "wgsl", "hlsl", "gen"] {
        let options = IrOptions {
            to: Some(to.into()),
            ..IrOptions::default()
        };
        let err = refract::compile_ir(MAIN.as_bytes(), &options).expect_err(to);
        assert_eq!(
            codes_of(&err),
            [codes::LINK_UNRESOLVED_IMPORT, codes::LINK_UNRESOLVED_IMPORT]
        );
    }
    // Printing it is fine.
    assert!(refract::compile_ir(MAIN.as_bytes(), &IrOptions::default()).is_ok());
}

const WGSL: &str = "\
struct Light { pos: vec3<f32>, color: vec4<f32> }
@group(0) @binding(0) var<uniform> light: Light;
override scale: f32 = 2.0;
fn shade(n: vec3<f32>) -> vec4<f32> {
  return light.color * max(dot(n, light.pos), 0.0) * scale;
}
@fragment fn main(@location(0) n: vec3<f32>) -> @location(0) vec4<f32> {
  return shade(n);
}
";

#[test]
fn the_command_line_links() {
    let dir = std::env::temp_dir().join(format!("refract-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let lib_src = WGSL.split("@fragment").next().expect("has an entry point");
    std::fs::write(path("prog.wgsl"), WGSL).expect("write");
    std::fs::write(path("lib.wgsl"), lib_src).expect("write");
    // Runs refract, which must succeed; its stdout.
    let ok = |args: &[&str]| -> Vec<u8> {
        let (code, out, err) = refract(args, b"");
        assert_eq!(code, 0, "refract {}: {err}", args.join(" "));
        out
    };
    let (lib_wgsl, lib_rir, main_rir) = (path("lib.wgsl"), path("lib.rir"), path("main.rir"));
    ok(&[
        "compile", &lib_wgsl, "--to", "ir-bin", "-O0", "-o", &lib_rir,
    ]);
    let prog = path("prog.wgsl");
    let imports = ["--import", "shade,light", "--import", "scale"];
    ok(&[
        &["compile", &prog, "--to", "ir-bin", "-O0", "-o", &main_rir][..],
        &imports,
    ]
    .concat());
    let out = path("out.rir");
    ok(&["link", &main_rir, &lib_rir, "-o", &out]);
    let o1 = ["--passes", "mem2reg,cleanup"];
    let linked = ok(&[&["ir", &out, "--from", "bin", "--to", "spirv"][..], &o1].concat());
    let whole = ok(&["compile", &prog, "--to", "spirv"]);
    assert_eq!(
        linked, whole,
        "the linked program's SPIR-V is the whole program's"
    );
    for to in ["hlsl", "wgsl", "gen", "spvasm"] {
        ok(&["ir", &out, "--from", "bin", "--to", to]);
    }
    // Text IR links too (sniffed: it does not start with `RFIR`).
    let text = ok(&["ir", &lib_rir, "--from", "bin"]);
    std::fs::write(path("lib.ir"), &text).expect("write");
    ok(&["link", &main_rir, &path("lib.ir"), "-o", &path("out2.rir")]);
    // Invalid input is exit 1 with the code; usage and I/O are exit 2.
    let x = path("x");
    let fails = |args: &[&str], code: i32, expected: &str| {
        let (got, _, err) = refract(args, b"");
        assert_eq!(got, code, "refract {}: {err}", args.join(" "));
        assert!(err.contains(expected), "{err}");
    };
    fails(
        &["link", &main_rir, "-o", &x],
        1,
        codes::LINK_MISSING_SYMBOL,
    );
    let to_spirv = ["ir", &main_rir, "--from", "bin", "--to", "spirv"];
    fails(&to_spirv, 1, codes::LINK_UNRESOLVED_IMPORT);
    let nothing = [
        "compile", &prog, "--to", "ir-bin", "--import", "nothing", "-o", &x,
    ];
    fails(&nothing, 1, codes::LINK_MISSING_SYMBOL);
    fails(&["link", &path("absent.rir"), "-o", &x], 2, "cannot read");
    fails(&["link"], 2, "needs");
    fails(
        &["compile", &prog, "--to", "spirv", "--import", "shade"],
        2,
        "ir-bin",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// What splitting one corpus file gave.
enum Split {
    /// The whole program does not compile to SPIR-V, or has no helper function.
    Skipped,
    Same,
    Differs(String),
}

fn is_entry(f: &refract::syntax::ast::FnDecl) -> bool {
    f.attributes.iter().any(|a| {
        matches!(
            a.kind,
            AttributeKind::Vertex | AttributeKind::Fragment | AttributeKind::Compute
        )
    })
}

/// The library: `source` with its entry points blanked out (lines kept).
fn library_source(source: &str) -> Option<String> {
    let (ast, diags) = refract::syntax::parse(source);
    if refract::diag::has_errors(&diags) {
        return None;
    }
    let mut helpers = 0;
    let mut lib = source.as_bytes().to_vec();
    for d in &ast.decls {
        if let GlobalDeclKind::Fn(f) = &d.kind {
            if is_entry(f) {
                for b in &mut lib[d.span.range()] {
                    if *b != b'\n' {
                        *b = b' ';
                    }
                }
            } else {
                helpers += 1;
            }
        }
    }
    // Every byte of a blanked character becomes a space, so the text stays UTF-8.
    (helpers > 0).then(|| String::from_utf8(lib).ok()).flatten()
}

fn split(file: &CorpusFile) -> Split {
    let source = &file.source;
    let whole = refract::compile(source, &Options::new(Target::Spirv));
    let (true, Some(refract::Output::Words(whole))) = (whole.ok(), whole.output) else {
        return Split::Skipped;
    };
    let Some(lib_source) = library_source(source) else {
        return Split::Skipped;
    };
    let mut options = Options::new(Target::Ir);
    options.opt_level = 0;
    let (lib, diags) = refract::compile_linkable(&lib_source, &options);
    let Some(lib) = lib else {
        return Split::Differs(format!("library: {}", first(&diags)));
    };
    let lib_module = binary::deserialize(&lib).expect("our own binary reads back");
    let exports: Vec<String> = lib_module
        .children(lib_module.root())
        .filter(|&c| lib_module.decoration(c, ir::Opcode::DecoExport).is_some())
        .filter_map(|c| lib_module.name(c).map(String::from))
        .collect();
    options.linkable = Some(exports);
    let (main, diags) = refract::compile_linkable(source, &options);
    let Some(main) = main else {
        return Split::Differs(format!("main: {}", first(&diags)));
    };
    let linked = match refract::link(&[("main", &main), ("lib", &lib)]) {
        Ok(m) => binary::serialize(&m),
        Err(e) => return Split::Differs(format!("link: {}", first(&e.diagnostics))),
    };
    let emit = IrOptions {
        from_binary: true,
        passes: refract::passes::O1.iter().map(|s| s.to_string()).collect(),
        to: Some("spirv".into()),
        ..IrOptions::default()
    };
    match refract::compile_ir(&linked, &emit) {
        Ok(IrOutput::Words(words)) if words == whole => Split::Same,
        Ok(_) => Split::Differs("other SPIR-V words".into()),
        Err(d) => Split::Differs(format!("emit: {}", first(&d))),
    }
}

fn first(diags: &[refract::Diagnostic]) -> String {
    diags.first().map_or("no diagnostic".into(), |d| {
        format!("{} {}", d.code, d.message)
    })
}

#[test]
fn corpus_programs_link_to_the_whole_programs_spirv() {
    let every: usize = std::env::var("REFRACT_LINK_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    let files: Vec<CorpusFile> = in_scope().into_iter().step_by(every).collect();
    let results = par_map(&files, split);
    let mut same = 0;
    let mut differ = Vec::new();
    for (f, r) in files.iter().zip(&results) {
        match r {
            Split::Skipped => {}
            Split::Same => same += 1,
            Split::Differs(why) => differ.push(format!("{}\t{why}", f.rel)),
        }
    }
    let report =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/corpus-link-failures.txt");
    let _ = std::fs::write(&report, differ.join("\n"));
    println!(
        "link: {} files, {} split into library + main: {same} identical SPIR-V, {} differ (listed in {})",
        files.len(),
        same + differ.len(),
        differ.len(),
        report.display()
    );
    assert!(same > 0);
    assert!(
        differ.is_empty(),
        "{} differ, first: {}",
        differ.len(),
        differ[0]
    );
}
