// The warc-samples gold: every sample record has the outcome the manifest says (and the verdict, where
// it names one), and extracted text is close to the gold text (word F1), keeps the `with` snippets and
// drops the `without` ones.

import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, SAMPLES } from '../../test/helpers.js';
import { extractWarc, type WarcResult } from '../index.js';

interface Rec {
  id: string;
  name?: string;
  expect: string;
  gold?: string;
  with?: string[];
  without?: string[];
  warc_truncated?: boolean;
  /** The core's verdict on an extracted record, when the sample is there to show one. */
  reject_reason?: string;
  accepted?: boolean;
  /** Metadata the page gives only in its text, when the sample is there to show it read. */
  author?: string;
  published?: string;
}
const manifest = JSON.parse(readFileSync(path.join(SAMPLES, 'gold', 'manifest.json'), 'utf8')) as { records: Rec[] };

/**
 * Gaps of the extraction core that these samples show today, reported rather than failed.
 * Delete an entry when the core fixes it (the test then enforces it).
 */
const KNOWN_GAPS = new Set<string>([
]);

/** Word-level F1 over lower-cased \w+ tokens as a bag (the WCXB metric). */
function wordF1(got: string, gold: string): number {
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const a = words(got);
  const b = words(gold);
  if (!a.length && !b.length) return 1;
  const counts = new Map<string, number>();
  for (const w of b) counts.set(w, (counts.get(w) ?? 0) + 1);
  let tp = 0;
  for (const w of a) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      tp++;
      counts.set(w, n - 1);
    }
  }
  const p = tp / (a.length || 1);
  const r = tp / (b.length || 1);
  return p + r ? (2 * p * r) / (p + r) : 0;
}

describe('warc-samples gold', () => {
  const results = new Map<string, WarcResult>();
  beforeAll(async () => {
    ensureBuilt();
    for await (const r of extractWarc(path.join(SAMPLES, 'samples.warc.gz'), { workers: 2, engine: 'native' })) {
      const id = r.status === 'extracted' ? r.record.id : r.status === 'error' ? null : r.id;
      if (id) results.set(id, r);
    }
  }, 120_000);

  for (const rec of manifest.records) {
    it(`${rec.name ?? rec.id}: ${rec.expect}`, () => {
      const r = results.get(rec.id);
      expect(r, 'record missing from the results').toBeDefined();
      const outcome = r!.status === 'extracted' ? 'extracted' : r!.status === 'error' ? 'error' : `${r!.status}:${r!.reason}`;
      expect(outcome).toBe(rec.expect);
      if (r!.status !== 'extracted' || !rec.gold) return;
      const out = r!.record;
      expect(out.warc_truncated).toBe(rec.warc_truncated ?? false);
      if (rec.reject_reason) expect(out.reject_reason).toBe(rec.reject_reason);
      if (rec.accepted !== undefined) expect(out.accepted, `accepted (reject_reason ${out.reject_reason})`).toBe(rec.accepted);
      if (rec.author) expect(out.author).toBe(rec.author);
      if (rec.published) expect(out.published).toBe(rec.published);
      const gold = readFileSync(path.join(SAMPLES, rec.gold), 'utf8');
      // The title may sit in `title` rather than at the top of `text`.
      const seen = `${out.title ?? ''}\n\n${out.text}`;
      const f1 = Math.max(wordF1(out.text, gold), wordF1(seen, gold));
      const gaps: string[] = [];
      if (f1 < 0.85 && KNOWN_GAPS.has(`${rec.name}/f1`)) gaps.push(`word F1 ${f1.toFixed(3)} < 0.85`);
      else expect(f1, `word F1 against gold/${rec.name}.txt`).toBeGreaterThanOrEqual(0.85);
      for (const s of rec.with ?? []) {
        if (seen.includes(s)) continue;
        if (KNOWN_GAPS.has(`${rec.name}/with/${s}`)) gaps.push(`missing ${JSON.stringify(s)}`);
        else expect.soft(seen, `keeps ${JSON.stringify(s)}`).toContain(s);
      }
      for (const s of rec.without ?? []) {
        if (!out.text.includes(s)) continue;
        if (KNOWN_GAPS.has(`${rec.name}/without/${s}`)) gaps.push(`keeps ${JSON.stringify(s)}`);
        else expect.soft(out.text, `drops ${JSON.stringify(s)}`).not.toContain(s);
      }
      if (gaps.length) console.warn(`known extraction gaps in ${rec.name}: ${gaps.join('; ')}`);
      const listed = [...KNOWN_GAPS].filter((g) => g.startsWith(`${rec.name}/`)).length;
      if (listed > gaps.length) console.warn(`${rec.name}: ${listed - gaps.length} KNOWN_GAPS entr(ies) no longer occur; remove them`);
    });
  }

  it('encodings are detected and repaired', () => {
    const enc = (name: string) => {
      const rec = manifest.records.find((r) => r.name === name)!;
      const r = results.get(rec.id)!;
      return r.status === 'extracted' ? r.record.encoding : null;
    };
    expect(enc('windows-1252')?.name).toBe('windows-1252');
    expect(enc('shift-jis')).toMatchObject({ name: 'Shift_JIS', source: 'meta' });
    expect(enc('mojibake')).toMatchObject({ name: 'UTF-8', repaired: true });
  });
});
