// The pipeline: input files -> framed records -> piscina workers -> outcomes in input order.
//
// Backpressure: at most `maxInFlight` records are between the reader and the consumer (queued,
// in a worker, or finished but waiting for an earlier one). The reader waits for the oldest
// when the window is full, so memory depends on the window, not on the input size.

import os from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { Piscina } from 'piscina';
import { extractRaw, type EngineName, type Favor, type RawResponse } from '../engine/index.js';
import { readFileRecords, type InputError, type InputFile, type ReadEvent, type RecordMeta } from '../warc/reader.js';
import { coreOptions, extractorOptions, type ExtractorOptions, type Format } from './output.js';
import type { Verdict, WorkerResult, WorkerTask } from './worker.js';
import { addStage, noteWorker, now, STAGE_TIMES } from './stages.js';

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
  /** Records between reader and consumer. Default 8 per worker. */
  maxInFlight?: number;
  /** Payloads larger than this (after HTTP decoding) are rejected. Default 32 MiB (the core's limit). */
  maxInputBytes?: number;
  /**
   * Time budget per record in seconds, counted from when a worker starts it (0: none). A record
   * over it is rejected (budget_exceeded) and its worker thread replaced. Default 60.
   */
  timeoutSeconds?: number;
}

export type Outcome =
  | { status: 'extracted'; meta: RecordMeta; line: string; ratio: number; textBytes: number; htmlBytes: number; verdict: Verdict }
  | { status: 'skipped'; meta: RecordMeta; reason: string }
  | { status: 'rejected'; meta: RecordMeta; reason: string; message: string; verdict?: Verdict }
  | { status: 'error'; error: InputError }
  | { status: 'file_start'; file: InputFile }
  | { status: 'file_end'; file: InputFile; ok: boolean }
  | { status: 'position'; file: InputFile; offset: number };

/** dist/pipeline/worker.js; from the TypeScript sources (tests), the built copy in dist/. */
export function workerPath(): string {
  const here = fileURLToPath(import.meta.url);
  const sibling = path.join(path.dirname(here), 'worker.js');
  if (existsSync(sibling)) return sibling;
  const built = path.resolve(path.dirname(here), '..', '..', 'dist', 'pipeline', 'worker.js');
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

function fromReadEvent(ev: ReadEvent): Outcome {
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
    case 'extract':
      throw new Error('unreachable');
  }
}

/**
 * Runs the inputs through the pool; yields every outcome (records, file errors, progress marks)
 * in input order, whatever the number of workers.
 */
export async function* runPipeline(files: InputFile[], options: PipelineOptions = {}): AsyncGenerator<Outcome> {
  const workers = Math.max(1, options.workers ?? defaultWorkers());
  const maxInFlight = Math.max(2, options.maxInFlight ?? workers * 8);
  const engine = options.engine ?? 'native';
  const taskOptions = checkOptions(options);
  const maxInputBytes = options.maxInputBytes ?? 32 << 20;
  const pool = new Piscina<WorkerTask, WorkerResult>({
    filename: pathToFileURL(workerPath()).href,
    minThreads: workers,
    maxThreads: workers,
    maxQueue: maxInFlight + workers,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 1,
  });
  const window: Promise<Outcome>[] = [];
  // Watchdog: workers write each task's start time into its slot; a task running longer than
  // the budget is aborted (piscina then terminates that thread and starts a new one). A slot is
  // reused only after its previous task left the window, so at most maxInFlight slots are live.
  const timeoutMs = Math.max(0, (options.timeoutSeconds ?? 60) * 1000);
  const clockBase = Date.now();
  const started = new Int32Array(new SharedArrayBuffer(4 * maxInFlight));
  const running = new Map<number, AbortController>();
  let nextSlot = 0;
  const watchdog = timeoutMs
    ? setInterval(() => {
        const now = Date.now() - clockBase;
        for (const [slot, ctl] of running) {
          const t = Atomics.load(started, slot);
          if (t > 0 && now - t > timeoutMs) ctl.abort();
        }
      }, Math.max(1, Math.min(1000, timeoutMs / 4)))
    : null;
  watchdog?.unref();
  const submit = (ev: Extract<ReadEvent, { kind: 'extract' }>): Promise<Outcome> => {
    const t0 = STAGE_TIMES ? now() : 0;
    // A payload of its own, so that its buffer can be transferred (the source may be a view into
    // a larger buffer the reader still uses).
    const body = new Uint8Array(ev.body.length);
    body.set(ev.body);
    const task: WorkerTask = {
      body,
      chunked: ev.chunked,
      contentEncoding: ev.contentEncoding,
      sniff: ev.sniff,
      meta: ev.meta,
      engine,
      options: taskOptions,
      maxInputBytes,
    };
    let ctl: AbortController | undefined;
    let slot = -1;
    if (timeoutMs) {
      slot = nextSlot;
      nextSlot = (nextSlot + 1) % maxInFlight;
      Atomics.store(started, slot, 0);
      ctl = new AbortController();
      running.set(slot, ctl);
      task.clock = { started, slot, base: clockBase };
    }
    const settle = () => {
      if (slot >= 0 && running.get(slot) === ctl) running.delete(slot);
    };
    const ran = pool.run(task, { transferList: [body.buffer], signal: ctl?.signal });
    if (STAGE_TIMES) addStage('transfer', now() - t0);
    return ran.finally(settle).then(
      (r): Outcome => {
        if (STAGE_TIMES && r.stages) {
          noteWorker(r.stages);
          delete r.stages;
        }
        if (r.status === 'extracted') return { ...r, meta: ev.meta };
        if (r.status === 'skipped') return { status: 'skipped', meta: ev.meta, reason: r.reason };
        return r.verdict
          ? { status: 'rejected', meta: ev.meta, reason: r.reason, message: r.message, verdict: r.verdict }
          : { status: 'rejected', meta: ev.meta, reason: r.reason, message: r.message };
      },
      (e: unknown): Outcome =>
        ctl?.signal.aborted
          ? { status: 'rejected', meta: ev.meta, reason: 'budget_exceeded', message: `took more than ${timeoutMs / 1000} s (time budget); worker restarted` }
          : { status: 'rejected', meta: ev.meta, reason: 'core_error', message: `worker failed: ${String((e as Error)?.message ?? e)}` },
    );
  };
  try {
    for (const file of files) {
      for await (const ev of readFileRecords(file)) {
        window.push(ev.kind === 'extract' ? submit(ev) : Promise.resolve(fromReadEvent(ev)));
        while (window.length >= maxInFlight) yield await window.shift()!;
      }
    }
    while (window.length) yield await window.shift()!;
  } finally {
    // On early exit, let queued tasks settle before tearing the pool down.
    await Promise.allSettled(window);
    if (watchdog) clearInterval(watchdog);
    await pool.destroy();
  }
}
