// Run statistics, the live progress line and the end summary.

import type { InputError } from '../warc/reader.js';
import type { Outcome } from './pipeline.js';

const BINS = 1000;
/** Hosts tracked for the per-host acceptance lines; past this the least frequent half is dropped. */
const MAX_HOSTS = 50_000;
/** Hosts shown in the summary. */
const TOP_HOSTS = 10;

/** Records the core judged (extracted, or rejected for its verdict) and how many it accepted. */
interface HostCount {
  judged: number;
  accepted: number;
}

/** The host of a URL (lower case, no port or credentials); `(no URL)` for plain HTML files. */
export function hostOf(url: string | null): string {
  if (!url) return '(no URL)';
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url);
  return m?.[1] ? m[1].toLowerCase() : '(no host)';
}

export class Stats {
  files = 0;
  filesFailed = new Set<string>();
  read = 0;
  extracted = 0;
  skipped = new Map<string, number>();
  rejected = new Map<string, number>();
  errors: InputError[] = [];
  htmlBytes = 0;
  textBytes = 0;
  /** Input bytes fully consumed (finished files plus the position in the current one). */
  doneBytes = 0;
  private finishedBytes = 0;
  /** Records with a verdict from the core (see `judge`), and how many of them it accepted. */
  judged = 0;
  accepted = 0;
  notAccepted = new Map<string, number>();
  /** Per-host verdict counts; bounded (MAX_HOSTS), so approximate once `hostsPruned`. */
  hosts = new Map<string, HostCount>();
  hostsPruned = false;
  /** Content ratio histogram, 0..1 in 1/1000 steps (memory stays flat for any input). */
  private ratios = new Uint32Array(BINS + 1);
  readonly start = Date.now();

  constructor(readonly totalBytes: number) {}

  add(o: Outcome): void {
    switch (o.status) {
      case 'extracted': {
        this.read++;
        this.extracted++;
        this.htmlBytes += o.htmlBytes;
        this.textBytes += o.textBytes;
        const r = Number.isFinite(o.ratio) ? Math.min(1, Math.max(0, o.ratio)) : 0;
        this.ratios[Math.round(r * BINS)]!++;
        this.judge(o.meta.url, o.verdict);
        break;
      }
      case 'skipped':
        this.read++;
        this.skipped.set(o.reason, (this.skipped.get(o.reason) ?? 0) + 1);
        break;
      case 'rejected':
        this.read++;
        this.rejected.set(o.reason, (this.rejected.get(o.reason) ?? 0) + 1);
        if (o.verdict) this.judge(o.meta.url, o.verdict);
        break;
      case 'error':
        this.errors.push(o.error);
        this.filesFailed.add(o.error.file);
        break;
      case 'file_start':
        this.files++;
        break;
      case 'file_end':
        if (!o.ok) this.filesFailed.add(o.file.path);
        this.finishedBytes += o.file.size;
        this.doneBytes = this.finishedBytes;
        break;
      case 'position':
        this.doneBytes = this.finishedBytes + o.offset;
        break;
    }
  }

  /** Counts a verdict of the core (accepted or not) for the record's host. */
  private judge(url: string | null, v: { accepted: boolean; reason: string | null } | undefined): void {
    if (!v) return;
    this.judged++;
    if (v.accepted) this.accepted++;
    else {
      const reason = v.reason ?? 'unknown';
      this.notAccepted.set(reason, (this.notAccepted.get(reason) ?? 0) + 1);
    }
    const host = hostOf(url);
    let h = this.hosts.get(host);
    if (!h) {
      if (this.hosts.size >= MAX_HOSTS) this.pruneHosts();
      h = { judged: 0, accepted: 0 };
      this.hosts.set(host, h);
    }
    h.judged++;
    if (v.accepted) h.accepted++;
  }

  /** Drops the less frequent half of the hosts (keeps memory flat on crawls of millions of hosts). */
  private pruneHosts(): void {
    const counts = [...this.hosts.values()].map((h) => h.judged).sort((a, b) => a - b);
    const cut = counts[Math.floor(counts.length / 2)]!;
    for (const [k, h] of this.hosts) if (h.judged <= cut) this.hosts.delete(k);
    this.hostsPruned = true;
  }

  /** The hosts with the most judged records, most first (ties by name). */
  topHosts(n = TOP_HOSTS): { host: string; judged: number; accepted: number }[] {
    return [...this.hosts.entries()]
      .sort((a, b) => b[1].judged - a[1].judged || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, n)
      .map(([host, h]) => ({ host, judged: h.judged, accepted: h.accepted }));
  }

  get skippedTotal(): number {
    return sum(this.skipped);
  }
  get rejectedTotal(): number {
    return sum(this.rejected);
  }

  /** Quantile q of the content ratio over extracted records (null when none). */
  ratioQuantile(q: number): number | null {
    if (!this.extracted) return null;
    const target = Math.max(1, Math.ceil(q * this.extracted));
    let seen = 0;
    for (let i = 0; i <= BINS; i++) {
      seen += this.ratios[i]!;
      if (seen >= target) return i / BINS;
    }
    return 1;
  }

  elapsed(): number {
    return Math.max(1e-3, (Date.now() - this.start) / 1000);
  }

