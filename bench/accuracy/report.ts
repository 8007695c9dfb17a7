// Markdown rendering of the accuracy results.

import type { Summary } from './score.js';
import type { AcceptanceScore, PageTypeScore } from './classify.js';
import { STRUCTURE_KINDS, type StructureScore } from './structure.js';

export interface SpeedResult {
  engine: string;
  favor: string;
  markdown: boolean;
  pages: number;
  mb: number;
  runsSeconds: number[];
  medianSeconds: number;
  pagesPerSecond: number;
  mbPerSecond: number;
  /** process CPU time (user + system, all threads) of each run */
  cpuSeconds: number[];
  /** pages / median CPU seconds: less sensitive than wall time to other load on the machine */
  pagesPerCpuSecond: number;
}

export interface Row {
  label: string;
  /** label shown in the Markdown tables, when different */
  display?: string;
  kind: 'pith' | 'peer' | 'reference';
  engine?: string;
  favor?: string;
  summary: Summary;
  /** pith's page type against the gold labels (pith rows whose engine gives a verdict) */
  pageTypes?: PageTypeScore;
  /** The same on the tuning pages and on the hold-out fifth: the page-type table is fitted on the former. */
  pageTypesSplit?: { tune: PageTypeScore; holdout: PageTypeScore };
  /** pith's accept/reject verdicts by gold page type */
  acceptance?: AcceptanceScore;
}

/** Published accuracy of the WCXB XGBoost page-type classifier on this benchmark (for orientation only). */
export const XGBOOST_PAGE_TYPE_ACCURACY = 0.87;

export interface ReportInput {
  rows: Row[];
  types: string[];
  speed: SpeedResult[];
  parity: { favor: string; pages: number; differing: number; examples: string[] }[];
  notes: string[];
  command: string;
  date: string;
  machine: string;
  commit: string;
  pages: number;
  dataDir: string;
  selection: string;
  /** pith's Markdown elements against the gold Markdown's, summed over the pages (structure.ts) */
  structure?: { label: string; favor: string; pages: number; score: StructureScore };
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');
const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '–');

