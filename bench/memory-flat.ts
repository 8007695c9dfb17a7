// Memory stays flat: peak RSS of `pith extract` on a WARC of 20,000 records vs one of 2,000.
//
//   npx tsx bench/memory-flat.ts [--small 2000] [--large 20000] [--workers 2] [--engine native]
//                                [--write bench/results/memory-flat.md]
//
// Builds the WARCs from the WCXB dev pages with bench/make-dev-warc.py (cached in bench/.cache/,
// gzip level 1 to build faster), builds dist/ if needed, runs the CLI on each as a child process
// and samples its peak resident set size (VmHWM in /proc/PID/status: the whole process, main thread
// and worker threads). Passes when peak(large) <= 1.5 x peak(small).

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../test/helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const small = Number(opt('small', '2000'));
const large = Number(opt('large', '20000'));
const workers = opt('workers', String(Math.min(2, os.availableParallelism())));
const engine = opt('engine', 'native');
const write = opt('write', '');

function warcFor(n: number): string {
  const out = path.join(REPO, 'bench', '.cache', `memory-flat-${n}.warc.gz`);
  if (!existsSync(out)) {
    console.error(`building ${path.relative(REPO, out)} (${n} records)...`);
    const r = spawnSync('python3', [path.join(REPO, 'bench', 'make-dev-warc.py'), '--records', String(n), '--level', '1', '--out', out], {
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('make-dev-warc.py failed (is ../shared/eval/wcxb-dev there?)');
  }
  return out;
}

function vmHwmKb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

interface Run {
  records: number;
  inputMb: number;
  seconds: number;
  peakMb: number;
  summary: string;
}

async function measure(n: number): Promise<Run> {
  const warc = warcFor(n);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pith-memflat-'));
  const t0 = Date.now();
  const child = spawn(
    process.execPath,
    [path.join(REPO, 'dist', 'cli.js'), 'extract', warc, '-o', path.join(dir, 'out.jsonl.zst'), '--workers', workers, '--engine', engine, '--no-progress'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, vmHwmKb(child.pid!))), 100);
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? -1)));
  clearInterval(timer);
  rmSync(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`pith extract exited ${code}:\n${stderr}`);
  return {
    records: n,
    inputMb: statSync(warc).size / 1e6,
    seconds: (Date.now() - t0) / 1000,
    peakMb: peak / 1024,
    summary: stderr.trim(),
  };
}

ensureBuilt();

const a = await measure(small);
const b = await measure(large);
const ratio = b.peakMb / a.peakMb;
const row = (r: Run) =>
  `| ${r.records.toLocaleString('en-US')} | ${r.inputMb.toFixed(0)} MB | ${r.seconds.toFixed(1)} s | ${(r.records / r.seconds).toFixed(1)} | ${r.peakMb.toFixed(0)} MB |`;
const report = [
  `# Memory stays flat`,
  ``,
  `\`npx tsx bench/memory-flat.ts --small ${small} --large ${large} --workers ${workers} --engine ${engine}\` on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
  `WARCs built by bench/make-dev-warc.py from the WCXB dev pages (cycled), one gzip member per record, one warcinfo record plus N responses.`,
  `Peak RSS is VmHWM of the \`pith extract\` process (main thread and worker threads), sampled every 100 ms.`,
  ``,
  `| response records | input (gzip) | wall time | records/s | peak RSS |`,
  `|---:|---:|---:|---:|---:|`,
  row(a),
  row(b),
  ``,
  `Peak RSS ratio ${large.toLocaleString('en-US')} / ${small.toLocaleString('en-US')} records: **${ratio.toFixed(2)}x** (limit 1.5x): ${ratio <= 1.5 ? 'PASS' : 'FAIL'}.`,
  ``,
  `<details><summary>pith's summaries</summary>`,
  ``,
  '```',
  a.summary,
  '',
  b.summary,
  '```',
  `</details>`,
  ``,
].join('\n');
console.log(report);
if (write) writeFileSync(path.resolve(write), report);
process.exitCode = ratio <= 1.5 ? 0 : 1;
