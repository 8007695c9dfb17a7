import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import path from 'node:path';
import { createReadStream } from 'node:fs';
import { WARCParser } from 'warcio';
import { readFileRecords, readRecordAt, readSpan, expandInputs, newWalk, wholeFile, InflateBuffer, MAX_RECORD_BYTES, type ReadEvent, type InputFile } from './reader.js';
import { SAMPLES, SHARED_WARC, sampleWarcZst } from '../../test/helpers.js';

interface ManifestRecord {
  id: string;
  type: string;
  url: string | null;
  name?: string;
  expect: string;
  warc_truncated?: boolean;
}
const manifest = JSON.parse(readFileSync(path.join(SAMPLES, 'gold', 'manifest.json'), 'utf8')) as {
  records: ManifestRecord[];
  html: { file: string; name: string; id: string }[];
};

async function readAll(p: string): Promise<ReadEvent[]> {
  const { files } = await expandInputs([p]);
  const out: ReadEvent[] = [];
  for (const f of files) for await (const ev of readFileRecords(f)) out.push(ev);
  return out;
}
const records = (evs: ReadEvent[]) => evs.filter((e) => e.kind === 'extract' || e.kind === 'skip' || e.kind === 'reject');

/** Reader-level outcome: what the reader decides before the core (the core may still reject). */
function readerOutcome(e: ReadEvent): string {
  if (e.kind === 'skip') return `skipped:${e.reason}`;
  if (e.kind === 'reject') return `rejected:${e.reason}`;
  return 'extract';
}
function expectedReaderOutcome(r: ManifestRecord): string {
  // not_html for a sniffed type is decided in the worker; the samples' JSON response has a type
  if (r.expect.startsWith('skipped:')) return r.expect;
  return 'extract';
}

function tmp(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'pith-reader-'));
}

describe('warc-samples', () => {
  for (const file of ['samples.warc.gz', 'samples-plain.warc']) {
    it(`${file}: every record read, classified as the manifest says`, async () => {
      const evs = await readAll(path.join(SAMPLES, file));
      expect(evs.filter((e) => e.kind === 'error')).toEqual([]);
      const recs = records(evs);
      expect(recs.map((e) => (e as { meta: { id: string } }).meta.id)).toEqual(manifest.records.map((r) => r.id));
      expect(recs.map(readerOutcome)).toEqual(manifest.records.map(expectedReaderOutcome));
      for (const [i, e] of recs.entries()) {
        const m = manifest.records[i]!;
        const meta = (e as { meta: { url: string | null; warcTruncated: string | null } }).meta;
        if (m.url) expect(meta.url).toBe(m.url); // wget-style <...> unwrapped in the plain twin
        if (m.name) expect(meta.warcTruncated !== null).toBe(m.warc_truncated);
      }
    });

    it(`${file}: source offset/length re-reads exactly that record`, async () => {
      const p = path.join(SAMPLES, file);
      const recs = records(await readAll(p));
      let expectedOffset = 0;
      for (const e of recs) {
        const meta = (e as { meta: { id: string; offset: number; length: number } }).meta;
        expect(meta.offset).toBe(expectedOffset); // members / records tile the file
        expectedOffset = meta.offset + meta.length;
        const again = await readRecordAt(p, meta.offset, meta.length);
        expect(again).toHaveLength(1);
        expect(again[0]!.meta.id).toBe(meta.id);
        expect(again[0]!.kind).toBe(e.kind);
        if (e.kind === 'extract' && again[0]!.kind === 'extract') expect(Buffer.compare(again[0]!.body, e.body)).toBe(0);
      }
      expect(expectedOffset).toBe(readFileSync(p).length);
    });
  }

  it('inflating into one shared buffer gives every record the same bytes, read one at a time', async () => {
    const { files } = await expandInputs([path.join(SAMPLES, 'samples.warc.gz')]);
    const file = files[0]!;
    const own = records(await readAll(file.path)).map((e) => (e.kind === 'extract' ? Buffer.from(e.body).toString('hex') : e.kind));
    const shared: string[] = [];
    const buffers = new Set<ArrayBufferLike>();
    for await (const e of readSpan(file, wholeFile(file), newWalk(), new InflateBuffer())) {
      if (e.kind === 'extract') buffers.add(e.body.buffer);
      if (e.kind === 'extract' || e.kind === 'skip' || e.kind === 'reject') shared.push(e.kind === 'extract' ? Buffer.from(e.body).toString('hex') : e.kind);
    }
    expect(shared).toEqual(own);
    // Bodies of gzip members that need no decoding are views of the one buffer.
    expect(buffers.size).toBeLessThan(own.filter((k) => k.length > 10).length);
  });

  it('plain HTML files get a stable content id', async () => {
    for (const h of manifest.html) {
      const evs = records(await readAll(path.join(SAMPLES, h.file)));
      expect(evs).toHaveLength(1);
      expect(evs[0]!.kind).toBe('extract');
      expect(evs[0]!.meta.id).toBe(h.id);
      expect(evs[0]!.meta.offset).toBe(0);
    }
  });

  it('a directory expands to its WARC and HTML files, sorted; @list files too', async () => {
    const { files } = await expandInputs([SAMPLES]);
    expect(files.map((f) => path.relative(SAMPLES, f.path))).toEqual([
      'html/news-article.html', 'html/table.html.gz', 'samples-plain.warc', 'samples.warc.gz',
    ]);
    const dir = tmp();
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, `# inputs\n${path.join(SAMPLES, 'samples.warc.gz')}\n\n${path.join(dir, 'missing.warc.gz')}\n`);
    const r = await expandInputs([`@${list}`]);
    expect(r.files.map((f) => path.basename(f.path))).toEqual(['samples.warc.gz']);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.file).toContain('missing.warc.gz');
  });
});

