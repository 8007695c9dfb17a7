// Worst-case cost growth: does any page shape make pith's time grow faster than the page?
//
//   npx tsx bench/speed/growth.ts [--engine native|wasm] [--runs R] [--size MB] [--out DIR]
//
// The dev pages cover ordinary pages; a crawl also holds the extreme ones: a category page of 20,000 cards, a
// thread of 5,000 posts, a table of 100,000 cells. A stage that compares every item with every other item is
// invisible on the former and costs seconds to minutes on the latter (is_card_title did, until 851fc9d). Each
// shape below is generated (seeded, the same bytes on every run) at about --size MB (default 1) and at four
// times as many items, and extracted with every option that adds work (Markdown, links, comments, a URL).
// Growth = (time of the large page / time of the small one) / (bytes of the large / bytes of the small), the
// median of R interleaved runs (default 3): 1 is linear, a quadratic stage shows as about 4. A shape passes
// below MAX_GROWTH (1.5). Prints a Markdown table; with --out, writes it to DIR/growth.md and the figures to DIR/growth.json
// (npm run bench: bench/results/).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractRaw, engineAvailable, type EngineName } from '../../ts/engine/index.js';
import { median } from './stats.js';

/** Growth per byte over which a shape fails: linear is 1, quadratic 4. Linear shapes measure 0.9-1.15 here; the
 * comment-box scans of 7330608 measured 1.7-2.2, is_card_title before 851fc9d 5.7. */
const MAX_GROWTH = 1.5;
/** The large page has this many times the small page's items. */
const SCALE = 4;