function table(head: string[], rows: string[][], align?: string[]): string {
  const a = align ?? head.map((_, i) => (i === 0 ? ':--' : '--:'));
  return [`| ${head.join(' | ')} |`, `|${a.map((x) => ` ${x} `).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function renderMarkdown(r: ReportInput): string {
  const out: string[] = [];
  const scored = r.rows.filter((x) => x.kind !== 'reference');
  out.push(`# pith accuracy on the WCXB dev set`);
  out.push('');
  out.push(`${r.date} · ${r.machine} · commit ${r.commit}`);
  out.push('');
  out.push(`Command: \`${r.command}\``);
  out.push('');
  out.push(`Pages: ${r.pages} (${r.selection}) from ${r.dataDir}`);
  for (const n of r.notes) out.push(`\n> ${n}`);
  out.push('');

  const typeCounts = r.types.map((t) => scored[0]?.summary.byType[t]?.n ?? 0);
  out.push('## Word F1 by page type');
  out.push('');
  out.push(
    table(
      ['extractor', 'all', ...r.types.map((t, i) => `${t} (${typeCounts[i]})`), 'P', 'R', 'missing', 'errors', 'empty'],
      scored.map((x) => [
        x.display ?? x.label,
        `**${f3(x.summary.f1)}**`,
        ...r.types.map((t) => f3(x.summary.byType[t]?.f1 ?? NaN)),
        f3(x.summary.precision),
        f3(x.summary.recall),
        String(x.summary.missing),
        String(x.summary.errors),
        String(x.summary.emptyOutputs),
      ]),
    ),
  );
  out.push('');
  out.push('Mean over pages of bag-of-words F1 (lower-cased `\\w+` as in Python). P/R: mean precision/recall. ' +
    '*missing*: selected pages absent from a peer file (the row is then scored on the pages present); *errors*: pages the ' +
    'extractor failed on (scored as empty output); *empty*: pages with empty output. For orientation, the published dev-split F1 ' +
    '(original 1,497-page split, so not directly comparable): rs-trafilatura 0.859, trafilatura 0.791, Readability 0.675.');
  out.push('');

  out.push('## Hold-out, tune, language');
  out.push('');
  const s0 = scored[0]?.summary;
  out.push(
    table(
      ['extractor', `tune (${s0?.tune.n ?? 0})`, `holdout (${s0?.holdout.n ?? 0})`, `English (${s0?.english.n ?? 0})`, `non-English (${s0?.nonEnglish.n ?? 0})`],
      scored.map((x) => [x.display ?? x.label, f3(x.summary.tune.f1), f3(x.summary.holdout.f1), f3(x.summary.english.f1), f3(x.summary.nonEnglish.f1)]),
    ),
  );
  out.push('');
  out.push('Holdout: page id % 5 == 0. Non-English: detected from the gold text (see metrics.ts `isNonEnglish`).');
  out.push('');

  out.push('## Snippets and payload leaks');
  out.push('');
  out.push(
    table(
      ['extractor', 'with found', 'with found (words only)', 'without absent', 'payload-leak pages', ...r.types.map((t) => `${t} with/without`)],
      r.rows.map((x) => [
        x.display ?? x.label,
        pct(x.summary.snippets.withFound),
        pct(x.summary.snippets.withFoundWords),
        pct(x.summary.snippets.withoutAbsent),
        `${x.summary.payload.leakPages} / ${x.summary.payload.pagesWithPayloadSnippets}`,
        ...r.types.map((t) => {
          const b = x.summary.snippets.byType[t];
          return b ? `${pct(b.withFound)} / ${pct(b.withoutAbsent)}` : '–';
        }),
      ]),
    ),
  );
  out.push('');
  const s = r.rows[0]?.summary.snippets;
  out.push(`Micro-averaged over ${s?.withTotal ?? 0} \`with\` and ${s?.withoutTotal ?? 0} \`without\` snippets. ` +
    'Both sides NFKC, lower-cased, curly quotes straightened, whitespace runs collapsed; `with`: substring match; `without`: ' +
    'substring match whose word-character edges must sit on word boundaries ("Home" is not in "homemade"). ' +
    '"With found (words only)" also counts a `with` snippet found once both sides keep only their letters and digits: the gold ' +
    'renders links, dashes and label/value pairs with spacing and punctuation the page does not have ("makes iPhones .", ' +
    '"--" for "—", "Seat: 20"), so part of the exact misses are in the text; the target is read on the exact column. Payload-leak pages: pages where the output contains a `without` snippet that occurs in a ' +
    '<script>/JSON blob of the HTML but not in its visible text (out of the pages that have such a snippet). ' +
    '"gold" scores the gold text itself: the ceiling of these measures.');
  out.push('');

  out.push('## Metadata agreement');
  out.push('');
  const m0 = scored[0]?.summary.meta;
  out.push(
    table(
      [
        'extractor', `title (${m0?.title.n ?? 0})`, 'title exact', `author (${m0?.author.n ?? 0})`, 'author exact', `date (${m0?.date.n ?? 0})`,
        `author given, none in gold (${m0?.author.withoutGold ?? 0})`, `date given, none in gold (${m0?.date.withoutGold ?? 0})`,
      ],
      scored.map((x) => [
        x.display ?? x.label,
        pct(x.summary.meta.title.agree),
        pct(x.summary.meta.title.exact),
        pct(x.summary.meta.author.agree),
        pct(x.summary.meta.author.exact),
        pct(x.summary.meta.date.agree),
        pct(x.summary.meta.author.given),
        pct(x.summary.meta.date.given),
      ]),
    ),
  );
  out.push('');
  out.push('Share of pages with a non-empty gold field where the extractor agrees. Title/author: case, punctuation and ' +
    'whitespace ignored, HTML entities not decoded; agree = equal, or gold contained in the extraction at word boundaries, or ' +
    '(titles) the extraction contained in the gold with at least half its words, or (authors) one set of names contains the ' +
    'other; exact = equal (authors: same names). Dates compared as YYYY-MM-DD (time zone not applied). "Author (date) given, ' +
    'none in gold": of the pages whose gold has no author (date), mostly products, listings and service pages, the share where ' +
    'the extractor gives one anyway (a reviewer, the newest post\'s writer or date): lower is better, though some pages ' +
    'declare one that the annotators left out.');
  out.push('');

  if (r.structure) out.push(...renderStructure(r.structure));

  out.push(...renderVerdicts(r.rows));

  if (r.speed.length) {
    out.push('## Speed (one thread)');
    out.push('');
    out.push(
      table(
        ['engine', 'favor', 'markdown', 'pages', 'MB', 'runs (s)', 'median s', 'pages/s', 'MB/s', 'pages/CPU-s'],
        r.speed.map((x) => [
          x.engine, x.favor, String(x.markdown), String(x.pages), x.mb.toFixed(1),
          x.runsSeconds.map((v) => v.toFixed(2)).join(', '), x.medianSeconds.toFixed(2),
          x.pagesPerSecond.toFixed(1), x.mbPerSecond.toFixed(1), x.pagesPerCpuSecond.toFixed(1),
        ]),
      ),
    );
    out.push('');
    out.push('Pages decompressed into memory first (untimed); the timed loop calls `extractHtml` (including its JSON ' +
      'decoding) page after page on the main thread, after untimed warm-up calls on the first pages. The first run is also the accuracy run. ' +
      'pages/CPU-s divides by the median process CPU time of the runs, which moves less than wall time when other work shares the machine.');
    out.push('');
  }
  if (r.parity.length) {
    out.push('## Native vs WASM output');
    out.push('');
    for (const p of r.parity)
      out.push(`- ${p.favor}: output (text, title, author, date, error, page type, accepted, reject reason) differs on ${p.differing} of ${p.pages} pages${p.examples.length ? ` (e.g. ${p.examples.join(', ')})` : ''}`);
    out.push('');
  }
  return out.join('\n');
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const STRUCTURE_NAMES: Record<string, string> = {
  heading: 'headings', item: 'list items', row: 'table rows', code: 'code blocks', quote: 'quoted lines',
};

/** The Markdown structure section: pith's Markdown elements against the gold Markdown's. */
function renderStructure(s: NonNullable<ReportInput['structure']>): string[] {
  const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
  return [
    '## Markdown structure',
    '',
    table(
      ['element', 'in the gold', `in ${s.label}'s Markdown`, 'matched', 'recall', 'precision'],
      STRUCTURE_KINDS.map((k) => {
        const c = s.score[k];
        return [STRUCTURE_NAMES[k], String(c.gold), String(c.predicted), String(c.matched), pct(ratio(c.matched, c.gold)), pct(ratio(c.matched, c.predicted))];
      }),
    ),
    '',
    `${s.label} (favor ${s.favor}, Markdown on, one untimed pass over the ${s.pages} pages) against the dataset's gold Markdown ` +
      '(`main_content_markdown`): an element counts as matched when the other side has an element of the same kind with the ' +
      'same words (lower-cased `\\w+` words; heading levels, list markers, link targets and cell padding left out), ' +
      'summed over the pages (bench/accuracy/structure.ts). Recall is the figure to read: the gold often leaves headings ' +
      'unmarked, code unfenced and lists as paragraphs, which precision counts against the extractor. The peers are not ' +
      'scored: their outputs here are plain text.',
    '',
  ];
}

/** The page type and acceptance sections (empty when no row has verdicts). */
export function renderVerdicts(rows: Row[]): string[] {
  const out: string[] = [];
  const withTypes = rows.filter((x) => x.pageTypes);
  if (withTypes.length) {
    // The confusion matrix and per-label table of the first balanced row (else the first row).
    const main = withTypes.find((x) => x.favor === 'balanced') ?? withTypes[0];
    const pt = main.pageTypes!;
    const gold = Object.keys(pt.confusion);
    out.push('## Page type');
    out.push('');
    out.push(
      table(
        ['extractor', 'accuracy', 'tune', 'holdout', 'pages', 'no verdict', ...gold.map((g) => `${g} recall`)],
        withTypes.map((x) => [
          x.display ?? x.label, `**${pct(x.pageTypes!.accuracy)}**`,
          pct(x.pageTypesSplit?.tune.accuracy ?? NaN), pct(x.pageTypesSplit?.holdout.accuracy ?? NaN),
          String(x.pageTypes!.n), String(x.pageTypes!.noVerdict),
          ...gold.map((g) => pct(x.pageTypes!.perLabel[g]?.recall ?? NaN)),
        ]),
      ),
    );
    out.push('');
    out.push(`pith's \`page_type\` against the dev set's gold label (metadata.json \`page_type\`); accuracy = share of pages ` +
      `labelled as the gold says. For orientation: the published XGBoost page classifier reaches ` +
      `${Math.round(XGBOOST_PAGE_TYPE_ACCURACY * 100)}% on this benchmark (published figure, not re-measured here). ` +
      '`other` is never a gold label, so a page pith calls `other` counts as wrong. The score table behind `page_type` ' +
      'is fitted on the tune pages only (`bench/accuracy/fit-page-types.py`); holdout = ids divisible by 5.');
    out.push('');
    const same = withTypes.filter((x) => x !== main && sameJson(x.pageTypes!.confusion, pt.confusion)).map((x) => x.display ?? x.label);
    out.push(`Per label, ${main.display ?? main.label}${same.length ? ` (identical predictions: ${same.join(', ')})` : ''}:`);
    out.push('');
    out.push(
      table(
        ['label', 'gold pages', 'predicted', 'correct', 'recall', 'precision'],
        pt.labels.filter((l) => pt.perLabel[l]).map((l) => {
          const s = pt.perLabel[l];
          return [l, String(s.gold), String(s.predicted), String(s.correct), pct(s.recall), pct(s.precision)];
        }),
      ),
    );
    out.push('');
    out.push(`Confusion matrix, ${main.display ?? main.label} (rows: gold label, columns: pith's label; diagonal in bold):`);
    out.push('');
    out.push(
      table(
        ['gold \\ pith', ...pt.labels, 'total'],
        gold.map((g) => {
          const row = pt.confusion[g];
          const total = Object.values(row).reduce((a, b) => a + b, 0);
          return [g, ...pt.labels.map((l) => (l === g ? `**${row[l]}**` : String(row[l] || '·'))), String(total)];
        }),
      ),
    );
    out.push('');
    for (const x of withTypes) {
      if (x === main || same.includes(x.display ?? x.label)) continue;
      out.push(`(${x.display ?? x.label} labels some pages differently: accuracy ${pct(x.pageTypes!.accuracy)}; its matrix is in the JSON.)`);
      out.push('');
    }
  }

  const withAcc = rows.filter((x) => x.acceptance);
  if (withAcc.length) {
    const main = withAcc.find((x) => x.favor === 'balanced') ?? withAcc[0];
    const a = main.acceptance!;
    const types = Object.keys(a.byType);
    const groups = Object.keys(a.groups);
    out.push('## Acceptance');
    out.push('');
    out.push(
      table(
        ['gold type', 'pages', ...withAcc.map((x) => `${x.display ?? x.label} accepted`)],
        [
          ...types.map((t) => [t, String(a.byType[t].n), ...withAcc.map((x) => pct(x.acceptance!.byType[t]?.rate ?? NaN))]),
          ...groups.map((g) => [`*${g}*`, String(a.groups[g].n), ...withAcc.map((x) => pct(x.acceptance!.groups[g]?.rate ?? NaN))]),
          ['**all**', String(a.n), ...withAcc.map((x) => `**${pct(x.acceptance!.rate)}**`)],
        ],
      ),
    );
    out.push('');
    out.push('Share of pages pith accepts (`accepted`), by gold page type. Real articles, short ones included, should pass; ' +
      'pages that are only links, JavaScript shells or consent walls should not. The gold labels do not mark link lists or ' +
      'shells, so the reject reasons below are the evidence for those.');
    out.push('');
    const reasons = a.reasonList;
    if (reasons.length) {
      out.push(`Reject reasons, ${main.display ?? main.label} (pages per gold type):`);
      out.push('');
      out.push(
        table(
          ['gold type', 'pages', 'rejected', ...reasons],
          [
            ...types.map((t) => {
              const b = a.byType[t];
              return [t, String(b.n), String(b.n - b.accepted), ...reasons.map((r) => String(b.reasons[r] ?? '·'))];
            }),
            ...groups.map((g) => {
              const b = a.groups[g];
              return [`*${g}*`, String(b.n), String(b.n - b.accepted), ...reasons.map((r) => String(b.reasons[r] ?? '·'))];
            }),
            ['**all**', String(a.n), String(a.n - a.accepted), ...reasons.map((r) => String(a.reasons[r] ?? '·'))],
          ],
        ),
      );
      out.push('');
    }
  }
  return out;
}
