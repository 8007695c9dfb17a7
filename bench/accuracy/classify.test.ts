import { describe, expect, it } from 'vitest';
import { hasVerdicts, scoreAcceptance, scorePageTypes } from './classify.js';
import { renderVerdicts, type Row } from './report.js';
import type { Summary } from './score.js';

const gold = ['article', 'article', 'article', 'listing', 'listing', 'service', 'forum'];
const verdicts = [
  { pageType: 'article', accepted: true, rejectReason: null },
  { pageType: 'article', accepted: true, rejectReason: null },
  { pageType: 'service', accepted: false, rejectReason: 'too_short' },
  { pageType: 'listing', accepted: false, rejectReason: 'link_list' },
  { pageType: 'other', accepted: false, rejectReason: 'link_list' },
  undefined, // an extractor error: no verdict
  { pageType: 'forum', accepted: true, rejectReason: null },
];

describe('scorePageTypes', () => {
  const s = scorePageTypes(gold, verdicts);
  it('counts accuracy over all pages, a missing verdict as wrong', () => {
    expect(s.n).toBe(7);
    expect(s.correct).toBe(4);
    expect(s.accuracy).toBeCloseTo(4 / 7, 10);
    expect(s.noVerdict).toBe(1);
  });
  it('builds the confusion matrix gold x predicted', () => {
    expect(s.labels).toEqual(['article', 'forum', 'listing', 'service', 'other', 'none']);
    expect(Object.keys(s.confusion)).toEqual(['article', 'forum', 'listing', 'service']);
    expect(s.confusion.article).toEqual({ article: 2, forum: 0, listing: 0, service: 1, other: 0, none: 0 });
    expect(s.confusion.forum).toEqual({ article: 0, forum: 1, listing: 0, service: 0, other: 0, none: 0 });
    expect(s.confusion.listing).toEqual({ article: 0, forum: 0, listing: 1, service: 0, other: 1, none: 0 });
    expect(s.confusion.service).toEqual({ article: 0, forum: 0, listing: 0, service: 0, other: 0, none: 1 });
    // every page is in exactly one cell
    const total = Object.values(s.confusion).flatMap((r) => Object.values(r)).reduce((a, b) => a + b, 0);
    expect(total).toBe(7);
  });
  it('gives per-label recall and precision', () => {
    expect(s.perLabel.article).toEqual({ gold: 3, predicted: 2, correct: 2, recall: 2 / 3, precision: 1 });
    expect(s.perLabel.listing).toEqual({ gold: 2, predicted: 1, correct: 1, recall: 0.5, precision: 1 });
    expect(s.perLabel.service).toEqual({ gold: 1, predicted: 1, correct: 0, recall: 0, precision: 0 });
    expect(s.perLabel.other.gold).toBe(0);
    expect(s.perLabel.other.recall).toBeNaN();
    expect(s.perLabel.other.precision).toBe(0);
    expect(s.perLabel.none).toBeUndefined();
  });
  it('rejects mismatched inputs', () => {
    expect(() => scorePageTypes(['article'], [])).toThrow();
  });
});

describe('scoreAcceptance', () => {
  const a = scoreAcceptance(gold, verdicts, { short: [false, true, true, false, false, false, false] });
  it('counts accepted pages overall, per gold type and per group', () => {
    expect(a).toMatchObject({ n: 7, accepted: 3 });
    expect(a.rate).toBeCloseTo(3 / 7, 10);
    expect(a.byType.article).toEqual({ n: 3, accepted: 2, rate: 2 / 3, reasons: { too_short: 1 } });
    expect(a.byType.listing).toEqual({ n: 2, accepted: 0, rate: 0, reasons: { link_list: 2 } });
    expect(a.byType.service).toEqual({ n: 1, accepted: 0, rate: 0, reasons: { none: 1 } });
    expect(a.groups.short).toEqual({ n: 2, accepted: 1, rate: 0.5, reasons: { too_short: 1 } });
  });
  it('lists reasons most frequent first', () => {
    expect(a.reasons).toEqual({ too_short: 1, link_list: 2, none: 1 });
    expect(a.reasonList).toEqual(['link_list', 'none', 'too_short']);
  });
  it('names a rejection without a reason', () => {
    expect(scoreAcceptance(['article'], [{ accepted: false }]).reasons).toEqual({ unknown: 1 });
  });
});

describe('hasVerdicts', () => {
  it('is false for peer-like outputs', () => {
    expect(hasVerdicts([{}, undefined, { pageType: null, accepted: null }])).toBe(false);
    expect(hasVerdicts([{}, { accepted: false }])).toBe(true);
  });
});

describe('renderVerdicts', () => {
  const row = (label: string, favor: string, v: typeof verdicts): Row => ({
    label, favor, kind: 'pith', engine: 'native', summary: {} as Summary,
    pageTypes: scorePageTypes(gold, v), acceptance: scoreAcceptance(gold, v),
  });
  it('renders accuracy, the XGBoost reference, the confusion matrix and the reasons', () => {
    const md = renderVerdicts([row('pith-precision', 'precision', verdicts), row('pith', 'balanced', verdicts)]).join('\n');
    expect(md).toContain('| pith | **57.1%** | – | – | 7 | 1 |');
    expect(md).toContain('87%');
    expect(md).toContain('identical predictions: pith-precision');
    expect(md).toContain('| article | **2** | · | · | 1 | · | · | 3 |');
    expect(md).toContain('| listing | 2 | 2 | 2 | · | · |');
    expect(md).toContain('| **all** | 7 | **42.9%** | **42.9%** |');
  });
  it('says when another row labels pages differently, and renders nothing without verdicts', () => {
    const other = verdicts.map((v) => (v ? { ...v, pageType: 'article' } : v));
    const md = renderVerdicts([row('pith', 'balanced', verdicts), row('pith-recall', 'recall', other)]).join('\n');
    expect(md).toContain('pith-recall labels some pages differently: accuracy 42.9%');
    expect(renderVerdicts([{ label: 'x', kind: 'peer', summary: {} as Summary }])).toEqual([]);
  });
});
