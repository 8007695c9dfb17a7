#!/usr/bin/env bash
# The language pith names for prose in 22 languages (Debian's translated man pages, fetched with
# apt-get download by samples.py) and for the dev pages' English gold text, each text as a page
# declaring its own language, none, English and another; writes bench/results/language.md.
# Then the encoding pith decodes the same prose with when it is written in a legacy encoding and
# declared nowhere (encoded.py makes the pages); writes bench/results/encoding.md.
# Usage: bench/language/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || { echo "language: needs apt-get and dpkg-deb (Debian); skipping"; exit 0; }
samples=bench/.cache/language-samples.jsonl
python3 bench/language/samples.py "$samples"
cargo build --release --quiet --manifest-path bench/profile/Cargo.toml
# (When, on what, at which commit: the first line under each report's title.)
stamp="$(date -u +%Y-%m-%dT%H:%M:%SZ) · $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs) · commit $(git rev-parse --short HEAD)"

# report FILE TITLE BINARY INPUT: a results page titled TITLE, its description read from stdin, then
# what bench/profile's BINARY prints for INPUT; printed too.
report() {
  { echo "# $2"; echo; echo "$stamp"; echo; cat; echo; "bench/profile/target/release/$3" "$4"; } > "$1"
  cat "$1"
}

report bench/results/language.md "Language: what pith names, by what the page declares" language "$samples" <<'EOF'
Command: `bash bench/language/run.sh`. Texts: Debian's man pages in each language (the first 3,000
characters of the prose of each page that has 400 or more), each put in a page declaring its own
language, none, English, and the next language of the table; a cell is the share of pages whose
`language` is the text's. The truth is the package's language: many translated pages keep
paragraphs in English (Danish, Norwegian and Turkish most), so no cell reaches 100% for sure. The
`en` row is the WCXB dev pages' gold text (with ../shared beside the repo): 4 of its pages are in
other languages, and many are lists of names, titles and prices rather than prose.
EOF

encoded=bench/.cache/encoded
rm -rf "$encoded"
python3 bench/language/encoded.py "$samples" "$encoded"
report bench/results/encoding.md "Encoding: what pith decodes undeclared legacy pages with" encoding "$encoded" <<'EOF'
Command: `bash bench/language/run.sh`. Pages: twelve of the texts above to a page (about 40 KB of
prose after 25 KB of inline CSS and script), written in each legacy encoding the language was
commonly served in, with no charset in a header, a `<meta>` or a BOM (bench/language/encoded.py); at
most 20 pages per language and encoding. Right: the text pith decodes is the text the page was written
in (KOI8-U for KOI8-R text counts when it decodes the same). The detector is chardetng, fed the page
until it has seen 2,048 bytes beyond ASCII (crates/pith-core/src/encoding.rs); no top-level domain hint
is given here. English pages hold few such bytes (quotes, dashes, a name's accent), the hardest case.
EOF
