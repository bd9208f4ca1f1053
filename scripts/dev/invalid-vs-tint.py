#!/usr/bin/env python3
"""Runs refract and Tint over invalid WGSL programs and compares them.

Each program has one or more markers `//~ CODE` on the line where an error's primary
label must start. For every file this prints whether refract rejects it, whether it
reports each marked error on its line, whether Tint rejects it, and whether refract's
first error is on the line of Tint's first error. The summary gives the rates.

    scripts/dev/invalid-vs-tint.py [DIR_OR_FILES...]   (default: tests/invalid)

Needs `target/release/refract` (cargo build --release) and `tint` on PATH (or $TINT).
This is a development tool: the repository's tests never run Tint.
"""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REFRACT = os.path.join(ROOT, "target", "release", "refract")
TINT = os.environ.get("TINT", "tint")


def files(args):
    paths = args or [os.path.join(ROOT, "tests", "invalid")]
    for p in paths:
        if os.path.isdir(p):
            for d, _, fs in sorted(os.walk(p)):
                for f in sorted(fs):
                    if f.endswith(".wgsl"):
                        yield os.path.join(d, f)
        else:
            yield p


def markers(text):
    out = []
    for i, line in enumerate(text.split("\n"), 1):
        for m in re.finditer(r"//~\s*(E\d{4})", line):
            out.append((m.group(1), i))
    return out


def refract(path):
    r = subprocess.run([REFRACT, "check", "--format", "json", path], capture_output=True, text=True, timeout=20)
    try:
        diags = json.loads(r.stdout)["diagnostics"]
    except Exception:
        return None
    errs = []
    for d in diags:
        if d["severity"] != "error":
            continue
        prim = [l for l in d["labels"] if l.get("primary")]
        line = prim[0]["line"] if prim else 0
        errs.append((d["code"], line))
    return errs


def tint(path):
    r = subprocess.run([TINT, "--format", "wgsl", path], capture_output=True, text=True, timeout=20)
    text = r.stdout + r.stderr
    m = re.search(r":(\d+):(\d+) error:", text)
    if r.returncode == 0 and not m:
        return None
    return int(m.group(1)) if m else 0


def main():
    rows = []
    for path in files(sys.argv[1:]):
        text = open(path).read()
        want = markers(text)
        got = refract(path)
        t_line = tint(path)
        rejected = bool(got)
        found = all(w in (got or []) for w in want) if want else rejected
        first = min((l for _, l in got), default=None) if got else None
        rows.append((os.path.relpath(path, ROOT), rejected, found, t_line, first, want, got))
    n = len(rows)
    rej = sum(r[1] for r in rows)
    exact = sum(r[2] for r in rows)
    t_rej = [r for r in rows if r[3] is not None]
    agree = [r for r in t_rej if r[1] and r[4] == r[3]]
    for r in rows:
        path, rejected, found, t_line, first, want, got = r
        flags = []
        if not rejected:
            flags.append("ACCEPTED")
        elif not found:
            flags.append(f"MISMATCH want {want} got {got}")
        if t_line is None:
            flags.append("tint accepts")
        elif rejected and first != t_line:
            flags.append(f"line {first} vs tint {t_line}")
        if flags:
            print(f"{path}: {'; '.join(flags)}")
    print()
    print(f"files: {n}")
    print(f"refract rejects: {rej}/{n} ({100*rej/max(n,1):.1f} %)")
    print(f"refract reports every marked error on its line: {exact}/{n} ({100*exact/max(n,1):.1f} %)")
    print(f"tint rejects: {len(t_rej)}/{n}")
    print(f"first-error line agrees with tint (of files tint rejects): {len(agree)}/{len(t_rej)} ({100*len(agree)/max(len(t_rej),1):.1f} %)")


if __name__ == "__main__":
    main()
