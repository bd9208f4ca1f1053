//! Tests of the editor services. A `|` in a test's text marks the cursor; it is removed
//! before the text is analyzed.

use super::*;

/// The text without its `|`, and the cursor's byte offset.
fn at(marked: &str) -> (Analysis, u32) {
    let offset = marked.find('|').expect("a cursor mark");
    let text = marked.replacen('|', "", 1);
    (Analysis::new(&text), offset as u32)
}

fn hover(marked: &str) -> Hover {
    let (a, o) = at(marked);
    a.hover(o).unwrap_or_else(|| panic!("no hover in {marked}"))
}

fn labels(marked: &str) -> Vec<String> {
    let (a, o) = at(marked);
    a.completions(o).into_iter().map(|c| c.label).collect()
}

fn has(list: &[String], want: &[&str]) -> bool {
    want.iter().all(|w| list.iter().any(|l| l == w))
}

const SHADER: &str = "struct Particle {
  pos: vec3f,
  vel: vec3<f32>,
}
@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
const COUNT: u32 = 64u;
fn speed(p: Particle, scale: f32) -> f32 {
  let v = p.vel * scale;
  return length(v);
}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  var total = 0.0;
  for (var i = 0u; i < COUNT; i++) {
    total += speed(particles[i], 2.0);
  }
}
";

fn marked(needle: &str, cursor_in_needle: usize) -> String {
    let at = SHADER.find(needle).expect("needle") + cursor_in_needle;
    format!("{}|{}", &SHADER[..at], &SHADER[at..])
}

#[test]
fn hover_locals_parameters_and_globals() {
    let h = hover(&marked("v = p.vel", 0));
    assert_eq!(h.kind, Kind::Let);
    assert_eq!(h.signatures, ["let v: vec3<f32>"]);
    assert_eq!(h.ty.as_deref(), Some("vec3<f32>"));

    let h = hover(&marked("length(v)", 7));
    assert_eq!(h.kind, Kind::Let);
    assert_eq!(
        h.definition,
        Some(Span::new(
            SHADER.find("v = p").unwrap() as u32,
            SHADER.find(" = p.vel").unwrap() as u32
        ))
    );

    let h = hover(&marked("scale;", 1));
    assert_eq!(h.kind, Kind::Parameter);
    assert_eq!(h.signatures, ["scale: f32"]);

    let h = hover(&marked("particles[i]", 3));
    assert_eq!(h.kind, Kind::Var);
    assert_eq!(
        h.signatures,
        ["@group(0) @binding(0) var<storage, read_write> particles: array<Particle>"]
    );

    let h = hover(&marked("COUNT;", 0));
    assert_eq!(h.kind, Kind::Const);
    assert_eq!(h.signatures, ["const COUNT: u32 = 64u"]);

    let h = hover(&marked("speed(particles", 2));
    assert_eq!(h.kind, Kind::Function);
    assert_eq!(h.signatures, ["fn speed(p: Particle, scale: f32) -> f32"]);
    assert_eq!(h.ty.as_deref(), Some("f32"));

    let h = hover(&marked("total +=", 2));
    assert_eq!(h.kind, Kind::Var);
    assert_eq!(h.signatures, ["var total: f32"]);
}

#[test]
fn hover_members_types_builtins_and_expressions() {
    let h = hover(&marked("vel * scale", 1));
    assert_eq!(h.kind, Kind::Member);
    assert_eq!(h.signatures, ["vel: vec3<f32>"]);
    // Its layout: the structure is the element of a storage buffer.
    assert_eq!(
        h.description.as_deref(),
        Some("offset 16, size 12, align 16")
    );

    let h = hover(&marked("Particle>", 2));
    assert_eq!(h.kind, Kind::Struct);
    assert_eq!(
        h.signatures,
        ["struct Particle {\n  pos: vec3<f32>,\n  vel: vec3<f32>,\n}"]
    );

    let h = hover(&marked("length(", 2));
    assert_eq!(h.kind, Kind::Builtin);
    assert!(h.signatures.iter().any(|s| s.starts_with("length(e: ")));
    assert!(h.description.as_deref().unwrap().contains("numeric"));
    assert_eq!(h.definition, None);

    let h = hover(&marked("vec3u", 2));
    assert_eq!(h.kind, Kind::Type);
    assert_eq!(h.signatures, ["vec3<u32>"]);

    let h = hover(&marked("2.0)", 1));
    assert_eq!(h.kind, Kind::Expression);
    assert_eq!(h.ty.as_deref(), Some("f32"));

    // A swizzle, and a structure member with a layout.
    let h = hover(
        "@group(0) @binding(0) var<uniform> u: U;\nstruct U { a: f32, b: vec4f }\nfn f() -> f32 { return u.b.|x + u.a; }",
    );
    assert_eq!((h.kind, h.ty.as_deref()), (Kind::Swizzle, Some("f32")));
    let h = hover(
        "@group(0) @binding(0) var<uniform> u: U;\nstruct U { a: f32, b: vec4f }\nfn f() -> f32 { return u.|b.x; }",
    );
    assert_eq!(
        h.description.as_deref(),
        Some("offset 16, size 16, align 16")
    );
}

