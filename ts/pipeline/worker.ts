// The pool's worker: one span of one input file per task (see Span in warc/units.ts). It reads and
// inflates the span itself, parses the records, extracts each (record.ts) and, for the CLI, encodes
// the output lines as one zstd frame, so that the main thread only plans spans and writes bytes.

import { threadId } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { InflateBuffer, newWalk, readSpan, type InputFile, type Span, type Walk } from '../warc/reader.js';
import { encodeJsonl } from './output.js';
import { extractRecord, readOutcome, type Outcome, type RecordContext } from './record.js';
import { STAGE_TIMES, stageNs, threadCpuNs, type WorkerStages } from './stages.js';

/** A record that an earlier run of the same span lost (time budget, dead worker): not extracted again. */
export interface LostRecord {
  /** The record's number among the span's records sent to the core, from 1. */
  index: number;
  reason: 'budget_exceeded' | 'core_error';
  message: string;
}

export interface SpanTask extends RecordContext {
  file: InputFile;
  span: Span;
  /**
   * Set: the output lines come back as one encoded chunk at the end of the span (zstd frame at
   * this level; null: plain JSONL bytes). Unset: every extracted outcome carries its line.
   */
  encode: { zstdLevel: number | null } | null;
  lost: LostRecord[];
  /**
   * Watchdog state shared with the main thread: while a record is in the core the worker keeps
   * its start time (ms since `base`) in `state[2 * slot]` and its number in `state[2 * slot + 1]`,
   * so that the main thread can abort a record that runs too long and name it (see pipeline.ts).
   */
  watch?: { state: Int32Array; slot: number; base: number };
}

export interface SpanResult {
  /** The span's outcomes in file order; an encoded chunk last. */
  outcomes: Outcome[];
  walk: Walk;
  /** Only with PITH_STAGE_TIMES (bench): this worker's cumulative stage times and heap. */
  stages?: WorkerStages;
}

/**
 * This thread's inflate buffer: a task extracts each record before it reads the next, and a
 * thread runs one task at a time (concurrentTasksPerWorker: 1).
 */
const inflated = new InflateBuffer();

export default async function run(task: SpanTask): Promise<SpanResult> {
  const walk = newWalk();
  const outcomes: Outcome[] = [];
  const lines: Uint8Array[] = [];
  const lost = new Map(task.lost.map((l) => [l.index, l]));
  const watch = task.watch;
  let index = 0;
  for await (const ev of readSpan(task.file, task.span, walk, inflated)) {
    if (ev.kind !== 'extract') {
      outcomes.push(readOutcome(ev));
      continue;
    }
    index++;
    const gone = lost.get(index);
    if (gone) {
      outcomes.push({ status: 'rejected', meta: ev.meta, reason: gone.reason, message: gone.message });
      continue;
    }
    if (watch) {
      Atomics.store(watch.state, 2 * watch.slot + 1, index);
      Atomics.store(watch.state, 2 * watch.slot, Math.max(1, Date.now() - watch.base));
    }
    const o = extractRecord(ev, task);
    if (watch) Atomics.store(watch.state, 2 * watch.slot, 0);
    if (o.status === 'extracted' && task.encode) {
      lines.push(o.line!);
      delete o.line;
    }
    outcomes.push(o);
  }
  if (lines.length) outcomes.push({ status: 'chunk', ...encodeJsonl(lines, task.encode!.zstdLevel) });
  const result: SpanResult = { outcomes, walk };
  if (STAGE_TIMES) {
    const h = getHeapStatistics();
    result.stages = { threadId, ns: { ...stageNs }, heapBytes: h.total_heap_size + h.external_memory, heapUsedBytes: h.used_heap_size, cpuNs: threadCpuNs() };
  }
  return result;
}
