// The pipeline: input files -> spans (warc/reader.ts) -> piscina workers -> outcomes in input order.
//
// The main thread only plans: a WARC file is cut into spans of `spanBytes`, smaller near its end
// (see cutSpans; never derived from the worker count, so the output bytes are the same for any
// --workers), any other file is one span. A worker reads, inflates, parses and extracts its span
// and hands back its outcomes (with the output lines as one encoded chunk for the CLI).
//
// Backpressure: at most `maxInFlight` spans are between the planner and the consumer (queued, in
// a worker, or finished but waiting for an earlier one), so memory depends on the window, not on
// the input size.

import os from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { Piscina } from 'piscina';
import { extractRaw, type EngineName, type Favor, type RawResponse } from '../engine/index.js';
import { isWarcFile, newWalk, wholeFile, type InputFile, type Span } from '../warc/reader.js';
import { coreOptions, extractorBlock, extractorOptions, type ExtractorOptions, type Format } from './output.js';
import type { Outcome } from './record.js';
import type { LostRecord, SpanResult, SpanTask } from './worker.js';
import { addStage, noteWorker, now, STAGE_TIMES } from './stages.js';

export type { Outcome } from './record.js';

/**
 * Bytes of a WARC file per worker task (default of PipelineOptions.spanBytes). Each task pays a
 * round trip to the main thread and opens and probes the file, which larger spans pay less often;
 * a small file must still split into enough spans to share between workers.
 */
const SPAN_BYTES = 2 << 20;

export interface PipelineOptions {
  /** Worker threads. Default: one per core (os.availableParallelism()). */
  workers?: number;
  engine?: EngineName;
  /** `markdown`: every record also gets a `markdown` field; `text` stays plain text. Default `text`. */
  format?: Format;
  favor?: Favor;
  /** Every record gets `links: [{text, href}]`. Default false. */
  links?: boolean;
  /** Every record gets `comments` (null when none); otherwise comments are dropped. Default false. */
  comments?: boolean;
  /** CSS selectors of elements removed before scoring. An invalid one throws `OptionsError` before any work. */
  drop?: string[];
  /**
   * Keep only records the core accepts: the others come out as `rejected` with reason
   * `not_accepted:<reject_reason>`. Default false (every record is written, with `accepted`).
   */
  accept?: boolean;
  /**
   * Spans between planner and consumer. Default 4 per worker, plus 2: outcomes are consumed in
   * order, so a slow span holds up the ones after it, and a worker idles once the window is full.
   */
  maxInFlight?: number;
  /**
   * A WARC file is read in spans of this many bytes, one worker task each (default 2 MiB; a
   * quarter of it over the file's last two spans' worth). The output is the same for any value;
   * spans only set the unit of work.
   */
  spanBytes?: number;
  /**
   * Set: extracted outcomes come without `line`; each span's lines follow its records as one
   * `chunk` outcome, encoded by the worker (zstd frame at this level; null: plain JSONL).
   */
  encode?: { zstdLevel: number | null };
  /** Payloads larger than this (after HTTP decoding) are rejected. Default 32 MiB (the core's limit). */
  maxInputBytes?: number;
  /**
   * Time budget per record in seconds, counted from when a worker hands it to the core (0: none).
   * The native core stops a record over it (budget_exceeded) by itself. A record still running
   * at twice the budget plus a second (or at the budget, with the WebAssembly engine, which has
   * no clock) is rejected the same way, its worker thread replaced and the rest of its span read
   * again. Default 60.
   */
  timeoutSeconds?: number;
}

/** dist/pipeline/worker-entry.cjs; from the TypeScript sources (tests), the built copy in dist/. */
export function workerPath(): string {
  const here = fileURLToPath(import.meta.url);
  const sibling = path.join(path.dirname(here), 'worker-entry.cjs');
  if (existsSync(sibling)) return sibling;
  const built = path.resolve(path.dirname(here), '..', '..', 'dist', 'pipeline', 'worker-entry.cjs');
  if (existsSync(built)) return built;
  throw new Error(`pith: worker script not found (${sibling}); run \`npm run build:ts\` first`);
}

export function defaultWorkers(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/** Options the core refuses (an invalid `drop` selector): thrown before any record is read. */
export class OptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OptionsError';
  }
}

/**
 * Checks the options with one call into the core on a tiny document, so that a bad `drop`
 * selector fails the run up front instead of every record. Returns the completed options.
 */
