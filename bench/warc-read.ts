// Reader throughput: warcio's own streaming parser (pure-JS pako gunzip) vs pith's reader
// (node:zlib member-by-member framing, then warcio parsing each record from memory).
//
//   npx tsx bench/warc-read.ts [FILE.warc.gz]     (default bench/.cache/dev.warc.gz, from bench/make-dev-warc.py)
//
// Prints MB/s of compressed input and records/s for each; no extraction, reading only.

import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WARCParser } from 'warcio';
import { readFileRecords } from '../ts/warc/reader.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = process.argv[2] ?? path.join(REPO, 'bench', '.cache', 'dev.warc.gz');
const size = statSync(file).size;

async function warcioOnly(): Promise<[number, number]> {
  let n = 0;
  let bytes = 0;
  for await (const rec of new WARCParser(createReadStream(file, { highWaterMark: 1 << 20 }))) {
    const body = await rec.readFully(false);
    bytes += body.length;
    n++;
  }
  return [n, bytes];
}

async function pith(): Promise<[number, number]> {
  let n = 0;
  let bytes = 0;
  for await (const ev of readFileRecords({ path: file, size })) {
    if (ev.kind === 'extract' || ev.kind === 'skip' || ev.kind === 'reject') n++;
    if (ev.kind === 'extract') bytes += ev.body.length;
  }
  return [n, bytes];
}

async function time(name: string, f: () => Promise<[number, number]>) {
  const t0 = process.hrtime.bigint();
  const [n, bytes] = await f();
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(
    `${name.padEnd(34)} ${n} records, ${(bytes / 1e6).toFixed(1)} MB payload in ${s.toFixed(2)} s: ` +
      `${(size / 1e6 / s).toFixed(1)} MB/s compressed input, ${(bytes / 1e6 / s).toFixed(1)} MB/s payload, ${(n / s).toFixed(0)} records/s`,
  );
}

console.log(`${path.relative(process.cwd(), file)}: ${(size / 1e6).toFixed(1)} MB`);
for (let round = 0; round < 2; round++) {
  await time('warcio streaming (pako gunzip)', warcioOnly);
  await time('pith reader (node:zlib + warcio)', pith);
}
