// Opt-in stage timing for the benchmark (bench/speed/e2e.ts): `PITH_STAGE_TIMES=FILE pith extract ...`
// writes, when the run ends, a JSON file with the time spent in each stage, summed over all threads,
// plus process CPU time and per-worker heap peaks. Unset (the normal case): every hook is one
// boolean test and nothing else; the output is the same either way.
//
// Stages (nanoseconds of wall time inside synchronous code sections, which on an idle core is the
// thread's CPU time; `process_cpu_ns` is the whole process's user+sys CPU for comparison, the
// difference being what no stage covers: GC, event loop, messaging, thread start-up, fs reads).
// Workers read their own spans of the input (see pipeline.ts), so all but two stages run there:
//   read_gunzip    workers: inflating the gzip members (libdeflate in the native addon, else node:zlib)
//   parse_warc     workers: warcio parsing of the WARC headers, the HTTP head, classification
//   http_decode    workers: dechunking / Content-Encoding / sniffing
//   extract        workers: the call into the core (extractLine), which also writes the output line
//   serialize      workers: reading the core's summary of the record and cutting out its line
//   compress_write workers: a span's lines joined into one zstd frame (encodeJsonl);
//                  main: the file write calls (and encoding the rejects file)
//   transfer       main: handing span tasks to piscina (structured clone of the task)

import { readFileSync, writeFileSync } from 'node:fs';

const env = process.env.PITH_STAGE_TIMES;
/** True when PITH_STAGE_TIMES is set (to a file name, or to 1 for stderr). */
export const STAGE_TIMES: boolean = !!env && env !== '0';

export type Stage = 'read_gunzip' | 'parse_warc' | 'transfer' | 'http_decode' | 'extract' | 'serialize' | 'compress_write';

/** This thread's totals (ns) and call counts. */
export const stageNs: Partial<Record<Stage, number>> = {};

export function now(): number {
  return Number(process.hrtime.bigint());
}

export function addStage(stage: Stage, ns: number): void {
  stageNs[stage] = (stageNs[stage] ?? 0) + ns;
}

/**
 * CPU time (user+sys, ns) of the calling thread so far, from /proc/thread-self/stat (Linux; 10 ms ticks);
 * null elsewhere. Stage times are wall time inside code sections, which other load inflates (a preempted
 * thread's section keeps counting); the thread's real CPU time shows by how much.
 */
export function threadCpuNs(): number | null {
  try {
    const s = readFileSync('/proc/thread-self/stat', 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 1e7; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** Per-worker figures sent back with each result (only when STAGE_TIMES). */
export interface WorkerStages {
  threadId: number;
  /** Cumulative ns per stage in that worker so far. */
  ns: Partial<Record<Stage, number>>;
  /** V8 heap of that worker's isolate (heapTotal + external incl. array buffers), bytes, now. */
  heapBytes: number;
  heapUsedBytes: number;
  /** The worker thread's CPU time so far (ns), see threadCpuNs. */
  cpuNs: number | null;
}

const workers = new Map<number, { ns: Partial<Record<Stage, number>>; peakHeap: number; peakHeapUsed: number; tasks: number; cpuNs: number | null }>();

/** Main thread: record a worker's cumulative figures. */
export function noteWorker(w: WorkerStages | undefined): void {
  if (!w) return;
  const cur = workers.get(w.threadId) ?? { ns: {}, peakHeap: 0, peakHeapUsed: 0, tasks: 0, cpuNs: null };
  cur.ns = w.ns;
  cur.cpuNs = w.cpuNs;
  cur.peakHeap = Math.max(cur.peakHeap, w.heapBytes);
  cur.peakHeapUsed = Math.max(cur.peakHeapUsed, w.heapUsedBytes);
  cur.tasks++;
  workers.set(w.threadId, cur);
}

/** Main thread, at the end of a run: write the report (file, or stderr when PITH_STAGE_TIMES=1). */
export function writeStageReport(extra: Record<string, unknown> = {}): void {
  if (!STAGE_TIMES) return;
  const total: Partial<Record<Stage, number>> = { ...stageNs };
  for (const w of workers.values()) for (const [k, v] of Object.entries(w.ns)) total[k as Stage] = (total[k as Stage] ?? 0) + (v ?? 0);
  const cpu = process.cpuUsage();
  const mu = process.memoryUsage();
  const report = {
    stages_ns: total,
    main_ns: stageNs,
    workers: [...workers.entries()].map(([id, w]) => ({
      thread_id: id,
      tasks: w.tasks,
      stages_ns: w.ns,
      peak_heap_mb: w.peakHeap / 2 ** 20,
      peak_heap_used_mb: w.peakHeapUsed / 2 ** 20,
      thread_cpu_ns: w.cpuNs,
    })),
    main_thread_cpu_ns: threadCpuNs(),
    process_cpu_ns: (cpu.user + cpu.system) * 1000,
    process_user_ns: cpu.user * 1000,
    process_sys_ns: cpu.system * 1000,
    main_heap_mb: (mu.heapTotal + mu.external) / 2 ** 20,
    rss_mb: mu.rss / 2 ** 20,
    ...extra,
  };
  const text = JSON.stringify(report, null, 1) + '\n';
  if (env === '1') process.stderr.write(`pith stage times: ${text}`);
  else writeFileSync(env!, text);
}
