// Reading inputs: WARC files (.warc, .warc.gz with one gzip member per record, .warc.zst), plain
// HTML files (.html, .htm, .html.gz), directories of them and @list files.
//
// Framing is done here, so that every record carries the byte offset and length of its record
// (or gzip member, or zstd frame) in the input file: gzip members are inflated one by one
// (libdeflate in the native addon, else node:zlib; both tell how many input bytes a member used),
// zstd frames decoded one by one (zstd.ts), plain WARC files are cut by Content-Length.
// In each framed unit, warcio parses every record's WARC headers; the block is then a view of the
// unit, cut by Content-Length (unitRecords). The HTTP head is parsed here (http.ts) because warcio's
// parser needs CRLF line ends, which WARC/0.18 files lack.

import { open, readFile, readdir, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { classifyType, parseHttpHead, sniffHtml } from './http.js';
import { decodeHead, decodeZstd, frameLength, isZstdFrame, newDecoder, skippableFrame, startsZstdFile, ZSTD_FRAME_MAGIC, type ZstdDecoder } from './zstd.js';
import { addStage, now, STAGE_TIMES } from '../pipeline/stages.js';
import { nativeInflate, type NativeInflate } from '../engine/native.js';

export type InputKind = 'warc' | 'html';

export interface InputFile {
  /** The path as given (or as found in a directory / list): it appears in output `source.file`. */
  path: string;
  size: number;
}

export interface InputError {
  file: string;
  offset: number | null;
  message: string;
}

/** What is known about a record before extraction. */
export interface RecordMeta {
  file: string;
  /** Byte offset of the record (or of its gzip member) in the input file. */
  offset: number;
  /** Byte length of the record (or of its gzip member). */
  length: number;
  /** WARC-Record-ID without the angle brackets; `urn:sha1:<hex>` of the content for plain files. */
  id: string | null;
  url: string | null;
  date: string | null;
  warcType: string | null;
  /** The WARC-Truncated header's value, or null. */
  warcTruncated: string | null;
  httpStatus: number | null;
  contentType: string | null;
}

export type RecordEvent =
  | {
      kind: 'extract';
      meta: RecordMeta;
      /** HTTP payload as stored (maybe chunked / content-encoded); decoded in the worker. */
      body: Uint8Array;
      chunked: boolean;
      contentEncoding: string | null;
      /** The type was missing or generic: the worker sniffs the decoded payload. */
      sniff: boolean;
    }
  | { kind: 'skip'; meta: RecordMeta; reason: SkipReason }
  | { kind: 'reject'; meta: RecordMeta; reason: RejectReason; message: string };

export type SkipReason = 'not_response' | 'revisit' | 'not_html' | 'http_status' | 'empty_payload';
export type RejectReason =
  | 'empty'
  | 'decode_failure'
  | 'budget_exceeded'
  | 'core_error'
  | 'truncated_input'
  | 'read_error';

export type ReadEvent =
  | RecordEvent
  | { kind: 'error'; error: InputError }
  | { kind: 'file_start'; file: InputFile }
  | { kind: 'file_end'; file: InputFile; ok: boolean }
  /** Bytes of the current file consumed so far (for progress). */
  | { kind: 'position'; file: InputFile; offset: number };

/** The events of one span of a file (readSpan): all but the file's start and end. */
export type SpanEvent = Exclude<ReadEvent, { kind: 'file_start' | 'file_end' }>;

const HTML_EXT = /\.(html?|xhtml)(\.gz)?$/i;
const WARC_EXT = /\.warc(\.gz|\.zst)?$/i;

/**
 * Expands command-line inputs: files as they are, directories (recursively, sorted) to their
 * .warc/.warc.gz/.warc.zst/.html/.htm/.html.gz files, `@list.txt` to the paths it lists (one a line, relative
 * to the current directory; blank lines and lines starting with # ignored).
 */
export async function expandInputs(args: string[]): Promise<{ files: InputFile[]; errors: InputError[] }> {
  const files: InputFile[] = [];
  const errors: InputError[] = [];
  const visit = async (p: string, fromList: boolean): Promise<void> => {
    if (p.startsWith('@') && !fromList) {
      const list = p.slice(1);
      let text: string;
      try {
        text = await readFile(list, 'utf8');
      } catch (e) {
        errors.push({ file: list, offset: null, message: `cannot read input list: ${errMessage(e)}` });
        return;
      }
      for (const line of text.split(/\r?\n/)) {
        const t = line.trim();
        if (t && !t.startsWith('#')) await visit(t, true);
      }
      return;
    }
    let st;
    try {
      st = await stat(p);
    } catch (e) {
      errors.push({ file: p, offset: null, message: `cannot read input: ${errMessage(e)}` });
      return;
    }
    if (st.isDirectory()) {
      let entries;
      try {
        entries = await readdir(p, { withFileTypes: true });
      } catch (e) {
        errors.push({ file: p, offset: null, message: `cannot read directory: ${errMessage(e)}` });
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const ent of entries) {
        const child = path.join(p, ent.name);
        if (ent.isDirectory()) await visit(child, true);
        else if (HTML_EXT.test(ent.name) || WARC_EXT.test(ent.name)) await visit(child, true);
      }
      return;
    }
    files.push({ path: p, size: st.size });
  };
  for (const a of args) await visit(a, false);
  return { files, errors };
}

function errMessage(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err && err.code && err.message) return err.message.replace(/^[A-Z]+: /, '');
  return String((e as Error)?.message ?? e);
}