  progressLine(): string {
    const t = this.elapsed();
    const pct = this.totalBytes ? (100 * this.doneBytes) / this.totalBytes : 0;
    const rate = this.doneBytes / t;
    const eta = rate > 0 && this.totalBytes > this.doneBytes ? (this.totalBytes - this.doneBytes) / rate : 0;
    return (
      `pith: ${fmtInt(this.read)} records (${fmtInt(this.extracted)} extracted)  ` +
      `${(this.read / t).toFixed(1)} rec/s  ${mb(rate)} MB/s  ${pct.toFixed(1)}%  ETA ${fmtDuration(eta)}`
    );
  }

  summary(extra: { output?: string; outputLines?: number; outputBytes?: number; rejects?: string } = {}): string {
    const t = this.elapsed();
    const lines: string[] = [];
    const failed = this.filesFailed.size;
    lines.push(`pith extract: done in ${fmtDuration(t)}`);
    lines.push(`  files       ${fmtInt(this.files)} read, ${mb(this.doneBytes)} MB${failed ? `, ${failed} with errors` : ''}`);
    lines.push(
      `  records     ${fmtInt(this.read)} read = ${fmtInt(this.extracted)} extracted + ${fmtInt(this.skippedTotal)} skipped + ${fmtInt(this.rejectedTotal)} rejected`,
    );
    if (this.skipped.size) lines.push(`  skipped     ${byReason(this.skipped)}`);
    if (this.rejected.size) lines.push(`  rejected    ${byReason(this.rejected)}`);
    lines.push(
      `  throughput  ${(this.read / t).toFixed(1)} records/s, ${mb(this.doneBytes / t)} MB/s input, ${mb(this.htmlBytes / t)} MB/s HTML`,
    );
    const med = this.ratioQuantile(0.5);
    const p90 = this.ratioQuantile(0.9);
    lines.push(
      med === null
        ? '  content     no records extracted'
        : `  content     ratio median ${med.toFixed(3)}, p90 ${p90!.toFixed(3)}; ${mb(this.textBytes)} MB text from ${mb(this.htmlBytes)} MB HTML`,
    );
    lines.push(...this.acceptanceLines());
    if (extra.output) {
      lines.push(`  output      ${extra.output} (${fmtInt(extra.outputLines ?? 0)} records, ${mb(extra.outputBytes ?? 0)} MB uncompressed)`);
    }
    if (extra.rejects) lines.push(`  rejects     ${extra.rejects} (${fmtInt(this.rejectedTotal)})`);
    if (this.errors.length) {
      lines.push(`  errors      ${this.errors.length}:`);
      const shown = this.errors.slice(0, 10);
      for (const e of shown) lines.push(`    ${formatError(e)}`);
      if (this.errors.length > shown.length) lines.push(`    ... and ${this.errors.length - shown.length} more`);
    }
    return lines.join('\n');
  }

  /** The acceptance rate overall and for the top hosts (always shown; one line a host). */
  acceptanceLines(): string[] {
    if (!this.judged) return ['  acceptance  no records judged'];
    const lines = [
      `  acceptance  ${pct(this.accepted, this.judged)} accepted (${fmtInt(this.accepted)} of ${fmtInt(this.judged)} judged)` +
        (this.notAccepted.size ? `; not accepted: ${byReason(this.notAccepted)}` : ''),
    ];
    const top = this.topHosts();
    const hostCount = this.hostsPruned ? `over ${fmtInt(MAX_HOSTS)}` : fmtInt(this.hosts.size);
    lines.push(
      `  by host     top ${top.length} of ${hostCount} hosts by judged records${this.hostsPruned ? ' (counts approximate)' : ''}:`,
    );
    const width = Math.min(40, Math.max(...top.map((t) => t.host.length)));
    const numWidth = Math.max(...top.map((t) => fmtInt(t.judged).length));
    for (const t of top) {
      const name = t.host.length > width ? `${t.host.slice(0, width - 1)}~` : t.host.padEnd(width);
      lines.push(`    ${name}  ${fmtInt(t.judged).padStart(numWidth)} judged  ${pct(t.accepted, t.judged).padStart(6)} accepted`);
    }
    return lines;
  }
}

export function formatError(e: InputError): string {
  return `${e.file}${e.offset !== null ? ` @ offset ${e.offset}` : ''}: ${e.message}`;
}

function sum(m: Map<string, number>): number {
  let s = 0;
  for (const v of m.values()) s += v;
  return s;
}

function byReason(m: Map<string, number>): string {
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k} ${fmtInt(v)}`)
    .join(', ');
}

function pct(part: number, whole: number): string {
  return `${whole ? ((100 * part) / whole).toFixed(1) : '0.0'}%`;
}

/** 1234567 -> "1,234,567" (not toLocaleString, whose first call loads ICU data: ~20 ms). */
function fmtInt(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function mb(bytes: number): string {
  const v = bytes / 1e6;
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

export function fmtDuration(s: number): string {
  if (s < 60) return `${s.toFixed(1)} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = Math.floor(s % 60);
  return h ? `${h}h${String(m).padStart(2, '0')}m` : `${m}m${String(sec).padStart(2, '0')}s`;
}
