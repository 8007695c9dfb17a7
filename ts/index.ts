// pith's library API.
//
//   import { extractHtml, extractWarc } from 'pith';
//   const r = extractHtml(htmlBytes, { hints: { url } });          // one document
//   for await (const x of extractWarc('crawl.warc.gz')) { ... }    // a WARC, in record order
//   extractWarc(files, { accept: true, links: true, drop: ['.sidebar'] })  // options as for the CLI

import { expandInputs } from './warc/reader.js';
import { checkOptions, runPipeline, type PipelineOptions } from './pipeline/pipeline.js';
import type { OutputRecord } from './pipeline/output.js';

export { extractHtml, extractRaw, engineAvailable, ExtractError } from './engine/index.js';
export type * from './engine/types.js';
export type { ExtractHtmlOptions } from './engine/index.js';
export type { OutputRecord, Format, ExtractorOptions } from './pipeline/output.js';
export type { PipelineOptions } from './pipeline/pipeline.js';
export { OptionsError } from './pipeline/pipeline.js';

/**
 * `format`, `favor`, `links`, `comments`, `drop` and `accept` as for `pith extract` (see
 * PipelineOptions). An invalid `drop` selector throws `OptionsError` before any record is read.
 */
export interface ExtractWarcOptions extends PipelineOptions {}

/** Where a record sits in its input file: re-read it with the offset and length alone. */
export interface RecordSource {
  file: string;
  offset: number;
  length: number;
}

const utf8 = new TextDecoder();

/** One result per input record, in input order; plus `error` results for input files that fail. */
export type WarcResult =
  | { status: 'extracted'; record: OutputRecord }
  | { status: 'skipped'; reason: string; id: string | null; url: string | null; source: RecordSource }
  | { status: 'rejected'; reason: string; message: string; id: string | null; url: string | null; source: RecordSource }
  | { status: 'error'; file: string; offset: number | null; message: string };

/**
 * Extracts every record of one or more WARC (or HTML) files through the worker pool, yielding
 * results in input order. `record` is exactly what `pith extract` writes as one output line.
 * Breaking out of the loop stops the pool.
 */
export async function* extractWarc(input: string | string[], options: ExtractWarcOptions = {}): AsyncGenerator<WarcResult> {
  checkOptions(options);
  const { files, errors } = await expandInputs(Array.isArray(input) ? input : [input]);
  for (const e of errors) yield { status: 'error', file: e.file, offset: e.offset, message: e.message };
  for await (const o of runPipeline(files, options)) {
    switch (o.status) {
      case 'extracted':
        yield { status: 'extracted', record: JSON.parse(utf8.decode(o.line!)) as OutputRecord }; // lines come with records without `encode`
        break;
      case 'skipped':
      case 'rejected': {
        const base = {
          reason: o.reason,
          id: o.meta.id,
          url: o.meta.url,
          source: { file: o.meta.file, offset: o.meta.offset, length: o.meta.length },
        };
        yield o.status === 'skipped' ? { status: 'skipped', ...base } : { status: 'rejected', message: o.message, ...base };
        break;
      }
      case 'error':
        yield { status: 'error', file: o.error.file, offset: o.error.offset, message: o.error.message };
        break;
    }
  }
}