export function checkOptions(options: PipelineOptions = {}): ExtractorOptions {
  const opts = extractorOptions(options);
  if (!opts.drop.length) return opts;
  for (const sel of opts.drop) {
    if (typeof sel !== 'string') throw new OptionsError(`drop selectors are strings, not ${JSON.stringify(sel)}`);
  }
  const probe = new TextEncoder().encode('<html><body><p>pith</p></body></html>');
  const request = JSON.stringify({ options: coreOptions(opts, options.maxInputBytes ?? 32 << 20) });
  const response = JSON.parse(extractRaw(probe, request, options.engine ?? 'native')) as RawResponse;
  if (!response.ok) {
    const m = response.error.message.replace(/^bad request: /, '');
    throw new OptionsError(response.error.kind === 'bad_request' ? `invalid ${m}` : `${response.error.kind}: ${m}`);
  }
  return opts;
}

/** The spans a file is read in: fixed-size parts of a WARC file, else the whole file. */
async function planSpans(file: InputFile, spanBytes: number): Promise<Span[]> {
  if (file.size <= spanBytes || !(await isWarcFile(file))) return [wholeFile(file)];
  return cutSpans(file.size, spanBytes);
}

/** The last this many spans' worth of a file is cut into quarter spans (see cutSpans). */
const TAIL_SPANS = 2;

/**
 * Spans of `spanBytes` over a file of `size` bytes, except near its end, where they are a
 * quarter of that: the last spans of a run are the ones a worker finishes while the others have
 * nothing left to take, so smaller ones leave them idle for less. The cut depends on the file
 * alone, never on the worker count, so the output is the same for any --workers.
 */
export function cutSpans(size: number, spanBytes: number): Span[] {
  const spans: Span[] = [];
  for (let start = 0, len = spanBytes; start < size; start += len) {
    if (size - start <= TAIL_SPANS * spanBytes) len = Math.max(1, spanBytes >> 2);
    // The last span is open-ended: whatever follows the planned size is still read.
    const end = start + len >= size ? Infinity : start + len;
    spans.push({ start, end, size, exact: start === 0 });
  }
  return spans;
}

/** A span's result; `failed`: its worker failed outside any record, the outcomes are one error. */
type SpanRun = SpanResult & { failed?: boolean };

type Step =
  | { kind: 'file_start'; file: InputFile }
  | { kind: 'span'; file: InputFile; span: Span; result: Promise<SpanRun> }
  | { kind: 'file_end'; file: InputFile };

/**
 * Runs the inputs through the pool; yields every outcome (records, file errors, progress marks,
 * encoded chunks) in input order, whatever the number of workers.
 */
