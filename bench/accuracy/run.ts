// pith accuracy harness: runs pith (and scores peer outputs) over the WCXB dev set.
//
//   npm run accuracy -- [--engine native|wasm|both|fake] [--favor precision|balanced|recall|all]
//                       [--ids 0001,0002 | --limit N] [--worst N] [--dump DIR] [--speed-runs N] [--markdown]
//                       [--no-peers] [--compare FILE] [--out PREFIX] [--data DIR]
//
// Writes bench/results/accuracy.{json,md} for full runs, bench/results/accuracy.partial.{json,md} when --ids or
// --limit select a subset (override with --out). See bench/accuracy/README.md.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { allIds, dataAvailable, loadBytes, loadPages, type Page } from './dataset.js';
import { renderMarkdown, type ReportInput, type Row, type SpeedResult } from './report.js';
import { addStructure, emptyStructure, scoreStructure } from './structure.js';
import { scorePage, summarize, type Output as ScoredOutput, type PageScore } from './score.js';
import { hasVerdicts, scoreAcceptance, scorePageTypes, type Verdict } from './classify.js';
import { bagOf } from './metrics.js';
import { median } from '../speed/stats.js';

/** An extractor's output: what is scored, plus pith's verdict (page type, accepted, reject reason) when it has one. */
type Output = ScoredOutput & Verdict;

/** Gold articles with fewer words than this count as short articles in the acceptance table. */
export const SHORT_ARTICLE_WORDS = 200;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..');
const PEER_DIR = path.join(REPO, 'bench', '.cache', 'peers');
const FAVORS = ['precision', 'balanced', 'recall'] as const;
type Favor = (typeof FAVORS)[number];
type Engine = 'native' | 'wasm' | 'fake';

interface Args {
  engine: string;
  favor: string;
  ids: string[] | null;
  limit: number | null;
  worst: number;
  dump: string | null;
  speedRuns: number;
  warmup: number;
  markdown: boolean;
  peers: boolean;
  common: boolean;
  compare: string | null;
  out: string | null;
  data: string;
  cache: string;
}

const USAGE = `usage: npm run accuracy -- [options]
  --engine native|wasm|both|fake   engines to run (default both; fake = tag stripper, for testing the harness)
  --favor precision|balanced|recall|all   favor modes to score (default balanced)
  --ids 0001,0002 | --limit N      quick runs (--limit: N pages evenly spread over the id range)
  --worst N                        print the N worst pages per type for each pith run
  --dump DIR                       write DIR/<extractor>/<id>.txt (+ DIR/gold/<id>.txt, scores.tsv)
  --speed-runs N                   timed passes per engine, median reported (default 3 with --engine both,
                                   else 1; the first pass is also the accuracy pass)
  --warmup N                       untimed calls on the first N pages before each engine/favor (default 20)
  --markdown                       ask the engine for markdown too (off by default)
  --no-peers                       do not score bench/.cache/peers/*.jsonl
  --common                         only the pages every scored peer has output for
  --compare FILE                   print F1 deltas against an earlier accuracy.json
  --out PREFIX                     output prefix (default bench/results/accuracy[.partial])
  --data DIR                       dev set (default $PITH_DEV_DATA or ../shared/eval/wcxb-dev)
  --cache DIR                      decompressed pages and derived facts (default bench/accuracy/.cache)`;

