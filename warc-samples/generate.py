#!/usr/bin/env python3
"""Generate pith's sample WARC files and their gold text (run: npm run samples).

Writes, byte-for-byte deterministically (fixed UUIDs, dates, gzip mtime 0):
  warc-samples/samples.warc.gz     WARC/1.0, one gzip member per record (as Common Crawl writes them):
                                   warcinfo, then per page a request, a response and (for some) a metadata
                                   record, plus a non-HTML response and a revisit record.
  warc-samples/samples-plain.warc  the same records uncompressed, as WARC/1.1 with wget-style <...> target URIs.
  warc-samples/html/               two of the pages as plain HTML files (.html and .html.gz).
  warc-samples/gold/NAME.txt       the main content of each page, as a reader would want it.
  warc-samples/gold/manifest.json  per record: name, id, url, the outcome pith must give
                                   (extracted / skipped:REASON / rejected:REASON; for some extracted ones
                                   the core's reject_reason), and `with` / `without` snippets the
                                   extracted text must contain / must not contain.

Pages (each exercises something): a news article with nav, cookie banner, related box, comments and
footer; a post whose article also sits in Next.js __NEXT_DATA__ hydration JSON; a listing page (its
record flagged WARC-Truncated and cut mid-item); an empty JavaScript shell; a windows-1252 page with
no charset anywhere (and LF-only HTTP headers); a Shift_JIS page declaring its charset in a meta tag;
a UTF-8 page with UTF-8-read-as-latin-1 mojibake; malformed HTML; a data table served with no
Content-Type (sniffed); a code block served chunked and gzip Content-Encoded; a JSON response
(not HTML); a "page not found" served with status 200 (extracted, not accepted: error_page); a
page of the early web (a layout table, paragraphs parted by <br><br>, no charset); a mailing list
archive's message (Mailman's pipermail: the message in a <pre> between lists of links); a German
news page whose byline and date are only in its text, in German; a Thai news page (no spaces
between words, no mark at a sentence's end); a revisit record. Only the Python standard library
is used.
"""
import gzip
import hashlib
import base64
import json
import os
import uuid
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
NS = uuid.UUID("0b6f3c52-3f55-4b8e-a1f4-6a0c2d4e9b11")
WARC_DATE = "2026-01-14T09:{:02d}:{:02d}Z"
HTTP_DATE = "Wed, 14 Jan 2026 09:{:02d}:{:02d} GMT"


def rid(name):
    return "urn:uuid:" + str(uuid.uuid5(NS, name))


def sha1_b32(b):
    return "sha1:" + base64.b32encode(hashlib.sha1(b).digest()).decode()


def gz_member(data):
    c = zlib.compressobj(6, zlib.DEFLATED, 31)  # gzip wrapper, mtime 0
    return c.compress(data) + c.flush()


def gz_bytes(data):
    return gzip.compress(data, compresslevel=6, mtime=0)


def paragraphs(paras, sep="\n"):
    """The page's paragraphs as HTML, one <p> each."""
    return sep.join("<p>" + p + "</p>" for p in paras)


def gold(*blocks):
    """A page's gold text: its blocks (headline, paragraphs) parted by blank lines."""
    return "\n\n".join(blocks)


# ---------------------------------------------------------------------------------------------
# Pages. `gold` is the main content: headings on their own lines, paragraphs separated by blank lines.

NEWS_PARAS = [
    "Riverton's city council voted 7 to 2 on Tuesday night to build a permanent flood barrier along the east bank of the Calder River, ending a debate that has run since the floods of 2023 left more than 400 homes under water.",
    "The barrier, a 2.4-kilometre wall of reinforced concrete and earth embankment, will run from the Mill Street bridge to the old rail yards. Construction is expected to start in the spring and take about three years.",
    "\u201cWe cannot keep asking families to bail out their basements every other winter,\u201d said councillor Dana Whitfield, who brought the motion. \u201cThis is the most important thing this council will do.\u201d",
    "The project is estimated to cost $38 million. About half will come from a provincial resilience fund; the rest will be raised through a municipal bond, which the council must approve separately next month.",
    "The two councillors who voted against the plan said they supported flood protection but objected to the cost. Councillor Ian Brace argued that restoring wetlands upstream would protect more homes for less money.",
    "Residents of the Lowfield neighbourhood, which flooded twice in three years, packed the public gallery. Several applauded when the result was read out.",
]

NEWS_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Council approves Riverside flood barrier | The Riverton Gazette</title>
<meta name="description" content="The $38-million wall along the Calder River will take three years to build.">
<meta property="og:site_name" content="The Riverton Gazette">
<meta name="author" content="Maria Okafor">
<meta property="article:published_time" content="2026-01-14T06:30:00Z">
<link rel="canonical" href="https://www.riverton-gazette.example/news/2026/01/14/council-approves-flood-barrier">
<link rel="stylesheet" href="/static/site.css">
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());</script>
</head>
<body class="article-page">
<div id="cookie-banner" class="cookie-consent" role="dialog">
  <p>We use cookies to improve your experience and to show you personalised advertising. By clicking \u201cAccept all\u201d you agree to our use of cookies.</p>
  <button class="accept">Accept all</button> <button class="settings">Cookie settings</button>
</div>
<header class="site-header">
  <a class="logo" href="/">The Riverton Gazette</a>
  <nav class="main-nav"><ul>
    <li><a href="/news">News</a></li><li><a href="/politics">Politics</a></li><li><a href="/business">Business</a></li>
    <li><a href="/sport">Sport</a></li><li><a href="/opinion">Opinion</a></li><li><a href="/subscribe">Subscribe</a></li>
  </ul></nav>
</header>
<main>
<article class="story">
  <nav class="breadcrumb"><a href="/">Home</a> &rsaquo; <a href="/news">News</a> &rsaquo; Local</nav>
  <h1>Council approves Riverside flood barrier after years of debate</h1>
  <p class="byline">By <a href="/staff/maria-okafor" rel="author">Maria Okafor</a> &middot; <time datetime="2026-01-14T06:30:00Z">January 14, 2026</time></p>
  <div class="story-body">
