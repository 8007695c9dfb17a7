//! Formulas as text: the TeX a page writes for a formula, in whichever of its forms the page
//! holds. MathML carries it as `alttext` (Wikipedia, LaTeXML) or as an annotation (KaTeX,
//! LaTeXML), MathJax's own markup as a script (kramdown's `<script type="math/tex">`), and an
//! image of a formula as its alt text (WordPress's LaTeX, CodeCogs). The builder writes it in the
//! formula's place.

use crate::attrs::Attrs;
use std::borrow::Cow;

/// The TeX of the element `name` opening with `attrs`, when it is a formula, and whether it is
/// set on a line of its own (`display="block"`, MathJax's `mode=display`); `after` is the
/// document after its start tag.
pub(super) fn tex_of<'a>(name: &str, attrs: &Attrs<'a>, after: &'a str) -> Option<(Cow<'a, str>, bool)> {
    let written = |tex: &'a str| Cow::Borrowed(without_display_style(tex.trim()));
    match name {
        "math" => {
            let display = attrs.display.is_some_and(|d| d.trim().eq_ignore_ascii_case("block"));
            let tex = match attrs.alttext.or_else(|| tex_annotation(after)) {
                Some(tex) => written(tex),
                None => Cow::Owned(flat_formula(after)?),
            };
            Some((tex, display))
        }
        "script" => {
            let kind = attrs.r#type.filter(|t| is_tex_type(t))?;
            Some((written(script_text(after)), kind.contains("mode=display")))
        }
        // (Not one hidden from screen readers: Wikipedia's stands beside the MathML.)
        "img" if !attrs.aria_hidden && !attrs.hidden && is_formula_image(attrs) => Some((written(attrs.alt.filter(|a| !a.trim().is_empty())?), false)),
        _ => None,
    }
}

/// The MathML of a formula: `after`, the document after the `<math>` start tag, up to its end tag
/// (or [`MAX_FORMULA_BYTES`]).
fn formula_markup(after: &str) -> &str {
    up_to(after, b"</math")
}

/// A script's text: `after`, the document after its start tag, up to its end tag (or
/// [`MAX_FORMULA_BYTES`]).
fn script_text(after: &str) -> &str {
    up_to(after, b"</script")
}

/// `after` up to `end` (or [`MAX_FORMULA_BYTES`], cut at a character's start).
fn up_to<'a>(after: &'a str, end: &[u8]) -> &'a str {
    let mut cut = after.len().min(MAX_FORMULA_BYTES);
    while !after.is_char_boundary(cut) {
        cut -= 1;
    }
    let window = &after[..cut];
    &window[..memchr::memmem::find(window.as_bytes(), end).unwrap_or(window.len())]
}

/// An image drawn from TeX: a class word says so (`latex`, `tex`, `math`, `equation`), or its
/// source is a TeX renderer's (WordPress's `latex.php`, CodeCogs, mimeTeX).
fn is_formula_image(attrs: &Attrs) -> bool {
    const CLASS_WORDS: [&str; 6] = ["latex", "tex", "math", "equation", "formula", "mathtex"];
    const RENDERERS: [&[u8]; 4] = [b"latex.php", b"codecogs.com", b"mathtex.cgi", b"mimetex.cgi"];
    attrs.class_has_any(&CLASS_WORDS)
        || attrs.src.is_some_and(|s| RENDERERS.iter().any(|r| memchr::memmem::find(s.as_bytes(), r).is_some()))
}

/// A script `type` that holds TeX for MathJax (`math/tex`, `math/tex; mode=display`).
fn is_tex_type(r#type: &str) -> bool {
    r#type.trim_start().get(..8).is_some_and(|t| t.eq_ignore_ascii_case("math/tex"))
}

/// The TeX a MathML formula carries as an annotation (KaTeX and LaTeXML write one).
fn tex_annotation(after: &str) -> Option<&str> {
    let math = formula_markup(after);
    let at = memchr::memmem::find(math.as_bytes(), b"application/x-tex")?;
    let start = at + memchr::memchr(b'>', &math.as_bytes()[at..])? + 1;
    let end = start + memchr::memchr(b'<', &math.as_bytes()[start..])?;
    Some(&math[start..end])
}

/// A formula without TeX, written in a row (`<mi>x</mi><mo>=</mo><mn>2</mn>`): its characters in
/// order. None when it lays characters out in two dimensions (a fraction, a power, a root, a
/// matrix), which a row of them would misstate.
fn flat_formula(after: &str) -> Option<String> {
    const LAYOUT: [&str; 12] = ["mfrac", "msup", "msub", "msubsup", "mroot", "msqrt", "munder", "mover", "munderover", "mtable", "mmultiscripts", "menclose"];
    let math = formula_markup(after);
    let mut text = String::new();
    let mut rest = math;
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        let close = open + rest[open..].find('>')?;
        let name = rest[open + 1..close].split(|c: char| c.is_ascii_whitespace() || c == '/').next().unwrap_or_default();
        if LAYOUT.contains(&name) {
            return None;
        }
        rest = &rest[close + 1..];
    }
    text.push_str(rest);
    Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// How far after a `<math>` start tag its TeX annotation is looked for.
const MAX_FORMULA_BYTES: usize = 64 * 1024;

/// `{\displaystyle x}` -> `x`: the style wrapper Wikipedia's TeX puts around every formula.
fn without_display_style(tex: &str) -> &str {
    ["{\\displaystyle", "{\\textstyle"]
        .iter()
        .find_map(|style| tex.strip_prefix(style)?.strip_suffix('}'))
        .map_or(tex, str::trim)
}
