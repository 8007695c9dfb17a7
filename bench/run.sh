#!/usr/bin/env bash
# `npm run bench`: the whole benchmark in one run, on the same pages -> bench/results/.
#
#   npm run bench                      # everything: peers, pith native + WASM, end to end, accuracy, report + chart
#   RUNS=5 npm run bench               # timed passes per extractor / runs per worker count (default 3)
#   QUICK=1 npm run bench              # smoke test: first 100 pages (QUICK=N: first N), pith + e2e + accuracy only
#                                      # (no peer runs, so the full peer summaries in bench/.cache/peers stay), results
#                                      # to bench/.cache/quick/ (bench/results/ untouched)
#   PEER_RUNS_FOR=readability=1,defuddle=1 npm run bench   # fewer passes for the slowest peers (bench:peers --runs-for)
#   PEERS=trafilatura,resiliparse npm run bench            # only these peers are re-measured (others: last run's, flagged)
#   REUSE_PEERS=1 npm run bench        # no peer runs; the report flags every peer row as from an earlier run
#   SOAK=1 npm run bench               # + the soak: the 100,000-record WARC read twice by one process (builds bench/.cache/dev-100000.warc.gz; ~4 min)
#   SOAK=1 SOAK_WARC=bench/.cache/memory-flat-20000.warc.gz npm run bench   # soak on an existing WARC instead
#
# Order: setup (bench/setup.sh), build (dist/ and both engines if missing; tsc always), dev WARC (if missing),
# peers (npm run bench:peers: ceilings, peers, WARC raw cost), pith single-thread (bench/speed/pith.ts, native then
# WASM), cost growth on generated extreme pages (bench/speed/growth.ts: growth.{md,json}), pith native against
# resiliparse in interleaved pairs (bench/speed/peer-pairs.ts), pith end to end
# (bench/speed/e2e.ts; also on the dev pages 5 times over, for the steady state), accuracy (npm run accuracy: pith + peer outputs), report (bench/speed/chart.ts:
# speed.{json,md}, e2e.{json,md}, chart.svg). The ratios in the report are between rows
# of this run; rows reused from an earlier run are flagged there.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
QUICK=${QUICK:-}
STARTED=$(date -u +%Y-%m-%dT%H:%M:%SZ)
CMD="npm run bench"
[[ -n "${RUNS_SET:-}" || "$RUNS" != 3 ]] && CMD="RUNS=$RUNS $CMD"
[[ -n "$QUICK" ]] && CMD="QUICK=$QUICK $CMD"
[[ -n "${PEERS:-}" ]] && CMD="PEERS=$PEERS $CMD"
[[ -n "${PEER_RUNS_FOR:-}" ]] && CMD="PEER_RUNS_FOR=$PEER_RUNS_FOR $CMD"
[[ -n "${REUSE_PEERS:-}" ]] && CMD="REUSE_PEERS=1 $CMD"
[[ -n "${SOAK:-}" ]] && CMD="SOAK=1 $CMD"
[[ -n "${SOAK_WARC:-}" ]] && CMD="SOAK_WARC=$SOAK_WARC $CMD"
say() { echo -e "\n=== bench: $* ($(date -u +%H:%M:%S))" >&2; }

say "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
others=$(ps -eo pid,etime,args | grep -E "run_py|run_js|pith-bench-peers|warc_raw|warc-raw" | grep -v grep || true)
[[ -n "$others" ]] && echo -e "bench: WARNING: other benchmark processes are running (figures will be noisy):\n$others" >&2

say "setup (bench/setup.sh)"
npm run -s bench:setup

say "build"
# Both engines brought up to date with the sources (quick when they are): a stale addon, or the plain one a
# PITH_PGO=0 build leaves, would be measured as pith otherwise.
npm run -s build

# the page list (every extractor gets the same one) and the WARC built from those pages
mkdir -p bench/.cache/peers
if [[ -n "$QUICK" ]]; then
  N=$([[ "$QUICK" =~ ^[0-9]+$ && "$QUICK" -gt 1 ]] && echo "$QUICK" || echo 100)
  OUTDIR=bench/.cache/quick
  IDS=bench/.cache/quick-ids.txt
  python3 -c "import json,sys; ids=sorted(json.load(open(sys.argv[1]))['files']); print('\n'.join(ids[:int(sys.argv[2])]))" \
    "${PITH_DEV_DATA:-../shared/eval/wcxb-dev}/metadata.json" "$N" > "$IDS"
  WARC=bench/.cache/dev-ids-$N.warc.gz
  [[ -f "$WARC" ]] || python3 bench/make-dev-warc.py --ids "$IDS" --out "$WARC" >/dev/null
  PITH_ARGS=(--runs "$RUNS" --warmup 10 --out "$OUTDIR/peers")
  ACC_ARGS=(--ids "$(paste -sd, "$IDS")" --out "$OUTDIR/accuracy" --no-peers)
  ACC_JSON=$OUTDIR/accuracy.json
  PEERS_DIR=$OUTDIR/peers
  E2E_JSON=$OUTDIR/e2e-raw.json
  REUSE_PEERS=skip