describe('damaged input', () => {
  const gz = readFileSync(path.join(SAMPLES, 'samples.warc.gz'));
  const plain = readFileSync(path.join(SAMPLES, 'samples-plain.warc'));

  async function cut(buf: Buffer, at: number, name: string) {
    const p = path.join(tmp(), name);
    writeFileSync(p, buf.subarray(0, at));
    return { p, evs: await readAll(p) };
  }

  for (const [name, buf] of [['cut.warc.gz', gz], ['cut.warc', plain]] as const) {
    it(`${name}: a file cut inside a record keeps every complete record before the cut, plus one error`, async () => {
      const full = records(await readAll(path.join(SAMPLES, name.endsWith('.gz') ? 'samples.warc.gz' : 'samples-plain.warc')));
      // Cut in the middle of the 10th record.
      const victim = full[9]!.meta;
      const at = victim.offset + Math.floor(victim.length / 2);
      const { p, evs } = await cut(buf, at, name);
      const recs = records(evs);
      expect(recs.slice(0, 9).map((e) => e.meta.id)).toEqual(full.slice(0, 9).map((e) => e.meta.id));
      expect(recs).toHaveLength(10);
      const last = recs[9]!;
      expect(last.kind).toBe('reject');
      expect(last.kind === 'reject' && last.reason).toBe('truncated_input');
      expect(last.meta.offset).toBe(victim.offset);
      const errors = evs.filter((e) => e.kind === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.kind === 'error' && errors[0]!.error).toMatchObject({ file: p, offset: victim.offset });
      const end = evs.at(-1)!;
      expect(end.kind === 'file_end' && end.ok).toBe(false);
    });
  }

  it('corrupt gzip data is reported with file and offset, records before it kept', async () => {
    const full = records(await readAll(path.join(SAMPLES, 'samples.warc.gz')));
    const victim = full[5]!.meta;
    const bad = Buffer.from(gz);
    bad.fill(0x55, victim.offset + 12, victim.offset + 40);
    const p = path.join(tmp(), 'corrupt.warc.gz');
    writeFileSync(p, bad);
    const evs = await readAll(p);
    const recs = records(evs);
    expect(recs.slice(0, 5).map((e) => e.meta.id)).toEqual(full.slice(0, 5).map((e) => e.meta.id));
    const errors = evs.filter((e) => e.kind === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.kind === 'error' && errors[0]!.error.offset).toBe(victim.offset);
    // The damaged member is one read_error rejection; reading resumes at the next member.
    expect(recs[5]).toMatchObject({ kind: 'reject', reason: 'read_error', meta: { offset: victim.offset, length: victim.length } });
    expect(recs.slice(6).map((e) => e.meta.id)).toEqual(full.slice(6).map((e) => e.meta.id));
  });

  it('junk between uncompressed records is skipped to the next WARC/ line, reported', async () => {
    const full = records(await readAll(path.join(SAMPLES, 'samples-plain.warc')));
    const at = full[3]!.meta.offset;
    const junk = Buffer.from('garbage that is not a record\r\nWARC/ nor this\r\n');
    const p = path.join(tmp(), 'junk.warc');
    writeFileSync(p, Buffer.concat([plain.subarray(0, at), junk, plain.subarray(at)]));
    const evs = await readAll(p);
    const recs = records(evs);
    expect(recs[3]).toMatchObject({ kind: 'reject', reason: 'read_error', meta: { offset: at, length: junk.length } });
    expect(recs.filter((e) => e.kind !== 'reject').map((e) => e.meta.id)).toEqual(full.map((e) => e.meta.id));
    expect(evs.filter((e) => e.kind === 'error')).toHaveLength(1);
  });

  it('a record over the size budget is rejected by its length without being loaded; the next one is read', async () => {
    const big = MAX_RECORD_BYTES + 1000;
    const head = Buffer.from(
      `WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:big>\r\nWARC-Target-URI: http://big.example/\r\n` +
        `Content-Type: application/http; msgtype=response\r\nContent-Length: ${big}\r\n\r\n`,
    );
    const block = Buffer.alloc(big, 0x20);
    block.write('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>');
    const p = path.join(tmp(), 'big.warc');
    writeFileSync(p, Buffer.concat([head, block, Buffer.from('\r\n\r\n'), plain]));
    const recs = records(await readAll(p));
    expect(recs[0]).toMatchObject({ kind: 'reject', reason: 'budget_exceeded', meta: { id: 'urn:uuid:big', url: 'http://big.example/', offset: 0, length: head.length + big + 4 } });
    expect(recs.slice(1).map((e) => e.meta.id)).toEqual(manifest.records.map((r) => r.id));
  });

  it('a gzip member whose ISIZE trailer is wrong is read all the same (it only sizes the first inflate buffer)', async () => {
    const full = records(await readAll(path.join(SAMPLES, 'samples.warc.gz')));
    for (const isize of [1, 0xffffffff]) {
      const lying = Buffer.from(gz);
      for (const e of full) lying.writeUInt32LE(isize, e.meta.offset + e.meta.length - 4);
      const p = path.join(tmp(), 'isize.warc.gz');
      writeFileSync(p, lying);
      const evs = await readAll(p);
      expect(evs.filter((e) => e.kind === 'error')).toEqual([]);
      const recs = records(evs);
      expect(recs.map((e) => [e.meta.id, e.meta.offset, e.meta.length])).toEqual(full.map((e) => [e.meta.id, e.meta.offset, e.meta.length]));
      for (const [i, e] of recs.entries()) {
        const f = full[i]!;
        if (e.kind === 'extract' && f.kind === 'extract') expect(Buffer.compare(e.body, f.body)).toBe(0);
      }
    }
  });

  it('a shared inflate buffer regrows for a member larger than it and than its ISIZE says', async () => {
    const html = Buffer.from('<p>' + 'vents and worms '.repeat(200_000) + '</p>'); // 3.2 MB
    const http = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: ${html.length}\r\n\r\n`), html]);
    const head = `WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:big>\r\nWARC-Target-URI: http://x.example/\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: ${http.length}\r\n\r\n`;
    const member = zlib.gzipSync(Buffer.concat([Buffer.from(head), http, Buffer.from('\r\n\r\n')]));
    member.writeUInt32LE(1, member.length - 4); // a lying ISIZE: the first guess is 1 byte
    const p = path.join(tmp(), 'big.warc.gz');
    writeFileSync(p, Buffer.concat([member, gz]));
    const { files } = await expandInputs([p]);
    const own = records(await readAll(p));
    const bodies: Buffer[] = [];
    for await (const e of readSpan(files[0]!, wholeFile(files[0]!), newWalk(), new InflateBuffer())) {
      if (e.kind === 'extract') bodies.push(Buffer.from(e.body));
    }
    const ownBodies = own.flatMap((e) => (e.kind === 'extract' ? [e.body] : []));
    expect(Buffer.compare(bodies[0]!, html)).toBe(0);
    expect(bodies.length).toBe(ownBodies.length);
    bodies.forEach((b, i) => expect(Buffer.compare(b, ownBodies[i]!)).toBe(0));
  });

  it('a gzip member larger than the read window is read on, not reported', async () => {
    // Base64 of random bytes deflates only to ~3/4: ~4.5 MB of compressed data, past the 4 MiB window.
    const html = Buffer.from(`<p>${randomBytes(4_500_000).toString('base64')}</p>`);
    const http = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: ${html.length}\r\n\r\n`), html]);
    const head = `WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:wide>\r\nWARC-Target-URI: http://x.example/\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: ${http.length}\r\n\r\n`;
    const member = zlib.gzipSync(Buffer.concat([Buffer.from(head), http, Buffer.from('\r\n\r\n')]));
    expect(member.length).toBeGreaterThan(4 << 20);
    const p = path.join(tmp(), 'wide.warc.gz');
    writeFileSync(p, Buffer.concat([gz, member, gz]));
    const { files } = await expandInputs([p]);
    const evs: ReadEvent[] = [];
    for await (const e of readSpan(files[0]!, wholeFile(files[0]!), newWalk(), new InflateBuffer())) {
      evs.push(e.kind === 'extract' ? { ...e, body: Buffer.from(e.body) } : e);
    }
    expect(evs.filter((e) => e.kind === 'error')).toEqual([]);
    const bodies = records(evs).flatMap((e) => (e.kind === 'extract' ? [e.body] : []));
    const own = records(await readAll(path.join(SAMPLES, 'samples.warc.gz'))).flatMap((e) => (e.kind === 'extract' ? [e.body] : []));
    expect(bodies).toHaveLength(2 * own.length + 1);
    expect(Buffer.compare(bodies[own.length]!, html)).toBe(0);
  });

  it('a whole file gzipped as one stream is read (records share the member offset/length)', async () => {
    const p = path.join(tmp(), 'one-stream.warc.gz');
    const data = zlib.gzipSync(plain);
    writeFileSync(p, data);
    const recs = records(await readAll(p));
    expect(recs.map((e) => e.meta.id)).toEqual(manifest.records.map((r) => r.id));
    for (const e of recs) expect([e.meta.offset, e.meta.length]).toEqual([0, data.length]);
  });

  it('a gzip stream too large to hold is one budget_exceeded rejection and an input error', async () => {
    const head = `WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:huge>\r\nContent-Length: ${MAX_RECORD_BYTES}\r\n\r\n`;
    const p = path.join(tmp(), 'huge.warc.gz');
    writeFileSync(p, Buffer.concat([zlib.gzipSync(Buffer.concat([Buffer.from(head), Buffer.alloc(MAX_RECORD_BYTES, 0x20), Buffer.from('\r\n\r\n')])), gz]));
    const evs = await readAll(p);
    const recs = records(evs);
    expect(recs[0]).toMatchObject({ kind: 'reject', reason: 'budget_exceeded', meta: { offset: 0 } });
    expect(recs.slice(1).map((e) => e.meta.id)).toEqual(manifest.records.map((r) => r.id));
    const errors = evs.filter((e) => e.kind === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.kind === 'error' && errors[0]!.error.message).toMatch(/warcio recompress/);
  });

  it('WARC header lines ending in bare LF are read too', async () => {
    const html = '<html><body><p>Hello</p></body></html>';
    const http = `HTTP/1.1 200 OK\nContent-Type: text/html\n\n${html}`;
    const rec = `WARC/0.18\nWARC-Type: response\nWARC-Record-ID: <urn:uuid:lf>\nWARC-Target-URI: http://lf.example/\nContent-Length: ${http.length}\n\n${http}\n\n`;
    const p = path.join(tmp(), 'lf.warc');
    writeFileSync(p, rec + rec.replace('urn:uuid:lf', 'urn:uuid:lf2'));
    const recs = records(await readAll(p));
    expect(recs.map((e) => [e.kind, e.meta.id, e.meta.url])).toEqual([
      ['extract', 'urn:uuid:lf', 'http://lf.example/'],
      ['extract', 'urn:uuid:lf2', 'http://lf.example/'],
    ]);
    expect(recs[0]!.kind === 'extract' && Buffer.from(recs[0]!.body).toString()).toBe(html);
  });

  it('every record of a gzip stream holding several is read: bare-LF and lower-case headers, a line of blanks between', async () => {
    const html = '<html><body><p>Hello</p></body></html>';
    const http = `HTTP/1.1 200 OK\nContent-Type: text/html\n\n${html}`;
    const lf = (id: string) => `WARC/0.18\nWARC-Type: response\nWARC-Record-ID: <urn:uuid:${id}>\nContent-Length: ${http.length}\n\n${http}\n\n`;
    const lower = `WARC/1.0\r\nwarc-type: response\r\nwarc-record-id: <urn:uuid:lower>\r\ncontent-length: ${http.length}\r\n\r\n${http}\r\n\r\n`;
    const p = path.join(tmp(), 'lf-stream.warc.gz');
    writeFileSync(p, zlib.gzipSync(lf('a') + lf('b') + ' \t \r\n' + lower));
    const recs = records(await readAll(p));
    expect(recs.map((e) => [e.kind, e.meta.id])).toEqual([
      ['extract', 'urn:uuid:a'],
      ['extract', 'urn:uuid:b'],
      ['extract', 'urn:uuid:lower'],
    ]);
    for (const e of recs) expect(e.kind === 'extract' && Buffer.from(e.body).toString()).toBe(html);
  });

  it('responses with a status other than 2xx (redirect stubs, error pages) are skipped as http_status', async () => {
    const rec = (id: string, status: string) => {
      const http = `HTTP/1.1 ${status}\r\nContent-Type: text/html\r\n\r\n<html><body><h1>${status}</h1><p>nginx</p></body></html>`;
      return `WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:${id}>\r\nWARC-Target-URI: http://s.example/${id}\r\nContent-Length: ${http.length}\r\n\r\n${http}\r\n\r\n`;
    };
    const p = path.join(tmp(), 'statuses.warc');
    writeFileSync(p, rec('ok', '200 OK') + rec('moved', '302 Found') + rec('missing', '404 Not Found') + rec('partial', '206 Partial Content') + rec('broken', '503 Service Unavailable'));
    const recs = records(await readAll(p));
    expect(recs.map((e) => [e.meta.id, readerOutcome(e), e.meta.httpStatus])).toEqual([
      ['urn:uuid:ok', 'extract', 200],
      ['urn:uuid:moved', 'skipped:http_status', 302],
      ['urn:uuid:missing', 'skipped:http_status', 404],
      ['urn:uuid:partial', 'extract', 206],
      ['urn:uuid:broken', 'skipped:http_status', 503],
    ]);
  });

  it('unreadable and non-WARC inputs are errors naming the file, not crashes', async () => {
    const dir = tmp();
    const junk = path.join(dir, 'notes.txt');
    writeFileSync(junk, 'just some notes\n');
    const evs = await readAll(junk);
    expect(evs.find((e) => e.kind === 'error')).toMatchObject({ error: { file: junk, message: 'not a WARC or HTML file' } });
    const missing = await expandInputs([path.join(dir, 'nope.warc.gz')]);
    expect(missing.errors[0]!.file).toBe(path.join(dir, 'nope.warc.gz'));
    const f: InputFile = { path: path.join(dir, 'gone.warc'), size: 10 };
    const gone: ReadEvent[] = [];
    for await (const ev of readFileRecords(f)) gone.push(ev);
    expect(gone.find((e) => e.kind === 'error')).toMatchObject({ error: { file: f.path } });
  });
});

