#!/usr/bin/env bash
# Installs the system toolchain for the native and WebAssembly builds (Debian/Ubuntu, idempotent).
# rustup on these machines has only the x86_64 target and cannot add others, so the wasm build uses
# Debian's Rust (rustc-web, /usr/bin/rustc) with its matching std source (rust-web-src) and cargo's
# -Zbuild-std, linked by wasm-ld-22.
# gcc and libc6-dev build libdeflate (C), which the native addon links for inflating WARC members.
# llvm-22 provides llvm-profdata for the profile-guided native build (scripts/build-native.sh); its
# major version must be that of rustc's LLVM (rustc -vV: 22 for Rust 1.95).
# apt-get update runs only when something is missing. Needs root (or sudo).
set -euo pipefail
pkgs=(rustc-web cargo-web rust-web-src lld-22 gcc libc6-dev)
optional=(llvm-22)   # without it, scripts/build-native.sh makes a plain (not profile-guided) build
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing=()
for p in "${pkgs[@]}"; do installed "$p" || missing+=("$p"); done
optional_missing=()
for p in "${optional[@]}"; do installed "$p" || optional_missing+=("$p"); done
if [ ${#missing[@]} -eq 0 ] && [ ${#optional_missing[@]} -eq 0 ]; then
  echo "install-toolchain: all present (${pkgs[*]} ${optional[*]})"
  exit 0
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
echo "install-toolchain: installing ${missing[*]} ${optional_missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ ${#optional_missing[@]} -gt 0 ]; then
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${optional_missing[@]}" \
    || echo "install-toolchain: could not install ${optional_missing[*]}; the native build will not be profile-guided" >&2
fi
# rust-web-src links /usr/lib/rustlib/src/rust to the std source, where -Zbuild-std looks.
test -e /usr/lib/rustlib/src/rust/library/std/Cargo.toml || {
  echo "install-toolchain: std source not found under /usr/lib/rustlib/src/rust" >&2; exit 1; }