else
  OUTDIR=bench/results
  IDS=bench/.cache/peers/ids.txt
  WARC=bench/.cache/dev.warc.gz
  if [[ ! -f "$WARC" ]]; then say "dev WARC (npm run bench:warc)"; npm run -s bench:warc >/dev/null; fi
  PEER_ARGS=(--runs "$RUNS")
  PITH_ARGS=(--runs "$RUNS")
  ACC_ARGS=(--favor all)   # the full report: precision, balanced and recall
  ACC_JSON=bench/results/accuracy.json
  PEERS_DIR=bench/.cache/peers
  E2E_JSON=bench/.cache/e2e.json
fi
mkdir -p "$OUTDIR" "$PEERS_DIR"

if [[ -z "${REUSE_PEERS:-}" ]]; then
  say "peers (npm run bench:peers)"
  extra=()
  [[ -n "${PEERS:-}" ]] && extra+=(--peers "$PEERS")
  [[ -n "${PEER_RUNS_FOR:-}" ]] && extra+=(--runs-for "$PEER_RUNS_FOR")
  # a subset of peers would overwrite bench/results/peers.* with a partial table: write it aside then
  [[ -n "${PEERS:-}" && -z "$QUICK" ]] && extra+=(--out bench/.cache/peers-subset)
  npm run -s bench:peers -- --skip-setup "${PEER_ARGS[@]}" "${extra[@]}" >/dev/null
elif [[ "$REUSE_PEERS" == skip ]]; then
  say "peers: not run with QUICK"
else
  say "peers: REUSE_PEERS=1, not re-measured"
fi
# the full page list as written by bench:peers (or all pages when peers were not run)
if [[ ! -s "$IDS" ]]; then
  python3 -c "import json,sys; print('\n'.join(sorted(json.load(open(sys.argv[1]))['files'])))" "${PITH_DEV_DATA:-../shared/eval/wcxb-dev}/metadata.json" > "$IDS"
fi

say "pith single-thread, native then WASM (bench/speed/pith.ts)"
node --expose-gc --import tsx bench/speed/pith.ts --engine both "${PITH_ARGS[@]}" --ids "$IDS"
node --expose-gc --import tsx bench/speed/pith.ts --engine both --ids "$IDS" --out "$PEERS_DIR" --load-only

say "cost growth on generated extreme pages (bench/speed/growth.ts)"
npx tsx bench/speed/growth.ts --engine native --runs "$RUNS" --out "$OUTDIR" >/dev/null

if [[ -z "$QUICK" ]]; then
  say "pith native against resiliparse, the fastest peer, in interleaved pairs (bench/speed/peer-pairs.ts)"
  node --expose-gc --import tsx bench/speed/peer-pairs.ts --peer resiliparse --ids "$IDS" --runs "$RUNS" --out "$PEERS_DIR"
fi

say "pith end to end, 1 and 2 workers (bench/speed/e2e.ts on $WARC)"
E2E_ARGS=(--warc "$WARC" --runs "$RUNS" --out "$E2E_JSON")
# Steady state: the dev pages 5 times over (6,790 records), RUNS runs per worker count (a target is
# decided on their ratio, which moved by 0.1 between runs of 2).
[[ -z "$QUICK" ]] && E2E_ARGS+=(--scale 5 --scale-runs "$RUNS")
[[ -n "${SOAK:-}" ]] && E2E_ARGS+=(--soak)
[[ -n "${SOAK_WARC:-}" ]] && E2E_ARGS+=(--soak-warc "$SOAK_WARC")
npx tsx bench/speed/e2e.ts "${E2E_ARGS[@]}"

say "accuracy (npm run accuracy, pith + peer outputs)"
npm run -s accuracy -- --speed-runs 1 "${ACC_ARGS[@]}" >/dev/null

say "report + chart (bench/speed/chart.ts)"
CHART_ARGS=(--run-started "$STARTED" --command "$CMD" --out "$OUTDIR" --accuracy "$ACC_JSON" --peers-dir "$PEERS_DIR" --e2e "$E2E_JSON")
[[ -n "$QUICK" ]] && CHART_ARGS+=(--quick)
npx tsx bench/speed/chart.ts "${CHART_ARGS[@]}" >/dev/null

say "done"
echo "results: $OUTDIR/speed.md, speed.json, chart.svg, e2e.md, e2e.json, growth.md, growth.json; accuracy: ${ACC_JSON%.json}.{json,md}$([[ -z "$QUICK" ]] && echo "; peers: bench/results/peers.{json,md}")" >&2
