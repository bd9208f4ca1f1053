//! The playground's text products, each in its own uninlined function, for callgrind:
//! the AST as JSON, the IR text before and after the passes, the SPIR-V disassembly and
//! the reflection JSON. The front end and the back ends run untimed first.
//!
//!   valgrind --tool=callgrind --toggle-collect='textstages::measured' \
//!       target/wasm-release/examples/textstages www/src/examples/renderer.wgsl
//!
//! Each stage is the inclusive cost of `textstages::stage_*`.

use refract::explore::{Product, Session};

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: textstages FILE.wgsl");
    let source = std::fs::read_to_string(&path).expect("readable file");
    let (ast, d) = refract::syntax::parse(&source);
    assert!(!refract::diag::has_errors(&d), "parse errors");
    let (program, d) = refract::sema::analyze(&ast, &source);
    assert!(!refract::diag::has_errors(&d), "sema errors");
    let before = refract::lower::lower(&ast, &program).expect("lowered");
    let mut after = before.clone();
    let names: Vec<String> = refract::passes::pipeline_for(1)
        .iter()
        .map(|s| s.to_string())
        .collect();
    refract::passes::run_pipeline(&mut after, &names).expect("passes");
    let words = refract::back::spirv::compile(
        &after,
        &refract::back::spirv::Options::default(),
        Some(refract::back::spirv::DebugSource {
            file_name: "<input>",
            text: &source,
        }),
    )
    .expect("spirv");
    let mut session = Session::new();
    let options = refract::Options::new(refract::Target::Wgsl);
    session.explore(&source, &options, &[Product::Reflect], &mut |_| {});
    let sizes = measured(
        &source,
        &ast,
        &before,
        &after,
        &words,
        &mut session,
        &options,
    );
    println!(
        "bytes: ast {} irBefore {} ir {} spvasm {} reflect {}",
        sizes[0], sizes[1], sizes[2], sizes[3], sizes[4]
    );
}

#[inline(never)]
fn measured(
    source: &str,
    ast: &refract::syntax::ast::Module,
    before: &refract::ir::Module,
    after: &refract::ir::Module,
    words: &[u32],
    session: &mut Session,
    options: &refract::Options,
) -> [usize; 5] {
    [
        stage_ast(ast),
        stage_ir_before(before),
        stage_ir_after(after),
        stage_spvasm(words),
        stage_reflect(source, session, options),
    ]
}

#[inline(never)]
fn stage_ast(ast: &refract::syntax::ast::Module) -> usize {
    std::hint::black_box(refract::syntax::ast_to_json(ast)).len()
}

#[inline(never)]
fn stage_ir_before(m: &refract::ir::Module) -> usize {
    std::hint::black_box(refract::ir::print(m)).len()
}

#[inline(never)]
fn stage_ir_after(m: &refract::ir::Module) -> usize {
    std::hint::black_box(refract::ir::print(m)).len()
}

#[inline(never)]
fn stage_spvasm(words: &[u32]) -> usize {
    std::hint::black_box(refract::back::spirv::disassemble(words).expect("disassembled")).len()
}

/// The second call on the same text reuses the front end: only the product is made.
#[inline(never)]
fn stage_reflect(source: &str, session: &mut Session, options: &refract::Options) -> usize {
    let explored = session.explore(source, options, &[Product::Reflect], &mut |_| {});
    std::hint::black_box(explored).products.len()
}
