#!/usr/bin/env bash
# Instruction counts of pith-core's extraction (valgrind callgrind, extraction only, gunzip
# excluded): repeatable on a busy machine, unlike seconds. Usage: bench/profile/profile.sh [N_PAGES]
# Prints instructions per page and the top functions; the callgrind file is left in bench/.cache.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
pages=${1:-200}
dev=${WCXB_DEV:-$here/../../../shared/eval/wcxb-dev}
[ -d "$dev" ] || { echo "profile: $dev not found (the WCXB dev set beside the repo); skipping"; exit 0; }
command -v valgrind >/dev/null || { echo "profile: valgrind not installed (apt-get install valgrind)"; exit 1; }
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
mkdir -p "$here/../.cache"
out="$here/../.cache/callgrind.out"
valgrind --tool=callgrind --toggle-collect='pith_profile::extract' --callgrind-out-file="$out" \
  "$here/target/release/pith-profile" "$dev" "$pages" 2>"$out.log"
total=$(grep -oP 'Collected : \K[0-9]+' "$out.log")
echo "pages: $pages  instructions: $total  per page: $((total / pages))"
callgrind_annotate --inclusive=no "$out" 2>/dev/null | grep -E '^ *[0-9,]+ \(' | sed -n '2,16p' \
  | sed -E 's#/root/.cargo/registry/src/[^/]+/##; s#/rustc/[0-9a-f]+/library/##; s# \[[^]]*\]$##'