// ---------------------------------------------------------------------------------------------
// A window over a file: keeps [base, base + buf.length) in memory, refilled in large reads.

const READ_CHUNK = 4 << 20;

class FileWindow {
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
interface Unit {
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
function memberHead(b: Uint8Array): Uint8Array | null {
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
async function* gzipUnits(win: FileWindow, span: Span, walk: Walk, into: InflateBuffer | null): AsyncGenerator<UnitEvent> {
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
async function* zstdUnits(win: FileWindow, span: Span, walk: Walk, zstd: ZstdFile): AsyncGenerator<UnitEvent> {
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
interface ZstdFile {
  decoder: ZstdDecoder;
  /** Where the frames after the dictionary frame start (0 when there is none). */
  framesStart: number;
}

/** The decoder of a `.warc.zst` file, holding the dictionary of its dictionary frame when it starts with one. */
async function zstdFileOf(fh: FileHandle): Promise<ZstdFile> {
  const header = Buffer.alloc(8);
  await fh.read(header, 0, 8, 0);
  const frame = skippableFrame(header);
  if (!frame?.dictionary) return { decoder: newDecoder(), framesStart: 0 };
  const dictionary = Buffer.alloc(frame.length - 8);
  const { bytesRead } = await fh.read(dictionary, 0, dictionary.length, 8);
  if (bytesRead < dictionary.length) throw new Error('zstd dictionary frame cut short by the end of the file');
  return { decoder: newDecoder(dictionary, MAX_MEMBER_BYTES), framesStart: frame.length };
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** The uncompressed WARC records that start in the span: as gzipUnits, for plain WARC files. */
async function* plainUnits(win: FileWindow, span: Span, walk: Walk): AsyncGenerator<UnitEvent> {
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

// ---------------------------------------------------------------------------------------------

function stripBrackets(v: string | null | undefined): string | null {
  if (!v) return null;
  const t = v.trim();
  return t.startsWith('<') && t.endsWith('>') ? t.slice(1, -1) : t;
}

function emptyMeta(file: string, offset: number, length: number): RecordMeta {
  return { file, offset, length, id: null, url: null, date: null, warcType: null, warcTruncated: null, httpStatus: null, contentType: null };
}

/** Parses the WARC records in one framed unit with warcio and classifies each. */
async function* unitRecords(file: string, unit: Unit): AsyncGenerator<RecordEvent> {
  if (STAGE_TIMES) {
    yield* timedStage('parse_warc', unitRecordsUntimed(file, unit));
    return;
  }
  yield* unitRecordsUntimed(file, unit);
}

/** Adds the time spent inside `gen` (not in its consumer) to `stage`. */
async function* timedStage<T>(stage: 'parse_warc', gen: AsyncGenerator<T>): AsyncGenerator<T> {
  for (;;) {
    const t = now();
    const r = await gen.next();
    addStage(stage, now() - t);
    if (r.done) return;
    yield r.value;
  }
}

/**
 * warcio, loaded on first use: only the threads that parse records need it, and loading it (pako,
 * uuid-random) costs the main thread some 30 ms of start-up, before any worker starts. Its
 * CommonJS build is required: imported as an ES module it loads in twice the time (~45 ms per
 * thread), as Node then scans its CommonJS dependencies for their exports.
 */
let warcio: typeof import('warcio') | undefined;

async function* unitRecordsUntimed(file: string, unit: Unit): AsyncGenerator<RecordEvent> {
  const { AsyncIterReader, WARCParser } = (warcio ??= createRequire(import.meta.url)('warcio') as typeof import('warcio'));
  const data = Buffer.from(unit.data.buffer, unit.data.byteOffset, unit.data.byteLength);
  let n = 0;
  // In a unit cut short by the end of the file, the last record is the one cut: held back
  // until the next one shows it was complete.
  let held: RecordEvent | null = null;
  for (let at = skipLineEnds(data, 0); at < data.length; at = skipLineEnds(data, at)) {
    // warcio parses the WARC headers; the block is taken from the unit by its Content-Length here,
    // as a view: warcio's readers would copy it twice (a block is ~300 KB, the headers ~600 bytes).
    const { head, blockStart } = warcHead(data, at);
    const rec = await new WARCParser(new AsyncIterReader([head], null), { parseHttp: false, keepHeadersCase: true }).parse();
    if (!rec) {
      // A line of blanks, not a record: read on from the next line.
      const eol = data.indexOf(0x0a, at);
      at = eol < 0 ? data.length : eol + 1;
      continue;
    }
    if (held) {
      yield held;
      held = null;
    }
    n++;
    const h = fieldsByName(rec.warcHeaders.headers);
    const meta = emptyMeta(file, unit.offset, unit.length);
    meta.id = stripBrackets(h.get('warc-record-id'));
    meta.url = stripBrackets(h.get('warc-target-uri'));
    meta.date = h.get('warc-date') ?? null;
    meta.warcType = h.get('warc-type') ?? null;
    meta.warcTruncated = h.get('warc-truncated') ?? null;
    const declared = Number(h.get('content-length')) || 0;
    const block = data.subarray(blockStart, blockStart + declared);
    at = blockStart + block.length;
    if (!meta.id) meta.id = `urn:sha1:${createHash('sha1').update(block).digest('hex')}`;
    if (unit.truncated) {
      held = block.length < declared ? { kind: 'reject', meta, reason: 'truncated_input', message: unit.truncated } : classify(meta, block, h.get('warc-identified-payload-type'));
      if (block.length < declared) {
        yield held;
        held = null;
      }
      continue;
    }
    yield classify(meta, block, h.get('warc-identified-payload-type'));
  }
  if (held) {
    // The last record of a cut unit: its headers or block may be incomplete.
    yield { kind: 'reject', meta: held.meta, reason: 'truncated_input', message: unit.truncated! };
  }
  if (n === 0 && unit.truncated) {
    yield { kind: 'reject', meta: emptyMeta(file, unit.offset, unit.length), reason: 'truncated_input', message: unit.truncated };
  }
}

/**
 * WARC header values by lower-cased name, the first of repeated ones. (warcio is asked to keep the
 * names as written, in its own map: its default, a fetch `Headers`, is case-insensitive but loads
 * undici in every worker and validates every header.)
 */
function fieldsByName(headers: Map<string, string> | Headers): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    if (!fields.has(key)) fields.set(key, value);
  }
  return fields;
}

/** The first offset at or after `at` that is not a CR or LF (the blank lines between records). */
function skipLineEnds(data: Uint8Array, at: number): number {
  while (at < data.length && (data[at] === 0x0d || data[at] === 0x0a)) at++;
  return at;
}

/**
 * Where the WARC headers that start at `at` end: `end` at the blank line after them (CRLF CRLF or,
 * as in WARC/0.18 files, LF LF, whichever comes first), `blockStart` after it; null when there is
 * none in `data`.
 */
function headersEnd(data: Buffer, at: number): { end: number; blockStart: number } | null {
  const crlf = data.indexOf(CRLF2, at);
  // Only a blank line before the first CRLF CRLF can end the headers: the search for one stops
  // there rather than running through the block.
  const lf = data.subarray(at, crlf >= 0 ? crlf : data.length).indexOf('\n\n', 0, 'latin1');
  if (lf >= 0) return { end: at + lf, blockStart: at + lf + 2 };
  return crlf >= 0 ? { end: crlf, blockStart: crlf + 4 } : null;
}

/**
 * The WARC headers of the record at `at` as warcio reads them (it finds their end by CRLF CRLF
 * only: bare LF line ends are rewritten to CRLF), and where its block starts.
 */
function warcHead(data: Buffer, at: number): { head: Uint8Array; blockStart: number } {
  const headers = headersEnd(data, at);
  if (!headers) return { head: data.subarray(at), blockStart: data.length };
  if (headers.blockStart - headers.end === 2) {
    const lines = data.subarray(at, headers.end).toString('latin1').replace(/\r?\n/g, '\r\n');
    return { head: Buffer.from(lines + '\r\n\r\n', 'latin1'), blockStart: headers.blockStart };
  }
  return { head: data.subarray(at, headers.blockStart), blockStart: headers.blockStart };
}

function classify(meta: RecordMeta, block: Uint8Array, identified: string | null | undefined): RecordEvent {
  if (meta.warcType === 'revisit') return { kind: 'skip', meta, reason: 'revisit' };
  if (meta.warcType !== 'response') return { kind: 'skip', meta, reason: 'not_response' };
  const head = parseHttpHead(block);
  if (!head) return { kind: 'skip', meta, reason: 'not_html' }; // dns:, ftp: and other non-HTTP responses
  meta.httpStatus = head.status;
  const ct = head.headers.get('content-type') ?? null;
  meta.contentType = ct;
  const verdict = classifyType(ct, identified);
  if (verdict === 'not_html') return { kind: 'skip', meta, reason: 'not_html' };
  // A redirect's stub ("302 Found"), an error page or a soft "not found" is not the page a
  // URL names; a crawl's successful fetches are its 2xx responses.
  if (head.status !== null && (head.status < 200 || head.status > 299)) return { kind: 'skip', meta, reason: 'http_status' };
  const body = block.subarray(head.bodyOffset);
  if (body.length === 0) return { kind: 'skip', meta, reason: 'empty_payload' };
  const te = head.headers.get('transfer-encoding') ?? '';
  return {
    kind: 'extract',
    meta,
    body,
    chunked: /chunked/i.test(te),
    contentEncoding: head.headers.get('content-encoding') ?? (te && !/chunked/i.test(te) ? te : null),
    sniff: verdict === 'sniff',
  };
}

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

function looksLikeWarc(d: Uint8Array): boolean {
  const s = skipLineEnds(d, 0);
  return d[s] === 0x57 && d[s + 1] === 0x41 && d[s + 2] === 0x52 && d[s + 3] === 0x43 && d[s + 4] === 0x2f;
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
