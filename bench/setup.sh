#!/usr/bin/env bash
# Installs the benchmark's peers from the registries (nothing vendored). Idempotent: each step is skipped when
# its pinned result is already there. Usage: bash bench/setup.sh [--force]
#   - bench/.venv (gitignored): trafilatura, resiliparse, readability-lxml, jusText, warcio from PyPI (pinned)
#   - npm devDependencies (pinned in package.json): @mozilla/readability, linkedom, defuddle
#   - bench/peers/rs-trafilatura: bench-only Rust crate (crates.io rs-trafilatura + lol_html), built into
#     bench/.cache/target-peers (its own [workspace], not part of the root workspace)
set -euo pipefail
cd "$(dirname "$0")/.."
FORCE=${1:-}

PY_PINS=(trafilatura==2.3.1 resiliparse==2.0.0 readability-lxml==0.9 justext==3.0.2 warcio==1.8.1)
# The pip that Python 3.11's venv brings (23.2) fails to resolve these pins ("Candidate is not for this requirement
# lxml[html-clean,html-clean] vs lxml[html-clean]"): the venv gets this one first.
PIP_PIN=pip==26.3
NPM_PINS=(@mozilla/readability@0.6.0 linkedom@0.18.15 defuddle@0.19.4)

# --- Python peers -------------------------------------------------------------------------------------------
PY=${PITH_BENCH_PYTHON:-python3}
stamp=bench/.venv/.pins
want="$PIP_PIN ${PY_PINS[*]}"
if [[ "$FORCE" == --force || ! -x bench/.venv/bin/python || "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
  echo "setup: creating bench/.venv with ${PY_PINS[*]}" >&2
  [[ -x bench/.venv/bin/python ]] || "$PY" -m venv bench/.venv
  bench/.venv/bin/python -m pip install -q --disable-pip-version-check "$PIP_PIN"
  bench/.venv/bin/python -m pip install -q --disable-pip-version-check "${PY_PINS[@]}"
  bench/.venv/bin/python -c "import trafilatura, resiliparse, readability, justext, warcio" 
  echo "$want" > "$stamp"
else
  echo "setup: bench/.venv up to date" >&2
fi

# --- Node peers ---------------------------------------------------------------------------------------------
need_npm=0
for spec in "${NPM_PINS[@]}"; do
  name=${spec%@*}; ver=${spec##*@}
  have=$(node -p "try{require('./node_modules/$name/package.json').version}catch(e){''}" 2>/dev/null || true)
  [[ "$have" == "$ver" ]] || need_npm=1
done
if [[ "$FORCE" == --force || $need_npm == 1 ]]; then
  echo "setup: npm install (devDependencies pinned in package.json)" >&2
  if grep -q '"defuddle"' package.json; then
    flock /tmp/pith-npm.lock npm install --no-audit --no-fund
  else
    flock /tmp/pith-npm.lock npm install --no-audit --no-fund --save-dev --save-exact "${NPM_PINS[@]}"
  fi
else
  echo "setup: node peers up to date" >&2
fi

# --- Rust peers (rs-trafilatura, lol-html ceilings) ---------------------------------------------------------
export CARGO_TARGET_DIR=bench/.cache/target-peers
bin=$CARGO_TARGET_DIR/release/pith-bench-peers
if [[ "$FORCE" == --force || ! -x $bin || -n "$(find bench/peers/rs-trafilatura -newer "$bin" -type f 2>/dev/null)" ]]; then
  echo "setup: building bench/peers/rs-trafilatura" >&2
  cargo build --release --locked --manifest-path bench/peers/rs-trafilatura/Cargo.toml
else
  echo "setup: $bin up to date" >&2
fi
echo "setup: ok" >&2