""" + "\n".join("    <p>" + p + "</p>" for p in NEWS_PARAS[:3]) + """
    <div class="ad-slot" data-ad="mid-article">Advertisement</div>
""" + "\n".join("    <p>" + p + "</p>" for p in NEWS_PARAS[3:]) + """
  </div>
  <div class="share"><a href="#">Share on Facebook</a> <a href="#">Share on X</a> <a href="#">Email this story</a></div>
</article>
<aside class="related">
  <h2>Related stories</h2>
  <ul>
    <li><a href="/news/2025/11/02/lowfield-residents-demand-action">Lowfield residents demand action after second flood</a></li>
    <li><a href="/news/2025/09/18/province-opens-resilience-fund">Province opens $200-million resilience fund</a></li>
    <li><a href="/opinion/2025/12/01/wetlands-not-walls">Opinion: Wetlands, not walls</a></li>
  </ul>
</aside>
<section class="comments" id="comments">
  <h2>Comments (3)</h2>
  <div class="comment"><span class="comment-author">lowfield_mom</span><p>Finally. We have been waiting for this since 2023.</p></div>
  <div class="comment"><span class="comment-author">budgetwatcher</span><p>Thirty-eight million is a lot of money for a wall. Who pays when it runs over?</p></div>
  <div class="comment"><span class="comment-author">R. Singh</span><p>Good decision, but the wetlands idea deserves a proper study too.</p></div>
  <form class="comment-form"><textarea placeholder="Join the discussion"></textarea><button>Post comment</button></form>
</section>
</main>
<footer class="site-footer">
  <ul><li><a href="/about">About us</a></li><li><a href="/contact">Contact</a></li><li><a href="/privacy">Privacy policy</a></li><li><a href="/terms">Terms of use</a></li></ul>
  <p>&copy; 2026 The Riverton Gazette. All rights reserved.</p>
</footer>
</body>
</html>
"""

NEWS_GOLD = gold("Council approves Riverside flood barrier after years of debate", *NEWS_PARAS)

NEXT_PARAS = [
    "Sourdough starter is nothing more than flour and water left long enough for wild yeast and lactic acid bacteria to move in. The trick is keeping that colony healthy while you learn its rhythm.",
    "Feed your starter at the same time every day with equal weights of flour and water. A rye or whole-wheat flour gives the microbes more to eat in the first week and speeds things up.",
    "Your starter is ready to bake with when it reliably doubles within four to six hours of a feeding and smells pleasantly sour, like yoghurt rather than nail polish.",
    "If a grey liquid collects on top, the starter is hungry. Pour it off, feed it, and move it somewhere a little warmer.",
]
NEXT_TITLE = "How to keep a sourdough starter alive"
NEXT_DATA = {
    "props": {
        "pageProps": {
            "post": {
                "slug": "keep-sourdough-starter-alive",
                "title": NEXT_TITLE,
                "author": {"name": "Tomasz Nowak"},
                "publishedAt": "2025-11-03T10:00:00.000Z",
                "body": [{"type": "paragraph", "text": p} for p in NEXT_PARAS],
                "tags": ["baking", "sourdough"],
            },
            "related": [{"slug": "best-flour-for-bread", "title": "Which flour makes the best bread?"}],
        },
        "__N_SSG": True,
    },
    "page": "/blog/[slug]",
    "query": {"slug": "keep-sourdough-starter-alive"},
    "buildId": "x7Gk2pQm9",
    "isFallback": False,
    "gsp": True,
}
NEXT_HTML = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>""" + NEXT_TITLE + """ \u2013 Crumb &amp; Crust</title><meta name="author" content="Tomasz Nowak"><link rel="preload" href="/_next/static/css/4b1e.css" as="style"><script defer src="/_next/static/chunks/main-a1b2c3.js"></script></head><body><div id="__next"><div class="layout"><header class="Header_root__x1"><a href="/">Crumb &amp; Crust</a><nav><a href="/blog">Blog</a><a href="/recipes">Recipes</a><a href="/shop">Shop</a></nav></header><main class="Post_main__k2"><article><h1 class="Post_title__z9">""" + NEXT_TITLE + """</h1><div class="Post_meta__q1">Tomasz Nowak \u00b7 3 November 2025 \u00b7 4 min read</div><div class="Post_body__m3">""" + paragraphs(NEXT_PARAS, sep="") + """</div></article><section class="Newsletter_box__p0"><h3>Get a new recipe every Friday</h3><input type="email" placeholder="you@example.com"><button>Sign up</button></section></main><footer class="Footer_root__f4">\u00a9 2025 Crumb &amp; Crust</footer></div></div><script id="__NEXT_DATA__" type="application/json">""" + json.dumps(NEXT_DATA, separators=(",", ":")) + """</script></body></html>"""
NEXT_GOLD = gold(NEXT_TITLE, *NEXT_PARAS)

