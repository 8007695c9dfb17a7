// Framing: a WARC file cut into units, one gzip member, one zstd frame or one uncompressed record
// each, with its byte offset and length in the file (a record's provenance). Gzip members are
// inflated one by one (libdeflate in the native addon, else node:zlib; both tell how many input
// bytes a member used), zstd frames decoded one by one (zstd.ts), plain records cut by
// Content-Length. A reader reads the units that start in its span of the file (Span).

import type { FileHandle } from 'node:fs/promises';
import zlib from 'node:zlib';
import { decodeHead, decodeZstd, frameLength, isZstdFrame, newDecoder, skippableFrame, ZSTD_FRAME_MAGIC, type ZstdDecoder } from './zstd.js';
import { addStage, now, STAGE_TIMES } from '../pipeline/stages.js';
import { nativeInflate, type NativeInflate } from '../engine/native.js';
import { errMessage, type InputFile } from './inputs.js';
import { emptyMeta, headersEnd, looksLikeWarc, skipLineEnds, stripBrackets, type RecordMeta, type RejectReason } from './records.js';

// ---------------------------------------------------------------------------------------------
// A window over a file: keeps [base, base + buf.length) in memory, refilled in large reads.

export const READ_CHUNK = 4 << 20;

export class FileWindow {
  private buf: Buffer = Buffer.alloc(0);
  private base = 0;
  eof = false;
  /** `readChunk`: bytes read ahead at a time (a range reader wants little more than its range). */
  constructor(
    private readonly fh: FileHandle,
    private readonly readChunk = READ_CHUNK,
  ) {}

  /** Loads [off, off + n) as far as the file allows; returns the number of bytes available from off. */
  async ensure(off: number, n: number): Promise<number> {
    const avail = this.base + this.buf.length - off;
    if (avail >= n || this.eof) return Math.max(0, avail);
    const keep = off >= this.base && avail > 0 ? this.buf.subarray(off - this.base) : Buffer.alloc(0);
    const cap = Math.max(n, keep.length + this.readChunk);
    const nb = Buffer.allocUnsafe(cap);
    keep.copy(nb, 0);
    let filled = keep.length;
    while (filled < cap) {
      const { bytesRead } = await this.fh.read(nb, filled, cap - filled, off + filled);
      if (bytesRead === 0) {
        this.eof = true;
        break;
      }
      filled += bytesRead;
    }
    this.buf = nb.subarray(0, filled);
    this.base = off;
    return filled;
  }

  view(off: number, n: number): Buffer {
    const s = off - this.base;
    return this.buf.subarray(s, Math.min(s + n, this.buf.length));
  }
}

// ---------------------------------------------------------------------------------------------

/** A framed piece of a WARC file: one gzip member, one zstd frame or one uncompressed record. */
export interface Unit {
  offset: number;
  length: number;
  data: Uint8Array;
  /** Set when the unit was cut short by the end of the file. */
  truncated?: string;
}

type UnitEvent =
  | { kind: 'unit'; unit: Unit }
  | { kind: 'error'; offset: number; message: string; fatal: boolean }
  /** Bytes [offset, offset + length) could not be read as records; reading resumes after them. */
  | {
      kind: 'bad';
      offset: number;
      length: number;
      message: string;
      reason?: RejectReason;
      meta?: RecordMeta;
      /** Also an input error (exit 1)? Default yes; a well-framed record over budget is not. */
      inputError?: boolean;
    };

function gzipHeaderLength(b: Uint8Array): number {
  // 10-byte fixed header, then optional FEXTRA, FNAME, FCOMMENT, FHCRC. -1: incomplete.
  if (b.length < 10) return -1;
  const flg = b[3]!;
  let p = 10;
  if (flg & 4) {
    if (b.length < p + 2) return -1;
    p += 2 + (b[p]! | (b[p + 1]! << 8));
  }
  for (const bit of [8, 16]) {
    if (flg & bit) {
      const z = b.indexOf(0, p);
      if (z < 0) return -1;
      p = z + 1;
    }
  }
  if (flg & 2) p += 2;
  return p <= b.length ? p : -1;
}

/**
 * Upper bound on one record's size in memory (an inflated gzip member, an uncompressed record).
 * Larger records are rejected as budget_exceeded without being loaded; the core refuses payloads
 * over 32 MiB anyway.
 */
export const MAX_RECORD_BYTES = 64 << 20;
const MAX_MEMBER_BYTES = MAX_RECORD_BYTES;

