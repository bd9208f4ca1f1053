#!/usr/bin/env python3
"""Do two builds of refract make the same products, byte for byte?

    scripts/dev/same-output.py OLD_REFRACT NEW_REFRACT [--jobs N] [--limit N] [--products LIST]

OLD_REFRACT and NEW_REFRACT are `refract` binaries (for example two checkouts'
`target/release/refract`). Every in-scope corpus file (the corpus README's rules, the same
as tests/common/corpus.rs) and every `tests/invalid/**/*.wgsl` program goes through both,
for each product below; stdout, stderr and the exit code must be identical. The default
products are the refactoring check of issue 18: `check --format json`, `reflect`, `fmt`,
`compile --to spvasm|wgsl|ir|ast` at -O0, -O1 and -O2. `gen`, `gen-ir` and `hlsl`
(`compile --to gen|gen-ir|hlsl`) are there to choose with `--products`.

Prints the number of files and products compared and every difference (the first 20 in
full), and exits 1 when any differs. Refactoring and speed work must leave this at 0.
"""

import argparse
import concurrent.futures as cf
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("REFRACT_SHARED", REPO.parent / "shared"))

PRODUCTS = {
    "check": ["check", "--format", "json"],
    "reflect": ["reflect"],
    "fmt": ["fmt"],
}
for level in ("0", "1", "2"):
    for target in ("spvasm", "wgsl", "ir"):
        PRODUCTS[f"{target}-O{level}"] = ["compile", "--to", target, f"-O{level}"]
PRODUCTS["ast"] = ["compile", "--to", "ast"]
DEFAULT_PRODUCTS = list(PRODUCTS)
# Not in the default list, so that a build from before the Gen back end compares: choose
# them with --products when both builds have it.
PRODUCTS["gen"] = ["compile", "--to", "gen"]
PRODUCTS["gen-ir"] = ["compile", "--to", "gen-ir"]
PRODUCTS["hlsl"] = ["compile", "--to", "hlsl"]


def directive_bodies(source, keyword):
    start = 0
    while True:
        i = source.find(keyword, start)
        if i < 0:
            return
        start = i + 1
        before = source[i - 1] if i > 0 else ""
        after = source[i + len(keyword)] if i + len(keyword) < len(source) else ""
        word = lambda c: c != "" and (c.isalnum() or c == "_")
        if word(before) or word(after):
            continue
        rest = source[i + len(keyword):]
        end = rest.find(";")
        if end >= 0:
            yield rest[:end]


def in_scope():
    corpus = SHARED / "corpus"
    not_standard = {
        l.split("\t")[0] for l in (corpus / "not-standard.tsv").read_text().splitlines()
    }
    files = []
    for line in (corpus / "MANIFEST.tsv").read_text().splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) < 4 or cols[3] != "plain-wgsl" or cols[0] in not_standard:
            continue
        path = corpus / cols[0]
        source = path.read_bytes().decode("utf-8", "replace")
        if any("chromium_" in b for b in directive_bodies(source, "enable")):
            continue
        if any("texel_buffers" in b for b in directive_bodies(source, "requires")):
            continue
        files.append(path)
    return files


def run(binary, args, path):
    try:
        p = subprocess.run([binary, *args, str(path)], capture_output=True, timeout=120)
        return (p.returncode, p.stdout, p.stderr)
    except subprocess.TimeoutExpired:
        return ("timeout", b"", b"")


def compare(old, new, products, path):
    diffs = []
    for name in products:
        args = PRODUCTS[name]
        a, b = run(old, args, path), run(new, args, path)
        if a != b:
            diffs.append((str(path), name, a, b))
    return diffs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--products", default=",".join(DEFAULT_PRODUCTS))
    args = ap.parse_args()
    products = args.products.split(",")
    for p in products:
        if p not in PRODUCTS:
            sys.exit(f"unknown product {p}; known: {', '.join(PRODUCTS)}")
    files = in_scope()
    if len(files) != 10758:
        sys.exit(f"expected 10758 in-scope corpus files, found {len(files)}")
    files += sorted((REPO / "tests" / "invalid").rglob("*.wgsl"))
    if args.limit:
        files = files[: args.limit]
    diffs = []
    with cf.ThreadPoolExecutor(args.jobs) as ex:
        for d in ex.map(lambda f: compare(args.old, args.new, products, f), files):
            diffs.extend(d)
    for path, name, a, b in diffs[:20]:
        print(f"DIFFERS {name} {path}")
        print(f"  old: exit {a[0]}, {len(a[1])} bytes out, err {a[2][:300]!r}")
        print(f"  new: exit {b[0]}, {len(b[1])} bytes out, err {b[2][:300]!r}")
    for path, name, _, _ in diffs[20:]:
        print(f"DIFFERS {name} {path}")
    print(f"same-output: {len(files)} files x {len(products)} products, {len(diffs)} differ")
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
