// Reading compressed WARC files in spans (one worker task each): member (or zstd frame) discovery
// at arbitrary span starts, spans that start or end inside a member, false member starts, a
// truncated last member, and the same output whatever the span size.

import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Writable } from 'node:stream';
import { ensureBuilt, SAMPLES, sampleWarcZst, zstdLines } from '../../test/helpers.js';
import { newWalk, readFileRecords, readSpan, type InputFile, type ReadEvent, type Span } from '../warc/reader.js';
import { cutSpans, runPipeline, type Outcome, type PipelineOptions } from './pipeline.js';
import { runExtract } from './extract.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'pith-spans-'));
const GZ = path.join(SAMPLES, 'samples.warc.gz');
const PLAIN = path.join(SAMPLES, 'samples-plain.warc');
const inputFile = (p: string): InputFile => ({ path: p, size: readFileSync(p).length });

class Sink extends Writable {
  _write(_chunk: Buffer, _enc: string, cb: () => void) {
    cb();
  }
}

/** What identifies a record's outcome, timing aside. */
function key(o: Outcome | ReadEvent): string | null {
  if ('status' in o) {
    if (o.status === 'extracted' || o.status === 'skipped' || o.status === 'rejected') {
      return `${o.status}:${o.meta.id}@${o.meta.offset}+${o.meta.length}${'reason' in o ? `:${o.reason}` : ''}`;
    }
    return o.status === 'error' ? `error@${o.error.offset}:${o.error.message}` : null;
  }
  if (o.kind === 'extract') return `extract:${o.meta.id}@${o.meta.offset}+${o.meta.length}`;
  if (o.kind === 'skip' || o.kind === 'reject') return `${o.kind}:${o.meta.id}@${o.meta.offset}+${o.meta.length}:${o.reason}`;
  return o.kind === 'error' ? `error@${o.error.offset}:${o.error.message}` : null;
}

async function wholeRead(p: string): Promise<string[]> {
  const out: string[] = [];
  for await (const ev of readFileRecords(inputFile(p))) {
    const k = key(ev);
    if (k) out.push(k);
  }
  return out;
}

/** Reads `p` as consecutive spans cut at `cuts`, checking that each span starts where the last stopped. */
async function spanRead(p: string, cuts: number[]): Promise<string[]> {
  const file = inputFile(p);
  const edges = [0, ...cuts, Infinity];
  const out: string[] = [];
  let expected: number | null = null;
  for (let i = 0; i + 1 < edges.length; i++) {
    const span: Span = { start: edges[i]!, end: edges[i + 1]!, size: file.size, exact: i === 0 };
    const walk = newWalk();
    for await (const ev of readSpan(file, span, walk)) {
      const k = key(ev);
      if (k) out.push(k);
    }
    // Each span starts where the previous one stopped, when that is inside it; else it reads nothing.
    if (i > 0) expect(walk.first, `span ${span.start}-${span.end}`).toBe(expected !== null && expected < span.end ? expected : null);
    if (walk.first !== null) expected = walk.next;
  }
  expect(expected).toBe(null);
  return out;
}

async function memberOffsets(p: string): Promise<number[]> {
  const offs = new Set<number>();
  for await (const ev of readFileRecords(inputFile(p))) if ('meta' in ev) offs.add(ev.meta.offset);
  return [...offs].sort((a, b) => a - b);
}

/** The sample WARC as `.warc.zst`, without and with a (compressed) dictionary frame. */
async function zstdTwins(): Promise<string[]> {
  const members = new Map<number, number>();
  for await (const ev of readFileRecords(inputFile(GZ))) if ('meta' in ev) members.set(ev.meta.offset, ev.meta.length);
  const list = [...members].map(([offset, length]) => ({ offset, length }));
  const dictionary = readFileSync(PLAIN).subarray(0, 8192);
  return [sampleWarcZst(list), sampleWarcZst(list, { dictionary, compressDictionary: true })];
}
const [ZST, ZST_DICT] = await zstdTwins();