LIST_ITEMS = [
    ("Trail running shoes for wet ground", "Deep lugs and a rock plate for muddy autumn trails."),
    ("Lightweight rain shell", "Fully taped seams, packs into its own chest pocket."),
    ("Merino base layer", "Warm when wet and does not hold odour on multi-day trips."),
    ("Insulated water bottle", "Keeps drinks hot for twelve hours or cold for a full day."),
    ("Trekking poles with cork grips", "Three-section, adjustable from 100 to 135 centimetres."),
    ("Two-person backpacking tent", "A freestanding tent that weighs just under two kilograms."),
]
LIST_HEAD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>New arrivals \u2013 Fell &amp; Field Outdoor</title></head>
<body>
<header><a href="/">Fell &amp; Field</a> <nav><a href="/men">Men</a> <a href="/women">Women</a> <a href="/gear">Gear</a> <a href="/sale">Sale</a> <a href="/cart">Cart (0)</a></nav></header>
<main>
<h1>New arrivals</h1>
<p class="intro">Fresh gear for the season, picked by our staff.</p>
<div class="filters">Sort by: <a href="?sort=new">Newest</a> | <a href="?sort=price">Price</a></div>
<ul class="product-grid">
"""
LIST_ITEM = """<li class="product"><a href="/p/{slug}"><img src="/img/{slug}.jpg" alt=""><h2>{title}</h2></a><p>{teaser}</p><span class="price">${price}</span></li>
"""


def slugify(s):
    return "-".join(w.lower() for w in s.split())


LIST_HTML_FULL = LIST_HEAD + "".join(
    LIST_ITEM.format(slug=slugify(t), title=t, teaser=d, price=49 + 10 * i) for i, (t, d) in enumerate(LIST_ITEMS)
) + """</ul>
<nav class="pagination"><a href="?page=2">Next page</a></nav>
</main>
<footer><p>Free returns within 30 days. \u00a9 2026 Fell &amp; Field Outdoor Ltd.</p></footer>
</body></html>
"""
# The crawler stopped at its size limit in the middle of the last product: WARC-Truncated: length.
_cut = LIST_HTML_FULL.index("<li class=\"product\"><a href=\"/p/" + slugify(LIST_ITEMS[-1][0]))
LIST_HTML = LIST_HTML_FULL[: _cut + 60]
LIST_GOLD = gold("New arrivals", "Fresh gear for the season, picked by our staff.", *(gold(t, d) for t, d in LIST_ITEMS[:-1]))

SHELL_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dashboard</title><link href="/static/css/main.8c1f2e.css" rel="stylesheet"></head><body><div id="root"></div><script src="/static/js/runtime.3f2a91.js"></script><script src="/static/js/main.9b7c44.js"></script></body></html>"""
SHELL_GOLD = ""

CP1252_PARAS = [
    "Caf\u00e9 Mistral opened on the corner of Rue Danton in 1962, and for most of its life it has served the same thing: strong coffee, a croissant, and the day\u2019s newspaper.",
    "Its owner, Ren\u00e9e Fabre, still calls the espresso machine \u201cla b\u00eate\u201d \u2013 the beast. It was bought second-hand in 1978 for 4\u00a0000 francs and has never been replaced.",
    "A coffee costs \u20ac1.80 at the counter and \u20ac2.40 at a table \u2014 a price that has risen only twice in twenty years. \u201cPeople come for the na\u00efve pleasure of sitting still,\u201d she says.",
]
CP1252_HTML = """<html>
<head>
<title>Caf\u00e9 Mistral: sixty years behind the counter</title>
</head>
<body bgcolor="#ffffff">
<table width="100%"><tr><td class="menu"><a href="index.html">Accueil</a> | <a href="portraits.html">Portraits</a> | <a href="contact.html">Contact</a></td></tr></table>
<h1>Caf\u00e9 Mistral: sixty years behind the counter</h1>
""" + paragraphs(CP1252_PARAS) + """
<hr>
<p class="small">Derni\u00e8re mise \u00e0 jour : 12 janvier 2026 \u2013 <a href="mailto:redaction@quartier.example">\u00e9crire \u00e0 la r\u00e9daction</a></p>
</body>
</html>
"""
CP1252_GOLD = gold("Caf\u00e9 Mistral: sixty years behind the counter", *CP1252_PARAS)

SJIS_PARAS = [
    "\u4eac\u90fd\u5e02\u306e\u5317\u90e8\u306b\u3042\u308b\u5c0f\u3055\u306a\u8336\u8fb2\u5bb6\u3067\u306f\u3001\u4eca\u5e74\u3082\u4e00\u756a\u8336\u306e\u6458\u307f\u53d6\u308a\u304c\u59cb\u307e\u308a\u307e\u3057\u305f\u3002\u5bb6\u65cf\u4e09\u4ee3\u3067\u5b88\u3063\u3066\u304d\u305f\u8336\u7551\u306f\u3001\u304a\u3088\u305d\u4e00\u30d8\u30af\u30bf\u30fc\u30eb\u3067\u3059\u3002",
    "\u6458\u307f\u53d6\u3063\u305f\u8336\u8449\u306f\u3001\u305d\u306e\u65e5\u306e\u3046\u3061\u306b\u84b8\u3057\u3066\u63c9\u307f\u3001\u4e7e\u71e5\u3055\u305b\u307e\u3059\u3002\u8fb2\u5bb6\u306e\u4e3b\u4eba\u306f\u300c\u9999\u308a\u306f\u6642\u9593\u3068\u306e\u52dd\u8ca0\u3067\u3059\u300d\u3068\u8a71\u3057\u307e\u3059\u3002",
    "\u4eca\u5e74\u306f\u6625\u5148\u306e\u6c17\u6e29\u304c\u9ad8\u304b\u3063\u305f\u305f\u3081\u3001\u82bd\u306e\u4f38\u3073\u304c\u4f8b\u5e74\u3088\u308a\u4e00\u9031\u9593\u307b\u3069\u65e9\u304b\u3063\u305f\u3068\u3044\u3046\u3053\u3068\u3067\u3059\u3002",
]
SJIS_TITLE = "\u8336\u8fb2\u5bb6\u3067\u4e00\u756a\u8336\u306e\u6458\u307f\u53d6\u308a\u59cb\u307e\u308b"
SJIS_HTML = """<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html lang="ja">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">
<title>""" + SJIS_TITLE + """ - \u5730\u57df\u30cb\u30e5\u30fc\u30b9</title>
</head>
<body>
<div id="menu"><a href="/">\u30c8\u30c3\u30d7</a> | <a href="/news/">\u30cb\u30e5\u30fc\u30b9</a> | <a href="/event/">\u30a4\u30d9\u30f3\u30c8</a></div>
<div id="main">
<h1>""" + SJIS_TITLE + """</h1>
""" + paragraphs(SJIS_PARAS) + """
</div>
<div id="footer">Copyright (C) 2026 \u5730\u57df\u30cb\u30e5\u30fc\u30b9 All Rights Reserved.</div>
</body>
</html>
"""
SJIS_GOLD = gold(SJIS_TITLE, *SJIS_PARAS)

