// The core's structure and acceptance options, end to end: --format markdown / --markdown, sections,
// --links, --comments, --drop, --accept, and the summary's acceptance lines (overall and per host).

import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, runCli, summaryCounts, zstdLines } from '../../test/helpers.js';
import { extractWarc, OptionsError } from '../index.js';
import type { OutputRecord } from './output.js';
import { hostOf, Stats } from './summary.js';
import type { RecordMeta } from '../warc/reader.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'pith-opts-'));
const jsonl = (file: string): OutputRecord[] =>
  (file.endsWith('.zst') ? zstdLines(file) : readFileSync(file, 'utf8').split('\n').filter(Boolean)).map((l) => JSON.parse(l) as OutputRecord);
const lines = (file: string): string[] => readFileSync(file, 'utf8').split('\n').filter(Boolean);

/** An uncompressed WARC of HTML responses (the reader frames it like any crawl). */
function writeWarc(file: string, pages: { url: string; html: string }[]): void {
  const parts: Buffer[] = [];
  pages.forEach((p, i) => {
    const body = Buffer.from(p.html, 'utf8');
    const http = Buffer.concat([
      Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n`, 'latin1'),
      body,
    ]);
    const id = `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const head =
      `WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <${id}>\r\nWARC-Date: 2026-01-01T00:00:00Z\r\n` +
      `WARC-Target-URI: ${p.url}\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: ${http.length}\r\n\r\n`;
    parts.push(Buffer.from(head, 'latin1'), http, Buffer.from('\r\n\r\n', 'latin1'));
  });
  writeFileSync(file, Buffer.concat(parts));
}

/** An article the core accepts: two sections, a link, a promo box, reader comments. */
const ARTICLE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Flood report</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article>
<h1>Big title 😀</h1>
<p>First paragraph of the article is long enough to count as prose, with several words and a <a href="/ref/one">reference link</a> in the middle of it.</p>
<p class="aside">Correction: an earlier version of this story gave the wrong height for the river at the Mill Street bridge on Sunday.</p>
<h2>Second part 🎉</h2>
<p>Another paragraph follows with plenty of words so the scorer keeps it, and it talks about 𝔯ivers and floods.</p>
<p>Third paragraph also talks about rivers and floods in some detail, with more words here and <a href="https://other.example/x">a second link</a>.</p>
</article>
<section id="comments">
<div class="comment"><p>Great article, I really liked the part about rivers and floods, thank you.</p></div>
<div class="comment"><p>I disagree with the second part entirely, the floods were worse than that.</p></div>
</section>
</body></html>`;
/** A page the core extracts but does not accept (too_short). */
const SHORT = '<html><body><p>Hello there.</p></body></html>';
/** An article without comments. */
const PLAIN = ARTICLE.replace(/<section id="comments">[\s\S]*<\/section>/, '');

let dir: string;
let warc: string;
beforeAll(() => {
  ensureBuilt();
  dir = tmp();
  warc = path.join(dir, 'mixed.warc');
  writeWarc(warc, [
    { url: 'https://news.a.example/2026/flood', html: ARTICLE },
    { url: 'https://news.a.example/2026/hello', html: SHORT },
    { url: 'https://news.a.example:8443/2026/plain', html: PLAIN },
    { url: 'http://b.example/only', html: SHORT },
  ]);
}, 120_000);

function extract(inputs: string[], args: string[], name = 'o.jsonl') {
  const d = tmp();
  const out = path.join(d, name);
  const rej = path.join(d, 'r.jsonl');
  const run = runCli(['extract', ...inputs, '-o', out, '-r', rej, '--workers', '1', ...args]);
  return { run, out, rej, d };
}

describe('markdown', () => {
  it('--format markdown: a markdown field with a GFM table for the table sample; text stays plain', () => {
    const { run, out } = extract(['warc-samples/html/table.html.gz'], ['--format', 'markdown']);
    expect(run.code).toBe(0);
    const [r] = jsonl(out);
    expect(Object.keys(r!).slice(0, 3)).toEqual(['id', 'text', 'markdown']);
    const md = r!.markdown!;
    // a header row, the delimiter row, then body rows, each with the same number of cells
    const table = md.split('\n').filter((l) => l.startsWith('|'));
    expect(table.length).toBeGreaterThanOrEqual(6);
    const cells = (l: string) => l.split('|').length;
    for (const l of table) expect(cells(l)).toBe(cells(table[0]!));
    expect(table[1]).toMatch(/^\|( *:?-{3,}:? *\|)+$/);
    expect(md).toMatch(/^\| Q1 \| 212 \| 38 \|$/m);
    expect(md).toMatch(/^\| Quarter \| Rainfall \(mm\) \| Days of rain \|$/m);
    expect(md).toMatch(/^# Hollins Moor rainfall, 2025$/m);
    expect(r!.text).not.toMatch(/^\|/m);
    expect(r!.text).not.toMatch(/^#/m);
  });

  it('the thead row is the GFM header row', () => {
    const { out } = extract(['warc-samples/html/table.html.gz'], ['--format', 'markdown']);
    const table = jsonl(out)[0]!.markdown!.split('\n').filter((l) => l.startsWith('|'));
    expect(table[0]).toBe('| Quarter | Rainfall (mm) | Days of rain |');
  });

  it('--markdown is --format markdown; without either there is no markdown field', () => {
    const a = extract(['warc-samples/html/table.html.gz'], ['--markdown']);
    const b = extract(['warc-samples/html/table.html.gz'], ['--format', 'markdown']);
    const c = extract(['warc-samples/html/table.html.gz'], []);
    expect(readFileSync(a.out)).toEqual(readFileSync(b.out));
    expect(jsonl(c.out)[0]).not.toHaveProperty('markdown');
    expect(runCli(['extract', 'x.warc', '-o', 'o.jsonl', '--markdown', '--format', 'text']).code).toBe(2);
  });
});

describe('sections', () => {
  it('offsets are code points into text and slice it into the headed blocks', () => {
    const { run, out } = extract([warc], []);
    expect(run.code).toBe(0);
    const r = jsonl(out).find((x) => x.url!.endsWith('/flood'))!;
    const cps = Array.from(r.text);
    expect(r.sections.map((s) => s.path)).toEqual([['Big title 😀'], ['Big title 😀', 'Second part 🎉']]);
    const slice = (s: { start: number; end: number }) => cps.slice(s.start, s.end).join('');
    expect(slice(r.sections[0]!)).toMatch(/^Big title 😀\n\nFirst paragraph[\s\S]*Mill Street bridge on Sunday\.$/);
    expect(slice(r.sections[1]!)).toMatch(/^Second part 🎉\n\nAnother paragraph[\s\S]*a second link\.$/);
    expect(r.sections[1]!.end).toBe(cps.length);
    // the astral characters make UTF-16 offsets differ: they must not be what the field holds
    expect(r.text.length).toBeGreaterThan(cps.length);
  });

  it('every section of every warc-samples record lies inside text, in order, not overlapping', () => {
    const { out } = extract(['warc-samples/samples.warc.gz', 'warc-samples/html/news-article.html', 'warc-samples/html/table.html.gz'], []);
    const recs = jsonl(out);
    expect(recs.length).toBeGreaterThan(5);
    for (const r of recs) {
      const n = Array.from(r.text).length;
      let prev = 0;
      for (const s of r.sections) {
        expect(s.start).toBeGreaterThanOrEqual(prev);
        expect(s.end).toBeGreaterThanOrEqual(s.start);
        expect(s.end).toBeLessThanOrEqual(n);
        expect(s.path.every((h) => typeof h === 'string')).toBe(true);
        prev = s.end;
      }
    }
  });
});

describe('--links', () => {
  it('puts the main content\'s links in a side table, never in text or markdown', () => {
    const { run, out } = extract([warc], ['--links', '--markdown']);
    expect(run.code).toBe(0);
    const recs = jsonl(out);
    const r = recs.find((x) => x.url!.endsWith('/flood'))!;
    // Relative hrefs are resolved against the record's URL.
    expect(r.links).toEqual([
      { text: 'reference link', href: 'https://news.a.example/ref/one' },
      { text: 'a second link', href: 'https://other.example/x' },
    ]);
    expect(r.text).toContain('reference link');
    for (const s of [r.text, r.markdown!]) expect(s).not.toMatch(/https?:|\/ref\/one|\]\(/);
    expect(JSON.stringify(r.links)).not.toMatch(/Home|News/); // navigation is not main content
    const keys = Object.keys(r);
    expect(keys.indexOf('links')).toBe(keys.indexOf('sections') + 1);
    for (const x of recs) expect(Array.isArray(x.links)).toBe(true);
    expect(recs.find((x) => x.url!.endsWith('/hello'))!.links).toEqual([]);
    expect(r.extractor.options.links).toBe(true);
  });

  it('without --links there is no links field', () => {
    const { out } = extract([warc], []);
    for (const x of jsonl(out)) expect(x).not.toHaveProperty('links');
  });
});

describe('--comments', () => {
  it('on: comments in their own field (null when the page has none), not in text', () => {
    const { run, out } = extract([warc], ['--comments']);
    expect(run.code).toBe(0);
    const recs = jsonl(out);
    const r = recs.find((x) => x.url!.endsWith('/flood'))!;
    expect(r.comments).toContain('Great article, I really liked the part about rivers');
    expect(r.comments).toContain('I disagree with the second part entirely');
    expect(r.text).not.toContain('Great article');
    expect(Object.keys(r).slice(0, 3)).toEqual(['id', 'text', 'comments']);
    expect(recs.find((x) => x.url!.endsWith('/plain'))!.comments).toBeNull();
    expect(r.extractor.options.comments).toBe(true);
  });

  it('off (default): no comments field and no comment text anywhere', () => {
    const { out } = extract([warc], []);
    const recs = jsonl(out);
    for (const x of recs) expect(x).not.toHaveProperty('comments');
    expect(JSON.stringify(recs)).not.toContain('Great article');
  });

  it('with --format markdown too: markdown, then comments', () => {
    const { out } = extract([warc], ['--comments', '--markdown']);
    expect(Object.keys(jsonl(out)[0]!).slice(0, 4)).toEqual(['id', 'text', 'markdown', 'comments']);
  });
});

describe('--drop', () => {
  it('removes the matching elements before scoring (repeatable) and records the selectors', () => {
    const base = jsonl(extract([warc], []).out).find((x) => x.url!.endsWith('/flood'))!;
    expect(base.text).toContain('Correction: an earlier version');
    expect(base.text).toContain('Second part');
    const { run, out } = extract([warc], ['--drop', 'p.aside', '--drop', 'h2']);
    expect(run.code).toBe(0);
    const r = jsonl(out).find((x) => x.url!.endsWith('/flood'))!;
    expect(r.text).not.toContain('Correction: an earlier version');
    expect(r.text).not.toContain('Second part');
    expect(r.text).toContain('First paragraph of the article');
    expect(r.sections.map((s) => s.path)).toEqual([['Big title 😀']]);
    expect(r.extractor.options.drop).toEqual(['p.aside', 'h2']);
  });

  it('an invalid selector: exit 2 naming it, before anything is written', () => {
    const d = tmp();
    const out = path.join(d, 'o.jsonl.zst');
    const r = runCli(['extract', 'warc-samples/samples.warc.gz', '-o', out, '--drop', 'nav', '--drop', 'div[[[']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--drop: invalid drop selector "div\[\[\[": /);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
    expect(r.stderr).not.toMatch(/done in/);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.partial`)).toBe(false);
    const empty = runCli(['extract', 'warc-samples/samples.warc.gz', '-o', out, '--drop', '']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/--drop wants a CSS selector/);
  });

  it('extractWarc throws OptionsError for an invalid selector before yielding anything', async () => {
    const it = extractWarc(warc, { drop: ['::nope('], workers: 1 });
    await expect(it.next()).rejects.toBeInstanceOf(OptionsError);
  });
});

