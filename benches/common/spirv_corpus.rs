//! The in-scope corpus and naga's SPIR-V of a file, shared by the SPIR-V benchmarks
//! (`#[path]` include).

#![allow(dead_code)]

use std::path::PathBuf;

/// The in-scope plain-WGSL corpus files, each as (path relative to the corpus, source),
/// at most `limit` of them.
pub fn corpus_files(limit: usize) -> Vec<(String, String)> {
    let shared = std::env::var_os("REFRACT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let corpus = shared.join("corpus");
    let Ok(manifest) = std::fs::read_to_string(corpus.join("MANIFEST.tsv")) else {
        panic!("the corpus is missing: expected {}", corpus.display());
    };
    manifest
        .lines()
        .skip(1)
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols.get(3) == Some(&"plain-wgsl")).then(|| cols[0].to_string())
        })
        .filter_map(|rel| Some((rel.clone(), std::fs::read_to_string(corpus.join(rel)).ok()?)))
        .filter(|(_, s)| !s.contains("chromium_") && !s.contains("texel_buffers"))
        .take(limit)
        .collect()
}

/// naga's SPIR-V 1.3 for `source`: parse, validate with every capability, overrides at
/// their defaults, `back::spv` with its default options (no bounds checks).
pub fn naga_spirv(source: &str) -> Option<Vec<u32>> {
    naga_spirv_with(source, naga::proc::BoundsCheckPolicies::default())
}

/// [`naga_spirv`] with the bounds checks wgpu asks of naga for WebGPU on Vulkan without
/// robust buffer and image access: indices, buffers and image loads clamped into range
/// (`Restrict`), as refract's output always is.
pub fn naga_spirv_webgpu(source: &str) -> Option<Vec<u32>> {
    use naga::proc::BoundsCheckPolicy::Restrict;
    naga_spirv_with(
        source,
        naga::proc::BoundsCheckPolicies {
            index: Restrict,
            buffer: Restrict,
            image_load: Restrict,
            ..Default::default()
        },
    )
}

fn naga_spirv_with(source: &str, checks: naga::proc::BoundsCheckPolicies) -> Option<Vec<u32>> {
    let module = naga::front::wgsl::parse_str(source).ok()?;
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .ok()?;
    let (module, info) = naga::back::pipeline_constants::process_overrides(
        &module,
        &info,
        None,
        &Default::default(),
    )
    .ok()?;
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        bounds_check_policies: checks,
        ..Default::default()
    };
    naga::back::spv::write_vec(&module, &info, &options, None).ok()
}