MOJI_PARAS = [
    "Z\u00fcrich\u2019s oldest bakery, Confiserie H\u00e4berli, has sold the same caramelised-almond Biber since 1891.",
    "The recipe calls for honey from the Appenzell valley, almonds from Sicily and a spice mix the family will only describe as \u201cwhat Grandmother used\u201d.",
    "On a busy December day the bakers turn out 3\u00a0000 pieces; each one is still stamped by hand with a carved pear-wood mould.",
]
MOJI_TITLE = "A bakery that has made the same biscuit since 1891"


def mojibake(s):
    # UTF-8 bytes read as windows-1252 (latin-1 for the bytes 1252 leaves undefined), then saved as UTF-8.
    out = []
    for b in s.encode("utf-8"):
        try:
            out.append(bytes([b]).decode("cp1252"))
        except UnicodeDecodeError:
            out.append(bytes([b]).decode("latin-1"))
    return "".join(out)


MOJI_HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>""" + MOJI_TITLE + """</title></head>
<body>
<div class="topbar"><a href="/">Swiss Table</a> &middot; <a href="/recipes">Recipes</a> &middot; <a href="/travel">Travel</a></div>
<article>
<h1>""" + MOJI_TITLE + """</h1>
""" + "\n".join("<p>" + mojibake(p) + "</p>" for p in MOJI_PARAS) + """
</article>
<div class="footer">Swiss Table &middot; a food blog</div>
</body></html>
"""
MOJI_GOLD = gold(MOJI_TITLE, *MOJI_PARAS)

BAD_PARAS = [
    "The old lighthouse on Marrow Point was switched off in 1994, but volunteers still climb its 112 steps every Sunday to polish the brass.",
    "Inside the lantern room the original Fresnel lens is intact, a beehive of glass prisms taller than a person.",
    "The volunteers hope to reopen the tower to visitors next summer, once the railings on the gallery have been repaired.",
]
BAD_HTML = """<html>
<head>
<title>Marrow Point lighthouse</title>
</head>
<BODY>
<div id=nav><a href=/>Home</a> <a href=/walks>Walks</a> <a href=/history>History</div>
<div class=content>
<h2>Marrow Point lighthouse</h1>
<p>""" + BAD_PARAS[0].replace("every Sunday", "<b>every <i>Sunday</b></i>") + """
<p>""" + BAD_PARAS[1] + """
</div></div></span>
<p>""" + BAD_PARAS[2] + """
<table><tr><td>
<div class=footer>Marrow Point Heritage Trust &mdash; registered charity 1048832
"""
BAD_GOLD = gold("Marrow Point lighthouse", *BAD_PARAS)

TABLE_ROWS = [("Quarter", "Rainfall (mm)", "Days of rain"), ("Q1", "212", "38"), ("Q2", "148", "29"), ("Q3", "96", "17"), ("Q4", "265", "44")]
TABLE_INTRO = "Rainfall at the Hollins Moor weather station was close to the thirty-year average in 2025, but it fell very unevenly through the year."
TABLE_OUTRO = "The dry third quarter was the driest since records began at the station in 1961."
TABLE_HTML = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Hollins Moor rainfall, 2025</title></head>
<body>
<div class="nav"><a href="/">Station home</a> | <a href="/data">Data</a> | <a href="/about">About</a></div>
<div class="report">
<h1>Hollins Moor rainfall, 2025</h1>
<p>""" + TABLE_INTRO + """</p>
<table class="data">
<thead><tr>""" + "".join("<th>" + c + "</th>" for c in TABLE_ROWS[0]) + """</tr></thead>
<tbody>
""" + "\n".join("<tr>" + "".join("<td>" + c + "</td>" for c in r) + "</tr>" for r in TABLE_ROWS[1:]) + """
</tbody></table>
<p>""" + TABLE_OUTRO + """</p>
</div>
<div class="footer">Data: Hollins Moor Volunteer Weather Network</div>
</body></html>
"""
TABLE_GOLD = gold("Hollins Moor rainfall, 2025", TABLE_INTRO, "\n".join("\t".join(r) for r in TABLE_ROWS), TABLE_OUTRO)

CODE_INTRO = "Python's pathlib makes it easy to walk a directory tree without os.walk. The function below counts the lines of every Python file under a directory."
CODE = '''from pathlib import Path

def count_lines(root: str) -> int:
    total = 0
    for path in Path(root).rglob("*.py"):
        with path.open(encoding="utf-8") as f:
            total += sum(1 for _ in f)
    return total

print(count_lines("."))'''
CODE_OUTRO = "rglob matches files in every subdirectory; use glob instead to stay in the top directory."
CODE_HTML = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Counting lines with pathlib - Snippets</title></head>
<body>
<header><a href="/">Snippets</a> <nav><a href="/python">Python</a> <a href="/shell">Shell</a> <a href="/sql">SQL</a></nav></header>
<main>
<h1>Counting lines with pathlib</h1>
<p>""" + CODE_INTRO + """</p>
<pre><code class="language-python">""" + CODE.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") + """</code></pre>
<p>""" + CODE_OUTRO + """</p>
</main>
<footer>Snippets is licensed CC BY 4.0 &middot; <a href="/feed.xml">RSS</a></footer>
</body></html>
"""
CODE_GOLD = gold("Counting lines with pathlib", CODE_INTRO, CODE, CODE_OUTRO)

SOFT404_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found | Riverton Gazette</title></head><body>
<header><a href="/">Riverton Gazette</a> <nav><a href="/news">News</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></nav></header>
<main><h1>Sorry, we can&rsquo;t find that page</h1>
<p>The story you were looking for may have been moved, renamed or archived. Try searching for it, or start again from the home page.</p>
<form action="/search"><input name="q" placeholder="Search the Gazette"><button>Search</button></form></main>
<footer><p>&copy; 2026 Riverton Gazette. All rights reserved.</p></footer></body></html>"""
SOFT404_GOLD = "Sorry, we can\u2019t find that page\n\nThe story you were looking for may have been moved, renamed or archived. Try searching for it, or start again from the home page."

