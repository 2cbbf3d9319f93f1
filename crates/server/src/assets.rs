//! The browser app: static files embedded in the binary (or read from a folder given at start),
//! and the single page every app route answers with.
//!
//! The files have no build step and keep their names, so a browser revalidates them on every
//! load (`no-cache`); a strong ETag (the file's SHA-256) turns that into a `304` without a body
//! while the file is unchanged, and what is sent goes out compressed (`compression`).

use crate::error::ApiError;
use crate::etag::{validated, validated_text};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::borrow::Cow;
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
