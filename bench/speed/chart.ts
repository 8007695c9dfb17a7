// The speed report: bench/results/speed.{json,md}, e2e.{json,md} and chart.svg (word F1 against pages/s, log x).
//
//   npx tsx bench/speed/chart.ts [--run-started ISO] [--command "npm run bench"] [--quick]
//
// Options: --out DIR (default bench/results), --peers-dir DIR (summaries; default bench/.cache/peers),
// --accuracy FILE (default bench/results/accuracy.json), --e2e FILE (default bench/.cache/e2e.json).
// Reads what the runners left: bench/.cache/peers/*.summary.json (peers, ceilings, WARC raw cost, pith-native,
// pith-wasm, and beside them parity.json, native vs WASM outputs, pairs.json, WASM/native in interleaved pairs, and
// peer-pairs.json, pith native against the fastest peer in interleaved pairs),
// bench/.cache/e2e.json (bench/speed/e2e.ts)
// and bench/results/accuracy.json (word F1 overall and per type, from bench/accuracy). Rows whose summary is older
// than --run-started (the start of this `npm run bench`) are flagged as from an earlier run: ratios between them and
// this run's rows do not meet the "same run" rule and the report says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS = path.join(REPO, 'bench', 'results');
const argv = process.argv.slice(2);
const opt = (name: string, def: string | null) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : def;
};
const RUN_STARTED = opt('run-started', null);
const COMMAND = opt('command', 'npx tsx bench/speed/chart.ts');
const QUICK = argv.includes('--quick');
const OUT = opt('out', RESULTS)!;
const CACHE = path.resolve(opt('peers-dir', path.join(REPO, 'bench', '.cache', 'peers'))!);
const ACCURACY = path.resolve(opt('accuracy', path.join(RESULTS, 'accuracy.json'))!);
const E2E = path.resolve(opt('e2e', path.join(REPO, 'bench', '.cache', 'e2e.json'))!);