# A regional German news page that declares nothing in its head: its byline ("Von ...") and its
# date ("5. Januar 2026") are only in its text, in German.
GERMAN_TITLE = "Stadtrat beschließt neue Brücke über die Lahn"
GERMAN_PARAS = [
    "Der Stadtrat von Lahnfeld hat am Dienstagabend mit 31 zu 6 Stimmen den Bau einer neuen Fuß- und Radwegbrücke über die Lahn beschlossen. Damit endet eine Debatte, die seit dem Abriss der alten Holzbrücke im Jahr 2021 geführt wurde.",
    "Die neue Brücke soll die Altstadt mit dem Wohngebiet am Auenpark verbinden. Sie wird 84 Meter lang und aus Stahl gebaut; die Arbeiten sollen im Herbst beginnen und rund zwei Jahre dauern.",
    "\u201eWer heute zur Schule oder zum Bahnhof will, muss einen Umweg von fast zwei Kilometern fahren\u201c, sagte Bürgermeisterin Petra Lindner. \u201eDas ändert sich jetzt.\u201c",
    "Die Kosten werden auf 7,4 Millionen Euro geschätzt. Das Land übernimmt 60 Prozent aus dem Förderprogramm für den Radverkehr, den Rest trägt die Stadt.",
]

GERMAN_HTML = """<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>""" + GERMAN_TITLE + """ | Lahntal-Bote</title>
</head>
<body>
<div class="cookie-hinweis" role="dialog"><p>Wir verwenden Cookies, um Inhalte zu personalisieren und Werbung anzuzeigen.</p><button>Alle akzeptieren</button> <button>Einstellungen</button></div>
<header><a class="logo" href="/">Lahntal-Bote</a>
<nav><ul><li><a href="/">Startseite</a></li><li><a href="/lokales/">Lokales</a></li><li><a href="/politik/">Politik</a></li><li><a href="/sport/">Sport</a></li><li><a href="/kultur/">Kultur</a></li><li><a href="/abo/">Abo</a></li></ul></nav></header>
<main><article>
<h1>""" + GERMAN_TITLE + """</h1>
<p class="meta">Von Hans Müller</p>
<p class="meta">5. Januar 2026, 18:42 Uhr</p>
""" + paragraphs(GERMAN_PARAS) + """
<p class="teilen"><a href="#">Teilen</a></p>
</article>
<aside><h2>Das könnte Sie auch interessieren</h2><ul>
<li><a href="/lokales/neuer-radweg-nach-auendorf/">Neuer Radweg nach Auendorf freigegeben</a> <a class="mehr" href="/lokales/neuer-radweg-nach-auendorf/">Weiterlesen</a></li>
<li><a href="/lokales/hochwasserschutz-am-auenpark/">Hochwasserschutz am Auenpark kommt voran</a> <a class="mehr" href="/lokales/hochwasserschutz-am-auenpark/">Weiterlesen</a></li>
</ul></aside></main>
<footer><a href="/impressum/">Impressum</a> <a href="/datenschutz/">Datenschutz</a> <p>&copy; 2026 Lahntal-Bote</p></footer>
</body></html>
"""

GERMAN_GOLD = gold(GERMAN_TITLE, *GERMAN_PARAS)

# A Thai news page: Thai puts no spaces between words and ends its sentences with a space, not a mark.
THAI_TITLE = "ฝนตกหนักทั่วกรุงเทพ เตือนประชาชนรับมือน้ำท่วมขัง"
THAI_PARAS = [
    "กรมอุตุนิยมวิทยาประกาศเตือนว่าจะมีฝนตกหนักถึงหนักมากในกรุงเทพมหานครและปริมณฑลตลอดสัปดาห์นี้ ประชาชนในพื้นที่ลุ่มต่ำควรเตรียมรับมือกับน้ำท่วมขังและติดตามประกาศอย่างใกล้ชิด",
    "กรุงเทพมหานครได้เตรียมเครื่องสูบน้ำกว่าสองร้อยเครื่องไว้ตามจุดเสี่ยง และเปิดศูนย์รับแจ้งเหตุตลอดยี่สิบสี่ชั่วโมง ผู้ว่าราชการกล่าวว่าจะเร่งระบายน้ำให้ได้ภายในสามชั่วโมงหลังฝนหยุดตก",
    "ด้านกรมชลประทานแจ้งว่าระดับน้ำในเขื่อนหลักยังอยู่ในเกณฑ์ปลอดภัย แต่จะเฝ้าระวังปริมาณน้ำที่ไหลลงแม่น้ำเจ้าพระยาอย่างต่อเนื่อง",
]

THAI_HTML = """<!DOCTYPE html>
<html lang="th">
<head><meta charset="utf-8"><title>""" + THAI_TITLE + """ - ไทยนิวส์</title></head>
<body>
<header><a href="/">ไทยนิวส์</a><nav><a href="/">หน้าแรก</a> <a href="/news/">ข่าว</a> <a href="/sport/">กีฬา</a> <a href="/ent/">บันเทิง</a> <a href="/tech/">เทคโนโลยี</a></nav></header>
<div class="content"><h1>""" + THAI_TITLE + """</h1>
""" + paragraphs(THAI_PARAS) + """
</div>
<aside class="sidebar"><h3>ข่าวยอดนิยม</h3><ul><li><a href="/a">ราคาทองวันนี้ปรับขึ้น</a></li><li><a href="/b">ผลบอลเมื่อคืน</a></li><li><a href="/c">พยากรณ์อากาศวันนี้</a></li></ul></aside>
<footer><p>สงวนลิขสิทธิ์ ไทยนิวส์</p> <a href="/privacy">นโยบายความเป็นส่วนตัว</a></footer>
</body></html>
"""