describe('.warc.zst files (IIPC WARC-zstd)', () => {
  const GZ = path.join(SAMPLES, 'samples.warc.gz');
  /** What a record is, wherever it is stored. */
  const identity = (e: ReadEvent) =>
    e.kind === 'extract' ? `extract ${e.meta.id} ${e.meta.url} ${Buffer.from(e.body).toString('hex')}` : e.kind === 'skip' || e.kind === 'reject' ? `${e.kind} ${e.meta.id} ${e.reason}` : e.kind;
  async function members() {
    return records(await readAll(GZ)).map((e) => ({ offset: e.meta.offset, length: e.meta.length }));
  }

  it('every record of the gzip sample, as it was, with and without a dictionary (raw or compressed); offsets re-read it', async () => {
    const gzRecords = records(await readAll(GZ));
    const dictionary = readFileSync(path.join(SAMPLES, 'samples-plain.warc')).subarray(0, 8192);
    for (const opts of [{}, { dictionary }, { dictionary, compressDictionary: true }]) {
      const p = sampleWarcZst(await members(), opts);
      // Found in its directory as a WARC file.
      const evs = await readAll(path.dirname(p));
      expect(evs.filter((e) => e.kind === 'error')).toEqual([]);
      const recs = records(evs);
      expect(recs.map(identity)).toEqual(gzRecords.map(identity));
      for (const e of recs) {
        const again = await readRecordAt(p, e.meta.offset, e.meta.length);
        expect(again.map(identity)).toEqual([identity(e)]);
      }
    }
  });

  it('a file cut inside a frame keeps every record before it, plus one truncated_input rejection and one error', async () => {
    const p = sampleWarcZst(await members(), { dictionary: Buffer.from('WARC/1.0\r\nWARC-Type: response\r\n'.repeat(20)) });
    const full = records(await readAll(p));
    const victim = full[9]!.meta;
    const cutFile = path.join(tmp(), 'cut.warc.zst');
    writeFileSync(cutFile, readFileSync(p).subarray(0, victim.offset + Math.floor(victim.length / 2)));
    const evs = await readAll(cutFile);
    const recs = records(evs);
    expect(recs.slice(0, 9).map((e) => e.meta.id)).toEqual(full.slice(0, 9).map((e) => e.meta.id));
    expect(recs).toHaveLength(10);
    expect(recs[9]).toMatchObject({ kind: 'reject', reason: 'truncated_input', meta: { offset: victim.offset } });
    expect(evs.filter((e) => e.kind === 'error')).toHaveLength(1);
  });

  it('a corrupt frame is reported with its offset and passed over; a file whose dictionary is cut short is an error naming it', async () => {
    const p = sampleWarcZst(await members());
    const full = records(await readAll(p));
    const victim = full[4]!.meta;
    const bad = readFileSync(p);
    bad.fill(0x55, victim.offset + 6, victim.offset + victim.length - 4);
    const corrupt = path.join(tmp(), 'corrupt.warc.zst');
    writeFileSync(corrupt, bad);
    const evs = await readAll(corrupt);
    const recs = records(evs);
    expect(recs.filter((e) => e.meta.offset !== victim.offset).map((e) => e.meta.id)).toEqual(full.filter((e) => e !== full[4]).map((e) => e.meta.id));
    expect(recs.filter((e) => e.meta.offset === victim.offset)).toMatchObject([{ kind: 'reject', reason: 'read_error' }]);
    expect(evs.filter((e) => e.kind === 'error')).toMatchObject([{ error: { file: corrupt, offset: victim.offset } }]);
    const header = Buffer.alloc(8);
    header.writeUInt32LE(0x184d2a5d, 0);
    header.writeUInt32LE(1 << 20, 4);
    const noDictionary = path.join(tmp(), 'short.warc.zst');
    writeFileSync(noDictionary, Buffer.concat([header, Buffer.from('too short')]));
    expect((await readAll(noDictionary)).find((e) => e.kind === 'error')).toMatchObject({ error: { file: noDictionary, message: 'unreadable zstd data' } });
  });
});

