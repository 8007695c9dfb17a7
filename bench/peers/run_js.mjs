#!/usr/bin/env node
// Peer runner (Node side) for the pith speed benchmark.
//
// Same protocol as bench/peers/run_py.py and bench/peers/rs-trafilatura (Rust):
//   1. page ids: all dev pages, or --ids FILE (whitespace-separated), or --limit N;
//   2. gunzip every page into memory and decode it to a string (untimed; the dev pages are UTF-8);
//   3. warm up on the first --warmup pages (untimed);
//   4. --runs R timed passes over all pages, one page after the other on the main thread;
//   5. write <out>/<name>.jsonl (output of the first timed pass) and <out>/<name>.summary.json.
//
// Peers:
//   readability  linkedom parseHTML + new Readability(document).parse(); text = article.textContent
//   defuddle     linkedom parseHTML + Defuddle(document, url, {useAsync: false}) from 'defuddle/node'
//                (useAsync false: no network fallbacks); content HTML -> block-aware text (linkedom)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..');

function parseArgs(argv) {
  const a = {
    peer: null,
    data: process.env.PITH_DEV_DATA || path.resolve(REPO, '..', 'shared', 'eval', 'wcxb-dev'),
    out: path.join(REPO, 'bench', '.cache', 'peers'),
    ids: null, limit: null, runs: 3, warmup: 100, 'load-only': false,
  };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, ''), v = argv[i + 1];
    if (!(k in a)) throw new Error(`unknown argument ${argv[i]}`);
    if (k === 'load-only') { a[k] = true; i--; continue; }
    a[k] = ['limit', 'runs', 'warmup'].includes(k) ? Number(v) : v;
  }
  if (!a.peer) throw new Error('--peer readability|defuddle is required');
  return a;
}

function peakRssMb() {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {}
  return process.resourceUsage().maxRSS / 1024;
}

function cpuSeconds() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function pkgVersion(name) {
  return JSON.parse(fs.readFileSync(path.join(REPO, 'node_modules', name, 'package.json'), 'utf8')).version;
}

const BLOCK = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'ASIDE', 'NAV', 'UL', 'OL', 'LI',
  'DL', 'DT', 'DD', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TD', 'TH', 'CAPTION', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6',
  'PRE', 'BLOCKQUOTE', 'FIGURE', 'FIGCAPTION', 'BR', 'HR', 'ADDRESS', 'DETAILS', 'SUMMARY', 'FORM', 'FIELDSET']);

// textContent with newlines around block elements (so adjacent blocks do not glue words together)
function blockText(node) {
  const parts = [];
  const walk = (n) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) parts.push(c.nodeValue);
      else if (c.nodeType === 1) {
        const tag = c.tagName.toUpperCase();
        if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE') continue;
        const b = BLOCK.has(tag);
        if (b) parts.push('\n');
        walk(c);
        if (b) parts.push('\n');
      }
    }
  };
  walk(node);
  return parts.join('').split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n');
}

async function makePeer(name) {
  const { parseHTML } = await import('linkedom');
  if (name === 'readability') {
    const { Readability } = await import('@mozilla/readability');
    return {
      version: pkgVersion('@mozilla/readability'),
      library: `@mozilla/readability ${pkgVersion('@mozilla/readability')} on linkedom ${pkgVersion('linkedom')}; text = article.textContent`,
      extract(html, url) {
        const { document } = parseHTML(html);
        const art = new Readability(document).parse();
        if (!art) return { text: null };
        return { text: art.textContent, title: art.title || null, author: art.byline || null, date: art.publishedTime || null };
      },
    };
  }
  if (name === 'defuddle') {
    const { Defuddle } = await import('defuddle/node');
    return {
      version: pkgVersion('defuddle'),
      library: `defuddle/node ${pkgVersion('defuddle')} on linkedom ${pkgVersion('linkedom')}, useAsync:false; content HTML -> block-aware text`,
      async extract(html, url) {
        const { document } = parseHTML(html);
        const r = await Defuddle(document, url, { useAsync: false });
        const body = parseHTML(`<!doctype html><html><body>${r.content || ''}</body></html>`).document.body;
        return { text: blockText(body), title: r.title || null, author: r.author || null, date: r.published || null };
      },
    };
  }
  throw new Error(`unknown peer ${name}`);
}

