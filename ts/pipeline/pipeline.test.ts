// End-to-end: CLI and library over warc-samples (always) and ../shared/warc (when present).

import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { WARCParser } from 'warcio';
import { CLI, ensureBuilt, runCli, SAMPLES, SHARED_WARC, summaryCounts, zstdLines } from '../../test/helpers.js';
import { readRecordAt } from '../warc/reader.js';
import { engineAvailable } from '../engine/index.js';
import { runExtract } from './extract.js';
import { workerPath } from './pipeline.js';
import { extractWarc } from '../index.js';
import type { OutputRecord } from './output.js';

const manifest = JSON.parse(readFileSync(path.join(SAMPLES, 'gold', 'manifest.json'), 'utf8')) as {
  records: { id: string; name?: string; expect: string; type: string }[];
  html: { file: string; name: string; id: string }[];
};
const SAMPLE_INPUTS = ['samples.warc.gz', 'samples-plain.warc', 'html/news-article.html', 'html/table.html.gz'].map((f) =>
  path.join('warc-samples', f),
);
const SHARED_FILES = SHARED_WARC ? readdirSync(SHARED_WARC).map((f) => path.join(SHARED_WARC!, f)).sort() : [];
if (!SHARED_WARC) console.warn('skipping ../shared/warc parts of the pipeline tests: directory not found');

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'pith-pipe-'));

class Sink extends Writable {
  text = '';
  _write(chunk: Buffer, _enc: string, cb: () => void) {
    this.text += chunk.toString();
    cb();
  }
}

beforeAll(() => {
  ensureBuilt();
}, 120_000);

