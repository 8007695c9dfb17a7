#!/usr/bin/env bash
# `npm run build`: the TypeScript, then the native addon and the WebAssembly module side by side. Each engine's
# build ends in a long single-threaded link-time optimization (fat LTO, one codegen unit; the native one twice,
# for its profile), so on a 2-core machine the two overlap well: together about two thirds of one after the other.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
npm run -s build:ts
npm run -s build:native > >(sed 's/^/[native] /') 2>&1 &
native=$!
npm run -s build:wasm > >(sed 's/^/[wasm] /') 2>&1 &
wasm=$!
status=0
wait "$native" || { echo "build: the native addon failed (output above, marked [native])" >&2; status=1; }
wait "$wasm" || { echo "build: the WebAssembly module failed (output above, marked [wasm])" >&2; status=1; }
exit "$status"
