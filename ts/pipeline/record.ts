// One record through the core, in a worker: undoes the HTTP transfer/content coding, sniffs when the
// type was generic, and makes the one call into the core, which returns the finished output line.
// Also the outcome type every record, file event and output chunk travels in, from reader to consumer.

import { extractLine, type EngineName, type ErrorKind, type Extraction } from '../engine/index.js';
import { decodeContent, dechunk, DecodeError, sniffHtml } from '../warc/http.js';
import type { InputError, InputFile, ReadEvent, RecordEvent, RecordMeta } from '../warc/reader.js';
import type { ExtractorOptions, JsonlChunk } from './output.js';
import { addStage, now, STAGE_TIMES } from './stages.js';

/** The core's acceptance verdict on a record it extracted (counted per host in the summary). */
export interface Verdict {
  accepted: boolean;
  /** The core's reject_reason when not accepted (`empty` for records with no text). */
  reason: string | null;
}

export type Outcome =
  | {
      status: 'extracted';
      meta: RecordMeta;
      /** The output line (UTF-8 JSON, no newline); absent when the pipeline hands lines on as encoded chunks instead. */
      line?: Uint8Array;
      ratio: number;
      textBytes: number;
      htmlBytes: number;
      verdict: Verdict;
    }
  | { status: 'skipped'; meta: RecordMeta; reason: string }
  | { status: 'rejected'; meta: RecordMeta; reason: string; message: string; verdict?: Verdict }
  | { status: 'error'; error: InputError }
  | { status: 'file_start'; file: InputFile }
  | { status: 'file_end'; file: InputFile; ok: boolean }
  | { status: 'position'; file: InputFile; offset: number }
  /** The output lines of the extracted records before it (since the previous chunk), encoded. */
  | ({ status: 'chunk' } & JsonlChunk);

/** What extraction needs besides the record. */
export interface RecordContext {
  engine: EngineName;
  options: ExtractorOptions;
  /** Payloads larger than this (after decoding) are rejected as budget_exceeded. */
  maxInputBytes: number;
  /** The `options` half of the core request (coreOptions), as JSON: the same for every record. */
  coreOptionsJson: string;
  /** Every output line's `extractor` block (extractorBlock), as JSON. */
  extractorJson: string;
}

/** The outcome of a reader event that needs no extraction. */
export function readOutcome(ev: Exclude<ReadEvent, { kind: 'extract' }>): Outcome {
  switch (ev.kind) {
    case 'skip':
      return { status: 'skipped', meta: ev.meta, reason: ev.reason };
    case 'reject':
      return { status: 'rejected', meta: ev.meta, reason: ev.reason, message: ev.message };
    case 'error':
      return { status: 'error', error: ev.error };
    case 'file_start':
      return { status: 'file_start', file: ev.file };
    case 'file_end':
      return { status: 'file_end', file: ev.file, ok: ev.ok };
    case 'position':
      return { status: 'position', file: ev.file, offset: ev.offset };
  }
}

export function extractRecord(ev: Extract<RecordEvent, { kind: 'extract' }>, ctx: RecordContext): Outcome {
  const meta = ev.meta;
  const rejected = (reason: string, message: string, verdict?: Verdict): Outcome =>
    verdict ? { status: 'rejected', meta, reason, message, verdict } : { status: 'rejected', meta, reason, message };
  let html = ev.body;
  let t = STAGE_TIMES ? now() : 0;
  try {
    if (ev.chunked) html = dechunk(html);
    html = decodeContent(html, ev.contentEncoding, ctx.maxInputBytes);
  } catch (e) {
    if (e instanceof DecodeError) return rejected(e.budget ? 'budget_exceeded' : 'decode_failure', e.message);
    return rejected('decode_failure', String((e as Error)?.message ?? e));
  }
  if (html.length === 0) return { status: 'skipped', meta, reason: 'empty_payload' };
  if (ev.sniff && !sniffHtml(html)) return { status: 'skipped', meta, reason: 'not_html' };
  if (html.length > ctx.maxInputBytes) return rejected('budget_exceeded', `payload of ${html.length} bytes exceeds ${ctx.maxInputBytes}`);
  if (STAGE_TIMES) {
    const t1 = now();
    addStage('http_decode', t1 - t);
    t = t1;
  }
  const request = `{"options":${ctx.coreOptionsJson},"record":${JSON.stringify(recordMeta(meta))},"extractor":${ctx.extractorJson}}`;
  let out: Uint8Array;
  try {
    out = extractLine(html, request, ctx.engine);
  } catch (e) {
    return rejected('core_error', `engine: ${String((e as Error)?.message ?? e)}`);
  }
  if (STAGE_TIMES) {
    const t1 = now();
    addStage('extract', t1 - t);
    t = t1;
  }
  const nl = out.indexOf(0x0a);
  const summary = JSON.parse(utf8.decode(nl < 0 ? out : out.subarray(0, nl))) as LineSummary;
  if (!summary.ok) {
    const kind = summary.error.kind;
    return rejected(kind === 'input_too_large' || kind === 'memory_limit' || kind === 'time_budget' ? 'budget_exceeded' : 'core_error', `${kind}: ${summary.error.message}`);
  }
  if (summary.empty) {
    // Not written, whatever the reason; the verdict keeps the core's (a JavaScript app's shell).
    const reason = summary.reject_reason ?? 'empty';
    return rejected('empty', reason === 'empty' ? 'no main content found' : `no main content found (${reason})`, { accepted: false, reason });
  }
  const verdict: Verdict = { accepted: summary.accepted, reason: summary.accepted ? null : (summary.reject_reason ?? 'unknown') };
  if (ctx.options.accept && !verdict.accepted) {
    return rejected(
      `not_accepted:${verdict.reason}`,
      `not accepted by the core: ${verdict.reason} (page_type ${summary.page_type}, ${summary.text_bytes} text bytes, content ratio ${summary.content_ratio.toFixed(3)})`,
      verdict,
    );
  }
  const line = out.subarray(nl + 1);
  if (STAGE_TIMES) addStage('serialize', now() - t);
  return { status: 'extracted', meta, line, ratio: summary.content_ratio, textBytes: summary.text_bytes, htmlBytes: summary.html_bytes, verdict };
}

const utf8 = new TextDecoder();

/** What the core says about a record besides its output line (crates/pith-core/src/line.rs `Summary`). */
type LineSummary =
  | ({ ok: true; empty: boolean; html_bytes: number } & Pick<Extraction, 'accepted' | 'reject_reason' | 'page_type' | 'text_bytes' | 'content_ratio'>)
  | { ok: false; error: { kind: ErrorKind; message: string } };

/** The record's provenance as the output line reports it (line.rs `RecordMeta`); its URL and type are also the core's hints. */
function recordMeta(meta: RecordMeta) {
  return {
    id: meta.id ?? '',
    url: meta.url,
    date: meta.date,
    http_status: meta.httpStatus,
    content_type: meta.contentType,
    source: { file: meta.file, offset: meta.offset, length: meta.length },
    warc_truncated: meta.warcTruncated !== null,
  };
}
