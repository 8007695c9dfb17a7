#!/usr/bin/env node
// Raw cost of reading a WARC with no extraction, Node side (the floor under `pith extract`'s throughput).
//   node bench/speed/warc-raw.mjs [--warc bench/.cache/dev.warc.gz] [--runs 3] [--mode warcio|gunzip]
// The file is read into memory first (untimed), then each timed run:
//   warcio: warcio's WARCParser (npm, the reader pith depends on) over the bytes in 64 KiB chunks, gunzip + WARC header parse +
//           HTTP header parse, every record's payload read fully;
//   gunzip: node:zlib gunzipSync of the whole multi-member file (inflate only, no parsing).
// Writes bench/.cache/peers/warc-raw-<mode>-node.summary.json (same shape as the peer summaries, records as pages).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { WARCParser } from 'warcio';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const a = { warc: path.join(REPO, 'bench/.cache/dev.warc.gz'), runs: 3, mode: 'warcio', out: path.join(REPO, 'bench/.cache/peers') };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) a[argv[i].replace(/^--/, '')] = argv[i + 1];
a.runs = Number(a.runs);

const buf = fs.readFileSync(a.warc);
const median = (v) => { const s = [...v].sort((x, y) => x - y), n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const version = JSON.parse(fs.readFileSync(path.join(REPO, 'node_modules/warcio/package.json'), 'utf8')).version;

// feed the in-memory file in 64 KiB chunks, as a file stream would
function* chunks() {
  for (let off = 0; off < buf.length; off += 65536) yield buf.subarray(off, Math.min(off + 65536, buf.length));
}

async function once() {
  let records = 0, responses = 0, payload = 0;
  if (a.mode === 'gunzip') {
    const out = zlib.gunzipSync(buf);
    payload = out.length;
    return { records: null, responses: null, payload };
  }
  const parser = new WARCParser(chunks());
  for await (const rec of parser) {
    records++;
    const body = await rec.readFully(false);
    if (rec.warcType === 'response') { responses++; payload += body.length; }
  }
  return { records, responses, payload };
}

await once(); // warm-up pass
const runs = [];
let last;
for (let r = 0; r < a.runs; r++) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  last = await once();
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  const recs = last.responses ?? 0;
  runs.push({ seconds: secs, cpu_seconds: (c.user + c.system) / 1e6, pages_per_s: recs ? recs / secs : null,
    mb_per_s: last.payload / 1e6 / secs, input_mb_per_s: buf.length / 1e6 / secs });
  process.stderr.write(`warc-raw ${a.mode} (node) run ${r + 1}: ${secs.toFixed(3)}s ${recs ? (recs / secs).toFixed(0) + ' records/s ' : ''}${(buf.length / 1e6 / secs).toFixed(1)} MB/s in, ${(last.payload / 1e6 / secs).toFixed(1)} MB/s out\n`);
}
const pick = (k) => runs.map((r) => r[k]).filter((x) => x != null);
const m = (k) => (pick(k).length ? median(pick(k)) : null);
const vm = /VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
const summary = {
  name: `warc-raw-${a.mode}-node`, version: a.mode === 'warcio' ? version : process.version,
  library: a.mode === 'warcio' ? `warcio (npm) ${version} WARCParser, payloads read fully` : 'node:zlib gunzipSync of the whole file (inflate only)',
  language: `node ${process.version}`, warc: path.relative(REPO, a.warc), input_bytes: buf.length, bytes: last.payload,
  pages: last.responses, records: last.records, runs,
  median_pages_per_s: m('pages_per_s'), min: pick('pages_per_s').length ? Math.min(...pick('pages_per_s')) : null,
  max: pick('pages_per_s').length ? Math.max(...pick('pages_per_s')) : null,
  median_mb_per_s: m('mb_per_s'), min_mb_per_s: Math.min(...pick('mb_per_s')), max_mb_per_s: Math.max(...pick('mb_per_s')),
  median_input_mb_per_s: m('input_mb_per_s'), peak_rss_mb: vm ? Number(vm[1]) / 1024 : null,
};
fs.mkdirSync(a.out, { recursive: true });
fs.writeFileSync(path.join(a.out, `${summary.name}.summary.json`), JSON.stringify(summary, null, 2) + '\n');
process.stdout.write(JSON.stringify(summary) + '\n');
