#!/usr/bin/env bash
# What profile guidance gives the native addon: builds a plain release addon (PITH_PGO=0) into
# bench/.cache/plain-addon, then times it against the addon in crates/pith-node (profile-guided,
# scripts/build-native.sh) in interleaved pairs of passes over the dev pages
# (bench/speed/peer-pairs.ts --peer-addon). Usage: bench/speed/pgo.sh [RUNS] (default 5).
set -euo pipefail
cd "$(dirname "$0")/../.."
plain=bench/.cache/plain-addon
PITH_PGO=0 PITH_NATIVE_OUT="$plain" bash scripts/build-native.sh >/dev/null
node --expose-gc --import tsx bench/speed/peer-pairs.ts --peer-addon "$(ls "$plain"/pith.*.node)" \
  --runs "${1:-5}" --out bench/.cache/pgo
