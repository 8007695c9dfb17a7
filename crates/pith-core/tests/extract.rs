//! End-to-end behaviour of `extract` on small pages written for each case.

use pith_core::{extract, extract_json, Favor, Hints, Options};

fn opts() -> Options {
    Options::default()
}

fn text_of(html: &[u8]) -> String {
    extract(html, &Hints::default(), &opts()).unwrap().text
}

/// Checks that the text of `page` holds `kept` and none of `left_out`.
fn keeps_and_leaves_out(page: &str, kept: &str, left_out: &[&str]) {
    let text = text_of(page.as_bytes());
    assert!(text.contains(kept), "{kept} missing from {text:?}");
    for leak in left_out {
        assert!(!text.contains(leak), "{leak} in {text:?}");
    }
}

/// An article page with the usual furniture around it.
fn article(body: &str) -> String {
    format!(
        r#"<!doctype html><html lang="en"><head><title>Deep Sea Vents | Ocean Daily</title>
        <meta property="og:site_name" content="Ocean Daily"></head><body>
        <header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About us</a></nav></header>
        <div class="cookie-banner">We use cookies to improve your experience. Accept all cookies?</div>
        <main><article><h1>Deep Sea Vents</h1>{body}</article></main>
        <aside class="related"><h3>Related</h3><ul><li><a href="/a">Whales sing again</a></li><li><a href="/b">Coral news</a></li></ul></aside>
        <footer><p>Copyright 2026 Ocean Daily. All rights reserved.</p></footer></body></html>"#
    )
}

/// [`article`] with `middle` between two paragraphs of prose: "...changed the field." and
/// "Bacteria turn...".
fn between_prose(middle: &str) -> String {
    article(&format!("<p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>{middle}<p>Bacteria turn chemicals into energy, feeding worms, crabs and the fish that hunt them.</p>"))
}

const PARAS: &str = "<p>Hydrothermal vents were discovered in 1977 near the Galápagos Rift, and they changed biology.</p>\
    <p>Life there does not depend on sunlight; bacteria turn chemicals into energy, feeding worms and crabs.</p>";

#[test]
fn keeps_the_article_and_drops_the_furniture() {
    let text = text_of(article(PARAS).as_bytes());
    assert!(text.contains("Hydrothermal vents were discovered in 1977"));
    assert!(text.contains("bacteria turn chemicals into energy"));
    for junk in ["About us", "cookies", "Whales sing", "Copyright"] {
        assert!(!text.contains(junk), "{junk:?} leaked into {text:?}");
    }
}

#[test]
fn paragraphs_stay_apart() {
    let text = text_of(b"<body><article><p>one sentence here.</p><p>two sentences there.</p></article>");
    assert_eq!(text, "one sentence here.\n\ntwo sentences there.");
}