describe('pith extract over warc-samples', () => {
  let dir: string;
  let run: ReturnType<typeof runCli>;
  beforeAll(() => {
    dir = tmp();
    run = runCli(['extract', ...SAMPLE_INPUTS, '-o', path.join(dir, 'out.jsonl.zst'), '--rejects', path.join(dir, 'rej.jsonl'), '--engine', 'native']);
  });

  it('exits 0, and the summary adds up', () => {
    // No input errors or error messages (the reject reason error_page is the sample soft 404's verdict).
    expect(run.stderr).not.toMatch(/error(?!_page)/i);
    expect(run.code).toBe(0);
    const c = summaryCounts(run.stderr);
    expect(c.read).toBe(c.extracted + c.skipped + c.rejected);
    expect(c.read).toBe(2 * manifest.records.length + manifest.html.length);
    const lines = zstdLines(path.join(dir, 'out.jsonl.zst'));
    expect(lines).toHaveLength(c.extracted);
    const rej = readFileSync(path.join(dir, 'rej.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(rej).toHaveLength(c.rejected);
    for (const r of rej) expect(Object.keys(JSON.parse(r))).toEqual(['id', 'url', 'file', 'offset', 'length', 'reason', 'message']);
  });

  it('writes records in input order with the documented fields', () => {
    const recs = zstdLines(path.join(dir, 'out.jsonl.zst')).map((l) => JSON.parse(l) as OutputRecord);
    const rejected = new Set(readFileSync(path.join(dir, 'rej.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).id));
    const expectedIds = [
      ...manifest.records.filter((r) => r.type === 'response' && !r.expect.startsWith('skipped')).map((r) => r.id),
      ...manifest.records.filter((r) => r.type === 'response' && !r.expect.startsWith('skipped')).map((r) => r.id),
      ...manifest.html.map((h) => h.id),
    ].filter((id) => !rejected.has(id));
    expect(recs.map((r) => r.id)).toEqual(expectedIds);
    for (const r of recs) {
      expect(Object.keys(r)).toEqual([
        'id', 'text', 'url', 'date', 'title', 'author', 'published', 'modified', 'language', 'language_confidence', 'description',
        'site_name', 'canonical_url', 'encoding', 'html_bytes', 'text_bytes', 'content_ratio', 'page_type', 'accepted',
        'reject_reason', 'sections', 'http_status', 'content_type', 'source', 'warc_truncated', 'extractor',
      ]);
      expect(r.extractor).toMatchObject({
        name: 'pith',
        options: { favor: 'balanced', format: 'text', links: false, comments: false, drop: [], accept: false },
      });
      expect(Object.keys(r.extractor.options)).toEqual(['favor', 'format', 'links', 'comments', 'drop', 'accept']);
      expect(typeof r.accepted).toBe('boolean');
      expect(r.reject_reason === null).toBe(r.accepted);
      expect(r.page_type).toMatch(/^(article|forum|product|collection|listing|documentation|service|other)$/);
      expect(Array.isArray(r.sections)).toBe(true);
      expect(Object.keys(r.source)).toEqual(['file', 'offset', 'length']);
      expect(typeof r.warc_truncated).toBe('boolean');
    }
    const listing = manifest.records.find((r) => r.name === 'listing')!;
    for (const r of recs) expect(r.warc_truncated).toBe(r.id === listing.id);
  });

  it('the source offset/length of every output record re-reads exactly that record', async () => {
    const recs = zstdLines(path.join(dir, 'out.jsonl.zst')).map((l) => JSON.parse(l) as OutputRecord);
    for (const r of recs) {
      const again = await readRecordAt(path.resolve(r.source.file), r.source.offset, r.source.length);
      expect(again).toHaveLength(1);
      expect(again[0]!.meta.id).toBe(r.id);
      expect(again[0]!.kind).toBe('extract');
    }
  });

  it('extractWarc (library) yields the same records as the CLI, in the same order', async () => {
    const cli = zstdLines(path.join(dir, 'out.jsonl.zst')).slice(0, 20).map((l) => JSON.parse(l));
    const lib: unknown[] = [];
    const statuses: Record<string, number> = {};
    for await (const r of extractWarc(SAMPLE_INPUTS.map((p) => path.join(path.dirname(CLI), '..', p)).map((p) => path.relative(process.cwd(), p)), { workers: 2, engine: 'native' })) {
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status === 'extracted') lib.push({ ...r.record, source: { ...r.record.source, file: '' } });
    }
    expect(lib.slice(0, 20)).toEqual(cli.map((r) => ({ ...r, source: { ...r.source, file: '' } })));
    expect(statuses.error ?? 0).toBe(0);
  });
});

function runTwice(inputs: string[], a: string[], b: string[]) {
  const d = tmp();
  const ra = runCli(['extract', ...inputs, '-o', path.join(d, 'a.jsonl.zst'), '--rejects', path.join(d, 'a.rej.jsonl'), ...a]);
  const rb = runCli(['extract', ...inputs, '-o', path.join(d, 'b.jsonl.zst'), '--rejects', path.join(d, 'b.rej.jsonl'), ...b]);
  expect(ra.code).toBe(rb.code);
  const out = [readFileSync(path.join(d, 'a.jsonl.zst')), readFileSync(path.join(d, 'b.jsonl.zst'))];
  const rej = [readFileSync(path.join(d, 'a.rej.jsonl')), readFileSync(path.join(d, 'b.rej.jsonl'))];
  if (!out[0]!.equals(out[1]!)) {
    // Name the first record that differs, for whoever debugs it.
    const la = zstdLines(path.join(d, 'a.jsonl.zst'));
    const lb = zstdLines(path.join(d, 'b.jsonl.zst'));
    const i = la.findIndex((l, k) => l !== lb[k]);
    const ja = JSON.parse(la[i] ?? '{}');
    const jb = JSON.parse(lb[i] ?? '{}');
    const fields = Object.keys(ja).filter((k) => JSON.stringify(ja[k]) !== JSON.stringify(jb[k]));
    console.error(`first difference (${a.join(' ')} vs ${b.join(' ')}): line ${i}, id ${ja.id}, ${JSON.stringify(ja.source)}, fields ${fields.join(', ')}`);
  }
  return { out, rej, ra };
}

describe('byte-identical output', () => {
  const inputs = [...SAMPLE_INPUTS, ...SHARED_FILES];
  it('--workers 1 and --workers 2', () => {
    const { out, rej, ra } = runTwice(inputs, ['--workers', '1'], ['--workers', '2']);
    expect(summaryCounts(ra.stderr).extracted).toBeGreaterThan(10);
    expect(out[0]!.equals(out[1]!)).toBe(true);
    expect(rej[0]!.equals(rej[1]!)).toBe(true);
  }, 60_000);

  // Needs the WebAssembly build (npm run build:wasm); CI builds it.
  it.skipIf(!engineAvailable('wasm'))('--engine native and --engine wasm', () => {
    const { out, rej } = runTwice(inputs, ['--engine', 'native'], ['--engine', 'wasm']);
    expect(out[0]!.equals(out[1]!)).toBe(true);
    expect(rej[0]!.equals(rej[1]!)).toBe(true);
  }, 120_000);
  if (!engineAvailable('wasm')) console.warn('skipping native-vs-wasm identity: wasm build not found (npm run build:wasm)');
});

/** Records in a file as warcio's own streaming parser counts them (an independent oracle). */
async function warcioCount(p: string): Promise<number | null> {
  const head = readFileSync(p).subarray(0, 2);
  const text = readFileSync(p).subarray(0, 5).toString('latin1');
  if (!(head[0] === 0x1f && head[1] === 0x8b) && text !== 'WARC/') return null;
  let n = 0;
  try {
    for await (const _ of new WARCParser(createReadStream(p), { parseHttp: false })) n++;
  } catch {
    return null;
  }
  return n;
}

describe('every sample: counts add up to the records read', () => {
  const files = [...SAMPLE_INPUTS.map((p) => path.join(path.dirname(CLI), '..', p)), ...SHARED_FILES];
  for (const f of files) {
    it(path.basename(f), async () => {
      const d = tmp();
      const log = new Sink();
      const { stats, exitCode } = await runExtract({
        inputs: [f], output: path.join(d, 'o.jsonl.zst'), rejects: path.join(d, 'r.jsonl'), workers: 2, engine: 'native', log, progress: false,
      });
      expect(stats.read).toBe(stats.extracted + stats.skippedTotal + stats.rejectedTotal);
      const c = summaryCounts(log.text);
      expect(c).toEqual({ read: stats.read, extracted: stats.extracted, skipped: stats.skippedTotal, rejected: stats.rejectedTotal });
      expect(zstdLines(path.join(d, 'o.jsonl.zst'))).toHaveLength(stats.extracted);
      const rejLines = readFileSync(path.join(d, 'r.jsonl'), 'utf8').split('\n').filter(Boolean);
      expect(rejLines).toHaveLength(stats.rejectedTotal);
      for (const l of rejLines) {
        const r = JSON.parse(l);
        expect(r.reason).toMatch(/^[a-z_]+$/);
        expect(r.file).toBe(f);
        expect(typeof r.offset).toBe('number');
      }
      // (warcio itself never finishes on the truncated gzip file: no oracle there)
      const truncated = f.includes('truncated');
      const oracle = truncated ? null : await warcioCount(f);
      if (oracle !== null) expect(stats.read).toBe(oracle);
      expect(exitCode).toBe(stats.errors.length ? 1 : 0);
      if (f.endsWith('.md')) expect(stats.errors[0]).toMatchObject({ file: f, message: 'not a WARC or HTML file' });
      if (truncated) {
        expect(stats.rejected.get('truncated_input')).toBe(1);
        expect(stats.errors).toHaveLength(1);
        expect(stats.errors[0]).toMatchObject({ file: f, offset: 0 });
      }
    });
  }
});

describe.skipIf(!SHARED_WARC)('pith extract ../shared/warc/*', () => {
  it('completes: every HTML response comes out, the truncated file reports its error, exit 1', () => {
    const d = tmp();
    const r = runCli(['extract', ...SHARED_FILES, '-o', path.join(d, 'out.jsonl.zst'), '--rejects', path.join(d, 'rej.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/clipped-truncated\.warc\.gz @ offset 0: gzip member cut short/);
    expect(r.stderr).toMatch(/PROVENANCE\.md @ offset 0: not a WARC or HTML file/);
    const c = summaryCounts(r.stderr);
    expect(c.read).toBe(c.extracted + c.skipped + c.rejected);
    const recs = zstdLines(path.join(d, 'out.jsonl.zst')).map((l) => JSON.parse(l) as OutputRecord);
    const rej = readFileSync(path.join(d, 'rej.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    // 16 + 16 (CC 2020-34 twins) + 29 (ClueWeb09 0.18) + 1 + 1 (CC 2024-22, jwarc) + 22 + 15 (dolma wget)
    // + 11 (IAH wget) + 1 (ia-web-commons) + 1 + 1 (warcio) = 114 HTML responses, of which IAH's nine
    // redirects (two 301s with a zero-length body, seven "302 Found" stubs) are skipped as http_status.
    expect(recs.length + rej.filter((x) => x.reason !== 'truncated_input').length).toBe(105);
    expect(r.stderr).toMatch(/http_status 9/);
    expect(recs.every((x) => x.http_status === null || (x.http_status >= 200 && x.http_status < 300))).toBe(true);
    const byFile = (s: string) => recs.filter((x) => x.source.file.includes(s)).length;
    expect(byFile('warc-0.18')).toBeGreaterThan(20);
    expect(byFile('iana.org-chunked')).toBe(1);
    expect(byFile('dolma__wget')).toBeGreaterThan(30);
    for (const x of recs) {
      expect(x.url).toMatch(/^https?:\/\/[^<>]+$/);
      expect(x.id).toMatch(/^urn:/);
    }
  }, 60_000);
});

describe('command line', () => {
  it('--help and extract --help explain every option', () => {
    const top = runCli(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/pith extract INPUT\.\.\. -o OUT\.jsonl\.zst/);
    const ex = runCli(['extract', '--help']);
    expect(ex.code).toBe(0);
    for (const opt of ['--output', '--workers', '--engine', '--format', '--markdown', '--favor', '--links', '--comments', '--drop', '--accept', '--rejects', '--timeout', '--progress', '--help']) {
      expect(ex.stdout).toContain(opt);
    }
    expect(ex.stdout).toMatch(/Exit codes|exits with code 1/);
  });

  it('bad usage exits 2', () => {
    expect(runCli([]).code).toBe(2);
    expect(runCli(['frobnicate']).code).toBe(2);
    expect(runCli(['extract']).code).toBe(2);
    expect(runCli(['extract', 'warc-samples/samples.warc.gz']).code).toBe(2); // no -o
    expect(runCli(['extract', 'x.warc', '-o', 'o.jsonl.zst', '--workers', 'two']).code).toBe(2);
    expect(runCli(['extract', 'x.warc', '-o', 'o.jsonl.zst', '--engine', 'gpu']).code).toBe(2);
    expect(runCli(['extract', 'x.warc', '-o', 'o.jsonl.zst', '--format', 'html']).code).toBe(2);
    const r = runCli(['extract', 'x.warc', '-o', 'o.jsonl.zst', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bogus/);
  });

  it('an unreadable input: exit 1 naming the file, the other inputs still done', () => {
    const d = tmp();
    const missing = path.join(d, 'missing.warc.gz');
    const unreadable = path.join(d, 'dir.warc.gz');
    writeFileSync(path.join(d, 'garbage.warc.gz'), Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8]));
    const r = runCli(['extract', missing, path.join(d, 'garbage.warc.gz'), 'warc-samples/samples.warc.gz', '-o', path.join(d, 'o.jsonl.zst')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(missing);
    expect(r.stderr).toContain(path.join(d, 'garbage.warc.gz'));
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
    expect(zstdLines(path.join(d, 'o.jsonl.zst')).length).toBeGreaterThan(5);
    expect(existsSync(unreadable)).toBe(false);
  });

  it('a directory with no WARC or HTML files: exit 1 saying so', () => {
    const d = tmp();
    const r = runCli(['extract', d, '-o', path.join(d, 'o.jsonl.zst')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${d}: no WARC or HTML files found`);
  });

  it('an output that cannot be written: exit 1 naming it', () => {
    const r = runCli(['extract', 'warc-samples/samples.warc.gz', '-o', '/nonexistent-dir/o.jsonl.zst']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot write /nonexistent-dir/o.jsonl.zst: ENOENT');
  });

  it('--format markdown adds a markdown field after text, keeps text plain, and records the option', () => {
    const d = tmp();
    const r = runCli(['extract', 'warc-samples/samples.warc.gz', '-o', path.join(d, 'o.jsonl'), '--format', 'markdown', '--workers', '1']);
    expect(r.code).toBe(0);
    const recs = readFileSync(path.join(d, 'o.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(runCli(['extract', 'warc-samples/samples.warc.gz', '-o', path.join(d, 'p.jsonl'), '--workers', '1']).code).toBe(0);
    const plain = readFileSync(path.join(d, 'p.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as OutputRecord);
    expect(recs.length).toBeGreaterThan(3);
    for (const x of recs) {
      expect(x.extractor.options.format).toBe('markdown');
      expect(Object.keys(x).slice(0, 3)).toEqual(['id', 'text', 'markdown']);
      expect(typeof x.markdown).toBe('string');
      // text is the same plain text as without --format markdown
      expect(x.text).toBe(plain.find((p) => p.id === x.id)!.text);
    }
  });

  it('a progress line on a terminal: records/s, MB/s, percent, ETA', async () => {
    const d = tmp();
    const log = Object.assign(new Sink(), { isTTY: true, columns: 200 });
    await runExtract({ inputs: [path.join(SAMPLES, 'samples.warc.gz')], output: path.join(d, 'o.jsonl.zst'), workers: 1, engine: 'native', log });
    expect(log.text).toMatch(/\r\x1b\[2Kpith: \d+ records \(\d+ extracted\)\s+[\d.]+ rec\/s\s+[\d.]+ MB\/s\s+[\d.]+%\s+ETA /);
    expect(log.text).toMatch(/pith extract: done in/);
  });

  it('breaking out of extractWarc stops the pool cleanly', async () => {
    let n = 0;
    for await (const r of extractWarc(path.join(SAMPLES, 'samples.warc.gz'), { workers: 2, engine: 'native' })) {
      if (r.status === 'extracted' && ++n === 2) break;
    }
    expect(n).toBe(2);
  });

  it('a worker thread terminated at any moment of its start does not abort the process', () => {
    // Threads load the worker file as piscina does (require), four at a time, each terminated at
    // its own delay across the load. An ES-module worker file loaded by require() aborted Node 20
    // here within a few hundred threads (a failed CHECK in module instantiation).
    const script = `
      import { Worker } from 'node:worker_threads';
      const entry = process.argv[1];
      for (let i = 0; i < 150; i++) {
        await Promise.all([0, 1, 2, 3].map(async (k) => {
          const w = new Worker('require(' + JSON.stringify(entry) + ')', { eval: true, execArgv: [] });
          w.on('error', (e) => { console.error(String(e)); process.exitCode = 1; });
          await new Promise((r) => setTimeout(r, 10 + ((i * 4 + k) * 0.37) % 120));
          await w.terminate();
        }));
      }`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, workerPath()], { encoding: 'utf8' });
    expect(r.stderr).not.toMatch(/Assertion failed|FATAL ERROR/);
    expect(r.status).toBe(0);
  }, 60_000);

  it('--timeout: the native core stops a record over its time budget by itself; the run goes on', () => {
    const d = tmp();
    // A nanosecond: every page is over budget at the core's first check.
    const r = runCli(['extract', 'warc-samples/samples.warc.gz', 'warc-samples/samples-plain.warc', '-o', path.join(d, 'o.jsonl.zst'), '-r', path.join(d, 'r.jsonl'), '--timeout', '0.000000001', '--workers', '2']);
    expect(r.code).toBe(0);
    const c = summaryCounts(r.stderr);
    expect(c.read).toBe(2 * manifest.records.length);
    expect(c.read).toBe(c.extracted + c.skipped + c.rejected);
    expect(c.extracted).toBe(0);
    const rej = readFileSync(path.join(d, 'r.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const overBudget = rej.filter((x) => x.reason === 'budget_exceeded' && /^time_budget: took more than [\d.]+ ms \(time budget\)$/.test(x.message));
    expect(overBudget.length).toBeGreaterThan(10);
    expect(rej.some((x) => /worker restarted/.test(x.message))).toBe(false);
    expect(runCli(['extract', 'x.warc', '-o', 'o.jsonl.zst', '--timeout', 'soon']).code).toBe(2);
  });

  it('--timeout: a record still running past the budget has its worker replaced (WebAssembly: no clock in the core)', () => {
    const d = tmp();
    // A plain HTML file (nothing to inflate in the worker) big enough to take far over 1 ms.
    const big = path.join(d, 'big.html');
    writeFileSync(big, `<html><body><article>${'<p>A sentence of prose, long enough to count as a paragraph of the article.</p>'.repeat(60_000)}</article></body></html>`);
    const r = runCli(['extract', big, '-o', path.join(d, 'o.jsonl.zst'), '-r', path.join(d, 'r.jsonl'), '--timeout', '0.001', '--engine', 'wasm', '--workers', '1']);
    expect(r.code).toBe(0);
    const c = summaryCounts(r.stderr);
    expect(c).toEqual({ read: 1, extracted: 0, skipped: 0, rejected: 1 });
    const rej = readFileSync(path.join(d, 'r.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(rej).toHaveLength(1);
    expect(rej[0].reason).toBe('budget_exceeded');
    expect(rej[0].message).toMatch(/time budget\); worker restarted/);
  }, 30_000);

  it('no progress line without a terminal', () => {
    const d = tmp();
    const r = runCli(['extract', 'warc-samples/samples.warc.gz', '-o', path.join(d, 'o.jsonl.zst')]);
    expect(r.stderr).not.toContain('\r');
    expect(r.stderr).not.toMatch(/ETA/);
  });
});
