// The output record (one JSON line per extracted record) and the writers for .jsonl.zst / .jsonl.

import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { compress } from 'zstd-napi';
import type { Extraction, Favor } from '../engine/index.js';
import { addStage, now, STAGE_TIMES } from './stages.js';

export type Format = 'text' | 'markdown';

/** What shapes the output besides the input: recorded in every line's `extractor.options`. */
export interface ExtractorOptions {
  favor: Favor;
  /** `markdown`: each record also gets a `markdown` field (`text` stays plain text). */
  format: Format;
  /** Each record gets `links: [{text, href}]` (hrefs never appear in `text`). */
  links: boolean;
  /** Each record gets `comments` (string, or null when the page has none); off: comments are dropped. */
  comments: boolean;
  /** CSS selectors of elements removed before scoring, in the order given. */
  drop: string[];
  /** Only records the core accepts are written; the rest are rejected as `not_accepted:<reason>`. */
  accept: boolean;
}

/** The defaults of `ExtractorOptions`, completed from partial options (library and CLI). */
export function extractorOptions(o: Partial<ExtractorOptions> = {}): ExtractorOptions {
  return {
    favor: o.favor ?? 'balanced',
    format: o.format ?? 'text',
    links: o.links ?? false,
    comments: o.comments ?? false,
    drop: [...(o.drop ?? [])],
    accept: o.accept ?? false,
  };
}

/** The `options` half of the core request (api.rs `Options`, camelCase) for these extractor options. */
export function coreOptions(o: ExtractorOptions, maxInputBytes: number, timeBudgetMs = 0) {
  return {
    favor: o.favor,
    comments: o.comments,
    links: o.links,
    markdown: o.format === 'markdown',
    drop: o.drop,
    maxInputBytes,
    timeBudgetMs,
  };
}

/** The core's fields that every output line carries, as the core returns them (see Extraction). */
type CoreFields = Pick<
  Extraction,
  | 'title'
  | 'author'
  | 'published'
  | 'modified'
  | 'language'
  | 'language_confidence'
  | 'description'
  | 'site_name'
  | 'canonical_url'
  | 'encoding'
  | 'html_bytes'
  | 'text_bytes'
  | 'content_ratio'
  | 'page_type'
  | 'accepted'
  | 'reject_reason'
  | 'sections'
  | 'links'
>;

/**
 * One line of the output (`.jsonl.zst`), written by the core (crates/pith-core/src/line.rs), which
 * fixes the key order; see README "Output schema".
 * `markdown`, `comments` and `links` are present exactly when their option is on.
 */
export interface OutputRecord extends CoreFields {
  /** WARC-Record-ID without angle brackets (`urn:uuid:...`); `urn:sha1:<hex>` of the HTML for plain files. */
  id: string;
  /** The main content as plain text (always plain: `sections` offsets index into it). */
  text: string;
  markdown?: string;
  comments?: string | null;
  /** WARC-Target-URI (wget's `<...>` unwrapped); null for plain files. */
  url: string | null;
  /** WARC-Date as written in the record; null for plain files. */
  date: string | null;
  http_status: number | null;
  content_type: string | null;
  source: { file: string; offset: number; length: number };
  /** True when the record carries a WARC-Truncated header (payload cut by the crawler). */
  warc_truncated: boolean;
  extractor: { name: 'pith'; version: string; options: ExtractorOptions };
}

let cachedVersion: string | undefined;
/** pith's version, from package.json (ts/ and dist/ both sit one level below the package root). */
export function pithVersion(): string {
  if (!cachedVersion) {
    const require = createRequire(import.meta.url);
    cachedVersion = (require('../../package.json') as { version: string }).version;
  }
  return cachedVersion;
}

/** Every output line's `extractor` block: what made the line, and with which options. */
export function extractorBlock(opts: ExtractorOptions): OutputRecord['extractor'] {
  return {
    name: 'pith',
    version: pithVersion(),
    options: { favor: opts.favor, format: opts.format, links: opts.links, comments: opts.comments, drop: opts.drop, accept: opts.accept },
  };
}

/** Output lines encoded for the file: UTF-8 JSONL, as one zstd frame when compressed. */
export interface JsonlChunk {
  data: Uint8Array;
  lines: number;
  /** UTF-8 bytes before compression. */
  bytes: number;
}

