// The pool's worker: one record per task. Undoes the HTTP transfer/content coding, sniffs when the
// type was generic, makes the one call into the core, and builds the output line, so the main
// thread only frames input and writes lines.

import { extractRaw, type EngineName, type RawResponse } from '../engine/index.js';
import { decodeContent, dechunk, DecodeError, sniffHtml } from '../warc/http.js';
import type { RecordMeta } from '../warc/reader.js';
import { buildRecord, coreOptions, type ExtractorOptions } from './output.js';
import { threadId } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { addStage, now, STAGE_TIMES, stageNs, threadCpuNs, type WorkerStages } from './stages.js';

export interface WorkerTask {
  /** The HTTP payload as stored; its ArrayBuffer is transferred, not copied. */
  body: Uint8Array;
  chunked: boolean;
  contentEncoding: string | null;
  sniff: boolean;
  meta: RecordMeta;
  engine: EngineName;
  options: ExtractorOptions;
  /** Payloads larger than this (after decoding) are rejected as budget_exceeded. */
  maxInputBytes: number;
  /**
   * Watchdog clock shared with the main thread: the worker writes the task's start time
   * (ms since `clockBase`) into slot `slot` and clears it when done, so the main thread can
   * abort a record that runs too long (see pipeline.ts).
   */
  clock?: { started: Int32Array; slot: number; base: number };
}

/** The core's acceptance verdict on a record it extracted (counted per host in the summary). */
export interface Verdict {
  accepted: boolean;
  /** The core's reject_reason when not accepted (`empty` for records with no text). */
  reason: string | null;
}

export type WorkerResult = (
  | { status: 'extracted'; line: string; ratio: number; textBytes: number; htmlBytes: number; verdict: Verdict }
  | { status: 'skipped'; reason: 'not_html' | 'empty_payload' }
  | {
      status: 'rejected';
      /** `not_accepted:<reject_reason>` only with `options.accept`. */
      reason: 'empty' | 'decode_failure' | 'budget_exceeded' | 'core_error' | `not_accepted:${string}`;
      message: string;
      verdict?: Verdict;
    }
) & {
  /** Only with PITH_STAGE_TIMES (bench): this worker's cumulative stage times and heap. */
  stages?: WorkerStages;
};

export default function run(task: WorkerTask): WorkerResult {
  const clock = task.clock;
  if (clock) Atomics.store(clock.started, clock.slot, Math.max(1, Date.now() - clock.base));
  try {
    const r = extractOne(task);
    if (STAGE_TIMES) {
      const h = getHeapStatistics();
      r.stages = { threadId, ns: { ...stageNs }, heapBytes: h.total_heap_size + h.external_memory, heapUsedBytes: h.used_heap_size, cpuNs: threadCpuNs() };
    }
    return r;
  } finally {
    if (clock) Atomics.store(clock.started, clock.slot, 0);
  }
}

function extractOne(task: WorkerTask): WorkerResult {
  let html = task.body;
  let t = STAGE_TIMES ? now() : 0;
  try {
    if (task.chunked) html = dechunk(html);
    html = decodeContent(html, task.contentEncoding, task.maxInputBytes);
  } catch (e) {
    if (e instanceof DecodeError) {
      return { status: 'rejected', reason: e.budget ? 'budget_exceeded' : 'decode_failure', message: e.message };
    }
    return { status: 'rejected', reason: 'decode_failure', message: String((e as Error)?.message ?? e) };
  }
  if (html.length === 0) return { status: 'skipped', reason: 'empty_payload' };
  if (task.sniff && !sniffHtml(html)) return { status: 'skipped', reason: 'not_html' };
  if (html.length > task.maxInputBytes) {
    return { status: 'rejected', reason: 'budget_exceeded', message: `payload of ${html.length} bytes exceeds ${task.maxInputBytes}` };
  }
  if (STAGE_TIMES) {
    const t1 = now();
    addStage('http_decode', t1 - t);
    t = t1;
  }
  const request = JSON.stringify({
    hints: { contentType: task.meta.contentType, url: task.meta.url },
    options: coreOptions(task.options, task.maxInputBytes),
  });
  let response: RawResponse;
  try {
    response = JSON.parse(extractRaw(html, request, task.engine)) as RawResponse;
  } catch (e) {
    return { status: 'rejected', reason: 'core_error', message: `engine: ${String((e as Error)?.message ?? e)}` };
  }
  if (STAGE_TIMES) {
    const t1 = now();
    addStage('extract', t1 - t);
    t = t1;
  }
  if (!response.ok) {
    const kind = response.error.kind;
    const reason = kind === 'input_too_large' || kind === 'memory_limit' ? 'budget_exceeded' : 'core_error';
    return { status: 'rejected', reason, message: `${kind}: ${response.error.message}` };
  }
  const result = response.result;
  if (!result.text.trim()) {
    return { status: 'rejected', reason: 'empty', message: 'no main content found', verdict: { accepted: false, reason: 'empty' } };
  }
  const verdict: Verdict = { accepted: result.accepted, reason: result.accepted ? null : (result.reject_reason ?? 'unknown') };
  if (task.options.accept && !verdict.accepted) {
    return {
      status: 'rejected',
      reason: `not_accepted:${verdict.reason}`,
      message: `not accepted by the core: ${verdict.reason} (page_type ${result.page_type}, ${result.text_bytes} text bytes, content ratio ${result.content_ratio.toFixed(3)})`,
      verdict,
    };
  }
  const rec = buildRecord(task.meta, result, task.options);
  const line = JSON.stringify(rec);
  if (STAGE_TIMES) addStage('serialize', now() - t);
  return {
    status: 'extracted',
    line,
    ratio: rec.content_ratio,
    textBytes: rec.text_bytes,
    htmlBytes: rec.html_bytes,
    verdict,
  };
}
