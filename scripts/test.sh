#!/usr/bin/env bash
# Everything CI checks: set up (scripts/setup.sh), then the Rust tests and the vitest suite.
# Tests that read ../shared skip with a message when it is absent.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash scripts/setup.sh
cargo test --profile test-build -p pith-core -p pith-wasm
npx vitest run
