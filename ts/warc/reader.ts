// Reading inputs: WARC files (.warc, .warc.gz with one gzip member per record, .warc.zst) and plain
// HTML files (.html, .htm, .html.gz), as the command line names them (inputs.ts).
//
// This module probes what a file holds and reads a span of it. A WARC file is read in layers:
// units.ts (framing: gzip members, zstd frames or plain records, each with its byte offset and
// length in the file), then records.ts (each unit's records: warcio reads the WARC headers, http.ts
// the HTTP head, as warcio's parser needs CRLF line ends, which WARC/0.18 files lack).

import { open, type FileHandle } from 'node:fs/promises';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { sniffHtml } from './http.js';
import { decodeHead, decodeZstd, isZstdFrame, skippableFrame, startsZstdFile, type ZstdDecoder } from './zstd.js';
import { errMessage, HTML_EXT, type InputFile } from './inputs.js';
import { emptyMeta, looksLikeWarc, unitRecords, type ReadEvent, type RecordEvent, type SpanEvent } from './records.js';
import { FileWindow, gzipUnits, InflateBuffer, MAX_RECORD_BYTES, memberHead, newWalk, plainUnits, READ_CHUNK, wholeFile, zstdFileOf, zstdUnits, type Span, type Walk, type ZstdFile } from './units.js';

export { expandInputs, type InputError, type InputFile } from './inputs.js';
export type { ReadEvent, RecordEvent, RecordMeta, SpanEvent } from './records.js';
export { InflateBuffer, MAX_RECORD_BYTES, newWalk, wholeFile, type Span, type Walk } from './units.js';

/** Largest plain HTML file read (larger ones are rejected as budget_exceeded). */
const MAX_HTML_FILE = 64 << 20;

async function* htmlFile(file: InputFile, fh: FileHandle, first: Buffer, gz: boolean): AsyncGenerator<SpanEvent> {
  const meta = emptyMeta(file.path, 0, file.size);
  meta.warcType = null;
  if (file.size > MAX_HTML_FILE) {
    meta.id = `urn:sha1:${createHash('sha1').update(file.path).digest('hex')}`;
    yield { kind: 'reject', meta, reason: 'budget_exceeded', message: `file of ${file.size} bytes exceeds ${MAX_HTML_FILE}` };
    return;
  }
  let bytes: Uint8Array = first.length === file.size ? first : await fh.readFile();
  if (gz) {
    try {
      bytes = zlib.gunzipSync(bytes, { maxOutputLength: MAX_HTML_FILE });
    } catch (e) {
      meta.id = `urn:sha1:${createHash('sha1').update(bytes).digest('hex')}`;
      yield { kind: 'reject', meta, reason: 'decode_failure', message: `gunzip: ${(e as Error).message}` };
      yield { kind: 'error', error: { file: file.path, offset: 0, message: `cannot gunzip: ${(e as Error).message}` } };
      return;
    }
  }
  meta.id = `urn:sha1:${createHash('sha1').update(bytes).digest('hex')}`;
  if (bytes.length === 0) {
    yield { kind: 'skip', meta, reason: 'empty_payload' };
    return;
  }
  yield { kind: 'extract', meta, body: bytes, chunked: false, contentEncoding: null, sniff: false };
}

/** What the first bytes of a file say it holds. */
interface Probe {
  /** The first bytes as read (up to 64 KiB). */
  bytes: Buffer;
  gz: boolean;
  /** How to read a `.warc.zst` file's frames, when the file starts as one does. */
  zstd: ZstdFile | null;
  /** The start of the content (inflated or decoded when compressed; empty when that fails). */
  head: Uint8Array;
  warc: boolean;
}

async function probeFile(fh: FileHandle, size: number): Promise<Probe> {
  const bytes = Buffer.alloc(Math.min(size, 64 << 10));
  await fh.read(bytes, 0, bytes.length, 0);
  const gz = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const zstdStart = !gz && startsZstdFile(bytes);
  const zstd = zstdStart ? await zstdFileOf(fh).catch(() => null) : null;
  const head = gz ? (memberHead(bytes) ?? new Uint8Array(0)) : zstdStart ? ((zstd && (await zstdFileHead(fh, bytes, zstd.decoder))) ?? new Uint8Array(0)) : bytes;
  let s = 0;
  while (s < head.length && (head[s] === 0x0d || head[s] === 0x0a || head[s] === 0x20)) s++;
  const warc = Buffer.from(head.subarray(s, s + 5)).toString('latin1') === 'WARC/';
  return { bytes, gz, zstd, head, warc };
}

/** What the first zstd frame of a `.warc.zst` file starts with (past its skippable frames). */
async function zstdFileHead(fh: FileHandle, bytes: Buffer, dctx: ZstdDecoder): Promise<Uint8Array> {
  let at = 0;
  let b: Uint8Array = bytes;
  for (let skippable = skippableFrame(b); skippable; skippable = skippableFrame(b)) {
    at += skippable.length;
    const next = Buffer.alloc(256 << 10);
    const { bytesRead } = await fh.read(next, 0, next.length, at);
    b = next.subarray(0, bytesRead);
  }
  return decodeHead(b, dctx);
}

/**
 * A WARC file, gzipped (one member per record, as Common Crawl writes them) or not, can be read in
 * spans by independent readers (see Span). Anything else is read whole, by one reader.
 */
export async function isWarcFile(file: InputFile): Promise<boolean> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(file.path, 'r');
    return (await probeFile(fh, file.size)).warc;
  } catch {
    return false; // the reader reports why
  } finally {
    await fh?.close().catch(() => {});
  }
}

/**
 * Reads one input file, yielding its records in file order, with errors naming the file and
 * offset. Never throws for a bad file: unreadable, truncated or corrupt input ends in an
 * `error` event and `file_end` with ok=false.
 */
