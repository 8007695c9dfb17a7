// Per-page scoring and aggregation. The same functions score pith and every peer.

import type { Page } from './dataset.js';
import {
  bagOf, containsNormalized, datesAgree, isEmptyMeta, metaAgree, normalizeForSnippets, prfBags, scoreSnippetsNormalized,
  type Bag, type SnippetScore,
} from './metrics.js';

/** What an extractor produced for one page. */
export interface Output {
  text: string;
  title?: string | null;
  author?: string | null;
  date?: string | null;
  /** The Markdown, when the extractor was asked for it. */
  markdown?: string;
  /** Set when the extractor failed on the page (text is then ''). */
  error?: string;
}

export interface PageScore {
  id: string;
  type: string;
  precision: number;
  recall: number;
  f1: number;
  snippets: SnippetScore;
  /** payload snippets of the page found in the output */
  leaks: number;
  /** null when the gold field is empty */
  title: { exact: boolean; lenient: boolean } | null;
  author: { exact: boolean; lenient: boolean } | null;
  date: boolean | null;
  /** gold date (author) empty: whether the extractor gave one anyway (null when the gold has one) */
  dateWithoutGold: boolean | null;
  authorWithoutGold: boolean | null;
  missing: boolean;
  /** output text empty (after trimming) */
  empty: boolean;
  error?: string;
}

const goldBags = new WeakMap<Page, { bag: Bag; size: number }>();
function goldBag(p: Page) {
  let b = goldBags.get(p);
  if (!b) goldBags.set(p, (b = bagOf(p.gold.text)));
  return b;
}

export function scorePage(page: Page, out: Output | undefined): PageScore {
  const missing = out === undefined;
  const o: Output = out ?? { text: '' };
  const text = o.text ?? '';
  const prf = prfBags(bagOf(text), goldBag(page));
  const t = normalizeForSnippets(text);
  const snippets = scoreSnippetsNormalized(t, page.gold.with, page.gold.without);
  let leaks = 0;
  if (page.payload.length) {
    for (const s of page.payload) if (containsNormalized(t, normalizeForSnippets(s))) leaks++;
  }
  return {
    id: page.id,
    type: page.type,
    ...prf,
    snippets,
    leaks,
    title: isEmptyMeta(page.gold.title) ? null : metaAgree(o.title, page.gold.title, 'title'),
    author: isEmptyMeta(page.gold.author) ? null : metaAgree(o.author, page.gold.author, 'author'),
    date: page.gold.date.trim() === '' ? null : datesAgree(o.date, page.gold.date),
    dateWithoutGold: page.gold.date.trim() === '' ? (o.date ?? '').trim() !== '' : null,
    authorWithoutGold: isEmptyMeta(page.gold.author) ? !isEmptyMeta(o.author ?? '') : null,
    missing,
    empty: text.trim() === '',
    error: o.error,
  };
}

export interface Group {
  n: number;
  f1: number;
  precision: number;
  recall: number;
}

export interface Summary extends Group {
  byType: Record<string, Group>;
  tune: Group;
  holdout: Group;
  nonEnglish: Group;
  english: Group;
  snippets: {
    /** share of `with` snippets found (micro average over snippets) */
    withFound: number;
    /** share of `with` snippets found exactly or by their words only (see metrics.wordsOnly) */
    withFoundWords: number;
    withTotal: number;
    /** share of `without` snippets absent */
    withoutAbsent: number;
    withoutTotal: number;
    byType: Record<string, { withFound: number; withFoundWords: number; withoutAbsent: number }>;
  };
  payload: { pagesWithPayloadSnippets: number; payloadSnippets: number; leakPages: number; leakSnippets: number };
  meta: {
    title: { n: number; agree: number; exact: number };
    /** withoutGold: pages whose gold has no author; given: the share of them with an extracted author */
    author: { n: number; agree: number; exact: number; withoutGold: number; given: number };
    /** withoutGold: pages whose gold has no date; given: the share of them with an extracted date */
    date: { n: number; agree: number; withoutGold: number; given: number };
  };
  /** pages the extractor has no output for (scored as empty) */
  missing: number;
  errors: number;
  emptyOutputs: number;
}

