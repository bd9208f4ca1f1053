//! Cross-checks the builtin function table against the WGSL spec itself: every builtin
//! function the spec declares (outside examples) must be in `BuiltinFn` with the same
//! `@const` and `@must_use` attributes, or be a value constructor; and every `BuiltinFn`
//! must be declared by the spec.
//!
//! The spec is found at `$REFRACT_SHARED/spec/wgsl-index.bs` or
//! `<repo>/../shared/spec/wgsl-index.bs`; the test fails loudly when it is missing.

use std::collections::BTreeMap;
use std::path::PathBuf;

use refract::sema::builtins::BuiltinFn;

fn spec_text() -> String {
    let shared = std::env::var_os("REFRACT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let path = shared.join("spec/wgsl-index.bs");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the WGSL spec is needed at {} ({e}); set REFRACT_SHARED",
            path.display()
        )
    })
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Attrs {
    is_const: bool,
    must_use: bool,
}

/// Every `fn name` declared in code blocks of the builtin functions chapter, outside
/// examples, with its attributes (all overloads of one name must agree).
fn declared_builtins(spec: &str) -> BTreeMap<String, Attrs> {
    let start = spec
        .find("\n# Built-in Functions #")
        .expect("builtin chapter");
    let end = spec[start..]
        .find("\n# Grammar for Recursive Descent")
        .map(|e| start + e)
        .expect("end of builtin chapter");
    let mut out: BTreeMap<String, Attrs> = BTreeMap::new();
    let mut in_example = false;
    let mut in_code = false;
    for line in spec[start..end].lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("<div class='example") || trimmed.starts_with("<div class=\"example")
        {
            in_example = true;
        }
        if in_example {
            if trimmed.contains("</div>") {
                in_example = false;
            }
            continue;
        }
        if trimmed.starts_with("```wgsl") {
            in_code = true;
            continue;
        }
        if in_code && trimmed.starts_with("```") {
            in_code = false;
            continue;
        }
        let code = if let Some(i) = line.find("<xmp") {
            in_code = !line.contains("</xmp>");
            let after = &line[i..];
            after.find('>').map_or("", |j| &after[j + 1..])
        } else if in_code {
            if line.contains("</xmp>") {
                in_code = false;
            }
            line
        } else {
            continue;
        };
        collect_fns(code, &mut out);
    }
    out
}

fn collect_fns(code: &str, out: &mut BTreeMap<String, Attrs>) {
    let mut rest = code;
    while let Some(i) = rest.find("fn ") {
        let before = &rest[..i];
        // Attributes are the `@word`s directly before `fn`.
        let attrs_text: Vec<&str> = before
            .split_whitespace()
            .rev()
            .take_while(|w| w.starts_with('@'))
            .collect();
        let after = &rest[i + 3..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let preceded_by_word = before
            .chars()
            .last()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if !name.is_empty() && !preceded_by_word {
            let attrs = Attrs {
                is_const: attrs_text.contains(&"@const"),
                must_use: attrs_text.contains(&"@must_use"),
            };
            if let Some(prev) = out.insert(name.clone(), attrs) {
                assert_eq!(prev, attrs, "overloads of `{name}` disagree on attributes");
            }
        }
        rest = &after[name.len()..];
    }
}

fn is_constructor_name(name: &str) -> bool {
    matches!(
        name,
        "array" | "bool" | "f16" | "f32" | "i32" | "u32" | "vec2" | "vec3" | "vec4"
    ) || refract::sema::types::TypeGenerator::from_name(name)
        .is_some_and(|g| matches!(g, refract::sema::types::TypeGenerator::Mat(..)))
}

#[test]
fn every_spec_builtin_is_in_the_table() {
    let spec = spec_text();
    let declared = declared_builtins(&spec);
    assert!(
        declared.len() > 150,
        "found only {} builtins: the spec extraction is broken",
        declared.len()
    );
    for name in [
        "atomicCompareExchangeWeak",
        "textureSampleBaseClampToEdge",
        "bufferLength",
        "quadSwapY",
        "mat4x3",
        "T",
    ] {
        assert!(
            declared.contains_key(name),
            "`{name}` not extracted from the spec"
        );
    }
    let mut missing = Vec::new();
    for (name, attrs) in &declared {
        // `T()` and `S(…)` are the spec's placeholders for zero values and structures.
        if name == "T" || name == "S" || is_constructor_name(name) {
            assert!(attrs.is_const && attrs.must_use, "constructor `{name}`");
            continue;
        }
        match BuiltinFn::from_name(name) {
            None => missing.push(name.clone()),
            Some(f) => {
                assert_eq!(f.is_const(), attrs.is_const, "@const of `{name}`");
                assert_eq!(f.must_use(), attrs.must_use, "@must_use of `{name}`");
            }
        }
    }
    assert!(
        missing.is_empty(),
        "builtins missing from BuiltinFn: {missing:?}"
    );
    for &f in BuiltinFn::ALL {
        assert!(
            declared.contains_key(f.name()),
            "`{}` is in BuiltinFn but not declared by the spec",
            f.name()
        );
    }
}