const GZ_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);
const INFLATE_CHUNK = 256 << 10;
/** HTML deflates about 5-20 to 1; an ISIZE hint above this ratio is not believed (see isizeHint). */
const MAX_HINT_RATIO = 64;

function describeSkip(off: number, next: number, end: number): string {
  return next >= 0 ? `skipped ${next - off} bytes to the next record at offset ${next}` : `no record after it (${end - off} bytes skipped)`;
}

/**
 * Passes over the bytes from `off` up to the next unit `next` finds after them, which are no
 * record: yields the `bad` event for them and returns where reading goes on (-1: nowhere).
 */
async function* skipToNext(
  win: FileWindow,
  off: number,
  next: (from: number) => Promise<number>,
  message: string,
  reason?: RejectReason,
): AsyncGenerator<UnitEvent, number> {
  const n = await next(off + 1);
  const end = n >= 0 ? n : await fileEnd(win, off);
  yield { kind: 'bad', offset: off, length: end - off, message: `${message}; ${describeSkip(off, n, end)}`, reason };
  return n;
}

async function fileEnd(win: FileWindow, off: number): Promise<number> {
  let pos = off;
  for (;;) {
    const avail = await win.ensure(pos, READ_CHUNK);
    if (win.eof) return pos + avail;
    pos += avail;
  }
}