describe('--accept', () => {
  it('writes only accepted records; the rest go to rejects as not_accepted:<reason>, and the counts add up', () => {
    const inputs = ['warc-samples/samples.warc.gz', warc];
    const all = extract(inputs, []);
    const acc = extract(inputs, ['--accept']);
    expect(acc.run.code).toBe(0);
    const allRecs = jsonl(all.out);
    const notAccepted = allRecs.filter((x) => !x.accepted);
    expect(notAccepted.length).toBeGreaterThanOrEqual(3); // SHORT twice, the sample listing
    expect(allRecs.filter((x) => x.accepted).length).toBeGreaterThanOrEqual(3);

    // OUT: exactly the accepted lines of the plain run (with accept recorded), in order
    const expected = lines(all.out)
      .filter((l) => (JSON.parse(l) as OutputRecord).accepted)
      .map((l) => l.replace('"accept":false}}', '"accept":true}}'));
    expect(lines(acc.out)).toEqual(expected);

    // rejects: the plain run's rejects, plus one line per not-accepted record with its reason, in input order
    const rej = lines(acc.rej).map((l) => JSON.parse(l) as { id: string; reason: string; message: string });
    const extraRej = rej.filter((x) => x.reason.startsWith('not_accepted:'));
    expect(extraRej.map((x) => [x.id, x.reason])).toEqual(notAccepted.map((x) => [x.id, `not_accepted:${x.reject_reason}`]));
    for (const x of extraRej) expect(x.message).toMatch(/^not accepted by the core: [a-z_]+ \(page_type [a-z]+/);
    expect(rej.length - extraRej.length).toBe(lines(all.rej).length);

    // summary: counts add up, the new rejects are counted by reason
    const ca = summaryCounts(all.run.stderr);
    const cb = summaryCounts(acc.run.stderr);
    expect(cb.read).toBe(ca.read);
    expect(cb.read).toBe(cb.extracted + cb.skipped + cb.rejected);
    expect(cb.extracted).toBe(ca.extracted - notAccepted.length);
    expect(cb.rejected).toBe(ca.rejected + notAccepted.length);
    expect(cb.rejected).toBe(rej.length);
    const tooShort = notAccepted.filter((x) => x.reject_reason === 'too_short').length;
    expect(acc.run.stderr).toMatch(new RegExp(`rejected .*not_accepted:too_short ${tooShort}\\b`));
    // the acceptance line is the same with and without --accept
    const accLine = (s: string) => /acceptance .*/.exec(s)?.[0];
    expect(accLine(acc.run.stderr)).toBe(accLine(all.run.stderr));
  });

  it('extractWarc({accept: true}) yields not-accepted records as rejected with their reason', async () => {
    const got: string[] = [];
    for await (const r of extractWarc(warc, { accept: true, workers: 1 })) {
      got.push(r.status === 'extracted' ? `extracted ${r.record.url}` : r.status === 'rejected' ? `${r.reason} ${r.url}` : r.status);
    }
    expect(got).toEqual([
      'extracted https://news.a.example/2026/flood',
      'not_accepted:too_short https://news.a.example/2026/hello',
      'extracted https://news.a.example:8443/2026/plain',
      'not_accepted:too_short http://b.example/only',
    ]);
  });
});

describe('summary: acceptance overall and per host', () => {
  it('shows the rate overall and one line per host (top 10 by judged records), always', () => {
    const d = tmp();
    const many = path.join(d, 'hosts.warc');
    const pages: { url: string; html: string }[] = [];
    // host h0 has 12 records (most), h1 11, ... h11 1; every host's first record is the article
    for (let h = 0; h < 12; h++) for (let k = 0; k < 12 - h; k++) pages.push({ url: `https://h${h}.example/p${k}`, html: k === 0 ? ARTICLE : SHORT });
    writeWarc(many, pages);
    const { run } = extract([many], []);
    expect(run.code).toBe(0);
    const total = pages.length;
    expect(run.stderr).toContain(`  acceptance  ${((100 * 12) / total).toFixed(1)}% accepted (12 of ${total} judged); not accepted: too_short ${total - 12}\n`);
    expect(run.stderr).toContain('  by host     top 10 of 12 hosts by judged records:\n');
    const hostLines = run.stderr.split('\n').filter((l) => /^ {4}h\d+\.example /.test(l));
    expect(hostLines).toHaveLength(10);
    expect(hostLines[0]).toMatch(/^ {4}h0\.example +12 judged +8\.3% accepted$/);
    expect(hostLines[1]).toMatch(/^ {4}h1\.example +11 judged +9\.1% accepted$/);
    expect(hostLines[9]).toMatch(/^ {4}h9\.example +3 judged +33\.3% accepted$/);
    expect(run.stderr).not.toMatch(/h1[01]\.example/);
    // one screen: the whole summary fits in 24 lines
    expect(run.stderr.slice(run.stderr.indexOf('pith extract: done')).trimEnd().split('\n').length).toBeLessThanOrEqual(24);
  });

  it("records without text count as judged and not accepted, with the core's reason; ports and case do not split a host", () => {
    const { run } = extract(['warc-samples/samples.warc.gz', warc], []);
    // The samples' one record without text is a React app's empty root.
    expect(run.stderr).toMatch(/not accepted: .*javascript_shell 1/);
    expect(run.stderr).toMatch(/^ {4}news\.a\.example +3 judged +66\.7% accepted$/m);
    expect(run.stderr).toMatch(/^ {4}b\.example +1 judged +0\.0% accepted$/m);
  });

  it("an app's empty shell is rejected as empty and judged a javascript_shell", () => {
    const shell = path.join(tmp(), 'shell.warc');
    const html = '<html><head><title>Start here</title><script defer src="/assets/app-9f92.js"></script></head><body><section id="main"></section></body></html>';
    writeWarc(shell, [{ url: 'https://forum.c.example/t/start-here/68911', html }, { url: 'https://forum.c.example/t/blank/1', html: '<html><body><div></div></body></html>' }]);
    const { run, rej } = extract([shell], []);
    expect(run.stderr).toMatch(/not accepted: .*javascript_shell 1/);
    expect(run.stderr).toMatch(/not accepted: .*empty 1/);
    const rejects = lines(rej).map((l) => JSON.parse(l) as { reason: string; message: string });
    expect(rejects.map((r) => [r.reason, r.message])).toEqual([
      ['empty', 'no main content found (javascript_shell)'],
      ['empty', 'no main content found'],
    ]);
  });

  it('hostOf', () => {
    expect(hostOf('https://User:pw@WWW.Example.com:8080/a?b#c')).toBe('www.example.com');
    expect(hostOf('http://[::1]:80/')).toBe('[::1]');
    expect(hostOf('dns:example.com')).toBe('(no host)');
    expect(hostOf(null)).toBe('(no URL)');
  });

  it('memory stays bounded over many hosts; the big hosts stay on top', () => {
    const stats = new Stats(0);
    const meta = (url: string) => ({ url }) as RecordMeta;
    const add = (url: string, accepted: boolean) =>
      stats.add({ status: 'extracted', meta: meta(url), line: '', ratio: 0.5, textBytes: 1, htmlBytes: 2, verdict: { accepted, reason: accepted ? null : 'too_short' } });
    for (let i = 0; i < 120_000; i++) {
      add(`https://site${i}.example/`, false);
      if (i % 10 === 0) add('https://big.example/x', true);
      if (i % 20 === 0) add('https://second.example/x', i % 40 === 0);
    }
    expect(stats.hosts.size).toBeLessThanOrEqual(50_000);
    expect(stats.hostsPruned).toBe(true);
    const top = stats.topHosts(2);
    expect(top.map((t) => t.host)).toEqual(['big.example', 'second.example']);
    expect(top[0]).toEqual({ host: 'big.example', judged: 12_000, accepted: 12_000 });
    expect(stats.acceptanceLines()[1]).toMatch(/top 10 of over 50,000 hosts by judged records \(counts approximate\):/);
  });
});

describe('byte-identical output with the new options on', () => {
  it('--workers 1 and --workers 2', () => {
    const inputs = ['warc-samples/samples.warc.gz', 'warc-samples/samples-plain.warc', 'warc-samples/html/news-article.html', 'warc-samples/html/table.html.gz', warc];
    const opts = ['--format', 'markdown', '--links', '--comments', '--drop', 'p.aside', '--drop', 'nav', '--accept', '--favor', 'precision'];
    const d = tmp();
    const run = (w: string) =>
      runCli(['extract', ...inputs, '-o', path.join(d, `${w}.jsonl.zst`), '-r', path.join(d, `${w}.rej.jsonl`), '--workers', w, ...opts]);
    const a = run('1');
    const b = run('2');
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(summaryCounts(a.stderr).extracted).toBeGreaterThan(5);
    expect(readFileSync(path.join(d, '1.jsonl.zst')).equals(readFileSync(path.join(d, '2.jsonl.zst')))).toBe(true);
    expect(readFileSync(path.join(d, '1.rej.jsonl')).equals(readFileSync(path.join(d, '2.rej.jsonl')))).toBe(true);
    const recs = jsonl(path.join(d, '1.jsonl.zst'));
    for (const r of recs) {
      expect(r.accepted).toBe(true);
      expect(r).toHaveProperty('markdown');
      expect(r).toHaveProperty('links');
      expect(r).toHaveProperty('comments');
    }
    expect(lines(path.join(d, '1.rej.jsonl')).some((l) => l.includes('"reason":"not_accepted:'))).toBe(true);
  }, 60_000);
});