const sh = (c: string) => {
  try {
    return execSync(c, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};
const readJson = (f: string) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null);
const fmt = (x: number | null | undefined, d = 1) => (x == null || !Number.isFinite(x) ? '–' : x >= 100 ? x.toFixed(0) : x.toFixed(d));
const pct = (x: number | null | undefined) => (x == null || !Number.isFinite(x) ? '–' : `${(x * 100).toFixed(1)}%`);

const EXTRACTORS = ['pith-native', 'pith-wasm', 'rs-trafilatura', 'resiliparse', 'trafilatura', 'readability-lxml', 'justext', 'readability', 'defuddle'];
const CEILINGS = ['lolhtml-passthrough', 'lolhtml-tokenize'];
const WARC_RAW = ['warc-raw-gunzip-node', 'warc-raw-warcio-node', 'warc-raw-warcio-py', 'warc-raw-fastwarc-py'];

function machine() {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  return {
    nproc: Number(sh('nproc')) || os.cpus().length,
    cpu_model: /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model,
    mem_gib: Math.round(os.totalmem() / 2 ** 30),
    kernel: os.release(), node: process.version, rustc: sh('rustc --version'),
    python: sh(`${path.join(REPO, 'bench/.venv/bin/python')} -c "import sys; print(sys.version.split()[0])"`),
    loadavg_at_report: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

interface Row {
  name: string;
  kind: 'pith' | 'extractor' | 'ceiling' | 'warc';
  summary: any;
  measured_at: string;
  this_run: boolean;
  f1: number | null;
  f1_pages: number | null;
  by_type: Record<string, number>;
}

function load(): { rows: Row[]; acc: any } {
  const acc = readJson(ACCURACY);
  const accRows = acc?.extractors ?? {};
  const rows: Row[] = [];
  const started = RUN_STARTED ? Date.parse(RUN_STARTED) : null;
  for (const name of [...EXTRACTORS, ...CEILINGS, ...WARC_RAW]) {
    const f = path.join(CACHE, `${name}.summary.json`);
    if (!fs.existsSync(f)) continue;
    const s = JSON.parse(fs.readFileSync(f, 'utf8'));
    const mtime = fs.statSync(f).mtime;
    // pith-wasm: its own row when bench/accuracy found outputs that differ; otherwise native's (identical outputs)
    const wasmSame = (acc?.parity ?? []).some((p: any) => p.favor === 'balanced' && p.differing === 0);
    const a = name === 'pith-native' ? accRows['pith'] : name === 'pith-wasm' ? (accRows['pith-wasm'] ?? (wasmSame ? accRows['pith'] : null)) : accRows[name];
    rows.push({
      name,
      kind: name.startsWith('pith') ? 'pith' : CEILINGS.includes(name) ? 'ceiling' : WARC_RAW.includes(name) ? 'warc' : 'extractor',
      summary: s,
      measured_at: mtime.toISOString().replace(/\.\d+Z$/, 'Z'),
      this_run: started == null ? true : mtime.getTime() >= started,
      f1: a?.f1 ?? null,
      f1_pages: a?.n ?? null,
      by_type: Object.fromEntries(Object.entries(a?.byType ?? {}).map(([t, v]: [string, any]) => [t, v.f1])),
    });
  }
  return { rows, acc };
}

// ---- targets ------------------------------------------------------------------------------------------------------
interface Target {
  target: string;
  value: string;
  verdict: 'PASS' | 'FAIL' | 'not measured';
  note?: string;
}

function ratio(a: any, b: any) {
  // ratio of medians, and the widest range the passes allow (a's min / b's max .. a's max / b's min)
  return { median: a.median_pages_per_s / b.median_pages_per_s, lo: a.min / b.max, hi: a.max / b.min };
}
const x2 = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? '–' : v.toFixed(2));
const rstr = (r: { median: number; lo: number; hi: number }) => `${x2(r.median)}x [${x2(r.lo)}–${x2(r.hi)}]`;

function targets(rows: Row[], e2e: any, parity: any, pairs: any, peerPairs: any): Target[] {
  const get = (n: string) => rows.find((r) => r.name === n);
  const T: Target[] = [];
  const nat = get('pith-native'), wasm = get('pith-wasm');
  const sameRun = (...rs: (Row | undefined)[]) => (rs.every((r) => r?.this_run) ? undefined : `not all from this run: ${rs.filter((r) => r && !r.this_run).map((r) => `${r!.name} measured ${r!.measured_at}`).join(', ')}`);
  const tr = get('trafilatura');
  if (nat && tr) {
    const r = ratio(nat.summary, tr.summary);
    T.push({ target: 'pith native >= 10x trafilatura pages/s (one core)', value: rstr(r), verdict: r.median >= 10 ? 'PASS' : 'FAIL', note: sameRun(nat, tr) });
  } else T.push({ target: 'pith native >= 10x trafilatura pages/s (one core)', value: '–', verdict: 'not measured' });
  const rp = get('resiliparse'), rt = get('rs-trafilatura');
  const faster = [rp, rt].filter(Boolean).sort((x, y) => y!.summary.median_pages_per_s - x!.summary.median_pages_per_s)[0];
  if (nat && faster) {
    const r = ratio(nat.summary, faster.summary);
    // The rows' passes run minutes apart; the interleaved pairs (bench/speed/peer-pairs.ts) run both under the same
    // load, so they decide when they were measured against this peer.
    const pp = peerPairs?.peer === faster.name ? peerPairs : null;
    const value = pp ? `${rstr(r)} (interleaved pairs: ${x2(pp.median_ratio)}x [${x2(pp.min_ratio)}–${x2(pp.max_ratio)}])` : rstr(r);
    const note = [pp ? `verdict on the interleaved pairs (${pp.pairs.length}, measured ${pp.date})` : undefined, sameRun(nat, faster)].filter(Boolean).join('; ') || undefined;
    T.push({ target: `pith native >= 3x the faster of resiliparse and rs-trafilatura (${faster.name})`, value, verdict: (pp ? pp.median_ratio : r.median) >= 3 ? 'PASS' : 'FAIL', note });
  } else T.push({ target: 'pith native >= 3x the faster of resiliparse and rs-trafilatura', value: '–', verdict: 'not measured' });
  const lol = get('lolhtml-passthrough');
  if (nat && lol) {
    const r = ratio(nat.summary, lol.summary);
    T.push({ target: "pith native >= 50% of lol-html's bare pass-through throughput", value: `${pct(r.median)} [${pct(r.lo)}–${pct(r.hi)}]`, verdict: r.median >= 0.5 ? 'PASS' : 'FAIL', note: sameRun(nat, lol) });
  } else T.push({ target: "pith native >= 50% of lol-html's bare pass-through throughput", value: '–', verdict: 'not measured' });
  if (nat && wasm) {
    const r = ratio(wasm.summary, nat.summary);
    // The two engines' passes run in separate processes a minute apart; the interleaved pairs run both under the
    // same load, so the verdict reads them when they were measured.
    const verdictRatio = pairs ? pairs.median_ratio : r.median;
    const value = pairs ? `${rstr(r)} (interleaved pairs: ${x2(pairs.median_ratio)}x [${x2(pairs.min_ratio)}–${x2(pairs.max_ratio)}])` : rstr(r);
    const note = [pairs ? `verdict on the interleaved pairs (${pairs.pairs.length}, measured ${pairs.date})` : undefined, sameRun(nat, wasm)].filter(Boolean).join('; ') || undefined;
    T.push({ target: 'WASM >= 0.6x native pages/s', value, verdict: verdictRatio >= 0.6 ? 'PASS' : 'FAIL', note });
  } else T.push({ target: 'WASM >= 0.6x native pages/s', value: '–', verdict: 'not measured' });
  if (parity) {
    T.push({
      target: 'WASM output identical to native', value: `${parity.identical}/${parity.pages} pages identical`,
      verdict: parity.differ === 0 ? 'PASS' : 'FAIL', note: parity.differ ? `differ: ${parity.differing_ids.slice(0, 10).join(', ')}` : 'raw response JSON compared byte for byte',
    });
  } else T.push({ target: 'WASM output identical to native', value: '–', verdict: 'not measured' });
  const w1 = e2e?.by_workers?.['1'], w2 = e2e?.by_workers?.['2'];
  if (w1 && w2) {
    const cores = e2e.machine_nproc ?? os.cpus().length;
    T.push(...scalingTargets(e2e, 'dev WARC', cores));
    if (e2e.steady?.by_workers) T.push(...scalingTargets(e2e.steady, `dev pages x${e2e.steady.repeat}, steady state`, cores));
    const heaps = (w2.instrumented.workers ?? []).map((x: any) => x.peak_heap_mb);
    const maxHeap = heaps.length ? Math.max(...heaps) : NaN;
    const marg = e2e.marginal_rss_per_worker_mb;
    const worst = Math.max(maxHeap, marg);
    T.push({
      target: 'memory per worker <= 200 MB peak', value: `V8 heap peak ${fmt(maxHeap)} MB; marginal RSS of the 2nd worker ${fmt(marg)} MB`,
      verdict: worst <= 200 ? 'PASS' : 'FAIL', note: 'neither measure is exact (threads share one process); see the e2e section',
    });
  } else T.push({ target: 'end to end: 2 workers >= 1.8x 1 worker', value: '–', verdict: 'not measured' });
  if (e2e?.soak) {
    const s = e2e.soak;
    // Flat: no growth with records, over the last pass (the passes before it are the warm-up). RSS that falls
    // back after a plateau is not a leak.
    const flat = s.rss_slope_last_pass_mb_per_10k_records < 5;
    const heap = Math.max(...s.worker_heap_peaks_mb.map((x: any) => x.peak_heap_mb));
    const perPass = Math.round(s.records / s.passes);
    T.push({
      target: `memory flat over a 100,000-record run (soak here: ${s.records.toLocaleString('en-US')} records, ${s.passes} passes)`,
      value: `process peak RSS ${fmt(s.peak_rss_mb)} MB (${s.workers} workers); over the last pass RSS ${fmt(s.rss_last_pass_mb.min, 0)}-${fmt(s.rss_last_pass_mb.max, 0)} MB, slope ${s.rss_slope_last_pass_mb_per_10k_records.toFixed(2)} MB per 10k records; worker heap peak ${fmt(heap)} MB`,
      verdict: flat && heap <= 200 ? 'PASS' : 'FAIL',
      note: `flat = slope < 5 MB per 10k records over the last pass (no growth; the last ${s.teardown_seconds_left_out ?? 0} s, the pool's shutdown, left out)${perPass < 100000 ? `; **a pass is shorter than the 100,000 records asked for**` : ''}`,
    });
  } else T.push({ target: 'memory flat over a 100,000-record run (soak)', value: '–', verdict: 'not measured', note: 'opt-in: SOAK=1 npm run bench (or npx tsx bench/speed/e2e.ts --soak)' });
  return T;
}

/** The 2-vs-1-worker and outside-extraction targets, read from one `measureWorkers` result of e2e.ts. */
function scalingTargets(e: any, what: string, cores: number): Target[] {
  const T: Target[] = [];
  const w1 = e.by_workers['1'], w2 = e.by_workers['2'];
  const p = e.speedup_2_vs_1_pairs;
  // The 2-worker run cannot end sooner than its CPU time spread over all cores: the best ratio this machine allows.
  const ceiling = w1.seconds.median / (w2.cpu_seconds.median / cores);
  T.push({
    target: `end to end (${what}): 2 workers >= 1.8x 1 worker (records/s)`, value: `${x2(e.speedup_2_vs_1)}x (run pairs: ${x2(p?.median)}x [${x2(p?.min)}–${x2(p?.max)}])`,
    verdict: e.speedup_2_vs_1 >= 1.8 ? 'PASS' : 'FAIL',
    note: `${cores} cores: 2 workers + the main thread share them; CPU ceiling ${x2(ceiling)}x (1-worker wall / 2-worker CPU per core, medians)${e.two_processes_vs_1 ? `; two 1-worker processes at once: ${x2(e.two_processes_vs_1.median)}x [${x2(e.two_processes_vs_1.min)}–${x2(e.two_processes_vs_1.max)}]` : ''}`,
  });
  for (const w of [w1, w2]) {
    const s = w.instrumented.outside_extract_share;
    T.push({ target: `end to end (${what}, ${w.workers} worker${w.workers > 1 ? 's' : ''}): CPU outside extraction < 25% of total`, value: pct(s), verdict: s < 0.25 ? 'PASS' : 'FAIL', note: '(process CPU - extract CPU estimate) / process CPU, instrumented run' });
  }
  return T;
}

// ---- chart --------------------------------------------------------------------------------------------------------
function svg(rows: Row[]): string {
  const W = 900, H = 560, L = 70, R = 30, Tp = 50, B = 60;
  const pts = rows.filter((r) => (r.kind === 'pith' || r.kind === 'extractor') && r.f1 != null);
  const ceil = rows.filter((r) => r.kind === 'ceiling');
  const xs = [...pts, ...ceil].flatMap((r) => [r.summary.min, r.summary.max]).filter((x) => x > 0);
  const lo = Math.floor(Math.log10(Math.min(...xs, 1))), hi = Math.ceil(Math.log10(Math.max(...xs, 10)));
  const f1s = pts.map((r) => r.f1!);
  const y0 = Math.max(0, Math.floor((Math.min(...f1s, 0.7) - 0.05) * 10) / 10), y1 = Math.min(1, Math.ceil((Math.max(...f1s) + 0.03) * 20) / 20);
  const X = (v: number) => L + ((Math.log10(v) - lo) / (hi - lo)) * (W - L - R);
  const Y = (v: number) => Tp + ((y1 - v) / (y1 - y0)) * (H - Tp - B);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const o: string[] = [];
  o.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Helvetica, Arial, sans-serif" font-size="12">`);
  o.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  o.push(`<text x="${W / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">Word F1 (WCXB dev, ${pts[0]?.f1_pages ?? ''} pages) vs pages/s on one core (log scale)</text>`);
  for (let e = lo; e <= hi; e++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (Math.log10(v) > hi) continue;
      const x = X(v);
      o.push(`<line x1="${x}" y1="${Tp}" x2="${x}" y2="${H - B}" stroke="${m === 1 ? '#ccc' : '#eee'}"/>`);
      o.push(`<text x="${x}" y="${H - B + 16}" text-anchor="middle" fill="#444">${v >= 1 ? v : v.toFixed(-e)}</text>`);
    }
  }
  for (let v = y0; v <= y1 + 1e-9; v += 0.05) {
    const y = Y(v);
    o.push(`<line x1="${L}" y1="${y}" x2="${W - R}" y2="${y}" stroke="#eee"/>`);
    o.push(`<text x="${L - 6}" y="${y + 4}" text-anchor="end" fill="#444">${v.toFixed(2)}</text>`);
  }
  o.push(`<rect x="${L}" y="${Tp}" width="${W - L - R}" height="${H - Tp - B}" fill="none" stroke="#888"/>`);
  o.push(`<text x="${(L + W - R) / 2}" y="${H - 18}" text-anchor="middle">pages per second, one core, single thread, warm (median; bars: min–max of the passes)</text>`);
  o.push(`<text transform="translate(18 ${(Tp + H - B) / 2}) rotate(-90)" text-anchor="middle">word F1 (mean over pages)</text>`);
  for (const c of ceil) {
    const x = X(c.summary.median_pages_per_s);
    o.push(`<line x1="${x}" y1="${Tp}" x2="${x}" y2="${H - B}" stroke="#999" stroke-dasharray="5 4"/>`);
    o.push(`<text x="${x - 4}" y="${Tp + 14}" text-anchor="end" fill="#666">${esc(c.name)} (no extraction)</text>`);
  }
  // labels: right of the point, moved up or down until they overlap no earlier label
  const placed: { x0: number; x1: number; y0: number; y1: number }[] = [];
  const maxPages = Math.max(...pts.map((r) => r.f1_pages ?? 0));
  for (const r of [...pts].sort((a, b) => b.f1! - a.f1!)) {
    const x = X(r.summary.median_pages_per_s), y = Y(r.f1!);
    const col = r.kind === 'pith' ? '#d62728' : '#1f77b4';
    o.push(`<line x1="${X(r.summary.min)}" y1="${y}" x2="${X(r.summary.max)}" y2="${y}" stroke="${col}" stroke-width="1.5"/>`);
    o.push(`<circle cx="${x}" cy="${y}" r="5" fill="${col}"${r.this_run ? '' : ' fill-opacity="0.4"'}/>`);
    const partial = r.f1_pages != null && r.f1_pages < maxPages ? ` (F1 on ${r.f1_pages} pages)` : '';
    const label = `${r.name}${partial}${r.this_run ? '' : ' *'}`;
    const w = label.length * 6.6;
    let lx = x + 8;
    if (lx + w > W - R - 2) lx = x - 8 - w;
    let ly = y - 7;
    for (const dy of [0, 20, -14, 34, -28, 48, -42, 62]) {
      const box = { x0: lx, x1: lx + w, y0: y - 7 + dy - 11, y1: y - 7 + dy + 3 };
      if (!placed.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) {
        ly = y - 7 + dy;
        placed.push(box);
        break;
      }
    }
    if (Math.abs(ly - (y - 7)) > 12) o.push(`<line x1="${x}" y1="${y}" x2="${lx < x ? lx + w : lx}" y2="${ly - 4}" stroke="${col}" stroke-width="0.5"/>`);
    o.push(`<text x="${lx}" y="${ly}" fill="${col}">${esc(label)}</text>`);
  }
  if (pts.some((r) => !r.this_run)) o.push(`<text x="${L + 6}" y="${H - B - 8}" fill="#666">* measured in an earlier run (faded)</text>`);
  o.push('</svg>');
  return o.join('\n') + '\n';
}

// ---- report -------------------------------------------------------------------------------------------------------
function main() {
  const { rows, acc } = load();
  const e2e = readJson(E2E);
  const parity = readJson(path.join(CACHE, 'parity.json'));
  const mach = machine();
  if (e2e) e2e.machine_nproc = mach.nproc;
  const pairs = readJson(path.join(CACHE, 'pairs.json'));
  const peerPairs = readJson(path.join(CACHE, 'peer-pairs.json'));
  const T = targets(rows, e2e, parity, pairs, peerPairs);
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const commit = sh('git rev-parse --short HEAD');
  const dirty = sh('git status --porcelain -- crates ts') ? ' (+ uncommitted changes in crates/ or ts/)' : '';
  const nat = rows.find((r) => r.name === 'pith-native');
  const result = {
    meta: {
      what: 'pith and peer extractors, one core each (single process, single thread, warm, pages in memory); pith end to end on the dev WARC',
      date, run_started: RUN_STARTED, command: COMMAND, quick: QUICK, commit: `${commit}${dirty}`, machine: mach,
      pages: nat?.summary.pages ?? null, html_mb: nat ? nat.summary.bytes / 1e6 : null, runs: nat?.summary.runs.length ?? null,
      accuracy_source: acc ? `${path.relative(REPO, ACCURACY)} (${acc.meta?.date}, ${acc.meta?.command})` : null,
    },
    targets: T,
    extractors: rows.filter((r) => r.kind !== 'warc').map((r) => ({
      name: r.name, kind: r.kind, version: r.summary.version, measured_at: r.measured_at, this_run: r.this_run,
      pages: r.summary.pages, runs: r.summary.runs.length,
      pages_per_s: { median: r.summary.median_pages_per_s, min: r.summary.min, max: r.summary.max },
      mb_per_s: { median: r.summary.median_mb_per_s, min: r.summary.min_mb_per_s, max: r.summary.max_mb_per_s },
      pages_per_cpu_s: cpuRate(r.summary),
      peak_rss_mb: r.summary.peak_rss_mb, rss_after_load_mb: r.summary.rss_after_load_mb ?? null,
      word_f1: r.f1, word_f1_pages: r.f1_pages, word_f1_by_type: r.by_type, library: r.summary.library,
    })),
    pith_size_buckets: Object.fromEntries(rows.filter((r) => r.kind === 'pith').map((r) => [r.name, r.summary.size_buckets])),
    pith_scaling: Object.fromEntries(rows.filter((r) => r.kind === 'pith').map((r) => [r.name, r.summary.scaling])),
    pith_long_pass: Object.fromEntries(rows.filter((r) => r.kind === 'pith').map((r) => [r.name, r.summary.long_pass ?? null])),
    pith_size_fit: Object.fromEntries(rows.filter((r) => r.kind === 'pith').map((r) => [r.name, r.summary.size_fit])),
    parity,
    wasm_native_pairs: pairs,
    pith_peer_pairs: peerPairs,
    warc_raw: rows.filter((r) => r.kind === 'warc').map((r) => ({ ...r.summary, measured_at: r.measured_at, this_run: r.this_run })),
    e2e,
  };
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'speed.json'), JSON.stringify(result, null, 1) + '\n');
  fs.writeFileSync(path.join(OUT, 'chart.svg'), svg(rows));
  const md = markdown(result, rows);
  fs.writeFileSync(path.join(OUT, 'speed.md'), md.full);
  if (e2e) {
    fs.writeFileSync(path.join(OUT, 'e2e.json'), JSON.stringify(e2e, null, 1) + '\n');
    fs.writeFileSync(path.join(OUT, 'e2e.md'), md.e2e);
  }
  process.stdout.write(md.full);
  process.stderr.write(`\nwrote ${['speed.json', 'speed.md', 'chart.svg', ...(e2e ? ['e2e.json', 'e2e.md'] : [])].map((f) => path.relative(REPO, path.join(OUT, f))).join(', ')}\n`);
}