export async function* readFileRecords(file: InputFile): AsyncGenerator<ReadEvent> {
  yield { kind: 'file_start', file };
  const walk = newWalk();
  yield* readSpan(file, wholeFile(file), walk);
  yield { kind: 'file_end', file, ok: walk.ok };
}

/**
 * Reads the records of one span of a file (file_start and file_end aside, the events
 * readFileRecords yields for them), filling `walk`. With `into`, gzip members are inflated into
 * that one buffer: each event's bytes are then valid only until the next event is asked for.
 */
export async function* readSpan(file: InputFile, span: Span, walk: Walk, into: InflateBuffer | null = null): AsyncGenerator<SpanEvent> {
  let fh: FileHandle | undefined;
  try {
    try {
      fh = await open(file.path, 'r');
    } catch (e) {
      yield { kind: 'error', error: { file: file.path, offset: null, message: `cannot open: ${errMessage(e)}` } };
      walk.ok = false;
      return;
    }
    const probe = await probeFile(fh, file.size);
    if (!probe.warc) {
      if (HTML_EXT.test(file.path) || sniffHtml(probe.head)) {
        for await (const ev of htmlFile(file, fh, probe.bytes, probe.gz)) {
          if (ev.kind === 'error') walk.ok = false;
          yield ev;
        }
        return;
      }
      const message =
        file.size === 0
          ? 'empty file'
          : probe.gz && probe.head.length === 0
            ? 'unreadable gzip data'
            : startsZstdFile(probe.bytes) && probe.head.length === 0
              ? 'unreadable zstd data'
              : 'not a WARC or HTML file';
      yield { kind: 'error', error: { file: file.path, offset: 0, message } };
      walk.ok = false;
      return;
    }
    const win = new FileWindow(fh, Math.min(READ_CHUNK, span.end - span.start + (64 << 10)));
    const units = probe.gz ? gzipUnits(win, span, walk, into) : probe.zstd ? zstdUnits(win, span, walk, probe.zstd) : plainUnits(win, span, walk);
    for await (const ue of units) {
      if (ue.kind === 'error') {
        walk.ok = false;
        yield { kind: 'error', error: { file: file.path, offset: ue.offset, message: ue.message } };
        if (ue.fatal) break;
        continue;
      }
      if (ue.kind === 'bad') {
        // Counted as one record, so that the loss shows in the counts too.
        const meta = ue.meta ? { ...ue.meta, file: file.path } : emptyMeta(file.path, ue.offset, ue.length);
        if (ue.reason === 'budget_exceeded' && meta.warcType && meta.warcType !== 'response') {
          yield { kind: 'skip', meta, reason: meta.warcType === 'revisit' ? 'revisit' : 'not_response' };
        } else {
          yield { kind: 'reject', meta, reason: ue.reason ?? 'read_error', message: ue.message };
        }
        if (ue.inputError !== false) {
          walk.ok = false;
          yield { kind: 'error', error: { file: file.path, offset: ue.offset, message: ue.message } };
        }
        yield { kind: 'position', file, offset: ue.offset + ue.length };
        continue;
      }
      const unit = ue.unit;
      if (unit.truncated) {
        walk.ok = false;
      } else if (!looksLikeWarc(unit.data)) {
        walk.ok = false;
        const message = `${probe.zstd ? 'zstd frame' : 'gzip member'} does not hold a WARC record`;
        yield { kind: 'reject', meta: emptyMeta(file.path, unit.offset, unit.length), reason: 'read_error', message };
        yield { kind: 'error', error: { file: file.path, offset: unit.offset, message } };
        yield { kind: 'position', file, offset: unit.offset + unit.length };
        continue;
      }
      try {
        for await (const ev of unitRecords(file.path, unit)) yield ev;
      } catch (e) {
        walk.ok = false;
        yield { kind: 'reject', meta: emptyMeta(file.path, unit.offset, unit.length), reason: 'read_error', message: `WARC parse: ${errMessage(e)}` };
        yield { kind: 'error', error: { file: file.path, offset: unit.offset, message: `cannot parse WARC record: ${errMessage(e)}` } };
      }
      if (unit.truncated) {
        yield { kind: 'error', error: { file: file.path, offset: unit.offset, message: unit.truncated } };
      }
      yield { kind: 'position', file, offset: unit.offset + unit.length };
    }
  } catch (e) {
    walk.ok = false;
    yield { kind: 'error', error: { file: file.path, offset: null, message: `read failed: ${errMessage(e)}` } };
  } finally {
    await fh?.close().catch(() => {});
  }
}

/** Re-reads the record (or gzip member) at [offset, offset + length) of a file: for checking `source`. */
export async function readRecordAt(file: string, offset: number, length: number): Promise<RecordEvent[]> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    await fh.read(buf, 0, length, offset);
    let data: Uint8Array = buf;
    if (buf[0] === 0x1f && buf[1] === 0x8b) data = zlib.gunzipSync(buf);
    else if (isZstdFrame(buf)) data = decodeZstd(buf, MAX_RECORD_BYTES, (await zstdFileOf(fh)).decoder);
    if (!looksLikeWarc(data)) {
      // A plain HTML file: the whole file.
      const meta = emptyMeta(file, offset, length);
      meta.id = `urn:sha1:${createHash('sha1').update(data).digest('hex')}`;
      return [{ kind: 'extract', meta, body: data, chunked: false, contentEncoding: null, sniff: false }];
    }
    const out: RecordEvent[] = [];
    for await (const ev of unitRecords(file, { offset, length, data })) out.push(ev);
    return out;
  } finally {
    await fh.close();
  }
}
