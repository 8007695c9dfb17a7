#!/usr/bin/env node
// Driver for the peer side of the speed benchmark: `npm run bench:peers -- [options]`.
//
//   --runs R          timed passes per extractor (default 3); figures are the median with [min-max]
//   --limit N | --ids FILE   page subset (default: all 1,358 dev pages), the SAME list for every extractor
//   --warmup N        untimed warm-up pages per extractor (default 100)
//   --runs-for a=1,b=5  per-extractor override of --runs (for the slowest peers on a busy machine)
//   --peers a,b,...   subset of extractors (default: all, see PEERS below)
//   --no-warc         skip the WARC raw-cost rows
//   --skip-setup      do not run bench/setup.sh first
//   --out PREFIX      default bench/results/peers (bench/results/peers.partial with --limit/--ids)
//   --report-only     run nothing: rebuild PREFIX.{json,md} from the summaries already in bench/.cache/peers
//
// Runs bench/setup.sh, then every peer runner one after the other (nothing else of ours runs meanwhile), each in its
// own process on one thread; each writes bench/.cache/peers/<name>.{jsonl,summary.json}. Then it scores the jsonl
// outputs with the WCXB word F1 (a cross-check; bench/accuracy is the authoritative scorer) and writes
// PREFIX.json and PREFIX.md with the machine (nproc, CPU model), the date and the commit. See bench/speed/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync, execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CACHE = path.join(REPO, 'bench/.cache/peers');
const PY = path.join(REPO, 'bench/.venv/bin/python');
const RUST = path.join(REPO, 'bench/.cache/target-peers/release/pith-bench-peers');
const DATA = process.env.PITH_DEV_DATA || path.resolve(REPO, '..', 'shared', 'eval', 'wcxb-dev');

// name -> how to run it (all take the same --ids/--runs/--warmup/--out arguments)
const PEERS = {
  'lolhtml-passthrough': { cmd: [RUST, '--peer', 'lolhtml-passthrough'], kind: 'ceiling' },
  'lolhtml-tokenize': { cmd: [RUST, '--peer', 'lolhtml-tokenize'], kind: 'ceiling' },
  'rs-trafilatura': { cmd: [RUST, '--peer', 'rs-trafilatura'], kind: 'extractor' },
  resiliparse: { cmd: [PY, 'bench/peers/run_py.py', '--peer', 'resiliparse'], kind: 'extractor' },
  trafilatura: { cmd: [PY, 'bench/peers/run_py.py', '--peer', 'trafilatura'], kind: 'extractor' },
  'readability-lxml': { cmd: [PY, 'bench/peers/run_py.py', '--peer', 'readability-lxml'], kind: 'extractor' },
  justext: { cmd: [PY, 'bench/peers/run_py.py', '--peer', 'justext'], kind: 'extractor' },
  readability: { cmd: ['node', 'bench/peers/run_js.mjs', '--peer', 'readability'], kind: 'extractor' },
  defuddle: { cmd: ['node', 'bench/peers/run_js.mjs', '--peer', 'defuddle'], kind: 'extractor' },
};
const WARC_RAW = {
  'warc-raw-gunzip-node': ['node', 'bench/speed/warc-raw.mjs', '--mode', 'gunzip'],
  'warc-raw-warcio-node': ['node', 'bench/speed/warc-raw.mjs', '--mode', 'warcio'],
  'warc-raw-warcio-py': [PY, 'bench/speed/warc_raw.py', '--mode', 'warcio'],
  'warc-raw-fastwarc-py': [PY, 'bench/speed/warc_raw.py', '--mode', 'fastwarc'],
};

