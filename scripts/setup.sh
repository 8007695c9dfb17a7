#!/usr/bin/env bash
# Installs everything pith needs on a fresh Debian machine and builds both engines and the CLI.
# Idempotent: a second run only rebuilds what changed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
command -v cargo >/dev/null || { echo "setup: cargo (Rust via rustup) is required" >&2; exit 1; }
bash scripts/install-toolchain.sh          # Debian's Rust + wasm-ld for the WebAssembly build, gcc for libdeflate
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  JOBS=max npm ci --no-audit --no-fund   # zstd-napi compiles zstd (node-gyp): on every core
fi
npm run build                              # native addon, WebAssembly module, TypeScript