/**
 * Encodes lines (UTF-8, without newlines) as JSONL, one zstd frame (with checksum) at `zstdLevel`,
 * or plain when null. Concatenated frames are one valid zstd stream (zstd -d, zstd-napi), so chunks
 * encoded apart, in workers, are written one after the other.
 */
export function encodeJsonl(lines: Uint8Array[], zstdLevel: number | null): JsonlChunk {
  const t = STAGE_TIMES ? now() : 0;
  const text = joinLines(lines);
  const data = zstdLevel === null ? text : compress(text, { compressionLevel: zstdLevel, checksumFlag: true });
  if (STAGE_TIMES) addStage('compress_write', now() - t);
  return { data, lines: lines.length, bytes: text.length };
}

/** The lines one after the other, each followed by a newline. */
function joinLines(lines: Uint8Array[]): Buffer {
  let size = lines.length;
  for (const line of lines) size += line.length;
  const buf = Buffer.allocUnsafe(size);
  let off = 0;
  for (const line of lines) {
    buf.set(line, off);
    off += line.length;
    buf[off++] = 0x0a;
  }
  return buf;
}

/**
 * Writes JSON lines to a file, zstd-compressed when the name ends in .zst: lines one by one
 * (gathered into 1 MiB batches cut by size alone, so the bytes depend only on the lines, never on
 * timing) or chunks encoded elsewhere (encodeJsonl in the workers). Writes go to `<path>.partial`,
 * renamed into place by close().
 */
export class JsonlWriter {
  private readonly tmp: string;
  private readonly file: WriteStream;
  /** The zstd level chunks for this file are encoded at; null: plain JSONL. */
  readonly zstdLevel: number | null;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private failed: Error | null = null;
  private readonly opened: Promise<void>;
  lines = 0;
  bytes = 0;

  constructor(
    readonly path: string,
    level = 3,
  ) {
    this.tmp = `${path}.partial`;
    this.zstdLevel = path.endsWith('.zst') ? level : null;
    this.file = createWriteStream(this.tmp);
    this.file.on('error', (e) => (this.failed ??= e));
    // Listen now: 'ready' may fire before anyone awaits ready().
    this.opened = new Promise<void>((resolve, reject) => {
      this.file.once('ready', () => resolve());
      this.file.once('error', reject);
    });
    this.opened.catch(() => {});
  }

  /** Resolves once the file is open (rejects when it cannot be created). */
  async ready(): Promise<void> {
    await this.opened;
  }

  async write(line: string): Promise<void> {
    if (this.failed) throw this.failed;
    const bytes = Buffer.from(line);
    this.pending.push(bytes);
    this.pendingBytes += bytes.length + 1;
    if (this.pendingBytes >= 1 << 20) await this.flushBatch();
  }

  /** Writes a chunk from encodeJsonl (at this writer's zstdLevel) after the lines written so far. */
  async writeChunk(chunk: JsonlChunk): Promise<void> {
    await this.flushBatch();
    await this.put(chunk);
  }

  private async flushBatch(): Promise<void> {
    if (!this.pending.length) return;
    const chunk = encodeJsonl(this.pending, this.zstdLevel);
    this.pending = [];
    this.pendingBytes = 0;
    await this.put(chunk);
  }

  private async put(chunk: JsonlChunk): Promise<void> {
    if (this.failed) throw this.failed;
    this.lines += chunk.lines;
    this.bytes += chunk.bytes;
    const t = STAGE_TIMES ? now() : 0;
    const ok = this.file.write(chunk.data);
    if (STAGE_TIMES) addStage('compress_write', now() - t);
    if (!ok) await once(this.file, 'drain');
    if (this.failed) throw this.failed;
  }

  async close(): Promise<void> {
    await this.flushBatch();
    // An empty file is no zstd stream (zstd -d fails on it): no lines is one empty frame.
    if (this.lines === 0 && this.zstdLevel !== null) await this.put(encodeJsonl([], this.zstdLevel));
    const done = once(this.file, 'close');
    this.file.end();
    await done;
    if (this.failed) throw this.failed;
    await rename(this.tmp, this.path);
  }

  /** Abandons the output: closes and deletes the partial file. */
  async abort(): Promise<void> {
    if (!this.file.destroyed) {
      const closed = once(this.file, 'close').catch(() => {});
      this.file.destroy();
      await closed;
    }
    await unlink(this.tmp).catch(() => {});
  }
}