#[test]
fn hover_at_the_end_of_a_word_and_on_declarations() {
    // The cursor just after a name still finds it.
    let h = hover(&marked("scale;", 5));
    assert_eq!(h.kind, Kind::Parameter);
    // A declaration's own name.
    let h = hover(&marked("speed(p:", 0));
    assert_eq!(h.kind, Kind::Function);
    assert_eq!(
        Analysis::new(SHADER).definition(SHADER.find("speed(p:").unwrap() as u32),
        Some(Span::new(
            SHADER.find("speed(p:").unwrap() as u32,
            SHADER.find("(p:").unwrap() as u32
        ))
    );
    // Nothing in comments or blank space between declarations.
    let (a, o) = at("// a |comment\nfn f() {}");
    assert_eq!(a.hover(o), None);
    let (a, o) = at("fn f() {}\n|\nfn g() {}");
    assert_eq!(a.hover(o), None);
}

#[test]
fn definition_of_every_kind_of_name() {
    let a = Analysis::new(SHADER);
    let span_of = |needle: &str, len: usize| {
        let s = SHADER.find(needle).unwrap() as u32;
        Some(Span::new(s, s + len as u32))
    };
    let use_of = |needle: &str| SHADER.find(needle).unwrap() as u32;
    assert_eq!(a.definition(use_of("v);")), span_of("v = p.vel", 1));
    assert_eq!(a.definition(use_of("p.vel")), span_of("p: Particle", 1));
    assert_eq!(
        a.definition(use_of("vel * scale")),
        span_of("vel: vec3<f32>", 3)
    );
    assert_eq!(a.definition(use_of("COUNT;")), span_of("COUNT: u32", 5));
    assert_eq!(
        a.definition(use_of("Particle, scale")),
        span_of("Particle {", 8)
    );
    assert_eq!(a.definition(use_of("i++")), span_of("i = 0u", 1));
    assert_eq!(a.definition(use_of("length(")), None);
    assert_eq!(a.definition(use_of("vec3u")), None);
}

#[test]
fn completion_in_scope() {
    let list = labels(&marked("return length", 0));
    assert!(has(
        &list,
        &["v", "p", "scale", "speed", "particles", "COUNT", "Particle"]
    ));
    assert!(has(
        &list,
        &["length", "textureSample", "vec3f", "array", "let", "return"]
    ));
    // Locals of another function, and names declared later, are not in scope.
    assert!(!has(&list, &["total"]));
    assert!(!has(&list, &["i"]));
    let list = labels(&marked("total += ", 9));
    assert!(has(&list, &["i", "total", "id"]));
    // Each item has its kind and detail.
    let (a, o) = at(&marked("return length", 0));
    let items = a.completions(o);
    let v = items.iter().find(|c| c.label == "v").unwrap();
    assert_eq!(
        (v.kind, v.detail.as_deref()),
        (Kind::Let, Some("vec3<f32>"))
    );
    let f = items.iter().find(|c| c.label == "speed").unwrap();
    assert_eq!(
        f.detail.as_deref(),
        Some("fn speed(p: Particle, scale: f32) -> f32")
    );
    let m = items.iter().find(|c| c.label == "max").unwrap();
    assert_eq!(m.kind, Kind::Builtin);
}

