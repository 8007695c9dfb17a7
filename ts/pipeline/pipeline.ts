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
import type { EngineName, Favor } from '../engine/index.js';
import { readFileRecords, type InputError, type InputFile, type ReadEvent, type RecordMeta } from '../warc/reader.js';
import type { Format } from './output.js';
import type { WorkerResult, WorkerTask } from './worker.js';

export interface PipelineOptions {
  /** Worker threads. Default: one per core (os.availableParallelism()). */
  workers?: number;
  engine?: EngineName;
  format?: Format;
  favor?: Favor;
  /** Records between reader and consumer. Default 8 per worker. */
  maxInFlight?: number;
  /** Payloads larger than this (after HTTP decoding) are rejected. Default 32 MiB (the core's limit). */
  maxInputBytes?: number;
}

export type Outcome =
  | { status: 'extracted'; meta: RecordMeta; line: string; ratio: number; textBytes: number; htmlBytes: number }
  | { status: 'skipped'; meta: RecordMeta; reason: string }
  | { status: 'rejected'; meta: RecordMeta; reason: string; message: string }
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
  const extractorOptions = { favor: options.favor ?? 'balanced', format: options.format ?? 'text' } as const;
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
  const submit = (ev: Extract<ReadEvent, { kind: 'extract' }>): Promise<Outcome> => {
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
      options: extractorOptions,
      maxInputBytes,
    };
    return pool.run(task, { transferList: [body.buffer] }).then(
      (r): Outcome => {
        if (r.status === 'extracted') return { ...r, meta: ev.meta };
        if (r.status === 'skipped') return { status: 'skipped', meta: ev.meta, reason: r.reason };
        return { status: 'rejected', meta: ev.meta, reason: r.reason, message: r.message };
      },
      (e: unknown): Outcome => ({
        status: 'rejected',
        meta: ev.meta,
        reason: 'core_error',
        message: `worker failed: ${String((e as Error)?.message ?? e)}`,
      }),
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
    await pool.destroy();
  }
}
