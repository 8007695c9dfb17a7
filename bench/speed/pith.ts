// pith's single-thread speed runner: the same protocol as the peer runners (bench/speed/README.md).
//
//   node --expose-gc --import tsx bench/speed/pith.ts --engine native|wasm|both
//        [--ids FILE | --limit N] [--runs R] [--warmup N] [--long-pass K] [--out DIR] [--load-only] [--serve]
//
// 1. pages: all WCXB dev pages (or --ids / --limit), each html/NNNN.html.gz gunzipped into memory (untimed);
// 2. warm-up on the first --warmup pages (default 100), untimed;
// 3. --runs R timed passes (default 3) over all pages on the main thread, one page after the other:
//    extractRaw(bytes, request, engine) + JSON.parse of the response (what extractHtml does), request =
//    {"hints":{"url":..,"contentType":"text/html; charset=utf-8"},"options":{"markdown":false}} (balanced, text
//    only: what `pith extract` writes by default and what the peers give);
//    wall clock around the pass, user+sys CPU of the pass, and the time of every call;
// 4. writes bench/.cache/peers/pith-<engine>.summary.json (the peer summary format, plus size_buckets and
//    scaling) and bench/.cache/pith/pith-<engine>.jsonl (first timed pass: id, text, title, author, date) and
//    pith-<engine>.hashes.json (sha1 of every raw response, for the native/WASM identity check).
//    Not in bench/.cache/peers/*.jsonl on purpose: bench/accuracy scores pith itself and would list it twice.
//
// --engine both runs native then wasm, each in its own process (clean peak RSS), then compares the outputs
// page by page (raw response JSON, byte for byte) into parity.json beside the summaries (--out), then measures the WASM/native
// ratio in interleaved pairs (--pairs-only: only that): one process, both engines warmed up, then --runs pairs of
// passes over all pages, native then WASM and WASM then native in turn, so that both engines of a pair run under
// the same load of this shared machine; pairs.json beside the summaries holds every pair's ratio.
//
// --serve (one engine): after the warm-up, prints "ready", then one timed pass per line read on stdin, printing its
// pages/s, until stdin closes (bench/speed/peer-pairs.ts interleaves it with a peer runner's --serve).
//
// Size buckets (decompressed HTML): <50 KB, 50-200 KB, 200 KB-1 MB, >1 MB (KB = 1000 bytes): per bucket the time
// per MB = summed call time / summed MB, median over the passes. Scaling: pages/s over the first 340, 680 and
// all pages (summed call times of those pages within the same passes; median over passes), and a long pass: one
// more timed pass over the pages cycled K times (--long-pass, default 3), pages/s per cycle (flat = independent of
// how many pages came before). Peak RSS is read after the long pass.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import readline from 'node:readline';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { extractRaw, engineAvailable, coreSourceHash, type EngineName } from '../../ts/engine/index.js';
import { linearFit, median } from './stats.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PITH_CACHE = path.join(REPO, 'bench', '.cache', 'pith');

interface Args {
  engine: string;
  data: string;
  out: string;
  ids: string | null;
  limit: number | null;
  runs: number;
  warmup: number;
  loadOnly: boolean;
  pairsOnly: boolean;
  serve: boolean;
  /** Cycles of the extra long pass (0: none). */
  longPass: number;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    engine: 'both',
    data: process.env.PITH_DEV_DATA || path.resolve(REPO, '..', 'shared', 'eval', 'wcxb-dev'),
    out: path.join(REPO, 'bench', '.cache', 'peers'),
    ids: null, limit: null, runs: 3, warmup: 100, loadOnly: false, pairsOnly: false, serve: false, longPass: 3,
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]!, v = () => argv[++i]!;
    if (k === '--engine') a.engine = v();
    else if (k === '--data') a.data = v();
    else if (k === '--out') a.out = v();
    else if (k === '--ids') a.ids = v();
    else if (k === '--limit') a.limit = Number(v());
    else if (k === '--runs') a.runs = Number(v());
    else if (k === '--warmup') a.warmup = Number(v());
    else if (k === '--load-only') a.loadOnly = true;
    else if (k === '--pairs-only') a.pairsOnly = true;
    else if (k === '--serve') a.serve = true;
    else if (k === '--long-pass') a.longPass = Number(v());
    else throw new Error(`unknown argument ${k}`);
  }
  if (!['native', 'wasm', 'both'].includes(a.engine)) throw new Error('--engine native|wasm|both');
  return a;
}