describe('readSpan', () => {
  for (const p of [GZ, PLAIN, ZST!, ZST_DICT!]) {
    it(`${path.basename(p)}: finds the first record starting in any span`, async () => {
      const file = inputFile(p);
      const starts = await memberOffsets(p);
      const probes = new Set<number>();
      for (let s = 1; s < file.size; s += 211) probes.add(s);
      for (const m of starts) for (const d of [-1, 0, 1]) if (m + d > 0 && m + d < file.size) probes.add(m + d);
      for (const start of probes) {
        for (const end of [start + 200, start + 3000]) {
          const walk = newWalk();
          for await (const _ of readSpan(file, { start, end, size: file.size, exact: false }, walk));
          expect(walk.first, `span ${start}-${end}`).toBe(starts.find((m) => m >= start && m < end) ?? null);
        }
      }
    }, 30_000);

    it(`${path.basename(p)}: spans cut anywhere (inside records too) read every record exactly once, in order`, async () => {
      const whole = await wholeRead(p);
      const size = readFileSync(p).length;
      for (const step of [300, 1000, 1777, 5000]) {
        const cuts: number[] = [];
        for (let c = step; c < size; c += step) cuts.push(c);
        expect(await spanRead(p, cuts)).toEqual(whole);
      }
    });
  }

  it('a truncated last member: the same truncated_input rejection and error as reading it whole', async () => {
    const gz = readFileSync(GZ);
    const members = await memberOffsets(GZ);
    const p = path.join(tmp(), 'cut.warc.gz');
    const at = members[members.length - 3]! + 40;
    writeFileSync(p, gz.subarray(0, at));
    const whole = await wholeRead(p);
    const cuts = [members[5]! + 3, at - 20, at - 1];
    expect(await spanRead(p, cuts)).toEqual(whole);
    expect(whole.filter((k) => k.endsWith(':truncated_input'))).toHaveLength(1);
    expect(whole.filter((k) => k.startsWith('error@'))).toHaveLength(1);
  });
});

/** Everything a pipeline run yields that the output depends on: records, errors, lines. */
async function pipelineRun(p: string, opts: PipelineOptions): Promise<{ keys: string[]; lines: string[]; fileOk: boolean[] }> {
  const keys: string[] = [];
  const lines: string[] = [];
  const fileOk: boolean[] = [];
  for await (const o of runPipeline([inputFile(p)], { engine: 'native', workers: 2, ...opts })) {
    const k = key(o);
    if (k) keys.push(k);
    if (o.status === 'extracted') lines.push(Buffer.from(o.line!).toString());
    if (o.status === 'file_end') fileOk.push(o.ok);
  }
  return { keys, lines, fileOk };
}

describe('cutSpans', () => {
  it('covers the file end to end, in full spans and then quarter spans over the last two spans worth', () => {
    const MiB = 1 << 20;
    const spans = cutSpans(20 * MiB, 2 * MiB);
    expect(spans.map((s) => s.start)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 16.5, 17, 17.5, 18, 18.5, 19, 19.5].map((m) => m * MiB));
    expect(spans.slice(0, -1).every((s, i) => s.end === spans[i + 1]!.start)).toBe(true);
    expect(spans.at(-1)!.end).toBe(Infinity);
    expect(spans.map((s) => s.exact)).toEqual(spans.map((_, i) => i === 0));
  });
});

