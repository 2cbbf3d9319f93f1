//! The browser app: static files embedded in the binary (or read from a folder given at start),
//! and the single page every app route answers with.
//!
//! The files have no build step and keep their names, so a browser revalidates them on every
//! load (`no-cache`); a strong ETag (the file's SHA-256) turns that into a `304` without a body
//! while the file is unchanged, and what is sent goes out compressed (`compression`).

use crate::error::ApiError;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use tower_http::compression::{CompressionLayer, CompressionLevel, DefaultPredicate};

#[derive(rust_embed::Embed)]
#[folder = "static/"]
struct Static;

/// Served at the app routes when the UI has no index.html yet.
const FALLBACK_INDEX: &str = "<!doctype html>
<html lang=\"en\">
<head><meta charset=\"utf-8\"><title>Welcome To…</title></head>
<body>
<h1>Welcome To… Your Perfect Home</h1>
<p>The server is running. The browser app is not part of this build yet; the HTTP and websocket
API is described in docs/protocol.md.</p>
</body>
</html>
";

fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" => "text/plain; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

/// A relative path inside the static folder, or `None` if it tries to leave it.
fn clean(path: &str) -> Option<String> {
    let path = path.trim_start_matches('/');
    if path.is_empty()
        || path.contains('\\')
        || path
            .split('/')
            .any(|p| p.is_empty() || p == "." || p == "..")
    {
        return None;
    }
    Some(path.to_string())
}

/// A file's bytes and their SHA-256.
struct Loaded {
    data: Cow<'static, [u8]>,
    hash: [u8; 32],
}

async fn load(state: &AppState, path: &str) -> Option<Loaded> {
    let path = clean(path)?;
    match &state.0.static_dir {
        Some(dir) => {
            let data = tokio::fs::read(dir.join(&path)).await.ok()?;
            let hash = Sha256::digest(&data).into();
            Some(Loaded {
                data: Cow::Owned(data),
                hash,
            })
        }
        // Computed when the binary is built (read and hashed at each request in debug builds).
        None => Static::get(&path).map(|f| Loaded {
            hash: f.metadata.sha256_hash(),
            data: f.data,
        }),
    }
}

/// The strong ETag of bytes whose SHA-256 is `hash` (its first 128 bits, in hex).
fn etag(hash: &[u8; 32]) -> String {
    let hex: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// The encodings `compression` may send, which `tag_encoding` appends to a file's ETag.
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

fn file_response(request: &HeaderMap, path: &str, file: Loaded) -> Response {
    validated(request, file.data, content_type(path), &file.hash)
}

/// Compresses answers as the browser accepts (brotli, else gzip): the pages, scripts, styles
/// and the JSON of the API, over 32 bytes and not images other than SVG (tower-http's default
/// predicate). Websocket messages are not compressed. Level 5 rather than brotli's default 11,
/// whose time for the app's 400 KB of scripts would delay every first load.
pub fn compression() -> CompressionLayer<DefaultPredicate> {
    CompressionLayer::new().quality(CompressionLevel::Precise(5))
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

/// The single page, for `/`, `/t/{table}`, `/t/{table}/watch`, `/t/{table}/deal`, `/companion`, `/rules`.
pub async fn index(State(state): State<AppState>, request: HeaderMap) -> Response {
    match load(&state, "index.html").await {
        Some(file) => file_response(&request, "index.html", file),
        None => validated_text(&request, FALLBACK_INDEX, content_type("index.html")),
    }
}

/// `/static/{*path}`.
pub async fn file(
    State(state): State<AppState>,
    Path(path): Path<String>,
    request: HeaderMap,
) -> Response {
    match load(&state, &path).await {
        Some(file) => file_response(&request, &path, file),
        None => not_found(&path),
    }
}

/// Any other path: a static file at the root (`/app.js`); else, for a page address (no file
/// extension, outside the API), the app's own page with a `404` status so a mistyped address
/// shows the app's "page not found"; else a JSON 404.
pub async fn fallback(State(state): State<AppState>, uri: Uri, request: HeaderMap) -> Response {
    let path = uri.path();
    let api = path.starts_with("/api/") || path.starts_with("/ws/");
    if !api {
        if let Some(file) = load(&state, path).await {
            return file_response(&request, path, file);
        }
        let last = path.rsplit('/').next().unwrap_or("");
        if !last.contains('.') {
            // Always the whole page: a 304 would not carry the 404 status.
            let mut page = index(State(state), HeaderMap::new()).await;
            *page.status_mut() = StatusCode::NOT_FOUND;
            return page;
        }
    }
    not_found(path)
}

fn not_found(path: &str) -> Response {
    ApiError::not_found("not_found", format!("nothing is served at {path:?}")).into_response()
}

#[cfg(test)]
mod tests {
    use super::clean;

    #[test]
    fn paths_stay_inside_the_folder() {
        assert_eq!(clean("/app.js").as_deref(), Some("app.js"));
        assert_eq!(clean("img/a.svg").as_deref(), Some("img/a.svg"));
        assert_eq!(clean("../secret"), None);
        assert_eq!(clean("a/../../b"), None);
        assert_eq!(clean("a//b"), None);
        assert_eq!(clean("a\\b"), None);
        assert_eq!(clean(""), None);
    }
}
