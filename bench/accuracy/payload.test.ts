import { describe, expect, it } from 'vitest';
import { decodeEntities, payloadSnippets, scriptText, visibleText } from './payload.js';
import { scorePage } from './score.js';
import type { Page } from './dataset.js';

const html = `<html><head><title>T</title>
<script type="application/ld+json">{"author":"Jane \\u0026 John","footer":"Privacy\\/Terms Policy"}</script>
<script>window.__NEXT_DATA__ = {"nav":["Sign In","Shop All"]};</script>
<style>.x{content:"Hidden Style"}</style></head>
<body><nav>Shop All</nav><div data-props="{&quot;cta&quot;:&quot;Order Now&quot;}"></div>
<p>Main te<b>xt</b> here &amp; there.</p><!-- Sign In --></body></html>`;

describe('payload snippets', () => {
  it('extracts script and JSON-attribute text, decoded', () => {
    const s = scriptText(html);
    expect(s).toContain('Jane & John');
    expect(s).toContain('Privacy/Terms Policy');
    expect(s).toContain('"cta":"Order Now"');
  });
  it('visible text skips scripts, styles and comments', () => {
    const v = visibleText(html);
    expect(v).toContain('Main text here & there.');
    expect(v).not.toContain('Hidden Style');
    expect(v).not.toContain('Sign In');
    expect(v).not.toContain('Jane');
  });
  it('keeps only snippets that are in a payload and not visible', () => {
    expect(payloadSnippets(html, ['Sign In', 'Shop All', 'Order Now', 'privacy/terms policy', 'Not anywhere', 'Main text'])).toEqual([
      'Sign In', 'Order Now', 'privacy/terms policy',
    ]);
  });
  it('decodes entities', () => {
    expect(decodeEntities('a&nbsp;b &#x41;&#66; &rsquo; &bogus; &amp')).toBe('a\u00a0b AB \u2019 &bogus; &');
  });
  it('counts a leak when the output contains a payload snippet', () => {
    const page: Page = {
      id: '0005', type: 'article', url: '', holdout: true, nonEnglish: false, payload: ['Sign In'],
      gold: { text: 'Main text here', with: ['main text'], without: ['Sign In', 'Shop All'], title: 'T', author: '', date: '' },
    };
    const leaky = scorePage(page, { text: 'Sign in\nMain text here' });
    expect(leaky.leaks).toBe(1);
    expect(leaky.f1).toBeCloseTo(2 * (3 / 5) / (3 / 5 + 1), 12);
    expect(leaky.snippets).toEqual({ withTotal: 1, withFound: 1, withFoundWords: 1, withoutTotal: 2, withoutAbsent: 1 });
    expect(leaky.author).toBe(null);
    expect(leaky.date).toBe(null);
    expect(leaky.title).toEqual({ exact: false, lenient: false });
    const clean = scorePage(page, { text: 'Main text here', title: 't' });
    expect(clean.leaks).toBe(0);
    expect(clean.f1).toBe(1);
    expect(clean.title).toEqual({ exact: true, lenient: true });
    const missing = scorePage(page, undefined);
    expect(missing.missing).toBe(true);
    expect(missing.f1).toBe(0);
  });
});

describe('authors and dates without gold', () => {
  const page = (author: string, date: string): Page => ({
    id: '0006', type: 'product', url: '', holdout: false, nonEnglish: false, payload: [],
    gold: { text: 'A shirt', with: [], without: [], title: 'Shirt', author, date },
  });
  it('counts one given where the gold has none, and nothing where the gold has one', () => {
    const given = scorePage(page('', ''), { text: 'A shirt', author: 'Ash C.', date: '2024-03-03' });
    expect([given.authorWithoutGold, given.dateWithoutGold]).toEqual([true, true]);
    const none = scorePage(page('', ''), { text: 'A shirt', author: null, date: null });
    expect([none.authorWithoutGold, none.dateWithoutGold]).toEqual([false, false]);
    const gold = scorePage(page('Ash C.', '2024-03-03'), { text: 'A shirt', author: 'Ash C.', date: '2024-03-03' });
    expect([gold.authorWithoutGold, gold.dateWithoutGold, gold.date]).toEqual([null, null, true]);
  });
});
