// WARC records: each framed unit's records parsed (warcio reads the WARC headers, the block is a
// view of the unit cut by Content-Length) and sorted into records to extract, skip or reject.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { classifyType, parseHttpHead } from './http.js';
import type { Unit } from './units.js';
import { addStage, now, STAGE_TIMES } from '../pipeline/stages.js';
import type { InputError, InputFile } from './inputs.js';

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

const CRLF2 = Buffer.from('\r\n\r\n');

export function stripBrackets(v: string | null | undefined): string | null {
  if (!v) return null;
  const t = v.trim();
  return t.startsWith('<') && t.endsWith('>') ? t.slice(1, -1) : t;
}

export function emptyMeta(file: string, offset: number, length: number): RecordMeta {
  return { file, offset, length, id: null, url: null, date: null, warcType: null, warcTruncated: null, httpStatus: null, contentType: null };
}

/** Parses the WARC records in one framed unit with warcio and classifies each. */
export async function* unitRecords(file: string, unit: Unit): AsyncGenerator<RecordEvent> {
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
export function skipLineEnds(data: Uint8Array, at: number): number {
  while (at < data.length && (data[at] === 0x0d || data[at] === 0x0a)) at++;
  return at;
}

/**
 * Where the WARC headers that start at `at` end: `end` at the blank line after them (CRLF CRLF or,
 * as in WARC/0.18 files, LF LF, whichever comes first), `blockStart` after it; null when there is
 * none in `data`.
 */
export function headersEnd(data: Buffer, at: number): { end: number; blockStart: number } | null {
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

export function looksLikeWarc(d: Uint8Array): boolean {
  const s = skipLineEnds(d, 0);
  return d[s] === 0x57 && d[s + 1] === 0x41 && d[s + 2] === 0x52 && d[s + 3] === 0x43 && d[s + 4] === 0x2f;
}
