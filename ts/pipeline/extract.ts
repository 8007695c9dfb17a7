// `pith extract` as a function: inputs -> output .jsonl.zst (+ rejects), with progress and summary.

import { expandInputs } from '../warc/reader.js';
import { JsonlWriter } from './output.js';
import { checkOptions, runPipeline, type PipelineOptions } from './pipeline.js';
import { formatError, Stats } from './summary.js';
import { STAGE_TIMES, writeStageReport } from './stages.js';

export interface ExtractRunOptions extends PipelineOptions {
  inputs: string[];
  output: string;
  rejects?: string;
  /** Live progress line on stderr; default: when stderr is a terminal. */
  progress?: boolean;
  /** Where messages go (default process.stderr). */
  log?: NodeJS.WritableStream;
  /** zstd level for the output (default 3). */
  level?: number;
}

export interface ExtractRunResult {
  stats: Stats;
  /** 0: everything read; 1: some inputs failed (the rest done). */
  exitCode: 0 | 1;
}

export async function runExtract(opts: ExtractRunOptions): Promise<ExtractRunResult> {
  const log = opts.log ?? process.stderr;
  const tty = (log as NodeJS.WriteStream).isTTY === true;
  const progress = opts.progress ?? tty;
  checkOptions(opts); // a bad --drop selector fails here, before any file is created
  const { files, errors } = await expandInputs(opts.inputs);
  if (!files.length && !errors.length) {
    errors.push({ file: opts.inputs.join(' '), offset: null, message: 'no WARC or HTML files found' });
  }
  const stats = new Stats(files.reduce((s, f) => s + f.size, 0));
  for (const e of errors) {
    stats.add({ status: 'error', error: e });
    log.write(`pith: error: ${formatError(e)}\n`);
  }
  const out = new JsonlWriter(opts.output, opts.level ?? 3);
  const rej = opts.rejects ? new JsonlWriter(opts.rejects) : null;
  for (const w of [out, rej]) {
    if (!w) continue;
    try {
      await w.ready();
    } catch (e) {
      await out.abort();
      await rej?.abort();
      throw new Error(`cannot write ${w.path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  let lastDraw = 0;
  let drawn = false;
  const clear = () => {
    if (drawn) log.write('\r\x1b[2K');
    drawn = false;
  };
  try {
    // The workers encode the output lines (zstd frames at the writer's level), one chunk a span.
    for await (const o of runPipeline(files, { ...opts, encode: { zstdLevel: out.zstdLevel } })) {
      stats.add(o);
      switch (o.status) {
        case 'chunk':
          await out.writeChunk(o);
          break;
        case 'rejected':
          if (rej) {
            await rej.write(
              JSON.stringify({
                id: o.meta.id,
                url: o.meta.url,
                file: o.meta.file,
                offset: o.meta.offset,
                length: o.meta.length,
                reason: o.reason,
                message: o.message,
              }),
            );
          }
          break;
        case 'error':
          clear();
          log.write(`pith: error: ${formatError(o.error)}\n`);
          break;
      }
      if (progress) {
        const now = Date.now();
        if (now - lastDraw > 200) {
          lastDraw = now;
          const line = stats.progressLine();
          const width = (log as NodeJS.WriteStream).columns ?? 120;
          log.write(`\r\x1b[2K${line.slice(0, width - 1)}`);
          drawn = true;
        }
      }
    }
  } catch (e) {
    clear();
    await out.abort();
    await rej?.abort();
    throw e;
  }
  clear();
  await out.close();
  await rej?.close();
  if (STAGE_TIMES) writeStageReport({ output_bytes: out.bytes, output_lines: out.lines, workers_option: opts.workers ?? null });
  log.write(
    stats.summary({ output: opts.output, outputLines: out.lines, outputBytes: out.bytes, rejects: opts.rejects }) + '\n',
  );
  return { stats, exitCode: stats.filesFailed.size ? 1 : 0 };
}