/** The first bytes a gzip member at the start of `b` inflates to; null when it is none. */
export function memberHead(b: Uint8Array): Uint8Array | null {
  const h = gzipHeaderLength(b);
  if (h <= 0) return null;
  try {
    return zlib.inflateRawSync(b.subarray(h, h + 4096), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch {
    return null;
  }
}

/** The first offset in [from, limit) where a gzip member holding a WARC record starts, or -1. */
function nextGzipMember(win: FileWindow, from: number, limit = Infinity): Promise<number> {
  return nextUnitStart(win, GZ_MAGIC, (b) => looksLikeWarc(memberHead(b) ?? new Uint8Array(0)), from, limit);
}

/**
 * The first offset in [from, limit) where `magic` starts a compressed unit whose bytes (from
 * there to the window's end) `holdsWarc` says decode to a WARC record, or -1.
 */
async function nextUnitStart(win: FileWindow, magic: Buffer, holdsWarc: (b: Uint8Array) => boolean, from: number, limit: number): Promise<number> {
  let pos = from;
  while (pos < limit) {
    const avail = await win.ensure(pos, 1 << 20);
    if (avail < magic.length) return -1;
    const b = win.view(pos, avail);
    const i = b.indexOf(magic);
    if (i < 0) {
      if (win.eof) return -1;
      pos += avail - (magic.length - 1);
      continue;
    }
    if (pos + i >= limit) return -1;
    if (holdsWarc(b.subarray(i))) return pos + i;
    pos += i + 1;
  }
  return -1;
}

const WARC_LINE = /^WARC\/\d+\.\d+\r?\n/;

/**
 * The first offset in (from, limit) where an uncompressed WARC record starts (a "WARC/x.y" line
 * after a line end), or -1.
 */
async function nextPlainRecord(win: FileWindow, from: number, limit = Infinity): Promise<number> {
  let pos = from;
  while (pos < limit) {
    const avail = await win.ensure(pos, 1 << 20);
    if (avail < 8) return -1;
    const b = win.view(pos, avail);
    let i = b.indexOf('\nWARC/', 0, 'latin1');
    while (i >= 0 && !WARC_LINE.test(b.subarray(i + 1, i + 16).toString('latin1'))) i = b.indexOf('\nWARC/', i + 1, 'latin1');
    if (i >= 0 && i + 16 <= avail) return pos + i + 1 < limit ? pos + i + 1 : -1;
    if (win.eof) return -1;
    pos += Math.max(1, avail - 16);
  }
  return -1;
}

/** An inflated gzip member and the bytes of DEFLATE data it took. */
interface Inflated {
  data: Uint8Array;
  used: number;
}

let inflateNative: NativeInflate | null | undefined;

/**
 * One buffer that a reader inflates gzip members into, one after the other, growing it when a
 * member needs more. An event's bytes then live only until the reader is asked for the next
 * event: for a consumer that is done with each record before the next (the pool's worker), it
 * saves allocating, and collecting, a buffer per record (most of the worker's GC time). It keeps
 * the size of the largest member seen, at most MAX_MEMBER_BYTES.
 */
export class InflateBuffer {
  private buf = Buffer.alloc(0);

  /** The buffer, at least `size` bytes. */
  take(size: number): Buffer {
    if (this.buf.length < size) this.buf = Buffer.allocUnsafe(Math.max(size, 1 << 20));
    return this.buf;
  }
}

/**
 * Inflates the DEFLATE stream at the start of `deflate` (a gzip member after its header) with
 * libdeflate. Null when the native addon is not built, or when the stream is corrupt or runs past
 * the end of `deflate`: inflateZlib then tells which. `sizeHint`: the first guess of the inflated
 * size (see isizeHint), 0 for none. `into`: inflate into it (see InflateBuffer; without a hint,
 * into the largest buffer it has) rather than into a buffer of the member's own.
 */
function inflateLibdeflate(deflate: Buffer, sizeHint: number, into: InflateBuffer | null): Inflated | null {
  // Looked up once: null (no addon) is an answer too, and looking costs file-system calls.
  if (inflateNative === undefined) inflateNative = nativeInflate();
  if (!inflateNative) return null;
  // libdeflate inflates whole buffers only: a buffer found too small is doubled and the member
  // inflated again. (`into` hands out the largest buffer it has: most members fit the first time.)
  let size = Math.min(Math.max(1, sizeHint || (into ? 1 : 4 * deflate.length)), MAX_MEMBER_BYTES);
  for (;;) {
    const out = into ? into.take(size) : Buffer.allocUnsafe(size);
    const r = inflateNative(deflate, out);
    if (r === null) return null;
    // A guess far too large is copied out, so the record does not keep the whole buffer alive.
    if (r.used > 0) return { data: !into && r.written < size / 2 ? Buffer.from(out.subarray(0, r.written)) : out.subarray(0, r.written), used: r.used };
    if (out.length >= MAX_MEMBER_BYTES) return null;
    size = Math.min(2 * out.length, MAX_MEMBER_BYTES);
  }
}

/**
 * The same with node:zlib, which throws saying why a stream does not inflate (cut short, corrupt,
 * too large).
 */
function inflateZlib(deflate: Buffer): Inflated {
  // 256 KiB output chunks: members inflate to ~300 KB on average, and zlib's default 16 KiB
  // chunks cost a call and a copy each.
  const out = zlib.inflateRawSync(deflate, { info: true, maxOutputLength: MAX_MEMBER_BYTES, chunkSize: INFLATE_CHUNK }) as unknown as {
    buffer: Buffer;
    engine: { bytesWritten: number };
  };
  return { data: out.buffer, used: out.engine.bytesWritten };
}

/**
 * The inflated size the member at the start of `b` (header `h` bytes) most likely has: the ISIZE
 * field of its trailer, which ends where the next member's magic (or the file) starts; 0 when
 * neither is in view, or when the size is beyond what HTML compresses to (MAX_HINT_RATIO): then the
 * "magic" was a chance match inside the compressed data, and trusting it would allocate up to
 * MAX_MEMBER_BYTES for a small member. Only a first guess for libdeflate's output buffer, which grows
 * when short.
 */
function isizeHint(b: Buffer, h: number, eof: boolean): number {
  const next = b.indexOf(GZ_MAGIC, h);
  const end = next >= 0 ? next : eof ? b.length : -1;
  if (end - 4 < h) return 0;
  const isize = b.readUInt32LE(end - 4);
  return isize <= MAX_HINT_RATIO * (end - h) ? isize : 0;
}

/** Where a span's first unit starts: at its start when exact, else the first one `find` finds in it (noted in `walk`). */
async function spanStart(span: Span, walk: Walk, find: (from: number, limit: number) => Promise<number>): Promise<number> {
  const off = span.exact ? span.start : await find(span.start, span.end);
  walk.first = off >= 0 && off < span.size ? off : null;
  return off;
}

/** Is a unit at `off` past the span, the next span's first? (Then noted in `walk`.) */
function pastSpan(off: number, span: Span, walk: Walk): boolean {
  if (off < span.end) return false;
  walk.next = off < span.size ? off : null;
  return true;
}

/**
 * The gzip members of a file that start in [span.start, span.end), in order, reading past the end
 * to finish the last one. `span.exact`: a member (or the file) starts at span.start; otherwise the
 * first member in the span is found by nextGzipMember. Fills `walk` as it goes.
 */
export async function* gzipUnits(win: FileWindow, span: Span, walk: Walk, into: InflateBuffer | null): AsyncGenerator<UnitEvent> {
  let off = await spanStart(span, walk, (from, limit) => nextGzipMember(win, from, limit));
  let want = 1 << 16;
  while (off >= 0) {
    if (pastSpan(off, span, walk)) return;
    const avail = await win.ensure(off, want);
    if (avail === 0) return;
    const b = win.view(off, avail);
    if (b[0] !== 0x1f || b[1] !== 0x8b) {
      if (win.eof && b.every((x) => x === 0)) return; // zero padding at the end
      off = yield* skipToNext(win, off, (from) => nextGzipMember(win, from), 'not a gzip member (bad magic)');
      if (off < 0) return;
      want = 1 << 16;
      continue;
    }
    const h = gzipHeaderLength(b);
    if (h < 0) {
      if (!win.eof) {
        want = avail * 2;
        continue;
      }
      yield { kind: 'unit', unit: { offset: off, length: avail, data: new Uint8Array(0), truncated: 'gzip header cut short by the end of the file' } };
      return;
    }
    let out: Inflated;
    const tz = STAGE_TIMES ? now() : 0;
    try {
      const fast = inflateLibdeflate(b.subarray(h), into ? 0 : isizeHint(b, h, win.eof), into);
      if (!fast && !win.eof && b.indexOf(GZ_MAGIC, h) < 0) {
        // Most likely the member runs past the window: read on rather than ask zlib why (zlib
        // would say so too, after inflating what is in view).
        if (STAGE_TIMES) addStage('read_gunzip', now() - tz);
        want = avail * 2;
        continue;
      }
      out = fast ?? inflateZlib(b.subarray(h));
      if (STAGE_TIMES) addStage('read_gunzip', now() - tz);
    } catch (e) {
      if (STAGE_TIMES) addStage('read_gunzip', now() - tz);
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(err.message)) {
        if (!win.eof) {
          want = avail * 2;
          continue;
        }
        // Cut short by the end of the file: hand on what inflates, marked truncated.
        let partial: Uint8Array = new Uint8Array(0);
        try {
          partial = zlib.inflateRawSync(b.subarray(h), { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: MAX_MEMBER_BYTES });
        } catch {
          /* nothing recoverable */
        }
        yield {
          kind: 'unit',
          unit: { offset: off, length: avail, data: partial, truncated: `gzip member cut short by the end of the file (${avail} bytes of compressed data, ${partial.length} bytes inflated)` },
        };
        return;
      }
      const tooBig = err instanceof RangeError || err.code === 'ERR_BUFFER_TOO_LARGE';
      // A member this large is usually a whole file gzipped as one stream rather than one member per
      // record; `warcio recompress` rewrites such files. Reported as an input error.
      const what = tooBig
        ? `gzip member inflates to more than ${MAX_MEMBER_BYTES} bytes (one gzip stream for many records? \`warcio recompress\` makes one member per record)`
        : `corrupt gzip member (${err.message})`;
      off = yield* skipToNext(win, off, (from) => nextGzipMember(win, from), what, tooBig ? 'budget_exceeded' : 'read_error');
      if (off < 0) return;
      want = 1 << 16;
      continue;
    }
    let length = h + out.used + 8; // + CRC32 and ISIZE
    if (length > avail) {
      if (!win.eof) {
        want = length;
        continue;
      }
      length = avail; // trailer missing: the data is complete, keep it
    }
    yield { kind: 'unit', unit: { offset: off, length, data: out.data } };
    off += length;
    want = 1 << 16;
  }
}

/**
 * The units of a `.warc.zst` file (IIPC's WARC-zstd): zstd frames of whole records, decoded with
 * the file's dictionary when it has one. Skippable frames (the dictionary's own, other tools'
 * data) are passed over.
 */
export async function* zstdUnits(win: FileWindow, span: Span, walk: Walk, zstd: ZstdFile): AsyncGenerator<UnitEvent> {
  const dctx = zstd.decoder;
  // The dictionary frame's content may itself be a zstd frame: no record starts inside it.
  const nextFrame = (from: number, limit = Infinity) =>
    nextUnitStart(win, ZSTD_FRAME_MAGIC, (b) => looksLikeWarc(decodeHead(b, dctx)), Math.max(from, zstd.framesStart), limit);
  let off = await spanStart(span, walk, nextFrame);
  let want = 1 << 16;
  while (off >= 0) {
    if (pastSpan(off, span, walk)) return;
    const avail = await win.ensure(off, want);
    if (avail === 0) return;
    const b = win.view(off, avail);
    const skippable = skippableFrame(b);
    if (skippable) {
      if (skippable.length > avail && win.eof) {
        yield { kind: 'bad', offset: off, length: avail, message: 'skippable zstd frame cut short by the end of the file' };
        return;
      }
      off += skippable.length;
      continue;
    }
    if (!isZstdFrame(b)) {
      if (win.eof && b.every((x) => x === 0)) return; // zero padding at the end
      off = yield* skipToNext(win, off, nextFrame, 'not a zstd frame (bad magic)');
      if (off < 0) return;
      want = 1 << 16;
      continue;
    }
    let length: number | null;
    try {
      length = frameLength(b);
    } catch (e) {
      off = yield* skipToNext(win, off, nextFrame, `corrupt zstd frame (${errMessage(e)})`);
      if (off < 0) return;
      want = 1 << 16;
      continue;
    }
    if (length === null) {
      // The frame's end is not in view: read on, unless the file or the budget ends first.
      if (!win.eof && avail <= MAX_MEMBER_BYTES) {
        want = avail * 2;
        continue;
      }
      // A frame that runs past the next record's frame, or past the budget, is corrupt (its block
      // sizes are garbage), not cut short.
      if (!win.eof || (await nextFrame(off + 1)) >= 0) {
        off = yield* skipToNext(win, off, nextFrame, 'corrupt zstd frame (its blocks run past the next frame)');
        if (off < 0) return;
        want = 1 << 16;
        continue;
      }
      // Cut short by the end of the file: hand on what decodes, marked truncated.
      const tz = STAGE_TIMES ? now() : 0;
      let partial: Uint8Array = new Uint8Array(0);
      try {
        partial = decodeZstd(b, MAX_MEMBER_BYTES, dctx);
      } catch {
        /* nothing recoverable */
      }
      if (STAGE_TIMES) addStage('read_gunzip', now() - tz);
      const truncated = `zstd frame cut short by the end of the file (${avail} bytes of compressed data, ${partial.length} bytes decoded)`;
      yield { kind: 'unit', unit: { offset: off, length: avail, data: partial, truncated } };
      return;
    }
    const tz = STAGE_TIMES ? now() : 0;
    let data: Uint8Array;
    try {
      data = decodeZstd(b.subarray(0, length), MAX_MEMBER_BYTES, dctx);
    } catch (e) {
      const tooBig = e instanceof RangeError;
      const what = tooBig ? `zstd frame decodes to more than ${MAX_MEMBER_BYTES} bytes` : `corrupt zstd frame (${errMessage(e)})`;
      yield { kind: 'bad', offset: off, length, message: what, reason: tooBig ? 'budget_exceeded' : 'read_error' };
      off += length;
      continue;
    } finally {
      if (STAGE_TIMES) addStage('read_gunzip', now() - tz);
    }
    yield { kind: 'unit', unit: { offset: off, length, data } };
    off += length;
    want = 1 << 16;
  }
}

/** How a `.warc.zst` file's frames are read: with its dictionary, from the end of its frame on. */
export interface ZstdFile {
  decoder: ZstdDecoder;
  /** Where the frames after the dictionary frame start (0 when there is none). */
  framesStart: number;
}

/** The decoder of a `.warc.zst` file, holding the dictionary of its dictionary frame when it starts with one. */
export async function zstdFileOf(fh: FileHandle): Promise<ZstdFile> {
  const header = Buffer.alloc(8);
  await fh.read(header, 0, 8, 0);
  const frame = skippableFrame(header);
  if (!frame?.dictionary) return { decoder: newDecoder(), framesStart: 0 };
  const dictionary = Buffer.alloc(frame.length - 8);
  const { bytesRead } = await fh.read(dictionary, 0, dictionary.length, 8);
  if (bytesRead < dictionary.length) throw new Error('zstd dictionary frame cut short by the end of the file');
  return { decoder: newDecoder(dictionary, MAX_MEMBER_BYTES), framesStart: frame.length };
}

/** The uncompressed WARC records that start in the span: as gzipUnits, for plain WARC files. */
export async function* plainUnits(win: FileWindow, span: Span, walk: Walk): AsyncGenerator<UnitEvent> {
  // A record at `from` has its line end just before it.
  const nextRecord = (from: number, limit = Infinity) => nextPlainRecord(win, from - 1, limit);
  let off = await spanStart(span, walk, nextRecord);
  let want = 1 << 16;
  while (off >= 0) {
    let avail = await win.ensure(off, want);
    if (avail === 0) return;
    let b = win.view(off, avail);
    // Skip blank lines between records.
    const s = skipLineEnds(b, 0);
    if (s === b.length) {
      if (win.eof) return;
      off += s;
      continue;
    }
    if (s > 0) {
      off += s;
      continue;
    }
    if (pastSpan(off, span, walk)) return;
    if (b.subarray(0, 5).toString('latin1') !== 'WARC/') {
      off = yield* skipToNext(win, off, nextRecord, 'expected a WARC record ("WARC/" line)');
      if (off < 0) return;
      want = 1 << 16;
      continue;
    }
    const headers = headersEnd(b, 0);
    if (!headers) {
      if (!win.eof && avail < 8 << 20) {
        want = avail * 2;
        continue;
      }
      yield { kind: 'unit', unit: { offset: off, length: avail, data: b, truncated: 'WARC header cut short by the end of the file' } };
      return;
    }
    const head = b.subarray(0, headers.end).toString('latin1');
    const m = /(?:^|\n)content-length[ \t]*:[ \t]*(\d+)/i.exec(head);
    const clen = m ? Number(m[1]) : 0;
    const total = headers.blockStart + clen;
    if (total > MAX_RECORD_BYTES) {
      // Too large to hold: skipped by its length without loading it.
      const field = (name: string) => new RegExp(`(?:^|\\n)${name}[ \\t]*:[ \\t]*([^\\r\\n]*)`, 'i').exec(head)?.[1]?.trim() ?? null;
      const meta = emptyMeta('', off, total);
      meta.id = stripBrackets(field('WARC-Record-ID'));
      meta.url = stripBrackets(field('WARC-Target-URI'));
      meta.date = field('WARC-Date');
      meta.warcType = field('WARC-Type');
      let end = off + total;
      const after = await win.ensure(end, 4);
      let t = 0;
      while (t < after && t < 4 && (win.view(end + t, 1)[0] === 0x0d || win.view(end + t, 1)[0] === 0x0a)) t++;
      end += t;
      meta.length = end - off;
      yield { kind: 'bad', offset: off, length: end - off, message: `record of ${total} bytes exceeds ${MAX_RECORD_BYTES}`, reason: 'budget_exceeded', meta, inputError: false };
      off = end;
      want = 1 << 16;
      continue;
    }
    if (avail < total + 4) {
      avail = await win.ensure(off, total + 4);
      b = win.view(off, avail);
    }
    if (avail < total) {
      yield { kind: 'unit', unit: { offset: off, length: avail, data: b, truncated: `record cut short by the end of the file (${avail - headers.blockStart} of ${clen} block bytes)` } };
      return;
    }
    // The record's trailing CRLF CRLF (or LF LF) belongs to it.
    let t = total;
    while (t < avail && t < total + 4 && (b[t] === 0x0d || b[t] === 0x0a)) t++;
    yield { kind: 'unit', unit: { offset: off, length: t, data: b.subarray(0, total) } };
    off += t;
    want = 1 << 16;
  }
}

/**
 * Which records of a file one reader reads: those whose gzip member (or, uncompressed, whose
 * "WARC/" line) starts in [start, end); the last may run past `end`. Only WARC files are read in
 * parts; other files are read whole (`wholeFile`). `exact`: a record starts at `start` (or the
 * file does); otherwise the reader starts at the first record it finds in the span. A gzip stream
 * holding many records is read by the span it starts in.
 */
export interface Span {
  start: number;
  end: number;
  /** The file's size, as planned. */
  size: number;
  exact: boolean;
}

export function wholeFile(file: InputFile): Span {
  return { start: 0, end: Infinity, size: file.size, exact: true };
}

/**
 * What a reader found at the edges of its span: where it started (`first`: the span's start when
 * exact, else the first record start it found in the span) and where the first record at or after
 * the span's end starts (`next`, where it stopped); null where there was none. The consumer checks
 * that each span starts where the previous one stopped (see pipeline.ts). `ok`: no input error in
 * the span.
 */
export interface Walk {
  first: number | null;
  next: number | null;
  ok: boolean;
}

export function newWalk(): Walk {
  return { first: null, next: null, ok: true };
}
