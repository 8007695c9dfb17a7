#!/usr/bin/env bash
# Builds the native addon (crates/pith-node -> crates/pith-node/pith.<platform>.node) with
# profile-guided optimization: an instrumented build of the addon runs `pith extract` over the
# project's sample WARC files and over pages generated to look like crawled ones
# (scripts/pgo-pages.py), and the profile it writes guides the release build. On the dev set that
# makes the core about 1.1x faster than a plain release build, with the same output. The profile
# is made from the repo's own files, so every machine builds the same addon from the same sources.
# PITH_PGO=0, or no llvm-profdata for rustc's LLVM version (apt: llvm-22, see
# scripts/install-toolchain.sh), gives a plain release build. Needs dist/ (built here if missing).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
napi=(npx napi build --platform --release --no-js --manifest-path crates/pith-node/Cargo.toml
      --package-json-path crates/pith-node/package.json)
out=${PITH_NATIVE_OUT:-crates/pith-node}
pgo=$root/target/pgo

llvm=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
profdata=$(command -v "llvm-profdata-$llvm" || command -v "/usr/lib/llvm-$llvm/bin/llvm-profdata" || true)
if [ "${PITH_PGO:-1}" = 0 ] || [ -z "$profdata" ]; then
  why=$([ "${PITH_PGO:-1}" = 0 ] && echo "PITH_PGO=0" || echo "no llvm-profdata for LLVM $llvm")
  echo "build-native: plain release build ($why)"
  # Built where the guided addon was, this one replaces it: the guided build is then out of date.
  if [ "$out" = crates/pith-node ]; then rm -f "$pgo/inputs"; fi
  exec "${napi[@]}" --output-dir "$out"
fi

# The guided build is made again only when what goes into it changed: its profile is new on every
# run, so cargo alone would rebuild it each time.
inputs=$( (rustc -vV; echo "$out"; find crates/pith-core crates/pith-node Cargo.toml Cargo.lock warc-samples scripts/build-native.sh scripts/pgo-pages.py \
  -type f ! -name '*.node' -print0 | sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1)
if [ -f "$pgo/inputs" ] && [ "$(cat "$pgo/inputs")" = "$inputs" ] && ls "$out"/pith.*.node >/dev/null 2>&1; then
  echo "build-native: profile-guided addon up to date"
  exit 0
fi
rm -rf "$pgo/raw" "$pgo/pages" "$pgo/pith.profdata" "$pgo/inputs"
mkdir -p "$pgo/raw"
echo "build-native: 1/3 instrumented build"
RUSTFLAGS="-Cprofile-generate=$pgo/raw" CARGO_TARGET_DIR="$pgo/target" "${napi[@]}" --output-dir "$pgo"

echo "build-native: 2/3 training run: pith extract over warc-samples/ and generated pages"
[ -f dist/cli.js ] || npm run -s build:ts
addon=$(ls "$pgo"/pith.*.node)
if command -v python3 >/dev/null; then
  python3 scripts/pgo-pages.py "$pgo/pages"
else
  echo "build-native: WARNING: no python3 to generate training pages; the profile comes from warc-samples/ alone" >&2
  mkdir -p "$pgo/pages"
fi
for options in "" "--format markdown --links --comments" "--favor precision --accept"; do
  for input in warc-samples/samples.warc.gz warc-samples/samples-plain.warc warc-samples/html "$pgo/pages"; do
    # shellcheck disable=SC2086 # options are words
    PITH_NATIVE_ADDON="$addon" LLVM_PROFILE_FILE="$pgo/raw/%p-%m.profraw" \
      node dist/cli.js extract "$input" -o "$pgo/training.jsonl" $options --no-progress >/dev/null 2>&1 || true
  done
done
if ! ls "$pgo"/raw/*.profraw >/dev/null 2>&1; then
  echo "build-native: WARNING: the training run wrote no profile; plain release build" >&2
  exec "${napi[@]}" --output-dir "$out"
fi
"$profdata" merge -o "$pgo/pith.profdata" "$pgo"/raw/*.profraw

echo "build-native: 3/3 release build guided by the profile"
RUSTFLAGS="-Cprofile-use=$pgo/pith.profdata" "${napi[@]}" --output-dir "$out"
echo "$inputs" > "$pgo/inputs"
