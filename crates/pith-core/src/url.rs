//! The few URL operations the core needs, on plain strings: the host and path of the page
//! (encoding detection, page type), and resolving a link against the page (RFC 3986 section
//! 5.2: absolute, scheme-relative, absolute-path, relative-path, query- and fragment-only forms).

/// Everything after `scheme://`, or the whole string when there is no scheme.
fn after_scheme(url: &str) -> &str {
    url.split_once("://").map_or(url, |(_, rest)| rest)
}

/// The host, lower-cased, without port or path.
pub fn host(url: &str) -> String {
    after_scheme(url).split(['/', '?', '#', ':']).next().unwrap_or("").to_ascii_lowercase()
}

/// The path, lower-cased, without query or fragment ("/" when there is none).
pub fn path(url: &str) -> String {
    let rest = after_scheme(url);
    let path = rest.find('/').map_or("/", |at| &rest[at..]);
    path.split(['?', '#']).next().unwrap_or("/").to_ascii_lowercase()
}

/// `href` resolved against `base`; `href` unchanged when `base` is not an absolute URL or
/// `href` already has a scheme.
pub fn resolve(base: &str, href: &str) -> String {
    let href = href.trim();
    if has_scheme(href) {
        return href.to_string();
    }
    let Some((scheme, rest)) = base.split_once("://").filter(|(s, _)| has_scheme(&format!("{s}:"))) else {
        return href.to_string();
    };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, path_and_more) = rest.split_at(authority_end);
    let base_path = path_and_more.split(['?', '#']).next().unwrap_or("");
    let base_query = path_and_more.split('#').next().unwrap_or("").strip_prefix(base_path).unwrap_or("");
    if let Some(rest) = href.strip_prefix("//") {
        return format!("{scheme}://{rest}");
    }
    if href.is_empty() {
        return format!("{scheme}://{authority}{base_path}{base_query}");
    }
    if href.starts_with('#') {
        return format!("{scheme}://{authority}{base_path}{base_query}{href}");
    }
    if href.starts_with('?') {
        return format!("{scheme}://{authority}{base_path}{href}");
    }
    let (path, tail) = href.find(['?', '#']).map_or((href, ""), |at| href.split_at(at));
    let merged = if path.starts_with('/') {
        path.to_string()
    } else {
        let dir = base_path.rfind('/').map_or("/", |at| &base_path[..=at]);
        format!("{}{path}", if dir.is_empty() { "/" } else { dir })
    };
    format!("{scheme}://{authority}{}{tail}", remove_dot_segments(&merged))
}

fn has_scheme(s: &str) -> bool {
    match s.find(':') {
        Some(at) if at > 0 => {
            let scheme = &s[..at];
            scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        _ => false,
    }
}

fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').collect();
    for (i, segment) in segments.iter().enumerate() {
        let last = i == segments.len() - 1;
        match *segment {
            "." => {
                if last {
                    out.push("");
                }
            }
            ".." => {
                if out.len() > 1 {
                    out.pop();
                }
                if last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    let joined = out.join("/");
    if joined.starts_with('/') {
        joined
    } else {
        format!("/{joined}")
    }
}

#[cfg(test)]
mod tests {
    use super::{host, path, resolve};

    #[test]
    fn host_and_path() {
        assert_eq!(host("https://Docs.Example.com:8443/A/b?q#f"), "docs.example.com");
        assert_eq!(path("https://Docs.Example.com:8443/A/b?q#f"), "/a/b");
        assert_eq!(path("https://example.com"), "/");
    }

    #[test]
    fn rfc3986_examples() {
        let base = "http://a/b/c/d;p?q";
        for (href, want) in [
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("..", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../g", "http://a/g"),
            ("https://other.example/x", "https://other.example/x"),
            ("mailto:x@y.z", "mailto:x@y.z"),
        ] {
            assert_eq!(resolve(base, href), want, "{href}");
        }
        assert_eq!(resolve("https://example.com", "page"), "https://example.com/page");
        assert_eq!(resolve("not a url", "/x"), "/x");
    }
}