const median = (v) => {
  const s = [...v].sort((x, y) => x - y), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

async function main() {
  const a = parseArgs(process.argv.slice(2));
  const files = JSON.parse(fs.readFileSync(path.join(a.data, 'metadata.json'), 'utf8')).files;
  let ids = a.ids ? fs.readFileSync(a.ids, 'utf8').split(/\s+/).filter(Boolean) : Object.keys(files).sort();
  if (a.limit) ids = ids.slice(0, a.limit);
  const peer = await makePeer(a.peer);

  const pages = ids.map((id) => {
    const raw = zlib.gunzipSync(fs.readFileSync(path.join(a.data, 'html', `${id}.html.gz`)));
    return { id, url: files[id]?.url, html: raw.toString('utf8'), bytes: raw.length };
  });
  const totalBytes = pages.reduce((s, p) => s + p.bytes, 0);
  if (global.gc) global.gc();
  const rssAfterLoad = process.memoryUsage().rss / 2 ** 20;
  if (a['load-only']) {
    fs.mkdirSync(a.out, { recursive: true });
    fs.writeFileSync(path.join(a.out, `${a.peer}.load.json`), JSON.stringify({ name: a.peer, pages: pages.length, rss_after_load_mb: rssAfterLoad, peak_rss_mb: peakRssMb() }));
    return;
  }

  // console noise from peers (e.g. defuddle warnings) must not land in our output
  const origLog = console.log, origWarn = console.warn, origErr = console.error;
  const mute = () => { console.log = console.warn = console.error = () => {}; };
  const unmute = () => { console.log = origLog; console.warn = origWarn; console.error = origErr; };

  const one = async (p) => {
    try { return await peer.extract(p.html, p.url); }
    catch (e) { return { text: null, error: `${e?.name}: ${e?.message}` }; }
  };

  const warm = Math.min(a.warmup, pages.length);
  mute();
  for (let i = 0; i < warm; i++) await one(pages[i]);
  unmute();

  const runs = [];
  let first = null;
  for (let r = 0; r < a.runs; r++) {
    if (global.gc) global.gc();
    mute();
    const c0 = cpuSeconds();
    const t0 = process.hrtime.bigint();
    const outs = [];
    for (const p of pages) outs.push(await one(p));
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = cpuSeconds() - c0;
    unmute();
    const errors = outs.filter((o) => o.error).length;
    process.stderr.write(`${a.peer} run ${r + 1}: ${secs.toFixed(3)}s ${(pages.length / secs).toFixed(1)} pages/s ${(totalBytes / 1e6 / secs).toFixed(2)} MB/s errors=${errors}\n`);
    runs.push({ seconds: secs, cpu_seconds: cpu, pages_per_s: pages.length / secs, mb_per_s: totalBytes / 1e6 / secs, errors });
    if (!first) first = outs;
  }
  const peak = peakRssMb();

  fs.mkdirSync(a.out, { recursive: true });
  const lines = pages.map((p, i) => {
    const o = first[i];
    const line = { id: p.id, text: o.text ?? null, title: o.title ?? null, author: o.author ?? null, date: o.date ?? null };
    if (o.error) line.error = o.error;
    return JSON.stringify(line);
  });
  fs.writeFileSync(path.join(a.out, `${a.peer}.jsonl`), lines.join('\n') + '\n');
  const pps = runs.map((r) => r.pages_per_s), mbs = runs.map((r) => r.mb_per_s);
  const summary = {
    name: a.peer, version: peer.version, library: peer.library, language: `node ${process.version}`,
    input: 'string (UTF-8 decoded untimed)', pages: pages.length, bytes: totalBytes, warmup_pages: warm, runs,
    median_pages_per_s: median(pps), min: Math.min(...pps), max: Math.max(...pps),
    median_mb_per_s: median(mbs), min_mb_per_s: Math.min(...mbs), max_mb_per_s: Math.max(...mbs),
    peak_rss_mb: peak, rss_after_load_mb: rssAfterLoad, errors: first.filter((o) => o.error).length,
  };
  fs.writeFileSync(path.join(a.out, `${a.peer}.summary.json`), JSON.stringify(summary, null, 2) + '\n');
  process.stdout.write(JSON.stringify(summary) + '\n');
}

main().catch((e) => { console.error(e); process.exit(1); });
