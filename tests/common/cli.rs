//! Running the `refract` binary from a test.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `refract ARGS` with `stdin`; returns the exit code, stdout and stderr.
pub fn refract(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let out = run(args, stdin);
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// [`refract`] with stdout as text.
pub fn refract_text(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let (code, out, err) = refract(args, stdin);
    (code, String::from_utf8_lossy(&out).into_owned(), err)
}

/// Runs `refract ARGS` with `stdin`; returns what the process left.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_refract"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run refract");
    let written = child.stdin.take().expect("stdin").write_all(stdin);
    // A CLI that rejects its arguments exits without reading its input, and may have
    // gone before the write: a closed pipe then, which is not the test's business.
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
    }
    child.wait_with_output().expect("wait")
}