function parseArgs(argv: string[]): Args {
  const a: Args = {
    engine: 'both', favor: 'balanced', ids: null, limit: null, worst: 0, dump: null, speedRuns: 0, warmup: 20,
    markdown: false, peers: true, common: false, compare: null, out: null,
    data: process.env.PITH_DEV_DATA || path.resolve(REPO, '..', 'shared', 'eval', 'wcxb-dev'),
    cache: path.join(HERE, '.cache'),
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${k} needs a value`);
      return x;
    };
    const int = () => {
      const n = Number(v());
      if (!Number.isInteger(n) || n < 0) throw new Error(`${k} needs a non-negative integer`);
      return n;
    };
    switch (k) {
      case '--engine': a.engine = v(); break;
      case '--favor': a.favor = v(); break;
      case '--ids': a.ids = v().split(/[,\s]+/).filter(Boolean).map((x) => x.padStart(4, '0')); break;
      case '--limit': a.limit = int(); break;
      case '--worst': a.worst = int(); break;
      case '--dump': a.dump = v(); break;
      case '--speed-runs': a.speedRuns = Math.max(1, int()); break;
      case '--warmup': a.warmup = int(); break;
      case '--markdown': a.markdown = true; break;
      case '--no-peers': a.peers = false; break;
      case '--common': a.common = true; break;
      case '--compare': a.compare = v(); break;
      case '--out': a.out = v(); break;
      case '--data': a.data = v(); break;
      case '--cache': a.cache = v(); break;
      case '-h': case '--help': console.log(USAGE); process.exit(0);
      default: throw new Error(`unknown argument ${k}\n${USAGE}`);
    }
  }
  if (!['native', 'wasm', 'both', 'fake'].includes(a.engine)) throw new Error(`bad --engine ${a.engine}`);
  // The full report (both engines) times 3 passes; a single-engine run is the tuning loop: one pass.
  if (a.speedRuns === 0) a.speedRuns = a.engine === 'both' ? 3 : 1;
  if (![...FAVORS, 'all'].includes(a.favor)) throw new Error(`bad --favor ${a.favor}`);
  return a;
}

// ---- extractors ------------------------------------------------------------------------------------------------

type ExtractFn = (bytes: Uint8Array, page: Page) => Output;

interface EngineModule {
  extractHtml: (bytes: Uint8Array, options: any) => any;
  engineAvailable?: (engine: 'native' | 'wasm') => boolean;
}

async function loadEngine(): Promise<EngineModule | string> {
  try {
    const spec = '../../ts/engine/index.js';
    return (await import(spec)) as EngineModule;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * A stand-in extractor: visible text of <body>. Lets the harness run (and be tested) without the engine. Its verdict:
 * page type `article` when the page has an <article> element, else `other`; accepted when the text has at least
 * three words, else rejected as `too_short`.
 */
export function fakeExtract(bytes: Uint8Array): Output {
  const html = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? null;
  const body = /<body[^>]*>([\s\S]*)/i.exec(html)?.[1] ?? html;
  const text = body
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|template|noscript|nav|header|footer)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(p|div|h\d|li|tr|br|section|article)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  const words = text.split(/\s+/).filter(Boolean).length;
  return {
    text, title, author: null, date: null,
    pageType: /<article\b/i.test(html) ? 'article' : 'other',
    accepted: words >= 3, rejectReason: words >= 3 ? null : 'too_short',
  };
}

function pithExtractor(mod: EngineModule, engine: 'native' | 'wasm', favor: Favor, markdown: boolean): ExtractFn {
  return (bytes, page) => {
    const r = mod.extractHtml(bytes, {
      engine, favor, markdown,
      hints: { url: page.url || undefined, contentType: 'text/html; charset=utf-8' },
    });
    if (r && typeof r.then === 'function') throw new Error('extractHtml returned a Promise; the harness times the synchronous API');
    return {
      text: r.text ?? '', markdown: r.markdown ?? undefined, title: r.title, author: r.author, date: r.published,
      pageType: r.page_type ?? null, accepted: typeof r.accepted === 'boolean' ? r.accepted : null, rejectReason: r.reject_reason ?? null,
    };
  };
}

function errorMessage(e: unknown): string {
  const err = e as { kind?: string; message?: string };
  return err?.kind ? `${err.kind}: ${err.message}` : String(err?.message ?? e);
}

/** One pass over the pages; returns outputs and the wall time of the loop. */
function pass(fn: ExtractFn, pages: Page[], bytes: Uint8Array[], keep: boolean): { outputs: Output[]; seconds: number; cpuSeconds: number } {
  const outputs: Output[] = keep ? new Array(pages.length) : [];
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < pages.length; i++) {
    let o: Output;
    try {
      o = fn(bytes[i], pages[i]);
    } catch (e) {
      o = { text: '', error: errorMessage(e) };
    }
    if (keep) outputs[i] = o;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  return { outputs, seconds, cpuSeconds: (c.user + c.system) / 1e6 };
}

// ---- peers -------------------------------------------------------------------------------------------------------

/** Peer outputs by name. Files where no line has a text (speed-only ceilings) are skipped, with a note. */
function readPeers(dir: string, notes: string[]): Map<string, Map<string, Output>> {
  const peers = new Map<string, Map<string, Output>>();
  if (!fs.existsSync(dir)) return peers;
  const speedOnly: string[] = [];
  for (const f of fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.jsonl')) continue;
    const m = new Map<string, Output>();
    let bad = 0;
    let withText = 0;
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const o = JSON.parse(line);
        const id = String(o.id).padStart(4, '0');
        if (typeof o.text === 'string') withText++;
        m.set(id, {
          text: typeof o.text === 'string' ? o.text : '',
          title: o.title ?? null,
          author: Array.isArray(o.author) ? o.author.join(', ') : (o.author ?? null),
          date: o.date ?? null,
          error: o.error ? String(o.error) : undefined,
        });
      } catch {
        bad++;
      }
    }
    if (bad) console.error(`peer ${f}: ${bad} unreadable lines skipped`);
    if (withText === 0) speedOnly.push(f.replace(/\.jsonl$/, ''));
    else peers.set(f.replace(/\.jsonl$/, ''), m);
  }
  if (speedOnly.length) notes.push(`speed-only peer files without text, not scored: ${speedOnly.join(', ')}`);
  return peers;
}

// ---- score cache ---------------------------------------------------------------------------------------------------
// Peer files and the gold reference do not change between tuning runs: their per-page scores are cached in
// <cache>/scores/<name>.json, keyed by the scoring code (hash of metrics.ts, score.ts, payload.ts), the selected
// pages' gold, and the peer file's size and mtime.

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

function scoringVersion(): string {
  return sha1(['metrics.ts', 'score.ts', 'payload.ts'].map((f) => {
    try {
      return fs.readFileSync(path.join(HERE, f), 'utf8');
    } catch {
      return f;
    }
  }).join('\0'));
}

const pagesKeyMemo = new Map<string, string>();
function pagesKey(pages: Page[]): string {
  const memo = pages.map((p) => p.id).join(',');
  const hit = pagesKeyMemo.get(memo);
  if (hit) return hit;
  const h = createHash('sha1');
  for (const p of pages) h.update(`${p.id}\0${p.type}\0${JSON.stringify(p.gold)}\0${p.payload.join('\0')}\0${p.holdout}${p.nonEnglish}\n`);
  const key = h.digest('hex');
  pagesKeyMemo.set(memo, key);
  return key;
}

function cachedScores(cacheDir: string, name: string, key: string, compute: () => PageScore[]): PageScore[] {
  const file = path.join(cacheDir, 'scores', `${name.replace(/[^\w.-]+/g, '_')}.json`);
  try {
    const c = JSON.parse(fs.readFileSync(file, 'utf8')) as { key: string; scores: PageScore[] };
    if (c.key === key) return c.scores;
  } catch {}
  const scores = compute();
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ key, scores }));
    fs.renameSync(tmp, file);
  } catch {}
  return scores;
}

// ---- helpers -----------------------------------------------------------------------------------------------------

function sh(cmd: string): string {
  try {
    return execSync(cmd, { cwd: REPO, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return '';
  }
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
    `Node ${process.versions.node}, ${os.platform()}-${os.arch()}`;
}

function evenlySpaced<T>(xs: T[], n: number): T[] {
  if (n >= xs.length) return xs;
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(xs[Math.floor((i * xs.length) / n)]);
  return out;
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

// ---- main --------------------------------------------------------------------------------------------------------

/** Runs the harness with the given command-line arguments; returns the path prefix written (null if nothing ran). */
export async function main(argv: string[]): Promise<string | null> {
  const args = parseArgs(argv);
  const tStart = Date.now();
  if (!dataAvailable(args.data)) {
    console.log(`accuracy: dev set not found at ${args.data} (set --data or PITH_DEV_DATA); nothing to do.`);
    return null;
  }
  const notes: string[] = [];
  const peers = args.peers ? readPeers(PEER_DIR, notes) : new Map<string, Map<string, Output>>();
  const { ids: every } = allIds(args.data);
  let ids = every;
  if (args.ids) ids = args.ids;
  if (args.common) ids = ids.filter((id) => [...peers.values()].every((m) => m.has(id)));
  if (!args.ids && args.limit !== null) ids = evenlySpaced(ids, args.limit);
  const partial = ids.length !== every.length;
  const selection = [args.ids ? `--ids (${ids.length})` : '', args.common ? `--common: pages all ${peers.size} peers cover` : '',
    !args.ids && args.limit !== null ? `--limit ${args.limit}, evenly spaced` : ''].filter(Boolean).join(', ') || 'all';
  if (ids.length === 0) {
    console.log('accuracy: no pages selected.');
    return null;
  }

  const favors: Favor[] = args.favor === 'all' ? [...FAVORS] : [args.favor as Favor];
  let engines: Engine[] = args.engine === 'both' ? ['native', 'wasm'] : [args.engine as Engine];

  let mod: EngineModule | null = null;
  if (engines.some((e) => e !== 'fake')) {
    const m = await loadEngine();
    if (typeof m === 'string') {
      const msg = `pith engine not loadable (${m.split('\n')[0]}); scoring peers only`;
      console.error(msg);
      notes.push(msg);
      engines = engines.filter((e) => e === 'fake');
    } else {
      mod = m;
      for (const e of engines.filter((x): x is 'native' | 'wasm' => x !== 'fake')) {
        let ok = m.engineAvailable ? m.engineAvailable(e) : true;
        if (ok) {
          try {
            m.extractHtml(new TextEncoder().encode('<html><body><p>probe</p></body></html>'), { engine: e, markdown: false });
          } catch (err) {
            ok = (err as { name?: string }).name === 'ExtractError';
            if (!ok) console.error(`${e}: ${errorMessage(err)}`);
          }
        }
        if (!ok) {
          const msg = `${e} engine build missing or broken; continuing without it`;
          console.error(msg);
          notes.push(msg);
          engines = engines.filter((x) => x !== e);
        }
      }
    }
  }

  // Load everything untimed: bytes first (async gunzip), then gold (derived facts cached).
  let t = Date.now();
  const byteMap = engines.length ? await loadBytes(args.data, ids, args.cache) : undefined;
  const pages = await loadPages(args.data, args.cache, ids, byteMap);
  const bytes = byteMap ? pages.map((p) => byteMap.get(p.id)!) : [];
  const totalMb = bytes.reduce((s, b) => s + b.byteLength, 0) / 1e6;
  const types = [...new Set(pages.map((p) => p.type))].sort();
  console.error(`loaded ${pages.length} pages (${totalMb.toFixed(0)} MB) in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const rows: Row[] = [];
  const perPage: Record<string, PageScore[]> = {};
  const outputsByLabel: Record<string, Output[]> = {};
  const speed: SpeedResult[] = [];
  const speedFavor: Favor = favors.includes('balanced') ? 'balanced' : favors[0];

  for (const favor of favors) {
    for (const engine of engines) {
      const fn: ExtractFn = engine === 'fake' ? (b) => fakeExtract(b) : pithExtractor(mod!, engine, favor, args.markdown);
      const label = engine === 'fake' ? `fake${favor === 'balanced' ? '' : `-${favor}`}`
        : `pith${engine === 'wasm' ? '-wasm' : ''}${favor === 'balanced' ? '' : `-${favor}`}`;
      t = Date.now();
      pass(fn, pages.slice(0, args.warmup), bytes.slice(0, args.warmup), false);
      const first = pass(fn, pages, bytes, true);
      const runs = [first.seconds];
      const cpu = [first.cpuSeconds];
      if (favor === speedFavor) {
        for (let i = 1; i < args.speedRuns; i++) {
          const r = pass(fn, pages, bytes, false);
          runs.push(r.seconds);
          cpu.push(r.cpuSeconds);
        }
      }
      const scores = pages.map((p, i) => scorePage(p, first.outputs[i]));
      const summary = summarize(pages, scores);
      const row: Row = { label, kind: 'pith', engine, favor, summary };
      if (hasVerdicts(first.outputs)) {
        const gold = pages.map((p) => p.type);
        row.pageTypes = scorePageTypes(gold, first.outputs);
        const part = (holdout: boolean) => {
          const at = pages.flatMap((p, i) => (p.holdout === holdout ? [i] : []));
          return scorePageTypes(at.map((i) => gold[i]), at.map((i) => first.outputs[i]));
        };
        row.pageTypesSplit = { tune: part(false), holdout: part(true) };
        row.acceptance = scoreAcceptance(gold, first.outputs, {
          [`article, gold 1-${SHORT_ARTICLE_WORDS - 1} words`]: pages.map((p) => p.type === 'article' && goldWords(p) > 0 && goldWords(p) < SHORT_ARTICLE_WORDS),
          [`article, gold >= ${SHORT_ARTICLE_WORDS} words`]: pages.map((p) => p.type === 'article' && goldWords(p) >= SHORT_ARTICLE_WORDS),
          'gold text empty': pages.map((p) => goldWords(p) === 0),
        });
      }
      rows.push(row);
      perPage[label] = scores;
      outputsByLabel[label] = first.outputs;
      if (favor === speedFavor) {
        const med = median(runs);
        speed.push({
          engine, favor, markdown: args.markdown, pages: pages.length, mb: totalMb, runsSeconds: runs,
          medianSeconds: med, pagesPerSecond: pages.length / med, mbPerSecond: totalMb / med,
          cpuSeconds: cpu, pagesPerCpuSecond: pages.length / median(cpu),
        });
      }
      console.error(`${label}: F1 ${summary.f1.toFixed(4)}  extraction ${runs.map((x) => x.toFixed(2)).join('/')} s, ` +
        `${summary.errors} errors  (${((Date.now() - t) / 1000).toFixed(1)} s with scoring)`);
    }
  }

  // Markdown structure against the gold Markdown: one untimed pass with Markdown on (the peer files hold text only).
  let structure: ReportInput['structure'];
  const structureEngine = engines.find((e): e is 'native' | 'wasm' => e !== 'fake');
  if (structureEngine) {
    const fn = pithExtractor(mod!, structureEngine, speedFavor, true);
    const total = emptyStructure();
    pages.forEach((p, i) => {
      const out = fn(bytes[i], p);
      addStructure(total, scoreStructure(out.markdown ?? '', p.gold.markdown));
    });
    structure = { label: `pith${structureEngine === 'wasm' ? '-wasm' : ''}`, favor: speedFavor, pages: pages.length, score: total };
  }

  const tPeers = Date.now();
  // Native vs WASM parity; WASM rows are kept in the tables only when they differ.
  const parity: ReportInput['parity'] = [];
  if (engines.includes('native') && engines.includes('wasm')) {
    for (const favor of favors) {
      const suffix = favor === 'balanced' ? '' : `-${favor}`;
      const a = outputsByLabel[`pith${suffix}`], b = outputsByLabel[`pith-wasm${suffix}`];
      const same = (x: Output, y: Output) =>
        x.text === y.text && x.title === y.title && x.author === y.author && x.date === y.date && x.error === y.error &&
        x.pageType === y.pageType && x.accepted === y.accepted && x.rejectReason === y.rejectReason;
      const diff = pages.filter((_, i) => !same(a[i], b[i])).map((p) => p.id);
      parity.push({ favor, pages: pages.length, differing: diff.length, examples: diff.slice(0, 5) });
    }
  }
  const tableRows = rows.filter((r) => {
    if (r.engine !== 'wasm' || !engines.includes('native')) return true;
    return (parity.find((p) => p.favor === r.favor)?.differing ?? 1) > 0;
  });

  // Peers, scored with the same functions on the same pages.
  {
    // A peer file that lacks some selected pages (a partial peer run) is scored on the pages it covers, and the row
    // says so; use --common to restrict every row to the pages all peers cover.
    const version = scoringVersion();
    for (const [name, m] of peers) {
      const covered = pages.filter((p) => m.has(p.id));
      if (covered.length === 0) {
        notes.push(`peer ${name} has no output for any selected page; not scored`);
        continue;
      }
      const st = fs.statSync(path.join(PEER_DIR, `${name}.jsonl`));
      const key = `${version}:${pagesKey(covered)}:${st.size}:${st.mtimeMs}`;
      const scores = cachedScores(args.cache, `peer-${name}`, key, () => covered.map((p) => scorePage(p, m.get(p.id))));
      const summary = summarize(covered, scores);
      summary.missing = pages.length - covered.length;
      const display = covered.length < pages.length ? `${name} (only ${covered.length} pages)` : name;
      tableRows.push({ label: name, display, kind: 'peer', summary });
      perPage[name] = scores;
      outputsByLabel[name] = pages.map((p) => m.get(p.id) ?? { text: '', error: 'no output in the peer file' });
      if (summary.missing) notes.push(`peer ${name} has output for ${covered.length} of the ${pages.length} pages; its row is ` +
        `scored on those pages only and is not comparable with full rows (run with --common for a like-for-like table)`);
    }
  }
  // Reference row: the gold text itself (ceiling of the snippet measures).
  {
    const scores = cachedScores(args.cache, 'gold', `${scoringVersion()}:${pagesKey(pages)}`, () =>
      pages.map((p) => scorePage(p, { text: p.gold.text, title: p.gold.title, author: p.gold.author, date: p.gold.date })));
    tableRows.push({ label: 'gold', kind: 'reference', summary: summarize(pages, scores) });
  }

  if (process.env.PITH_ACC_TIMING) console.error(`peers + gold scored in ${((Date.now() - tPeers) / 1000).toFixed(1)} s`);
  const outPrefix = args.out ?? path.join(REPO, 'bench', 'results', partial ? 'accuracy.partial' : 'accuracy');
  const command = `npm run accuracy${argv.length ? ` -- ${argv.join(' ')}` : ''}`;
  const commit = `${sh('git rev-parse --short HEAD') || 'unknown'}${sh('git status --porcelain -- crates ts') ? ' (+ uncommitted changes in crates/ or ts/)' : ''}`;
  const report: ReportInput = {
    rows: tableRows, types, speed, parity, notes, command, date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    machine: machine(), commit, pages: pages.length, dataDir: args.data, selection, structure,
  };
  const md = renderMarkdown(report);
  console.log(md);

  // Debugging aids.
  if (args.worst > 0) {
    for (const r of rows) {
      console.log(`\n## ${args.worst} worst pages per type: ${r.label}`);
      const scores = perPage[r.label];
      for (const ty of types) {
        const ws = scores.filter((s) => s.type === ty).sort((a, b) => a.f1 - b.f1 || a.id.localeCompare(b.id)).slice(0, args.worst);
        console.log(`\n${ty}:`);
        for (const s of ws) {
          const p = pages.find((x) => x.id === s.id)!;
          const flags = [p.gold.text.trim() ? '' : 'gold empty', s.empty ? 'output empty' : '', s.error ? `ERROR ${s.error}` : '']
            .filter(Boolean).join(', ');
          console.log(`  ${s.id}  F1 ${s.f1.toFixed(3)}  P ${s.precision.toFixed(3)}  R ${s.recall.toFixed(3)}` +
            `${flags ? `  [${flags}]` : ''}  ${p.url}`);
        }
      }
    }
  }
  if (args.compare) compare(args.compare, perPage, pages);
  if (args.dump) {
    const gd = path.join(args.dump, 'gold');
    fs.mkdirSync(gd, { recursive: true });
    for (const p of pages) fs.writeFileSync(path.join(gd, `${p.id}.txt`), p.gold.text);
    for (const [label, outs] of Object.entries(outputsByLabel)) {
      const d = path.join(args.dump, label);
      fs.mkdirSync(d, { recursive: true });
      const tsv = ['id\ttype\tf1\tprecision\trecall\turl'];
      const byId = new Map(perPage[label].map((s) => [s.id, s]));
      pages.forEach((p, i) => {
        fs.writeFileSync(path.join(d, `${p.id}.txt`), outs[i].error ? `ERROR ${outs[i].error}\n` : outs[i].text);
        const s = byId.get(p.id);
        if (!s) return;
        tsv.push(`${p.id}\t${p.type}\t${s.f1.toFixed(4)}\t${s.precision.toFixed(4)}\t${s.recall.toFixed(4)}\t${p.url}`);
      });
      fs.writeFileSync(path.join(d, 'scores.tsv'), tsv.join('\n') + '\n');
      // Metadata side by side: id, field, agrees, gold, extracted (pages with a non-empty gold field).
      const clean = (x: unknown) => String(x ?? '').replace(/[\t\n\r]+/g, ' ');
      const meta = ['id\tfield\tagree\tgold\textracted'];
      pages.forEach((p, i) => {
        const s = byId.get(p.id);
        if (!s) return;
        const o = outs[i];
        if (s.title) meta.push(`${p.id}\ttitle\t${s.title.lenient ? 1 : 0}\t${clean(p.gold.title)}\t${clean(o.title)}`);
        if (s.author) meta.push(`${p.id}\tauthor\t${s.author.lenient ? 1 : 0}\t${clean(p.gold.author)}\t${clean(o.author)}`);
        if (s.date !== null) meta.push(`${p.id}\tdate\t${s.date ? 1 : 0}\t${clean(p.gold.date)}\t${clean(o.date)}`);
      });
      fs.writeFileSync(path.join(d, 'meta.tsv'), meta.join('\n') + '\n');
    }
    console.error(`dumped to ${args.dump}/{${Object.keys(outputsByLabel).join(',')},gold}/`);
  }

  const json = {
    meta: {
      date: report.date, command, machine: report.machine, commit, dataDir: args.data, pages: pages.length, selection,
      ids: partial ? ids : undefined, notes, engines, favors, markdown: args.markdown,
    },
    // Machine-readable per-extractor summary (pith rows first, then peers, then the gold reference).
    // pith rows also carry `pageType` (accuracy, per-label recall/precision, confusion gold x predicted) and
    // `acceptance` (accepted share and reject reasons, overall, per gold type and for a few named groups).
    extractors: Object.fromEntries(tableRows.map((r) => [r.label, {
      kind: r.kind, engine: r.engine, favor: r.favor, ...r.summary, pageType: r.pageTypes, acceptance: r.acceptance,
    }])),
    speed,
    parity,
    structure,
    // Per-page F1 for every extractor, for run-to-run comparison (--compare).
    perPage: Object.fromEntries(
      Object.entries(perPage).map(([label, ss]) => [label, Object.fromEntries(ss.map((s) => [s.id, r4(s.f1)]))]),
    ),
  };
  fs.mkdirSync(path.dirname(outPrefix), { recursive: true });
  // Pretty-printed, except the per-page maps: one line per extractor.
  const num = (_k: string, v: unknown) => (typeof v === 'number' ? (Number.isFinite(v) ? r4Num(v) : null) : v);
  const perPageJson = Object.entries(json.perPage).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n');
  const text = JSON.stringify({ ...json, perPage: '@PERPAGE@' }, num, 1).replace('"@PERPAGE@"', `{\n${perPageJson}\n }`);
  fs.writeFileSync(`${outPrefix}.json`, text + '\n');
  fs.writeFileSync(`${outPrefix}.md`, md + '\n');
  console.error(`wrote ${path.relative(process.cwd(), outPrefix)}.{json,md} in ${((Date.now() - tStart) / 1000).toFixed(1)} s total`);
  return outPrefix;
}

const goldWordsMemo = new WeakMap<Page, number>();
function goldWords(p: Page): number {
  let n = goldWordsMemo.get(p);
  if (n === undefined) goldWordsMemo.set(p, (n = bagOf(p.gold.text).size));
  return n;
}

function r4Num(v: number): number {
  return Number.isInteger(v) ? v : Math.round(v * 1e6) / 1e6;
}

function compare(file: string, perPage: Record<string, PageScore[]>, pages: Page[]) {
  let old: { perPage?: Record<string, Record<string, number>> };
  try {
    old = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.log(`\ncompare: cannot read ${file}: ${(e as Error).message}`);
    return;
  }
  const types = [...new Set(pages.map((p) => p.type))].sort();
  for (const [label, scores] of Object.entries(perPage)) {
    const prev = old.perPage?.[label];
    if (!prev || !/^(pith|fake)/.test(label)) continue;
    const common = scores.filter((s) => prev[s.id] !== undefined);
    if (!common.length) continue;
    const d = (ss: PageScore[]) => ss.reduce((a, s) => a + s.f1 - prev[s.id], 0) / (ss.length || 1);
    console.log(`\n## ${label} vs ${file} (${common.length} common pages)`);
    console.log(`all: ${signed(d(common))}  ` + types.map((t) => `${t}: ${signed(d(common.filter((s) => s.type === t)))}`).join('  '));
    const deltas = common.map((s) => ({ id: s.id, type: s.type, now: s.f1, was: prev[s.id], d: s.f1 - prev[s.id] }));
    const changed = deltas.filter((x) => Math.abs(x.d) >= 0.001);
    console.log(`${changed.filter((x) => x.d > 0).length} pages better, ${changed.filter((x) => x.d < 0).length} worse`);
    const show = (xs: typeof deltas) => xs.forEach((x) => console.log(`  ${x.id} ${x.type.padEnd(13)} ${x.was.toFixed(3)} -> ${x.now.toFixed(3)} (${signed(x.d)})`));
    console.log('largest regressions:');
    show(changed.filter((x) => x.d < 0).sort((a, b) => a.d - b.d).slice(0, 10));
    console.log('largest improvements:');
    show(changed.filter((x) => x.d > 0).sort((a, b) => b.d - a.d).slice(0, 10));
  }
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(4)}`;

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
