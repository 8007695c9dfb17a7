#!/usr/bin/env bash
# Builds crates/pith-wasm for wasm32-unknown-unknown and copies the module to
# crates/pith-wasm/pith.wasm, where ts/engine/wasm.ts loads it.
#
# Route (see /work/shared/toolchain/README.md): Debian's rustc 1.96 with its own std source and
# -Zbuild-std, because rustup here cannot add wasm targets. The -Z flags and RUSTC_BOOTSTRAP are
# set for this command only (never in a config file the native build reads), and the build uses
# its own target dir (target/wasm) so it never invalidates or waits on the native build's.
# Release profile from the workspace: opt-level 3, fat LTO, codegen-units 1; panic is abort
# (the target's default), so the JS side turns a trap into an error and re-instantiates.
# No wasm-opt pass: V8 compiles the module itself, and binaryen's -O1 to -O4 all made it slower
# (-O3: 2% in page-interleaved passes over the dev pages, 2026-12-05), for 15% fewer bytes.
#
# Env: PITH_WASM_PROFILE (default release),
#      PITH_WASM_SIMD=0 to build without simd128 (on by default: Node >= 16 runs it, and memchr's
#      and simdutf8's wasm SIMD paths make the core about 5% faster, with the same output),
#      PITH_WASM_TARGET_DIR (default target/wasm), PITH_WASM_OUT (default crates/pith-wasm/pith.wasm).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash scripts/install-toolchain.sh

target=wasm32-unknown-unknown
profile=${PITH_WASM_PROFILE:-release}
tdir=${PITH_WASM_TARGET_DIR:-$root/target/wasm}
tvar=$(echo "$target" | tr 'a-z-' 'A-Z_')

export RUSTC=/usr/bin/rustc     # Debian 1.96: must match rust-web-src's std source
export RUSTC_BOOTSTRAP=1        # allow -Z flags on a stable compiler, for this command only
export "CARGO_TARGET_${tvar}_LINKER=${WASM_LD:-/usr/bin/wasm-ld-22}"   # Debian's rustc has no rust-lld
# V8 (Node 20) inlines little from one wasm function into another, so LLVM inlines more before it
# does: threshold 2500 (default 225) made the module about 6% faster over the dev pages than the default
# (page-interleaved passes, both orders; 1000 gave 3-4%), for 35% more bytes and a slower build.
rustflags="-C llvm-args=-inline-threshold=2500"
if [ "${PITH_WASM_SIMD:-1}" = 1 ]; then
  rustflags="$rustflags -C target-feature=+simd128"
fi
export "CARGO_TARGET_${tvar}_RUSTFLAGS=$rustflags"

start=$(date +%s)
/usr/bin/cargo build -p pith-wasm --target "$target" --profile "$profile" --target-dir "$tdir" \
  -Zbuild-std=std,panic_abort
pdir=$profile; [ "$profile" = dev ] && pdir=debug
raw="$tdir/$target/$pdir/pith_wasm.wasm"
out=${PITH_WASM_OUT:-$root/crates/pith-wasm/pith.wasm}

cp "$raw" "$out"
echo "build-wasm: $out ($(( $(date +%s) - start )) s)"