function group(scores: PageScore[]): Group {
  const n = scores.length;
  if (n === 0) return { n: 0, f1: NaN, precision: NaN, recall: NaN };
  let f = 0, p = 0, r = 0;
  for (const s of scores) { f += s.f1; p += s.precision; r += s.recall; }
  return { n, f1: f / n, precision: p / n, recall: r / n };
}

const ratio = (a: number, b: number) => (b === 0 ? NaN : a / b);

/** Snippet shares micro-averaged over the snippets of the given pages. */
function snippetShares(scores: PageScore[]) {
  let wt = 0, wf = 0, ww = 0, ot = 0, oa = 0;
  for (const { snippets: s } of scores) {
    wt += s.withTotal; wf += s.withFound; ww += s.withFoundWords; ot += s.withoutTotal; oa += s.withoutAbsent;
  }
  return { withFound: ratio(wf, wt), withFoundWords: ratio(ww, wt), withTotal: wt, withoutAbsent: ratio(oa, ot), withoutTotal: ot };
}

export function summarize(pages: Page[], scores: PageScore[]): Summary {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const types = [...new Set(pages.map((p) => p.type))].sort();
  const byType: Summary['byType'] = {};
  const snipByType: Summary['snippets']['byType'] = {};
  for (const t of types) {
    const ss = scores.filter((s) => s.type === t);
    byType[t] = group(ss);
    const { withFound, withFoundWords, withoutAbsent } = snippetShares(ss);
    snipByType[t] = { withFound, withFoundWords, withoutAbsent };
  }
  let payloadPages = 0, payloadSnips = 0, leakPages = 0, leakSnips = 0;
  const meta = { title: { n: 0, agree: 0, exact: 0 }, author: { n: 0, agree: 0, exact: 0, withoutGold: 0, given: 0 }, date: { n: 0, agree: 0, withoutGold: 0, given: 0 } };
  for (const s of scores) {
    const p = byId.get(s.id)!;
    if (p.payload.length) { payloadPages++; payloadSnips += p.payload.length; }
    if (s.leaks) { leakPages++; leakSnips += s.leaks; }
    for (const k of ['title', 'author'] as const) {
      const a = s[k];
      if (a) { meta[k].n++; if (a.lenient) meta[k].agree++; if (a.exact) meta[k].exact++; }
    }
    if (s.date !== null) { meta.date.n++; if (s.date) meta.date.agree++; }
    if (s.dateWithoutGold !== null) { meta.date.withoutGold++; if (s.dateWithoutGold) meta.date.given++; }
    if (s.authorWithoutGold !== null) { meta.author.withoutGold++; if (s.authorWithoutGold) meta.author.given++; }
  }
  return {
    ...group(scores),
    byType,
    tune: group(scores.filter((s) => !byId.get(s.id)!.holdout)),
    holdout: group(scores.filter((s) => byId.get(s.id)!.holdout)),
    nonEnglish: group(scores.filter((s) => byId.get(s.id)!.nonEnglish)),
    english: group(scores.filter((s) => !byId.get(s.id)!.nonEnglish)),
    snippets: { ...snippetShares(scores), byType: snipByType },
    payload: { pagesWithPayloadSnippets: payloadPages, payloadSnippets: payloadSnips, leakPages, leakSnippets: leakSnips },
    meta: {
      title: { n: meta.title.n, agree: ratio(meta.title.agree, meta.title.n), exact: ratio(meta.title.exact, meta.title.n) },
      author: {
        n: meta.author.n,
        agree: ratio(meta.author.agree, meta.author.n),
        exact: ratio(meta.author.exact, meta.author.n),
        withoutGold: meta.author.withoutGold,
        given: ratio(meta.author.given, meta.author.withoutGold),
      },
      date: {
        n: meta.date.n,
        agree: ratio(meta.date.agree, meta.date.n),
        withoutGold: meta.date.withoutGold,
        given: ratio(meta.date.given, meta.date.withoutGold),
      },
    },
    missing: scores.filter((s) => s.missing).length,
    errors: scores.filter((s) => s.error !== undefined).length,
    emptyOutputs: scores.filter((s) => s.empty).length,
  };
}
