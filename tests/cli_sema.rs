//! The CLI's semantic commands end to end: `check` reports semantic errors (exit 1, JSON
//! with lines, columns and notes) and warnings (exit 0), and `reflect` prints the JSON
//! shape documented in `refract::sema::reflect`.

mod common;

use std::process::Output;

fn refract(args: &[&str], stdin: &str) -> Output {
    common::cli::run(args, stdin.as_bytes())
}

const SHADER: &str = "\
struct U { m: mat4x4f, c: vec3f, t: f32 }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var tex: texture_2d<f32>;
@group(0) @binding(2) var smp: sampler;
@group(1) @binding(0) var<storage, read_write> out: array<vec4f>;
@id(7) override scale: f32 = 2.0;
override wg: u32;
struct VOut { @builtin(position) p: vec4f, @location(0) uv: vec2f, @location(1) @interpolate(flat) id: u32 }
@vertex fn vs(@builtin(vertex_index) i: u32) -> VOut { return VOut(u.m * vec4f(f32(i)), vec2f(scale), i); }
@fragment fn fs(v: VOut) -> @location(0) vec4f { return textureSample(tex, smp, v.uv); }
@compute @workgroup_size(wg, 2) fn cs(@builtin(global_invocation_id) g: vec3u) { out[g.x] = vec4f(u.t); }
";

#[test]
fn check_accepts_a_valid_shader() {
    let out = refract(&["check", "-"], SHADER);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn check_reports_semantic_errors_as_json() {
    let src = "fn f() -> i32 {\n  let x = 1;\n  x = 2;\n  return 1.5;\n}\n";
    let out = refract(&["check", "-", "--format", "json"], src);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let diags = json["diagnostics"].as_array().unwrap();
    let codes: Vec<&str> = diags.iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["E1700", "E1100"], "{json}");
    let first = &diags[0];
    assert_eq!(first["severity"], "error");
    let primary = first["labels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["primary"] == true)
        .unwrap();
    assert_eq!(primary["line"], 3);
    assert_eq!(primary["column"], 3);
    // The secondary label points at the declaration.
    assert!(
        first["labels"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["primary"] == false && l["line"] == 2)
    );
    assert!(!first["notes"].as_array().unwrap().is_empty());
}

#[test]
fn check_warnings_do_not_fail() {
    let src = "fn f() {\n  return;\n  let x = 1;\n}\n";
    let out = refract(&["check", "-"], src);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("warning[E1900]"), "{stderr}");
}

#[test]
fn reflect_prints_the_interface() {
    let out = refract(&["reflect", "-"], SHADER);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let eps = json["entryPoints"].as_array().unwrap();
    assert_eq!(eps.len(), 3);
    assert_eq!(eps[0]["name"], "vs");
    assert_eq!(eps[0]["stage"], "vertex");
    assert_eq!(eps[0]["inputs"][0]["builtin"], "vertex_index");
    assert_eq!(eps[0]["outputs"][2]["location"], 1);
    assert_eq!(eps[0]["outputs"][2]["interpolation"]["type"], "flat");
    assert_eq!(eps[0]["overrides"], serde_json::json!(["scale"]));
    assert_eq!(
        eps[2]["workgroupSize"],
        serde_json::json!([{"override": "wg"}, 2, 1])
    );
    assert_eq!(
        eps[2]["bindings"],
        serde_json::json!([
            {"group": 0, "binding": 0, "name": "u"},
            {"group": 1, "binding": 0, "name": "out"}
        ])
    );
    let b = json["bindings"].as_array().unwrap();
    assert_eq!(b.len(), 4);
    assert_eq!(b[0]["resource"], "uniform-buffer");
    assert_eq!(b[0]["minBindingSize"], 80);
    assert_eq!(b[1]["resource"], "sampled-texture");
    assert_eq!(b[1]["sampleType"], "float");
    assert_eq!(b[2]["resource"], "sampler");
    assert_eq!(b[3]["access"], "read_write");
    assert_eq!(b[3]["minBindingSize"], 16);
    let o = json["overrides"].as_array().unwrap();
    assert_eq!(o[0]["id"], 7);
    assert_eq!(o[0]["default"], 2.0);
    assert_eq!(o[1]["hasDefault"], false);
    let s = &json["structs"][0];
    assert_eq!(s["name"], "U");
    assert_eq!(s["size"], 80);
    assert_eq!(s["members"][1]["offset"], 64);
}

#[test]
fn reflect_rejects_invalid_input() {
    let out = refract(&["reflect", "-"], "fn f() { let x: i32 = 1.5; }\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("E1100"));
}

/// `sampled` marks the textures an entry point samples with a non-comparison sampler,
/// through calls and texture parameters too (WebGPU's default layout makes those `float`;
/// the other `f32` textures are `unfilterable-float`).
#[test]
fn reflect_marks_textures_sampled_through_calls() {
    let src = "\
@group(0) @binding(0) var t_direct: texture_2d<f32>;
@group(0) @binding(1) var t_load: texture_2d<f32>;
@group(0) @binding(2) var t_param: texture_2d<f32>;
@group(0) @binding(3) var s: sampler;
@group(0) @binding(4) var t_cmp: texture_depth_2d;
@group(0) @binding(5) var sc: sampler_comparison;
fn helper(t: texture_2d<f32>, uv: vec2f) -> vec4f { return textureSample(t, s, uv); }
fn pass_on(x: texture_2d<f32>, uv: vec2f) -> vec4f { return helper((x), uv); }
@fragment fn fs(@location(0) uv: vec2f) -> @location(0) vec4f {
  return textureSample(t_direct, s, uv) + textureLoad(t_load, vec2i(0), 0)
    + pass_on(t_param, uv) + vec4f(textureSampleCompare(t_cmp, sc, uv, 0.5));
}
@compute @workgroup_size(1) fn cs() { _ = textureLoad(t_direct, vec2i(0), 0); }
";
    let out = refract(&["reflect", "-"], src);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let sampled = |ep: usize| -> Vec<String> {
        json["entryPoints"][ep]["bindings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["sampled"] == true)
            .map(|b| b["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(sampled(0), ["t_direct", "t_param"]);
    // The compute entry point only loads `t_direct`.
    assert!(sampled(1).is_empty());
}
