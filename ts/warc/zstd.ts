// Zstandard in WARC input: bodies sent with `Content-Encoding: zstd` (http.ts), and `.warc.zst`
// files as IIPC's WARC-zstd proposal defines them (reader.ts): zstd frames of whole records, the
// first of them optionally a skippable frame holding the dictionary the others were compressed with.

import zstdBinding from 'zstd-napi/binding.js';

export type ZstdDecoder = InstanceType<typeof zstdBinding.DCtx>;

const FRAME_MAGIC = 0xfd2fb528;
/** The skippable frame that holds a WARC-zstd file's dictionary. */
const DICTIONARY_MAGIC = 0x184d2a5d;
/** Output buffer size of decoding: a page or a good part of one. */
const CHUNK = 256 << 10;

function magic(b: Uint8Array): number | null {
  return b.length < 4 ? null : (b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)) >>> 0;
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
  if (m === null || b.length < 8 || (m & 0xfffffff0) >>> 0 !== 0x184d2a50) return null;
  const size = (b[4]! | (b[5]! << 8) | (b[6]! << 16) | (b[7]! << 24)) >>> 0;
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

/**
 * Decodes zstd data, one frame or several, a chunk at a time: decoding stops at `maxBytes`
 * (RangeError) whatever size a frame declares. Data cut short keeps what decoded (an Error when
 * nothing did). `dctx`: a decoder holding a dictionary; it is ready for the next frame after.
 */
export function decodeZstd(data: Uint8Array, maxBytes: number, dctx: ZstdDecoder = new zstdBinding.DCtx()): Buffer {
  const parts: Buffer[] = [];
  let total = 0;
  let src = data;
  try {
    for (;;) {
      const out = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1));
      const [left, produced, consumed] = dctx.decompressStream(out, src);
      src = src.subarray(consumed);
      total += produced;
      if (total > maxBytes) throw new RangeError(`zstd data decodes to more than ${maxBytes} bytes`);
      if (produced > 0) parts.push(out.subarray(0, produced));
      if (src.length === 0 && (left === 0 || produced === 0)) {
        if (left !== 0 && total === 0) throw new Error('zstd data cut short');
        return Buffer.concat(parts, total);
      }
    }
  } finally {
    // A frame left half-decoded would be taken up again by the next call.
    dctx.reset(zstdBinding.ResetDirective.sessionOnly);
  }
}
