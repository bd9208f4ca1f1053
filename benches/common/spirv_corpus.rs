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
/// their defaults, `back::spv`.
pub fn naga_spirv(source: &str) -> Option<Vec<u32>> {
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
        ..Default::default()
    };
    naga::back::spv::write_vec(&module, &info, &options, None).ok()
}