/** Records in a file counted by warcio's own streaming parser (pako gunzip), as an oracle. */
async function warcioCount(p: string): Promise<{ n: number; types: Record<string, number> }> {
  const types: Record<string, number> = {};
  let n = 0;
  try {
    for await (const rec of new WARCParser(createReadStream(p), { parseHttp: false })) {
      n++;
      types[rec.warcType] = (types[rec.warcType] ?? 0) + 1;
    }
  } catch {
    /* truncated input: count what parsed */
  }
  return { n, types };
}

describe.skipIf(!SHARED_WARC)('real WARC files in ../shared/warc', () => {
  if (!SHARED_WARC) console.warn('skipping ../shared/warc tests: directory not found');
  // 2xx responses with an HTML payload in each file (checked by hand against the files; IAH's nine others
  // are redirects).
  const htmlResponses: Record<string, number> = {
    'resiliparse__cc-main-2020-34__warcfile.warc.gz': 16,
    'resiliparse__cc-main-2020-34__warcfile.warc': 16,
    'resiliparse__clueweb09-quirk__warc-0.18.warc.gz': 29,
    'cc-whirlwind__cc-main-2024-22__escopete.warc.gz': 1,
    'cc-whirlwind__cc-main-2024-22__escopete.warc.wat.gz': 0,
    'cc-whirlwind__cc-main-2024-22__escopete.warc.wet.gz': 0,
    'jwarc__commoncrawl-org-single.warc.gz': 1,
    'dolma__wget-sample-0000.warc.gz': 22,
    'dolma__wget-sample-0001.warc.gz': 15,
    'webarchive-commons__IAH-urls-wget.warc.gz': 2,
    'ia-web-commons__text-extraction-test.warc': 1,
    'warcio__example.warc.gz': 1,
    'warcio__example-iana.org-chunked.warc': 1,
  };
  for (const [name, n] of Object.entries(htmlResponses)) {
    it(`${name}: ${n} 2xx HTML responses, every record accounted for`, async () => {
      const p = path.join(SHARED_WARC!, name);
      const evs = await readAll(p);
      expect(evs.filter((e) => e.kind === 'error')).toEqual([]);
      const recs = records(evs);
      expect(recs.filter((e) => e.kind === 'extract')).toHaveLength(n);
      const oracle = await warcioCount(p);
      expect(recs.length).toBe(oracle.n);
      for (const e of recs) {
        expect(e.meta.id).toMatch(/^urn:/);
        if (e.kind === 'extract') expect(e.meta.url).toMatch(/^https?:\/\/[^<>]+$/);
      }
      // offsets re-read
      for (const e of recs.slice(0, 8)) {
        const again = await readRecordAt(p, e.meta.offset, e.meta.length);
        expect(again.map((x) => x.meta.id)).toContain(e.meta.id);
      }
    });
  }

  it('the truncated Common Crawl file: one truncated_input rejection naming the record, one error', async () => {
    const p = path.join(SHARED_WARC!, 'resiliparse__clipped-truncated.warc.gz');
    const evs = await readAll(p);
    const recs = records(evs);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ kind: 'reject', reason: 'truncated_input', meta: { offset: 0 } });
    expect(recs[0]!.meta.url).toMatch(/^http:\/\/www\.houstonpress\.com\//);
    expect(evs.filter((e) => e.kind === 'error')).toHaveLength(1);
  });

  it('the chunked record is dechunked later, flagged here; the revisit is skipped', async () => {
    const chunked = records(await readAll(path.join(SHARED_WARC!, 'warcio__example-iana.org-chunked.warc'))).find((e) => e.kind === 'extract');
    expect(chunked && chunked.kind === 'extract' && chunked.chunked).toBe(true);
    const ex = records(await readAll(path.join(SHARED_WARC!, 'warcio__example.warc.gz')));
    expect(ex.filter((e) => e.kind === 'skip' && e.reason === 'revisit')).toHaveLength(1);
  });
});
