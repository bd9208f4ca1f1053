//! The binary IR's stability (`src/ir/binary.rs`, "Versions"): the golden files in
//! `tests/golden-ir/` were written by each format version from real corpus modules
//! (`NAME.ir` is the module as text, `NAME.vN.rir` its binary form written by version N).
//! Every file must still load, to the module of its text, and today's writer must write
//! exactly today's golden file. A format change that breaks an old file fails here:
//! the fix is a new version that still reads the old one, never a new golden file over
//! an old one.

use refract::diag::codes;
use refract::ir::{self, binary};
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden-ir")
}

/// (name, version, bytes) of every golden binary file.
fn golden_binaries() -> Vec<(String, u32, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(golden_dir()).expect("tests/golden-ir") {
        let p = e.expect("entry").path();
        let file = p
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        let Some(stem) = file.strip_suffix(".rir") else {
            continue;
        };
        let (name, version) = stem.rsplit_once(".v").expect("NAME.vN.rir");
        let version: u32 = version.parse().expect("a version number");
        out.push((name.to_string(), version, std::fs::read(&p).expect("read")));
    }
    out.sort();
    out
}

#[test]
fn golden_files_of_every_version_still_load() {
    let files = golden_binaries();
    let versions: Vec<u32> = files.iter().map(|f| f.1).collect();
    assert!(versions.contains(&1) && versions.contains(&binary::VERSION));
    for (name, version, bytes) in &files {
        let text =
            std::fs::read_to_string(golden_dir().join(format!("{name}.ir"))).expect("NAME.ir");
        let m = binary::deserialize(bytes)
            .unwrap_or_else(|d| panic!("{name}.v{version}.rir: {}", d.message));
        ir::verify(&m).unwrap_or_else(|d| panic!("{name}.v{version}.rir: {d:?}"));
        assert_eq!(
            ir::print(&m),
            text,
            "{name}.v{version}.rir loads to another module"
        );
        // Written again, it is today's golden file.
        let today = std::fs::read(golden_dir().join(format!("{name}.v{}.rir", binary::VERSION)))
            .expect("every golden module has a file of today's version");
        assert_eq!(binary::serialize(&m), today, "{name}.v{version}.rir");
    }
}

#[test]
fn todays_writer_writes_todays_golden_files() {
    for (name, version, bytes) in golden_binaries() {
        if version != binary::VERSION {
            continue;
        }
        let text =
            std::fs::read_to_string(golden_dir().join(format!("{name}.ir"))).expect("NAME.ir");
        let m = ir::parse(&text).expect("golden text parses");
        assert_eq!(
            binary::serialize(&m),
            bytes,
            "{name}: the writer's bytes changed"
        );
    }
}

#[test]
fn other_versions_are_refused_with_e3101() {
    let (_, _, bytes) = golden_binaries().pop().expect("golden files");
    for version in [0u32, binary::VERSION + 1, u32::MAX] {
        let mut b = bytes.clone();
        b[4..8].copy_from_slice(&version.to_le_bytes());
        let d = binary::deserialize(&b).expect_err("another version");
        assert_eq!(d.code, codes::IR_BINARY_VERSION, "{}", d.message);
    }
}

#[test]
fn a_version_1_file_cannot_hold_later_opcodes() {
    let linked = std::fs::read(golden_dir().join(format!("linked.v{}.rir", binary::VERSION)))
        .expect("the linked golden module");
    assert!(binary::deserialize(&linked).is_ok());
    let mut b = linked.clone();
    b[4..8].copy_from_slice(&1u32.to_le_bytes());
    let d = binary::deserialize(&b).expect_err("`@export` is not in version 1");
    assert_eq!(d.code, codes::IR_BINARY_MALFORMED, "{}", d.message);
    assert!(d.message.contains("unknown opcode"), "{}", d.message);
}
