#!/usr/bin/env bash
# Everything CI checks: set up (scripts/setup.sh), then the Rust tests and the vitest suite.
# Tests that read ../shared skip with a message when it is absent.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
# The tests take a plain release build of the native addon (target/plain): the same code and output
# as the profile-guided addon that `npm run demo` and `npm run bench` build, without the second
# whole-program build and the training run that only make it faster (minutes of a 2-core machine).
plain=target/plain
PITH_PGO=0 PITH_NATIVE_OUT=$plain CARGO_TARGET_DIR=$plain/target bash scripts/setup.sh
cargo test --profile test-build -p pith-core -p pith-wasm
PITH_NATIVE_ADDON=$(ls "$plain"/pith.*.node) npx vitest run
