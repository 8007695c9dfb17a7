// Zstandard in WARC input: bodies sent with `Content-Encoding: zstd` (http.ts), and `.warc.zst`
// files as IIPC's WARC-zstd proposal defines them (units.ts): zstd frames of whole records, the
// first of them optionally a skippable frame holding the dictionary the others were compressed with.

import zstdBinding from 'zstd-napi/binding.js';

export type ZstdDecoder = InstanceType<typeof zstdBinding.DCtx>;

const FRAME_MAGIC = 0xfd2fb528;
/** How a zstd frame starts, as bytes (little-endian FRAME_MAGIC). */
export const ZSTD_FRAME_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
/** The skippable frame that holds a WARC-zstd file's dictionary. */
const DICTIONARY_MAGIC = 0x184d2a5d;
/** Output buffer size of decoding: a page or a good part of one. */
const CHUNK = 256 << 10;

/** The little-endian 32-bit number at `at` in `b`; null when `b` ends before it. */
function u32(b: Uint8Array, at: number): number | null {
  return b.length < at + 4 ? null : (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

function magic(b: Uint8Array): number | null {
  return u32(b, 0);
}

/** Does `b` start with a zstd frame? */
export function isZstdFrame(b: Uint8Array): boolean {
  return magic(b) === FRAME_MAGIC;
}

/** Does `b` start with a zstd frame or WARC-zstd's dictionary frame (how a `.warc.zst` file starts)? */
export function startsZstdFile(b: Uint8Array): boolean {
  const m = magic(b);
  return m === FRAME_MAGIC || m === DICTIONARY_MAGIC;
}

/**
 * The skippable frame at the start of `b` (magic 0x184D2A50 to 0x184D2A5F: a dictionary or data
 * other tools skip): its length with its 8-byte header, and whether it is the dictionary; null
 * when `b` starts with no skippable frame header.
 */
export function skippableFrame(b: Uint8Array): { length: number; dictionary: boolean } | null {
  const m = magic(b);
  const size = u32(b, 4);
  if (m === null || size === null || (m & 0xfffffff0) >>> 0 !== 0x184d2a50) return null;
  return { length: 8 + size, dictionary: m === DICTIONARY_MAGIC };
}

/** A decoder, with the dictionary of a dictionary frame's content (zstd-compressed or not) loaded. */
export function newDecoder(dictionary?: Uint8Array, maxBytes = 64 << 20): ZstdDecoder {
  const dctx = new zstdBinding.DCtx();
  if (dictionary) dctx.loadDictionary(isZstdFrame(dictionary) ? decodeZstd(dictionary, maxBytes) : dictionary);
  return dctx;
}

/**
 * The length of the zstd frame at the start of `b`; null when `b` ends before the frame does.
 * Throws when `b` holds no valid frame header.
 */
export function frameLength(b: Uint8Array): number | null {
  try {
    return zstdBinding.findFrameCompressedSize(b);
  } catch (e) {
    if (/src size/i.test((e as Error).message)) return null;
    throw e;
  }
}

/**
 * The first bytes (at most `n`) the zstd frame at the start of `b` decodes to; empty when it
 * decodes to nothing (no frame, or its first block is not all in `b`).
 */
export function decodeHead(b: Uint8Array, dctx: ZstdDecoder, n = 4096): Uint8Array {
  const out = Buffer.allocUnsafe(n);
  try {
    const [, produced] = dctx.decompressStream(out, b.subarray(0, 256 << 10));
    return out.subarray(0, produced);
  } catch {
    return new Uint8Array(0);
  } finally {
    dctx.reset(zstdBinding.ResetDirective.sessionOnly);
  }
}

/** The decoded size the zstd frame at the start of `data` declares, if it does. */
function frameContentSize(data: Uint8Array): number | null {
  try {
    return zstdBinding.getFrameContentSize(data);
  } catch {
    return null;
  }
}

/**
 * Decodes zstd data, one frame or several, a chunk at a time: decoding stops at `maxBytes`
 * (RangeError) whatever size a frame declares. Data cut short keeps what decoded (an Error when
 * nothing did). `dctx`: a decoder holding a dictionary; it is ready for the next frame after.
 */
export function decodeZstd(data: Uint8Array, maxBytes: number, dctx: ZstdDecoder = new zstdBinding.DCtx()): Buffer {
  const parts: Buffer[] = [];
  let total = 0;
  let src = data;
  // A frame that declares its size (a `.warc.zst` record's does) is decoded into one buffer of
  // that size, and handed on without a copy; one past the budget is stopped there.
  let declared = frameContentSize(data);
  try {
    for (;;) {
      const out = Buffer.allocUnsafe(Math.min(declared ?? CHUNK, maxBytes + 1) || 1);
      declared = null;
      const [left, produced, consumed] = dctx.decompressStream(out, src);
      src = src.subarray(consumed);
      total += produced;
      if (total > maxBytes) throw new RangeError(`zstd data decodes to more than ${maxBytes} bytes`);
      if (produced > 0) parts.push(out.subarray(0, produced));
      if (src.length === 0 && (left === 0 || produced === 0)) {
        if (left !== 0 && total === 0) throw new Error('zstd data cut short');
        return parts.length === 1 ? parts[0]! : Buffer.concat(parts, total);
      }
    }
  } finally {
    // A frame left half-decoded would be taken up again by the next call.
    dctx.reset(zstdBinding.ResetDirective.sessionOnly);
  }
}
