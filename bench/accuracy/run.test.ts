// End-to-end test of the harness on a hand-made six-page data set, with the `fake` extractor (tag stripper).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from './run.js';

const pages: Record<string, { type: string; html: string; gold: string; with?: string[]; without?: string[]; title?: string }> = {
  // fake drops <nav>: output == gold
  '0001': {
    type: 'article', title: 'Hello World', with: ['alpha beta'], without: ['Home'],
    html: '<html><head><title>Hello World</title></head><body><nav>Home</nav><article><p>Alpha beta gamma.</p></article></body></html>',
    gold: 'Alpha beta gamma.',
  },
  // pred {one two five six} vs gold {one two three four}: P = R = F1 = 0.5
  '0002': { type: 'article', html: '<body><p>one two</p><p>five six</p></body>', gold: 'one two three four', with: ['three four'] },
  // empty gold, non-empty output: 0
  '0003': { type: 'product', html: '<body><p>stuff</p></body>', gold: '' },
  // empty gold, empty output: 1; "Sign In" lives only in a script: a payload snippet
  '0004': { type: 'product', html: '<body><script>var x={"label":"Sign In"}</script></body>', gold: '', without: ['Sign In'] },
  // French, holdout, F1 1
  '0005': {
    type: 'forum',
    html: '<body><p>Bonjour le monde est une belle chose pour les amis et la famille dans le jardin</p></body>',
    gold: 'Bonjour le monde est une belle chose pour les amis et la famille dans le jardin',
  },
  // holdout, P 1, R 0.5, F1 2/3
  '0010': { type: 'forum', html: '<body><p>x</p></body>', gold: 'x y' },
};

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pith-acc-'));
  const data = path.join(dir, 'data');
  fs.mkdirSync(path.join(data, 'html'), { recursive: true });
  fs.mkdirSync(path.join(data, 'ground-truth'));
  const files: Record<string, { page_type: string; url: string }> = {};
  for (const [id, p] of Object.entries(pages)) {
    files[id] = { page_type: p.type, url: `https://example.com/${id}` };
    fs.writeFileSync(path.join(data, 'html', `${id}.html.gz`), zlib.gzipSync(p.html));
    fs.writeFileSync(
      path.join(data, 'ground-truth', `${id}.json`),
      JSON.stringify({
        file_id: id,
        _internal: { page_type: { primary: p.type } },
        ground_truth: {
          title: p.title ?? 'T', author: null, publish_date: null, main_content: p.gold,
          with: p.with ?? [], without: p.without ?? [],
        },
      }),
    );
  }
  fs.writeFileSync(path.join(data, 'metadata.json'), JSON.stringify({ count: 6, files }));
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterAll(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('accuracy harness end to end (fake extractor)', () => {
  it('scores, splits and writes the report', async () => {
    const out = path.join(dir, 'acc');
    const prefix = await main([
      '--data', path.join(dir, 'data'), '--cache', path.join(dir, 'cache'), '--engine', 'fake', '--no-peers',
      '--out', out, '--speed-runs', '2', '--warmup', '0', '--dump', path.join(dir, 'dump'),
    ]);
    expect(prefix).toBe(out);
    const j = JSON.parse(fs.readFileSync(`${out}.json`, 'utf8'));
    const fake = j.extractors.fake;
    expect(fake.n).toBe(6);
    expect(fake.f1).toBeCloseTo((1 + 0.5 + 0 + 1 + 1 + 2 / 3) / 6, 5);
    expect(fake.byType.article.f1).toBeCloseTo(0.75, 5);
    expect(fake.byType.product.f1).toBeCloseTo(0.5, 5);
    expect(fake.byType.forum.f1).toBeCloseTo((1 + 2 / 3) / 2, 5);
    expect(fake.holdout).toMatchObject({ n: 2 });
    expect(fake.holdout.f1).toBeCloseTo((1 + 2 / 3) / 2, 5);
    expect(fake.tune.f1).toBeCloseTo(2.5 / 4, 5);
    expect(fake.nonEnglish).toMatchObject({ n: 1, f1: 1 });
    expect(fake.snippets).toMatchObject({ withTotal: 2, withFound: 0.5, withoutTotal: 2, withoutAbsent: 1 });
    expect(fake.payload).toMatchObject({ pagesWithPayloadSnippets: 1, payloadSnippets: 1, leakPages: 0 });
    expect(fake.meta.title.n).toBe(6);
    expect(fake.meta.title.agree).toBeCloseTo(1 / 6, 5);
    expect(fake.meta.author.n).toBe(0);
    expect(j.perPage.fake).toEqual({ '0001': 1, '0002': 0.5, '0003': 0, '0004': 1, '0005': 1, '0010': 0.6667 });
    expect(j.speed).toHaveLength(1);
    expect(j.speed[0].runsSeconds).toHaveLength(2);
    expect(j.extractors.gold.snippets.withFound).toBe(1);
    const md = fs.readFileSync(`${out}.md`, 'utf8');
    expect(md).toContain('| fake | **0.694** |');
    expect(fs.readFileSync(path.join(dir, 'dump', 'fake', '0002.txt'), 'utf8')).toBe('one two\nfive six');
    expect(fs.readFileSync(path.join(dir, 'dump', 'gold', '0010.txt'), 'utf8')).toBe('x y');
    // fake's verdict: `article` only for 0001 (the one page with <article>), else `other`; rejected as too_short
    // (< 3 words): 0003 "stuff", 0004 "", 0010 "x".
    expect(fake.pageType).toMatchObject({ n: 6, correct: 1, noVerdict: 0 });
    expect(fake.pageType.accuracy).toBeCloseTo(1 / 6, 5);
    expect(fake.pageType.confusion.article).toEqual({ article: 1, forum: 0, product: 0, other: 1 });
    expect(fake.pageType.confusion.forum).toEqual({ article: 0, forum: 0, product: 0, other: 2 });
    expect(fake.pageType.perLabel.article).toMatchObject({ gold: 2, predicted: 1, correct: 1, recall: 0.5, precision: 1 });
    expect(fake.acceptance).toMatchObject({ n: 6, accepted: 3, reasons: { too_short: 3 } });
    expect(fake.acceptance.byType.product).toMatchObject({ n: 2, accepted: 0, reasons: { too_short: 2 } });
    expect(fake.acceptance.byType.article).toMatchObject({ n: 2, accepted: 2, rate: 1 });
    expect(fake.acceptance.groups['article, gold 1-199 words']).toMatchObject({ n: 2, accepted: 2 });
    expect(fake.acceptance.groups['gold text empty']).toMatchObject({ n: 2, accepted: 0 });
    expect(md).toContain('## Page type');
    expect(md).toContain('| fake | **16.7%** | 25.0% | 0.0% | 6 | 0 |');
    expect(md).toContain('| product | 2 | 0.0% |');
    expect(md).toContain('XGBoost page classifier reaches 87%');
  });

  it('--favor all scores precision, balanced and recall in one report', async () => {
    const out = path.join(dir, 'all');
    await main(['--data', path.join(dir, 'data'), '--cache', path.join(dir, 'cache'), '--engine', 'fake', '--no-peers',
      '--out', out, '--speed-runs', '2', '--warmup', '0', '--favor', 'all']);
    const j = JSON.parse(fs.readFileSync(`${out}.json`, 'utf8'));
    expect(j.meta.favors).toEqual(['precision', 'balanced', 'recall']);
    expect(Object.keys(j.extractors)).toEqual(['fake-precision', 'fake', 'fake-recall', 'gold']);
    for (const k of ['fake-precision', 'fake', 'fake-recall']) {
      expect(j.extractors[k].favor).toBe(k === 'fake' ? 'balanced' : k.slice(5));
      expect(j.extractors[k].f1).toBeCloseTo(0.694444, 5);
      expect(j.extractors[k].pageType.n).toBe(6);
      expect(Object.keys(j.perPage[k])).toHaveLength(6);
    }
    // speed is timed for the balanced mode only, with all its runs
    expect(j.speed).toHaveLength(1);
    expect(j.speed[0]).toMatchObject({ favor: 'balanced' });
    expect(j.speed[0].runsSeconds).toHaveLength(2);
    const md = fs.readFileSync(`${out}.md`, 'utf8');
    for (const k of ['fake-precision', 'fake', 'fake-recall']) {
      expect(md).toContain(`| ${k} | **0.694** |`);
      expect(md).toContain(`| ${k} | **16.7%** |`);
    }
  });

  it('--ids selects pages and writes nothing for an absent data set', async () => {
    const out = path.join(dir, 'ids');
    await main(['--data', path.join(dir, 'data'), '--cache', path.join(dir, 'cache'), '--engine', 'fake', '--no-peers',
      '--out', out, '--speed-runs', '1', '--ids', '2,10']);
    const j = JSON.parse(fs.readFileSync(`${out}.json`, 'utf8'));
    expect(j.meta.ids).toEqual(['0002', '0010']);
    expect(j.extractors.fake.f1).toBeCloseTo((0.5 + 2 / 3) / 2, 5);
    expect(await main(['--data', path.join(dir, 'nope'), '--engine', 'fake'])).toBe(null);
  });
});
