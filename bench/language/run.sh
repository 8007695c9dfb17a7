#!/usr/bin/env bash
# The language pith names for prose in 17 languages (Debian's translated man pages, fetched with
# apt-get download by samples.py) and for the dev pages' English gold text, each text as a page
# declaring its own language, none, English and another; writes bench/results/language.md.
# Usage: bench/language/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || { echo "language: needs apt-get and dpkg-deb (Debian); skipping"; exit 0; }
samples=bench/.cache/language-samples.jsonl
python3 bench/language/samples.py "$samples"
cargo build --release --quiet --manifest-path bench/profile/Cargo.toml
{
  echo "# Language: what pith names, by what the page declares"
  echo
  echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) · $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs) · commit $(git rev-parse --short HEAD)"
  echo
  echo "Command: \`bash bench/language/run.sh\`. Texts: Debian's man pages in each language (the first 3,000"
  echo "characters of the prose of each page that has 400 or more), each put in a page declaring its own"
  echo "language, none, English, and the next language of the table; a cell is the share of pages whose"
  echo "\`language\` is the text's. The truth is the package's language: many translated pages keep"
  echo "paragraphs in English (Danish, Norwegian and Turkish most), so no cell reaches 100% for sure. The"
  echo "\`en\` row is the WCXB dev pages' gold text (with ../shared beside the repo): 4 of its pages are in"
  echo "other languages, and many are lists of names, titles and prices rather than prose."
  echo
  bench/profile/target/release/language "$samples"
} > bench/results/language.md
cat bench/results/language.md
