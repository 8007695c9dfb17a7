// Markdown structure against the gold's Markdown. Pure, no I/O.
//
// Word F1 says whether the words are there; this says whether they come as the same elements: of the gold
// Markdown's headings, list items, table rows, code blocks and quoted lines, how many pith's Markdown has as an
// element of the same kind with the same words (recall), and how many of pith's elements the gold has (precision).
// Elements are matched as a bag of their word keys (lower-cased `\w+` words, link targets and image sources left
// out), so that a heading level, a list marker or a table's cell padding does not count.
//
// The gold Markdown is uneven: many pages set code as plain paragraphs and leave headings unmarked, so recall is
// the figure to read; precision also counts every element the gold leaves flat.

import { tokenize } from './metrics.js';

export const STRUCTURE_KINDS = ['heading', 'item', 'row', 'code', 'quote'] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number];

/** Elements of each kind in a Markdown text, as word keys (elements without words are left out). */
export function markdownElements(md: string): Record<StructureKind, string[]> {
  const out: Record<StructureKind, string[]> = { heading: [], item: [], row: [], code: [], quote: [] };
  const add = (kind: StructureKind, text: string) => {
    const key = tokenize(text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')).join(' ');
    if (key) out[kind].push(key);
  };
  let fence: string | null = null;
  let code: string[] = [];
  for (const line of md.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length) {
        add('code', code.join('\n'));
        fence = null;
        code = [];
      } else code.push(line);
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    let m: RegExpExecArray | null;
    if ((m = /^#{1,6}\s+(.*)$/.exec(line))) add('heading', m[1]);
    else if ((m = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line))) add('item', m[1]);
    else if (/^\|/.test(line) && !/^\|[\s:|-]+$/.test(line.trim())) add('row', line);
    else if ((m = /^\s*>\s?(.*)$/.exec(line))) add('quote', m[1].replace(/^(\s*>\s?)+/, ''));
  }
  if (fence !== null) add('code', code.join('\n'));
  return out;
}

export interface StructureCount {
  /** elements of the kind in the gold Markdown */
  gold: number;
  /** in the extractor's Markdown */
  predicted: number;
  /** matched: in both (bag intersection of word keys) */
  matched: number;
}

export type StructureScore = Record<StructureKind, StructureCount>;

export function emptyStructure(): StructureScore {
  return Object.fromEntries(STRUCTURE_KINDS.map((k) => [k, { gold: 0, predicted: 0, matched: 0 }])) as StructureScore;
}

/** One page's element counts, `predicted` against `gold` Markdown. */
export function scoreStructure(predicted: string, gold: string): StructureScore {
  const p = markdownElements(predicted);
  const g = markdownElements(gold);
  const score = emptyStructure();
  for (const kind of STRUCTURE_KINDS) {
    const left = new Map<string, number>();
    for (const key of g[kind]) left.set(key, (left.get(key) ?? 0) + 1);
    let matched = 0;
    for (const key of p[kind]) {
      const n = left.get(key) ?? 0;
      if (n > 0) {
        matched++;
        left.set(key, n - 1);
      }
    }
    score[kind] = { gold: g[kind].length, predicted: p[kind].length, matched };
  }
  return score;
}

/** Adds `page` into `total` (element counts summed over pages). */
export function addStructure(total: StructureScore, page: StructureScore): StructureScore {
  for (const kind of STRUCTURE_KINDS) {
    total[kind].gold += page[kind].gold;
    total[kind].predicted += page[kind].predicted;
    total[kind].matched += page[kind].matched;
  }
  return total;
}