describe('runPipeline over spans', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  for (const p of [GZ, PLAIN, ZST_DICT!]) {
    it(`${path.basename(p)}: the same records, lines and errors for any span size`, async () => {
      const whole = await pipelineRun(p, { spanBytes: 1 << 30 });
      expect(whole.lines.length).toBeGreaterThan(5);
      for (const spanBytes of [257, 1500, 4096]) expect(await pipelineRun(p, { spanBytes })).toEqual(whole);
    }, 60_000);
  }

  it('the .warc.zst twin of the gzip sample gives the same output lines, but for where each record is', async () => {
    const withoutSource = (lines: string[]) => lines.map((l) => ({ ...JSON.parse(l), source: null }));
    const [zst, gz] = [await pipelineRun(ZST_DICT!, { spanBytes: 1000 }), await pipelineRun(GZ, { spanBytes: 1000 })];
    expect(withoutSource(zst.lines)).toEqual(withoutSource(gz.lines));
  }, 60_000);

  it('a whole file gzipped as one stream: read by the first span, the others find nothing', async () => {
    const p = path.join(tmp(), 'one-stream.warc.gz');
    writeFileSync(p, zlib.gzipSync(readFileSync(PLAIN)));
    const whole = await pipelineRun(p, { spanBytes: 1 << 30 });
    expect(whole.lines.length).toBeGreaterThan(5);
    expect(await pipelineRun(p, { spanBytes: 500 })).toEqual(whole);
  }, 60_000);

  it('a truncated last member, read in spans: one truncated_input rejection, file not ok', async () => {
    const gz = readFileSync(GZ);
    const members = await memberOffsets(GZ);
    const p = path.join(tmp(), 'cut.warc.gz');
    writeFileSync(p, gz.subarray(0, members[members.length - 2]! + 60));
    const whole = await pipelineRun(p, { spanBytes: 1 << 30 });
    const spans = await pipelineRun(p, { spanBytes: 1000 });
    expect(spans).toEqual(whole);
    expect(spans.keys.filter((k) => k.endsWith(':truncated_input'))).toHaveLength(1);
    expect(spans.fileOk).toEqual([false]);
  }, 60_000);

  it('a false member start inside a stored member: the span is read again from where the last one stopped', async () => {
    // The second record's payload is a whole gzip member holding a WARC record, stored verbatim
    // (gzip level 0), so a span starting inside it finds a gzip member that looks right.
    const inner = zlib.gzipSync(Buffer.from('WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:inner>\r\nContent-Length: 2\r\n\r\nhi\r\n\r\n'));
    const record = (id: string, block: Buffer) =>
      Buffer.concat([
        Buffer.from(`WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:${id}>\r\nContent-Type: application/gzip\r\nContent-Length: ${block.length}\r\n\r\n`),
        block,
        Buffer.from('\r\n\r\n'),
      ]);
    const a = zlib.gzipSync(record('a', Buffer.from('first')));
    const b = zlib.gzipSync(record('b', Buffer.concat([Buffer.alloc(3000, 0x41), inner])), { level: 0 });
    const gz = readFileSync(GZ);
    const p = path.join(tmp(), 'false-start.warc.gz');
    writeFileSync(p, Buffer.concat([a, b, gz]));
    const innerAt = a.length + b.indexOf(inner);
    expect(innerAt).toBeGreaterThan(a.length);
    const whole = await pipelineRun(p, { spanBytes: 1 << 30 });
    expect(whole.keys.some((k) => k.includes('urn:uuid:inner'))).toBe(false);
    // The first span boundary falls inside b, just before the inner member.
    for (const spanBytes of [innerAt - 5, innerAt - 1, innerAt]) expect(await pipelineRun(p, { spanBytes })).toEqual(whole);
  }, 60_000);

  it('pith extract writes one zstd frame per span; zstd-napi and zstd -d read them as one stream', async () => {
    const d = tmp();
    const outputs: string[] = [];
    for (const spanBytes of [700, 1 << 30]) {
      const out = path.join(d, `o-${spanBytes}.jsonl.zst`);
      await runExtract({ inputs: [GZ], output: out, workers: 2, engine: 'native', log: new Sink(), progress: false, spanBytes });
      outputs.push(out);
    }
    const [small, big] = outputs.map((o) => zstdLines(o));
    expect(small).toEqual(big);
    expect(small!.length).toBeGreaterThan(5);
    const cli = spawnSync('zstd', ['-dc', outputs[0]!], { encoding: 'utf8' });
    if (cli.error) console.warn('zstd(1) not found: skipping its check');
    else expect(cli.stdout).toBe(`${small!.join('\n')}\n`);
  }, 60_000);

  it('pith extract over many spans: the same bytes (compressed output and rejects) for 1 and 2 workers', async () => {
    const d = tmp();
    const run = async (workers: number) => {
      const out = path.join(d, `o-${workers}.jsonl.zst`);
      const rej = path.join(d, `r-${workers}.jsonl`);
      await runExtract({ inputs: [GZ, PLAIN], output: out, rejects: rej, workers, engine: 'native', log: new Sink(), progress: false, spanBytes: 900 });
      return [readFileSync(out), readFileSync(rej)];
    };
    const [one, two] = [await run(1), await run(2)];
    expect(one[0]!.equals(two[0]!)).toBe(true);
    expect(one[1]!.equals(two[1]!)).toBe(true);
  }, 60_000);
});