function parseArgs(argv) {
  const a = { runsFor: {}, runs: 3, limit: null, ids: null, warmup: 100, peers: Object.keys(PEERS), warc: true, setup: true, out: null };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i], v = () => argv[++i];
    if (k === '--runs') a.runs = Number(v());
    else if (k === '--limit') a.limit = Number(v());
    else if (k === '--ids') a.ids = v();
    else if (k === '--warmup') a.warmup = Number(v());
    else if (k === '--runs-for') a.runsFor = Object.fromEntries(v().split(',').map((x) => x.split('=')).map(([n, r]) => [n, Number(r)]));
    else if (k === '--peers') a.peers = v().split(',').filter(Boolean);
    else if (k === '--no-warc') a.warc = false;
    else if (k === '--skip-setup') a.setup = false;
    else if (k === '--out') a.out = v();
    else if (k === '--report-only') a.reportOnly = true;
    else throw new Error(`unknown option ${k}`);
  }
  for (const p of a.peers) if (!PEERS[p]) throw new Error(`unknown peer ${p}; known: ${Object.keys(PEERS).join(', ')}`);
  return a;
}

function sh(cmd) {
  try { return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch { return null; }
}

function machine() {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model;
  const mhz = /cpu MHz\s*:\s*(.*)/.exec(cpuinfo)?.[1]?.trim();
  return {
    nproc: Number(sh('nproc')) || os.cpus().length,
    cpu_model: model, cpu_mhz: mhz ? Number(mhz) : null,
    mem_gib: Math.round(os.totalmem() / 2 ** 30),
    kernel: os.release(), node: process.version,
    python: sh(`${PY} -c "import sys; print(sys.version.split()[0])"`),
    rustc: sh('rustc --version'),
    loadavg_at_start: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

// ---- word F1, the WCXB definition (same as bench/accuracy/metrics.ts: lower-cased \w+ as a bag) --------------
const WORD_RE = /[\p{L}\p{N}_]+/gu;
function bagOf(text) {
  const bag = new Map();
  let size = 0;
  for (const m of (text || '').toLowerCase().matchAll(WORD_RE)) { bag.set(m[0], (bag.get(m[0]) ?? 0) + 1); size++; }
  return { bag, size };
}
function f1(pred, gold) {
  if (pred.size === 0 && gold.size === 0) return 1;
  if (pred.size === 0 || gold.size === 0) return 0;
  let overlap = 0;
  for (const [w, n] of pred.bag) { const m = gold.bag.get(w); if (m) overlap += Math.min(n, m); }
  if (!overlap) return 0;
  const p = overlap / pred.size, r = overlap / gold.size;
  return (2 * p * r) / (p + r);
}

function scoreJsonl(file, golds, types) {
  if (!fs.existsSync(file)) return null;
  const byType = {};
  let sum = 0, n = 0, empty = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const o = JSON.parse(line);
    const g = golds.get(o.id);
    if (!g) continue;
    if (!o.text || !o.text.trim()) empty++;
    const s = f1(bagOf(o.text), g);
    sum += s; n++;
    const t = types[o.id] ?? 'unknown';
    (byType[t] ??= { sum: 0, n: 0 }).sum += s;
    byType[t].n++;
  }
  const r3 = (x) => Math.round(x * 1000) / 1000;
  return {
    pages: n, empty_outputs: empty, word_f1: r3(sum / n),
    by_type: Object.fromEntries(Object.entries(byType).sort().map(([t, v]) => [t, { pages: v.n, word_f1: r3(v.sum / v.n) }])),
  };
}

// pages per CPU-second of the process (user+sys), median over runs: less sensitive than wall time to other load
function cpuRate(s) {
  const v = s.runs.filter((r) => r.cpu_seconds > 0).map((r) => s.pages / r.cpu_seconds).sort((x, y) => x - y);
  if (!v.length) return null;
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

const fmt = (x, d = 1) => (x == null ? '–' : x >= 100 ? x.toFixed(0) : x.toFixed(d));

function main() {
  const a = parseArgs(process.argv.slice(2));
  const partial = a.limit != null || a.ids != null;
  const out = a.out ?? path.join(REPO, 'bench/results', partial ? 'peers.partial' : 'peers');
  const started = new Date();

  if (a.reportOnly) { a.setup = false; }
  if (a.setup) {
    const r = spawnSync('bash', ['bench/setup.sh'], { cwd: REPO, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('bench/setup.sh failed');
  }

  // the one page list every extractor gets
  const meta = JSON.parse(fs.readFileSync(path.join(DATA, 'metadata.json'), 'utf8')).files;
  let ids = a.ids ? fs.readFileSync(a.ids, 'utf8').split(/\s+/).filter(Boolean) : Object.keys(meta).sort();
  if (a.limit) ids = ids.slice(0, a.limit);
  fs.mkdirSync(CACHE, { recursive: true });
  const idsFile = path.join(CACHE, 'ids.txt');
  if (!a.reportOnly) fs.writeFileSync(idsFile, ids.join('\n') + '\n');
  const mach = machine();

  const common = (name) => ['--ids', idsFile, '--runs', String(a.runsFor[name] ?? a.runs), '--warmup', String(a.warmup), '--out', CACHE];
  const summaries = {};
  for (const name of a.peers) {
    if (a.reportOnly) {
      const sf = path.join(CACHE, `${name}.summary.json`);
      if (fs.existsSync(sf)) summaries[name] = { kind: PEERS[name].kind, ...JSON.parse(fs.readFileSync(sf, 'utf8')) };
      continue;
    }
    const [bin, ...args] = PEERS[name].cmd;
    process.stderr.write(`\n== ${name} (${ids.length} pages, ${a.runsFor[name] ?? a.runs} runs)\n`);
    fs.rmSync(path.join(CACHE, `${name}.summary.json`), { force: true });
    const r = spawnSync(bin, [...args, ...common(name)], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
    const sf = path.join(CACHE, `${name}.summary.json`);
    if (r.status !== 0 || !fs.existsSync(sf)) { process.stderr.write(`!! ${name} failed (exit ${r.status})\n`); continue; }
    summaries[name] = { kind: PEERS[name].kind, ...JSON.parse(fs.readFileSync(sf, 'utf8')) };
  }
  // RSS baseline: the same runner, pages loaded, nothing extracted (peak RSS includes the corpus held in memory)
  for (const [name, s] of Object.entries(summaries)) {
    if (s.rss_after_load_mb != null) continue;
    const lf0 = path.join(CACHE, `${name}.load.json`);
    if (a.reportOnly && fs.existsSync(lf0)) {
      const l = JSON.parse(fs.readFileSync(lf0, 'utf8'));
      if (l.pages === s.pages) { s.rss_after_load_mb = l.rss_after_load_mb; continue; }
    }
    const [bin, ...args] = PEERS[name].cmd;
    const r = spawnSync(bin, [...args, '--ids', idsFile, '--load-only', '--out', CACHE], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
    const lf = path.join(CACHE, `${name}.load.json`);
    if (r.status === 0 && fs.existsSync(lf)) s.rss_after_load_mb = JSON.parse(fs.readFileSync(lf, 'utf8')).rss_after_load_mb;
  }
  for (const [name, s] of Object.entries(summaries)) {
    s.measured_at = fs.statSync(path.join(CACHE, `${name}.summary.json`)).mtime.toISOString().replace(/\.\d+Z$/, 'Z');
  }

  // WARC raw cost (on the WARC built from the same pages)
  const warcRows = {};
  if (a.warc && a.reportOnly) {
    for (const name of Object.keys(WARC_RAW)) {
      const sf = path.join(CACHE, `${name}.summary.json`);
      if (fs.existsSync(sf)) warcRows[name] = JSON.parse(fs.readFileSync(sf, 'utf8'));
    }
  } else if (a.warc) {
    const warc = path.join(REPO, 'bench/.cache', partial ? `dev-ids-${ids.length}.warc.gz` : 'dev.warc.gz');
    if (partial || !fs.existsSync(warc)) {
      const args = ['bench/make-dev-warc.py', '--out', warc];
      if (partial) args.push('--ids', idsFile);
      const r = spawnSync(PY, args, { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
      if (r.status !== 0) throw new Error('make-dev-warc.py failed');
    }
    for (const [name, cmd] of Object.entries(WARC_RAW)) {
      const [bin, ...args] = cmd;
      process.stderr.write(`\n== ${name}\n`);
      const r = spawnSync(bin, [...args, '--warc', warc, '--runs', String(a.runs), '--out', CACHE], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
      const sf = path.join(CACHE, `${name}.summary.json`);
      if (r.status !== 0 || !fs.existsSync(sf)) { process.stderr.write(`!! ${name} failed\n`); continue; }
      warcRows[name] = JSON.parse(fs.readFileSync(sf, 'utf8'));
    }
  }

  // accuracy cross-check
  process.stderr.write('\n== scoring (word F1)\n');
  const golds = new Map();
  for (const id of ids) {
    const g = JSON.parse(fs.readFileSync(path.join(DATA, 'ground-truth', `${id}.json`), 'utf8'));
    golds.set(id, bagOf(g.ground_truth?.main_content ?? ''));
  }
  const types = Object.fromEntries(ids.map((id) => [id, meta[id]?.page_type]));
  for (const [name, s] of Object.entries(summaries)) {
    if (s.kind !== 'extractor') continue;
    s.accuracy = scoreJsonl(path.join(CACHE, `${name}.jsonl`), golds, types);
  }

  const finished = new Date();
  const result = {
    meta: {
      what: 'peer extractors: single process, single thread, warm; pages decompressed in memory before timing',
      date: started.toISOString().replace(/\.\d+Z$/, 'Z'), finished: finished.toISOString().replace(/\.\d+Z$/, 'Z'),
      command: `npm run bench:peers -- ${process.argv.slice(2).join(' ')}`.trim(),
      commit: sh('git rev-parse --short HEAD'), machine: mach,
      pages: a.reportOnly ? (Object.values(summaries)[0]?.pages ?? ids.length) : ids.length, html_mb: Object.values(summaries)[0] ? Object.values(summaries)[0].bytes / 1e6 : null,
      runs: a.reportOnly ? Object.values(summaries)[0]?.runs.length : a.runs,
      warmup_pages: a.reportOnly ? Object.values(summaries)[0]?.warmup_pages : a.warmup, data: DATA,
      report_only: a.reportOnly ? 'rebuilt from the summaries in bench/.cache/peers (see measured_at per row)' : undefined,
      accuracy_note: 'word F1 = WCXB definition (lower-cased \\w+ bags), mean over all listed pages incl. the id%5==0 holdout; a cross-check, bench/accuracy is authoritative',
    },
    extractors: summaries,
    warc_raw: warcRows,
  };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(`${out}.json`, JSON.stringify(result, null, 1) + '\n');
  fs.writeFileSync(`${out}.md`, markdown(result));
  process.stderr.write(`\nwrote ${path.relative(REPO, out)}.json and .md\n`);
  process.stdout.write(markdown(result));
}

function markdown(r) {
  const m = r.meta, mc = m.machine;
  const L = [];
  const ex = Object.values(r.extractors);
  L.push('# Peer extractors: speed and accuracy', '');
  L.push(`${m.date} · ${mc.cpu_model}, ${mc.nproc} cores, ${mc.mem_gib} GiB · Node ${mc.node}, Python ${mc.python}, ${mc.rustc} · commit ${m.commit}`, '');
  L.push(`${m.pages} WCXB dev pages (${fmt(m.html_mb)} MB of HTML), decompressed into memory before timing; ${m.warmup_pages} warm-up pages; ` +
    `each extractor in its own process, one thread, pages one after the other; median of ${m.runs} timed passes [min–max]` +
    `${ex.some((s) => s.runs.length !== m.runs) ? ` (except: ${ex.filter((s) => s.runs.length !== m.runs).map((s) => `${s.name} ${s.runs.length}`).join(', ')})` : ''}. ` +
    (m.report_only
      ? `Rebuilt by \`${m.command}\` from the per-extractor summaries: the rows were measured at the times shown, not all in one run. `
      : `All rows come from this one run (\`${m.command}\`). `) +
    `Peak RSS = VmHWM of the process; it includes the pages held in memory, so "RSS after load" gives the same runner's RSS with the pages loaded and nothing extracted yet ` +
    `(the extractor's own memory is roughly the difference; Rust holds bytes and a decoded copy, Python and Node hold decoded strings). ` +
    `Pages per CPU-s = pages / (user+sys CPU time of the timed pass), median over passes: it moves less than wall time when other work shares the machine.`, '');
  const types = [...new Set(ex.flatMap((s) => Object.keys(s.accuracy?.by_type ?? {})))].sort();
  L.push('| extractor | version | pages/s median [min–max] | MB/s | pages per CPU-s | peak RSS MB | RSS after load MB | measured (UTC) | word F1 | ' + types.join(' | ') + ' |');
  L.push('|---|---|---|---|---|---|---|---|---|' + types.map(() => '---|').join(''));
  for (const s of ex.sort((x, y) => y.median_pages_per_s - x.median_pages_per_s)) {
    const acc = s.accuracy;
    const label = s.kind === 'ceiling' ? `*${s.name}* (ceiling)` : s.name;
    L.push(`| ${label} | ${s.version} | ${fmt(s.median_pages_per_s)} [${fmt(s.min)}–${fmt(s.max)}] | ${fmt(s.median_mb_per_s, 2)} | ${fmt(cpuRate(s))} | ${fmt(s.peak_rss_mb, 0)} | ${fmt(s.rss_after_load_mb, 0)} | ${(s.measured_at ?? '').slice(11, 16)} | ` +
      `${acc ? acc.word_f1.toFixed(3) : '–'} | ` + types.map((t) => (acc?.by_type[t] ? acc.by_type[t].word_f1.toFixed(3) : '–')).join(' | ') + ' |');
  }
  L.push('');
  if (types.length) {
    const counts = ex.find((s) => s.accuracy)?.accuracy.by_type ?? {};
    L.push('Pages per type: ' + types.map((t) => `${t} ${counts[t]?.pages ?? 0}`).join(', ') + '.', '');
  }
  L.push('How each is called (input: the page as a decoded string, except the lol-html rows which get bytes):', '');
  for (const s of ex) L.push(`- **${s.name}** ${s.version} (${s.language}): ${s.library}${s.errors ? `; ${s.errors} pages raised an error (scored as empty)` : ''}`);
  L.push('');
  const w = Object.values(r.warc_raw);
  if (w.length) {
    const f = w.find((x) => x.pages != null) ?? w[0];
    L.push('## Raw cost of reading the WARC (no extraction)', '');
    L.push(`\`${f.warc}\`: ${f.pages} response records, ${fmt(f.input_bytes / 1e6)} MB gzipped (one member per record), ${fmt(f.bytes / 1e6)} MB of payload; file in memory before timing; median of ${m.runs} [min–max].`, '');
    L.push('| reader | version | records/s median [min–max] | MB/s of payload | MB/s of input (gz) | peak RSS MB |');
    L.push('|---|---|---|---|---|---|');
    for (const s of w) {
      L.push(`| ${s.name} | ${s.version} | ${s.median_pages_per_s == null ? '– (no parsing)' : `${fmt(s.median_pages_per_s)} [${fmt(s.min)}–${fmt(s.max)}]`} | ${fmt(s.median_mb_per_s)} [${fmt(s.min_mb_per_s)}–${fmt(s.max_mb_per_s)}] | ${fmt(s.median_input_mb_per_s)} | ${fmt(s.peak_rss_mb, 0)} |`);
    }
    L.push('');
    for (const s of w) L.push(`- **${s.name}**: ${s.library}`);
    L.push('');
  }
  L.push(`Load average at start: ${mc.loadavg_at_start.join(' ')} (other work on this ${mc.nproc}-core machine affects the figures).`, '');
  return L.join('\n');
}

main();
