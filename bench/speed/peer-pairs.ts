// pith native against a peer in interleaved pairs of passes, so that both passes of a pair run under the same load
// of this shared machine (the peer rows of speed.md are measured minutes apart from pith's, and other tenants'
// load moves the rates by a quarter between runs).
//
//   node --expose-gc --import tsx bench/speed/peer-pairs.ts [--peer resiliparse | --peer-addon FILE] [--ids FILE]
//        [--runs R] [--out DIR]
//
// Starts pith's runner (bench/speed/pith.ts --engine native --serve) and the peer's (bench/peers/run_py.py --serve;
// with --peer-addon, pith's runner again, loading the native addon FILE: another build of the same core);
// each loads the pages and warms up, then runs one timed pass over all pages per request. Once both are ready, R
// pairs: peer then pith and pith then peer in turn. Writes <out>/peer-pairs.json with every pair's pith/peer ratio.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './stats.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PY = path.join(REPO, 'bench/.venv/bin/python');

const a = { peer: 'resiliparse', addon: null as string | null, ids: null as string | null, runs: 3, out: path.join(REPO, 'bench', '.cache', 'peers') };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const k = argv[i]!, v = () => argv[++i]!;
  if (k === '--peer') a.peer = v();
  else if (k === '--peer-addon') {
    a.addon = path.resolve(v());
    a.peer = `pith-native (${path.relative(REPO, a.addon)})`;
  }
  else if (k === '--ids') a.ids = v();
  else if (k === '--runs') a.runs = Number(v());
  else if (k === '--out') a.out = v();
  else throw new Error(`unknown argument ${k}`);
}

/** A runner in --serve mode: `ready` resolves after its warm-up; `pass()` runs one timed pass, giving pages/s. */
function runner(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(cmd, [...args, '--serve', ...(a.ids ? ['--ids', a.ids] : [])], { cwd: REPO, env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const r = await lines.next();
    if (r.done) throw new Error(`${name} runner exited (code ${child.exitCode})`);
    return r.value;
  };
  const ready = next().then((l) => {
    if (l !== 'ready') throw new Error(`${name} runner: expected "ready", got ${l}`);
  });
  const pass = async () => {
    child.stdin!.write('pass\n');
    return (JSON.parse(await next()) as { pages_per_s: number }).pages_per_s;
  };
  return { name, ready, pass, close: () => child.stdin!.end() };
}

const pithArgs = ['--expose-gc', '--import', 'tsx', 'bench/speed/pith.ts', '--engine', 'native'];
const pith = runner('pith-native', process.execPath, pithArgs);
const peer = a.addon
  ? runner(a.peer, process.execPath, pithArgs, { ...process.env, PITH_NATIVE_ADDON: a.addon })
  : runner(a.peer, PY, ['bench/peers/run_py.py', '--peer', a.peer]);
await Promise.all([pith.ready, peer.ready]);
const pairs: { pith_pages_per_s: number; peer_pages_per_s: number; ratio: number }[] = [];
for (let r = 0; r < a.runs; r++) {
  const order = r % 2 ? [pith, peer] : [peer, pith];
  const pps: Record<string, number> = {};
  for (const x of order) pps[x.name] = await x.pass();
  const pair = { pith_pages_per_s: pps[pith.name]!, peer_pages_per_s: pps[peer.name]!, ratio: pps[pith.name]! / pps[peer.name]! };
  pairs.push(pair);
  process.stderr.write(`pair ${r + 1} (${order.map((x) => x.name).join(' then ')}): pith ${pair.pith_pages_per_s.toFixed(1)}, ${a.peer} ${pair.peer_pages_per_s.toFixed(1)} pages/s, ratio ${pair.ratio.toFixed(3)}\n`);
}
pith.close();
peer.close();
const ratios = pairs.map((p) => p.ratio);
const out = { date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), peer: a.peer, pairs, median_ratio: median(ratios), min_ratio: Math.min(...ratios), max_ratio: Math.max(...ratios) };
fs.mkdirSync(a.out, { recursive: true });
fs.writeFileSync(path.join(a.out, 'peer-pairs.json'), JSON.stringify(out, null, 1) + '\n');
process.stderr.write(`pith/${a.peer} in interleaved pairs: median ${out.median_ratio.toFixed(3)} [${out.min_ratio.toFixed(3)}-${out.max_ratio.toFixed(3)}]\n`);
