// Shared by pith's WARC/pipeline/CLI tests.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { decompress } from 'zstd-napi';
import zstdBinding from 'zstd-napi/binding.js';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SAMPLES = path.join(REPO, 'warc-samples');
/** ../shared/warc beside the repo, or null when absent (tests using it skip with a message). */
export const SHARED_WARC: string | null = (() => {
  const p = path.resolve(REPO, '..', 'shared', 'warc');
  return existsSync(p) ? p : null;
})();
export const CLI = path.join(REPO, 'dist', 'cli.js');

function newest(dir: string): number {
  let t = 0;
  for (const ent of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) t = Math.max(t, newest(p));
    else if (/\.c?ts$/.test(ent.name) && !ent.name.endsWith('.test.ts')) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

/**
 * The worker pool runs dist/pipeline/worker-entry.cjs (worker threads cannot load .ts): builds dist/
 * with tsc when it is missing or older than ts/ (under a lock, test files run in parallel).
 */
export function ensureBuilt(): void {
  const marker = path.join(REPO, 'dist', 'pipeline', 'worker-entry.cjs');
  const fresh = () => existsSync(marker) && existsSync(CLI) && statSync(marker).mtimeMs >= newest(path.join(REPO, 'ts'));
  if (fresh()) return;
  const tsc = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
  // flock serializes parallel test files; tsc's exit status is ignored when it still emitted (an
  // unrelated type error elsewhere must not hide the files these tests need).
  const build = [process.execPath, tsc, '-p', path.join(REPO, 'tsconfig.json')];
  const locked = spawnSync('flock', ['/tmp/pith-tsc-build.lock', ...build], { cwd: REPO, stdio: 'ignore' });
  if (locked.error) spawnSync(build[0]!, build.slice(1), { cwd: REPO, stdio: 'ignore' }); // no flock(1) here
  if (!fresh()) console.warn('dist/ may be stale: `tsc -p tsconfig.json` did not bring it up to date');
  if (!existsSync(marker)) throw new Error('dist/ is not built and `tsc -p tsconfig.json` did not produce it');
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { cwd?: string } = {}): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: opts.cwd ?? REPO, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function zstdLines(file: string): string[] {
  const text = decompress(readFileSync(file)).toString('utf8');
  return text ? text.replace(/\n$/, '').split('\n') : [];
}

/** Parses the end summary's "records N read = A extracted + B skipped + C rejected" line. */
export function summaryCounts(stderr: string): { read: number; extracted: number; skipped: number; rejected: number } {
  const m = /records\s+([\d,]+) read = ([\d,]+) extracted \+ ([\d,]+) skipped \+ ([\d,]+) rejected/.exec(stderr);
  if (!m) throw new Error(`no summary in:\n${stderr}`);
  const n = (s: string) => Number(s.replace(/,/g, ''));
  return { read: n(m[1]!), extracted: n(m[2]!), skipped: n(m[3]!), rejected: n(m[4]!) };
}

/**
 * warc-samples/samples.warc.gz recompressed as a `.warc.zst` file (IIPC's WARC-zstd): each gzip
 * member's record as one zstd frame, after a dictionary frame when `dictionary` is given (its
 * content raw, or itself zstd-compressed with `compressDictionary`). Written to a temporary
 * directory. `members`: the offset and length of each gzip member, as the reader reports them.
 */
export function sampleWarcZst(members: { offset: number; length: number }[], opts: { dictionary?: Buffer; compressDictionary?: boolean } = {}): string {
  const gz = readFileSync(path.join(SAMPLES, 'samples.warc.gz'));
  const cctx = new zstdBinding.CCtx();
  const frames: Buffer[] = [];
  if (opts.dictionary) {
    const content = opts.compressDictionary ? compressFrame(new zstdBinding.CCtx(), opts.dictionary) : opts.dictionary;
    const header = Buffer.alloc(8);
    header.writeUInt32LE(0x184d2a5d, 0);
    header.writeUInt32LE(content.length, 4);
    frames.push(header, content);
    cctx.loadDictionary(opts.dictionary);
  }
  for (const m of members) frames.push(compressFrame(cctx, zlib.gunzipSync(gz.subarray(m.offset, m.offset + m.length))));
  const p = path.join(mkdtempSync(path.join(os.tmpdir(), 'pith-zst-')), `samples${opts.dictionary ? '-dict' : ''}.warc.zst`);
  writeFileSync(p, Buffer.concat(frames));
  return p;
}

function compressFrame(cctx: InstanceType<typeof zstdBinding.CCtx>, data: Buffer): Buffer {
  const out = Buffer.alloc(zstdBinding.compressBound(data.length));
  return out.subarray(0, cctx.compress2(out, data));
}