#[test]
fn two_line_breaks_in_a_row_part_paragraphs_and_one_breaks_a_line() {
    let html = "<body><article><div>We drove up to the mountains for a week.<br> \u{200d}<br>\n\
        On the second day we met a shepherd.<br>He showed us the path.</div>\
        <ul><li>Boots<br><br>and a map</li></ul></article>";
    let text = text_of(html.as_bytes());
    assert_eq!(text, "We drove up to the mountains for a week.\n\nOn the second day we met a shepherd.\nHe showed us the path.\n\n- Boots\nand a map");
    let markdown = extract(html.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap().markdown.unwrap();
    assert!(markdown.starts_with("We drove up to the mountains for a week.\n\nOn the second day we met a shepherd.  \nHe showed"), "{markdown:?}");
}

#[test]
fn no_script_style_json_or_hydration_state_in_text() {
    let page = article(&format!(
        r#"{PARAS}<script>var secret = "SCRIPTLEAK";</script><style>.x{{content:"STYLELEAK"}}</style>
        <script type="application/ld+json">{{"@type":"NewsArticle","headline":"Deep Sea Vents","articleBody":"LDLEAK"}}</script>
        <script id="__NEXT_DATA__" type="application/json">{{"props":{{"pageProps":{{"teaser":"NEXTLEAK"}}}}}}</script>
        <script>window.__INITIAL_STATE__ = {{"x":"STATELEAK"}}; window.__NUXT__={{y:"NUXTLEAK"}}</script>
        <template><p>TEMPLATELEAK</p></template><svg><text>SVGLEAK</text></svg>
        <img src="data:image/png;base64,DATAURILEAK" alt="">"#
    ));
    let result = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    for leak in ["SCRIPTLEAK", "STYLELEAK", "LDLEAK", "NEXTLEAK", "STATELEAK", "NUXTLEAK", "TEMPLATELEAK", "SVGLEAK", "DATAURILEAK"] {
        assert!(!result.text.contains(leak), "{leak} in text");
        assert!(!result.markdown.as_deref().unwrap_or("").contains(leak), "{leak} in markdown");
    }
    // JSON-LD was read before it was dropped.
    assert_eq!(result.title.as_deref(), Some("Deep Sea Vents"));
}

#[test]
fn hidden_elements_are_left_out() {
    let page = article(&format!(
        r#"{PARAS}<div hidden>HIDDENATTR</div><p style="display: none">HIDDENSTYLE</p>
        <span aria-hidden="true">HIDDENARIA</span><p class="sr-only">HIDDENSR</p>"#
    ));
    keeps_and_leaves_out(&page, "Hydrothermal", &["HIDDENATTR", "HIDDENSTYLE", "HIDDENARIA", "HIDDENSR"]);
}

#[test]
fn a_modal_policy_longer_than_the_page_is_left_out() {
    let policy = "<p>We collect personal information, such as your name and address, when you order; we share it with carriers.</p>".repeat(3);
    let page = format!(
        r#"<body><main><h1>Running shoes</h1><p>Light, supportive shoes for every run, made from natural wool.</p>
        <p>Every pair is machine washable, and the laces are made from recycled bottles.</p>
        <ul><li><a href="/a">Tree Runner</a> $98</li><li><a href="/b">Wool Runner</a> $110</li></ul></main>
        <div id="modal-privacy-policy" role="dialog"><h2>Privacy policy</h2>{policy}</div></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Light, supportive shoes"), "{text:?}");
    assert!(!text.contains("personal information"), "{text:?}");
}

#[test]
fn a_cloaked_box_is_hidden_until_its_framework_shows_it() {
    // Vue's `v-cloak` and Alpine's `x-cloak` hide an element (`[v-cloak] {display: none}`)
    // until the script decides whether to show it: a form's "thanks" message is cloaked.
    let page = article(&format!(
        r#"{PARAS}<div v-cloak v-if="subscribed"><h3>Thanks for signing up!</h3><p>We got your info, and we will keep you in the loop about new colours.</p></div>
        <p x-cloak x-show="error">Oops! Something went wrong. Please try again.</p>"#
    ));
    keeps_and_leaves_out(&page, "Hydrothermal", &["Thanks for signing up", "Something went wrong"]);
    // An app cloaked whole until it mounts is still the page.
    let app = format!("<body><div id=\"app\" v-cloak><h1>Deep Sea Vents</h1>{PARAS}</div></body>");
    assert!(text_of(app.as_bytes()).contains("Life there does not depend on sunlight"));
}

#[test]
fn a_status_message_is_left_out() {
    // `role="status"`: the live region where a script reports what just happened.
    let page = between_prose(r#"<div role="status" class="carousel-live">Slide 1 of 8</div><div role="status"><p>Added to your list.</p></div>"#);
    keeps_and_leaves_out(&page, "Bacteria turn chemicals", &["Slide 1 of 8", "Added to your list"]);
}

#[test]
fn a_box_named_only_by_its_test_id_is_read_like_its_class() {
    // Utility-class pages (Tailwind, CSS-in-JS) name no box in `class`; the component's test id
    // still says what it is.
    let page = format!(
        r#"<body><main><h1>Wool Runner</h1>{PARAS}
        <div class="fixed inset-0 overflow-y-auto" data-testid="notify-modal"><h3>Notify me when back in stock</h3>
        <p>Once limited edition colours sell out, they are gone for good, but new colours are not far behind.</p></div>
        <section class="mt-8 px-4" data-test="related-products"><h2>More to love</h2><p>Tree Runner, light and breezy for warm days in the city.</p></section>
        </main></body>"#
    );
    keeps_and_leaves_out(&page, "Hydrothermal", &["limited edition", "Tree Runner"]);
}

#[test]
fn malformed_nesting_keeps_the_tail() {
    let html = b"<body><div class=content><p>First paragraph with <b>bold <i>and italic</b> text</i> runs on.\
        <p>Second paragraph is not closed<li>stray item<table><tr><td>cell one<td>cell two</table>\
        <p>Final words of the page after the table.";
    let text = text_of(html);
    assert!(text.contains("Second paragraph is not closed"));
    assert!(text.contains("cell one | cell two"));
    assert!(text.ends_with("Final words of the page after the table."), "{text:?}");
}

#[test]
fn a_heading_is_one_line_and_sentences_set_as_one_are_a_paragraph() {
    let promo = "Find the plan that fits your practice, whatever its size and however many returns it files. \
        Explore our range of packages here, and compare what each one includes.";
    let html = format!(
        "<body><article><h2>News Product<br>Management Certification</h2>\
         <p>A program for news professionals who want to lead product teams, taught online over eight weeks.</p>\
         <h3>{promo}</h3><p>Every package comes with support by phone and by chat, all year round, at no extra cost.</p>"
    );
    let result = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    let md = result.markdown.unwrap();
    assert!(md.starts_with("## News Product Management Certification\n\n"), "{md:?}");
    assert!(md.contains(&format!("\n\n{promo}\n\n")), "a paragraph, not a heading: {md:?}");
    let paths: Vec<_> = result.sections.iter().map(|s| s.path.join(" > ")).collect();
    assert_eq!(paths, ["News Product Management Certification"], "{:?}", result.sections);
}

#[test]
fn tables_keep_rows_and_cells() {
    let html = b"<body><article><p>Prices for the plans we offer, per month, billed yearly.</p><table>\
        <tr><th>Plan</th><th>Price</th></tr><tr><td>Basic</td><td>$5</td></tr><tr><td>Pro</td><td>$15</td></tr></table>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    assert!(result.text.ends_with("Plan | Price\nBasic | $5\nPro | $15"), "{:?}", result.text);
    let md = result.markdown.unwrap();
    assert!(md.contains("| Plan | Price |\n| --- | --- |\n| Basic | $5 |\n| Pro | $15 |"), "{md:?}");
}

#[test]
fn markdown_tables_get_every_column_in_their_first_row_and_no_spacer_columns() {
    let html = b"<body><article><p>What the three plans cost per month, billed once a year, in dollars.</p><table>\
        <tr><th colspan=3>Plans</th><td></td></tr><tr><td>Basic</td><td>$5</td><td>1 seat</td><td></td></tr>\
        <tr><td>Pro</td><td></td><td>5 seats</td><td></td></tr></table>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    assert!(result.text.ends_with("Plans\nBasic | $5 | 1 seat\nPro |  | 5 seats"), "{:?}", result.text);
    let md = result.markdown.unwrap();
    assert!(md.contains("| Plans |  |  |\n| --- | --- | --- |\n| Basic | $5 | 1 seat |\n| Pro |  | 5 seats |"), "{md:?}");
}

#[test]
fn table_cells_land_in_their_columns_across_spans_and_keep_their_row_on_one_line() {
    // "Gender" spans the three data columns of its row; "Age" spans two rows, so the row below
    // it starts in the second column; a cell with line breaks stays one cell of one row.
    let html = b"<body><article><p>How the two groups of the trial compared when it started, by age.</p><table>\
        <tr><th>Trait</th><th>Group</th><th>Value</th><th>P value</th></tr>\
        <tr><td colspan=3>Gender, n (%)</td><td>.57</td></tr>\
        <tr><td rowspan=2>Age</td><td>Intervention</td><td>20.4</td><td>.18</td></tr>\
        <tr><td>Control</td><td>21.9<br>(median 21)</td><td>.18</td></tr></table>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    let rows = "Trait | Group | Value | P value\nGender, n (%) |  |  | .57\nAge | Intervention | 20.4 | .18\n | Control | 21.9 (median 21) | .18";
    assert!(result.text.ends_with(rows), "{:?}", result.text);
    let md = result.markdown.unwrap();
    assert!(md.contains("| Gender, n (%) |  |  | .57 |\n| Age | Intervention | 20.4 | .18 |\n|  | Control | 21.9 (median 21) | .18 |"), "{md:?}");
}

#[test]
fn a_column_empty_in_every_row_at_the_left_edge_is_a_spacer() {
    // A notice laid out as [icon][text], and a margin column before a small table.
    let html = b"<body><article><table><tr><td><img src=warn.png></td><td>This article is being revised to the new spelling rules.</td></tr></table>\
        <p>What the three plans cost per month, billed once a year, in dollars.</p><table>\
        <tr><td></td><td>Basic</td><td>$5</td></tr><tr><td></td><td>Pro</td><td>$15</td></tr></table>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    assert!(result.text.starts_with("This article is being revised"), "{:?}", result.text);
    assert!(result.text.ends_with("Basic | $5\nPro | $15"), "{:?}", result.text);
    let md = result.markdown.unwrap();
    assert!(md.contains("| Basic | $5 |\n| --- | --- |\n| Pro | $15 |"), "{md:?}");
}

#[test]
fn a_table_whose_titles_are_set_as_headings_is_data_and_a_single_column_is_not() {
    let html = b"<body><article><p>What goes into the soup for each number of people at the table.</p><table>\
        <tr><td><h4>Ingredients</h4></td><td><h4>Per person</h4></td><td><h4>For 4</h4></td></tr>\
        <tr><td colspan=3><h5>Vegetables</h5></td></tr><tr><td>Onions</td><td>1</td><td>4</td></tr></table>\
        <table><tr><td><h3>Enrollment steps</h3></td></tr><tr><td><p>Apply for free with the short form.</p><p>Pay the certificate fee.</p></td></tr></table>";
    let md = extract(html, &Hints::default(), &opts()).unwrap().markdown.unwrap();
    assert!(md.contains("| Ingredients | Per person | For 4 |\n| --- | --- | --- |\n| Vegetables |  |  |\n| Onions | 1 | 4 |"), "{md:?}");
    assert!(md.contains("### Enrollment steps\n\nApply for free with the short form.\n\nPay the certificate fee."), "{md:?}");
}

#[test]
fn table_cells_keep_inline_code_in_markdown_only() {
    let html = b"<body><article><p>The options of the command, with what each one does to the output.</p><table>\
        <tr><th>Option</th><th>Effect</th></tr><tr><td><code>--links</code></td><td>links go to a <code>a|b</code> table</td></tr></table>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    assert!(result.text.ends_with("Option | Effect\n--links | links go to a a|b table"), "{:?}", result.text);
    let md = result.markdown.unwrap();
    assert!(md.contains("| Option | Effect |\n| --- | --- |\n| `--links` | links go to a `a\\|b` table |"), "{md:?}");
}

#[test]
fn markdown_escapes_syntax_at_the_start_of_every_line_of_a_paragraph() {
    let html = b"<body><article><p>Pick a colour when you order, from the list in the last picture:<br>\
        1. light green<br>~~~~~~~~<br># of mugs: any<br>=====<br>- or write to me<br>---<br>___</p>\
        <p>#1 pick, -15% today, +0.9% since May, *prices before tax, =total, _draft_.</p>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    let md = result.markdown.unwrap();
    assert!(md.contains("picture:  \n1\\. light green  \n\\~~~~~~~~  \n\\# of mugs: any  \n\\=====  \n\\- or write to me  \n\\---  \n\\___"), "{md:?}");
    assert!(md.contains("\n\n#1 pick, -15% today"), "text that opens no block keeps no backslash: {md:?}");
    assert!(result.text.contains("picture:\n1. light green\n~~~~~~~~\n# of mugs"), "{:?}", result.text);
}

#[test]
fn markdown_escapes_text_that_reads_as_html() {
    // A page about HTML names tags in its text; a Markdown reader would take them as markup.
    let html = b"<body><article><h1>&lt;table&gt;: The Table element</h1>\
        <p>Wrap rows in &lt;tr&gt; and close them with &lt;/tr&gt;, never inside a &lt;!-- comment --&gt;.</p>\
        <p>In code it stays: <code>&lt;td&gt;</code>, and so do 1 &lt; 2, x&lt;3, Result&lt;bool, Error&gt;, &lt;jo_doe at example.org&gt; and a &lt;b without an end.</p>\
        <table><tr><th>Tag</th><th>Use</th></tr><tr><td>&lt;th&gt;</td><td>a header cell</td></tr></table></article></body>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    let md = result.markdown.unwrap();
    assert!(md.starts_with("# \\<table>: The Table element"), "{md:?}");
    assert!(md.contains("Wrap rows in \\<tr> and close them with \\</tr>, never inside a \\<!-- comment -->."), "{md:?}");
    assert!(md.contains("In code it stays: `<td>`, and so do 1 < 2, x<3, Result<bool, Error>, <jo_doe at example.org> and a <b without an end."), "{md:?}");
    assert!(md.contains("| \\<th> | a header cell |"), "{md:?}");
    assert!(result.text.starts_with("<table>: The Table element"), "{:?}", result.text);
}

#[test]
fn nesting_deeper_than_browsers_allow_is_flattened() {
    // Elements nest at most 512 deep, as in browsers: 50,000 nested quotes overflowed the
    // thread's stack, which takes the whole process down.
    let quotes = format!("<body>{}<p>Deep inside, a paragraph of prose that is the page.</p></body>", "<blockquote>".repeat(50_000));
    let r = extract(quotes.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(r.text.contains("Deep inside, a paragraph"), "{:?}", r.text);
    assert!(r.markdown.unwrap().contains("> Deep inside"));
    // End tags matching no open element, after as many open ones: each read the whole stack
    // (80,000 took 10 s). A complexity guard with a wide margin, not a speed target.
    let unmatched = format!(
        "<body><p>Before the storm of tags, a sentence of prose.</p>{}{}<p>After it, another.</p></body>",
        "<div>".repeat(80_000),
        "</p>".repeat(80_000)
    );
    let start = std::time::Instant::now();
    let text = text_of(unmatched.as_bytes());
    assert!(start.elapsed() < std::time::Duration::from_secs(3), "{:?}", start.elapsed());
    assert!(text.contains("After it, another."), "{text:?}");
}

#[test]
fn deeply_nested_quotes_keep_their_depth_in_markdown() {
    // 300 levels: a depth counter of one byte wrapped to 44 here (and panicked in debug builds).
    let html = format!(
        "<body><article><p>Install it and run the main function as shown below, then check.</p>{}<p>Said and said again, many times over.</p>{}",
        "<blockquote>".repeat(300),
        "</blockquote>".repeat(300)
    );
    let md = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap().markdown.unwrap();
    assert!(md.contains(&format!("{}Said and said again", "> ".repeat(300))), "{md:?}");
}

#[test]
fn a_quote_of_several_blocks_stays_one_quote_in_markdown() {
    let html = b"<body><article><p>Install it and run the main function as shown below, then check.</p>\
        <blockquote><p>Picking a server means picking all of these at once:</p><ul><li>a moderation policy</li><li>a federation policy</li></ul>\
        <p>It is a lot.</p><blockquote><p>Said before.</p><p>And again.</p></blockquote></blockquote><p>After the quote, the article goes on.</p>";
    let md = extract(html, &Hints::default(), &opts()).unwrap().markdown.unwrap();
    let quote = "> Picking a server means picking all of these at once:\n>\n> - a moderation policy\n> - a federation policy\n>\n> It is a lot.\n>\n\
        > > Said before.\n> >\n> > And again.\n\nAfter the quote";
    assert!(md.contains(quote), "{md:?}");
}

#[test]
fn code_blocks_keep_whitespace_and_language() {
    let html = b"<body><article><p>Install it and run the main function as shown below, then check.</p>\
        <pre><code class=\"language-rust\">fn main() {\n    println!(\"hi\");\n}</code></pre>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    assert!(result.text.contains("fn main() {\n    println!(\"hi\");\n}"), "{:?}", result.text);
    assert!(result.markdown.unwrap().contains("```rust\nfn main() {\n    println!(\"hi\");\n}\n```"));
}

#[test]
fn a_code_blocks_line_numbers_in_elements_without_a_class_name_go() {
    // One element per line, its number in a span beside the code (a CSS-in-JS highlighter).
    let line = |n: u32, code: &str| format!("<div><span class=\"css-519pyc\">{n}</span><div><div>{code}\n</div></div></div>");
    let html = format!(
        "<body><article><p>Set the two variables before you start the server, on macOS or Linux.</p>\
        <pre data-lang=\"shellscript\">{}{}</pre></article></body>",
        line(1, "export A=1"),
        line(2, "export B=2")
    );
    let result = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(result.text.contains("export A=1\nexport B=2"), "{:?}", result.text);
    assert!(!result.text.contains("1export"), "{:?}", result.text);
}

#[test]
fn markdown_marks_inline_code_and_takes_the_language_from_a_highlighter_wrapper() {
    let html = b"<body><article><p>Call <code>route()</code> with the path, or pass <code>--app</code> to the command.</p>\
        <div class=\"highlight-python notranslate\"><div class=\"highlight\"><pre>app = Flask(__name__)</pre></div></div>\
        <p>Run it with <code>a `tick`</code> and read on; the server starts at once.</p>\
        <div class=\"language-toml highlight\"><pre><code>[server]</code></pre></div><pre class=\"highlight-height language-yaml\">port: 80</pre>\
        <div class=\"example-header\"><span>js</span></div><pre class=\"brush: js notranslate\"><code>fetch(url)</code></pre><pre class=\"brush:php; title: ;\">echo 1;</pre>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    let md = result.markdown.unwrap();
    assert!(md.contains("Call `route()` with the path, or pass `--app` to the command."), "{md:?}");
    assert!(md.contains("```python\napp = Flask(__name__)\n```"), "{md:?}");
    assert!(md.contains("Run it with `` a `tick` `` and read on"), "{md:?}");
    assert!(md.contains("```toml\n[server]\n```") && md.contains("```yaml\nport: 80\n```"), "{md:?}");
    assert!(md.contains("port: 80\n```\n\n```js\nfetch(url)\n```") && md.contains("```php\necho 1;\n```"), "the label goes, the fence says it: {md:?}");
    assert!(result.text.contains("port: 80\n\njs\n\nfetch(url)"), "{:?}", result.text);
    assert!(result.text.contains("Call route() with the path"), "text keeps no backticks: {:?}", result.text);
}

#[test]
fn a_highlighter_saying_none_gives_no_language() {
    let html = b"<body><article><p>Build it from the checkout, then run the tests; both take a minute or two.</p>\
        <pre class=\"language-none\"><code>$ make</code></pre><div class=\"highlight-none\"><pre>$ make test</pre></div></article></body>";
    let md = extract(html, &Hints::default(), &opts()).unwrap().markdown.unwrap();
    assert!(md.contains("```\n$ make\n```") && md.contains("```\n$ make test\n```"), "{md:?}");
}

#[test]
fn markdown_takes_a_bare_code_blocks_language_from_a_paragraph_naming_one() {
    let html = b"<body><article><p>Install the client, then call it from your script as below; the call returns at once.</p>\
        <p>Python</p><pre><code>client.send(msg)</code></pre><p>Example</p><pre>client.close()</pre>\
        <p>JSON</p><pre class=\"language-js\">{}</pre></article></body>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    let md = result.markdown.unwrap();
    assert!(md.contains("below; the call returns at once.\n\n```python\nclient.send(msg)\n```"), "the label goes, the fence says it: {md:?}");
    assert!(md.contains("Example\n\n```\nclient.close()\n```"), "not a language: a paragraph of its own: {md:?}");
    assert!(md.contains("JSON\n\n```js\n{}\n```"), "a fence naming another language keeps the label: {md:?}");
    assert!(result.text.contains("Python\n\nclient.send(msg)"), "{:?}", result.text);
}

#[test]
fn markdown_keeps_described_images_and_text_does_not() {
    let html = br#"<body><article><p>The vent field at dawn, as the survey team found it on the first dive.</p>
        <p><img src="/img/vent.jpg" alt="A black smoker [left] venting"></p>
        <img alt="" src="/img/spacer.gif"><img alt="Inline pixel" src="data:image/png;base64,AAAA">
        <figure><img src="data:image/gif;base64,R0lGOD" data-src="img/crab (1).jpg" alt="A yeti crab"><figcaption>Crabs farm bacteria on their claws.</figcaption></figure>
        <p>More text follows the pictures here, describing the whole expedition.</p>
        <p><img src="/img/vent.jpg" alt="A black smoker [left] venting"></p><p>And the last words of the report close it.</p>"#;
    let hints = Hints { url: Some("https://ocean.example/dives/2026/".into()), ..Hints::default() };
    let result = extract(html, &hints, &opts()).unwrap();
    let md = result.markdown.unwrap();
    assert!(md.contains("![A black smoker \\[left\\] venting](https://ocean.example/img/vent.jpg)"), "{md:?}");
    assert!(md.contains("![A yeti crab](https://ocean.example/dives/2026/img/crab%20%281%29.jpg)"), "lazy source: {md:?}");
    assert!(!md.contains("spacer") && !md.contains("data:") && !md.contains("Inline pixel"), "{md:?}");
    assert_eq!(md.matches("![A black smoker").count(), 1, "a repeated image block once: {md:?}");
    assert!(!result.text.contains("smoker") && !result.text.contains("yeti"), "alt text is not page text: {:?}", result.text);
    assert!(result.text.contains("dive.\n\nCrabs farm bacteria"), "no empty paragraph for an image: {:?}", result.text);
}

#[test]
fn markdown_leaves_out_images_that_describe_nothing() {
    let html = br#"<body><article><p>The Trail Runner 3 in its new colour, tested over two hundred miles of wet granite.</p>
        <p><img src="/a.jpg" alt="Trail Runner 3, side view"><img src="/b.jpg" alt="Trail Runner 3, side view"><img src="/c.jpg" alt="Trail Runner 3, side view"></p>
        <p><img src="/s.svg" alt="star"><img src="/s.svg" alt="Star"><img src="/d.png" alt="IMG_2041.JPG"><img src="/e.png" alt="Enter image description here"><img src="/f.png" alt="--"></p>
        <p>The outsole kept its grip on every descent, and the upper dried overnight by the fire.</p>"#;
    let hints = Hints { url: Some("https://shoes.example/trail-runner-3".into()), ..Hints::default() };
    let md = extract(html, &hints, &opts()).unwrap().markdown.unwrap();
    assert_eq!(md.matches("![Trail Runner 3, side view](https://shoes.example/a.jpg)").count(), 1, "a gallery's repeated alt once: {md:?}");
    assert!(!md.contains("![Trail Runner 3, side view](https://shoes.example/b.jpg)"), "{md:?}");
    for generic in ["star", "Star", "IMG_2041", "Enter image", "![--]"] {
        assert!(!md.contains(generic), "{generic}: {md:?}");
    }
    assert!(md.contains("granite.\n\n![Trail Runner 3"), "{md:?}");
}

#[test]
fn text_is_the_same_with_markdown_or_without() {
    // Blocks of images exist only in Markdown: a repeat found in the text must be found across them.
    let html = article(
        "<p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <h2>Black smokers</h2><p><img src=\"/smoker.jpg\" alt=\"A black smoker\"></p><h2>Black smokers</h2>\
         <p>Bacteria turn chemicals into energy, feeding worms, crabs and the fish that hunt them.</p>\
         <div class=\"slide\"><h3>Yeti crab</h3><p><img src=\"/crab.jpg\" alt=\"A yeti crab\"></p><p>Farms bacteria on its claws, deep down.</p></div>\
         <div class=\"slide\"><h3>Yeti crab</h3><p><img src=\"/crab-2.jpg\" alt=\"A yeti crab, closer\"></p><p>Farms bacteria on its claws, deep down.</p></div>\
         <h2>Seen in</h2><table><tr><td><img src=\"/a.png\" alt=\"Ocean Weekly\"></td><td><img src=\"/b.png\" alt=\"Deep Times\"></td></tr></table>\
         <p>The survey returns to the rift next spring, with a new crew and two more submersibles.</p>",
    );
    let text_only = Options { markdown: false, ..opts() };
    let plain = extract(html.as_bytes(), &Hints::default(), &text_only).unwrap();
    let rich = extract(html.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap();
    assert_eq!(rich.text, plain.text);
    assert_eq!(rich.sections, plain.sections);
    assert_eq!(plain.text.matches("Black smokers").count(), 1, "{:?}", plain.text);
    assert_eq!(plain.text.matches("Yeti crab").count(), 1, "{:?}", plain.text);
    assert!(plain.text.contains("Seen in\n\nThe survey returns"), "{:?}", plain.text);
    let md = rich.markdown.unwrap();
    assert!(md.contains("![A black smoker]") && md.contains("![Ocean Weekly]"), "{md:?}");
}

#[test]
fn a_bullet_typed_into_a_list_item_is_not_text() {
    let html = between_prose("<ul><li>• Juan de Fuca Ridge</li><li>● Mid-Atlantic Ridge</li><li>•Lost City</li><li>· ·</li></ul>");
    let text = text_of(html.as_bytes());
    assert!(text.contains("- Juan de Fuca Ridge\n- Mid-Atlantic Ridge\n- •Lost City"), "{text:?}");
}

#[test]
fn control_characters_are_not_text_nor_code() {
    let html = between_prose("<p>&#1;</p><pre><code>&#11; sudo docker compose up -d\n\tcat log</code></pre><p>&#2;&#3;</p>");
    let text = text_of(html.as_bytes());
    assert!(text.contains("changed the field.\n\n sudo docker compose up -d\n\tcat log\n\nBacteria"), "{text:?}");
}

#[test]
fn a_shopping_guide_s_buttons_disclosure_and_result_count_are_not_text() {
    let html = between_prose(
        "<p><em>We may earn commission from links on this page, but we only recommend products we back.</em></p>\
         <p>Showing 24 of 514 results</p>\
         <h2>Vent Explorer 2</h2><p>A pressure-rated camera that films at four kilometres below the surface.</p>\
         <p><a href=\"/r\">Check price at REI</a></p><p><a href=\"/a\">View on Amazon (on sale!)</a></p>\
         <h2>Abyss Lamp</h2><p>A dive lamp whose beam reaches twenty metres through murky water.</p>\
         <p><a href=\"/r2\">Check price at REI</a></p><p><a href=\"/a2\">View on Amazon</a></p>\
         <p>Buyers' agents earn a commission of about 3% when a client buys through their link to the listing.</p>",
    );
    let text = text_of(html.as_bytes());
    for junk in ["We may earn commission", "Showing 24", "Check price", "View on Amazon"] {
        assert!(!text.contains(junk), "{junk}: {text:?}");
    }
    assert!(text.contains("Vent Explorer 2\n\nA pressure-rated camera"), "{text:?}");
    assert!(text.contains("Buyers' agents earn a commission"), "what agents earn is no disclosure: {text:?}");
    let program = text_of(between_prose("<ul><li>Buy on Google</li><li>Free listings</li></ul>").as_bytes());
    assert!(program.contains("- Buy on Google\n- Free listings"), "one line so worded is no button: {program:?}");
}

#[test]
fn code_lines_end_in_line_feeds_whatever_the_page_wrote() {
    let html = between_prose("<pre><code>twilio api:core:messages:create \\\r\n    --to +15558675310\rputs sid</code></pre>");
    let text = text_of(html.as_bytes());
    assert!(text.contains("\n\ntwilio api:core:messages:create \\\n    --to +15558675310\nputs sid\n\n"), "{text:?}");
}

#[test]
fn a_table_of_contents_title_without_its_list_is_not_text() {
    let html = article(
        "<h2>Table of Contents</h2><p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <p>Bacteria turn chemicals into energy, feeding worms, crabs and the fish that hunt them.</p>\
         <h3>Inhaltsverzeichnis</h3><h2>Contents</h2><p>The kit holds a sampler, two probes and a logbook for the dives.</p>",
    );
    let text = text_of(html.as_bytes());
    assert!(!text.contains("Table of Contents") && !text.contains("Inhaltsverzeichnis"), "{text:?}");
    assert!(text.contains("Contents\n\nThe kit holds"), "what a box holds is no table of contents: {text:?}");
    // With its entries, as a list or as lines, the title stays (a documentation index).
    let index = article("<h2>On this page</h2><ul><li>Vents and the life around them</li><li>Bacteria and their energy</li></ul>\
         <p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <h2>Table of Contents</h2><dl><dt>11.1. Introduction</dt><dt>11.2. Index Types</dt></dl>\
         <p>Bacteria turn chemicals into energy, feeding worms, crabs and the fish that hunt them.</p>");
    let text = text_of(index.as_bytes());
    assert!(text.contains("On this page\n\n- Vents and the life") && text.contains("Table of Contents\n\n11.1. Introduction"), "{text:?}");
}

#[test]
fn permalink_glyphs_are_not_text() {
    let html = "<body><article><h2>Deep vents<a class=\"headerlink\" href=\"#deep-vents\">¶</a></h2>\
        <p>Vents host life without sunlight, which surprised biologists in 1977.<a href=\"#fnref1\">↩︎</a></p>\
        <p>See the <a href=\"#map\">map</a> and note <a href=\"#fn2\">2</a> for the full survey of the rift.</p>";
    let result = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(result.text.starts_with("Deep vents\n\nVents host life without sunlight, which surprised biologists in 1977.\n\n"), "{:?}", result.text);
    assert!(result.text.contains("See the map and note 2 for the full survey"), "{:?}", result.text);
    assert!(result.markdown.unwrap().starts_with("## Deep vents\n"));
}

#[test]
fn paragraphs_of_invisible_characters_are_no_paragraphs() {
    // Page builders (Webflow) fill spacer paragraphs with a zero-width joiner.
    let html = "<body><article><h2>Web graphs</h2><p>\u{200d}</p><p>Graphs now follow each crawl, with better ranking data than before.</p>\
        <p> \u{200b}\u{feff} </p><table><tr><td>\u{200d}</td></tr><tr><td>Cell</td></tr></table><p>Emoji keep their joiners: \u{1f469}\u{200d}\u{1f4bb}.</p>";
    let result = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(result.text, "Web graphs\n\nGraphs now follow each crawl, with better ranking data than before.\n\nCell\n\nEmoji keep their joiners: \u{1f469}\u{200d}\u{1f4bb}.");
    assert!(!result.markdown.unwrap().contains("\n\u{200d}"));
}

#[test]
fn a_run_of_blocks_doubled_in_place_appears_once() {
    let page = |extra: &str| {
        let html = format!(
            "<body><article><h2>Our picks</h2><p>We tested forty mugs over a winter, and these held their heat best.</p>{extra}\
             <p>Every mug was filled with the same tea at the same temperature, then timed.</p>"
        );
        extract(html.as_bytes(), &Hints::default(), &opts()).unwrap().text
    };
    let slides = "<div><h3>Stoneware mug, speckled</h3><p>$24.00</p><p>Sold out</p></div><div><h3>Enamel camp mug</h3><p>$18.00</p></div>";
    // A carousel's clones (the same slides again, straight after): once, however many copies.
    let once = page(slides);
    assert_eq!(page(&slides.repeat(2)), once);
    assert_eq!(page(&slides.repeat(3)), once);
    assert_eq!(once.matches("Enamel camp mug").count(), 1);
    // The same lines apart (features shared by two plans) and short repeats stay.
    let plans = "<h3>Basic</h3><ul><li>Unlimited projects for the team</li><li>Priority support</li></ul>\
                 <h3>Pro</h3><ul><li>Unlimited projects for the team</li><li>Priority support</li></ul>";
    assert_eq!(page(plans).matches("Priority support").count(), 2);
    assert_eq!(page("<p>Helpful?</p><p>Yes</p><p>Helpful?</p><p>Yes</p>").matches("Yes").count(), 2);
}

#[test]
fn a_line_said_again_right_after_itself_appears_once() {
    // A product grid whose cards name each product three times in a row (the image link, the
    // heading, a hidden copy) and give the price twice.
    let card = |name: &str, price: &str| {
        format!(
            r#"<li class="card"><a href="/p/{name}"><p>{name}</p></a><h3>{name}</h3><p>{name}</p><p>{price}</p><p>{price}</p><p>Whole bean</p></li>"#
        )
    };
    let html = format!(
        "<body><main><h1>Coffee</h1><p>Every roast we sell, ground or whole, in bags and pods.</p><ul>{}{}{}</ul></main></body>",
        card("Dark Roast Coffee", "$19.99"),
        card("Vanilla Latte 12-Pack", "$47.88"),
        card("Medium Roast Coffee", "$19.99")
    );
    let text = text_of(html.as_bytes());
    assert_eq!(text.matches("Dark Roast Coffee").count(), 1, "{text:?}");
    assert!(text.contains("Vanilla Latte 12-Pack\n\n$47.88\n\nWhole bean"), "{text:?}");
    // Apart, the same price stays: it belongs to two products.
    assert_eq!(text.matches("$19.99").count(), 2, "{text:?}");
    // List items may rightly repeat: a comparison's "Yes", "Yes".
    let list = text_of(b"<body><main><p>What each plan includes, feature by feature, for the whole team.</p><ul><li>Yes</li><li>Yes</li></ul></main></body>");
    assert_eq!(list.matches("Yes").count(), 2, "{list:?}");
}

#[test]
fn a_phrase_said_twice_in_one_line_is_said_once() {
    // A review's award labels, printed for wide screens and again for phones, and a card's
    // heading beside its covering link's copy of it; one word twice may be meant.
    let html = r#"<body><main><h1>The best coffee makers</h1><p>We brewed a thousand cups over three months to find the best coffee makers.</p>
        <p><span class="label">Best Programmable Coffee Maker</span> <span class="mobile-label">Best Programmable Coffee Maker</span></p>
        <h2><a href="/drip" aria-hidden="true"><span>Make mealtime amazing</span></a>Make mealtime amazing</h2>
        <p>It brews a full carafe in six minutes and keeps it hot for two hours, with a timer for the morning.</p>
        <p>Designed by <em>Williamson</em> Williamson</p></main></body>"#;
    let result = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(result.text.contains("\n\nBest Programmable Coffee Maker\n\nMake mealtime amazing\n\nIt brews"), "{:?}", result.text);
    assert!(result.text.contains("Designed by Williamson Williamson"), "{:?}", result.text);
    let markdown = result.markdown.unwrap();
    assert!(markdown.contains("\n\nBest Programmable Coffee Maker\n\n## Make mealtime amazing\n\n"), "{markdown:?}");
}

#[test]
fn a_phrase_said_twice_beside_an_image_is_said_once_with_markdown_or_without() {
    let html = r#"<body><main><h1>The best coffee makers</h1><p>We brewed a thousand cups over three months to find the best coffee makers.</p>
        <p><span class="label">Best Overall</span> <span class="mobile-label">Best Overall</span> <img src="/moccamaster.jpg" alt="Moccamaster KBGV"></p>
        <p>It brews a full carafe in six minutes and keeps it hot for two hours, with a timer for the morning.</p></main></body>"#;
    let plain = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    let with_markdown = extract(html.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap();
    assert!(plain.text.contains("\n\nBest Overall\n\nIt brews"), "{:?}", plain.text);
    assert_eq!(with_markdown.text, plain.text);
    assert!(with_markdown.markdown.unwrap().contains("\n\nBest Overall ![Moccamaster KBGV](/moccamaster.jpg)\n\n"));
}

#[test]
fn a_long_run_repeated_further_on_appears_once() {
    let buy_box = "<h2>Iris hemp dress</h2><p>€132.34</p><ul><li>GBP: £110.82</li><li>USD: $149.64</li><li>CAD: $206.74</li></ul><p>Size: XS, S, M, L, XL</p><p>Free shipping over €150, returns within 30 days.</p>";
    let page = format!(
        "<body><main>{buy_box}<h3>Description</h3><p>A relaxed midi dress cut from washed hemp, with a tie waist and deep pockets.</p>\
         <p>Made in small batches by a women's cooperative in Jaipur.</p><div class=\"sticky\">{buy_box}</div></main></body>"
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("washed hemp"), "{text:?}");
    // The sticky bar's copy of the name, price and options goes.
    assert_eq!(text.matches("USD: $149.64").count(), 1, "{text:?}");
    // Steps with code, the same under each language's tab, stay.
    let steps = "<p>Never put credentials in the source of a production app.</p><p>Set them as environment variables:</p>\
                 <pre><code>export API_KEY=your_key_here</code></pre><p>Then start the server again.</p>";
    let page = format!("<body><main><h1>Quickstart</h1><h2>Java</h2>{steps}<p>Read the key with System.getenv.</p><h2>Python</h2>{steps}</main></body>");
    assert_eq!(text_of(page.as_bytes()).matches("export API_KEY").count(), 2);
}

#[test]
fn button_labels_in_other_languages_are_not_text() {
    let page = |lang: &str, first: &str, button: &str, second: &str| {
        format!(
            "<html lang={lang}><body><nav><a href=/>1</a> <a href=/a>2</a> <a href=/b>3</a></nav><article><p>{first}</p>\
             <p><a class=btn href=/more>{button}</a></p><p>{second}</p></article></body></html>"
        )
    };
    for (lang, first, button, second) in [
        ("de", "Der Stadtrat hat am Dienstagabend den Bau einer neuen Brücke über den Fluss beschlossen.", "Weiterlesen »", "Die Brücke soll die Oststadt mit dem Gewerbegebiet verbinden und den Verkehr senken."),
        ("ru", "Городской совет во вторник вечером одобрил строительство нового моста через реку.", "Читать далее", "Мост соединит восточную часть города с промышленной зоной и снизит нагрузку на дороги."),
        ("ja", "市議会は火曜日の夜、川に新しい橋を架ける計画を六対一で承認し、十年に及ぶ議論に決着をつけた。", "続きを読む", "新しい橋は町の東側と工業団地を結び、大通りの交通量を三分の一減らすと見込まれている。"),
    ] {
        let text = text_of(page(lang, first, button, second).as_bytes());
        assert_eq!(text, format!("{first}\n\n{second}"), "{lang}");
    }
    // A post's furniture and counts, in German.
    let post = "<html lang=de><body><article><p>Der Stadtrat hat am Dienstagabend den Bau einer neuen Brücke über den Fluss beschlossen.</p>\
        <p>12 Kommentare</p><p>Registriert: 03.2006</p><p>Beiträge: 1.204</p><p>5 Min. Lesezeit</p><p>Die Brücke soll die Oststadt mit dem Gewerbegebiet verbinden.</p></article></body></html>";
    let text = text_of(post.as_bytes());
    assert!(text.contains("beschlossen.\n\nDie Brücke"), "{text:?}");
}

#[test]
fn a_term_and_its_description_are_one_paragraph() {
    let html = article(
        "<p>The Staple Tee: enduring comfort in a regular fit, crafted from combed cotton and built to last.</p>\
         <dl><dt>Fit</dt><dd>Regular</dd><div><dt>Fabric</dt> <dd>Mid weight, <b>5.3 oz</b>, 100% combed cotton</dd></div>\
         <dt>Care</dt><dd><p>Machine wash cold with like colours.</p><p>Do not tumble dry; dry it flat in the shade.</p></dd>\
         <dt>Sizes</dt><dt>Colours</dt><dd>70+</dd></dl>",
    );
    let x = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(x.text.contains("\n\nFit\nRegular\n\nFabric\nMid weight, 5.3 oz, 100% combed cotton\n\n"), "{:?}", x.text);
    // A description of paragraphs follows its term's; a term without one is a line of its own.
    assert!(x.text.contains("\n\nCare\n\nMachine wash cold") && x.text.ends_with("\n\nSizes\n\nColours\n70+"), "{:?}", x.text);
    let markdown = x.markdown.unwrap();
    assert!(markdown.contains("\n\nFit  \nRegular\n\n"), "{markdown:?}");
}

#[test]
fn a_field_whose_value_has_a_box_of_its_own_is_one_line() {
    let card = |name: &str, about: &str, weight: &str, color: &str| {
        format!("<li><h3><a href=\"/p/{name}\">{name} 65 backpack</a></h3><p>{about}</p>\
                 <div class=\"spec\">Weight: <div class=\"v\">{weight}</div></div><div class=\"spec\">Features: <div class=\"v\">Reservoir Compatible, Raincover Included</div></div>\
                 <div class=\"spec\">Colors:<ul><li>Black</li><li>{color}</li></ul></div>{}</li>",
            if name == "Atlas" { "<div class=\"spec\">Note: <div class=\"v\">Ships in two boxes from separate warehouses, which may arrive days apart.</div></div>" } else { "" })
    };
    let html = article(&format!(
        "<ul class=\"grid\">{}{}{}</ul>",
        card("Atlas", "A roomy pack for long trips, with a frame that carries heavy loads well.", "3.57 to 3.62 lbs", "Olive"),
        card("Ridge", "A light pack for fast hikes, with mesh pockets that dry quickly in the sun.", "3.69 lbs", "Rust"),
        card("Summit", "A sturdy pack for winter routes, with loops for axes and a roll-top lid.", "4.1 lbs", "Slate")
    ));
    let text = text_of(html.as_bytes());
    assert!(text.contains("\n\nWeight: 3.57 to 3.62 lbs\n\n") && text.contains("\n\nWeight: 4.1 lbs\n\n"), "{text:?}");
    // Every card keeps its fields, though they repeat word for word.
    assert_eq!(text.matches("Features: Reservoir Compatible, Raincover Included\n").count(), 3, "{text:?}");
    // A label over a list, and a value as long as a sentence, keep lines of their own.
    assert!(text.contains("Colors:\n") && text.contains("Note:\n\nShips in two boxes"), "{text:?}");
    // A quote's header repeats with the quote, and goes with it.
    let quote = "<blockquote><cite>changingtimes wrote: <div>Sat Feb 24, 2024 12:41 pm</div></cite><p>The ferry timetable changes in March, so book the early crossing.</p></blockquote>";
    let thread = between_prose(&format!("{quote}<p>Thanks, that saved our trip to the island last spring.</p>{quote}<p>Agreed, the early crossing is the calmer one too.</p>"));
    let text = text_of(thread.as_bytes());
    assert_eq!(text.matches("changingtimes wrote: Sat Feb 24, 2024 12:41 pm").count(), 1, "{text:?}");
}

#[test]
fn a_product_cards_buttons_are_not_text() {
    let card = |name: &str, about: &str| {
        format!("<li class=\"card\"><h3><a href=\"/p/{name}\">{name} headphones</a></h3><p>{about}</p><p>$129.00</p>\
                 <button>Quick view</button><button>Add to Wishlist</button><label><input type=checkbox> Compare</label></li>")
    };
    let html = article(&format!(
        "<ul class=\"grid\">{}{}{}</ul>",
        card("Crusher", "Adjustable bass you can feel, with forty hours of battery on one charge."),
        card("Hesh", "A folding over-ear set that keeps its sound clear on long trips and flights."),
        card("Riff", "Light on-ear headphones with a built-in microphone for calls on the move.")
    ));
    let text = text_of(html.as_bytes());
    assert!(text.contains("Crusher headphones") && text.contains("forty hours of battery") && text.contains("Riff headphones"), "{text:?}");
    assert!(!text.contains("Quick view") && !text.contains("Wishlist") && !text.contains("Compare"), "{text:?}");
}

#[test]
fn lines_saying_the_article_continues_after_an_advertisement_are_not_text() {
    let html = article(
        "<p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <p>ADVERTISEMENT - CONTINUE READING BELOW</p>\
         <p>Bacteria turn chemicals into energy, feeding worms, crabs and the fish that hunt them.</p>\
         <p>Story continues below advertisement</p>\
         <p>Crabs gather where the water is warmest, and the fish follow the crabs.</p>\
         <p>Continue reading below.</p><p>The story continues after the ad break with the crew's dive logs.</p>",
    );
    let text = text_of(html.as_bytes());
    assert!(!text.contains("CONTINUE READING") && !text.contains("Story continues") && !text.contains("Continue reading"), "{text:?}");
    assert!(text.contains("changed the field.\n\nBacteria turn") && text.contains("with the crew's dive logs."), "{text:?}");
}

#[test]
fn sign_in_prompts_and_product_card_badges_are_not_text() {
    let html = article(
        "<p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <p>This article is for subscribers.</p><p>Already have an account? Log in</p><p>Sign in or join</p>\
         <ul><li><a href=\"/kit\">Dive kit</a></li><li>In Stock</li><li>$120</li><li>Top Rated</li><li>0 reviews</li>\
         <li>More options</li><li>Add to compare</li></ul><p>Add a comment</p><img src=\"/vent.jpg\" alt=\"\"><p>Source</p><p>Read the review</p><p>No credit card required.</p>\
         <div class=\"dialog\"><p>Close</p></div><p>The logger fires these events, as its manual lists them:</p><ul><li>close</li><li>open</li></ul>\
         <p>Bacteria turn chemicals into energy, and the kit ships when it is in stock again.</p>",
    );
    let text = text_of(html.as_bytes());
    assert!(!text.contains("Log in") && !text.contains("Sign in or join") && !text.contains("In Stock"), "{text:?}");
    assert!(!text.contains("Add a comment") && !text.contains("Close"), "{text:?}");
    for gone in ["Top Rated", "0 reviews", "More options", "Add to compare", "Source", "Read the review", "No credit card"] {
        assert!(!text.contains(gone), "{gone:?} in {text:?}");
    }
    // A lower-case "close" is a name (an event's, a method's), not a button.
    assert!(text.contains("- close"), "{text:?}");
    assert!(text.contains("when it is in stock again") && text.contains("$120"), "{text:?}");
}

#[test]
fn advertisement_and_button_labels_are_not_text() {
    let html = article(
        "<p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <p><a class=\"btn\" href=\"/vents\">Read more &raquo;</a></p>\
         <div class=\"slot\"><p>ADVERTISEMENT</p><div id=\"div-gpt-ad-1\"></div></div><p><a class=\"btn\" href=\"/tours\">Book now ›</a></p>\
         <p>Bacteria turn chemicals into energy, feeding worms, crabs and the fish that hunt them.</p>\
         <h3>Like this:</h3><p>Like Loading…</p><p>12 Likes</p><p>3 likes and counting: readers loved it.</p>\
         <h2>1,204 Replies</h2><p>2 answers</p><p>Two answers from the crew agreed on the vents' age.</p>\
         <p>Showing 12 z 40 łóżka</p><h3>Join Our Newsletter</h3><p>Like what you read? Sign up for our mailing list!</p><h3>The Deep Sea Newsletter</h3>\
         <div class=\"widget-heading\">Like What You're Reading? <br>Subscribe To The Monthly Newsletter!</div>\
         <table><tr><th>Listing</th><th>Kind</th></tr><tr><td>Vent tour</td><td>Sponsored</td></tr></table>\
         <p>Edited by</p><p>BLOG</p><div class=\"codebox\"><p>Code: <a href=\"#\" onclick=\"selectCode(this)\">Select all</a></p><pre><code>dtparam=act_led_trigger=none</code></pre></div>",
    );
    let text = text_of(html.as_bytes());
    assert!(!text.contains("Select all") && text.contains("dtparam=act_led_trigger=none"), "{text:?}");
    assert!(!text.contains("Edited by") && !text.contains("BLOG"), "{text:?}");
    assert!(!text.contains("ADVERTISEMENT") && !text.contains("Read more") && !text.contains("Book now"), "{text:?}");
    assert!(text.contains("changed the field.\n\nBacteria turn"), "{text:?}");
    assert!(!text.contains("Like this") && !text.contains("Loading") && !text.contains("12 Likes"), "{text:?}");
    assert!(text.contains("3 likes and counting"), "{text:?}");
    assert!(!text.contains("1,204 Replies") && !text.contains("2 answers"), "{text:?}");
    assert!(text.contains("Two answers from the crew"), "{text:?}");
    assert!(!text.contains("Join Our") && !text.contains("mailing list") && text.contains("The Deep Sea Newsletter"), "{text:?}");
    assert!(!text.contains("Reading?") && !text.contains("Monthly Newsletter"), "{text:?}");
    // A line that starts like a result count and ends in letters of more than one byte is read
    // whole, not cut inside a letter.
    assert!(text.contains("Showing 12 z 40 łóżka"), "{text:?}");
    // A table cell is a value, not a label.
    assert!(text.contains("Vent tour | Sponsored"), "{text:?}");
}

#[test]
fn lines_of_icons_are_not_text() {
    let html = article(
        "<p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <p><a href=\"/map\">↗</a></p><p>★★★★☆</p><p>×</p><p>|</p><p>\u{e60a}</p>\
         <p>Bacteria turn chemicals into energy, feeding worms, crabs and the fish that hunt them.</p>\
         <p>* * *</p><p>The crabs came later, in the second dive of the season, and stayed for the rest of it.</p>",
    );
    let text = text_of(html.as_bytes());
    assert!(text.contains("changed the field.\n\nBacteria turn"), "{text:?}");
    // A scene break separates parts of the text: it stays.
    assert!(text.contains("hunt them.\n\n* * *\n\nThe crabs"), "{text:?}");
}

#[test]
fn sign_in_prompts_form_messages_and_reading_times_are_not_text() {
    let html = article(
        "<p>5 min read</p><p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <p>Bacteria turn chemicals into energy, feeding worms, crabs and the fish that hunt them.</p>\
         <div class=\"w-form-done\"><div>Thank you! Your submission has been received!</div></div>\
         <p>Create an account or sign in to comment</p><p>You need to be a member in order to leave a comment</p>\
         <p>Already have an account? Sign in here.</p><p>It took 5 minutes to read the whole log of the dive.</p>",
    );
    let text = text_of(html.as_bytes());
    for gone in ["5 min read", "Thank you!", "sign in to comment", "be a member", "Sign in here"] {
        assert!(!text.contains(gone), "{gone:?} in {text:?}");
    }
    // Sentences that mention reading or accounts are text.
    assert!(text.contains("It took 5 minutes to read"), "{text:?}");
}

#[test]
fn a_forum_posts_ranks_figures_and_edit_notes_are_not_text() {
    let post = |who: &str, rank: &str, body: &str| {
        format!(
            "<article class=\"message\"><div class=\"user\"><h4>{who}</h4><p>{rank}</p><p>Posts: 1,204</p>\
             <div>Join Date: Mar 2006<br>Threads: 23</div></div>\
             <div class=\"body\"><p>{body}</p><p>Last edited: Jul 9, 2022</p></div>\
             <div class=\"reactions\"><p>cy and dee like this.</p></div></article>"
        )
    };
    let html = format!(
        "<html><body><h1>Best tomatoes for a short season?</h1><h2>Recommended Posts</h2>{}{}\
         <p>A senior member of the club said so.</p></body></html>",
        post("ann", "Senior Member", "I grow Stupice and Glacier every year; both ripen by late July even up north."),
        post("bo", "Original Poster", "Thanks! Stupice it is, then, with a cold frame for the first weeks of May."),
    );
    let text = text_of(html.as_bytes());
    for gone in ["Senior Member", "Posts: 1,204", "Last edited", "Original Poster", "Recommended Posts", "Join Date", "Threads: 23", "like this"] {
        assert!(!text.contains(gone), "{gone:?} in {text:?}");
    }
    assert!(text.contains("Stupice and Glacier") && text.contains("cold frame"), "{text:?}");
    // A post that says it likes something is text.
    let liked = text_of(b"<body><article><h1>New seed catalogue</h1><p>The club's new seed catalogue came out today, with forty new kinds.</p><p>I like this.</p></article></body>");
    assert!(liked.contains("I like this."), "{liked:?}");
    assert!(text.contains("A senior member of the club said so."), "{text:?}");
    // A date after "Joined:" in a sentence's line is text.
    let joined = text_of(b"<body><article><p>We met at the club in May.</p><p>Joined: the two clubs in 2006, after a vote of all members at the spring meeting.</p></article></body>");
    assert!(joined.contains("Joined: the two clubs"), "{joined:?}");
}

#[test]
fn asset_addresses_script_data_and_placeholders_alone_on_a_line_are_not_text() {
    let state = r#"{"painterId":"GridWidget","asins":["B0CX6W8","B0CYFWD2R"],"rText":"Vents","rValueUID":"122272","visibleResultsCount":18}"#;
    let html = article(&format!(
        "<p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <dl><dt>thumb_bone:</dt><dd>https://cdn.example.com/images/160x160/tee_bone_thumb.JPG?v=2</dd></dl>\
         <p>//cdn.example.com/s/site.css</p><div class=\"grid-state\">{}</div><pre><code>{}</code></pre>\
         <p>{{{{ board.errors[1179].message }}}}</p><pre>{{{{ form }}}}</pre>\
         <p>Sources:</p><ul><li>https://example.org/papers/vents.html</li><li>https://example.org/vent.png is the map.</li></ul>",
        state, state
    ));
    let text = text_of(html.as_bytes());
    assert!(!text.contains("thumb.JPG") && !text.contains("site.css"), "{text:?}");
    // The field name printed before the address goes with it; "Sources:" labels a list.
    assert!(!text.contains("thumb_bone") && text.contains("Sources:"), "{text:?}");
    // The state and the placeholders once, from the code blocks: there they are examples.
    assert_eq!(text.matches(state).count(), 1, "{text:?}");
    assert!(!text.contains("errors[1179]") && text.contains("{{ form }}"), "{text:?}");
    // A page's address is a source; an asset's address in a sentence is text.
    assert!(text.contains("https://example.org/papers/vents.html"), "{text:?}");
    assert!(text.contains("https://example.org/vent.png is the map."), "{text:?}");
}

#[test]
fn highlighted_code_keeps_its_lines() {
    let page = |code: &str| {
        let html = format!("<body><article><p>Set the project up as follows, then start the server and open it.</p><pre>{code}</pre>");
        let text = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap().text;
        text.split_once("open it.\n\n").map(|(_, code)| code.to_string()).unwrap_or(text)
    };
    // Shiki, minified: lines are spans that CSS lays out as lines; an empty one is a blank line.
    let shiki = r#"<code><span class="line"><span style="color:red">npm</span><span style="color:blue"> create x</span></span><span class="line"><span style="color:red">cd x</span></span><span class="line"></span><span class="line"><span>npm run dev</span></span></code>"#;
    assert_eq!(page(shiki), "npm create x\ncd x\n\nnpm run dev");
    // Prism: a comment token (a node of its own: "comment" is a hint word) ends a line.
    let prism = r#"<code><span class="token-line"><span class="token comment">// note</span></span><span class="token-line">let a = 1;</span></code>"#;
    assert_eq!(page(prism), "// note\nlet a = 1;");
    // Newlines and indentation already between the lines: nothing added.
    assert_eq!(page("<code><span class=\"line\">a {</span>\n    <span class=\"line\">b</span>\n<span class=\"line\">}</span></code>"), "a {\n    b\n}");
    assert_eq!(page("<div>one</div><div>two</div>"), "one\ntwo");
    // A valueless class on the wrapper names no language (and is no slice of the page).
    let html = "<body><article><p>Set the project up as follows, then start the server and open it.</p><div class><pre>x = 1</pre></div>";
    assert!(extract(html.as_bytes(), &Hints::default(), &opts()).unwrap().markdown.unwrap().contains("```\nx = 1\n```"));
    assert_eq!(page("<span class=\"inline\">a</span><span class=\"headline\">b</span>"), "ab");
}

#[test]
fn lists_nest() {
    let html = b"<body><article><p>Things to pack for a week of camping in the mountains:</p>\
        <ul><li>Tent<ul><li>Poles</li><li>Pegs</li></ul></li><li>Stove</li></ul><ol><li>Drive</li><li>Hike</li></ol>";
    let result = extract(html, &Hints::default(), &opts()).unwrap();
    assert!(result.text.contains("- Tent\n  - Poles\n  - Pegs\n- Stove"), "{:?}", result.text);
    assert!(result.text.contains("1. Drive\n2. Hike"));
    assert!(result.markdown.unwrap().contains("- Tent\n   - Poles\n   - Pegs\n- Stove"));
}

#[test]
fn a_list_items_paragraphs_are_its_line_and_lines_under_it() {
    let html = between_prose(
        "<ol><li><p>Sample the water at the vent mouth before the plume cools.</p><p>Seal each bottle at depth.</p></li>\
         <li><div>Count the worms in a square metre of chimney.</div></li>\
         <li>Map the field<ul><li>by sonar</li></ul>then dive on the hottest chimneys.</li></ol>",
    );
    let result = extract(html.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap();
    let md = result.markdown.unwrap();
    assert!(
        md.contains("1. Sample the water at the vent mouth before the plume cools.\n\n   Seal each bottle at depth.\n\n2. Count the worms"),
        "{md:?}"
    );
    assert!(md.contains("3. Map the field\n   - by sonar\n\n   then dive on the hottest chimneys."), "{md:?}");
    // A card headed by its title: what follows goes on under the heading, with no bullet.
    let cards = between_prose("<ul><li><h3>Vent camera</h3><p>Films at four kilometres below the surface.</p><p>$49</p></li></ul>");
    let md = extract(cards.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap().markdown.unwrap();
    assert!(md.contains("### Vent camera\n\nFilms at four kilometres below the surface.\n\n$49"), "{md:?}");
    // A step's number typed in a box of its own is the list's number.
    let steps = between_prose("<ol><li><div class=\"stepnum\">1</div><p>Look for a deal on a dive boat.</p></li><li><div>2</div><p>Book it.</p></li></ol>");
    let md = extract(steps.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap().markdown.unwrap();
    assert!(md.contains("1. Look for a deal on a dive boat.\n2. Book it."), "{md:?}");
    assert!(result.text.contains("1. Sample the water at the vent mouth before the plume cools.\n\nSeal each bottle"), "{:?}", result.text);
    // However deep the page nests the list, the item's paragraph stays under its line (not
    // indented into a code block).
    let deep = between_prose("<ul><li><ul><li><p>Rinse the sampler in fresh water.</p><p>Dry it in the shade.</p></li></ul></li></ul>");
    let md = extract(deep.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap().markdown.unwrap();
    assert!(md.contains("- Rinse the sampler in fresh water.\n\n   Dry it in the shade."), "{md:?}");
}

#[test]
fn a_box_inside_a_heading_is_the_heading_and_its_permalink_is_not_text() {
    let html = between_prose(
        "<h2><div class=\"title\">Black smokers</div></h2><p>The hottest vents, up to 400 degrees, blacken the water with sulfides.</p>\
         <h2 id=\"s2\">White smokers<a class=\"anchor\" href=\"#s2\">#s2</a></h2><p>Cooler vents release barium, calcium and silicon.</p>\
         <h2>NAME <a href=\"#top\"><span>top</span></a></h2><p>A third kind of vent releases no particles at all.</p>\
         <h2><a href=\"#ref\">Further</a> reading</h2><h2>2. Yellow smokers</h2><p>Sulfur vents colour the chimneys yellow.</p>",
    );
    let md = extract(html.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap().markdown.unwrap();
    for heading in ["## Black smokers\n", "## White smokers\n", "## NAME\n", "## Further reading", "## 2. Yellow smokers"] {
        assert!(md.contains(heading), "{heading:?} in {md:?}");
    }
}

#[test]
fn a_sections_linked_title_in_its_header_is_kept() {
    let section = |name: &str, prose: &str| {
        format!("<section class=\"listicle-block\"><header><h3><a href=\"https://parks.example.org/{name}\"><strong>{name}</strong></a></h3></header><main><p>{prose}</p></main></section>")
    };
    // (No <article> or <main> around them: outside the marked content a <header> is the page's.)
    let html = format!(
        "<body><header class=\"site\"><a href=\"/\">Houston Life</a></header><div class=\"story\"><h1>Bike trails</h1>\
         <p>Believe it or not, the city is more bikeable than you think, with new trails opening every year.</p>{}{}</div></body>",
        section("White Oak Bayou Trail", "The trail extends seventeen miles through the city, one of the longest continuous bike trails in town."),
        section("Heights Hike and Bike Trail", "The Heights is growing, and so are its trails, which run along an old railway line through the neighbourhood."),
    );
    let text = text_of(html.as_bytes());
    assert!(text.contains("White Oak Bayou Trail\n\nThe trail extends"), "{text:?}");
    assert!(text.contains("Heights Hike and Bike Trail\n\nThe Heights is growing"), "{text:?}");
}

#[test]
fn a_list_item_said_again_right_after_it_is_a_copy() {
    let item = "<li>Book a dive slot - free</li>";
    let html = between_prose(&format!("<ul>{}</ul><ul><li>Vent tours<h3>Vent tours</h3></li><li>Yes</li><li>Yes</li></ul>", item.repeat(3)));
    let text = text_of(html.as_bytes());
    assert_eq!(text.matches("Book a dive slot - free").count(), 1, "{text:?}");
    assert_eq!(text.matches("Vent tours").count(), 1, "{text:?}");
    assert!(text.contains("- Yes\n- Yes"), "{text:?}");
    // A card's copy that sets its date in a list where the card did not is a copy all the same.
    let card = "<h3>Technical writing clinic</h3>";
    let doubled = between_prose(&format!("{card}<ul><li>Wednesday, April 1, 10:00 AM PDT</li></ul>{card}<p>Wednesday, April 1, 10:00 AM PDT</p>"));
    let text = text_of(doubled.as_bytes());
    assert_eq!(text.matches("Technical writing clinic").count(), 1, "{text:?}");
}

#[test]
fn decodes_windows_1252_without_a_charset() {
    let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(
        "<body><p>Le café était très agréable, et le garçon a préféré la crème brûlée à la française.</p>",
    );
    let result = extract(&bytes, &Hints::default(), &opts()).unwrap();
    assert!(result.text.contains("café était très agréable"), "{:?}", result.text);
    let enc = result.encoding.unwrap();
    assert_eq!((enc.name.as_str(), enc.source), ("windows-1252", "detected"));
}

#[test]
fn decodes_shift_jis_from_meta_charset() {
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(
        "<html><head><meta charset=\"Shift_JIS\"></head><body><p>日本語のテキストです。今日は良い天気ですね。</p></body></html>",
    );
    let result = extract(&bytes, &Hints::default(), &opts()).unwrap();
    assert_eq!(result.text, "日本語のテキストです。今日は良い天気ですね。");
    assert_eq!(result.encoding.unwrap().source, "meta");
    assert_eq!(result.language.as_deref(), Some("ja"));
}

#[test]
fn http_charset_is_a_hint() {
    let hints = Hints { content_type: Some("text/html; charset=ISO-8859-1".into()), url: None, ..Hints::default() };
    let result = extract(b"<p>na\xefve caf\xe9 society of the old town</p>", &hints, &opts()).unwrap();
    assert_eq!(result.text, "naïve café society of the old town");
    assert_eq!(result.encoding.unwrap().source, "http");
}

#[test]
fn repairs_mojibake_and_normalizes_to_nfc() {
    let result = extract("<p>The cafÃ© served crÃ¨me brÃ»lÃ©e â€“ delicious.</p>".as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(result.text, "The café served crème brûlée – delicious.");
    assert!(result.encoding.unwrap().repaired);
    // "e" + combining acute becomes one code point.
    let result = extract("<p>cafe\u{301} au lait for everyone</p>".as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(result.text, "caf\u{e9} au lait for everyone");
}

#[test]
fn mojibake_behind_entities_is_repaired_in_text_and_title() {
    // A page saved through a wrong charset and then entity-encoded: "—" became "&acirc;&euro;&rdquo;".
    let page = "<html><head><title>It&acirc;&euro;&trade;s here</title></head><body><article>\
        <p>Success is no longer measured by rankings&acirc;&euro;&rdquo;it&acirc;&euro;&trade;s measured by citations.</p></article>";
    let result = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(result.text, "Success is no longer measured by rankings\u{2014}it\u{2019}s measured by citations.");
    assert_eq!(result.title.as_deref(), Some("It\u{2019}s here"));
}

#[test]
fn section_offsets_count_the_normalized_text() {
    // Decomposed accents (as macOS writes them) compose to one code point each in the text: the
    // offsets of the sections after them must count the text as written.
    let decomposed = "Cafe\u{301} de\u{301}ja\u{300} vu and the nai\u{308}ve e\u{301}migre\u{301} of the old town. ".repeat(4);
    let html = format!("<body><article><h1>Guide</h1><p>{decomposed}</p><h2>Setup</h2><p>Install the tool first, then read on.</p></article>");
    let r = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(r.text.contains("Café déjà vu"), "{:?}", r.text);
    let chars: Vec<char> = r.text.chars().collect();
    let last = r.sections.last().unwrap();
    assert_eq!(last.path, ["Guide", "Setup"]);
    assert_eq!(chars[last.start..last.end].iter().collect::<String>(), "Setup\n\nInstall the tool first, then read on.");
}

#[test]
fn entities_are_decoded() {
    assert_eq!(text_of(b"<p>Fish &amp; chips &mdash; &#8220;fresh&#8221; &lt;daily&gt;&nbsp;here</p>"), "Fish & chips \u{2014} \u{201c}fresh\u{201d} <daily> here");
}

#[test]
fn metadata_from_meta_og_and_json_ld() {
    let page = r#"<html lang="en-GB"><head><title>Ignored | Site</title>
        <meta property="og:title" content="Vents of the deep">
        <meta name="description" content="All about vents.">
        <link rel="canonical" href="https://ocean.example/vents">
        <script type="application/ld+json">{"@graph":[{"@type":"WebSite","name":"Ocean Daily"},
          {"@type":"NewsArticle","headline":"Vents of the deep","datePublished":"2024-05-06T08:00:00Z",
           "author":[{"@type":"Person","name":"Ada Lovelace"},{"@type":"Person","name":"Mary Anning"}]}]}</script>
        </head><body><article><h1>Vents of the deep</h1><p>Some text about vents that is long enough to count as prose.</p></article></body></html>"#;
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(r.title.as_deref(), Some("Vents of the deep"));
    assert_eq!(r.author.as_deref(), Some("Ada Lovelace, Mary Anning"));
    assert_eq!(r.published.as_deref(), Some("2024-05-06"));
    assert_eq!(r.language.as_deref(), Some("en"));
    assert_eq!(r.canonical_url.as_deref(), Some("https://ocean.example/vents"));
    assert_eq!(r.site_name.as_deref(), Some("Ocean Daily"));
    assert_eq!(r.description.as_deref(), Some("All about vents."));
}

#[test]
fn a_heading_is_not_boilerplate_by_its_class_words() {
    // Class names a build tool made of a component's parts: the product title's
    // `Products_badge__gsI2S` says where its style came from, not that it is a badge.
    let page = article(&format!(
        r#"{PARAS}<h2 class="Products_title__ROEN5 Products_badge__gsI2S">Where the vents are</h2><p>Most vents line the mid-ocean ridges, where plates pull apart and magma rises close to the seafloor.</p>"#
    ));
    let text = text_of(page.as_bytes());
    assert!(text.contains("Where the vents are\n"), "{text:?}");
}

#[test]
fn byline_when_the_head_names_no_author() {
    let page = article(&format!(r#"<p class="byline">By Jane Doe | May 3, 2024</p>{PARAS}"#));
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(r.author.as_deref(), Some("Jane Doe"));
    assert_eq!(r.title.as_deref(), Some("Deep Sea Vents"));
}

#[test]
fn a_bylines_screen_reader_label_is_not_the_name() {
    // WordPress themes label the byline's link for screen readers only.
    let page = article(&format!(
        r#"<span class="byline"><span class="author vcard"><span class="screen-reader-text">Author </span> <a class="url fn n" href="/author/jdoe/">jdoe</a></span></span>{PARAS}"#
    ));
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(r.author.as_deref(), Some("jdoe"));
}

#[test]
fn a_bylines_microdata_name_is_the_name() {
    // Forum software draws the poster's avatar as an initial beside the name and a group badge
    // after it; its microdata gives the name alone. Later bylines are the repliers'.
    let byline = |user: &str| {
        format!(
            r#"<div itemprop="author" itemscope itemtype="https://schema.org/Person"><meta itemprop="name" content="{user}"><span class="avatar">{}</span> <a href="/user/{user}">{user}</a> <a class="badge" href="/groups/staff">Staff</a></div>"#,
            user[..1].to_uppercase()
        )
    };
    let page = article(&format!("{}{PARAS}{}<p>Thanks, that fixed it for me after the upgrade to the new release.</p>", byline("julian"), byline("bradley")));
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(r.author.as_deref(), Some("julian"));
    // Only inside a byline: a product's microdata name is no author.
    let product = article(&format!(r#"<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Trail Shoe">{PARAS}</div>"#));
    assert_eq!(extract(product.as_bytes(), &Hints::default(), &opts()).unwrap().author, None);
}

#[test]
fn a_by_line_near_the_headline_names_the_author() {
    // A theme's article meta, with no class that says byline.
    let author = |meta: &str| {
        let page = format!(r#"<html><body><article><h1>Deep Sea Vents</h1><div class="article__meta"><time>Mar 24, 2025</time><p class="text-with-icon">{meta}</p></div>{PARAS}</article></body></html>"#);
        extract(page.as_bytes(), &Hints::default(), &opts()).unwrap().author
    };
    assert_eq!(author("By Amy Wilhelm").as_deref(), Some("Amy Wilhelm"));
    assert_eq!(author("<span>by</span><span>Daryl Austin</span>").as_deref(), Some("Daryl Austin"));
    assert_eq!(author("Published August 7, 2023 by Nicole Burke").as_deref(), Some("Nicole Burke"));
    // A label of its own, and the name after it; not another label.
    assert_eq!(author("<span>Written by</span><span>Edzel Tabing</span>").as_deref(), Some("Edzel Tabing"));
    assert_eq!(author("<span>Written by</span><span>Researched by</span>"), None);
    // A sentence that starts with "By" names no one.
    assert_eq!(author("By clicking Subscribe you agree to our terms"), None);
}

#[test]
fn a_byline_comes_before_a_declared_author_that_is_the_site() {
    // The head names the publisher as the author; the byline names who wrote the page.
    let author = |declared: &str, byline: &str| {
        let head = format!(r#"<meta property="og:site_name" content="Riverton Gazette"><meta name="author" content="{declared}">"#);
        let page = format!(r#"<html><head>{head}</head><body><article><h1>Deep Sea Vents</h1><p class="byline">By {byline}</p>{PARAS}</article></body></html>"#);
        extract(page.as_bytes(), &Hints::default(), &opts()).unwrap().author
    };
    assert_eq!(author("Riverton Gazette", "Jane Porter Riverton Gazette").as_deref(), Some("Jane Porter"));
    assert_eq!(author("The Riverton Gazette Team", "Jane Porter").as_deref(), Some("Jane Porter"));
    // A byline that names no one besides the site leaves the declared author.
    assert_eq!(author("Riverton Gazette", "Riverton Gazette Sponsored").as_deref(), Some("Riverton Gazette"));
    // A declared person is the author whatever the bylines say.
    assert_eq!(author("Ada Lovelace", "Jane Porter").as_deref(), Some("Ada Lovelace"));
}

#[test]
fn authors_from_json_ld_references_meta_and_bylines() {
    let author = |head: &str, body: &str| {
        let page = format!("<html><head>{head}</head><body><article><h1>Deep Sea Vents</h1>{body}{PARAS}</article></body></html>");
        extract(page.as_bytes(), &Hints::default(), &opts()).unwrap().author
    };
    // Yoast: the article names its author by @id, the Person node comes later in the graph.
    let yoast = r#"<script type="application/ld+json">{"@graph":[{"@type":"Article","headline":"Deep Sea Vents",
        "author":{"@id":"https://x.example/#/person/1"}},{"@type":"Person","@id":"https://x.example/#/person/1","name":"Ada Lovelace"}]}</script>"#;
    assert_eq!(author(yoast, "").as_deref(), Some("Ada Lovelace"));
    // A forum thread: the question's author, while an FAQ's questions do not become the title.
    let qa = r#"<script type="application/ld+json">{"@type":"QAPage","name":"Deep Sea Vents","mainEntity":{"@type":"Question",
        "name":"Why vents?","author":{"@type":"Person","name":"ventfan"},"datePublished":"2024-09-05T23:15:57Z"}}</script>"#;
    assert_eq!(author(qa, "").as_deref(), Some("ventfan"));
    let faq = r#"<script type="application/ld+json">{"@type":"FAQPage","mainEntity":[{"@type":"Question","name":"Why vents?"}]}</script>"#;
    let page = format!("<html><head><title>Deep Sea Vents</title>{faq}</head><body><p>x</p></body></html>");
    assert_eq!(extract(page.as_bytes(), &Hints::default(), &opts()).unwrap().title.as_deref(), Some("Deep Sea Vents"));
    // The first author meta that names someone; vendor names ("cXenseParse:author"); Twitter's label.
    assert_eq!(author(r#"<meta name="author" content="https://x.example/jane"><meta name="sailthru.author" content="Jane Doe">"#, "").as_deref(), Some("Jane Doe"));
    assert_eq!(author(r#"<meta name="cXenseParse:author" content="Jane Doe">"#, "").as_deref(), Some("Jane Doe"));
    assert_eq!(author(r#"<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Jane Doe">"#, "").as_deref(), Some("Jane Doe"));
    // Bylines: a bare "By" label is skipped; a trailing date or "on ..." is cut.
    assert_eq!(author("", r#"<p class="byline">By</p><span class="author">Sara Brown</span>"#).as_deref(), Some("Sara Brown"));
    assert_eq!(author("", r#"<div class="author">By Dr. Vahid Osman - Mar 27, 2024</div>"#).as_deref(), Some("Dr. Vahid Osman"));
    assert_eq!(author("", r#"<div class="author-details"><div>Dakota Hebert</div><div>July 3, 2024</div></div>"#).as_deref(), Some("Dakota Hebert"));
    assert_eq!(author("", r#"<span class="byline">Posted by jdoe on Monday</span>"#).as_deref(), Some("jdoe"));
    assert_eq!(author("", r#"<div class="by-author">16 December 2025 by <span>Sam O'Brien</span></div>"#).as_deref(), Some("Sam O'Brien"));
    // The date half of a byline is no name; a forum handle may carry digits.
    assert_eq!(author("", r#"<div class="author">Sat</div><div class="author">luizjr4</div>"#).as_deref(), Some("luizjr4"));
    assert_eq!(author("", r#"<div class="author">Joined 2019</div>"#), None);
    // Scholarly pages: one citation_author each, "Last, First".
    let citation = r#"<meta name="citation_author" content="Roy, Aniruddha"><meta name="citation_author" content="Patel, Jyoti">"#;
    assert_eq!(author(citation, "").as_deref(), Some("Aniruddha Roy, Jyoti Patel"));
    assert_eq!(author(r#"<meta name="author" content="262588213843476"><meta name="byl" content="By Jane Doe">"#, "").as_deref(), Some("Jane Doe"));
    // A template's key left unrendered is no name, nor is the end of a bio sentence after "by".
    assert_eq!(author(r#"<meta name="author" content="page.head.extra.author">"#, ""), None);
    assert_eq!(author(r#"<meta name="author" content="{{ post.author }}">"#, ""), None);
    assert_eq!(author("", r#"<div class="article-author-info">Oliver is driven by a relentless pursuit of improvement and results.</div>"#), None);
    assert_eq!(author("", r#"<div class="author">By the Lavazza Team</div>"#).as_deref(), Some("the Lavazza Team"));
}

#[test]
fn publication_date_and_byline_from_the_page_when_the_head_has_none() {
    // A date alone in its block, glued to the next block's text in the source.
    let page = article(&format!(r#"<div class="meta"><div>Jane Doe</div><div>May 3, 2024</div><div>5 min read</div></div>{PARAS}"#));
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(r.published.as_deref(), Some("2024-05-03"));
    // Not on a product page, where the first date written is a review's, and a byline its writer's.
    let review = r#"<div class="x4"><p><span class="author">Ash Carter</span>, March 3, 2024</p><p>Lovely fabric, and the pockets are deep enough for a phone.</p></div>"#;
    let product = page_with_product_grid("€89.00, free delivery").replace("</ul>", &format!("</ul>{review}"));
    let r = extract(product.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!((r.page_type, r.author, r.published), (pith_core::PageType::Product, None, None));
    let r = extract(article(&format!("{review}{PARAS}")).as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!((r.author.as_deref(), r.published.as_deref()), (Some("Ash Carter"), Some("2024-03-03")));
    // Nor on a listing, whose first <time> is its newest teaser's.
    let teasers: String = (1..=8)
        .map(|i| format!(r#"<li><h2><a href="/post/{i}">Field notes, part {i}</a></h2><time datetime="2024-03-{i:02}">March {i}</time>
            <p>What we saw along the river this week, and what we still hope to find there.</p></li>"#))
        .collect();
    let listing = format!("<html><head><title>Field notes</title></head><body><h1>All field notes</h1><ul>{teasers}</ul></body></html>");
    let r = extract(listing.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!((r.page_type, r.published), (pith_core::PageType::Listing, None));
    let page = article(&format!(r#"<time class="updated" datetime="2025-01-01">Jan 1</time><time itemprop="datePublished" datetime="2024-02-03">Feb 3</time>{PARAS}"#));
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(r.published.as_deref(), Some("2024-02-03"));
    let page = article(PARAS);
    let r = extract(page.as_bytes(), &Hints { url: Some("https://news.example/2019/07/08/vents".into()), ..Hints::default() }, &opts()).unwrap();
    assert_eq!(r.published.as_deref(), Some("2019-07-08"));
    // Specific names before a bare "date"; JSON-LD of a non-article type when nothing else says.
    let page = r#"<head><meta name="date" content="2026-03-09"><meta name="w-published-date" content="2021-02-16"></head><body><p>Text.</p></body>"#;
    assert_eq!(extract(page.as_bytes(), &Hints::default(), &opts()).unwrap().published.as_deref(), Some("2021-02-16"));
    let page = r#"<head><script type="application/ld+json">{"@type":"WebPage","datePublished":"2022-10-05T12:53:00-07:00"}</script></head><body><p>Text.</p></body>"#;
    assert_eq!(extract(page.as_bytes(), &Hints::default(), &opts()).unwrap().published.as_deref(), Some("2022-10-05"));
    // A raw newline inside a JSON-LD string, as templates write them.
    let page = "<head><script type=\"application/ld+json\">{\"@type\":\"BlogPosting\",\"description\":\"two\nlines\",\"datePublished\":\"2024-02-21 13:00:00\"}</script></head><body><p>Text.</p></body>";
    assert_eq!(extract(page.as_bytes(), &Hints::default(), &opts()).unwrap().published.as_deref(), Some("2024-02-21"));
    let page = r#"<head><meta name="published" content="July 17, 2025"></head><body><p>Text.</p></body>"#;
    assert_eq!(extract(page.as_bytes(), &Hints::default(), &opts()).unwrap().published.as_deref(), Some("2025-07-17"));
}

#[test]
fn multi_section_pages_keep_every_section() {
    let section = |h: &str| {
        format!("<section><h2>{h}</h2><p>{h} is described here in a sentence or two, with enough words to be prose.</p></section>")
    };
    let page = format!("<body><nav><a href=/>Home</a></nav><div>{}{}{}</div>", section("Pricing"), section("Support"), section("Security"));
    let text = text_of(page.as_bytes());
    for h in ["Pricing is described", "Support is described", "Security is described"] {
        assert!(text.contains(h), "{h} missing from {text:?}");
    }
}

#[test]
fn a_feed_of_story_cards_beside_the_story_is_not_text_but_feature_cards_are() {
    let story: String = (1..=6)
        .map(|i| format!("<p>Paragraph {i} of the council story: the vote on the harbour plan was delayed again, and residents asked why the costs had doubled since spring.</p>"))
        .collect();
    let cards = |card: &dyn Fn(usize) -> String| (1..=4).map(card).collect::<String>();
    let teasers = cards(&|i| {
        format!(
            r#"<article class="post"><div class="categories">Front Page</div><div class="title"><a href="/news/{i}">Police open {i} new stations in the northern districts</a></div>
            <div class="author">Webmaster</div><div class="excerpt">Story {i} excerpt: officers said the new stations would shorten response times across the region by a third.</div></article>"#
        )
    });
    let features = cards(&|i| {
        format!(r#"<article class="feature"><h3>Feature {i}</h3><p>Feature {i} tracks every listing, review and ranking of your business in one place.</p><a href="/f/{i}">Learn more</a></article>"#)
    });
    let page = |grid: &str| format!(r#"<html><head><meta property="og:type" content="article"></head><body><main><article><h1>Harbour plan delayed</h1>{story}<div class="slot">{grid}</div></article></main></body></html>"#);
    let text = text_of(page(&teasers).as_bytes());
    assert!(text.contains("Paragraph 6 of the council story"), "{text:?}");
    assert!(!text.contains("excerpt: officers said"), "{text:?}");
    let text = text_of(page(&features).as_bytes());
    assert!(text.contains("Feature 3 tracks every listing"), "{text:?}");
}

#[test]
fn on_an_articles_page_cards_under_linked_headlines_are_a_feed_unless_they_are_most_of_it() {
    let story: String = (1..=6)
        .map(|i| format!("<p>Paragraph {i} of the council story: the vote on the harbour plan was delayed again, and residents asked why the costs had doubled since spring.</p>"))
        .collect();
    let card = |i: usize| {
        format!(
            r#"<div class="post-item"><div class="tagline"><a href="/c/{i}">Travel</a> <span>Dec 19</span></div><h3><a href="/news/{i}">Ferry line {i} adds a winter route to the islands</a></h3>
            <p>Story {i} excerpt: the operator said the route would run twice a week from January, weather permitting, and tickets go on sale on Monday.</p></div>"#
        )
    };
    let feed: String = (1..=3).map(card).collect();
    let page = |body: &str| format!(r#"<html><head><meta property="og:type" content="article"></head><body><main><h1>Harbour plan delayed</h1>{body}</main></body></html>"#);
    let text = text_of(page(&format!("<div>{story}</div><div class=\"more\">{feed}</div>")).as_bytes());
    assert!(text.contains("Paragraph 6 of the council story"), "{text:?}");
    assert!(!text.contains("excerpt: the operator said"), "{text:?}");
    // A section front declared as an article: its feeds are its content.
    let feeds: String = (0..4).map(|k| format!("<div>{}</div>", (1..=3).map(|i| card(3 * k + i)).collect::<String>())).collect();
    let text = text_of(page(&format!("<p>The week in travel, from our desk.</p>{feeds}")).as_bytes());
    assert!(text.contains("Story 12 excerpt: the operator said"), "{text:?}");
}

#[test]
fn a_section_pages_featured_cards_beside_its_feed_are_the_listing_too() {
    let card = |i: usize, words: &str| {
        format!(r#"<article><h2><a href="/science/{i}">Study {i} finds {words}</a></h2><p>March {i}, 2026 &bull; Researchers followed {words} for two decades and report what changed, and why it matters for families and schools.</p></article>"#)
    };
    let feed: String = (4..=15).map(|i| card(i, "reef fish moving north")).collect();
    let page = |featured: &str| {
        format!(
            r#"<html><head><title>Science</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
            <section><h1>Science</h1><div>{featured}</div><div><div class="feed">{feed}</div></div></section>
            <footer>&copy; 2026 The Daily</footer></body></html>"#
        )
    };
    let in_items: String = (1..=3).map(|i| format!("<li>{}</li>", card(i, "teen sleep getting worse"))).collect();
    // Cards without a tag saying so: boxes built alike.
    let built_alike: String = (1..=3)
        .map(|i| format!(r#"<div class="tile"><div class="media"><img src="/{i}.jpg" alt=""></div><div class="body"><h2><a href="/science/{i}">Study {i} finds teen sleep getting worse</a></h2><p>Researchers followed teens for two decades and report what changed, and why it matters for families and schools.</p></div></div>"#))
        .collect();
    for featured in [format!(r#"<ul class="featured">{in_items}</ul>"#), built_alike] {
        let text = text_of(page(&featured).as_bytes());
        assert!(text.contains("Study 15 finds reef fish moving north"), "{text:?}");
        assert!(text.contains("Study 1 finds teen sleep getting worse"), "the featured stories are left out: {text:?}");
        assert!(!text.contains("The Daily"), "{text:?}");
    }
}

#[test]
fn a_paragraph_drawn_as_a_recommendations_heading_labels_its_box() {
    let popular = r#"<div class="c1"><p class="c2">Popular posts</p>
        <div class="c3">1</div><div class="c4">Did You Know? The Queen Once Stepped In To Keep A Rapper From Being Banned</div>
        <div class="c3">2</div><div class="c4">An Airline's Armrest Announcement Sparks A Social Media Frenzy Among Fliers</div></div>"#;
    let more = "<p>Vents also host species found nowhere else, which makes every expedition a chance to name new life.</p>";
    let text = text_of(article(&format!("{PARAS}{popular}{more}")).as_bytes());
    assert!(text.contains("bacteria turn chemicals into energy"), "{text:?}");
    assert!(!text.contains("Armrest Announcement"), "{text:?}");
    // A line that mentions popular posts further in is not a heading.
    let sentence = r#"<div><p>See our popular posts for more</p><p>Sometimes the quietest thread becomes the most useful one for everyone.</p></div>"#;
    let text = text_of(article(&format!("{PARAS}{sentence}")).as_bytes());
    assert!(text.contains("the quietest thread becomes"), "{text:?}");
}

#[test]
fn sections_carry_heading_paths_and_offsets() {
    let html = "<body><article><h1>Guide</h1><p>Intro text for the guide.</p><h2>Setup</h2><p>Install the tool first.</p>\
        <h3>Linux</h3><p>Use the package manager.</p></article>";
    let r = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    let chars: Vec<char> = r.text.chars().collect();
    let last = r.sections.last().unwrap();
    assert_eq!(last.path, ["Guide", "Setup", "Linux"]);
    assert_eq!(chars[last.start..last.end].iter().collect::<String>(), "Linux\n\nUse the package manager.");
}

#[test]
fn links_go_to_a_side_table() {
    let html = b"<body><article><p>Read the <a href=\"https://example.org/spec\">full specification</a> before you start building anything. \
        Its <a href=\"/errata\">list of<br>errata</a> is short; <a href=\"/search?q=errata&#10; 2024\">search</a> it.</p>";
    let options = Options { links: true, ..opts() };
    let r = extract(html, &Hints { url: Some("https://example.org/guide".into()), ..Hints::default() }, &options).unwrap();
    assert_eq!(r.text, "Read the full specification before you start building anything. Its list of\nerrata is short; search it.");
    let links: Vec<_> = r.links.unwrap().into_iter().map(|l| (l.text, l.href)).collect();
    // A link's text is one line (the table has a row per link).
    // An address with a space or a line break in it is written as a browser requests it.
    assert_eq!(
        links,
        [
            ("full specification".into(), "https://example.org/spec".into()),
            ("list of errata".into(), "https://example.org/errata".into()),
            ("search".into(), "https://example.org/search?q=errata%202024".into()),
        ]
    );
}

#[test]
fn drop_selectors_remove_elements_before_scoring() {
    let page = article(&format!(r#"{PARAS}<p class="promo-box">Subscribe to our print edition today and save big money.</p>"#));
    let options = Options { drop: vec![".promo-box".into()], ..opts() };
    let r = extract(page.as_bytes(), &Hints::default(), &options).unwrap();
    assert!(!r.text.contains("Subscribe"));
    assert!(r.text.contains("Hydrothermal"));
}

#[test]
fn repeated_paragraphs_appear_once() {
    let quote = "<p>The deep sea is the largest habitat on Earth, and we have barely seen it.</p>";
    let page = article(&format!("{PARAS}{quote}<blockquote>{quote}</blockquote>"));
    assert_eq!(text_of(page.as_bytes()).matches("largest habitat").count(), 1);
}

#[test]
fn favor_modes_all_extract() {
    for favor in [Favor::Precision, Favor::Balanced, Favor::Recall] {
        let r = extract(article(PARAS).as_bytes(), &Hints::default(), &Options { favor, ..opts() }).unwrap();
        assert!(r.text.contains("Hydrothermal"), "{favor:?}");
    }
}

#[test]
fn ratios_and_sizes() {
    let page = article(PARAS);
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(r.html_bytes, page.len());
    assert_eq!(r.text_bytes, r.text.len());
    assert!((r.content_ratio - r.text_bytes as f64 / r.html_bytes as f64).abs() < 1e-12);
}

#[test]
fn budgets_are_reported_not_panicked() {
    let options = Options { max_input_bytes: 10, ..opts() };
    let out = extract_json(b"<p>more than ten bytes</p>", &serde_json_request(&options));
    assert!(out.starts_with(r#"{"ok":false,"error":{"kind":"input_too_large""#), "{out}");
    // lol-html buffers a whole start tag: a megabyte attribute cannot fit in 64 KiB.
    let huge_tag = format!("<div data-x=\"{}\">text</div>", "a".repeat(1 << 20));
    let options = Options { max_memory_bytes: 64 * 1024, ..opts() };
    let r = extract(huge_tag.as_bytes(), &Hints::default(), &options);
    assert_eq!(r.unwrap_err(), pith_core::ExtractError::MemoryLimit);
    assert!(extract_json(b"<p>x</p>", "{not json").contains(r#""kind":"bad_request""#));
    // A microsecond is over before the first parser chunk is read.
    let page = "<p>Some words in a paragraph.</p>".repeat(5000);
    let out = extract_json(page.as_bytes(), r#"{"options":{"timeBudgetMs":0.001}}"#);
    assert!(out.starts_with(r#"{"ok":false,"error":{"kind":"time_budget""#) && out.contains("time budget"), "{out}");
    assert!(extract_json(page.as_bytes(), r#"{"options":{"timeBudgetMs":60000}}"#).starts_with(r#"{"ok":true"#));
}

fn serde_json_request(options: &Options) -> String {
    format!(r#"{{"options":{{"maxInputBytes":{}}}}}"#, options.max_input_bytes)
}

#[test]
fn empty_and_garbage_inputs_do_not_fail() {
    for input in [&b""[..], b"\x00\x01\x02\xff\xfe", b"<<<>>></></p></div>", b"<html><body></body></html>"] {
        let r = extract(input, &Hints::default(), &opts()).unwrap();
        assert!(r.text.len() < 20);
    }
}

#[test]
fn links_resolve_against_the_page_and_base_href() {
    let html = b"<body><article><p>See <a href=\"/spec\">the spec</a> and <a href=\"../faq\">the FAQ</a> before you write any code at all.</p>";
    let options = Options { links: true, ..opts() };
    let hints = Hints { url: Some("https://example.org/docs/guide/intro".into()), ..Hints::default() };
    let links = extract(html, &hints, &options).unwrap().links.unwrap();
    assert_eq!(links[0].href, "https://example.org/spec");
    assert_eq!(links[1].href, "https://example.org/docs/faq");
    let with_base = [&b"<head><base href=\"https://cdn.example.net/a/\"></head>"[..], html].concat();
    let links = extract(&with_base, &hints, &options).unwrap().links.unwrap();
    assert_eq!(links[1].href, "https://cdn.example.net/faq");
}

#[test]
fn table_header_rows_come_first() {
    let html = b"<body><article><p>Quarterly figures for the shop, in thousands of euros.</p><table>\
        <thead><tr><th>Quarter</th><th>Sales</th></tr></thead><tbody><tr><td>Q1</td><td>212</td></tr></tbody></table>";
    assert!(text_of(html).ends_with("Quarter | Sales\nQ1 | 212"));
}

#[test]
fn cjk_text_is_scored_by_characters() {
    let para = |s: &str| format!("<p>{s}</p>");
    let page = format!(
        "<html lang=zh><body><nav><a href=/>首页</a> <a href=/n>新闻</a> <a href=/s>体育</a></nav><div class=post>{}{}{}</div>\
         <footer><a href=/c>联系我们</a> <a href=/p>隐私政策</a></footer></body></html>",
        para("深海热泉于一九七七年在加拉帕戈斯裂谷附近被发现，它改变了人们对生命的认识。"),
        para("那里的生命并不依赖阳光；细菌把化学物质转化为能量，养活了管虫和螃蟹。"),
        para("科学家认为，类似的环境也可能存在于其他星球的冰下海洋之中。"),
    );
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(r.text.starts_with("深海热泉"), "{:?}", r.text);
    assert!(!r.text.contains("首页") && !r.text.contains("隐私政策"), "{:?}", r.text);
    assert_eq!(r.language.as_deref(), Some("zh"));
    assert!(r.accepted, "{:?}", r.reject_reason);
}

#[test]
fn thai_prose_without_full_stops_is_prose() {
    // Thai writes no spaces between words and ends sentences with a space, not a mark: its
    // words are counted by characters, and its spaces part sentences.
    let page = "<html lang=th><body><nav><a href=/>หน้าแรก</a> <a href=/news>ข่าว</a> <a href=/sport>กีฬา</a></nav>\
        <div class=content><h1>ฝนตกหนักทั่วกรุงเทพ</h1>\
        <p>กรมอุตุนิยมวิทยาเตือนว่าฝนจะตกหนักในกรุงเทพและปริมณฑลตลอดสัปดาห์นี้ ประชาชนควรเตรียมรับมือน้ำท่วมขัง</p>\
        <p>กรุงเทพมหานครได้เตรียมเครื่องสูบน้ำไว้แล้วกว่าสองร้อยเครื่อง</p></div>\
        <aside class=sidebar><h3>ข่าวยอดนิยม</h3><ul><li><a href=/a>ราคาทองวันนี้</a></li><li><a href=/b>ผลบอล</a></li></ul></aside></body></html>";
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(r.text.contains("ประชาชนควรเตรียมรับมือ") && r.text.ends_with("สองร้อยเครื่อง"), "{:?}", r.text);
    assert!(!r.text.contains("ข่าวยอดนิยม"), "{:?}", r.text);
    assert!(r.accepted, "{:?}", r.reject_reason);
}

#[test]
fn a_short_last_sentence_ending_in_a_danda_is_content() {
    // "।" ends a Hindi sentence as "." does an English one: the line is no label at the edge.
    let page = "<html lang=hi><body><nav><a href=/>होम</a> <a href=/desh>देश</a> <a href=/khel>खेल</a></nav><div class=content>\
        <h1>रिज़र्व बैंक ने ब्याज दरें स्थिर रखीं</h1>\
        <p>मौद्रिक नीति समिति ने सर्वसम्मति से नीतिगत दर को साढ़े छह प्रतिशत पर बनाए रखने का निर्णय लिया। समिति ने कहा कि महंगाई अभी भी लक्ष्य से ऊपर है।</p>\
        <p>विश्लेषकों का मानना है कि केंद्रीय बैंक वर्ष की दूसरी छमाही में दरों में कटौती शुरू कर सकता है। उद्योग जगत ने इस फैसले का स्वागत किया।</p>\
        <p>अगली बैठक जून में होगी।</p></div><footer><p>सर्वाधिकार सुरक्षित</p></footer></body></html>";
    let text = text_of(page.as_bytes());
    assert!(text.ends_with("अगली बैठक जून में होगी।"), "{text:?}");
}

#[test]
fn a_list_item_over_nested_items_stays_with_them_at_the_start_of_the_text() {
    // A short line before the first paragraph is furniture, unless it heads the items below it.
    let page = "<html><body><article><ul><li>Updates<ul>\
        <li>2021-08-09 Emphasizing non-requirements for analysis as well as tool choice steps.</li>\
        <li>2022-04-12 Link to Choosing Software</li></ul></li></ul>\
        <p>One single tool can not be a perfect fit for all sets of requirements. You need to differ between situations and users.</p>\
        <p>On the other hand, for each given tool, there exists at least one set of requirements where it is the best choice.</p>\
        </article></body></html>";
    let text = text_of(page.as_bytes());
    assert!(text.starts_with("- Updates\n  - 2021-08-09 Emphasizing"), "{text:?}");
}

#[test]
fn a_list_under_an_items_paragraph_nests_one_level_in_the_item_however_deep_the_page_nests_it() {
    // An FAQ laid out as a list: each answer's list sits two lists deep, under the answer's text,
    // which is a paragraph of the question's item.
    let page = "<html><body><article><h1>Travel insurance questions</h1>\
        <p>This page answers the questions our customers ask most often about travel insurance and what it costs.</p>\
        <ul class=faq><li><div>What factors impact the cost?</div><div>There are many factors that can affect the cost of travel insurance:\
        <ul><li>Your age</li><li>Where you are going<ul><li>Europe</li></ul></li></ul></div></li></ul>\
        <p>Another paragraph of prose follows the questions, so that the content has more than one long paragraph.</p></article></body></html>";
    let r = extract(page.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap();
    assert!(r.text.contains("- What factors impact the cost?\n\nThere are many factors"), "{:?}", r.text);
    assert!(r.text.contains("insurance:\n\n  - Your age\n  - Where you are going\n    - Europe\n"), "{:?}", r.text);
    // Three spaces a level: four before an item after a blank line would make it a code block.
    let md = r.markdown.unwrap();
    assert!(md.contains("- What factors impact the cost?\n\n   There are many factors"), "{md:?}");
    assert!(md.contains("insurance:\n\n   - Your age\n   - Where you are going\n      - Europe\n"), "{md:?}");
}

mod verdicts {
    use super::*;
    use pith_core::RejectReason;

    fn reason(html: &str) -> Option<RejectReason> {
        let r = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
        assert_eq!(r.accepted, r.reject_reason.is_none());
        r.reject_reason
    }

    const ARTICLE: &str = "<p>Hydrothermal vents were discovered in 1977 near the Galápagos Rift, and they changed biology for good.</p>\
        <p>Life there does not depend on sunlight; bacteria turn chemicals into energy, feeding worms, clams and crabs.</p>";

    #[test]
    fn a_short_real_article_passes() {
        assert_eq!(reason(&format!("<body><article><h1>Vents</h1>{ARTICLE}</article>")), None);
    }

    #[test]
    fn a_short_article_in_a_div_broken_by_line_breaks_passes() {
        let prose = ARTICLE.replace("<p>", "").replace("</p>", "<br><br>");
        assert_eq!(reason(&format!("<body><div class=\"copy\"><h1>Vents</h1><div class=\"text\">{prose}</div></div></body>")), None);
    }

    #[test]
    fn empty() {
        assert_eq!(reason("<html><body><div></div></body></html>"), Some(RejectReason::Empty));
    }

    #[test]
    fn too_short() {
        assert_eq!(reason("<body><p>Hello there, welcome.</p></body>"), Some(RejectReason::TooShort));
    }

    #[test]
    fn javascript_shell() {
        let script = "x".repeat(5000);
        assert_eq!(
            reason(&format!("<body><div id=root></div><script>{script}</script><p>Loading</p></body>")),
            Some(RejectReason::JavascriptShell)
        );
        // An app whose bundles load from elsewhere: an empty mount point, nothing inline.
        for bundle in ["<script defer src=\"/assets/app-9f92.js\"></script>", "<link rel=modulepreload href=\"/assets/app-9f92.mjs\">", "<link rel=preload as=script href=\"/assets/app-9f92.js?v=2\">"] {
            let shell = format!("<head><title>Start making my home smart</title>{bundle}<link rel=stylesheet href=/app.css></head><body><section id=main></section></body>");
            assert_eq!(reason(&shell), Some(RejectReason::JavascriptShell), "{bundle}");
        }
        // Without a script, a page with nothing to show is empty (a style sheet preloaded is no app).
        let styled = "<head><link rel=preload as=style href=/app.css><link rel=stylesheet href=/app.css></head><body><section id=main></section></body>";
        assert_eq!(reason(styled), Some(RejectReason::Empty));
    }

    #[test]
    fn consent_or_paywall() {
        assert_eq!(
            reason("<body><p>We use cookies to personalise content. Accept all cookies or manage your consent settings here.</p></body>"),
            Some(RejectReason::ConsentOrPaywall)
        );
        // A paywall's remnant in German: "Jetzt abonnieren" and "Bereits Abonnent?".
        assert_eq!(
            reason("<body lang=de><h1>Stadtrat beschließt Brücke</h1><p>Lesen Sie den ganzen Artikel mit unserem Digitalabo. Jetzt abonnieren.</p><p>Bereits Abonnent? Hier anmelden.</p></body>"),
            Some(RejectReason::ConsentOrPaywall)
        );
    }

    #[test]
    fn link_list() {
        let items: String = (0..40).map(|i| format!("<li><a href=/p/{i}>Story number {i} about the things that happened today</a></li>")).collect();
        assert_eq!(reason(&format!("<body><ul>{items}</ul></body>")), Some(RejectReason::LinkList));
    }

    #[test]
    fn no_prose() {
        let labels: String = (0..40).map(|i| format!("<div>Label {i} value</div>")).collect();
        assert_eq!(reason(&format!("<body><div>{labels}</div></body>")), Some(RejectReason::NoProse));
    }

    #[test]
    fn error_page() {
        // A missing page served with status 200, named so by its title ...
        let soft_404 = "<head><title>Page Not Found | Example News</title></head><body><nav><a href=/>Home</a></nav><main>\
            <h1>Oops!</h1><p>Sorry, the page you are looking for has moved or no longer exists. Try the search box, or go \
            back to the home page and keep reading from there.</p></main></body>";
        assert_eq!(reason(soft_404), Some(RejectReason::ErrorPage));
        // ... or by the first line of its text, in any of the languages listed.
        let chinese = "<head><title>示例网</title></head><body><div><h1>抱歉，页面不存在</h1>\
            <p>很抱歉，当您看到这个页面的时候，说明您访问的地址有错误或者页面已经被删除了。请返回首页继续浏览本站的其他内容。</p></div></body>";
        assert_eq!(reason(chinese), Some(RejectReason::ErrorPage));
    }

    #[test]
    fn pages_that_only_mention_an_error_pass() {
        // "404" alone is a number (a model, a year of a code), not an error page.
        assert_eq!(reason(&format!("<head><title>Peugeot 404 wagon, restored</title></head><body><article>{ARTICLE}</article>")), None);
        // Nor is an article about HTTP errors.
        let about = "<head><title>Why 404 errors hurt your site</title></head><body><article><h1>Broken links</h1>\
            <p>A link to a page that has moved leads readers to an error instead of the answer they wanted.</p>\
            <p>Search engines notice such dead ends, and a site full of them slowly loses its place in the results.</p></article>";
        assert_eq!(reason(about), None);
    }

    #[test]
    fn low_text_ratio() {
        let filler = format!("<div class=x style='color:red'>{}</div>", "<span class=a></span>".repeat(20_000));
        let page = format!("<body><article>{ARTICLE}</article>{filler}</body>");
        assert_eq!(reason(&page), Some(RejectReason::LowTextRatio));
    }
}

#[test]
fn a_list_of_item_titles_is_the_content_of_a_listing_page() {
    let jobs: String = (1..=12)
        .map(|i| format!(r#"<tr><td>{i}.</td><td><a href="/j{i}">Startup number {i} is hiring a senior backend engineer</a></td></tr>"#))
        .collect();
    let page = format!(
        r#"<body><nav><a href="/">Home</a> <a href="/new">New</a> <a href="/jobs">Jobs</a></nav>
        <div><p>These are jobs at our startups.</p><table>{jobs}</table></div>
        <footer><a href="/faq">FAQ</a> <a href="/legal">Legal</a></footer></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Startup number 7 is hiring a senior backend engineer"), "{text:?}");
    assert!(!text.contains("FAQ"), "{text:?}");
    // Beside an article, the same list is an archive: left out.
    let prose = "<p>The committee met on Tuesday and agreed, after a long debate, to fund the new library wing.</p>".repeat(30);
    let page = format!(r#"<body><div><article>{prose}</article><div class="archive"><table>{jobs}</table></div></div></body>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("fund the new library wing"));
    assert!(!text.contains("Startup number 7"), "{text:?}");
}

#[test]
fn customer_reviews_are_a_product_pages_comments() {
    let review = "<p>Great pack for day hikes; the side pockets fit a full bottle and the rain cover is handy.</p>".repeat(8);
    let page = format!(
        r#"<head><script type="application/ld+json">{{"@type":"Product","name":"Trail 25 Pack"}}</script></head>
        <body><main><h1>Trail 25 Pack</h1><p>Keep your day's gear within easy reach: pockets galore, a rain cover and a hip belt.</p>
        <div class="product-reviews"><h2>Reviews</h2>{review}<p>Share</p><p>Love it</p></div></main></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Keep your day's gear"), "{text:?}");
    assert!(!text.contains("Great pack"), "{text:?}");
    let with_comments = Options { comments: true, ..opts() };
    let comments = extract(page.as_bytes(), &Hints::default(), &with_comments).unwrap().comments.unwrap_or_default();
    assert!(comments.contains("Great pack"), "{comments:?}");
    // The comments lose labels as the text does, and keep a short last comment.
    assert!(!comments.contains("Share") && comments.ends_with("Love it"), "{comments:?}");
    // Without the product declaration, reviews that are most of the page read as posts.
    let text = text_of(page.replace(r#""@type":"Product""#, r#""@type":"WebPage""#).as_bytes());
    assert!(text.contains("Great pack"), "{text:?}");
}

#[test]
fn a_product_pages_specifications_in_a_collapsed_tab_are_shown() {
    let specs = "<table><tr><th>Brand</th><td>Vento</td></tr><tr><th>Weight</th><td>1.2 kg</td></tr><tr><th>Capacity</th><td>25 l</td></tr><tr><th>Material</th><td>Recycled nylon</td></tr><tr><th>Warranty</th><td>Five years</td></tr></table>";
    let page = |kind: &str| {
        format!(
            r#"<head><script type="application/ld+json">{{"@type":"{kind}","name":"Trail 25 Pack"}}</script></head>
        <body><main><h1>Trail 25 Pack</h1><p>Keep your day's gear within easy reach: pockets galore, a rain cover and a hip belt.</p>
        <div class="tab-pane" style="display:none"><h2>Specifications</h2>{specs}</div></main></body>"#
        )
    };
    let text = text_of(page("Product").as_bytes());
    assert!(text.contains("Brand | Vento\nWeight | 1.2 kg"), "{text:?}");
    // Elsewhere a collapsed box is shown for its prose only.
    let text = text_of(page("WebPage").as_bytes());
    assert!(!text.contains("Vento"), "{text:?}");
}

#[test]
fn react_streamed_segments_are_shown() {
    // Each segment holds a third of the page: none would pass as "most of the page's prose".
    let segment = |i: usize, what: &str| {
        format!(r#"<div hidden id="S:{i}"><p>The heat exchanger is rated for 40 kW, and its {what} take standard hoses.</p></div>"#)
    };
    let page = format!(
        r#"<body><main><h1>Heat exchanger</h1>{}{}{}
        <div hidden id="spare">SPAREHIDDEN</div></main></body>"#,
        segment(0, "brass fittings"),
        segment(1, "copper pipes"),
        segment(2, "steel valves")
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("brass fittings"), "{text:?}");
    assert!(!text.contains("SPAREHIDDEN"), "{text:?}");
}

#[test]
fn long_comments_under_an_article_stay_comments_but_posts_of_a_thread_are_content() {
    let reply = r#"<div class="comment"><p>I tried this spray on my cabbages last summer, and the aphids were gone within a week.</p></div>"#;
    let replies = reply.repeat(40);
    let article = "<p>Garlic, soap and water make a cheap spray that keeps most soft-bodied pests off a vegetable garden all summer.</p>".repeat(30);
    let page = format!(r#"<body><article><h1>Pest spray</h1>{article}</article><section class="comments">{replies}</section></body>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("Garlic, soap and water"));
    assert!(!text.contains("aphids"), "{text:?}");
    // A short question with long replies is a thread: the replies are the content.
    let page = format!(r#"<body><div class="topic"><h1>Pest spray?</h1><p>What keeps aphids off cabbages, without chemicals?</p></div><section class="comments">{replies}</section></body>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("What keeps aphids off") && text.contains("gone within a week"), "{text:?}");
}

#[test]
fn a_threads_reply_list_is_content_and_remarks_are_not() {
    let question = "<p>My tomato leaves curl at the edges after rain, and the lower ones turn yellow. Is it blight, or just too much water?</p>".repeat(4);
    let remark = r#"<div class="comments"><p>Which variety is it?</p></div>"#;
    let replies = r#"<div class="comment"><p>Curling after rain is usually physiological: the plant is fine, mulch the bed.</p></div>"#.repeat(3);
    let page = format!(
        r#"<body><div class="thread"><div class="question"><h1>Curling leaves</h1>{question}{remark}</div>
        <div class="comments">{replies}</div></div></body>"#
    );
    let hints = Hints { url: Some("https://garden.example/forum/t/curling-leaves/42".into()), ..Hints::default() };
    let text = extract(page.as_bytes(), &hints, &opts()).unwrap().text;
    assert!(text.contains("My tomato leaves curl") && text.contains("mulch the bed"), "{text:?}");
    assert!(!text.contains("Which variety"), "{text:?}");
}

#[test]
fn remarks_under_each_post_of_a_qa_page_are_comments_even_when_they_outweigh_the_posts() {
    // Stack Exchange's layout: a question and its answers, each a post with its own list of
    // remarks beside its body; here the remarks hold more text than the short answers.
    let remark = |n: u32| format!(r#"<li class="comment"><span class="comment-copy">Remark {n}: have you tried the same build on another machine, with a clean checkout and a fresh cache?</span></li>"#);
    let remarks = |from: u32, to: u32| -> String { format!(r#"<div class="comments"><ul>{}</ul></div>"#, (from..=to).map(remark).collect::<String>()) };
    let post = |body: &str, comments: String| {
        format!(r#"<div class="post"><div class="post-body"><p>{body}</p><p>{body} Nothing else changed.</p></div>{comments}</div>"#)
    };
    let page = format!(
        r#"<body><div id="content"><h1>Build hangs at linking</h1>{}{}{}</div></body>"#,
        post("My build hangs when the linker starts, on every machine of the team since the last upgrade of the toolchain.", remarks(1, 8)),
        post("Answer one: set the linker to lld, since the default one runs out of memory on large binaries and then waits forever.", remarks(9, 10)),
        post("Answer two: the upgrade changed the default number of parallel link jobs, which now starve each other; set it back to one.", remarks(11, 12)),
    );
    let hints = Hints { url: Some("https://qa.example/questions/4711/build-hangs".into()), ..Hints::default() };
    let text = extract(page.as_bytes(), &hints, &opts()).unwrap().text;
    assert!(text.contains("My build hangs") && text.contains("Answer one") && text.contains("Answer two"), "{text:?}");
    assert!(!text.contains("Remark"), "{text:?}");
    let with_comments = Options { comments: true, ..opts() };
    let comments = extract(page.as_bytes(), &hints, &with_comments).unwrap().comments.unwrap_or_default();
    assert!(comments.contains("Remark 1:") && comments.contains("Remark 12:"), "{comments:?}");
}

#[test]
fn replies_in_boxes_of_their_own_beside_a_long_first_post_are_content() {
    // A first post of logs and detail, and short replies each in a box of its own, as
    // Discourse marks them (itemprop="comment"): together the replies are the thread.
    let question: String = (1..=10)
        .map(|n| format!("<p>Run {n}: the deploy stops at the upload step with no error, although the build itself passes and the log shows it.</p>"))
        .collect();
    let reply = |n: u32| format!(r#"<div class="topic-body" itemprop="comment"><p>Reply {n}: set the functions runtime to a supported Node version in the site settings, then deploy again.</p></div>"#);
    let replies: String = (1..=3).map(reply).collect();
    let page = format!(
        r#"<body><div class="topic"><div class="topic-body"><h1>Deploy fails</h1>{question}</div>{replies}</div></body>"#
    );
    let hints = Hints { url: Some("https://answers.example/t/deploy-fails/117".into()), ..Hints::default() };
    let text = extract(page.as_bytes(), &hints, &opts()).unwrap().text;
    assert!(text.contains("Run 10: the deploy stops"), "{text:?}");
    assert!((1..=3).all(|n| text.contains(&format!("Reply {n}:"))), "{text:?}");
}

#[test]
fn a_cookie_dialog_longer_than_a_thread_does_not_bring_back_its_signatures() {
    // The dialog, sure boilerplate, holds most of the page's prose; the signatures, flagged by a
    // class word only, must not pass for content that the class word misflagged.
    let policy: String = (1..=15)
        .map(|n| format!("<p>Clause {n}: we and our partners store and access information on your device, such as cookies, to measure ads.</p>"))
        .collect();
    let post = |n: u32| {
        format!(
            r#"<div class="msg"><p>Post {n}: the remaster plays well on the handheld, and the load times are short.</p>
            <div class="signature"><p>Signature {n}: currently playing three long games at once, send help, and snacks.</p>
            <p>Also playing: a farming game, a racing game, and a puzzle game about trains and their timetables.</p></div></div>"#
        )
    };
    let posts: String = (1..=4).map(post).collect();
    let page = format!(
        r#"<body><h1>Underrated games</h1><div class="board">{posts}</div>
        <div role="dialog" aria-label="Your privacy">{policy}</div></body>"#
    );
    let hints = Hints { url: Some("https://games.example/boards/switch/8070".into()), ..Hints::default() };
    let text = extract(page.as_bytes(), &hints, &opts()).unwrap().text;
    assert!((1..=4).all(|n| text.contains(&format!("Post {n}:"))), "{text:?}");
    assert!(!text.contains("Signature") && !text.contains("Clause"), "{text:?}");
}

#[test]
fn linked_teasers_are_the_items_of_a_section_front_even_beside_long_captions() {
    // Each item: a photo caption (prose, unlinked) and a linked title and summary. The
    // captions make the page read as prose; the linked items are still what it lists.
    let item = |n: u32| {
        format!(
            r#"<div class="item"><div class="caption"><p>Photo {n}: a research vessel at dawn off the coast, where the team sampled the water column for two weeks. The crew lowered floats to four thousand metres.</p></div>
            <div class="info"><h2><a href="/s/{n}">Story {n}: deep currents carry more heat than the models assumed</a></h2>
            <p><a href="/s/{n}">Summary {n}: a decade of float data shows the deep ocean warming faster than expected.</a></p></div></div>"#
        )
    };
    let items: String = (1..=12).map(item).collect();
    let page = format!(r#"<body><nav><a href="/">Home</a></nav><main><h1>Science</h1>{items}</main><footer>Contact</footer></body>"#);
    let text = text_of(page.as_bytes());
    assert!((1..=12).all(|n| text.contains(&format!("Story {n}:")) && text.contains(&format!("Summary {n}:"))), "{text:?}");
}

#[test]
fn a_table_layout_keeps_its_content_cell_without_the_column_of_links_beside_it() {
    // A page of the early web: no <p>s, no <nav>, one layout table.
    let page = br#"<html><body bgcolor=white><table width=800><tr>
        <td width=150 valign=top><a href=/>Home</a><br><a href=/trips>Trips</a><br><a href=/photos>Photos</a><br><a href=/family>Family</a><br>
        <a href=/recipes>Recipes</a><br><a href=/links>Links</a><br><a href=/guestbook>Guestbook</a></td>
        <td valign=top><font size=4><b>My trip to the mountains</b></font><br><br>
        Last summer we drove up to the mountains for a week of hiking, and we climbed three peaks.<br><br>
        On the second day a shepherd showed us a path around the lake, the best walk of the week.<br><br>
        We will go back next year, in September, when the huts are quieter.</td></tr></table>
        <center><font size=1>(c) 2003 Webmaster</font></center></body></html>"#;
    let text = text_of(page);
    assert!(!text.contains("Guestbook") && !text.contains("Trips"), "{text:?}");
    assert!(text.contains("three peaks.\n\nOn the second day") && text.contains("quieter."), "{text:?}");
}

#[test]
fn an_archived_email_in_a_pre_is_prose_not_a_list_of_links() {
    // A mailing list archive's message page (Mailman's pipermail): a short message, laid out
    // in a <pre>, between lists of links to the messages before and after it. With no prose
    // paragraph beside those links, the page was rejected as a link list.
    let nav = r#"<ul><li>Previous message: <a href="033101.html">[Python-Dev] PEP 8 line length</a></li>
        <li>Next message: <a href="033103.html">[Python-Dev] Re: PEP 8 line length</a></li>
        <li><b>Messages sorted by:</b> <a href="date.html">[ date ]</a> <a href="thread.html">[ thread ]</a>
        <a href="subject.html">[ subject ]</a> <a href="author.html">[ author ]</a></li></ul>"#;
    let page = format!(
        r#"<html><head><title>[Python-Dev] Re: PEP 8 line length</title></head><body>
        <h1>[Python-Dev] Re: PEP 8 line length</h1><b>Guido van Rossum</b> <a href="mailto:python-dev@python.org">guido at python.org</a><br>
        <i>Mon Mar  3 16:41:07 EST 2003</i><p>{nav}<hr><pre>&gt; I think 79 characters is too short for modern screens.

It is not about screens. Short lines are easier to read, and side by side
diffs need two of them to fit in one window. Keep the limit at 79 for code
and 72 for docstrings and comments.

Code that is hard to fit in 79 columns usually wants to be split into
smaller functions anyway.

--Guido van Rossum (home page: <a href="http://www.python.org/~guido/">http://www.python.org/~guido/</a>)
</pre><hr><p>{nav}<hr><a href="http://mail.python.org/mailman/listinfo/python-dev">More information about the Python-Dev mailing list</a></body></html>"#
    );
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(r.accepted, "{:?}", r.reject_reason);
    assert!(r.text.contains("It is not about screens.") && r.text.contains("smaller functions anyway."), "{:?}", r.text);
    // The links to the messages before and after, printed above the message and again below it,
    // are the archive's menu, however short the message.
    assert!(!r.text.contains("Previous message") && !r.text.contains("sorted by"), "{:?}", r.text);
}

#[test]
fn prose_in_a_pre_outweighs_a_paragraph_beside_it_as_prose_does() {
    // Code weighs half as much as prose where the content is looked for; an e-mail laid out in a
    // <pre> is prose, and the list's description beside it is not the content.
    let paragraph = "The first time I tried it the build failed on the second step, and the log said nothing useful about why it stopped there.\n";
    let page = format!(
        r#"<body><div class="about"><p>This list is for discussion of the language's development. It is read by the core team and by many others, who are asked to keep to the topic and to be kind to each other.</p></div>
        <div class="message"><pre>{}</pre></div></body>"#,
        paragraph.repeat(8)
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("the build failed") && !text.contains("This list is for"), "{text:?}");
}

#[test]
fn a_hidden_pre_holding_the_page_as_markdown_for_crawlers_is_left_out() {
    let paragraphs = [
        "Choosing the right tool is a balancing act: you want the features your team needs, without paying for ones it never uses.",
        "In our experience the best choice is the one that fits how your business works, not the one with the longest list of features.",
        "Start with your needs, be honest about your resources, and choose what delivers value where it matters most.",
    ];
    let html_body: String = paragraphs.iter().map(|p| format!("<p>{p}</p>")).collect();
    let markdown: String = paragraphs.iter().map(|p| format!("{p}\n\n")).collect();
    let page = format!(
        r#"<body><div class="page"><div class="post"><h1>Choosing a tool</h1>{html_body}</div>
        <pre aria-hidden="true" class="rawMarkdown" hidden># Choosing a tool

{markdown}</pre></div></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(!text.contains("# Choosing") && text.matches("balancing act").count() == 1, "{text:?}");
}

#[test]
fn an_h1_linking_to_the_home_page_names_the_site_not_the_page() {
    // Blogger's theme: the blog's name in an <h1> linked to its home page, the post's title
    // in an <h3>, and "Blog: Post" as the page's <title>.
    let page = br#"<html><head><title>Grandma's Kitchen: Plum jam, the slow way</title></head><body>
        <div class="header"><h1 class="title"><a href="https://grandma.example.com/">Grandma's Kitchen</a></h1></div>
        <div class="post"><h3 class="post-title">Plum jam, the slow way</h3><div class="post-body">Every August the old plum tree gives
        us more fruit than we can eat, so we make jam the way my grandmother did.<br><br>Wash the plums, cut them in half and
        take out the stones, then leave them overnight with the sugar.</div></div></body></html>"#;
    let hints = Hints { url: Some("https://grandma.example.com/2011/08/plum-jam.html".into()), ..Default::default() };
    let r = extract(page, &hints, &opts()).unwrap();
    assert_eq!(r.title.as_deref(), Some("Plum jam, the slow way"));
}


#[test]
fn a_title_that_only_names_the_site_gives_way_to_the_h1() {
    // A theme that writes the site's name as every page's <title> and Open Graph title: the
    // header's link home says the same, so the post's <h1> is its title.
    let page = |url: &str| {
        let html = br#"<html><head><title>Jane Roe</title><meta property="og:title" content="Jane Roe"></head><body>
            <header><a id="author-name" href="https://janeroe.example.org/">Jane Roe</a> <a href="/blog">Blog</a></header>
            <main><h1>Moving my notes to plain text</h1><p>For ten years my notes lived in one app after another, and every
            move cost me a weekend of fixing links and lost images.</p><p>This spring I moved them to plain text files in a
            folder, and the last move is the one I will not have to make again.</p></main></body></html>"#;
        let hints = Hints { url: Some(url.into()), ..Default::default() };
        extract(html, &hints, &opts()).unwrap()
    };
    let post = page("https://janeroe.example.org/2023/05/plain-text-notes.html");
    assert_eq!(post.title.as_deref(), Some("Moving my notes to plain text"));
    assert_eq!(post.site_name.as_deref(), Some("Jane Roe"));
    // On the home page itself, the site's name is the page's title.
    assert_eq!(page("https://janeroe.example.org/").title.as_deref(), Some("Jane Roe"));
}
#[test]
fn an_unmarked_byline_under_the_headline_names_the_author() {
    let page = br#"<html><head><title>City council approves new bridge - The Valley Gazette</title></head><body><table><tr>
        <td><font size="5"><b>City council approves new bridge</b></font><br><font size="2">By John Miller, Staff Writer<br>Published March 3, 2004</font>
        <p>The city council voted 6 to 1 on Tuesday night to approve a new bridge across the Valley River, ending a debate of ten years.</p>
        <p>The bridge will connect the east side of town with the industrial park and is expected to cut traffic on Main Street by a third.</p>
        </td></tr></table></body></html>"#;
    let r = extract(page, &Hints::default(), &opts()).unwrap();
    assert_eq!(r.author.as_deref(), Some("John Miller"), "{:?}", r.text);
}

#[test]
fn a_byline_and_a_date_in_the_pages_language() {
    // A German page that declares neither in its head: the text's "Von" line and its date name them.
    let page = r#"<html lang="de"><head><title>Stadtrat beschließt neue Brücke - Talbote</title></head><body>
        <nav><a href="/">Start</a> <a href="/lokales">Lokales</a></nav><article><h1>Stadtrat beschließt neue Brücke</h1>
        <p class="meta">Von Hans Müller, Redakteur</p><p class="meta">5. März 2024, 14:00 Uhr</p>
        <p>Der Stadtrat hat am Dienstagabend mit sechs zu eins Stimmen den Bau einer neuen Brücke über den Fluss beschlossen.</p>
        <p>Die Brücke soll die Oststadt mit dem Gewerbegebiet verbinden und den Verkehr in der Hauptstraße um ein Drittel senken.</p>
        </article></body></html>"#;
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!((r.author.as_deref(), r.published.as_deref()), (Some("Hans Müller"), Some("2024-03-05")), "{:?}", r.text);
    // The same page declared English: "Von" and "März" are not words of its language.
    let r = extract(page.replace(r#"lang="de""#, r#"lang="en""#).as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!((r.author.as_deref(), r.published.as_deref()), (None, None), "{:?}", r.text);
}

#[test]
fn a_cjk_date_in_the_text_is_the_pages_date() {
    let page = r#"<html lang="zh-CN"><head><meta charset="utf-8"><title>城市新桥获批</title></head><body>
        <article><h1>城市新桥获批</h1><div class="info">发布时间：2020年02月07日 14:28 来源：本站</div>
        <p>市议会周二晚以六比一的投票结果批准在河上修建一座新桥，结束了长达十年的争论。</p>
        <p>新桥将连接城东与工业园区，预计可使主街的交通量减少三分之一，工程将于明年春天开工。</p></article></body></html>"#;
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert_eq!(r.published.as_deref(), Some("2020-02-07"), "{:?}", r.text);
}

#[test]
fn a_declarative_shadow_root_is_text_and_other_templates_are_not() {
    let page = br#"<body><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
        <blog-post><template shadowrootmode="open"><style>p { color: red }</style><article><h1>Why we moved to web components</h1>
        <p>Last year we rewrote our front end with web components, rendered on the server with declarative shadow DOM.</p>
        <p>The move cut our JavaScript by half and made every page readable without scripts.</p><slot></slot></article></template>
        <p>This paragraph is the component's light DOM, about the same migration.</p></blog-post>
        <template id="row"><p>A template row that no one sees until a script copies it.</p></template></body>"#;
    let text = text_of(page);
    assert!(text.contains("rendered on the server") && text.contains("cut our JavaScript") && text.contains("light DOM"), "{text:?}");
    assert!(!text.contains("template row") && !text.contains("color"), "{text:?}");
}

#[test]
fn a_div_used_as_a_paragraph_is_not_a_container_to_walk_into() {
    // The prose sits in one <div> broken by <br>s; the code and the closing line beside it
    // are short, and belong with it.
    let page = r#"<body><nav><a href="/">Home</a> <a href="/faq">FAQ</a></nav><div class="hero"><div class="copy">
        <div class="paragraph">We run a web crawler that respects robots.txt and crawls slowly, from a small set of addresses.<br><br>
        Our archive is open to everyone, and researchers use it to study the web, its languages and its links.<br><br>
        To keep our crawler off your site, add these lines to your robots.txt file:</div>
        <div class="code-multi"><strong>User-agent: ExampleBot<br>Disallow: /</strong></div>
        <p class="paragraph">See the FAQ for more.</p></div></div><footer>Contact</footer></body>"#;
    let text = text_of(page.as_bytes());
    assert!(text.contains("respects robots.txt") && text.contains("User-agent: ExampleBot") && text.contains("See the FAQ"), "{text:?}");
}

#[test]
fn a_lower_case_letter_meeting_an_upper_case_one_across_spans_gets_a_space() {
    let page = br#"<body><p>Our boots, tested on every trail this year. <a href="/p"><span class="brand">Merrell</span><span class="name">Moab 3</span></a></p>
        <p>And a bottle for the trail: <a href="/y"><span class="brand">YETI</span><span class="name">Rambler 26 oz</span></a>, then <b>NAS</b>A's pick.</p>
        <pre><code><span class="fn">get</span><span class="fn">Value</span>()</code></pre></body>"#;
    let text = text_of(page);
    assert!(text.contains("Merrell Moab 3"), "{text:?}");
    assert!(text.contains("YETI Rambler 26 oz") && text.contains("NASA's pick"), "{text:?}");
    assert!(text.contains("getValue()"), "{text:?}");
}

#[test]
fn two_numbers_meeting_across_spans_get_a_space() {
    // A chart's year and running time in sibling spans that CSS sets apart; a price split into
    // whole and fraction keeps its point and stays one number.
    let page = br#"<body><p>The most popular movies this week, as the site's visitors ranked them.</p>
        <ul><li><h3>Scream 7</h3><div><span class="year">2026</span><span class="runtime">1h 54m</span><span class="rating">R</span></div></li></ul>
        <p>Now <span class="whole">19.</span><span class="fraction">99</span> a month.</p></body>"#;
    let text = text_of(page);
    assert!(text.contains("2026 1h 54m"), "{text:?}");
    assert!(text.contains("19.99 a month"), "{text:?}");
}

#[test]
fn a_removed_element_between_two_words_leaves_a_space() {
    // A post card's date and reading time with a decorative dot between them, hidden from
    // screen readers; text hidden before a sentence's period leaves none.
    let page = br#"<body><article><h2>How we rebuilt our video encoder</h2>
        <p>The encoder team shares what changed when they rebuilt the pipeline last year.</p>
        <div class="meta"><span class="date">1d ago</span><span class="sep" aria-hidden="true">&middot;</span><span class="time">3 min read</span></div>
        <p>Read the full story on our records<span class="visually-hidden"> (opens in a new tab)</span>.</p></article></body>"#;
    let text = text_of(page);
    assert!(text.contains("1d ago 3 min read"), "{text:?}");
    assert!(text.contains("our records."), "{text:?}");
}

#[test]
fn links_side_by_side_are_separate_items_unless_a_word_runs_on() {
    let page = br#"<body><p>The game's store page lists its tags, as players chose them over the years.</p>
        <p>Over the years its players tagged it <a href="/t/fps">FPS</a><a href="/t/pvp">PvP</a><a href="/t/3d">3D</a><a href="/t/single">Singleplayer</a> and the tags stuck.</p>
        <p><a href="/drop"><span class="dropcap">P</span></a><a href="/guide">acking</a> cubes keep a carry-on bag in order.</p></body>"#;
    let text = text_of(page);
    assert!(text.contains("FPS PvP 3D Singleplayer"), "{text:?}");
    assert!(text.contains("Packing cubes"), "{text:?}");
}

#[test]
fn a_labels_colon_meeting_its_value_across_spans_gets_a_space() {
    let page = br#"<body><p>The listing has every detail a buyer asks about, from the condition to the returns.</p>
        <div><span class="label">eBay item number:</span><span class="value">365999454668</span></div>
        <div><cite>Ayytaly wrote:</cite><span>Last time they were this relevant was years ago.</span></div>
        <p>Doors open at <span>10:</span><span>30</span> every morning.</p></body>"#;
    let text = text_of(page);
    assert!(text.contains("eBay item number: 365999454668"), "{text:?}");
    assert!(text.contains("Ayytaly wrote: Last time"), "{text:?}");
    assert!(text.contains("at 10:30 every"), "{text:?}");
}

#[test]
fn a_sentence_ending_where_a_link_begins_gets_a_space() {
    // A hero's tagline and its call to action in sibling elements that CSS stacks; a Python
    // signature's module and name in sibling spans stay one name.
    let page = br#"<body><div class="hero"><span>Enjoy quick meals with one of America's most-loved multicookers.</span><a href="/shop">Shop now</a></div>
        <p>Our cookers come in six sizes, and every one of them ships with a recipe book.</p>
        <dl><dt><em>class </em><span class="sig-prename"><span class="pre">json.</span></span><span class="sig-name"><span class="pre">JSONDecoder</span></span></dt>
        <dd>Simple JSON decoder, which performs the following translations when decoding by default.</dd></dl></body>"#;
    let text = text_of(page);
    assert!(text.contains("multicookers. Shop now"), "{text:?}");
    assert!(text.contains("class json.JSONDecoder"), "{text:?}");
}

#[test]
fn inline_ends_and_images_between_texts_get_a_space() {
    // A label in a bold run that CSS sets on its own line, a link followed by an <em>, and a
    // rating's star image between two spans: each would otherwise glue two words into one.
    let page = br#"<body><ul><li><b class="title">Diverse Clientele</b>We support clients of all sizes, from startups to enterprises.</li>
        <li><b>Global Partnerships</b>We built strong partnerships with clients across industries.</li></ul>
        <h2><a href="/artist">Earth Ball</a><em>Outside Over There</em></h2>
        <p>Our service has been rated by thousands of customers over the years, and they like it.
        <span>5 star reviews</span><img alt="star" src="star.png"><span>Trustpilot</span></p>
        <p>Where the letters meet lower to lower the word stays whole: a <b>re</b>view.</p>
        <ul><li><label>Antennas</label><span class="count">320</span></li><li><span class="price">&euro;25</span><span class="note">Build a Pack</span></li></ul>
        <p>Emissions of CO<sub>2</sub> fell, as the report<sup>1</sup> shows.</p></body>"#;
    let text = text_of(page);
    for joined in ["Diverse Clientele We support", "Global Partnerships We built", "Earth Ball Outside Over There", "5 star reviews Trustpilot", "a review.", "Antennas 320", "€25 Build a Pack", "CO2 fell", "report1 shows"] {
        assert!(text.contains(joined), "{joined:?} in {text:?}");
    }
}

#[test]
fn inactive_tab_panels_are_content() {
    let panel = |lang: &str, hidden: &str| {
        format!(r#"<div role="tabpanel" {hidden}><p>Install the {lang} client library, then call send() with the recipient's number and your message.</p></div>"#)
    };
    let page = format!(
        r#"<body><main><h1>Send a message</h1><div role="tablist"><button>Python</button><button>Ruby</button></div>{}{}
        <div hidden>NOTATAB</div></main></body>"#,
        panel("Python", ""),
        panel("Ruby", r#"hidden style="display:none""#)
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Install the Ruby client"), "{text:?}");
    assert!(!text.contains("NOTATAB"), "{text:?}");
}

#[test]
fn collapsed_accordion_panels_are_content() {
    let page = r#"<body><main><h1>Installing solar panels</h1><div class="accordion">
        <button id="h1" aria-controls="p1">Week 1: energy audit</button>
        <div id="p1" role="region" aria-labelledby="h1" style="display:none"><p>Gather twelve months of electric bills, so installers can size the system from real usage.</p></div>
        </div></main></body>"#;
    let text = text_of(page.as_bytes());
    assert!(text.contains("Gather twelve months"), "{text:?}");

    // Without a role, `aria-labelledby` names the panel's control; `aria-hidden` alone
    // (decoration) still hides.
    let page = r#"<body><main><h1>Installing solar panels</h1>
        <p>Most homes need three weeks from the first visit to a working system, and most of it is paperwork.</p>
        <p>The installer handles the inspection; the owner signs the interconnection agreement with the utility.</p>
        <button id="h2" aria-controls="p2">Week 2: permits</button>
        <section id="p2" aria-labelledby="h2" aria-hidden="true" inert><p>File the permit with the county, attaching the one-line diagram the installer drew.</p></section>
        <div aria-hidden="true"><p>DECORATION repeating the heading.</p></div></main></body>"#;
    let text = text_of(page.as_bytes());
    assert!(text.contains("File the permit"), "{text:?}");
    assert!(!text.contains("DECORATION"), "{text:?}");
}

#[test]
fn a_footer_goes_even_when_it_outweighs_a_short_page() {
    let offices: String = ["Baltimore", "Denver", "Austin", "Boston", "Seattle", "Miami"]
        .iter()
        .map(|c| format!("<p>{c} office: 100 Main Street, Suite 200, open Monday to Friday, 9 a.m. to 5 p.m.</p>"))
        .collect();
    let page = format!(
        r#"<body><main><h1>Vehicle rentals</h1><p>Screen every renter before the keys change hands: check the licence, the age and the driving record.</p></main>
        <footer>{offices}</footer></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Screen every renter"), "{text:?}");
    assert!(!text.contains("Baltimore office"), "{text:?}");
}

#[test]
fn a_page_header_with_a_wordy_menu_goes_but_an_articles_header_stays() {
    let menu: String = (0..8)
        .map(|i| format!("<li><a href='/p{i}'>Product {i}</a><p>Scale your workloads with managed service number {i}, billed by the second.</p></li>"))
        .collect();
    let page = format!(
        r#"<body><header><ul>{menu}</ul></header><article><header><h1>What is cloud computing?</h1><p class="dek">Renting computers by the hour.</p></header>
        <p>Cloud computing is the on-demand delivery of computing resources over the internet, paid for as they are used.</p></article></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("on-demand delivery"), "{text:?}");
    assert!(text.contains("Renting computers"), "{text:?}");
    assert!(!text.contains("managed service"), "{text:?}");
}

#[test]
fn a_question_marked_as_the_main_entity_keeps_its_answers_and_itself() {
    let answer = r#"<div class="answer"><div itemprop="text"><p>Awaiting a CPU-bound coroutine never yields to the event loop, so the other task waits until it returns; add an explicit sleep(0) to yield.</p></div></div>"#;
    let page = format!(
        r#"<body><div id="mainbar" role="main"><div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">
        <div class="question"><h1>Why do my coroutines not interleave?</h1><div itemprop="text"><p>I expected two count() tasks to print alternately, but each prints all its numbers first.</p></div></div>
        <div id="answers">{}</div></div></div></body>"#,
        answer.repeat(6)
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("I expected two count() tasks"), "{text:?}");
    assert!(text.contains("explicit sleep(0)"), "{text:?}");
}

#[test]
fn collapsed_answers_in_the_content_are_kept_but_screen_reader_text_is_not() {
    let faq = |q: &str, a: &str| format!(r#"<div class="faq"><h3>{q}</h3><div class="answer hidden"><p>{a}</p></div></div>"#);
    let page = format!(
        r#"<body><main><h1>Progressive web apps</h1><p>We build progressive web apps that load fast, work offline and install like native apps.</p>
        {}{}<p class="sr-only">This link opens the pricing calculator in a new window, where you can estimate the cost of your app.</p></main>
        <div class="hidden"><p>Sign up for our newsletter to get the latest articles on web development delivered to your inbox.</p></div></body>"#,
        faq("How much does a PWA cost?", "The cost depends on the number of features, the integrations and the design work, so we quote each project."),
        faq("Will PWAs replace native apps?", "Not entirely, but many companies switch because one codebase serves every device and updates ship instantly.")
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("we quote each project"), "{text:?}");
    assert!(text.contains("one codebase serves every device"), "{text:?}");
    assert!(!text.contains("pricing calculator"), "{text:?}");
    assert!(!text.contains("newsletter"), "{text:?}");
}

#[test]
fn beside_a_main_element_a_footer_goes_however_wordy() {
    let notes = "<p>Financing is available to qualified customers, subject to credit approval and a credit limit, at a variable rate.</p>".repeat(12);
    let page = format!(
        r#"<body><main><h1>Which watch is right for you?</h1><p>Compare the three models by size, battery life, price and the health features each one offers.</p>
        <p>Every model tracks your workouts, your heart rate and your sleep, and each one works with the same bands.</p><ul><li>Series 11, from $399</li><li>SE 3, from $249</li><li>Ultra 3, from $799</li></ul></main><footer>{notes}</footer></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Compare the three models"), "{text:?}");
    assert!(!text.contains("Financing is available"), "{text:?}");
}

#[test]
fn a_wordy_footer_goes_beside_a_grid_of_short_tiles_but_stays_when_nothing_is_beside_it() {
    // No <main>: the grid's tiles hold little prose, the footer's legal notes nearly all of it.
    let notes: String = (1..=12)
        .map(|i| format!("<p>{i}. Financing is available to qualified customers, subject to credit approval and a credit limit, at a variable rate.</p>"))
        .collect();
    let tiles: String = (1..=16)
        .map(|i| format!(r#"<div class="tile"><h3>Mac model {i}</h3><p>M5 chip</p><p>From ${}</p><a href="/buy/{i}">Buy</a></div>"#, 499 + 100 * i))
        .collect();
    let page = format!(r#"<body><div class="page"><h1>Buy Mac</h1><div class="grid">{tiles}</div></div><footer>{notes}</footer></body>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("Mac model 1\n") && text.contains("Mac model 16\n"), "{text:?}");
    assert!(!text.contains("Financing is available"), "{text:?}");
    // A page that puts its whole text in an <aside>, or in a page header, a title beside it,
    // keeps it.
    for furniture in ["aside", "header"] {
        let page = format!(r#"<body><div class="page"><h1>Financing</h1></div><{furniture}>{notes}</{furniture}></body>"#);
        assert!(text_of(page.as_bytes()).contains("12. Financing is available"), "{furniture}");
    }
}

#[test]
fn a_feed_of_link_heavy_items_is_the_listing() {
    // Each item: a title link, tag links and an author link, so short links dominate.
    let item = |i: usize| {
        format!(r##"<div class="story"><h2><a href="/p{i}">Post number {i} about Rust</a></h2><a href="/t/rust">#rust</a> <a href="/t/webdev">#webdev</a> <a href="/u{i}">Author {i}</a> 5 min read</div>"##)
    };
    let feed: String = (0..12).map(item).collect();
    let page = format!(r#"<body><nav><a href="/">Home</a> <a href="/about">About</a></nav><main><h1>Latest posts</h1><p>Fresh writing from the community, picked by our editors every morning.</p><div class="feed">{feed}</div></main><footer><a href="/terms">Terms</a></footer></body>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("Post number 3 about Rust"), "{text:?}");
    assert!(text.contains("Post number 11 about Rust"), "{text:?}");
    assert!(!text.contains("Terms"), "{text:?}");
}

#[test]
fn a_blurb_inside_a_box_of_links_is_kept_without_the_links() {
    // A ranking's first entry: its blurb, then more link text than text around it.
    let guides: String = (0..5).map(|i| format!(r#"<li><a href="/g{i}">Guide number {i} to this school's admissions</a></li>"#)).collect();
    let entry = format!(
        r#"<div class="entry"><h2>1. Harbour Business School</h2><p>Rankings come and go, but Harbour Business School is recognized as the long-term first choice of many applicants.</p><ul>{guides}</ul></div>"#
    );
    // Enough prose around it to be an article rather than a listing of links.
    let prose = |from: usize| -> String {
        (from..from + 8)
            .map(|i| format!("<p>Survey {i} of the vents found new species of worms, crabs and snails living in the warm water, and sampled the bacteria that feed them.</p>"))
            .collect()
    };
    let text = text_of(between_prose(&format!("{}{entry}{}", prose(0), prose(8))).as_bytes());
    assert!(text.contains("Rankings come and go"), "{text:?}");
    assert!(!text.contains("Guide number 3"), "{text:?}");
}

#[test]
fn a_threads_replies_stay_beside_a_long_first_post() {
    // XenForo's markup: every post an `<li>` holding an `<article>`, none named a comment.
    let post = |who: &str, body: &str| format!(r#"<li class="message"><div class="user"><a href="/members/{who}">{who}</a></div><article class="message-body"><blockquote>{body}</blockquote></article></li>"#);
    let guide: String = (0..12).map(|i| format!("Host number {i} has servers in three regions, a support team that answers within the hour, and fair prices. ")).collect();
    let replies: String = [
        ("ana", "I have heard good things about the second host, and the budget option worked well for my small server too."),
        ("ben", "This reads like a marketing post for the first host, nothing informational here for anyone deciding."),
        ("cai", "The third host was the best I have had: a little more expensive, but worth it for the uptime alone."),
    ]
    .iter()
    .map(|(who, body)| post(who, body))
    .collect();
    let page = format!(r#"<body><h1>Best server hosts of the year</h1><form><ol class="messages">{}{replies}</ol></form></body>"#, post("pelex", &guide));
    let hints = Hints { url: Some("https://forum.example/threads/best-server-hosts.691400/".into()), ..Hints::default() };
    let text = extract(page.as_bytes(), &hints, &opts()).unwrap().text;
    assert!(text.contains("Host number 11 has servers"), "{text:?}");
    for reply in ["heard good things", "marketing post", "worth it for the uptime"] {
        assert!(text.contains(reply), "{reply:?} missing from {text:?}");
    }
}

#[test]
fn a_single_reply_built_like_the_first_post_stays_with_it() {
    // vBulletin's markup: every post the same nest of boxes and a table, none named a comment.
    let post = |who: &str, body: &str| format!(r#"<div><div><div><div><table><tr><td><a href="/u/{who}">{who}</a></td><td><div>{body}</div></td></tr></table></div></div></div></div>"#);
    let question: String = (0..8).map(|i| format!("Test {i}: the card plays films at the wrong refresh rate, whatever player or renderer I try, and a custom resolution does not help. ")).collect();
    let page = format!(
        r#"<body><table><tr><td><p>Welcome to the forum. Before you start posting please read the rules.</p></td></tr></table><div>{}{}</div></body>"#,
        post("microfast", &question),
        post("geoffrey", "Hi, does disabling hardware decoding or acceleration in the player settings do anything for it, or for the other players?"),
    );
    let hints = Hints { url: Some("https://forum.example/showthread.php?t=186269".into()), ..Hints::default() };
    let text = extract(page.as_bytes(), &hints, &opts()).unwrap().text;
    assert!(text.contains("Test 7: the card plays films"), "{text:?}");
    assert!(text.contains("disabling hardware decoding"), "{text:?}");
}

#[test]
fn a_term_linked_to_its_tooltip_stays_in_its_sentence() {
    let page = between_prose(r#"<p>A pod is a group of one or more <a class="glossary-tooltip" data-toggle="tooltip" title="A lightweight image." href="/containers/">containers</a>, with shared storage.</p><div class="tooltip" role="tooltip">A lightweight and portable executable image.</div>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("one or more containers, with shared storage"), "{text:?}");
    assert!(!text.contains("portable executable image"), "{text:?}");
}

#[test]
fn an_accordions_questions_are_text_and_other_buttons_are_not() {
    let faq: String = [
        ("Who is this program for?", "It is for editors and engineers who build news products and want a formal product role."),
        ("Can I take it entirely online?", "Yes: every session is recorded, and the live ones are held in the evening, twice a week."),
    ]
    .iter()
    .map(|(q, a)| format!(r#"<h3><button aria-expanded="false" aria-controls="p">{q}</button></h3><div><p>{a}</p></div>"#))
    .collect::<String>()
        + r#"<h3> <button class="accordion">Is there a certificate?</button></h3><div><p>Yes, once you have handed in the final project and presented it to the class.</p></div>"#
        + r#"<p><button aria-controls="fees">What does it cost?</button></p><div id="fees"><p>The program costs the same for everyone, and scholarships cover half of it for some.</p></div>"#;
    let text = text_of(between_prose(&format!(r#"<h2>Enum Result<button id="copy-path">Copy item path</button></h2><button class="cta">Apply now</button>{faq}"#)).as_bytes());
    assert!(text.contains("Who is this program for?\n\nIt is for editors"), "{text:?}");
    for question in ["Can I take it entirely online?", "Is there a certificate?", "What does it cost?"] {
        assert!(text.contains(question), "{question:?} missing from {text:?}");
    }
    assert!(!text.contains("Apply now") && !text.contains("Copy item path"), "{text:?}");
}

#[test]
fn vote_counts_are_not_text() {
    let answer = |votes: u32, body: &str| format!(r#"<div class="answer" itemprop="suggestedAnswer"><div class="votecell"><div itemprop="upvoteCount">{votes}</div></div><div class="post-text" itemprop="text"><p>{body}</p></div><span itemprop="commentCount">2</span></div>"#);
    let page = format!(
        r#"<body><div itemprop="mainEntity"><h1>How do I focus the file list from the keyboard?</h1><div class="question"><div itemprop="upvoteCount">41</div><div itemprop="text"><p>In Explorer the focus starts in the address bar, and I would like to reach the list of files without the mouse.</p></div></div>{}{}</div></body>"#,
        answer(33, "Press Alt+D to focus the address bar, then Shift+Tab twice to bring the focus to the file list."),
        answer(13, "Press Ctrl+F, then Tab twice: it is as fast as any shortcut and needs nothing installed."),
    );
    let hints = Hints { url: Some("https://qa.example/questions/442960/focus-file-list".into()), ..Hints::default() };
    let text = extract(page.as_bytes(), &hints, &opts()).unwrap().text;
    assert!(text.contains("Shift+Tab twice") && text.contains("Ctrl+F, then Tab"), "{text:?}");
    for votes in ["41", "33", "13", "2"] {
        assert!(!text.lines().any(|l| l == votes), "{votes} left in {text:?}");
    }
}

#[test]
fn a_log_pasted_into_the_first_post_does_not_make_the_replies_comments() {
    let log: String = (0..60).map(|i| format!("6:51:{i:02} AM: step {i} of the build finished, cache restored.\n")).collect();
    let reply = |who: &str, body: &str| format!(r#"<div class="comment"><span class="creator">{who}</span><div class="post"><p>{body}</p></div></div>"#);
    let page = format!(
        r#"<body><h1>Deploy failed for unknown reason</h1><div class="post"><p>The build passes, but the deploy stage fails every time. Here is the build log.</p><p><code>{log}</code></p></div>{}{}{}</body>"#,
        reply("nathan", "If I am reading your post correctly, you have supplied a log of a build that succeeded, not of the deploy that failed."),
        reply("tinterweb", "Apologies, I thought I had added it: here is the deploy message, and thank you for your help with this."),
        reply("sid", "The deploy fails because the functions use a version of Node that is no longer supported: please upgrade it."),
    );
    let hints = Hints { url: Some("https://answers.example/t/deploy-failed-for-unknown-reason/117253".into()), ..Hints::default() };
    let text = extract(page.as_bytes(), &hints, &opts()).unwrap().text;
    assert!(text.contains("step 59 of the build"), "{text:?}");
    for reply in ["If I am reading your post", "here is the deploy message", "no longer supported"] {
        assert!(text.contains(reply), "{reply:?} missing from {text:?}");
    }
}

#[test]
fn a_listings_one_line_intro_is_kept() {
    let rows: String = (1..=20)
        .map(|i| format!(r#"<tr><td>{i}.</td><td><a href="/jobs/{i}">Startup number {i} is hiring engineers for its platform team</a> (<a href="/from?site={i}">example.com</a>)</td></tr>"#))
        .collect();
    let page = format!(r#"<body><table><tr><td><a href="/">Jobs</a> | <a href="/new">new</a></td></tr><tr><td><div>These are jobs at young startups. See more at <a href="/all">example.com/jobs</a>.</div><table>{rows}</table></td></tr></table></body>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("These are jobs at young startups."), "{text:?}");
    assert!(text.contains("Startup number 20 is hiring"), "{text:?}");
}

#[test]
fn a_page_with_only_footer_links_stays_empty() {
    let links: String = (0..20).map(|i| format!(r#"<a href="/h{i}">Help topic {i}</a>, "#)).collect();
    let page = format!(r#"<body><div id="app"></div><footer><div><div>{links}</div><div>{links}</div><p>Copyright 2026 Shop Group, all rights reserved.</p></div></footer></body>"#);
    let text = text_of(page.as_bytes());
    assert!(!text.contains("Help topic"), "{text:?}");
}

#[test]
fn a_notice_in_a_link_filled_footer_is_not_the_content_of_an_app_shell() {
    // The notice is all the page's prose, but it sits among the footer's link lists.
    let links: String = (0..30).map(|i| format!(r#"<li><a href="/t{i}">Therapy topic {i}</a></li>"#)).collect();
    let page = format!(
        r#"<body><header><nav><a href="/">Home</a> <a href="/find">Find a therapist</a></nav></header><div id="root"></div>
        <footer><ul>{links}</ul><p>If you are in a crisis and need immediate help, call 911 or go to the nearest emergency room.</p></footer></body>"#
    );
    assert_eq!(text_of(page.as_bytes()), "");
}

#[test]
fn a_css_value_in_a_utility_class_does_not_name_the_box() {
    // `--nav-height` is a CSS variable in a Tailwind arbitrary value, not a navigation box.
    let page = r#"<body><main><h1>Phone 13</h1><p>A phone with a big battery and a fast charger in the box.</p>
        <p>The display is brighter than last year's, and readable in direct sunlight at the beach.</p>
        <p>It runs the latest system, with five years of security updates promised by the maker.</p>
        <p>Three colours are offered: black, green and a pale blue, each with a matte glass back.</p>
        <div class="w-full sticky top-[var(--nav-height)] h-[var(--content-height)]"><h2>Camera</h2>
        <p>The 50MP main camera has a large sensor and optical stabilisation, so night shots stay sharp.</p></div></main></body>"#;
    let text = text_of(page.as_bytes());
    assert!(text.contains("optical stabilisation"), "{text:?}");
}

#[test]
fn a_panel_a_button_controls_is_content_though_hidden_until_clicked() {
    let panel = |i: usize, shown_by_button: bool| {
        let controls = if shown_by_button { format!(r#" aria-controls="review-{i}""#) } else { String::new() };
        format!(
            r#"<h3><button aria-expanded="false"{controls}>Gear review {i}</button></h3><div id="review-{i}" aria-hidden="true">
            <p>We slept in bag number {i} for ten nights below freezing, and its hood kept our heads warm every night.</p></div>"#
        )
    };
    let page = |shown_by_button: bool| {
        let panels: String = (0..3).map(|i| panel(i, shown_by_button)).collect();
        format!(r#"<body><main><h1>Sleeping bags</h1><p>Choose a bag by the coldest night you expect, then by its weight and size.</p>{panels}</main></body>"#)
    };
    let text = text_of(page(true).as_bytes());
    assert!(text.contains("bag number 2 for ten nights"), "{text:?}");
    // Without a control naming it, an aria-hidden box stays out.
    let text = text_of(page(false).as_bytes());
    assert!(!text.contains("bag number 2 for ten nights"), "{text:?}");
}

#[test]
fn popovers_are_overlays() {
    // The popover holds more prose than the short post, as an overlay may.
    let help = "<p>Tap the lock icon next to the address bar, then allow notifications for this site.</p>".repeat(3);
    let page = format!(
        r#"<body><i-card popover>{help}</i-card><main><h1>Roadmap?</h1>
        <p>I would like to know the roadmap for future products and version releases, if there is one.</p></main></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("roadmap for future products"), "{text:?}");
    assert!(!text.contains("lock icon"), "{text:?}");
}

#[test]
fn prose_in_boxes_misnamed_as_boilerplate_is_kept() {
    // Each section is a small share of the page, but together they are nearly all its prose.
    let section = |i: usize| {
        format!(r#"<div class="skip-item" id="topic{i}"><h2>Part {i}</h2><p>Mesh systems hand devices over to the satellite with the strongest signal, so coverage stays even in part {i}.</p></div>"#)
    };
    let sections: String = (1..=5).map(section).collect();
    let page = format!(r#"<body><nav class="menu"><a href="/">Home</a> <a href="/wifi">WiFi</a></nav><div class="content">{sections}</div></body>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("coverage stays even in part 1"), "{text:?}");
    assert!(text.contains("coverage stays even in part 5"), "{text:?}");
    assert!(!text.contains("Home"), "{text:?}");
}

#[test]
fn long_runs_without_punctuation_are_not_prose() {
    let zips: String = (0..60).map(|i| format!("{} ", 90000 + i * 7)).collect();
    let page = format!(
        r#"<body><div class="listing"><h1>Treadmill rentals</h1><p>Rent a treadmill or a spin bike for a week or a month, delivered to your door and set up in your home by our crew.</p>
        <p>Every machine is cleaned and serviced between rentals, and we collect it when you are done, at no extra charge to you.</p>
        <ul><li><a href="/t1">Folding treadmill</a> $90/week</li><li><a href="/t2">Spin bike</a> $70/week</li></ul></div>
        <footer><p>We serve these zip codes:</p><div>{zips}</div></footer></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Rent a treadmill"), "{text:?}");
    assert!(!text.contains("90007"), "{text:?}");
}

#[test]
fn hidden_boxes_named_as_boilerplate_go_even_when_wordy() {
    let terms = "<p>Free standard shipping on orders over 40 dollars. For more on rates and timelines, see our international page.</p>".repeat(2);
    let page = format!(
        r#"<body><div class="promo-banner" hidden>{terms}</div><main><h1>Custom set</h1>
        <p>Create your own set of three products and save ten percent on your order, today only.</p></main></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Create your own set"), "{text:?}");
    assert!(!text.contains("Free standard shipping"), "{text:?}");
}

mod page_types {
    use super::*;
    use pith_core::PageType;

    fn page_type(url: &str, html: &str) -> PageType {
        let hints = Hints { url: Some(url.into()), ..Hints::default() };
        extract(html.as_bytes(), &hints, &opts()).unwrap().page_type
    }

    const SENTENCE: &str = "Our licensed team arrives on time, explains every option in plain words, and guarantees the work for five years.";

    #[test]
    fn an_address_in_another_language_says_what_its_english_twin_says() {
        let page = r#"<html lang="de"><head><title>Neue Brücke beschlossen</title></head><body><nav><a href="/">Start</a> <a href="/a">A</a></nav>
            <main><h1>Neue Brücke beschlossen</h1><p>Der Stadtrat hat am Dienstagabend mit sechs zu eins Stimmen den Bau einer neuen Brücke über den Fluss beschlossen.</p>
            <p>Die Brücke soll die Oststadt mit dem Gewerbegebiet verbinden und den Verkehr in der Hauptstraße um ein Drittel senken.</p></main></body></html>"#;
        assert_eq!(page_type("https://www.example.com/news/new-bridge-approved", page), PageType::Article);
        assert_eq!(page_type("https://www.example.de/nachrichten/neue-bruecke-beschlossen", page), PageType::Article);
    }

    #[test]
    fn a_date_alone_does_not_make_a_page_an_article() {
        let sections: String = ["Drain cleaning", "Leak repair", "Water heaters", "Emergency calls"]
            .iter()
            .map(|h| format!("<h2>{h}</h2><p>{SENTENCE}</p>"))
            .collect();
        let page = format!(
            r#"<head><title>Plumbing services</title><meta property="article:published_time" content="2024-03-01"></head>
            <body><main><h1>Plumbing services</h1>{sections}</main></body>"#
        );
        assert_eq!(page_type("https://plumbers.example/services/plumbing", &page), PageType::Service);
    }

    #[test]
    fn an_article_with_a_byline_and_a_dated_slug_is_an_article() {
        let page = format!(
            r#"<head><title>How we rebuilt the old mill</title><meta name="author" content="Ada Stone">
            <meta property="article:published_time" content="2024-03-01"><meta property="og:type" content="article"></head>
            <body><article><h1>How we rebuilt the old mill</h1>{}</article></body>"#,
            format!("<p>{SENTENCE}</p>").repeat(6)
        );
        assert_eq!(page_type("https://millworks.example/blog/2024/how-we-rebuilt-the-old-mill", &page), PageType::Article);
    }

    #[test]
    fn a_front_page_of_headlines_is_a_listing() {
        let items: String = (1..=15)
            .map(|i| format!(r#"<li><a href="/2024/05/story-{i}">Council approves the new river bridge plan, story {i}</a></li>"#))
            .collect();
        let page = format!("<body><main><h1>Latest news</h1><ul>{items}</ul></main></body>");
        assert_eq!(page_type("https://dailynews.example/", &page), PageType::Listing);
    }

    #[test]
    fn a_page_of_code_examples_is_documentation() {
        let steps: String = (1..=4)
            .map(|i| format!("<h2>Step {i}</h2><p>Call <code>connect()</code> with the <code>timeout</code> option set.</p><pre><code>client.connect({{ timeout: {i}000 }});</code></pre>"))
            .collect();
        let page = format!("<body><main><h1>Connecting a client</h1>{steps}</main></body>");
        assert_eq!(page_type("https://example.com/client/connecting", &page), PageType::Documentation);
    }

    #[test]
    fn a_grid_of_priced_items_is_a_collection() {
        let cards: String = (1..=24)
            .map(|i| format!(r#"<li><a href="/boots-{i}"><img alt=""><h3>Trail boot model {i}</h3></a><span>$1{i}9.00</span> <span>In stock</span></li>"#))
            .collect();
        let page = format!("<body><main><h1>Women's boots</h1><ul class=grid>{cards}</ul></main></body>");
        assert_eq!(page_type("https://shop.example/womens-boots", &page), PageType::Collection);
    }
}

#[test]
fn boxes_named_as_recommendations_go() {
    // No class word tells these apart: the carousel's heading and the "Related:" label do.
    let product = r#"<html><body><div class="x1">
        <h1>Iris Hemp Dress</h1>
        <p>A relaxed dress cut from breathable hemp, with a tie waist and deep pockets. Machine washable.</p>
        <p>Made in small batches in Portugal from organic hemp grown without pesticides or irrigation.</p>
        </div><div class="x2"><div class="x3"><h2>You may also like</h2></div>
        <ul><li><a href="/p/1">Linen Shirt Dress, the summer staple for warm evenings</a> $89</li>
        <li><a href="/p/2">Cotton Wrap Skirt in rust and sage and ochre</a> $59</li>
        <li><a href="/p/3">Hemp Trousers with a wide leg and a drawstring</a> $79</li></ul></div>
        </body></html>"#;
    let text = text_of(product.as_bytes());
    assert!(text.contains("breathable hemp"), "{text:?}");
    for junk in ["You may also like", "Linen Shirt Dress", "Wrap Skirt"] {
        assert!(!text.contains(junk), "{junk:?} leaked into {text:?}");
    }

    // The heading sits in a row of its own with a label and a "See all" link, and the cards
    // beside the row are not links: the box around the row and the cards goes. In German too.
    let row = |h1: &str, lede: &str, heading: &str, label: &str, see_all: &str, cards: [&str; 2]| {
        format!(
            r#"<html><body><div class="x1"><h1>{h1}</h1><p>{lede}</p></div>
            <div class="x2"><div class="row"><div><h2>{heading}</h2><span>{label}</span></div><a href="/similar">{see_all}</a></div>
            <ul><li><a href="/p/1"><img src="1.jpg"></a><div>{}</div><div>89</div></li>
            <li><a href="/p/2"><img src="2.jpg"></a><div>{}</div><div>59</div></li></ul></div></body></html>"#,
            cards[0], cards[1]
        )
    };
    let english = row(
        "Iris Hemp Dress",
        "A relaxed dress cut from breathable hemp, with a tie waist and deep pockets. Machine washable.",
        "Similar items",
        "Sponsored placements",
        "See all",
        ["Linen Shirt Dress, the summer staple. New, in box.", "Cotton Wrap Skirt in rust and sage. Pre-owned, good."],
    );
    let german = row(
        "Leinenkleid Iris",
        "Ein lockeres Kleid aus atmungsaktivem Hanf, mit Bindegürtel und tiefen Taschen. Waschbar.",
        "Das könnte Sie auch interessieren",
        "Gesponserte Artikel",
        "Alle anzeigen",
        ["Hemdblusenkleid aus Leinen, der Klassiker. Neu, im Karton.", "Wickelrock aus Baumwolle in Rost. Gebraucht, gut."],
    );
    for (page, kept, junk) in [
        (english, "breathable hemp", ["Similar items", "Linen Shirt Dress", "Wrap Skirt"]),
        (german, "atmungsaktivem Hanf", ["Das könnte", "Hemdblusenkleid", "Wickelrock"]),
    ] {
        let text = text_of(page.as_bytes());
        assert!(text.contains(kept), "{text:?}");
        for junk in junk {
            assert!(!text.contains(junk), "{junk:?} leaked into {text:?}");
        }
    }

    let body = format!(
        "{PARAS}<p><strong>Related:</strong> <a href=\"/vents-2\">Why vent crabs farm bacteria</a></p>\
         <p>Related work on seeps followed in the 1980s, when methane seeps were found off Florida.</p>"
    );
    let text = text_of(article(&body).as_bytes());
    assert!(!text.contains("vent crabs farm"), "{text:?}");
    assert!(text.contains("Related work on seeps"), "{text:?}");

    // The same line in Russian ("Read also:").
    let body = format!(
        "{PARAS}<p><strong>Читайте также:</strong> <a href=\"/vents-2\">Крабы</a></p>\
         <p>Работы о холодных сипах последовали в 1980-х, когда у берегов Флориды нашли метановые сипы.</p>"
    );
    let text = text_of(article(&body).as_bytes());
    assert!(!text.contains("Крабы"), "{text:?}");
    assert!(text.contains("метановые сипы"), "{text:?}");

    // A thread's list of other threads, named as a forum or a Q&A site names it.
    let thread = r#"<html><body><div class="x1"><h1>Which plane for a beginner?</h1>
        <div class="x5"><p>I am starting out and want one hand plane that does most jobs. Which would you buy first, and why?</p></div>
        <div class="x5"><p>A No. 5 jack plane. It flattens, it smooths well enough, and it teaches you to sharpen a blade.</p></div>
        </div><div class="x2"><h3>Similar threads</h3>
        <ul><li><h4><a href="/t/1">Block plane or jack plane?</a></h4><p>I keep reading that a low angle plane is better on end grain, but my old block plane tears it out every time.</p></li>
        <li><h4><a href="/t/2">Sharpening jigs compared</a></h4><p>After a year of daily use I can say which honing guide holds a short chisel square and which does not.</p></li></ul></div>
        </body></html>"#;
    let text = text_of(thread.as_bytes());
    assert!(text.contains("No. 5 jack plane"), "{text:?}");
    assert!(!text.contains("Sharpening jigs"), "{text:?}");
}

#[test]
fn an_aria_hidden_link_is_shown() {
    // Cards repeat their link around the summary with aria-hidden (screen readers read the
    // title once); sighted readers see the summary.
    let card = |n: u32| {
        format!(
            r#"<article><h2><a href="/a{n}">Beats Solo {n} gains new colours</a></h2>
            <p><a href="/a{n}" aria-hidden="true" tabindex="-1">Walmart now sells the Beats Solo {n} in colours that were not offered before, at the same price.</a></p></article>"#
        )
    };
    let page = format!(r#"<body><h1>Headphones</h1><section>{}{}{}</section><span aria-hidden="true">ICON</span></body>"#, card(1), card(2), card(3));
    let text = text_of(page.as_bytes());
    assert!(text.contains("Walmart now sells the Beats Solo 2"), "{text:?}");
    assert!(!text.contains("ICON"), "{text:?}");
}

#[test]
fn a_long_section_keeps_its_shorter_peer_sections() {
    let params: String = (0..12)
        .map(|i| format!("<p>Parameter {i} names a column of the result; it may be written as an expression over the table.</p>"))
        .collect();
    let page = format!(
        r#"<body><nav><a href="/">Docs</a> <a href="/sql">SQL</a></nav><div class="refentry">
        <div class="refsect"><h2>Description</h2><p>SELECT retrieves rows from zero or more tables. The general processing is as follows: the queries in the WITH list are computed, then the FROM list.</p></div>
        <div class="refsect"><h2>Parameters</h2>{params}</div></div></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("SELECT retrieves rows"), "{text:?}");
    assert!(text.contains("Parameter 11 names"), "{text:?}");
}

#[test]
fn collapsed_answers_are_kept_on_pages_that_mark_no_content() {
    let faq = |q: &str, a: &str| format!(r#"<div class="faq"><h3>{q}</h3><div class="faq__answer" style="display: none"><p>{a}</p></div></div>"#);
    let page = format!(
        r#"<body><div id="wrapper"><h1>Online certificates</h1><p>Our certificate courses take three hours and teach one skill that employers ask for.</p>
        <div class="faqs">{}{}</div></div></body>"#,
        faq("What is an online certificate?", "An online certificate is postsecondary, non-degree training that focuses on one area of study."),
        faq("Why get one?", "Individuals get an online certificate to meet the requirements of their current job, to earn a promotion, or to change careers.")
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("non-degree training"), "{text:?}");
    assert!(text.contains("to change careers"), "{text:?}");
}

#[test]
fn forms_go_except_a_product_pages_own() {
    let consent = "<p>By checking this box, you confirm that you have read our privacy policy and agree to be contacted by phone, email or text.</p>";
    let page = article(&format!(r#"{PARAS}<form action="/contact"><label>Your name</label><input name="n">{consent}<button>Send</button></form>"#));
    let text = text_of(page.as_bytes());
    assert!(text.contains("Hydrothermal vents"), "{text:?}");
    assert!(!text.contains("By checking this box"), "{text:?}");

    let product = r#"<head><script type="application/ld+json">{"@type":"Product","name":"Atelier Sofa"}</script></head>
        <body><main><h1>Atelier Sofa</h1><form action="/cart/add"><p>A deep, low sofa upholstered in velvet, with feather cushions and a frame of kiln-dried oak.</p>
        <label>Colour</label><select><option>Cocoa</option></select><button>Add to cart</button></form>
        <h2>Details</h2><p>Delivery in four to six weeks across the mainland; assembly is included in the price.</p>
        <p>The covers are removable and dry-clean only; the cushions should be plumped every week to keep their shape.</p>
        <p>Each sofa is made to order in our Sydney workshop, so small variations in the grain of the oak are expected.</p></main></body>"#;
    let text = text_of(product.as_bytes());
    assert!(text.contains("kiln-dried oak"), "{text:?}");
}

#[test]
fn a_title_box_with_text_of_its_own_opens_the_content_except_on_articles() {
    let description: String = (0..8)
        .map(|i| format!("<p>Note {i}: the case is cut from full-grain leather that darkens with use, and its lining is a soft microfibre that protects the glass.</p>"))
        .collect();
    let page = |head: &str| {
        format!(
            r#"<head>{head}</head><body><div class="page"><div class="summary"><h1>Modern Leather Case</h1>
            <p>Rugged protection and timeless style for your phone, in leather that wears in beautifully and becomes uniquely yours.</p>
            <p>Leather type: Horween or hand-tanned. Colour: black, brown or tan. Ships within two working days from our warehouse.</p>
            <p>Price: 49 euros, with free returns for thirty days.</p></div>
            <div class="description">{description}</div></div></body>"#
        )
    };
    let product = text_of(page(r#"<script type="application/ld+json">{"@type":"Product","name":"Modern Leather Case"}</script>"#).as_bytes());
    assert!(product.contains("Rugged protection"), "{product:?}");
    assert!(product.contains("Note 7: the case"), "{product:?}");

    let article = text_of(page(r#"<meta property="og:type" content="article">"#).as_bytes());
    assert!(!article.contains("Rugged protection"), "{article:?}");
    assert!(article.contains("Note 7: the case"), "{article:?}");
}

#[test]
fn latest_news_beside_a_declared_article_goes_but_titles_a_topic_page() {
    let teaser = |title: &str, excerpt: &str| format!(r#"<div class="post"><h3><a href="/blog/{}">{title}</a></h3><p>{excerpt}</p></div>"#, title.len());
    let latest = format!(
        r#"<div class="col"><div class="cta"><p>Call us at (919) 277-0150 for a free consultation.</p></div><div class="widget"><h2>Latest News</h2></div><div class="posts">{}{}{}</div></div>"#,
        teaser("Can you sue Social Security?", "When the administration denies your disability claim, it can feel like you have hit a dead end, but there are remedies."),
        teaser("Why choose a specialist lawyer?", "Navigating the disability process can be overwhelming while dealing with a condition that keeps you from working."),
        teaser("Disability law 101", "The laws that govern disability benefits are complex, and most applicants are denied the first time they apply.")
    );
    let page = |og_type: &str| {
        format!(
            r#"<head><meta property="og:type" content="{og_type}"></head><body><div class="layout"><div class="entry"><h1>Getting hurt at a gym</h1>{PARAS}
            <p>A gym owes its members a duty of care, and a waiver signed at the desk does not cover gross negligence.</p></div>{latest}</div></body>"#
        )
    };
    let article = text_of(page("article").as_bytes());
    assert!(article.contains("duty of care"), "{article:?}");
    assert!(!article.contains("Latest News") && !article.contains("dead end"), "{article:?}");

    let topic = text_of(format!("<body><h1>News</h1>{latest}</body>").as_bytes());
    assert!(topic.contains("dead end") && topic.contains("Disability law 101"), "{topic:?}");
}

#[test]
fn a_threads_author_is_its_first_poster() {
    let post = |user: &str, text: &str| {
        format!("<div class=\"post\"><a class=\"username\" href=\"/u/{user}\">{user}</a><div class=\"content\"><p>{text}</p></div></div>")
    };
    let body = [
        post("b.scherer", "My Pi 5 reboots whenever the USB drive spins up; the supply is the official one, any ideas?"),
        post("hippy", "The drive draws more than the port gives at spin-up. Try a powered hub and report back here."),
    ]
    .concat();
    let html = format!("<html><head><title>Pi 5 reboots on USB spin-up</title></head><body>{body}</body></html>");
    let author = |url: &str| {
        let hints = Hints { url: Some(url.into()), ..Hints::default() };
        extract(html.as_bytes(), &hints, &opts()).unwrap().author
    };
    assert_eq!(author("https://forums.example.org/viewtopic.php?t=361697").as_deref(), Some("b.scherer"));
    // On a page that is no discussion, a commenter's name is no byline.
    assert_eq!(author("https://example.org/pi-5-reboots"), None);
}

#[test]
fn a_crawler_view_in_noscript_gives_the_text_and_the_byline() {
    let post = |user: &str, text: &str| {
        format!(
            "<div class=\"topic-body crawler-post\"><div class=\"crawler-post-meta\"><span class=\"creator\" itemprop=\"author\">\
             <a href=\"/u/{user}\"><span itemprop=\"name\">{user}</span></a></span></div><div class=\"post\" itemprop=\"text\"><p>{text}</p></div></div>"
        )
    };
    let posts = [
        post("PaulWBryant", "Index funds kept pace with the market again this year, which is the whole point of owning them at all."),
        post("Mahaloth", "Fees matter more than picking: a one percent fee takes a quarter of the gains over thirty years of saving."),
        post("hayley.p", "Rebalancing once a year was enough for me; doing it monthly only produced more taxable events and worry."),
        post("Laubrani", "Keep an emergency fund in cash first, so that you never sell the funds in a crash to pay for a new boiler."),
    ]
    .concat();
    let html = format!(
        "<html><head><title>Index funds in 2024</title></head><body><div id=\"app\">Loading…</div>\
         <noscript><div id=\"main-outlet\"><h1>Index funds in 2024</h1>{posts}</div></noscript></body></html>"
    );
    let r = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    assert!(r.text.contains("a quarter of the gains"), "{:?}", r.text);
    assert_eq!(r.author.as_deref(), Some("PaulWBryant"));
}

#[test]
fn a_link_to_an_authors_page_is_a_byline() {
    let html = "<html><head><title>Tide pools at dawn</title></head><body>\
        <nav><a href=\"/authors\">Our writers</a></nav><article><h1>Tide pools at dawn</h1>\
        <p>Posted in Coasts · <a href=\"/blog/author/jane-doe/\">Jane Doe</a></p>\
        <p>At low tide the pools fill with anemones, crabs and the odd stranded fish waiting for the sea.</p>\
        <p>We went out before sunrise, when the rocks are still wet and the gulls have not yet found the pools.</p>\
        <p>By seven the tide had turned, and the water came back over the ledges faster than we expected.</p></article></body></html>";
    let r = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    // (Three paragraphs: a page read as a listing gives no byline, which would be an item's.)
    assert_eq!(r.author.as_deref(), Some("Jane Doe"));
}

/// A page whose `<h1>` and intro stand in a banner apart from the body below it.
fn page_with_intro(head: &str, banner_extra: &str, body_intro: &str) -> String {
    let body: String = (1..=5)
        .map(|i| format!("<p>Step {i}: simmer the tomatoes with garlic and olive oil, stirring now and then, until the sauce thickens and turns glossy.</p>"))
        .collect();
    format!(
        r#"<html><head><title>Tomato Sauce</title>{head}</head><body>
        <nav><a href="/">Home</a> <a href="/recipes">Recipes</a></nav>
        <div class="banner"><h1>Tomato Sauce</h1>{banner_extra}<p class="meta">By Ann Lee</p></div>
        <div class="content">{body_intro}<div class="steps">{body}</div></div>
        <footer><p>Copyright 2026 Sauce Co.</p></footer></body></html>"#
    )
}

#[test]
fn an_intro_between_the_headline_and_the_body_opens_the_text() {
    let intro = "<p>This sauce has something for every dish, whether you want a quick weeknight pasta or a slow Sunday ragù.</p>";
    let text = text_of(page_with_intro("", intro, "").as_bytes());
    assert!(text.starts_with("This sauce has something for every dish"), "{text:?}");
    assert!(text.contains("Step 5: simmer"));
    assert!(!text.contains("Ann Lee"), "a byline is not an intro: {text:?}");

    // On a declared article, the standfirst beside the headline is left to `description`;
    // an intro box opening the body still counts.
    let article = r#"<meta property="og:type" content="article">"#;
    let text = text_of(page_with_intro(article, intro, "").as_bytes());
    assert!(!text.contains("This sauce has something"), "{text:?}");
    let boxed = format!(r#"<div class="intro">{intro}</div>"#);
    let text = text_of(page_with_intro(article, "", &boxed).as_bytes());
    assert!(text.starts_with("This sauce has something for every dish"), "{text:?}");
}

/// A page with a slider of cards under its text: on a product page, other products.
fn page_with_carousel(og_type: &str) -> String {
    let cards: String = ["Trail Runner 3 Waterproof", "Road Runner 5 Lightweight", "Summit Hiker Mid Leather"]
        .iter()
        .map(|name| format!(r#"<li><a href="/p/{}"><h3>{name}</h3></a><span>Pre-owned · Private seller</span><span>${}.12 + $23.93 delivery</span></li>"#, name.len(), name.len()))
        .collect();
    format!(
        r#"<html><head><meta property="og:type" content="{og_type}"></head><body><main><h1>Trail Runner 2</h1>
        <p>A cushioned trail shoe with a grippy outsole, built for long days on rocky ground and wet roots.</p>
        <p>The upper is a breathable mesh, reinforced at the toe; the midsole foam keeps its spring for hundreds of miles.</p>
        <p>Sizes run true; if you are between two sizes, take the larger one, since feet swell on long runs and steep descents.</p>
        <div class="recs carousel"><ul>{cards}</ul></div></main></body></html>"#
    )
}

#[test]
fn a_product_pages_carousel_is_other_products() {
    let product = text_of(page_with_carousel("product").as_bytes());
    assert!(product.contains("breathable mesh"), "{product:?}");
    assert!(!product.contains("Road Runner 5"), "{product:?}");
    let other = text_of(page_with_carousel("website").as_bytes());
    assert!(other.contains("Road Runner 5"), "{other:?}");
}

#[test]
fn a_retailers_item_address_makes_a_product_page_of_an_undeclared_one() {
    let page = page_with_carousel("website");
    let at = |url: &str| extract(page.as_bytes(), &Hints { url: Some(url.into()), ..Hints::default() }, &opts()).unwrap().text;
    let item = at("https://shop.example/Trail-Runner-2/dp/B0C1234567");
    assert!(!item.contains("Road Runner 5"), "{item:?}");
    // `/products/` names categories and software product lines as often as items.
    assert!(at("https://shop.example/products/trail-runner-2").contains("Road Runner 5"));
}

/// A page declared as a product, its title box showing `title_price`, and a grid of priced
/// cards with no telling class or heading.
fn page_with_product_grid(title_price: &str) -> String {
    let cards: String = ["Linen Shirt Dress", "Cotton Wrap Skirt", "Hemp Trousers", "Wool Cardigan"]
        .iter()
        .map(|name| {
            let n = name.len();
            format!(r#"<li><a href="/p/{n}"><div><h3>{name}</h3><p>Cut loose from a soft, breathable cloth, for warm evenings and long walks.</p><p>€{n}.99</p></div></a></li>"#)
        })
        .collect();
    format!(
        r#"<html><head><meta property="og:type" content="product"></head><body><div class="x1">
        <div class="x2"><h1>Iris Hemp Dress</h1><p>{title_price}</p>
        <p>A relaxed dress cut from breathable hemp, with a tie waist and deep pockets. Machine washable.</p>
        <p>Made in small batches in Portugal from organic hemp grown without pesticides or irrigation.</p>
        <p>True to size; the model is 175 cm tall and wears a small, with room at the hips and the shoulders.</p></div>
        <div class="x3"><ul>{cards}</ul></div></div></body></html>"#
    )
}

#[test]
fn a_grid_of_priced_cards_beside_a_priced_product_is_other_products() {
    let product = text_of(page_with_product_grid("€89.00, free delivery").as_bytes());
    assert!(product.contains("breathable hemp") && product.contains("€89.00"), "{product:?}");
    assert!(!product.contains("Wrap Skirt"), "{product:?}");
    // Without a price beside the title the page may be a category declared as a product.
    let category = text_of(page_with_product_grid("Summer dresses, free delivery").as_bytes());
    assert!(category.contains("Wrap Skirt"), "{category:?}");
}

#[test]
fn form_controls_and_icons_separate_the_words_beside_them() {
    let html = r#"<html><body><main><h1>Trail socks</h1>
        <p>Our socks are knitted from merino wool, cushioned underfoot and reinforced at the heel and toe.</p>
        <p>Pick a size: <input type="radio" id="s"><label for="s">Small</label><input type="radio" id="m"><label for="m">medium</label><button>?</button>large<input type="hidden" value="x">ish<svg><path d="M0"/></svg>guide</p>
        </main></body></html>"#;
    let text = text_of(html.as_bytes());
    assert!(text.contains("Pick a size: Small medium large"), "{text:?}");
    assert!(text.contains("largeish guide"), "a hidden input takes no room: {text:?}");
}

#[test]
fn an_icon_beside_punctuation_takes_no_space() {
    let html = between_prose(
        r#"<p>Install the <a href="/jdk">Java Development Kit<svg><path d="M0"/></svg></a>. Then click the magnifier (<img src="m.png">) and <a href="/x">read on<svg><path d="M0"/></svg></a>, slowly.</p>"#,
    );
    let text = text_of(html.as_bytes());
    assert!(text.contains("Install the Java Development Kit. Then click the magnifier () and read on, slowly."), "{text:?}");
}

/// A product page whose description opens in panels over the page, beside a size guide.
fn page_with_panels(og_type: &str) -> String {
    format!(
        r#"<html><head><meta property="og:type" content="{og_type}"></head><body><main><h1>Trail Runner 2</h1>
        <p>$129.00</p><form><button>Add to bag</button></form>
        <div class="product-details-modal"><h2 class="product-details-modal__title">Product details</h2>
        <p class="product-details-modal__text">A cushioned trail shoe with a grippy outsole, built for long days on rocky ground and wet roots.</p>
        <p class="product-details-modal__text">The upper is a breathable mesh, reinforced at the toe; the midsole foam keeps its spring for hundreds of miles.</p></div>
        <div role="dialog" aria-modal="false"><aside class="sheet"><h5>Description</h5>
        <p>Sizes run true; if you are between two sizes, take the larger one, since feet swell on long runs.</p></aside></div>
        <div class="size-guide-modal"><h2>Size guide</h2><p>Measure your foot from the heel to the longest toe, standing, in the evening, and compare it with the chart.</p></div>
        </main></body></html>"#
    )
}

#[test]
fn a_product_pages_description_panels_are_content() {
    let product = text_of(page_with_panels("product").as_bytes());
    assert!(product.contains("breathable mesh"), "a modal headed 'Product details': {product:?}");
    assert!(product.contains("Sizes run true"), "a dialog's <aside> sheet headed 'Description': {product:?}");
    assert!(!product.contains("Measure your foot"), "the size guide stays an overlay: {product:?}");
    let other = text_of(page_with_panels("website").as_bytes());
    assert!(!other.contains("breathable mesh"), "{other:?}");
}

#[test]
fn code_highlighters_line_number_gutters_are_left_out() {
    let html = r#"<html><body><main><h1>Reading files</h1>
        <p>Open the file and print what it holds, then run the same steps from the shell as shown.</p>
        <table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre><span class="normal">1</span>
<span class="normal">2</span></pre></div></td><td class="code"><div class="highlight"><pre><span class="k">with</span> <span class="nb">open</span>("f.txt") <span class="k">as</span> f:
    print(f.read())
</pre></div></td></tr></table>
        <table class="rouge-table"><tbody><tr><td class="rouge-gutter gl"><pre class="lineno">1
2
</pre></td><td class="rouge-code"><pre>echo one
echo two
</pre></td></tr></tbody></table>
        <table class="lntable"><tr><td class="lntd"><pre class="chroma"><code><span class="lnt">1
</span></code></pre></td><td class="lntd-code"><pre class="chroma"><code>go test ./...
</code></pre></td></tr></table>
        <pre class="language-js line-numbers"><code class="language-js">console.log(1);</code></pre>
        </main></body></html>"#;
    let result = extract(html.as_bytes(), &Hints::default(), &opts()).unwrap();
    for code in ["with open(\"f.txt\") as f:\n    print(f.read())", "echo one\necho two", "go test ./...", "console.log(1);"] {
        assert!(result.text.contains(code), "{code:?} in {:?}", result.text);
    }
    assert!(!result.text.lines().any(|l| matches!(l.trim(), "1" | "2")), "{:?}", result.text);
    assert!(!result.markdown.unwrap().contains("```\n1\n"));
}

/// Two prose paragraphs, then `tail` (short lines without a sentence).
fn page_with_tail(tail: &str) -> String {
    format!(
        r#"<html><body><main><h1>Standing desks</h1>
        <p>Improve your comfort and productivity with a desk that moves with you, from sitting to standing in seconds.</p>
        <p>Every frame carries a fifteen-year warranty, and every desktop ships with free accessories of your choice.</p>
        {tail}</main></body></html>"#
    )
}

#[test]
fn short_lines_after_the_prose_go_unless_they_are_much_of_the_text() {
    let footer = text_of(page_with_tail("<p>Last updated 12 May</p><p>Contact us</p>").as_bytes());
    assert!(footer.ends_with("desktop ships with free accessories of your choice."), "{footer:?}");
    let cards: String = ["V3 Standing Desk", "L-Shaped Desk, 3-Leg", "Parsons Standing Desk", "Walking Desk", "Standing Desk, 4-Leg", "Curved Corner Desk"]
        .iter()
        .enumerate()
        .map(|(i, name)| format!(r#"<div><a href="/d/{i}">{name}</a><p>$ {}99 +</p></div>"#, 5 + i))
        .collect();
    let grid = text_of(page_with_tail(&format!("<div>{cards}</div>")).as_bytes());
    assert!(grid.contains("Curved Corner Desk\n\n$ 1099 +"), "a grid of products under the intro stays: {grid:?}");
}

#[test]
fn a_tab_list_of_labels_is_dropped_but_an_accordion_of_answers_so_marked_is_kept() {
    // The article's own prose outweighs the answers, as a page's does.
    let body = PARAS.repeat(3);
    let page = article(&format!(
        r##"{body}<ul role="tablist"><li role="tab"><button>Overview</button></li><li role="tab"><button>TABLABEL</button></li></ul>
        <h2>Questions about vents</h2><div role="tablist">
        <div role="tab"><a href="#a1">How hot is the water?</a></div>
        <div class="collapse show" role="tabpanel" id="a1"><p>Water leaving a black smoker can reach 400 degrees Celsius, yet it does not boil under the pressure of the deep ocean.</p></div>
        <div role="tab"><a href="#a2">Who lives there?</a></div>
        <div class="collapse" role="tabpanel" id="a2"><p>Tube worms, blind shrimp and crabs live around the vents, fed by bacteria that turn sulphur into energy.</p></div>
        </div>"##
    ));
    let text = text_of(page.as_bytes());
    assert!(!text.contains("TABLABEL"), "{text:?}");
    assert!(text.contains("Water leaving a black smoker"), "{text:?}");
    assert!(text.contains("Tube worms, blind shrimp"), "{text:?}");
}

#[test]
fn a_list_inside_a_box_named_pagination_stays_and_its_page_links_go() {
    // A shop's category page puts its product grid and the links to the grid's other pages in
    // one `pagination` wrapper; the links alone are in a `pagination` row of their own.
    let card = |i: usize| format!(r#"<article class="card"><a href="/p/{i}"><h3>Trail Running Tee {i}</h3></a><p>slim fit</p><p>Black / Storm Grey</p><p>${}</p></article>"#, 20 + i);
    let grid: String = (1..=40).map(card).collect();
    // The shop's guide around the grid holds most of the page's prose.
    let guide = "<p>The best gym tops let you focus on your training and keep your workout free from restrictions. \
        Our shirts combine physique-flattering fits with fabrics that wick sweat, so you stay cool from warm-up to the last set.</p>";
    let fits = "<p>Whether you opt for a tight or a loose shirt depends on the workout: a compression fit supports the muscles \
        on heavy days, while an oversized fit gives you room to move, and a regular fit sits somewhere in between.</p>";
    let care = "<p>Wash your gym tops inside out on a cool cycle and let them dry flat, away from direct heat; fabric softener \
        clogs the knit that carries sweat away, so leave it out, and the shirts will keep their shape for years.</p>";
    let returns = "<p>Not the right size? Send it back within thirty days, unworn and with its tags on, and we will refund \
        you or swap it for another size; the return label is in the box, and the parcel goes back free of charge.</p>";
    let html = format!(
        r#"<body><main><h1>Men's T-Shirts</h1><p>400 products</p>{guide}<div class="pagination_wrapper">{grid}
        <ul class="pagination"><li><a href="?page=2">2</a></li><li><a href="?page=3">3</a></li><li><a href="?page=2">Next page</a></li></ul></div>
        <section><h2>Men's workout shirts</h2>{fits}{care}{returns}</section></main></body>"#
    );
    let text = text_of(html.as_bytes());
    assert!(text.contains("Trail Running Tee 1\n") && text.contains("Trail Running Tee 40\n"), "{text:?}");
    assert!(text.contains("Black / Storm Grey"), "{text:?}");
    assert!(!text.contains("Next page"), "{text:?}");
    // A row of page links so named goes however it is written.
    let pager = between_prose(r#"<div class="pager"><a href="?p=1">Previous</a> <span>Page 2 of 9</span> <a href="?p=3">Next</a></div>"#);
    assert!(!text_of(pager.as_bytes()).contains("Page 2 of 9"));
}

#[test]
fn a_heading_that_links_to_itself_is_a_heading_not_a_link() {
    // MDN: every heading is wrapped in its own permalink, and a section may hold only its
    // heading when its first subsection is a section of its own.
    let section = |level: u8, id: &str, title: &str, body: &str| {
        format!(r##"<section><h{level} id="{id}"><a class="heading-anchor" href="#{id}">{title}</a></h{level}><div>{body}</div></section>"##)
    };
    let page = format!(
        "<html><body><article><h1>Functions</h1><p>Functions are one of the fundamental building blocks in JavaScript, and this guide shows how to define and call them.</p>{}{}{}</article></body></html>",
        section(2, "defining", "Defining functions", ""),
        section(3, "declarations", "Function declarations", "<p>A function definition consists of the function keyword, followed by the name of the function and a list of parameters.</p>"),
        section(2, "calling", "Calling functions", "<p>Defining a function does not execute it. Defining it names the function and specifies what to do when it is called.</p>"),
    );
    let r = extract(page.as_bytes(), &Hints::default(), &opts()).unwrap();
    let md = r.markdown.unwrap();
    assert!(md.contains("## Defining functions\n\n### Function declarations"), "{md:?}");
}

#[test]
fn a_threads_starter_named_in_its_header_is_its_author() {
    // XenForo: a later page of a thread opens with a reply; the header names who started it.
    let reply = |who: &str| {
        format!(r#"<article class="message"><section class="message-user" itemprop="author" itemscope itemtype="https://schema.org/Person">
            <h4 class="message-name"><a href="/members/{who}.1/" class="username">{who}</a></h4></section>
            <div class="message-content"><p>I would wait for the next generation of cards; prices drop a lot in the months after a launch.</p></div></article>"#)
    };
    let page = format!(
        r#"<html><head><title>Which graphics card? | Page 2 | Forum</title></head><body><h1>Which graphics card?</h1>
        <div class="p-description"><ul><li><span class="u-srOnly">Thread starter</span> <a href="/members/samuelmiz.3/" class="username">SamuelMIz</a></li>
        <li><time datetime="2025-01-05">Jan 5, 2025</time></li></ul></div>{}{}</body></html>"#,
        reply("Aeacus"),
        reply("Lutfij")
    );
    let hints = Hints { url: Some("https://forums.example.com/threads/which-graphics-card.38/page-2".into()), ..Hints::default() };
    let r = extract(page.as_bytes(), &hints, &opts()).unwrap();
    assert_eq!(r.author.as_deref(), Some("SamuelMIz"));
}

#[test]
fn a_link_around_an_image_and_a_line_break_is_a_link_not_a_card() {
    // A shop laid out in tables, as older sites are: a column of best sellers, each an image
    // and a name in one link with a <br> between them. The <br> breaks a line; it does not
    // make the link a card of blocks whose text is the page's own.
    let ranked: String = ["Leather wallet, black", "Key case, checked", "Card holder, navy", "Coin purse, white", "Long wallet, brown"]
        .iter()
        .enumerate()
        .map(|(i, name)| format!(r#"<tr><td>No. {}</td></tr><tr><td><a href="/item/{i}"><img src="/i/{i}.jpg"><br>{name}</a> ({i})</td></tr>"#, i + 1))
        .collect();
    let page = format!(
        r#"<html><body><table><tr><td>
        <h2>Item details</h2>
        <p>A strap printed with the shop's bag pattern, the one on its paper bags, in white on navy.</p>
        <p>It holds a phone or a small camera, and comes with the maker's guarantee card. Length 55 cm.</p>
        </td><td><table><tr><td>Best sellers this month</td></tr>{ranked}</table></td></tr></table></body></html>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("A strap printed with the shop's bag pattern"), "{text:?}");
    assert!(!text.contains("Key case, checked"), "{text:?}");
}

#[test]
fn an_order_form_showing_the_price_is_content_and_a_search_form_is_not() {
    // A shop that declares no product puts the item's name, code and price in the form that
    // orders it; the search form beside it holds labels only.
    let page = r#"<html><body><table><tr>
        <td><form action="/search"><p>Search the shop</p><input name=q><p>Bags, wallets, straps, key cases and more</p></form></td>
        <td><form action="/cart" method=post><h2>Strap M, navy</h2><table>
        <tr><td>Item code: 5015004</td></tr><tr><td>Price: 6,800円 (tax included)</td></tr>
        <tr><td>Quantity <input name=n value=1></td></tr></table></form>
        <p>A strap printed with the shop's bag pattern, the one on its paper bags, in white on navy.</p>
        <p>It holds a phone or a small camera, and comes with the maker's guarantee card. Length 55 cm.</p>
        </td></tr></table></body></html>"#;
    let text = text_of(page.as_bytes());
    assert!(text.contains("Price: 6,800円"), "{text:?}");
    assert!(text.contains("Item code: 5015004"), "{text:?}");
    assert!(!text.contains("Search the shop"), "{text:?}");
}

#[test]
fn cards_that_a_misleading_class_word_flags_stay_inside_the_box_it_also_flagged() {
    // A services page whose CMS names its card grid and every card in it "promo": the grid
    // holds most of the page's prose, so the word misleads here, and the cards are the content.
    // (Enough prose outside the grid that the page does not look misflagged as a whole.)
    let card = |n: u32, name: &str| {
        format!(
            r#"<div class="grid-item"><a class="promo-tracking" href="/services/{n}"><div class="promo__desc">
            <h3>{name}</h3><p>Our {name} team helps clients plan, build and run what they need, with people who have done it before, across every industry we serve.</p></div></a></div>"#
        )
    };
    const NAMES: [&str; 8] = ["Audit", "Cyber", "Tax", "Strategy", "Engineering", "Risk", "Legal", "Payroll"];
    let cards: String = NAMES.iter().enumerate().map(|(n, name)| card(n as u32, name)).collect();
    let intro: String = (1..=4)
        .map(|n| format!("<p>Reason {n}: whatever the size of your business, our people help it grow, from the first plan to the last review.</p>"))
        .collect();
    let page = format!(
        r#"<body><nav><a href="/">Home</a> <a href="/services">Services</a> <a href="/careers">Careers</a></nav>
        <main><h1>Our services</h1>{intro}<div class="promo-container">{cards}</div></main>
        <footer><p>Copyright 2026 Example Advisory. All rights reserved.</p></footer></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Reason 1:") && NAMES.iter().all(|name| text.contains(&format!("Our {name} team"))), "{text:?}");
    assert!(!text.contains("Copyright"), "{text:?}");
}

#[test]
fn a_sign_up_box_stays_out_of_an_article_box_that_a_class_word_misflags() {
    // The article's wrapper is called a sidebar, but it holds the prose; the sign-up box in it
    // is the only box the class words name, and the words mean it. (Enough prose outside the
    // wrapper that it is not a false flag on the whole page.)
    let notes: String = (1..=3)
        .map(|n| format!("<p>Note {n}: written by the editors of Ocean Daily, who check every fact twice before it goes out.</p>"))
        .collect();
    let paras: String = (1..=6)
        .map(|n| format!("<p>Point {n}: the vents were found in 1977, and they changed what biologists thought life needs to live.</p>"))
        .collect();
    let page = format!(
        r#"<body><nav><a href="/">Home</a> <a href="/news">News</a></nav><main><div class="layout">
        <div class="sidebar-first">{paras}<div class="newsletter-signup"><p>Join over 100,000 readers: get our weekly newsletter, free, every Friday morning.</p></div></div>
        <div class="notes">{notes}</div></div></main></body>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Point 1:") && text.contains("Point 6:"), "{text:?}");
    assert!(!text.contains("Join over"), "{text:?}");
}

#[test]
fn sign_in_demo_and_free_trial_buttons_are_not_text() {
    let html = article(
        "<p>Vents host life without sunlight, which surprised biologists in 1977 and changed the field.</p>\
         <p><a class=\"btn\" href=\"/demo\">Book a Demo</a></p><p><a href=\"/trial\">START FOR FREE</a></p>\
         <div class=\"post-actions\"><a href=\"/login\">Sign in</a> <a href=\"/quote\">Quote</a></div>\
         <p>Bacteria turn chemicals into energy, feeding worms, crabs and the fish that hunt them.</p>\
         <p>Sign in to the lab's portal with your badge before you book a demo of the sampler.</p>",
    );
    let text = text_of(html.as_bytes());
    assert!(!text.contains("Book a Demo") && !text.contains("START FOR FREE"), "{text:?}");
    assert!(!text.contains("Sign in\n") && !text.contains("Quote"), "{text:?}");
    assert!(text.contains("changed the field.\n\nBacteria turn"), "{text:?}");
    assert!(text.contains("Sign in to the lab's portal"), "{text:?}");
}

#[test]
fn a_list_of_linked_titles_under_its_own_heading_is_a_section_of_the_content() {
    let picks = |kind: &str| -> String {
        (1..=3).map(|n| format!("<li><a href=\"/p/{kind}{n}\">The {kind} sampler model {n}, rated for vents down to four thousand metres</a></li>")).collect()
    };
    // (Prose enough that the lists are a small share of the text, not the page's items.)
    let prose: String = (1..=20)
        .map(|n| format!("<p>Dive {n}: the team lowered each sampler on a cable, waited an hour by the chimney, and hauled it back.</p>"))
        .collect();
    let html = between_prose(&format!(
        "{prose}<h2>Samplers we trust</h2><ul>{}</ul><p>Each of them survived a season on the ridge without a leak.</p><ul>{}</ul>",
        picks("deep"),
        picks("loose")
    ));
    let text = text_of(html.as_bytes());
    assert!(text.contains("Samplers we trust\n\n- The deep sampler model 1,"), "{text:?}");
    // The same kind of list with no heading of its own is a box of links beside the prose.
    assert!(!text.contains("loose sampler"), "{text:?}");
}

#[test]
fn what_the_site_keeps_out_of_search_snippets_is_not_text_unless_it_is_the_prose() {
    // `data-nosnippet` on a related-article card and an author's bio inside the article...
    let html = between_prose(
        r#"<div class="display-card" data-nosnippet><span>Related</span><h5><a href="/tools">Four tools that save time</a></h5>
           <p>Save time and streamline your workflow with these tools for your laboratory.</p></div>"#,
    )
    .replace(
        "</article>",
        r#"<div class="author-box" data-nosnippet><p>Dana has written about oceans for ten years, and dives whenever the weather allows.</p></div></article>"#,
    );
    let text = text_of(html.as_bytes());
    assert!(text.contains("changed the field.\n\nBacteria turn"), "{text:?}");
    assert!(!text.contains("Four tools") && !text.contains("streamline") && !text.contains("Dana has"), "{text:?}");
    // ...but a site that keeps its whole article out of snippets still has an article.
    let whole = article(&format!("<div data-nosnippet>{PARAS}</div>"));
    assert!(text_of(whole.as_bytes()).contains("Galápagos Rift"), "{whole:?}");
}

#[test]
fn a_grids_card_titles_stay_beside_the_prices_it_keeps() {
    // Each card's name is a link in a box of its own, beside its price and blurb; the guide's
    // prose around the grid outweighs the names, so they are no listing's items by their share.
    let cards: String = ["Breville Bambino Plus Espresso Machine", "Breville Dual Boiler Espresso Machine", "Baratza Encore Conical Burr Grinder", "Nespresso Aeroccino 4 Milk Frother"]
        .iter()
        .enumerate()
        .map(|(i, name)| format!(r#"<li class="tile"><div class="name"><a href="/p/{i}">{name}</a></div><div class="price">${i}99.95</div><p>Heats in three seconds and steams milk for two cups at once.</p></li>"#))
        .collect();
    // (Enough prose that the page reads as a guide, not a listing.)
    let tips = |from: usize| -> String {
        (from..from + 12)
            .map(|i| format!("<p>Tip {i}: a good espresso machine heats fast, steams milk well and is easy to clean, and these do all three.</p>"))
            .collect()
    };
    let prose = tips(1);
    let more = tips(13);
    let page = format!(r#"<body><main><h1>Espresso machines under $500</h1>{prose}<ul class="grid">{cards}</ul>{more}</main></body>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("Breville Dual Boiler Espresso Machine"), "{text:?}");
    assert!(text.contains("$199.95"), "{text:?}");
    // A list of links alone, with nothing else in its items, is still a box of links.
    let links: String = (1..=4).map(|i| format!(r#"<li><a href="/tag/{i}">Espresso machines with steam wands, part {i}</a></li>"#)).collect();
    let page = format!(r#"<body><main><h1>Espresso machines under $500</h1>{prose}<ul class="tags">{links}</ul>{more}</main></body>"#);
    assert!(!text_of(page.as_bytes()).contains("steam wands, part 3"));
}

#[test]
fn a_listings_intro_beside_its_headline_stays_on_a_page_declared_an_article() {
    // Recipe sites declare every page an article. The headline's box of a collection page holds
    // its trail of links, its title and its intro; the grid of cards below is the content chosen.
    // Beside an article's body that box is a header (byline, share buttons); beside a listing,
    // its intro.
    let cards: String = ["Slow-Cooker", "Quick", "Roman-Style", "Sicilian-Style"]
        .iter()
        .flat_map(|style| ["Pork Ragù", "Meatball Sauce", "Tomato Chutney", "Nduja Sauce", "Butter Chicken"].map(|dish| format!("{style} {dish}")))
        .enumerate()
        .map(|(i, title)| format!(r#"<a class="card" href="/r/{i}"><div class="text"><div class="title">{title}</div><div class="blurb">A weeknight sauce, ready in forty minutes, with what is already in the pantry.</div></div></a>"#))
        .collect();
    let page = format!(
        r#"<html><head><meta property="og:type" content="article"><title>Tomato Sauce Recipes</title></head><body><main><section>
        <div class="header"><div class="trail"><a href="/">Recipes</a> <a href="/sauces">Sauces</a></div><h1>Tomato Sauce Recipes</h1>
        <div class="intro">Our collection of tomato sauce recipes has something for every dish, from a big plate of pasta to a vegetable tian.</div></div>
        <div class="results"><div class="count">Showing twenty recipes</div><div class="wrap"><div class="grid">{cards}</div></div></div></section></main></body></html>"#
    );
    let text = text_of(page.as_bytes());
    assert!(text.contains("Quick Nduja Sauce"), "{text:?}");
    assert!(text.contains("Our collection of tomato sauce recipes"), "{text:?}");
}

#[test]
fn a_card_with_a_short_blurb_stays_with_the_cards_of_its_grid() {
    // A blog's front page: each card a category link, a linked headline, a blurb and a byline
    // link. The card whose blurb is short is as link-dense as a menu, but it is one card of the
    // grid the page keeps, not a box of links beside it.
    let blurbs = [
        "How a small team taught the scanner to find token leaks, and what it found in a month of pull requests.",
        "Teams review more code than ever; here is how they keep up without lowering the bar for a merge.",
        "Faster, sturdier search.",
        "Developers in twelve countries share how they learned the new tools inside real production workflows.",
    ];
    let cards: String = blurbs
        .iter()
        .enumerate()
        .map(|(i, blurb)| {
            format!(
                r#"<li><div class="feed-item"><article><div><a href="/c/{i}">Engineering</a></div><h2><a href="/p/{i}">Post number {i} of the engineering blog this month</a></h2><div><p>{blurb}</p></div><footer><a href="/a/{i}">Ada Lovelace</a> · March {i}, 2026</footer></article></div></li>"#
            )
        })
        .collect();
    let page = format!(r#"<body><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav><main><section><ul>{cards}</ul></section></main></body>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("Post number 2 of the engineering blog"), "{text:?}");
    assert!(text.contains("Faster, sturdier search."), "{text:?}");
    assert!(text.contains("Post number 3 of the engineering blog"), "{text:?}");
}

#[test]
fn a_shops_shipping_and_returns_box_is_left_out_of_its_product_pages() {
    // The same policy is printed on every product of the shop: boilerplate, like a menu.
    const DETAILS: &str = "<p>The back panel is padded and ventilated, the straps adjust to torsos from 40 to 52 centimetres, \
        and the lid pocket has a key clip. A sleeve inside takes a three-litre bladder, with a port for its hose on each side.</p>\
        <p>The rain cover packs into its own pouch at the bottom of the pack and is bright orange, to be seen on the trail.</p>";
    let page = |kind: &str| {
        format!(
            r#"<head><script type="application/ld+json">{{"@type":"{kind}","name":"Trail 25 Pack"}}</script></head>
            <body><main><h1>Trail 25 Pack</h1><p>Keep your day's gear within easy reach: pockets galore, a rain cover and a hip belt.</p>
            <details open><summary>Details</summary><p>Made of recycled nylon, it holds 25 litres and weighs 820 grams.</p>{DETAILS}</details>
            <details><summary>Shipping &amp; Returns</summary><p>Orders ship within two business days from our warehouse in Oregon, and returns are free within thirty days.</p></details>
            </main></body>"#
        )
    };
    let text = text_of(page("Product").as_bytes());
    assert!(text.contains("holds 25 litres"), "{text:?}");
    assert!(!text.contains("Orders ship within"), "{text:?}");
    // Elsewhere such a box may be what the page is about (a shop's help page).
    let text = text_of(page("WebPage").as_bytes());
    assert!(text.contains("Orders ship within"), "{text:?}");
}

#[test]
fn a_formula_is_kept_as_its_tex_where_the_page_writes_mathml() {
    // Wikipedia: MathML with its TeX as `alttext`, in a wrapper hidden beside an image of the formula.
    let wiki = |tex: &str| {
        format!(
            r#"<span class="mwe-math-element"><span class="mwe-math-mathml-inline" style="display: none;"><math alttext="{{\displaystyle {tex}}}"><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">{{\displaystyle {tex}}}</annotation></semantics></math></span><img src="/math/render/svg/1" aria-hidden="true" alt="{{\displaystyle {tex}}}"></span>"#
        )
    };
    // KaTeX: the TeX as an annotation, the drawn formula hidden from readers of the text.
    let katex = r#"<span class="katex"><span class="katex-mathml"><math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2 &lt; y</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">x</span><span class="mord">2</span></span></span>"#;
    let page = between_prose(&format!(
        "<p>The number {} is the limit of {} as n grows, which Bernoulli found while studying compound interest.</p>\
         <p>For small values {} holds, and a flat formula <math><mi>a</mi><mo>+</mo><mn>1</mn></math> reads in a row; \
         a fraction <math><mfrac><mi>a</mi><mi>b</mi></mfrac></math> has no row to read.</p>\
         <dl><dd><math display=\"block\" alttext=\"e^{{i\\pi}}+1=0\"><mi>e</mi></math></dd></dl>\
         <p>Kramdown writes <script type=\"math/tex\">\\sqrt{{2}}</script> for MathJax, and a display formula:</p>\
         <script type=\"math/tex; mode=display\">\\int_0^1 x\\,dx</script>\
         <p>WordPress draws <img src=\"https://s0.wp.com/latex.php?latex=%7Bx%7D\" alt=\"{{x}}\" class=\"latex\"> as an image, \
         and this photo <img src=\"/cat.jpg\" alt=\"A cat asleep\"> is no formula.</p>",
        wiki("e"),
        wiki("(1+1/n)^{n}"),
        katex
    ));
    let text = text_of(page.as_bytes());
    assert!(text.contains("The number e is the limit of (1+1/n)^{n} as n grows"), "{text:?}");
    assert!(text.contains("For small values x^2 < y holds, and a flat formula a+1 reads in a row; a fraction has no row"), "{text:?}");
    // Once each: neither the drawn formula nor the image's alt text comes with it.
    assert_eq!(text.matches("(1+1/n)").count(), 1, "{text:?}");
    assert!(!text.contains("displaystyle") && !text.contains("x2"), "{text:?}");
    // Markdown writes each formula between `$`s.
    let markdown = extract(page.as_bytes(), &Hints::default(), &Options { markdown: true, ..opts() }).unwrap().markdown.unwrap();
    assert!(markdown.contains("The number $e$ is the limit of $(1+1/n)^{n}$ as n grows"), "{markdown:?}");
    assert!(markdown.contains("For small values $x^2 < y$ holds, and a flat formula $a+1$ reads"), "{markdown:?}");
    assert!(markdown.contains("$$e^{i\\pi}+1=0$$") && text.contains("e^{i\\pi}+1=0"), "{markdown:?}");
    assert!(text.contains("Kramdown writes \\sqrt{2} for MathJax") && markdown.contains("$$\\int_0^1 x\\,dx$$"), "{markdown:?}");
    assert!(text.contains("WordPress draws {x} as an image, and this photo is no formula.") && markdown.contains("draws ${x}$ as an image"), "{markdown:?}");
}

#[test]
fn a_rubys_readings_stay_out_of_the_line() {
    let page = r#"<html lang="ja"><body><article><h1>漢字の練習</h1><p>日本の<ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp>字<rp>(</rp><rt>じ</rt><rp>)</rp></ruby>は難しいですが、毎日少しずつ練習すれば、誰でも読めるようになります。</p></article></body></html>"#;
    let text = text_of(page.as_bytes());
    assert!(text.contains("日本の漢字は難しいですが"), "{text:?}");
    assert!(!text.contains("かん") && !text.contains('('), "{text:?}");
}

#[test]
fn an_emoji_drawn_as_an_image_is_the_emoji() {
    let page = between_prose(r#"<p>The crew cheered <img draggable="false" role="img" class="emoji" alt="🎉" src="https://s.w.org/images/core/emoji/15.0.3/svg/1f389.svg"> when the probe came back up with a live crab in its basket.</p>"#);
    let text = text_of(page.as_bytes());
    assert!(text.contains("The crew cheered 🎉 when the probe came back"), "{text:?}");
    // A forum's emoji named in its alt text is no text of the post.
    let named = between_prose(r#"<p>The crew cheered <img class="emoji" alt=":tada:" src="/images/emoji/tada.png"> when the probe came back up with a live crab.</p>"#);
    assert!(text_of(named.as_bytes()).contains("The crew cheered when the probe came back"));
}
