//! Bytes the app serves unchanged for the life of the process (its files, the generated edition
//! data) carry a strong ETag (their SHA-256), so that a browser's revalidation is a `304` without
//! a body while they are unchanged; a compressed answer's tag names its encoding.

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// The strong ETag of bytes whose SHA-256 is `hash` (its first 128 bits, in hex).
fn etag(hash: &[u8; 32]) -> String {
    let hex: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// The encodings `assets::compression` may send, which `tag_encoding` appends to a file's ETag.
const ENCODINGS: [&str; 2] = ["br", "gzip"];

/// The ETag the browser holds for these bytes, if the request's `If-None-Match` names them in
/// any encoding (weakly compared, as for every `If-None-Match`), or `*`: written as the answer
/// that gave it to the browser wrote it.
fn held_tag(request: &HeaderMap, tag: &str) -> Option<String> {
    let bare = tag.trim_matches('"');
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .find_map(|sent| {
            if sent == "*" {
                return Some(tag.to_string());
            }
            let name = sent.strip_prefix("W/").unwrap_or(sent).trim_matches('"');
            if name == bare {
                return Some(tag.to_string());
            }
            ENCODINGS
                .iter()
                .find(|e| name.strip_suffix(*e).and_then(|n| n.strip_suffix('-')) == Some(bare))
                .map(|e| format!("\"{bare}-{e}\""))
        })
}

/// Bytes the app serves unchanged for the life of the process (a file, the generated edition
/// data): `200` with its ETag, or `304` when the request's `If-None-Match` names it. Browsers
/// revalidate on every load (`no-cache`), so a new binary's files are seen at once.
pub fn validated(
    request: &HeaderMap,
    data: Cow<'static, [u8]>,
    content_type: &'static str,
    hash: &[u8; 32],
) -> Response {
    let tag = etag(hash);
    let (status, body, tag) = match held_tag(request, &tag) {
        Some(held) => (StatusCode::NOT_MODIFIED, Body::empty(), held),
        None => (StatusCode::OK, Body::from(data), tag),
    };
    let mut r = (status, body).into_response();
    let h = r.headers_mut();
    if status == StatusCode::OK {
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(v) = HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, v);
    }
    r
}

/// `validated` for text built once in this process (the edition data), hashed once: a text
/// that lives as long as the process is known by its address.
pub fn validated_text(
    request: &HeaderMap,
    text: &'static str,
    content_type: &'static str,
) -> Response {
    /// SHA-256 by (address, length) of the text.
    type Hashes = HashMap<(usize, usize), [u8; 32]>;
    static HASHES: LazyLock<Mutex<Hashes>> = LazyLock::new(Default::default);
    let key = (text.as_ptr() as usize, text.len());
    let known = HASHES.lock().ok().and_then(|h| h.get(&key).copied());
    let hash = known.unwrap_or_else(|| {
        let hash: [u8; 32] = Sha256::digest(text.as_bytes()).into();
        if let Ok(mut h) = HASHES.lock() {
            h.insert(key, hash);
        }
        hash
    });
    validated(request, Cow::Borrowed(text.as_bytes()), content_type, &hash)
}

/// A compressed answer is another representation of the file: its strong ETag gets the
/// encoding's name (`"…-br"`), as `held_tag` expects it back. Runs after `compression`.
pub async fn tag_encoding(mut res: Response) -> Response {
    let encoding = res
        .headers()
        .get(header::CONTENT_ENCODING)
        .and_then(|e| e.to_str().ok())
        .filter(|e| ENCODINGS.contains(e))
        .map(str::to_string);
    let tag = res
        .headers()
        .get(header::ETAG)
        .and_then(|t| t.to_str().ok())
        .filter(|t| t.starts_with('"') && t.ends_with('"') && t.len() >= 2);
    if let (Some(encoding), Some(tag)) = (encoding, tag) {
        let tagged = format!("{}-{encoding}\"", &tag[..tag.len() - 1]);
        if let Ok(v) = HeaderValue::from_str(&tagged) {
            res.headers_mut().insert(header::ETAG, v);
        }
    }
    res
}
