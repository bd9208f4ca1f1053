//! The corpus's compute shaders.
//!
//! With a `MANIFEST.tsv` (the shared corpus), the in-scope files are those PREAMBLE.md
//! names: kind `plain-wgsl`, no `chromium_*` extension, no `requires texel_buffers`, not
//! listed in `not-standard.tsv`. Any other folder is walked for `*.wgsl` files. Of those,
//! the files that mention `@compute` become [`Case`]s, one per compute entry point; files
//! naga cannot parse are reported as skipped by the harness, not dropped here.

use crate::harness::Case;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The files of `dir` in scope, as (name relative to `dir`, path), sorted by name.
pub fn files(dir: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let manifest = dir.join("MANIFEST.tsv");
    let mut out = Vec::new();
    if manifest.is_file() {
        let text = std::fs::read_to_string(&manifest)
            .map_err(|e| format!("{}: {e}", manifest.display()))?;
        let not_standard: HashSet<String> = std::fs::read_to_string(dir.join("not-standard.tsv"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.split('\t').next())
            .map(str::to_string)
            .collect();
        for line in text.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() < 4 || cols[3] != "plain-wgsl" || not_standard.contains(cols[0]) {
                continue;
            }
            out.push((cols[0].to_string(), dir.join(cols[0])));
        }
    } else {
        walk(dir, dir, &mut out, 0)?;
    }
    out.sort();
    Ok(out)
}

fn walk(
    root: &Path,
    dir: &Path,
    out: &mut Vec<(String, PathBuf)>,
    depth: u32,
) -> Result<(), String> {
    if depth > 64 {
        return Ok(());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, out, depth + 1)?;
        } else if path.extension().is_some_and(|e| e == "wgsl") {
            let name = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .to_string_lossy()
                .into_owned();
            out.push((name, path));
        }
    }
    Ok(())
}

/// Whether a source is in scope by its text (the manifest cannot tell these).
pub fn in_scope_text(source: &str) -> bool {
    !source.contains("chromium_") && !source.contains("texel_buffers")
}

/// One case per compute entry point of every in-scope file that has one, with a stable
/// input seed per file and random valid values for its overrides from that seed
/// ([`crate::overrides`]). Files naga rejects become a single case (named after the file)
/// so the harness reports them as skipped.
pub fn cases(dir: &Path, filter: Option<&str>) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (name, path) in files(dir)? {
        if filter.is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let Ok(source) = std::fs::read_to_string(&path) else {
            continue;
        };
        if !in_scope_text(&source) || !source.contains("@compute") {
            continue;
        }
        let input_seed = fnv(name.as_bytes());
        let entries = match crate::reflect::Shader::parse(&source) {
            Ok(shader) => shader.compute_entries(),
            // Keep it: the harness will say why it is skipped.
            Err(_) => vec![String::new()],
        };
        let overrides = crate::overrides::values(&source, input_seed);
        for entry in entries {
            cases.push(Case {
                name: name.clone(),
                source: source.clone(),
                entry,
                input_seed,
                overrides: overrides.clone(),
                well_defined: false,
            });
        }
    }
    Ok(cases)
}

/// About one case in `k`: those whose file and entry names hash to 0 modulo `k`. The
/// choice depends only on the names, so every run (and every machine) picks the same ones.
pub fn sample(cases: Vec<Case>, k: u64) -> Vec<Case> {
    if k <= 1 {
        return cases;
    }
    cases
        .into_iter()
        .filter(|c| fnv(format!("{}\0{}", c.name, c.entry).as_bytes()) % k == 0)
        .collect()
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}