function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export const BUCKETS: { name: string; lo: number; hi: number }[] = [
  { name: '<50 KB', lo: 0, hi: 50e3 },
  { name: '50-200 KB', lo: 50e3, hi: 200e3 },
  { name: '200 KB-1 MB', lo: 200e3, hi: 1e6 },
  { name: '>1 MB', lo: 1e6, hi: Infinity },
];
const SCALING = [340, 680];

function pageIds(a: Args, files: Record<string, unknown>): string[] {
  let ids = a.ids ? fs.readFileSync(a.ids, 'utf8').split(/\s+/).filter(Boolean) : Object.keys(files).sort();
  if (a.limit) ids = ids.slice(0, a.limit);
  return ids;
}

function runBoth(a: Args) {
  if (a.pairsOnly) return runPairs(a);
  const pass = process.argv.slice(2).filter((x, i, all) => x !== '--engine' && all[i - 1] !== '--engine');
  for (const engine of ['native', 'wasm']) {
    process.stderr.write(`\n== pith-${engine}\n`);
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--engine', engine, ...pass], { cwd: REPO, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`pith-${engine} runner failed (exit ${r.status})`);
  }
  if (a.loadOnly) return;
  // identity of the two engines' outputs
  const h = (e: string) => JSON.parse(fs.readFileSync(path.join(PITH_CACHE, `pith-${e}.hashes.json`), 'utf8')) as Record<string, string>;
  const n = h('native'), w = h('wasm');
  const ids = Object.keys(n);
  const differ = ids.filter((id) => n[id] !== w[id]);
  const parity = {
    pages: ids.length,
    identical: ids.length - differ.length,
    differ: differ.length,
    differing_ids: differ.slice(0, 50),
    compared: 'raw response JSON of extractRaw (every field), byte for byte, first timed pass of each engine',
    native_core_source_hash: safe(() => coreSourceHash('native')),
    wasm_core_source_hash: safe(() => coreSourceHash('wasm')),
  };
  fs.writeFileSync(path.join(a.out, 'parity.json'), JSON.stringify(parity, null, 1) + '\n');
  process.stderr.write(`native vs wasm: ${parity.identical}/${parity.pages} pages identical\n`);
  runPairs(a);
}

/** The pages of the run, gunzipped into memory, with their URLs. */
function loadPages(a: Args) {
  const files = JSON.parse(fs.readFileSync(path.join(a.data, 'metadata.json'), 'utf8')).files as Record<string, { url?: string }>;
  return pageIds(a, files).map((id) => {
    const bytes = new Uint8Array(zlib.gunzipSync(fs.readFileSync(path.join(a.data, 'html', `${id}.html.gz`))));
    // Text only, as the peers give and as `pith extract` writes by default: the library API's
    // default also renders Markdown.
    const request = JSON.stringify({ hints: { url: files[id]?.url ?? null, contentType: 'text/html; charset=utf-8' }, options: { markdown: false } });
    return { id, bytes, request };
  });
}

/** WASM/native pages/s in interleaved pairs of passes (see the header). */
function runPairs(a: Args) {
  for (const engine of ['native', 'wasm'] as const) if (!engineAvailable(engine)) throw new Error(`engine ${engine} not built (npm run build:${engine})`);
  const pages = loadPages(a);
  const pass = (engine: EngineName) => {
    const t0 = process.hrtime.bigint();
    for (const p of pages) JSON.parse(extractRaw(p.bytes, p.request, engine));
    return pages.length / (Number(process.hrtime.bigint() - t0) / 1e9);
  };
  const warm = pages.slice(0, Math.min(a.warmup, pages.length));
  for (const engine of ['native', 'wasm'] as const) for (const p of warm) extractRaw(p.bytes, p.request, engine);
  const gc = (globalThis as { gc?: () => void }).gc;
  const pairs: { native_pages_per_s: number; wasm_pages_per_s: number; ratio: number }[] = [];
  for (let r = 0; r < a.runs; r++) {
    gc?.();
    const order: EngineName[] = r % 2 ? ['wasm', 'native'] : ['native', 'wasm'];
    const pps: Partial<Record<EngineName, number>> = {};
    for (const engine of order) pps[engine] = pass(engine);
    const pair = { native_pages_per_s: pps.native!, wasm_pages_per_s: pps.wasm!, ratio: pps.wasm! / pps.native! };
    pairs.push(pair);
    process.stderr.write(`pair ${r + 1} (${order.join(' then ')}): native ${pair.native_pages_per_s.toFixed(1)}, wasm ${pair.wasm_pages_per_s.toFixed(1)} pages/s, WASM/native ${pair.ratio.toFixed(3)}\n`);
  }
  const ratios = pairs.map((p) => p.ratio);
  const out = { date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), pages: pages.length, pairs, median_ratio: median(ratios), min_ratio: Math.min(...ratios), max_ratio: Math.max(...ratios) };
  fs.mkdirSync(a.out, { recursive: true });
  fs.writeFileSync(path.join(a.out, 'pairs.json'), JSON.stringify(out, null, 1) + '\n');
  process.stderr.write(`WASM/native in interleaved pairs: median ${out.median_ratio.toFixed(3)} [${out.min_ratio.toFixed(3)}-${out.max_ratio.toFixed(3)}]\n`);
}

