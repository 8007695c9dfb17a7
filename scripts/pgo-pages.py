#!/usr/bin/env python3
"""Writes the pages that train the native addon's profile-guided build (scripts/build-native.sh).

Usage: scripts/pgo-pages.py OUT_DIR

Profile guidance lays out and inlines code by how often the training run runs it, so the training
pages should be marked up the way crawled pages are: long heads of meta tags, preloads, styles and
inline scripts; hydration JSON and JSON-LD; navigation menus, cookie banners, forms, inline SVG
icons and class-heavy wrappers; then an article, product, forum thread, listing, documentation page
or landing page, in several languages and encodings. Trained on the sample WARCs alone (a few small
hand-written pages), the addon was 2-4% slower on the dev pages than one trained on real pages
(bench/results/profile.md).

The text is made from word lists, not copied from anywhere, and every page is the same on every
run (a seeded generator): the addon built from the same sources is the same everywhere. Only the
Python standard library is used.
"""
import gzip
import json
import os
import random
import sys

EN = """the of and to in is that for it as was with be by on not he this are or his from at which but
have an they you were her she there been one all we their has would when if so no what more out up
into do any your other could time only new some these two may first then people over also after
such years most made between many those where city council river water market school family house
report study company price plan work season music game team player data model system design road
bridge energy garden winter summer village night morning history local public small large early
late long short strong quiet bright simple careful open free full clear ready recent different
important general possible major local common political social economic built said found gave
took kept moved opened closed started finished changed grew held brought began ran wrote read""".split()
DE = """der die das und ist nicht mit von zu den für auf dem im ein eine sich auch es an werden aus
er hat dass sie nach wird bei einer um noch wie einem über so zum kann nur sein ich nun war haben
Stadt Rat Fluss Wasser Markt Schule Familie Haus Bericht Jahr Preis Plan Arbeit Zeit Brücke Straße
größer schön früh spät neue alte kleine große gebaut gesagt gefunden""".split()
FR = """le la les de des du et est que qui dans pour pas une un sur avec plus par au ce il elle ont
été être fait mais comme aussi leur tout nous vous cette ville conseil rivière eau marché école
famille maison rapport année prix projet travail temps pont été hiver café déjà très où ça""".split()
JA = ["市議会は火曜日の夜、川沿いに恒久的な防潮堤を建設することを決めた。", "工事は春に始まり、およそ三年かかる見込みだ。",
      "住民の多くは計画を歓迎しているが、費用をめぐる議論は続いている。", "新しい図書館は駅前の広場に面して建てられる。",
      "茶農家では一番茶の摘み取りが始まった。", "今年は天候に恵まれ、品質の良い茶葉が期待されている。"]

LANGS = {"en": EN, "de": DE, "fr": FR}


