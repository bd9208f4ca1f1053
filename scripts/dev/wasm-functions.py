#!/usr/bin/env python3
"""Where the bytes of refract's .wasm are: its functions by name, grouped by module.

    scripts/dev/wasm-functions.py build [DIR]          names build of the package into DIR
    scripts/dev/wasm-functions.py top WASM [N]          the N largest functions
    scripts/dev/wasm-functions.py groups WASM [DEPTH]   sizes by module path (`refract::a::b`)
    scripts/dev/wasm-functions.py diff OLD NEW [N]      functions only in NEW or grown in it

`build` runs `scripts/build-wasm.sh`'s steps on the release build's
`target/wasm32-unknown-unknown/wasm-release/refract.wasm` (run `scripts/build-wasm.sh` or
`cargo build --lib --target wasm32-unknown-unknown --profile wasm-release` with its flags
first): wasm-bindgen, then the same `wasm-opt -Oz` with `-g`, so the functions keep
their names (default DIR: target/wasm-names). The code is the package's, function for
function; only the name section is added. `diff` of two such builds says what a change
added: build one without it, copy the folder, build one with it.

A size is a function body's bytes, raw. What a group costs gzipped is not the sum of its
parts (gzip finds repeats across functions); the package's own figure is
`pkg-tests/node/size.test.mjs`'s. Names are demangled (Rust's legacy `_ZN` scheme, crate
hashes dropped), so a generic instance shows its arguments.
"""

import collections
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def leb(data, i):
    """An unsigned LEB128 at `i`: its value and the index after it."""
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def skip_limits(data, j):
    flags = data[j]
    _, j = leb(data, j + 1)
    return leb(data, j)[1] if flags & 1 else j


def functions(path):
    """[(size, name)] of the module's defined functions, in index order."""
    data = Path(path).read_bytes()
    i, imported, bodies, names = 8, 0, [], {}
    while i < len(data):
        section = data[i]
        size, i = leb(data, i + 1)
        end = i + size
        if section == 2:  # imports: functions come first in the index space
            count, j = leb(data, i)
            for _ in range(count):
                for _ in range(2):  # module and field names
                    n, j = leb(data, j)
                    j += n
                kind = data[j]
                j += 1
                if kind == 0:
                    _, j = leb(data, j)
                    imported += 1
                elif kind == 1:
                    j = skip_limits(data, j + 1)
                elif kind == 2:
                    j = skip_limits(data, j)
                elif kind == 3:
                    j += 2
                elif kind == 4:
                    _, j = leb(data, j + 1)
        elif section == 10:
            count, j = leb(data, i)
            for _ in range(count):
                n, j = leb(data, j)
                bodies.append(n)
                j += n
        elif section == 0:
            n, j = leb(data, i)
            if data[j : j + n] == b"name":
                j += n
                while j < end:
                    sub = data[j]
                    n, j = leb(data, j + 1)
                    sub_end = j + n
                    if sub == 1:
                        count, j = leb(data, j)
                        for _ in range(count):
                            index, j = leb(data, j)
                            n, j = leb(data, j)
                            names[index] = data[j : j + n].decode("utf-8", "replace")
                            j += n
                    j = sub_end
        i = end
    return [(n, demangle(names.get(imported + k, f"?{k}"))) for k, n in enumerate(bodies)]


ESCAPES = [("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$u7b$", "{"), ("$u7d$", "}"),
           ("$RF$", "&"), ("$BP$", "*"), ("$C$", ","), ("$u27$", "'"), ("$u5b$", "["),
           ("$u5d$", "]"), ("$u3b$", ";"), ("$LP$", "("), ("$RP$", ")"), ("..", "::")]


def demangle(name):
    if name.startswith("_ZN"):
        i, parts = 3, []
        while i < len(name) and name[i].isdigit():
            j = i
            while name[j].isdigit():
                j += 1
            n = int(name[i:j])
            parts.append(name[j : j + n])
            i = j + n
        if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
            parts.pop()
        name = "::".join(parts)
        for a, b in ESCAPES:
            name = name.replace(a, b)
    return re.sub(r"\[[0-9a-f]+\]", "", name)


def group_of(name, depth):
    """`refract::a::b` (to `depth` parts) for refract's code, else the crate."""
    m = re.match(r"<?(refract(?:::[a-z_0-9]+){0,%d})" % depth, name)
    if m:
        return m.group(1)
    m = re.match(r"<?<?([a-z_0-9]+)::", name)
    return m.group(1) if m else name.split(" ")[0][:40]


def build(out):
    wasm = REPO / "target/wasm32-unknown-unknown/wasm-release/refract.wasm"
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(["wasm-bindgen", "--target", "web", "--out-dir", out, "--out-name", "refract", wasm],
                   check=True)
    # scripts/build-wasm.sh's wasm-opt line, with -g for --strip-debug.
    subprocess.run([REPO / "node_modules/.bin/wasm-opt", "-Oz", "--converge", "--low-memory-unused", "-g",
                    "--reorder-functions-by-name", "--strip-producers", "--strip-target-features",
                    "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext",
                    "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue",
                    "--enable-simd", out / "refract_bg.wasm", "-o", out / "refract_bg.wasm"], check=True)
    print(out / "refract_bg.wasm")


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    command, args = argv[1], argv[2:]
    if command == "build":
        build(args[0] if args else REPO / "target/wasm-names")
    elif command == "top":
        fns = functions(args[0])
        for n, name in sorted(fns, reverse=True)[: int(args[1]) if len(args) > 1 else 50]:
            print(f"{n:8} {name[:200]}")
        print(f"{sum(n for n, _ in fns):8} in {len(fns)} functions")
    elif command == "groups":
        depth = int(args[1]) if len(args) > 1 else 2
        sizes, counts = collections.Counter(), collections.Counter()
        for n, name in functions(args[0]):
            sizes[group_of(name, depth)] += n
            counts[group_of(name, depth)] += 1
        for group, n in sizes.most_common(60):
            print(f"{n:8} {counts[group]:5}  {group}")
    elif command == "diff":
        old = collections.Counter()
        for n, name in functions(args[0]):
            old[name] += n
        new = collections.Counter()
        for n, name in functions(args[1]):
            new[name] += n
        grown = sorted(((new[k] - old[k], k) for k in new if new[k] > old[k]), reverse=True)
        for d, name in grown[: int(args[2]) if len(args) > 2 else 60]:
            print(f"{d:+8} {name[:200]}")
        gone = sum(old[k] for k in old if k not in new)
        print(f"{sum(d for d, _ in grown):+8} in {len(grown)} functions new or grown; "
              f"{gone} bytes in functions NEW lacks")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
