// Page type accuracy and acceptance of pith's verdicts against the dev set's gold page types.
//
// pith labels every page (article|forum|product|collection|listing|documentation|service|other) and accepts or rejects
// it (reject_reason too_short|no_prose|link_list|javascript_shell|consent_or_paywall|low_text_ratio|error_page|empty).
// The gold labels (metadata.json `page_type`) use the first seven; `other` is never a gold label, so a page pith calls
// `other` always counts as wrong.

/** The labels in the order tables use; labels seen outside this list are appended, sorted. */
export const PAGE_TYPES = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service', 'other'];

/** What the classifier said about one page (null/undefined: the extractor gave no verdict, e.g. an error). */
export interface Verdict {
  pageType?: string | null;
  accepted?: boolean | null;
  rejectReason?: string | null;
}

export interface LabelScore {
  /** pages with this gold label */
  gold: number;
  /** pages predicted with this label */
  predicted: number;
  correct: number;
  /** correct / gold (NaN when no page has the gold label) */
  recall: number;
  /** correct / predicted (NaN when nothing was predicted with the label) */
  precision: number;
}

export interface PageTypeScore {
  /** pages with a verdict (pages without one, e.g. extractor errors, are counted in `noVerdict` and as wrong) */
  n: number;
  correct: number;
  accuracy: number;
  noVerdict: number;
  /** gold labels (rows) then any further predicted labels, in PAGE_TYPES order */
  labels: string[];
  perLabel: Record<string, LabelScore>;
  /** confusion[gold][predicted] = pages; a missing verdict is predicted as "none" */
  confusion: Record<string, Record<string, number>>;
}

const NONE = 'none';

function orderLabels(xs: Iterable<string>): string[] {
  const set = new Set(xs);
  const known = PAGE_TYPES.filter((t) => set.has(t));
  const rest = [...set].filter((t) => !PAGE_TYPES.includes(t) && t !== NONE).sort();
  return [...known, ...rest, ...(set.has(NONE) ? [NONE] : [])];
}

/** Scores predicted page types against gold ones. `gold[i]` and `verdicts[i]` describe the same page. */
export function scorePageTypes(gold: string[], verdicts: (Verdict | undefined)[]): PageTypeScore {
  if (gold.length !== verdicts.length) throw new Error('scorePageTypes: gold and verdicts differ in length');
  const pred = verdicts.map((v) => (v?.pageType ? v.pageType : NONE));
  const labels = orderLabels([...gold, ...pred]);
  const confusion: PageTypeScore['confusion'] = {};
  for (const g of orderLabels(gold)) confusion[g] = Object.fromEntries(labels.map((l) => [l, 0]));
  let correct = 0;
  gold.forEach((g, i) => {
    confusion[g][pred[i]]++;
    if (g === pred[i]) correct++;
  });
  const perLabel: Record<string, LabelScore> = {};
  for (const l of labels) {
    if (l === NONE) continue;
    const goldN = gold.filter((g) => g === l).length;
    const predN = pred.filter((p) => p === l).length;
    const ok = gold.filter((g, i) => g === l && pred[i] === l).length;
    perLabel[l] = { gold: goldN, predicted: predN, correct: ok, recall: goldN ? ok / goldN : NaN, precision: predN ? ok / predN : NaN };
  }
  const n = gold.length;
  return { n, correct, accuracy: n ? correct / n : NaN, noVerdict: pred.filter((p) => p === NONE).length, labels, perLabel, confusion };
}

export interface AcceptanceGroup {
  n: number;
  accepted: number;
  /** accepted / n */
  rate: number;
  /** reject reason -> pages ("unknown" when rejected without a reason, "none" when there is no verdict) */
  reasons: Record<string, number>;
}

export interface AcceptanceScore extends AcceptanceGroup {
  /** by gold page type */
  byType: Record<string, AcceptanceGroup>;
  /** reasons seen anywhere, most frequent first */
  reasonList: string[];
  /** further named groups of pages (e.g. short articles), from the `groups` argument */
  groups: Record<string, AcceptanceGroup>;
}

function acceptanceGroup(vs: (Verdict | undefined)[]): AcceptanceGroup {
  const reasons: Record<string, number> = {};
  let accepted = 0;
  for (const v of vs) {
    if (v?.accepted === true) {
      accepted++;
      continue;
    }
    const r = v?.accepted === false ? (v.rejectReason || 'unknown') : NONE;
    reasons[r] = (reasons[r] ?? 0) + 1;
  }
  return { n: vs.length, accepted, rate: vs.length ? accepted / vs.length : NaN, reasons };
}

/**
 * Share of pages accepted, overall and per gold page type, with the reject reasons. `groups` names further subsets
 * (a membership flag per page), scored the same way.
 */
export function scoreAcceptance(gold: string[], verdicts: (Verdict | undefined)[], groups: Record<string, boolean[]> = {}): AcceptanceScore {
  if (gold.length !== verdicts.length) throw new Error('scoreAcceptance: gold and verdicts differ in length');
  const all = acceptanceGroup(verdicts);
  const byType: Record<string, AcceptanceGroup> = {};
  for (const t of orderLabels(gold)) byType[t] = acceptanceGroup(verdicts.filter((_, i) => gold[i] === t));
  const reasonList = Object.entries(all.reasons).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([r]) => r);
  const extra: Record<string, AcceptanceGroup> = {};
  for (const [name, member] of Object.entries(groups)) {
    if (member.length !== gold.length) throw new Error(`scoreAcceptance: group ${name} differs in length`);
    extra[name] = acceptanceGroup(verdicts.filter((_, i) => member[i]));
  }
  return { ...all, byType, reasonList, groups: extra };
}

/** True when the extractor gave a verdict for at least one page (peers and old engines do not). */
export function hasVerdicts(verdicts: (Verdict | undefined)[]): boolean {
  return verdicts.some((v) => v?.pageType != null || v?.accepted != null);
}