THAI_GOLD = gold(THAI_TITLE, *THAI_PARAS)

EARLY_PARAS = [
    "Last summer we drove up to the Kessel valley for a week of hiking. The weather held for six days out of seven, and we climbed three of the peaks above the lake.",
    "On the second day a shepherd showed us a path around the north shore that is on no map. It was the best walk of the week, with the glacier in view the whole way.",
    "We will go back next year, in September, when the huts are quieter and the larches turn yellow.",
]
EARLY_HTML = """<html><head><title>Our week in the Kessel valley</title></head>
<body bgcolor="#ffffff"><table width="760" border="0"><tr>
<td width="140" valign="top" bgcolor="#ddeeff"><a href="/">Home</a><br><a href="/trips/">Our trips</a><br><a href="/photos/">Photo album</a><br>
<a href="/recipes/">Recipes</a><br><a href="/links.html">Links</a><br><a href="/guestbook.html">Guestbook</a></td>
<td valign="top"><font face="Arial" size="4"><b>Our week in the Kessel valley</b></font><br>
<font size="2">By Anna Berger</font><br><br>
""" + "<br><br>\n".join(EARLY_PARAS) + """</td></tr></table>
<center><font size="1">Last updated 12.10.2003 - You are visitor no. 4711</font></center></body></html>"""
EARLY_GOLD = gold("Our week in the Kessel valley", "By Anna Berger", *EARLY_PARAS)

LIST_ARCHIVE_MESSAGE = """&gt; Is there a way to make the build skip the documentation step?

Yes. Set SKIP_DOCS=1 in the environment before you run make, and the
documentation step is left out. It saves about four minutes on a slow
machine.

We do not recommend it for release builds, since the man pages are
generated in that step and the installer expects them.

-- 
Maria Lindqvist"""
LIST_ARCHIVE_NAV = """<ul><li>Previous message: <a href="000412.html">[buildtools] Skipping the docs step</a></li>
<li>Next message: <a href="000414.html">[buildtools] Re: Skipping the docs step</a></li>
<li><b>Messages sorted by:</b> <a href="date.html">[ date ]</a> <a href="thread.html">[ thread ]</a>
<a href="subject.html">[ subject ]</a> <a href="author.html">[ author ]</a></li></ul>"""
LIST_ARCHIVE_HTML = """<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2//EN">
<HTML><HEAD><TITLE> [buildtools] Re: Skipping the docs step</TITLE></HEAD><BODY BGCOLOR="#ffffff">
<H1>[buildtools] Re: Skipping the docs step</H1>
<B>Maria Lindqvist</B> <A HREF="mailto:buildtools%40lists.example.org">maria at lists.example.org</A><BR>
<I>Tue Mar  4 10:12:55 CET 2008</I><P>""" + LIST_ARCHIVE_NAV + """<HR>
<!--beginarticle--><PRE>""" + LIST_ARCHIVE_MESSAGE + """
</PRE><!--endarticle--><HR><P>""" + LIST_ARCHIVE_NAV + """<hr>
<a href="https://lists.example.org/mailman/listinfo/buildtools">More information about the buildtools mailing list</a><br>
</body></html>"""
LIST_ARCHIVE_GOLD = "[buildtools] Re: Skipping the docs step\n\n" + LIST_ARCHIVE_MESSAGE.replace("&gt;", ">")

JSON_BODY = json.dumps({"status": "ok", "items": [{"id": 1, "name": "widget"}, {"id": 2, "name": "gadget"}]}).encode()


def chunked(body, size=700):
    out = b""
    for i in range(0, len(body), size):
        part = body[i : i + size]
        out += b"%x\r\n" % len(part) + part + b"\r\n"
    return out + b"0\r\n\r\n"