#[test]
fn completion_after_a_dot() {
    let list = labels(&marked("vel * scale", 0));
    assert_eq!(list, ["pos", "vel"]);
    // While typing: nothing after the dot yet, the statement does not parse.
    let list =
        labels("struct S { a: f32, bb: vec2f }\nfn f(s: S) {\n  let x = s.|\n  let y = 1;\n}");
    assert_eq!(list, ["a", "bb"]);
    let list = labels("struct S { a: f32, bb: vec2f }\nfn f(s: S) {\n  let x = s.bb.|\n}");
    assert_eq!(list, ["x", "y", "xy", "r", "g", "rg"]);
    // Through a pointer, and with part of the member typed.
    let list =
        labels("struct S { a: f32, bb: vec2f }\nfn f(p: ptr<function, S>) {\n  let x = p.b|;\n}");
    assert_eq!(list, ["a", "bb"]);
    // A scalar has no members.
    assert!(labels("fn f(x: f32) { let y = x.|; }").is_empty());
}

#[test]
fn completion_contexts() {
    assert!(has(
        &labels("@|fn f() {}"),
        &["vertex", "compute", "workgroup_size"]
    ));
    assert!(has(
        &labels("@vertex fn f(@builtin(|) i: u32) {}"),
        &["vertex_index", "position"]
    ));
    assert_eq!(
        labels("var<|> x: f32;"),
        [
            "function",
            "private",
            "workgroup",
            "uniform",
            "storage",
            "immediate"
        ]
    );
    assert_eq!(
        labels("var<storage, |> x: f32;"),
        ["read", "write", "read_write"]
    );
    let types = labels("struct S { a: f32 }\nfn f() { var x: |");
    assert!(has(&types, &["S", "f32", "vec4f", "texture_2d"]));
    assert!(!has(&types, &["max"]));
    assert!(labels("fn f() { let |").is_empty());
    assert!(labels("fn f() { // a comm|ent\n}").is_empty());
    assert!(labels("fn f() { let x = 12|").is_empty());
}

#[test]
fn signature_help_for_calls() {
    let (a, o) = at("fn f(a: i32, b: f32) -> f32 { return b; }\nfn g() { let x = f(1, |); }");
    let help = a.signature_help(o).unwrap();
    assert_eq!(help.active_parameter, 1);
    assert_eq!(help.signatures.len(), 1);
    let s = &help.signatures[0];
    assert_eq!(s.label, "f(a: i32, b: f32) -> f32");
    assert_eq!(&s.label[s.parameters[1].clone()], "b: f32");

    // An unclosed builtin call, with nested parentheses before the cursor.
    let (a, o) = at("fn g() { let x = clamp((1.0 + 2.0), max(1.0, 2.0), |");
    let help = a.signature_help(o).unwrap();
    assert_eq!(help.active_parameter, 2);
    assert!(help.signatures[0].label.starts_with("clamp("));

    // The overload sema chose is the active one.
    // Inside a predeclared type's constructor, the call around it.
    let (a, o) = at("fn g() { let x = select(1, 2, vec2(true, |false)); }");
    assert_eq!(a.signature_help(o).unwrap().active_parameter, 2);
    let (a, o) = at("fn g() { let x = select(vec2(1), vec2(2), |vec2(true, false)); }");
    let help = a.signature_help(o).unwrap();
    assert_eq!(help.active_signature, 1);
    assert_eq!(help.active_parameter, 2);

    // A structure's constructor, and a call with a template list.
    let (a, o) = at("struct S { a: f32, b: u32 }\nfn g() { let s = S(1.0, |); }");
    assert_eq!(
        a.signature_help(o).unwrap().signatures[0].label,
        "S(a: f32, b: u32) -> S"
    );
    let (a, o) = at("fn g() { let s = bitcast<u32>(|); }");
    assert!(
        a.signature_help(o).unwrap().signatures[0]
            .label
            .starts_with("bitcast")
    );

    // Not in a call.
    for text in [
        "fn g() { let x = (1 + |); }",
        "@workgroup_size(|",
        "fn g(|) {}",
        "fn g() { f(1); | }",
    ] {
        let (a, o) = at(text);
        assert_eq!(a.signature_help(o), None, "{text}");
    }
}