/** A seeded generator (mulberry32), so that every run builds the same pages. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ('the of and to in is for on that with as was by at from this are an be or have it not were which ' +
  'garden river market station council winter engine library harbor village mountain kitchen season window ' +
  'report measure develop consider explain support observe improve describe suggest').split(' ');

/** Writes sentences and words from one seeded generator. */
class Writer {
  private next: () => number;
  constructor(seed: number) {
    this.next = random(seed);
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  words(n: number): string {
    return Array.from({ length: n }, () => this.pick(WORDS)).join(' ');
  }
  sentence(n = 14): string {
    const s = this.words(n);
    return s[0]!.toUpperCase() + s.slice(1) + '.';
  }
  paragraph(sentences = 4): string {
    return Array.from({ length: sentences }, () => this.sentence()).join(' ');
  }
}

function page(body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Growth test page</title>${head}</head><body>${body}</body></html>`;
}

const jsonLd = (o: object) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
const times = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('');

/** Page shapes, each a function of its item count (a string is sent as UTF-8). Every one stresses stages the
 * others do not. */
const SHAPES: Record<string, (n: number, w: Writer) => string | Buffer> = {
  // a shop's category page: cards of a name, a price and a button in a grid, with a filter menu
  'product grid': (n, w) => page(`<nav><ul>${times(40, (i) => `<li><a href="/c/${i}">${w.words(2)}</a></li>`)}</ul></nav>
<main><h1>All products</h1><div class="grid">${times(n, (i) => `<div class="card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt="${w.words(3)}"></a><div class="product-name"><a href="/p/${i}">${w.words(6)} model ${i}</a></div><span class="price">$${i}.99</span><button>Add to cart</button></div>`)}</div></main>`),
  // a list of linked headlines, each with a blurb (the shape that was quadratic in is_card_title)
  'headline list': (n, w) => page(`<main><h1>Latest</h1><ul>${times(n, (i) => `<li><div class="title"><a href="/a/${i}">${w.words(7)} number ${i}</a></div><p>${w.sentence()}</p></li>`)}</ul></main>`),
  // a news front of <article> teasers beside one article
  'teaser feed': (n, w) => page(`<main><article><h1>${w.words(6)}</h1>${times(8, () => `<p>${w.paragraph()}</p>`)}</article>
<section class="more">${times(n, (i) => `<article class="teaser"><h3><a href="/s/${i}">${w.words(8)}</a></h3><p>${w.sentence()}</p><time datetime="2024-03-0${1 + (i % 9)}">March ${1 + (i % 9)}, 2024</time></article>`)}</section></main>`),
  // a forum thread: posts with user boxes, dates, post numbers, quotes and reply links
  'forum thread': (n, w) => page(`<div class="thread"><h1>${w.words(7)}?</h1>${times(n, (i) => `<div class="post" id="post${i}"><div class="user-info"><a href="/u/${i % 97}">user${i % 97}</a><span class="user-stats">Posts: ${i * 3}</span></div><div class="post-meta"><time datetime="2023-05-0${1 + (i % 9)}T10:00">May ${1 + (i % 9)}, 2023</time> <a href="#post${i}">#${i + 1}</a></div><div class="post-body">${i % 5 === 0 ? `<blockquote>${w.sentence()}</blockquote>` : ''}<p>${w.paragraph(2)}</p></div><a class="reply" href="/reply/${i}">Reply</a></div>`)}</div>`,
    `<meta property="og:type" content="article">${jsonLd({ '@context': 'https://schema.org', '@type': 'DiscussionForumPosting', headline: 'A question', author: { '@type': 'Person', name: 'user0' } })}`),
  // a product page: a long description in sections, each under a heading, some named like boxes pith flags
  'product sections': (n, w) => page(`<main><h1>${w.words(5)}</h1><span class="price">$49.99</span>${times(n, (i) => `<section><h2>${i % 7 === 0 ? 'You may also like' : i % 11 === 0 ? 'Shipping & returns' : w.words(3)}</h2><p>${w.paragraph(2)}</p><ul>${times(3, () => `<li>${w.words(5)}</li>`)}</ul></section>`)}</main>`,
    jsonLd({ '@context': 'https://schema.org', '@type': 'Product', name: 'Thing', offers: { '@type': 'Offer', price: '49.99', priceCurrency: 'USD' } })),
  // documentation: headings at every level (sections), code blocks with a language, inline code
  'documentation': (n, w) => page(`<main><h1>Reference</h1>${times(n, (i) => `<h${2 + (i % 4)} id="s${i}">${w.words(3)} <a class="headerlink" href="#s${i}">¶</a></h${2 + (i % 4)}><p>${w.sentence()} Use <code>call_${i}()</code> here.</p><div class="highlight-python"><pre><code class="language-python">def f${i}(x):\n    return x * ${i}\n</code></pre></div>`)}</main>`),
  // one big data table
  'table': (n, w) => page(`<main><h1>Data</h1><table><thead><tr>${times(8, (c) => `<th>Column ${c}</th>`)}</tr></thead><tbody>${times(n, (r) => `<tr>${times(8, (c) => `<td>${c === 0 ? w.words(2) : (r * c) % 1000}</td>`)}</tr>`)}</tbody></table></main>`),
  // nested lists, three levels deep
  'nested lists': (n, w) => page(`<main><h1>Outline</h1><ul>${times(n, () => `<li>${w.words(4)}<ul><li>${w.words(5)}<ul><li>${w.words(6)}</li><li>${w.words(3)}</li></ul></li></ul></li>`)}</ul></main>`),
  // an article whose paragraphs repeat (pull quotes, duplicated teasers) and whose lines repeat
  'repeated paragraphs': (n, w) => {
    const quotes = Array.from({ length: 5 }, () => w.sentence(20));
    return page(`<article><h1>${w.words(6)}</h1>${times(n, (i) => i % 3 === 0 ? `<p>${quotes[i % 5]}</p>` : `<p>${w.paragraph(2)}</p>`)}</article>`);
  },
  // prose dense with inline elements, links and line breaks
  'inline markup': (n, w) => page(`<article><h1>${w.words(6)}</h1>${times(n, (i) => `<p><span class="a">${w.words(3)}</span> <b>${w.words(2)}</b> <a href="/l/${i}">${w.words(2)}</a><br><em>${w.words(4)}</em><sup><a href="#fn${i}">${i}</a></sup> ${w.words(5)}.</p>`)}</article>`),
  // accessible markup: screen-reader twins beside aria-hidden elements, hidden and collapsed boxes
  'accessibility markup': (n, w) => page(`<main><h1>${w.words(4)}</h1><div class="list">${times(n, (i) => `<del aria-hidden="true">$${i}.00</del><span class="sr-only">Original price was: $${i}.00.</span><span class="visually-hidden">${w.words(3)}</span><div hidden>${w.words(4)}</div><details><summary>${w.words(2)}</summary><p>${w.sentence()}</p></details>`)}</div></main>`),
  // a long article in one container whose text is full of dates, bylines and month names (the written-date and byline readers)
  'dated prose': (n, w) => page(`<article><h1>${w.words(6)}</h1><p class="byline">By ${w.words(2)}</p>${times(n, (i) => `<p>On ${['January', 'March', 'July', 'October'][i % 4]} ${1 + (i % 28)}, ${1990 + (i % 30)} the ${w.words(6)}; written by ${w.words(2)} on 2021-0${1 + (i % 9)}-1${i % 10}. ${w.sentence()}</p>`)}</article>`),
  // a head of many meta tags and JSON-LD blocks, a short body
  'metadata head': (n, w) => page(`<article><h1>${w.words(6)}</h1><p>${w.paragraph()}</p></article>`,
    times(n, (i) => `<meta name="keywords-${i}" content="${w.words(4)}"><meta property="article:tag" content="${w.words(2)}">${i % 4 === 0 ? jsonLd({ '@context': 'https://schema.org', '@type': 'Article', headline: w.words(6), author: { '@type': 'Person', name: w.words(2) }, datePublished: '2024-01-02' }) : ''}`)),
  // script, style and SVG payload around a short text
  'payload': (n, w) => page(`<article><h1>${w.words(6)}</h1>${times(n, (i) => `<script>var a${i}=${JSON.stringify({ k: w.words(8) })};</script><style>.c${i}{color:red}</style><svg viewBox="0 0 10 10"><path d="M0 0L${i % 10} 10"/><circle r="3"/></svg><p>${w.sentence()}</p>`)}</article>`),
  // comments under an article
  'comment section': (n, w) => page(`<article><h1>${w.words(6)}</h1>${times(6, () => `<p>${w.paragraph()}</p>`)}</article><section id="comments" class="comments"><h2>Comments</h2><ol class="comment-list">${times(n, (i) => `<li class="comment"><div class="comment-author">${w.words(2)}</div><div class="comment-content"><p>${w.paragraph(2)}</p></div><a class="comment-reply-link" href="?replytocom=${i}">Reply</a></li>`)}</ol></section>`),
  // CJK prose: lengths in characters, CJK punctuation
  'cjk prose': (n) => page(`<article><h1>春の庭について</h1>${times(n, (i) => `<p>今日は${i}回目の散歩で、川沿いの市場を訪れました。図書館の近くに新しい駅ができ、村の人々は冬の準備をしています。</p>`)}</article>`),
  // boxes of links printed again and again between paragraphs (menus around prose, pruned link boxes)
  'link boxes and prose': (n, w) => page(`<main><h1>${w.words(5)}</h1>${times(n, (i) => `<div class="links"><a href="/x/${i % 50}">${w.words(2)}</a> <a href="/y">${w.words(2)}</a> <a href="/z">Share</a></div><p>${w.paragraph(1)}</p>`)}</main>`),
  // a Q&A page: answers, each with remarks under it
  'q&a page': (n, w) => page(`<main><h1>${w.words(8)}?</h1><div class="question"><p>${w.paragraph()}</p></div><div id="answers">${times(n, (i) => `<div class="answer"><div class="post-text"><p>${w.paragraph(2)}</p></div><div class="comments"><ul class="comments-list">${times(2, () => `<li class="comment"><span class="comment-copy">${w.sentence()}</span> <a class="comment-user" href="/u/${i}">user${i}</a></li>`)}</ul></div></div>`)}</div></main>`,
    jsonLd({ '@context': 'https://schema.org', '@type': 'QAPage', mainEntity: { '@type': 'Question', name: 'A question' } })),
  // many small tables and forms
  'tables and forms': (n, w) => page(`<main><h1>${w.words(4)}</h1>${times(n, (i) => `<table><tr><th>${w.words(1)}</th><td>${i}</td></tr><tr><th>${w.words(1)}</th><td>$${i}.50</td></tr></table><form action="/f/${i}"><label>${w.words(2)}</label><input name="q${i}"><button>Go</button></form>`)}</main>`),
  // formulas written in MathML, with TeX (as Wikipedia and KaTeX write them) and without
  'formulas': (n, w) => page(`<article><h1>${w.words(4)}</h1>${times(n, (i) => `<p>${w.words(6)} <span style="display:none"><math alttext="{\\displaystyle x_{${i}}^{2}}"><msup><mi>x</mi><mn>2</mn></msup></math></span> ${w.words(4)} <math><semantics><mi>y</mi><annotation encoding="application/x-tex">y+${i}</annotation></semantics></math> and <math><mi>z</mi><mo>=</mo><mn>${i}</mn></math>.</p>`)}</article>`),
  // French prose in windows-1252 that declares no encoding: the charset detector's work
  'undeclared legacy encoding': (n) => Buffer.from(page(`<article><h1>Le café</h1>${times(n, (i) => `<p>Le café numéro ${i} était très animé; les élèves déjà arrivés mangeaient des crêpes près de la fenêtre où l'on voyait la rivière.</p>`)}</article>`).replace('<meta charset="utf-8">', ''), 'latin1'),
  // deep nesting: chains of wrappers, each around a little text
  'deep wrappers': (n, w) => page(times(n, () => `${'<div class="wrap">'.repeat(40)}<p>${w.sentence()}</p>${'</div>'.repeat(40)}`)),
};

interface Args {
  engine: EngineName;
  runs: number;
  sizeMb: number;
  out: string | null;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { engine: 'native', runs: 3, sizeMb: 1, out: null };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    if (argv[i] === '--engine' && (v === 'native' || v === 'wasm')) (a.engine = v), i++;
    else if (argv[i] === '--runs' && v) (a.runs = Math.max(1, Number(v))), i++;
    else if (argv[i] === '--size' && v) (a.sizeMb = Number(v)), i++;
    else if (argv[i] === '--out' && v) (a.out = v), i++;
    else throw new Error(`growth: unknown argument ${argv[i]} (see the header of bench/speed/growth.ts)`);
  }
  return a;
}

/** The item count that makes `shape` about `bytes` long, from its length at 200 items. */
function itemsFor(shape: (n: number, w: Writer) => string | Buffer, bytes: number): number {
  const probe = Buffer.from(shape(200, new Writer(1))).length;
  return Math.max(10, Math.round((200 * bytes) / probe));
}

function timeOne(bytes: Buffer, request: string, engine: EngineName): { ms: number; ok: boolean; textChars: number } {
  const start = process.hrtime.bigint();
  const response = JSON.parse(extractRaw(bytes, request, engine)) as { ok: boolean; result?: { text: string } };
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, ok: response.ok, textChars: response.result?.text.length ?? 0 };
}

function main(): void {
  const a = parseArgs(process.argv.slice(2));
  if (!engineAvailable(a.engine)) throw new Error(`growth: the ${a.engine} engine is not built (npm run build)`);
  const request = JSON.stringify({
    hints: { url: 'https://www.example.com/section/page-name', contentType: 'text/html; charset=utf-8' },
    options: { markdown: true, links: true, comments: true },
  });
  const rows = [];
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    '# Cost growth on extreme pages',
    '',
    `\`npx tsx bench/speed/growth.ts --engine ${a.engine} --runs ${a.runs} --size ${a.sizeMb}\` on ${os.cpus().length} cores (${cpu}), Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `Each page shape generated at about ${a.sizeMb} MB and with ${SCALE} times as many items, extracted with Markdown, links, comments and a URL; time = median of ${a.runs} interleaved calls.`,
    `Growth per byte = (time of the large page / time of the small) / (bytes of the large / bytes of the small): 1 is linear, a stage that compares every item with every other shows as about ${SCALE}. A shape passes below ${MAX_GROWTH}.`,
    '',
    `| shape | items | MB | ms | ms per MB | items x${SCALE} | MB | ms | ms per MB | growth per byte |`,
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const say = (line: string) => (console.log(line), lines.push(line));
  lines.forEach((l) => console.log(l));
  for (const [name, shape] of Object.entries(SHAPES)) {
    const items = itemsFor(shape, a.sizeMb * 1e6);
    const pages = [items, items * SCALE].map((n) => Buffer.from(shape(n, new Writer(n))));
    const checks = pages.map((p) => timeOne(p, request, a.engine)); // warm-up, and the outputs' check
    const ms: number[][] = [[], []];
    for (let r = 0; r < a.runs; r++) for (const k of r % 2 ? [1, 0] : [0, 1]) ms[k]!.push(timeOne(pages[k]!, request, a.engine).ms);
    const [small, large] = ms.map(median) as [number, number];
    const [bs, bl] = pages.map((p) => p.length / 1e6) as [number, number];
    const growth = large / small / (bl / bs);
    const row = {
      shape: name, items, mb: bs, ms: small, items_large: items * SCALE, mb_large: bl, ms_large: large, growth,
      ok: checks.every((c) => c.ok && c.textChars > 0), pass: growth < MAX_GROWTH,
    };
    rows.push(row);
    const f = (x: number, d = 1) => x.toFixed(d);
    say(`| ${name}${row.ok ? '' : ' (**no text or an error**)'} | ${items} | ${f(bs, 2)} | ${f(small)} | ${f(small / bs)} | ${items * SCALE} | ${f(bl, 2)} | ${f(large)} | ${f(large / bl)} | ${f(growth, 2)}${row.pass ? '' : ' **FAIL**'} |`);
  }
  const worst = rows.reduce((w, r) => (r.growth > w.growth ? r : w));
  say('');
  // (A shape that gives no text, or an error, measures nothing: it fails too.)
  const verdict = rows.every((r) => r.pass && r.ok) ? 'PASS' : 'FAIL';
  say(`Worst growth per byte: ${worst.growth.toFixed(2)} (${worst.shape}); below ${MAX_GROWTH} for every shape, each giving text: ${verdict}.`);
  if (a.out) {
    fs.mkdirSync(a.out, { recursive: true });
    fs.writeFileSync(path.join(a.out, 'growth.md'), lines.join('\n') + '\n');
    const json = { engine: a.engine, runs: a.runs, size_mb: a.sizeMb, scale: SCALE, max_growth: MAX_GROWTH, machine: { cores: os.cpus().length, cpu }, date: new Date().toISOString(), rows };
    fs.writeFileSync(path.join(a.out, 'growth.json'), JSON.stringify(json, null, 2) + '\n');
  }
}

main();
