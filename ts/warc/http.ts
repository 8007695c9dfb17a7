// HTTP-level helpers for WARC response records: a tolerant header parser (CRLF or LF-only line
// ends, as ClueWeb09's WARC/0.18 files have), content-type classification, HTML sniffing, and
// payload decoding (chunked transfer coding, Content-Encoding). Pure functions; the decoding
// half runs in the pool's workers.

import zlib from 'node:zlib';
import { decodeZstd } from './zstd.js';

export interface HttpHead {
  /** Status code, or null when the status line does not parse. */
  status: number | null;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Map<string, string>;
  /** Offset of the body within the block. */
  bodyOffset: number;
}

const LF = 0x0a;
const CR = 0x0d;
const latin1 = new TextDecoder('latin1');

/**
 * Parses the HTTP status line and headers at the start of a response record's block.
 * The header block ends at the first empty line, CRLF or LF-only. Returns null when the block
 * does not start with an HTTP status line.
 */
export function parseHttpHead(block: Uint8Array): HttpHead | null {
  // Status line: "HTTP/x.y NNN reason"
  if (block.length < 5 || latin1.decode(block.subarray(0, 5)).toUpperCase() !== 'HTTP/') return null;
  let end = -1;
  let bodyOffset = block.length;
  let i = block.indexOf(LF);
  while (i >= 0) {
    // After a line end: an empty line is LF or CR LF.
    if (block[i + 1] === LF) {
      end = i + 1;
      bodyOffset = i + 2;
      break;
    }
    if (block[i + 1] === CR && block[i + 2] === LF) {
      end = i + 1;
      bodyOffset = i + 3;
      break;
    }
    i = block.indexOf(LF, i + 1);
  }
  if (end < 0) end = block.length; // headers only, no body
  const text = latin1.decode(block.subarray(0, end));
  const lines = text.split(/\r?\n/);
  const statusLine = lines[0] ?? '';
  const m = /^HTTP\/\S*\s+(\d{3})/i.exec(statusLine);
  const status = m ? Number(m[1]) : null;
  const headers = new Map<string, string>();
  let last = '';
  for (let k = 1; k < lines.length; k++) {
    const line = lines[k]!;
    if (!line) continue;
    if ((line[0] === ' ' || line[0] === '\t') && last) {
      headers.set(last, `${headers.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const prev = headers.get(name);
    headers.set(name, prev === undefined ? value : `${prev}, ${value}`);
    last = name;
  }
  return { status, headers, bodyOffset: Math.min(bodyOffset, block.length) };
}

/** The media type of a Content-Type value, lower-cased, without parameters ("" when absent). */
export function mediaType(contentType: string | null | undefined): string {
  if (!contentType) return '';
  // Repeated headers were joined with ", "; the last one wins, as in browsers.
  const parts = contentType.split(',');
  for (let k = parts.length - 1; k >= 0; k--) {
    const t = parts[k]!.split(';')[0]!.trim().toLowerCase();
    if (t.includes('/')) return t;
  }
  return '';
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml', 'application/vnd.wap.xhtml+xml', 'text/xhtml']);
/** Types that say nothing about the payload: the bytes are sniffed instead. */
const GENERIC_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/unknown',
  'unknown/unknown',
  'application/x-unknown-content-type',
  'application/x-unknown',
  'content/unknown',
  '*/*',
]);

export type TypeVerdict = 'html' | 'sniff' | 'not_html';

/**
 * Decides from the HTTP Content-Type (and Common Crawl's WARC-Identified-Payload-Type when the
 * HTTP type is missing or generic) whether the payload is HTML, must be sniffed, or is not HTML.
 */
export function classifyType(httpContentType: string | null | undefined, identifiedType?: string | null): TypeVerdict {
  const t = mediaType(httpContentType);
  if (HTML_TYPES.has(t)) return 'html';
  if (GENERIC_TYPES.has(t)) {
    const id = mediaType(identifiedType);
    if (HTML_TYPES.has(id)) return 'html';
    return 'sniff';
  }
  return 'not_html';
}

const SNIFF_PATTERNS = [
  '<!doctype html', '<html', '<head', '<script', '<iframe', '<h1', '<div', '<font', '<table', '<a',
  '<style', '<title', '<b', '<body', '<br', '<p', '<!--',
];

/**
 * WHATWG MIME sniffing's HTML patterns (after leading whitespace and a BOM), plus a looser check
 * for `<html` or `<!doctype html` in the first 1 KiB (XML prologs, leading comments).
 */
export function sniffHtml(bytes: Uint8Array): boolean {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  else if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) return true;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0c || bytes[i] === 0x0d)) i++;
  const head = latin1.decode(bytes.subarray(i, i + 1024)).toLowerCase();
  for (const p of SNIFF_PATTERNS) {
    if (head.startsWith(p)) {
      const next = head.charCodeAt(p.length);
      if (next === 0x20 || next === 0x3e || (p === '<!--' && head.length > p.length)) return true;
    }
  }
  return head.includes('<html') || head.includes('<!doctype html');
}

/** Undoes chunked transfer coding. Not chunked after all (first line is not hex): returns the input. */
export function dechunk(body: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let pos = 0;
  let size = 0;
  let first = true;
  for (;;) {
    const nl = body.indexOf(LF, pos);
    if (nl < 0 || nl - pos > 64) break;
    const line = latin1.decode(body.subarray(pos, nl)).trim();
    const m = /^([0-9a-fA-F]+)(;.*)?$/.exec(line);
    if (!m) break;
    const n = parseInt(m[1]!, 16);
    if (n === 0) {
      pos = body.length;
      first = false;
      break;
    }
    const start = nl + 1;
    const stop = Math.min(start + n, body.length);
    parts.push(body.subarray(start, stop));
    size += stop - start;
    first = false;
    pos = stop;
    // chunk data is followed by CRLF (tolerate LF)
    if (body[pos] === CR) pos++;
    if (body[pos] === LF) pos++;
    if (stop < start + n) break;
  }
  if (first) return body;
  const rest = body.subarray(Math.min(pos, body.length));
  // A broken chunk frame: keep the remaining bytes as they are rather than lose them.
  if (rest.length) {
    parts.push(rest);
    size += rest.length;
  }
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export class DecodeError extends Error {
  constructor(
    message: string,
    readonly budget = false,
  ) {
    super(message);
  }
}

/**
 * Undoes the Content-Encoding(s), last applied first. Tolerant of archives that kept the header
 * but stored the decoded body (ClueWeb09, some wget versions): a gzip body without the gzip magic,
 * or a body that fails to decode but already looks like HTML, is taken as is.
 * Throws DecodeError (budget=true when the decoded size would exceed maxBytes).
 */
export function decodeContent(body: Uint8Array, contentEncoding: string | null | undefined, maxBytes: number): Uint8Array {
  if (!contentEncoding) return body;
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== 'identity' && s !== 'none' && s !== 'chunked' && s !== 'utf-8' && s !== 'binary');
  let data = body;
  for (let k = codings.length - 1; k >= 0; k--) data = decodeOne(data, codings[k]!, maxBytes);
  return data;
}

function decodeOne(data: Uint8Array, coding: string, maxBytes: number): Uint8Array {
  const opts = { maxOutputLength: maxBytes + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    switch (coding) {
      case 'gzip':
      case 'x-gzip':
        if (data[0] !== 0x1f || data[1] !== 0x8b) return data; // stored decoded
        return zlib.gunzipSync(data, opts);
      case 'deflate':
      case 'x-deflate':
        try {
          return zlib.inflateSync(data, opts);
        } catch (e) {
          if (e instanceof RangeError) throw e;
          return zlib.inflateRawSync(data, opts);
        }
      case 'br':
        return zlib.brotliDecompressSync(data, { maxOutputLength: maxBytes + 1 });
      case 'zstd':
        // Browsers have asked for it since 2024, so browser-driven crawls archive zstd bodies.
        return decodeZstd(data, maxBytes);
      default:
        if (sniffHtml(data)) return data;
        throw new DecodeError(`unsupported Content-Encoding ${JSON.stringify(coding)}`);
    }
  } catch (e) {
    if (e instanceof DecodeError) throw e;
    if (e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new DecodeError(`decoded ${coding} body exceeds ${maxBytes} bytes`, true);
    }
    if (sniffHtml(data)) return data;
    throw new DecodeError(`Content-Encoding ${coding}: ${(e as Error).message}`);
  }
}