/** --serve: "ready", then one timed pass per stdin line, its pages/s printed as a JSON line. */
async function serve(pageCount: number, pass: () => void, gc: (() => void) | undefined) {
  process.stdout.write('ready\n');
  for await (const _ of readline.createInterface({ input: process.stdin })) {
    gc?.();
    const t0 = process.hrtime.bigint();
    pass();
    process.stdout.write(JSON.stringify({ pages_per_s: pageCount / (Number(process.hrtime.bigint() - t0) / 1e9) }) + '\n');
  }
}

function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}

function runOne(a: Args) {
  const engine = a.engine as EngineName;
  if (!engineAvailable(engine)) throw new Error(`engine ${engine} not built (npm run build:${engine})`);
  const name = `pith-${engine}`;
  const pages = loadPages(a);
  const totalBytes = pages.reduce((s, p) => s + p.bytes.length, 0);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const rssAfterLoad = process.memoryUsage().rss / 2 ** 20;
  fs.mkdirSync(a.out, { recursive: true });
  fs.mkdirSync(PITH_CACHE, { recursive: true });
  if (a.loadOnly) {
    fs.writeFileSync(path.join(a.out, `${name}.load.json`), JSON.stringify({ name, pages: pages.length, rss_after_load_mb: rssAfterLoad, peak_rss_mb: peakRssMb() }));
    return;
  }

  const call = (p: (typeof pages)[number]) => {
    const raw = extractRaw(p.bytes, p.request, engine);
    return { raw, res: JSON.parse(raw) };
  };

  const warm = Math.min(a.warmup, pages.length);
  for (let i = 0; i < warm; i++) call(pages[i]!);
  if (a.serve) return serve(pages.length, () => pages.forEach(call), gc);

  const runs: { seconds: number; cpu_seconds: number; pages_per_s: number; mb_per_s: number; errors: number }[] = [];
  const perPage: Float64Array[] = [];
  let first: { raw: string; res: any }[] | null = null;
  for (let r = 0; r < a.runs; r++) {
    gc?.();
    const times = new Float64Array(pages.length);
    const outs: { raw: string; res: any }[] = new Array(pages.length);
    let errors = 0;
    const c0 = cpuSeconds();
    const t0 = process.hrtime.bigint();
    let prev = t0;
    for (let i = 0; i < pages.length; i++) {
      const o = call(pages[i]!);
      const t = process.hrtime.bigint();
      times[i] = Number(t - prev) / 1e9;
      prev = t;
      if (!o.res.ok) errors++;
      if (r === 0) outs[i] = o;
    }
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = cpuSeconds() - c0;
    process.stderr.write(`${name} run ${r + 1}: ${secs.toFixed(3)}s ${(pages.length / secs).toFixed(1)} pages/s ${(totalBytes / 1e6 / secs).toFixed(2)} MB/s errors=${errors}\n`);
    runs.push({ seconds: secs, cpu_seconds: cpu, pages_per_s: pages.length / secs, mb_per_s: totalBytes / 1e6 / secs, errors });
    perPage.push(times);
    if (r === 0) first = outs;
  }
  // page count: one more timed pass over the pages cycled --long-pass times; pages/s per cycle
  let longPass: { cycles: number; pages: number; seconds: number; pages_per_s: number; per_cycle_pages_per_s: number[] } | null = null;
  if (a.longPass > 0) {
    gc?.();
    const per: number[] = [];
    const t0 = process.hrtime.bigint();
    for (let c = 0; c < a.longPass; c++) {
      const tc = process.hrtime.bigint();
      for (const p of pages) call(p);
      per.push(pages.length / (Number(process.hrtime.bigint() - tc) / 1e9));
    }
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    longPass = { cycles: a.longPass, pages: a.longPass * pages.length, seconds: secs, pages_per_s: (a.longPass * pages.length) / secs, per_cycle_pages_per_s: per };
    process.stderr.write(`${name} long pass (${a.longPass} cycles): ${longPass.pages_per_s.toFixed(1)} pages/s; per cycle ${per.map((x) => x.toFixed(1)).join(', ')}\n`);
  }
  const peak = peakRssMb();

  // size buckets: time per MB, per pass, median over passes
  const sizeBuckets = BUCKETS.map((b) => {
    const idx = pages.map((p, i) => [p, i] as const).filter(([p]) => p.bytes.length >= b.lo && p.bytes.length < b.hi).map(([, i]) => i);
    const mb = idx.reduce((s, i) => s + pages[i]!.bytes.length, 0) / 1e6;
    const perRun = perPage.map((t) => idx.reduce((s, i) => s + t[i]!, 0));
    const msPerMb = perRun.map((s) => (mb ? (s * 1000) / mb : NaN));
    const msPerPage = perRun.map((s) => (idx.length ? (s * 1000) / idx.length : NaN));
    return {
      bucket: b.name, pages: idx.length, mb,
      median_ms_per_mb: median(msPerMb), min_ms_per_mb: Math.min(...msPerMb), max_ms_per_mb: Math.max(...msPerMb),
      median_ms_per_page: median(msPerPage),
    };
  });
  // scaling: pages/s over the first N pages (within the same passes)
  const scaling = [...SCALING.filter((n) => n < pages.length), pages.length].map((n) => {
    const pps = perPage.map((t) => n / t.subarray(0, n).reduce((s, x) => s + x, 0));
    const mb = pages.slice(0, n).reduce((s, p) => s + p.bytes.length, 0) / 1e6;
    const mbps = perPage.map((t) => mb / t.subarray(0, n).reduce((s, x) => s + x, 0));
    return { first_pages: n, mb, median_pages_per_s: median(pps), min: Math.min(...pps), max: Math.max(...pps), median_mb_per_s: median(mbps) };
  });
  // linear fit of call time against page size over all pages (first pass): seconds = a + b * MB
  const line = linearFit(pages.map((p, i): [number, number] => [p.bytes.length / 1e6, perPage[0]![i]!]));
  const fit = { ms_per_mb: line.slope * 1000, intercept_ms: line.intercept * 1000, r2: line.r2 };

  const lines: string[] = [];
  const hashes: Record<string, string> = {};
  pages.forEach((p, i) => {
    const o = first![i]!;
    hashes[p.id] = createHash('sha1').update(o.raw).digest('hex');
    const r = o.res.ok ? o.res.result : null;
    const line: Record<string, unknown> = { id: p.id, text: r?.text ?? null, title: r?.title ?? null, author: r?.author ?? null, date: r?.published ?? null };
    if (!o.res.ok) line.error = `${o.res.error.kind}: ${o.res.error.message}`;
    lines.push(JSON.stringify(line));
  });
  fs.writeFileSync(path.join(PITH_CACHE, `${name}.jsonl`), lines.join('\n') + '\n');
  fs.writeFileSync(path.join(PITH_CACHE, `${name}.hashes.json`), JSON.stringify(hashes) + '\n');

  const version = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
  const pps = runs.map((r) => r.pages_per_s), mbs = runs.map((r) => r.mb_per_s);
  const summary = {
    name, version,
    library: `pith ${engine} engine: extractRaw(bytes, {"hints":{url,contentType},"options":{"markdown":false}}, '${engine}') + JSON.parse of the response (default options but markdown: false: text only, as pith extract's default)`,
    language: `node ${process.version}`,
    input: 'bytes', pages: pages.length, bytes: totalBytes, warmup_pages: warm, runs,
    median_pages_per_s: median(pps), min: Math.min(...pps), max: Math.max(...pps),
    median_mb_per_s: median(mbs), min_mb_per_s: Math.min(...mbs), max_mb_per_s: Math.max(...mbs),
    peak_rss_mb: peak, rss_after_load_mb: rssAfterLoad, errors: runs[0]?.errors ?? 0,
    size_buckets: sizeBuckets, scaling, size_fit: fit, long_pass: longPass,
    core_source_hash: safe(() => coreSourceHash(engine)),
  };
  fs.writeFileSync(path.join(a.out, `${name}.summary.json`), JSON.stringify(summary, null, 2) + '\n');
  process.stdout.write(JSON.stringify({ name, median_pages_per_s: summary.median_pages_per_s, min: summary.min, max: summary.max, peak_rss_mb: peak }) + '\n');
}

const args = parseArgs(process.argv.slice(2));
if (args.engine === 'both') runBoth(args);
else runOne(args);