#[test]
fn non_ascii_text() {
    // Names may be any XID identifier; comments anything.
    let text = "// größe ✓ 𝒳\nfn f(größe: f32) -> f32 {\n  let 𝒳 = größe * 2.0;\n  return 𝒳;\n}";
    let a = Analysis::new(text);
    let use_of_x = text.rfind('𝒳').unwrap() as u32;
    let h = a.hover(use_of_x).unwrap();
    assert_eq!(h.signatures, ["let 𝒳: f32"]);
    let decl = text.find("𝒳 =").unwrap() as u32;
    assert_eq!(a.definition(use_of_x), Some(Span::new(decl, decl + 4)));
    // An offset inside a multi-byte character rounds down to its start.
    assert_eq!(a.definition(use_of_x + 2), Some(Span::new(decl, decl + 4)));
    let p = text.find("größe *").unwrap() as u32;
    assert_eq!(a.hover(p).unwrap().signatures, ["größe: f32"]);
    let list = a.completions(text.find("return").unwrap() as u32);
    assert!(list.iter().any(|c| c.label == "𝒳") && list.iter().any(|c| c.label == "größe"));

    // UTF-16 offsets, as JS counts: `𝒳` is two units and four bytes; `ö` one and two.
    assert_eq!(byte_offset("aö𝒳b", 0), 0);
    assert_eq!(byte_offset("aö𝒳b", 2), 3);
    assert_eq!(
        byte_offset("aö𝒳b", 3),
        3,
        "between the halves of a surrogate pair"
    );
    assert_eq!(byte_offset("aö𝒳b", 4), 7);
    assert_eq!(byte_offset("aö𝒳b", 99), 8);
    assert_eq!(utf16_offset("aö𝒳b", 7), 4);
    assert_eq!(utf16_offset("aö𝒳b", 5), 2, "inside a character: its start");
    assert_eq!(utf16_offset("aö𝒳b", 99), 5);
}

#[test]
fn broken_code_still_answers() {
    // A broken statement before the cursor, an unknown name, an unclosed function.
    let text = "struct S { a: f32 }\nfn f(s: S) -> f32 {\n  let bad = ;\n  let y = s.a;\n  let w = nope;\n  let z = y * 2.0;\n  return z";
    let a = Analysis::new(text);
    let z = text.rfind('z').unwrap() as u32;
    assert_eq!(a.hover(z).unwrap().signatures, ["let z: f32"]);
    let sa = text.find("s.a").unwrap() as u32;
    assert_eq!(a.hover(sa).unwrap().kind, Kind::Parameter);
    let list: Vec<String> = a.completions(z).into_iter().map(|c| c.label).collect();
    assert!(has(&list, &["y", "z", "s", "S"]));
    // A name sema could not type still has its declaration.
    let text = "fn f() {\n  let q = undefined_thing;\n  let r = q;\n}";
    let a = Analysis::new(text);
    let q = text.rfind('q').unwrap() as u32;
    assert_eq!(a.definition(q), Some(Span::new(15, 16)));
    assert_eq!(a.hover(q).unwrap().signatures, ["let q"]);
}

/// Every function at every offset of truncated and broken texts: no panic.
#[test]
fn every_offset_of_broken_texts() {
    let mut texts = vec![
        SHADER.to_string(),
        String::new(),
        "@".into(),
        "fn f(".into(),
        "struct S { a: ".into(),
    ];
    for cut in (0..SHADER.len()).step_by(37) {
        texts.push(SHADER[..cut].to_string());
    }
    texts.push(SHADER.replace(';', ""));
    texts.push(SHADER.replace('}', ""));
    texts.push(SHADER.replace(['(', ')'], ""));
    for text in &texts {
        let a = Analysis::new(text);
        for o in 0..=text.len() as u32 + 1 {
            let _ = a.hover(o);
            let _ = a.definition(o);
            let _ = a.signature_help(o);
            if o % 5 == 0 {
                let _ = a.completions(o);
            }
        }
    }
}

/// Deeply nested blocks: the scope walk recurses once per block, within the parser's
/// nesting bound.
#[test]
fn deep_nesting() {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let depth = 120;
            let text = format!(
                "fn f() {{ {}let deep = 1; let x = de{} }}",
                "{ ".repeat(depth),
                " }".repeat(depth)
            );
            let a = Analysis::new(&text);
            let at = text.find("de ").unwrap() as u32 + 2;
            let list = a.completions(at);
            assert!(list.iter().any(|c| c.label == "deep"));
            let deep = text.find("deep").unwrap() as u32;
            assert_eq!(a.definition(at - 1), None, "`de` is not declared");
            assert_eq!(a.hover(deep).unwrap().kind, Kind::Let);
        })
        .unwrap()
        .join()
        .unwrap();
}
