//! Runs the stages in order for one document.

use crate::api::{EncodingReport, ExtractError, Extraction, Hints, Options};
use crate::encoding;

pub fn run(html: &[u8], hints: &Hints, _options: &Options) -> Result<Extraction, ExtractError> {
    let decoded = encoding::decode(html, hints.content_type.as_deref(), hints.url.as_deref());
    // Placeholder until the tree and scoring stages land: the decoded document as text.
    let text = decoded.text.into_owned();
    Ok(Extraction {
        text_bytes: text.len(),
        html_bytes: html.len(),
        content_ratio: if html.is_empty() { 0.0 } else { text.len() as f64 / html.len() as f64 },
        text,
        encoding: Some(EncodingReport {
            name: decoded.encoding.name().to_string(),
            source: decoded.source.as_str(),
            repaired: decoded.repaired,
        }),
        ..Default::default()
    })
}
