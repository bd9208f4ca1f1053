# Shared helpers for refract's scripts: idempotent installs and locating ../shared.
# Sourced, never run. Every `ensure_*` function does nothing when its tool is present.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export REPO_ROOT
# The shared folder (spec, corpus) sits beside the checkout; REFRACT_SHARED overrides.
export REFRACT_SHARED="${REFRACT_SHARED:-$(cd "$REPO_ROOT/.." && pwd)/shared}"

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# ensure_apt PKG...: installs the Debian packages that are missing, in one apt run.
ensure_apt() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  if [ ! -f /tmp/.refract-apt-updated ]; then
    as_root apt-get update -qq && touch /tmp/.refract-apt-updated
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ensure_rust_target TRIPLE
ensure_rust_target() {
  rustup target list --installed 2>/dev/null | grep -qx "$1" && return 0
  log "adding rust target $1"
  rustup target add "$1"
}

# ensure_cargo_tool BIN CRATE VERSION: installs a pinned crate binary (no --locked: it fails
# here for wasm-bindgen-cli).
ensure_cargo_tool() {
  local bin=$1 crate=$2 version=$3
  if command -v "$bin" >/dev/null 2>&1 && "$bin" --version 2>/dev/null | grep -q "$version"; then
    return 0
  fi
  log "installing $crate $version"
  cargo install "$crate" --version "=$version" --force
}

require_shared() {
  if [ ! -d "$REFRACT_SHARED/corpus" ]; then
    echo "error: the shared folder is missing: expected $REFRACT_SHARED/corpus (set REFRACT_SHARED)" >&2
    exit 1
  fi
}

# The pinned wasm-bindgen version: the one Cargo.lock resolved for the `wasm-bindgen` crate.
# The CLI must match the crate exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$REPO_ROOT/Cargo.lock"
}

# ensure_wasm_toolchain: the wasm32 target, the standard library's source (the release
# package builds its own std, scripts/build-wasm.sh) and the wasm-bindgen CLI (with its
# test runner).
ensure_wasm_toolchain() {
  ensure_rust_target wasm32-unknown-unknown
  if [ ! -d "$(rustc --print sysroot)/lib/rustlib/src/rust/library" ]; then
    log "adding the rust-src component"
    rustup component add rust-src
  fi
  ensure_cargo_tool wasm-bindgen wasm-bindgen-cli "$(wasm_bindgen_version)"
}

# ensure_node: Node ≥ 20 with npm, which the web package and its tests need.
ensure_node() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    ensure_apt nodejs npm
  fi
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  if [ "$major" -lt 20 ]; then
    echo "error: Node $(node --version) is too old; the web package needs Node 20 or later" >&2
    return 1
  fi
}

# ensure_npm_deps: `npm ci` when node_modules is missing or older than package-lock.json.
ensure_npm_deps() {
  ensure_node
  if [ ! -f "$REPO_ROOT/node_modules/.package-lock.json" ] ||
     [ "$REPO_ROOT/package-lock.json" -nt "$REPO_ROOT/node_modules/.package-lock.json" ]; then
    log "npm ci"
    (cd "$REPO_ROOT" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# ensure_chromium: Debian's Chromium and its WebDriver, for the browser tests.
ensure_chromium() {
  ensure_apt chromium chromium-driver
  export CHROMEDRIVER=/usr/bin/chromedriver
  export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"
}

# node_test_counts LOG NAME: prints `NAME: N passed, N failed` from a node --test spec log.
node_test_counts() {
  local passed failed
  passed=$(grep -E '^ℹ pass [0-9]+' "$1" | awk '{s+=$3} END {print s+0}')
  failed=$(grep -E '^ℹ fail [0-9]+' "$1" | awk '{s+=$3} END {print s+0}')
  echo "$2: $passed passed, $failed failed"
}