# name, url, http headers, body bytes, options
PAGES = [
    dict(name="news-article", url="https://www.riverton-gazette.example/news/2026/01/14/council-approves-flood-barrier",
         ctype="text/html; charset=utf-8", body=NEWS_HTML.encode("utf-8"), gold=NEWS_GOLD, expect="extracted",
         with_=["Council approves Riverside flood barrier", "voted 7 to 2", "wetlands upstream would protect more homes", "applauded when the result was read out"],
         without=["We use cookies", "Accept all", "Related stories", "Lowfield residents demand action", "Thirty-eight million is a lot", "All rights reserved", "Privacy policy", "Share on Facebook"]),
    dict(name="nextjs-hydration", url="https://crumbandcrust.example/blog/keep-sourdough-starter-alive",
         ctype="text/html; charset=utf-8", body=NEXT_HTML.encode("utf-8"), gold=NEXT_GOLD, expect="extracted",
         with_=["nothing more than flour and water", "doubles within four to six hours", "grey liquid collects on top"],
         without=["pageProps", "buildId", "__N_SSG", "Get a new recipe every Friday", "\"type\":\"paragraph\""]),
    dict(name="listing", url="https://fellandfield.example/new-arrivals",
         ctype="text/html; charset=utf-8", body=LIST_HTML.encode("utf-8"), gold=LIST_GOLD, expect="extracted", truncated=True,
         with_=["Trail running shoes for wet ground", "Merino base layer", "Trekking poles with cork grips"],
         without=["Cart (0)", "Two-person backpacking tent", "Free returns within 30 days"]),
    dict(name="js-shell", url="https://app.metricboard.example/dashboard",
         ctype="text/html", body=SHELL_HTML.encode("utf-8"), gold=SHELL_GOLD, expect="rejected:empty", with_=[], without=[]),
    dict(name="windows-1252", url="http://quartier-danton.example/portraits/cafe-mistral.html",
         ctype="text/html", body=CP1252_HTML.encode("cp1252"), gold=CP1252_GOLD, expect="extracted", lf_only=True,
         with_=["Caf\u00e9 Mistral opened", "\u201cla b\u00eate\u201d", "\u20ac1.80", "na\u00efve pleasure"], without=["Accueil", "Derni\u00e8re mise \u00e0 jour"]),
    dict(name="shift-jis", url="http://chiiki-news.example/news/2026/0114.html",
         ctype="text/html", body=SJIS_HTML.encode("shift_jis"), gold=SJIS_GOLD, expect="extracted",
         with_=[SJIS_PARAS[0][:20], SJIS_PARAS[2][:15]], without=["Copyright (C) 2026"]),
    dict(name="mojibake", url="https://swisstable.example/2025/12/haeberli-biber",
         ctype="text/html; charset=utf-8", body=MOJI_HTML.encode("utf-8"), gold=MOJI_GOLD, expect="extracted",
         with_=["Z\u00fcrich\u2019s oldest bakery", "Confiserie H\u00e4berli", "\u201cwhat Grandmother used\u201d"], without=["\u00c3\u00a4", "\u00e2\u20ac"]),
    dict(name="malformed", url="http://marrowpoint-heritage.example/lighthouse.htm",
         ctype="text/html; charset=iso-8859-1", body=BAD_HTML.encode("latin-1"), gold=BAD_GOLD, expect="extracted",
         with_=["switched off in 1994", "Fresnel lens is intact", "reopen the tower to visitors"], without=["registered charity"]),
    dict(name="table", url="https://hollinsmoor-weather.example/reports/2025-rainfall",
         ctype=None, body=TABLE_HTML.encode("utf-8"), gold=TABLE_GOLD, expect="extracted",
         with_=["close to the thirty-year average", "Rainfall (mm)", "265", "driest since records began"], without=["Volunteer Weather Network", "Station home"]),
    dict(name="code-block", url="https://snippets.example/python/count-lines-pathlib",
         ctype="text/html; charset=utf-8", body=CODE_HTML.encode("utf-8"), gold=CODE_GOLD, expect="extracted", encoded=True,
         with_=["for path in Path(root).rglob(\"*.py\"):", "        with path.open(encoding=\"utf-8\") as f:", "rglob matches files in every subdirectory"], without=["licensed CC BY 4.0"]),
    dict(name="early-web", url="http://www.berger-family.example/trips/kessel.html",
         ctype="text/html", body=EARLY_HTML.encode("latin-1"), gold=EARLY_GOLD, expect="extracted",
         with_=["three of the peaks above the lake.\n\nOn the second day", "the larches turn yellow"], without=["Guestbook", "Photo album", "visitor no."]),
    dict(name="list-archive", url="https://lists.example.org/pipermail/buildtools/2008-March/000413.html",
         ctype="text/html; charset=us-ascii", body=LIST_ARCHIVE_HTML.encode("ascii"), gold=LIST_ARCHIVE_GOLD, expect="extracted",
         with_=["Set SKIP_DOCS=1 in the environment", "the installer expects them."], without=[]),
    dict(name="json-api", url="https://api.metricboard.example/v1/items",
         ctype="application/json", body=JSON_BODY, gold=None, expect="skipped:not_html", with_=[], without=[]),
    dict(name="soft-404", url="https://www.riverton-gazette.example/news/2025/03/02/ferry-timetable",
         ctype="text/html; charset=utf-8", body=SOFT404_HTML.encode("utf-8"), gold=SOFT404_GOLD, expect="extracted",
         reject_reason="error_page", with_=["may have been moved, renamed or archived"], without=["All rights reserved", "Sport"]),
    dict(name="german-news", url="https://www.lahntal-bote.example/lokales/stadtrat-beschliesst-neue-bruecke-ueber-die-lahn/",
         ctype="text/html; charset=utf-8", body=GERMAN_HTML.encode("utf-8"), gold=GERMAN_GOLD, expect="extracted",
         author="Hans Müller", published="2026-01-05",
         with_=["mit 31 zu 6 Stimmen", "Das ändert sich jetzt."], without=["Cookies", "Teilen", "Weiterlesen", "Auendorf", "Impressum"]),
    dict(name="thai-news", url="https://www.thainews.example/news/2026/01/14/heavy-rain-bangkok",
         ctype="text/html; charset=utf-8", body=THAI_HTML.encode("utf-8"), gold=THAI_GOLD, expect="extracted", accepted=True,
         with_=[THAI_PARAS[0][:30], THAI_PARAS[2][-30:]], without=["ข่าวยอดนิยม", "สงวนลิขสิทธิ์"]),
]


