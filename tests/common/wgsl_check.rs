//! Checks of generated WGSL: refract's parser and naga's parser and validator must both
//! accept it.
//!
//! naga (30.0.1, the dev-dependency) lags the spec in two places, handled here exactly:
//! it implements subgroup operations but refuses the `enable subgroups;` directive that
//! the spec (and Tint) require, so that one line is removed before naga reads the text;
//! and it has no `buffer` types (`requires buffer_view`), so such modules are checked by
//! refract's parser only, which [`check`] reports as [`Checked::RefractOnly`].

#![allow(dead_code)]

/// What [`check`] could check.
#[derive(Debug, PartialEq, Eq)]
pub enum Checked {
    Both,
    RefractOnly,
}

/// Parses `wgsl` with refract (no errors allowed) and with naga (parse + validate).
pub fn check(wgsl: &str) -> Result<Checked, String> {
    let (_, diags) = refract::syntax::parse(wgsl);
    if let Some(d) = diags
        .iter()
        .find(|d| d.severity == refract::Severity::Error)
    {
        return Err(format!("refract rejects it: {} {}", d.code, d.message));
    }
    if wgsl.contains("requires buffer_view;") {
        return Ok(Checked::RefractOnly);
    }
    naga_validate(wgsl).map(|_| Checked::Both)
}

/// naga's parse and validation, with the `enable subgroups` adjustment.
pub fn naga_validate(wgsl: &str) -> Result<(), String> {
    let text = adjust_for_naga(wgsl);
    let module = naga::front::wgsl::parse_str(&text)
        .map_err(|e| format!("naga cannot parse it: {}", e.emit_to_string(&text)))?;
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .map_err(|e| format!("naga rejects it: {}", e.emit_to_string(&text)))?;
    Ok(())
}

/// The text naga reads: without `subgroups` in `enable` directives.
pub fn adjust_for_naga(wgsl: &str) -> String {
    let mut out = String::with_capacity(wgsl.len());
    for line in wgsl.lines() {
        let t = line.trim();
        if let Some(list) = t.strip_prefix("enable ").and_then(|r| r.strip_suffix(';')) {
            let kept: Vec<&str> = list
                .split(',')
                .map(str::trim)
                .filter(|e| *e != "subgroups")
                .collect();
            if !kept.is_empty() {
                out.push_str(&format!("enable {};\n", kept.join(", ")));
            }
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}