class Page:
    """One page's text generator: seeded, so the same page comes out on every run."""

    def __init__(self, seed, lang):
        self.r = random.Random(seed)
        self.lang = lang

    def words(self, n):
        if self.lang == "ja":
            return "".join(self.r.choice(JA) for _ in range(max(1, n // 12)))
        return " ".join(self.r.choice(LANGS[self.lang]) for _ in range(n))

    def sentence(self):
        if self.lang == "ja":
            return self.r.choice(JA)
        s = self.words(self.r.randint(6, 22))
        return s[0].upper() + s[1:] + self.r.choice([".", ".", ".", "?", "!"])

    def para(self, inline=True):
        parts = []
        for _ in range(self.r.randint(2, 6)):
            s = self.sentence()
            if inline and self.r.random() < 0.3:
                w = s.split(" ")
                k = self.r.randrange(len(w))
                tag = self.r.choice(["a", "strong", "em", "code", "span"])
                attr = f' href="/{self.slug()}" class="link link--inline"' if tag == "a" else ""
                w[k] = f"<{tag}{attr}>{w[k]}</{tag}>"
                s = " ".join(w)
            parts.append(s)
        return " ".join(parts)

    def slug(self):
        return "-".join(self.words(self.r.randint(2, 5)).split()).lower()

    def title(self):
        s = self.words(self.r.randint(4, 10))
        return s[0].upper() + s[1:]

    def classes(self, base):
        """A utility-class soup, as CSS frameworks write them."""
        util = ["flex", "grid", "items-center", "justify-between", "gap-4", "px-4", "py-2", "md:px-8", "lg:grid-cols-3",
                "text-sm", "font-semibold", "text-gray-700", "hover:underline", "rounded-lg", "shadow-sm", "border",
                "w-full", "max-w-7xl", "mx-auto", "sr-only", "dark:bg-gray-900", "transition", "duration-150"]
        return " ".join([base] + self.r.sample(util, self.r.randint(2, 9)))

    def date(self):
        return f"20{self.r.randint(18, 26)}-{self.r.randint(1, 12):02d}-{self.r.randint(1, 28):02d}"

    def svg_icon(self):
        d = " ".join(f"{c}{self.r.randint(0, 24)}.{self.r.randint(0, 99)} {self.r.randint(0, 24)}.{self.r.randint(0, 99)}"
                     for c in self.r.choices("MLCQZ", k=self.r.randint(8, 40)))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" '
                f'class="icon"><g fill="none" stroke="currentColor" stroke-width="2"><path d="{d}"/></g></svg>')

    def img(self, cls="image"):
        s = self.slug()
        srcset = ", ".join(f"https://cdn.example/img/{s}-{w}.webp {w}w" for w in (320, 640, 960, 1280, 1920))
        if self.r.random() < 0.2:
            data = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
            return f'<img class="{cls}" src="data:image/png;base64,{data * 20}" alt="">'
        return (f'<picture><source type="image/avif" srcset="{srcset}"><img class="{cls}" src="https://cdn.example/img/{s}.jpg" '
                f'srcset="{srcset}" sizes="(min-width: 1024px) 50vw, 100vw" loading="lazy" decoding="async" '
                f'alt="{self.words(self.r.randint(0, 8))}" width="1280" height="720"></picture>')

    def css(self, n):
        rules = []
        for i in range(n):
            props = ";".join(f"{self.r.choice(['margin', 'padding', 'color', 'display', 'font-size', 'grid-template-columns'])}:"
                             f"{self.r.randint(0, 48)}px" for _ in range(self.r.randint(2, 8)))
            rules.append(f".c{i}-{self.slug()}{{{props}}}")
        return "\n".join(rules)

    def state_json(self, n):
        """Hydration JSON: the page's text again, and teasers."""
        items = [{"id": self.r.randint(1, 10**9), "title": self.title(), "excerpt": self.para(False),
                  "url": "/" + self.slug(), "image": {"src": "/img/" + self.slug() + ".jpg", "width": 800}, "tags": self.words(4).split()}
                 for _ in range(n)]
        return json.dumps({"props": {"pageProps": {"items": items, "locale": self.lang}}, "buildId": "x" * 21}, ensure_ascii=False)


def head(p, title, kind, lang, charset):
    ld_type = {"article": "NewsArticle", "product": "Product", "forum": "DiscussionForumPosting", "listing": "CollectionPage",
               "docs": "TechArticle", "service": "Service"}[kind]
    ld = {"@context": "https://schema.org", "@graph": [
        {"@type": ld_type, "headline": title, "name": title, "datePublished": p.date() + "T08:00:00Z",
         "author": {"@type": "Person", "name": p.title()[:24]}, "description": p.sentence(),
         "image": ["https://cdn.example/img/" + p.slug() + ".jpg"]},
        {"@type": "BreadcrumbList", "itemListElement": [
            {"@type": "ListItem", "position": i + 1, "name": p.words(2), "item": "https://site.example/" + p.slug()} for i in range(3)]},
        {"@type": "Organization", "name": p.title()[:20], "logo": "https://site.example/logo.png"}]}
    metas = [f'<meta property="og:{k}" content="{v}">' for k, v in
             [("title", title), ("type", "article" if kind == "article" else "website"), ("url", "https://site.example/" + p.slug()),
              ("image", "https://cdn.example/og/" + p.slug() + ".jpg"), ("site_name", p.title()[:20]), ("description", p.sentence())]]
    metas += [f'<meta name="twitter:{k}" content="{v}">' for k, v in [("card", "summary_large_image"), ("site", "@site"), ("title", title)]]
    links = [f'<link rel="preload" href="/_next/static/chunks/{p.slug()}.js" as="script">' for _ in range(p.r.randint(4, 12))]
    links += ['<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>', '<link rel="icon" href="/favicon.ico" sizes="any">',
              f'<link rel="canonical" href="https://site.example/{p.slug()}">', f'<link rel="stylesheet" href="/css/{p.slug()}.css">']
    gtag = ("window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());"
            "gtag('config','G-XXXX');if(a<b&&c>d){document.write('<div>'+x+'</div>')}")
    meta_charset = f'<meta charset="{charset}">' if charset else ""
    return (f'<!DOCTYPE html><html lang="{lang}" class="no-js"><head>{meta_charset}'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title} | {p.title()[:20]}</title>'
            f'<meta name="description" content="{p.sentence()}">' + "".join(metas) + "".join(links) +
            f"<style>{p.css(p.r.randint(50, 400))}</style><script>{gtag}</script>"
            f'<script type="application/ld+json">{json.dumps(ld, ensure_ascii=False)}</script>'
            f'<noscript><img height="1" width="1" style="display:none" src="https://px.example/tr?id=1&amp;ev=PageView"></noscript>'
            "</head>")


def header(p):
    menu = []
    for _ in range(p.r.randint(4, 8)):
        subs = "".join(f'<li class="{p.classes("nav__sub-item")}"><a href="/{p.slug()}" data-track="nav">{p.words(p.r.randint(1, 3))}</a></li>'
                       for _ in range(p.r.randint(5, 15)))
        menu.append(f'<li class="{p.classes("nav__item")}"><button aria-expanded="false">{p.words(1)}{p.svg_icon()}</button>'
                    f'<ul class="nav__menu" hidden>{subs}</ul></li>')
    return (f'<a class="skip-link" href="#main">Skip to content</a>'
            f'<div id="onetrust-banner-sdk" class="cookie-banner" role="dialog" aria-label="Cookies"><p>{p.para(False)}</p>'
            f'<button id="accept-all">Accept all</button><button>Settings</button></div>'
            f'<header class="{p.classes("site-header")}"><a href="/" class="logo">{p.svg_icon()}<span class="sr-only">Home</span></a>'
            f'<nav class="main-nav" aria-label="Main"><ul>{"".join(menu)}</ul></nav>'
            f'<form class="search" action="/search" role="search"><label for="q" class="sr-only">Search</label>'
            f'<input id="q" name="q" type="search" placeholder="Search&hellip;"><button type="submit">{p.svg_icon()}</button></form></header>'
            f'<nav aria-label="Breadcrumb"><ol class="breadcrumbs">' +
            "".join(f'<li><a href="/{p.slug()}">{p.words(2)}</a></li>' for _ in range(3)) + "</ol></nav>")


def footer(p):
    cols = "".join(f'<div class="{p.classes("footer__col")}"><h4>{p.words(2)}</h4><ul>' +
                   "".join(f'<li><a href="/{p.slug()}">{p.words(p.r.randint(1, 3))}</a></li>' for _ in range(p.r.randint(5, 10))) +
                   "</ul></div>" for _ in range(4))
    social = "".join(f'<a href="https://social.example/{p.slug()}" aria-label="social">{p.svg_icon()}</a>' for _ in range(5))
    scripts = "".join(f'<script src="/_next/static/chunks/{p.slug()}.js" defer></script>' for _ in range(p.r.randint(3, 10)))
    return (f'<aside class="newsletter"><h3>{p.title()}</h3><form><input type="email" required placeholder="you@example.com">'
            f'<button>Sign up</button></form><p class="small">{p.sentence()}</p></aside>'
            f'<footer class="{p.classes("site-footer")}">{cols}<div class="social">{social}</div>'
            f'<p>&copy; 2026 {p.title()[:20]} &middot; All rights reserved.</p></footer><!-- rendered in 42ms -->'
            f'<iframe src="https://ads.example/frame" title="ad" width="300" height="250"></iframe>' + scripts +
            f'<script id="__NEXT_DATA__" type="application/json">{p.state_json(p.r.randint(5, 30))}</script>')


def article(p, title):
    body = []
    for i in range(p.r.randint(8, 30)):
        roll = p.r.random()
        if roll < 0.1:
            body.append(f"<h2 id=\"s{i}\">{p.title()}</h2>")
        elif roll < 0.15:
            body.append(f"<figure>{p.img()}<figcaption>{p.sentence()}</figcaption></figure>")
        elif roll < 0.2:
            body.append(f"<blockquote><p>&ldquo;{p.sentence()}&rdquo;</p></blockquote>")
        elif roll < 0.25:
            body.append("<ul>" + "".join(f"<li>{p.sentence()}</li>" for _ in range(p.r.randint(2, 6))) + "</ul>")
        elif roll < 0.3:
            body.append(f'<div class="ad-slot" data-slot="{p.r.randint(1, 99)}" data-sizes="[[300,250],[728,90]]"><script>googletag.cmd.push(function(){{}})</script></div>')
        else:
            body.append(f"<p>{p.para()}</p>")
    related = "".join(f'<li class="card"><a href="/{p.slug()}">{p.img("thumb")}<h3>{p.title()}</h3></a><time>{p.date()}</time></li>'
                      for _ in range(p.r.randint(3, 9)))
    comments = "".join(f'<li class="comment" id="c{i}"><div class="comment__meta"><img class="avatar" src="/a/{i}.png" alt="">'
                       f'<b>{p.words(2)}</b> <time datetime="{p.date()}">{p.date()}</time></div><p>{p.para(False)}</p>'
                       f'<button class="reply">Reply</button></li>' for i in range(p.r.randint(0, 12)))
    return (f'<main id="main"><article class="{p.classes("post")}"><h1>{title}</h1>'
            f'<p class="byline">By <a rel="author" href="/author/{p.slug()}">{p.title()[:24]}</a> '
            f'<time datetime="{p.date()}T06:30:00Z">{p.date()}</time></p>'
            f'<div class="share">{p.svg_icon()}{p.svg_icon()}{p.svg_icon()}</div><div class="post__body">{"".join(body)}</div></article>'
            f'<aside class="related"><h2>Related</h2><ul>{related}</ul></aside>'
            f'<section id="comments" class="comments"><h2>Comments</h2><ol>{comments}</ol></section></main>')


def product(p, title):
    options = "".join(f'<option value="{i}">{p.words(1)}</option>' for i in range(p.r.randint(3, 10)))
    swatches = "".join(f'<input type="radio" name="color" id="c{i}" value="{i}"><label for="c{i}" style="background:#{p.r.randint(0, 0xffffff):06x}">'
                       f'{p.words(1)}</label>' for i in range(p.r.randint(2, 8)))
    specs = "".join(f"<tr><th>{p.words(2)}</th><td>{p.r.randint(1, 999)} {p.words(1)}</td></tr>" for _ in range(p.r.randint(4, 14)))
    reviews = "".join(f'<div class="review"><div class="stars" aria-label="{p.r.randint(1, 5)} of 5">{p.svg_icon() * 5}</div>'
                      f'<h4>{p.title()}</h4><p>{p.para(False)}</p><span>{p.words(2)}, {p.date()}</span></div>' for _ in range(p.r.randint(0, 10)))
    recs = "".join(f'<div class="product-card">{p.img("thumb")}<a href="/p/{p.slug()}">{p.title()}</a><span class="price">${p.r.randint(5, 500)}.99</span></div>'
                   for _ in range(p.r.randint(4, 12)))
    return (f'<main id="main"><div class="{p.classes("pdp")}"><div class="gallery">{"".join(p.img() for _ in range(p.r.randint(2, 6)))}</div>'
            f'<div class="pdp__info"><h1>{title}</h1><div class="price"><s>${p.r.randint(50, 900)}.00</s> <b>${p.r.randint(20, 500)}.00</b></div>'
            f'<form class="add-to-cart"><select name="size">{options}</select><fieldset>{swatches}</fieldset>'
            f'<input type="number" value="1" min="1"><button type="submit">Add to cart</button></form>'
            f'<details open><summary>Description</summary><p>{p.para()}</p><p>{p.para()}</p></details>'
            f'<details><summary>Specifications</summary><table class="specs"><tbody>{specs}</tbody></table></details>'
            f'<details><summary>Shipping &amp; returns</summary><p>{p.para(False)}</p></details></div></div>'
            f'<section class="reviews"><h2>Reviews</h2>{reviews}</section><section class="recs"><h2>You may also like</h2>{recs}</section></main>')


def forum(p, title):
    posts = []
    for i in range(p.r.randint(4, 20)):
        quote = f"<blockquote><cite>{p.words(1)} said:</cite> {p.sentence()}</blockquote>" if p.r.random() < 0.3 else ""
        code = f"<pre><code>{p.words(6)}\n    {p.words(4)}\n</code></pre>" if p.r.random() < 0.15 else ""
        posts.append(f'<article class="post" id="post-{i}" data-post-id="{p.r.randint(1, 10**7)}"><div class="post__user">'
                     f'<img class="avatar" src="/u/{i}.jpg" alt="" width="48"><a class="username" href="/u/{p.slug()}">{p.words(1)}</a>'
                     f'<dl><dt>Joined</dt><dd>{p.date()}</dd><dt>Posts</dt><dd>{p.r.randint(1, 9999)}</dd></dl></div>'
                     f'<div class="post__body">{quote}<p>{p.para()}</p>{code}<p>{p.para()}</p></div>'
                     f'<div class="post__signature">{p.sentence()}</div><footer><button>Like {p.r.randint(0, 50)}</button>'
                     f'<button>Quote</button><a href="#post-{i}">#{i + 1}</a></footer></article>')
    pages = "".join(f'<a href="?page={i}">{i}</a>' for i in range(1, p.r.randint(2, 12)))
    return f'<main id="main"><h1 class="thread-title">{title}</h1><div class="posts">{"".join(posts)}</div><nav class="pagination">{pages}</nav></main>'


def listing(p, title):
    filters = "".join(f'<li><input type="checkbox" id="f{i}"><label for="f{i}">{p.words(2)} ({p.r.randint(1, 300)})</label></li>' for i in range(p.r.randint(6, 20)))
    cards = "".join(f'<li class="{p.classes("card")}"><a href="/item/{p.slug()}">{p.img("card__img")}<h3>{p.title()}</h3></a>'
                    f'<p>{p.sentence()}</p><span class="meta">{p.date()} &middot; ${p.r.randint(5, 900)}</span></li>' for _ in range(p.r.randint(12, 48)))
    return (f'<main id="main"><h1>{title}</h1><p class="intro">{p.para()}</p><aside class="filters"><ul>{filters}</ul></aside>'
            f'<ul class="grid">{cards}</ul><nav class="pagination"><a href="?page=2" rel="next">Next</a></nav></main>')


def docs(p, title):
    toc = "".join(f'<li><a href="/docs/{p.slug()}">{p.words(2)}</a><ul>' +
                  "".join(f'<li><a href="/docs/{p.slug()}">{p.words(3)}</a></li>' for _ in range(p.r.randint(2, 8))) + "</ul></li>"
                  for _ in range(p.r.randint(6, 14)))
    body = []
    for i in range(p.r.randint(6, 20)):
        roll = p.r.random()
        if roll < 0.25:
            lines = "\n".join(f'<span class="line"><span class="kw">let</span> <span class="nv">{p.words(1)}</span> '
                              f'<span class="op">=</span> <span class="fn">{p.words(1)}</span>(<span class="s">"{p.words(2)}"</span>);</span>'
                              for _ in range(p.r.randint(3, 15)))
            body.append(f'<div class="highlight"><pre class="language-rust"><code class="language-rust">{lines}</code></pre>'
                        f'<button class="copy">Copy</button></div>')
        elif roll < 0.35:
            body.append(f"<h2 id=\"h{i}\">{p.title()}<a class=\"anchor\" href=\"#h{i}\">#</a></h2>")
        elif roll < 0.45:
            rows = "".join(f"<tr><td><code>{p.words(1)}</code></td><td>{p.words(1)}</td><td>{p.sentence()}</td></tr>" for _ in range(p.r.randint(2, 8)))
            body.append(f"<table><thead><tr><th>Name</th><th>Type</th><th>Description</th></tr></thead><tbody>{rows}</tbody></table>")
        elif roll < 0.5:
            body.append(f'<div class="admonition note"><p class="admonition-title">Note</p><p>{p.para()}</p></div>')
        else:
            body.append(f"<p>{p.para()}</p>")
    return (f'<div class="docs"><nav class="sidebar"><ul>{toc}</ul></nav><main id="main"><article class="markdown-body">'
            f'<h1>{title}</h1>{"".join(body)}</article><a class="edit" href="https://git.example/edit">Edit this page</a>'
            f'<nav class="pager"><a rel="prev" href="/docs/{p.slug()}">Previous</a><a rel="next" href="/docs/{p.slug()}">Next</a></nav></main></div>')


def service(p, title):
    features = "".join(f'<div class="{p.classes("feature")}">{p.svg_icon()}<h3>{p.title()}</h3><p>{p.sentence()}</p></div>' for _ in range(p.r.randint(3, 9)))
    tiers = "".join(f'<div class="tier"><h3>{p.words(1)}</h3><p class="price">${p.r.randint(0, 99)}/mo</p><ul>' +
                    "".join(f"<li>{p.words(3)}</li>" for _ in range(p.r.randint(3, 8))) + '</ul><a class="btn" href="/signup">Start</a></div>'
                    for _ in range(3))
    faq = "".join(f"<details><summary>{p.sentence()}</summary><p>{p.para()}</p></details>" for _ in range(p.r.randint(3, 8)))
    quotes = "".join(f'<figure class="testimonial"><blockquote>{p.sentence()}</blockquote><figcaption>{p.words(2)}</figcaption></figure>'
                     for _ in range(p.r.randint(1, 4)))
    return (f'<main id="main"><section class="hero"><h1>{title}</h1><p class="lead">{p.para()}</p><a class="btn" href="/demo">Book a demo</a></section>'
            f'<section class="features">{features}</section><section class="about"><h2>{p.title()}</h2><p>{p.para()}</p><p>{p.para()}</p></section>'
            f'<section class="pricing">{tiers}</section><section class="quotes">{quotes}</section><section class="faq"><h2>FAQ</h2>{faq}</section>'
            f'<form class="contact"><label>Name<input name="n"></label><label>Email<input type="email" name="e"></label>'
            f'<textarea name="m"></textarea><button>Send</button></form></main>')


KINDS = {"article": article, "product": product, "forum": forum, "listing": listing, "docs": docs, "service": service}
# (language, charset written in the page, bytes' encoding): UTF-8 as on most of the web, a few pages
# in other languages, and three in legacy encodings, one of them declared nowhere (a page's worth of
# charset detection weighs as much as extracting it, so more would skew the profile).
ENCODINGS = ([("en", "utf-8", "utf-8")] * 8 + [("de", "utf-8", "utf-8"), ("en", None, "utf-8"), ("fr", "utf-8", "utf-8"),
             ("ja", "utf-8", "utf-8")]) * 3
LEGACY = {7: ("fr", "windows-1252", "cp1252"), 20: ("ja", "shift_jis", "shift_jis"), 33: ("de", None, "cp1252")}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    pages = [(kind, make) for kind, make in KINDS.items() for _ in range(6)]
    for n, (kind, make) in enumerate(pages):
        lang, charset, codec = LEGACY.get(n) or ENCODINGS[n]
        p = Page(n, lang)
        title = p.title()
        html = head(p, title, kind, lang, charset) + f'<body class="{p.classes(kind)}">' + header(p) + make(p, title) + footer(p) + "</body></html>"
        if n % 2:
            html = html.replace("><", ">\n  <")  # indented markup: whitespace text between the tags
        data = html.encode(codec, errors="xmlcharrefreplace")
        name = os.path.join(out, f"{n:02d}-{kind}-{lang}.html")
        if n % 4 == 3:
            name, data = name + ".gz", gzip.compress(data, mtime=0)
        with open(name, "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