def http_response(page, second):
    body = page["body"]
    headers = [("Date", HTTP_DATE.format(second // 60, second % 60)), ("Server", "nginx/1.24.0")]
    if page["ctype"]:
        headers.append(("Content-Type", page["ctype"]))
    payload = body
    if page.get("encoded"):
        payload = chunked(gz_bytes(body))
        headers += [("Content-Encoding", "gzip"), ("Transfer-Encoding", "chunked"), ("Vary", "Accept-Encoding")]
    else:
        headers.append(("Content-Length", str(len(body))))
    headers.append(("Connection", "close"))
    eol = "\n" if page.get("lf_only") else "\r\n"
    head = "HTTP/1.1 200 OK" + eol + "".join(f"{k}: {v}{eol}" for k, v in headers) + eol
    return head.encode("latin-1") + payload


def http_request(page):
    host = page["url"].split("/")[2]
    path = "/" + page["url"].split("/", 3)[3] if page["url"].count("/") >= 3 else "/"
    return (
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: pith-samples/1.0 (+https://example.org/pith)\r\n"
        "Accept: text/html,application/xhtml+xml;q=0.9,*/*;q=0.8\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
    ).encode("latin-1")


def warc_record(version, fields, block, wget_uri=False):
    lines = [version]
    for k, v in fields:
        if k == "WARC-Target-URI" and wget_uri:
            v = "<" + v + ">"
        lines.append(f"{k}: {v}")
    lines.append(f"Content-Length: {len(block)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8") + block + b"\r\n\r\n"


def build_records():
    """[(fields, block, expectation or None)] in file order."""
    recs = []
    info = b"software: pith warc-samples generator\r\nformat: WARC File Format 1.0\r\nisPartOf: pith-samples\r\ndescription: small realistic WARC records with gold text\r\n"
    recs.append(([("WARC-Type", "warcinfo"), ("WARC-Date", WARC_DATE.format(0, 0)), ("WARC-Filename", "samples.warc.gz"),
                  ("WARC-Record-ID", "<" + rid("warcinfo") + ">"), ("Content-Type", "application/warc-fields")], info, "skipped:not_response"))
    for i, page in enumerate(PAGES):
        second = 10 * (i + 1)
        date = WARC_DATE.format(second // 60, second % 60)
        req = http_request(page)
        recs.append(([("WARC-Type", "request"), ("WARC-Date", date), ("WARC-Record-ID", "<" + rid(page["name"] + "/request") + ">"),
                      ("WARC-Target-URI", page["url"]), ("WARC-Concurrent-To", "<" + rid(page["name"]) + ">"),
                      ("Content-Type", "application/http; msgtype=request"), ("WARC-Block-Digest", sha1_b32(req))], req, "skipped:not_response"))
        resp = http_response(page, second)
        payload = resp[resp.index(b"\n\n" if page.get("lf_only") else b"\r\n\r\n") + (2 if page.get("lf_only") else 4):]
        fields = [("WARC-Type", "response"), ("WARC-Date", date), ("WARC-Record-ID", "<" + rid(page["name"]) + ">"),
                  ("WARC-Target-URI", page["url"]), ("WARC-IP-Address", f"192.0.2.{10 + i}"),
                  ("Content-Type", "application/http; msgtype=response"),
                  ("WARC-Payload-Digest", sha1_b32(payload)), ("WARC-Block-Digest", sha1_b32(resp))]
        if page.get("truncated"):
            fields.append(("WARC-Truncated", "length"))
        recs.append((fields, resp, page))
        if i % 3 == 0:
            meta = f"fetchTimeMs: {120 + 7 * i}\r\ncharset-detected: UTF-8\r\n".encode()
            recs.append(([("WARC-Type", "metadata"), ("WARC-Date", date), ("WARC-Record-ID", "<" + rid(page["name"] + "/metadata") + ">"),
                          ("WARC-Target-URI", page["url"]), ("WARC-Refers-To", "<" + rid(page["name"]) + ">"),
                          ("Content-Type", "application/warc-fields")], meta, "skipped:not_response"))
    # A revisit of the news article: same payload digest, headers only.
    news = PAGES[0]
    rev_http = b"HTTP/1.1 200 OK\r\nDate: Wed, 14 Jan 2026 10:30:00 GMT\r\nServer: nginx/1.24.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"
    news_payload = news["body"]
    recs.append(([("WARC-Type", "revisit"), ("WARC-Date", "2026-01-14T10:30:00Z"), ("WARC-Record-ID", "<" + rid("news-article/revisit") + ">"),
                  ("WARC-Target-URI", news["url"]), ("WARC-Profile", "http://netpreserve.org/warc/1.0/revisit/identical-payload-digest"),
                  ("WARC-Refers-To-Target-URI", news["url"]), ("WARC-Refers-To-Date", WARC_DATE.format(0, 10)),
                  ("WARC-Payload-Digest", sha1_b32(news_payload)), ("Content-Type", "application/http; msgtype=response")], rev_http, "skipped:revisit"))
    return recs


def main():
    recs = build_records()
    os.makedirs(os.path.join(HERE, "gold"), exist_ok=True)
    os.makedirs(os.path.join(HERE, "html"), exist_ok=True)
    with open(os.path.join(HERE, "samples.warc.gz"), "wb") as f:
        for fields, block, _ in recs:
            f.write(gz_member(warc_record("WARC/1.0", fields, block)))
    with open(os.path.join(HERE, "samples-plain.warc"), "wb") as f:
        for fields, block, _ in recs:
            f.write(warc_record("WARC/1.1", fields, block, wget_uri=True))
    manifest = []
    for fields, block, exp in recs:
        h = dict(fields)
        entry = {"id": h["WARC-Record-ID"][1:-1], "type": h["WARC-Type"], "url": h.get("WARC-Target-URI")}
        if isinstance(exp, dict):
            entry.update(name=exp["name"], expect=exp["expect"], warc_truncated=bool(exp.get("truncated")),
                         **{"with": exp["with_"], "without": exp["without"]})
            for key in ("reject_reason", "accepted", "author", "published"):
                if exp.get(key) is not None:
                    entry[key] = exp[key]
            if exp["gold"] is not None:
                entry["gold"] = f"gold/{exp['name']}.txt"
                with open(os.path.join(HERE, "gold", exp["name"] + ".txt"), "w", encoding="utf-8") as g:
                    g.write(exp["gold"] + ("\n" if exp["gold"] else ""))
        else:
            entry["expect"] = exp
        manifest.append(entry)
    # Plain HTML inputs: the news article as .html, the table as .html.gz.
    with open(os.path.join(HERE, "html", "news-article.html"), "wb") as f:
        f.write(PAGES[0]["body"])
    with open(os.path.join(HERE, "html", "table.html.gz"), "wb") as f:
        f.write(gz_bytes(PAGES[8]["body"]))
    html_files = [
        {"file": "html/news-article.html", "name": "news-article", "id": "urn:sha1:" + hashlib.sha1(PAGES[0]["body"]).hexdigest()},
        {"file": "html/table.html.gz", "name": "table", "id": "urn:sha1:" + hashlib.sha1(PAGES[8]["body"]).hexdigest()},
    ]
    with open(os.path.join(HERE, "gold", "manifest.json"), "w", encoding="utf-8") as g:
        json.dump({"warc": ["samples.warc.gz", "samples-plain.warc"], "records": manifest, "html": html_files}, g, ensure_ascii=False, indent=1)
        g.write("\n")
    print(f"wrote {len(recs)} records to samples.warc.gz and samples-plain.warc, {sum(1 for r in manifest if r.get('gold'))} gold texts")


if __name__ == "__main__":
    main()