function cpuRate(s: any): number | null {
  const v = (s.runs ?? []).filter((r: any) => r.cpu_seconds > 0).map((r: any) => s.pages / r.cpu_seconds).sort((a: number, b: number) => a - b);
  if (!v.length) return null;
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

function markdown(r: any, rows: Row[]): { full: string; e2e: string } {
  const m = r.meta, mc = m.machine;
  const L: string[] = [];
  L.push('# Speed: pith and its peers', '');
  L.push(`${m.date} · ${mc.cpu_model}, ${mc.nproc} cores (\`nproc\`), ${mc.mem_gib} GiB · Node ${mc.node}, Python ${mc.python ?? '–'}, ${mc.rustc ?? ''} · commit ${m.commit}`, '');
  L.push(`Command: \`${m.command}\`${m.quick ? ' (**QUICK**: a subset of pages, not the full benchmark)' : ''}. Run started ${m.run_started ?? '–'}.`, '');
  L.push(
    `Protocol (every row the same, bench/speed/README.md): ${m.pages} WCXB dev pages (${fmt(m.html_mb)} MB of HTML) decompressed into memory untimed, ` +
      `warm-up pages untimed, then timed passes over all pages in one process on one thread; figures are the median of the passes with [min–max]. ` +
      `The machine is shared with other work: the pages per CPU-second column moves less with load than wall-clock pages/s. ` +
      `Peak RSS is the process's VmHWM and includes the pages held in memory (RSS after load: the same runner with the pages loaded, nothing extracted).`,
    '',
  );
  L.push('## Targets', '');
  L.push('| target | measured | verdict | note |', '|---|---|---|---|');
  for (const t of r.targets as Target[]) L.push(`| ${t.target} | ${t.value} | **${t.verdict}** | ${t.note ?? ''} |`);
  L.push('', 'Ratios: ratio of the medians, with [the lowest – the highest ratio the passes allow] (min of one / max of the other).', '');
  const old = rows.filter((x) => !x.this_run && x.kind !== 'warc');
  if (old.length) {
    L.push(`**Not all rows come from this run.** Reused from earlier runs: ${old.map((x) => `${x.name} (${x.measured_at})`).join(', ')}. Ratios involving them do not meet the same-run rule.`, '');
  }
  L.push('![word F1 vs pages/s](chart.svg)', '');
  const types = [...new Set(rows.flatMap((x) => Object.keys(x.by_type)))].sort();
  L.push('## Extractors (one core)', '');
  L.push(`| extractor | pages/s median [min–max] | MB/s | pages per CPU-s | peak RSS MB | RSS after load MB | word F1 | ${types.join(' | ')} | measured |`);
  L.push(`|---|---|---|---|---|---|---|${types.map(() => '---|').join('')}---|`);
  for (const e of [...r.extractors].sort((a: any, b: any) => b.pages_per_s.median - a.pages_per_s.median)) {
    const label = e.kind === 'ceiling' ? `*${e.name}* (ceiling, no extraction)` : e.kind === 'pith' ? `**${e.name}**` : e.name;
    const partial = e.word_f1_pages != null && e.word_f1_pages < e.pages ? ` (${e.word_f1_pages} pages)` : '';
    L.push(
      `| ${label} | ${fmt(e.pages_per_s.median)} [${fmt(e.pages_per_s.min)}–${fmt(e.pages_per_s.max)}] | ${fmt(e.mb_per_s.median, 2)} | ${fmt(e.pages_per_cpu_s)} | ${fmt(e.peak_rss_mb, 0)} | ${fmt(e.rss_after_load_mb, 0)} | ` +
        `${e.word_f1 != null ? e.word_f1.toFixed(3) + partial : '–'} | ${types.map((t) => (e.word_f1_by_type[t] != null ? e.word_f1_by_type[t].toFixed(3) : '–')).join(' | ')} | ${e.this_run ? 'this run' : e.measured_at} |`,
    );
  }
  L.push('', `Word F1: pith-wasm's is pith-native's when bench/accuracy found the two engines' outputs identical on every page (it then reports one row). ${m.accuracy_source ?? 'bench/results/accuracy.json missing'} (WCXB definition, macro mean over pages; pith-native is its "pith" row).`, '');
  L.push('How each is called:', '');
  for (const e of r.extractors) L.push(`- **${e.name}** ${e.version}: ${e.library}`);
  L.push('');

  L.push('## pith: cost against page size and page count', '');
  for (const [name, b] of Object.entries(r.pith_size_buckets as Record<string, any[]>)) {
    if (!b) continue;
    const fit = r.pith_size_fit[name];
    L.push(`**${name}**: time per MB of HTML by page size (summed call time / summed MB per bucket; median of the passes [min–max]).`, '');
    L.push('| page size | pages | MB | ms per MB | ms per page |', '|---|---|---|---|---|');
    for (const x of b) L.push(`| ${x.bucket} | ${x.pages} | ${fmt(x.mb)} | ${fmt(x.median_ms_per_mb, 2)} [${fmt(x.min_ms_per_mb, 2)}–${fmt(x.max_ms_per_mb, 2)}] | ${fmt(x.median_ms_per_page, 2)} |`);
    if (fit) L.push('', `Least-squares fit over all pages (first pass): time = ${fit.intercept_ms.toFixed(2)} ms + ${fit.ms_per_mb.toFixed(2)} ms per MB (R² ${fit.r2.toFixed(2)}).`);
    const sc = r.pith_scaling[name];
    if (sc) {
      L.push('', 'Page count: pages/s over the first N pages (same passes; the first pages are smaller on average, so MB/s is the fairer column):', '', '| first N pages | MB | pages/s median [min–max] | MB/s |', '|---|---|---|---|');
      for (const x of sc) L.push(`| ${x.first_pages} | ${fmt(x.mb)} | ${fmt(x.median_pages_per_s)} [${fmt(x.min)}–${fmt(x.max)}] | ${fmt(x.median_mb_per_s)} |`);
    }
    const lp = r.pith_long_pass?.[name];
    if (lp) {
      L.push('', `Long pass: one timed pass over the same pages ${lp.cycles} times in a row (${lp.pages} calls): ${fmt(lp.pages_per_s)} pages/s overall; per cycle ${lp.per_cycle_pages_per_s.map((x: number) => fmt(x)).join(', ')} pages/s (the normal passes: median ${fmt(r.extractors.find((e: any) => e.name === name)?.pages_per_s.median)}). Flat per cycle = throughput independent of how many pages went before.`);
    }
    L.push('');
  }
  if (r.parity) L.push(`Native vs WASM: ${r.parity.identical} of ${r.parity.pages} pages give byte-identical response JSON${r.parity.differ ? ` (${r.parity.differ} differ: ${r.parity.differing_ids.slice(0, 10).join(', ')})` : ''}; core source hashes ${r.parity.native_core_source_hash} / ${r.parity.wasm_core_source_hash}.`, '');

  const w = r.warc_raw as any[];
  if (w.length) {
    L.push('## Raw cost of reading the WARC (no extraction; bench/speed/warc-raw.mjs, warc_raw.py)', '');
    L.push('| reader | records/s median [min–max] | MB/s of payload | MB/s of input (gz) | pages | measured |', '|---|---|---|---|---|---|');
    for (const s of w) {
      L.push(`| ${s.name} | ${s.median_pages_per_s == null ? '– (no parsing)' : `${fmt(s.median_pages_per_s)} [${fmt(s.min)}–${fmt(s.max)}]`} | ${fmt(s.median_mb_per_s)} | ${fmt(s.median_input_mb_per_s)} | ${s.pages ?? '–'} | ${s.this_run ? 'this run' : s.measured_at} |`);
    }
    L.push('');
  }
  const e2eMd = e2eMarkdown(r.e2e);
  L.push(e2eMd);
  L.push(`Load average when the report was written: ${mc.loadavg_at_report.join(' ')}.`, '');
  return { full: L.join('\n'), e2e: `# pith end to end\n\n${m.date} · ${mc.cpu_model}, ${mc.nproc} cores · commit ${m.commit}\n\n${e2eMd}` };
}

/** The records/s, stage and thread tables of one `measureWorkers` result of e2e.ts. */
function workerTables(e: any): string[] {
  const L: string[] = [];
  L.push('| workers | records | records/s median [min–max] | MB/s input | MB/s HTML | CPU s | peak RSS MB (process) |', '|---|---|---|---|---|---|---|');
  for (const w of Object.values(e.by_workers) as any[]) {
    L.push(`| ${w.workers} | ${w.records} | ${fmt(w.records_per_s.median)} [${fmt(w.records_per_s.min)}–${fmt(w.records_per_s.max)}] | ${fmt(w.input_mb_per_s.median, 2)} | ${fmt(w.html_mb_per_s.median, 2)} | ${fmt(w.cpu_seconds.median)} | ${fmt(w.peak_rss_mb.median, 0)} [${fmt(w.peak_rss_mb.min, 0)}–${fmt(w.peak_rss_mb.max, 0)}] |`);
  }
  L.push('');
  if (e.speedup_2_vs_1 != null) L.push(`2 workers vs 1: ${x2(e.speedup_2_vs_1)}x (ratio of medians; per interleaved pair ${x2(e.speedup_2_vs_1_pairs?.median)}x [${x2(e.speedup_2_vs_1_pairs?.min)}–${x2(e.speedup_2_vs_1_pairs?.max)}]). Output of 1 and 2 workers byte-identical: ${e.outputs_identical_across_workers ? 'yes' : 'NO'}.`, '');
  if (e.two_processes_vs_1) L.push(`What this machine allows: two 1-worker processes run at once (sharing nothing but the cores, caches and memory) reach ${x2(e.two_processes_vs_1.median)}x one alone [${x2(e.two_processes_vs_1.min)}–${x2(e.two_processes_vs_1.max)}] (${fmt(e.two_processes_records_per_s.median)} records/s combined, per round against that round's 1-worker run), so 2 workers in one process reach ${pct(e.speedup_2_vs_1 / e.two_processes_vs_1.median)} of it.`, '');
  L.push('### CPU time by stage (instrumented run, PITH_STAGE_TIMES)', '');
  L.push('Time inside each stage\'s synchronous code, summed over threads (≈ CPU time of that thread while it runs; preemption by other work inflates it), as a share of the process\'s user+sys CPU. Workers read, inflate, parse, extract and zstd-encode whole spans of the input; the main thread plans spans and writes the encoded chunks. "Not attributed" is the rest: GC, event loop, message passing and structured clone, thread start-up, file reads, the async plumbing of the reader between stages.', '');
  const ws = Object.values(e.by_workers) as any[];
  L.push(`| stage | ${ws.map((w) => `${w.workers} worker${w.workers > 1 ? 's' : ''}: s | share`).join(' | ')} |`, `|---|${ws.map(() => '---|---|').join('')}`);
  const names = [...new Set(ws.flatMap((w) => w.instrumented.stages.map((s: any) => s.stage)))];
  const order = ['read_gunzip', 'parse_warc', 'transfer', 'http_decode', 'extract', 'serialize', 'compress_write'];
  names.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  for (const n of names) {
    const label = ws[0].instrumented.stages.find((s: any) => s.stage === n)?.label ?? n;
    L.push(`| ${label} | ${ws.map((w) => { const s = w.instrumented.stages.find((x: any) => x.stage === n); return s ? `${s.seconds.toFixed(2)} | ${pct(s.share_of_cpu)}` : '– | –'; }).join(' | ')} |`);
  }
  L.push(`| not attributed | ${ws.map((w) => `${w.instrumented.unattributed_seconds.toFixed(2)} | ${pct(w.instrumented.unattributed_share)}`).join(' | ')} |`);
  L.push(`| **process CPU** | ${ws.map((w) => `${w.instrumented.cpu_seconds.toFixed(2)} | 100%`).join(' | ')} |`);
  L.push(`| extract, CPU estimate (wall scaled by the worker thread's CPU / its stage wall time, when below 1) | ${ws.map((w) => (w.instrumented.extract_cpu_seconds_estimate != null ? `${w.instrumented.extract_cpu_seconds_estimate.toFixed(2)} | ${pct(w.instrumented.extract_cpu_seconds_estimate / w.instrumented.cpu_seconds)}` : '– | –')).join(' | ')} |`);
  L.push(`| **outside extraction** (process CPU - extract CPU) | ${ws.map((w) => `${(w.instrumented.cpu_seconds * w.instrumented.outside_extract_share).toFixed(2)} | ${pct(w.instrumented.outside_extract_share)}`).join(' | ')} |`);
  L.push('');
  if (ws.every((w) => w.instrumented.threads)) {
    L.push('CPU time by thread (instrumented run; /proc/thread-self/stat, 10 ms ticks):', '');
    for (const w of ws) L.push(`- ${w.workers} worker(s): ${w.instrumented.threads.map((t: any) => `${t.thread} ${t.cpu_seconds != null ? t.cpu_seconds.toFixed(2) : '–'} s${t.stage_wall_seconds ? ` (stage wall ${t.stage_wall_seconds.toFixed(2)} s)` : ''}`).join('; ')}.`);
    L.push('');
  }
  L.push(`Instrumented runs: ${ws.map((w) => `${w.workers} worker(s) ${fmt(w.instrumented.records_per_s)} records/s (plain runs: median ${fmt(w.records_per_s.median)} [${fmt(w.records_per_s.min)}–${fmt(w.records_per_s.max)}])`).join('; ')}.`, '');
  return L;
}

function e2eMarkdown(e: any): string {
  if (!e) return '## End to end\n\nNot measured (bench/.cache/e2e.json missing).\n';
  const L: string[] = [];
  L.push('## End to end: `pith extract` on the dev WARC', '');
  L.push(`\`${e.command}\` on ${e.warc} (${fmt(e.input_mb)} MB gzipped), engine ${e.engine}, ${e.runs} runs per worker count (interleaved), ${e.date}. ` +
    'Each run is a fresh process, timed from spawn to exit (Node start-up and pool start-up included). CPU and peak RSS: /usr/bin/time on the process (all threads).', '');
  L.push(...workerTables(e));
  const ws = Object.values(e.by_workers) as any[];
  L.push('### Memory', '');
  L.push('One process: the main thread and the worker threads share its RSS, so the per-worker figures are estimates, measured two ways:', '');
  for (const w of ws) {
    const ww = (w.instrumented.workers ?? []).map((x: any) => `thread ${x.thread_id}: ${fmt(x.peak_heap_mb)} MB (${x.tasks} span tasks)`).join(', ');
    L.push(`- ${w.workers} worker(s): peak RSS of the process ${fmt(w.peak_rss_mb.median, 0)} MB; V8 heap peak (heap + external, incl. WASM memory, sampled after each span task) per worker: ${ww || '–'}.`);
  }
  if (e.marginal_rss_per_worker_mb != null) L.push(`- Marginal RSS of the second worker (median peak RSS with 2 workers - with 1): ${fmt(e.marginal_rss_per_worker_mb)} MB. This includes the native engine's Rust allocations, which the V8 heap figure does not.`);
  L.push('');
  if (e.soak) {
    const s = e.soak;
    L.push(`### Soak: ${s.records.toLocaleString('en-US')} records read, ${(s.extracted ?? s.records).toLocaleString('en-US')} extracted (${s.warc}, ${fmt(s.input_mb)} MB, read ${s.passes} times over by one process), ${s.workers} workers${s.date ? `, finished ${s.date}` : ''}`, '');
    L.push(`${fmt(s.seconds)} s, ${fmt(s.records_per_s)} records/s, peak RSS ${fmt(s.peak_rss_mb, 0)} MB. Over the last pass (the passes before it are the warm-up): RSS ${fmt(s.rss_last_pass_mb.min, 0)}-${fmt(s.rss_last_pass_mb.max, 0)} MB, least-squares slope ${s.rss_slope_last_pass_mb_per_10k_records.toFixed(2)} MB per 10k records. Worker heap peaks: ${s.worker_heap_peaks_mb.map((x: any) => `${fmt(x.peak_heap_mb)} MB`).join(', ')}.`, '');
    L.push('| fraction of the run | ' + s.rss_at_tenths.map((x: any) => `${Math.round(x.at_fraction * 100)}%`).join(' | ') + ' |');
    L.push('|---|' + s.rss_at_tenths.map(() => '---|').join(''));
    L.push('| RSS MB | ' + s.rss_at_tenths.map((x: any) => fmt(x.rss_mb, 0)).join(' | ') + ' |', '');
  } else {
    L.push('Soak (the 100,000-record WARC read twice by one process): not run here (opt-in: `SOAK=1 npm run bench`, or `npx tsx bench/speed/e2e.ts --soak`). bench/results/memory-flat.md has an earlier 20,000-record run.', '');
  }
  if (e.steady?.by_workers) {
    const st = e.steady;
    L.push(`## Steady state: the dev pages ${st.repeat} times over`, '');
    L.push(`The same runs on ${st.warc} (${fmt(st.input_mb)} MB gzipped), ${st.runs} runs per worker count (interleaved): the fixed cost of ` +
      'Node, the pool and its threads (about 0.4 s of wall time, more CPU with 2 workers) weighs a fifth as much as on the dev WARC, ' +
      'closer to a Common Crawl file of ~40,000 records.', '');
    L.push(...workerTables(st));
  }
  return L.join('\n');
}

main();
