#!/usr/bin/env bash
# `npm run build`: the TypeScript (dist/, which the native build's training run uses), then both
# engines at once. Each engine build ends in a whole-program LTO step that runs on one core, so
# side by side they keep two cores busy where one after the other they leave one idle for minutes.
# Their output is prefixed [native] / [wasm]; a failure of either fails the build.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
npm run -s build:ts
prefix() { sed -u "s/^/[$1] /"; }
(bash scripts/build-native.sh 2>&1 | prefix native) &
native=$!
(bash scripts/build-wasm.sh 2>&1 | prefix wasm) &
wasm=$!
status=0
wait "$native" || { echo "build: the native addon failed to build" >&2; status=1; }
wait "$wasm" || { echo "build: the WebAssembly module failed to build" >&2; status=1; }
exit "$status"