export async function* runPipeline(files: InputFile[], options: PipelineOptions = {}): AsyncGenerator<Outcome> {
  const workers = Math.max(1, options.workers ?? defaultWorkers());
  const maxInFlight = Math.max(2, options.maxInFlight ?? workers * 4 + 2);
  const spanBytes = Math.max(1, options.spanBytes ?? SPAN_BYTES);
  const timeoutMs = Math.max(0, (options.timeoutSeconds ?? 60) * 1000);
  const engine = options.engine ?? 'native';
  const extractorOpts = checkOptions(options);
  const maxInputBytes = options.maxInputBytes ?? 32 << 20;
  const context = {
    engine,
    options: extractorOpts,
    maxInputBytes,
    coreOptionsJson: JSON.stringify(coreOptions(extractorOpts, maxInputBytes, timeoutMs)),
    extractorJson: JSON.stringify(extractorBlock(extractorOpts)),
    encode: options.encode ?? null,
  };
  const pool = new Piscina<SpanTask, SpanResult>({
    filename: pathToFileURL(workerPath()).href,
    minThreads: workers,
    maxThreads: workers,
    maxQueue: maxInFlight + workers,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 1,
  });
  // Watchdog: workers keep the start time and number of the record in the core in their task's
  // slot (see SpanTask.watch); a record running past the kill limit gets its task aborted
  // (piscina then terminates that thread and starts a new one). Slots are taken from a free list.
  // The native core keeps its own budget, so killing is the backstop for a core that overruns
  // it: terminating a worker can catch it inside node:zlib, which aborts the process.
  const killAfterMs = engine === 'wasm' ? timeoutMs : timeoutMs * 2 + 1000;
  const clockBase = Date.now();
  const slots = maxInFlight + 1; // reruns of a span take a slot while the span's own is released
  const state = new Int32Array(new SharedArrayBuffer(8 * slots));
  const free = Array.from({ length: slots }, (_, i) => i);
  const running = new Map<number, AbortController>();
  const watchdog = timeoutMs
    ? setInterval(() => {
        const t = Date.now() - clockBase;
        for (const [slot, ctl] of running) {
          const started = Atomics.load(state, 2 * slot);
          // The reason names the record, read now: the worker may move on before it is stopped.
          if (started > 0 && t - started > killAfterMs) ctl.abort(Atomics.load(state, 2 * slot + 1));
        }
      }, Math.max(1, Math.min(1000, killAfterMs / 4)))
    : null;
  watchdog?.unref();

  /**
   * Runs one span in the pool. A record that overruns the time budget or takes its worker down is
   * given its rejection and the span run again without it, until the span completes.
   */
  const runSpan = async (file: InputFile, span: Span): Promise<SpanRun> => {
    const lost: LostRecord[] = [];
    for (;;) {
      const t0 = STAGE_TIMES ? now() : 0;
      const slot = free.pop()!;
      const ctl = new AbortController();
      Atomics.store(state, 2 * slot, 0);
      Atomics.store(state, 2 * slot + 1, 0);
      const task: SpanTask = { file, span, ...context, lost: [...lost], watch: { state, slot, base: clockBase } };
      if (timeoutMs) running.set(slot, ctl);
      const ran = pool.run(task, { signal: ctl.signal });
      if (STAGE_TIMES) addStage('transfer', now() - t0);
      try {
        const r = await ran;
        if (STAGE_TIMES) {
          noteWorker(r.stages);
          delete r.stages;
        }
        return r;
      } catch (e) {
        if (ctl.signal.aborted) {
          lost.push({ index: ctl.signal.reason as number, reason: 'budget_exceeded', message: `took more than ${killAfterMs / 1000} s (time budget); worker restarted` });
        } else if (Atomics.load(state, 2 * slot) > 0) {
          lost.push({ index: Atomics.load(state, 2 * slot + 1), reason: 'core_error', message: `worker failed: ${String((e as Error)?.message ?? e)}` });
        } else {
          // Not inside a record: the rest of the span is lost, said so as an input error.
          const message = `worker failed reading bytes ${span.start}-${Math.min(span.end, span.size)}: ${String((e as Error)?.message ?? e)}`;
          return { outcomes: [{ status: 'error', error: { file: file.path, offset: span.start, message } }], walk: { first: null, next: null, ok: false }, failed: true };
        }
      } finally {
        running.delete(slot);
        free.push(slot);
      }
    }
  };

  // The consumer's view of the current file: where the previous span's reader stopped, which is
  // where the next one must start (undefined: unknown, after a failed span).
  let expected: number | null | undefined = 0;
  let fileOk = true;
  async function* settle(step: Step): AsyncGenerator<Outcome> {
    if (step.kind === 'file_start') {
      expected = 0;
      fileOk = true;
      yield { status: 'file_start', file: step.file };
      return;
    }
    if (step.kind === 'file_end') {
      yield { status: 'file_end', file: step.file, ok: fileOk };
      return;
    }
    let r: SpanRun = await step.result;
    const { span } = step;
    if (!span.exact && !r.failed && expected !== undefined) {
      // A span's reader finds its first record by looking for one. It must be where the previous
      // span's reader stopped, when that is inside this span; otherwise there is none. When not (a
      // false start inside a record, a record it did not recognize), the span is read again from
      // where the previous reader stopped, or found to hold no record.
      const stoppedInside = expected !== null && expected < span.end;
      if (r.walk.first !== (stoppedInside ? expected : null)) {
        r = stoppedInside ? await runSpan(step.file, { ...span, start: expected!, exact: true }) : { outcomes: [], walk: newWalk() };
      }
      // A span without a record start leaves the expectation as it was.
      if (r.walk.first !== null) expected = r.walk.next;
    } else {
      expected = r.failed ? undefined : r.walk.next;
    }
    fileOk &&= r.walk.ok;
    yield* r.outcomes;
    yield { status: 'position', file: step.file, offset: Math.min(span.end, step.file.size) };
  }

  const window: Step[] = [];
  try {
    for (const file of files) {
      window.push({ kind: 'file_start', file });
      for (const span of await planSpans(file, spanBytes)) {
        window.push({ kind: 'span', file, span, result: runSpan(file, span) });
        while (window.length >= maxInFlight) yield* settle(window.shift()!);
      }
      window.push({ kind: 'file_end', file });
    }
    while (window.length) yield* settle(window.shift()!);
  } finally {
    // On early exit, let queued tasks settle before tearing the pool down.
    await Promise.allSettled(window.map((s) => (s.kind === 'span' ? s.result : null)));
    if (watchdog) clearInterval(watchdog);
    await pool.destroy();
  }
}
