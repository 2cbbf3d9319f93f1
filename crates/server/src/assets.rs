//! The browser app: static files embedded in the binary (or read from a folder given at start),
//! and the single page every app route answers with.

use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::borrow::Cow;

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

async fn load(state: &AppState, path: &str) -> Option<Cow<'static, [u8]>> {
    let path = clean(path)?;
    match &state.0.static_dir {
        Some(dir) => tokio::fs::read(dir.join(&path)).await.ok().map(Cow::Owned),
        None => Static::get(&path).map(|f| f.data),
    }
}

fn file_response(path: &str, data: Cow<'static, [u8]>) -> Response {
    let mut r = (StatusCode::OK, data.into_owned()).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(path)),
    );
    // The app has no build step and no hashed names: always revalidate.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// The single page, for `/`, `/t/{table}`, `/t/{table}/watch`, `/t/{table}/deal`, `/companion`, `/rules`.
pub async fn index(State(state): State<AppState>) -> Response {
    match load(&state, "index.html").await {
        Some(data) => file_response("index.html", data),
        None => file_response("index.html", Cow::Borrowed(FALLBACK_INDEX.as_bytes())),
    }
}

/// `/static/{*path}`.
pub async fn file(State(state): State<AppState>, Path(path): Path<String>) -> Response {
    match load(&state, &path).await {
        Some(data) => file_response(&path, data),
        None => not_found(&path),
    }
}

/// Any other path: a static file at the root (`/app.js`); else, for a page address (no file
/// extension, outside the API), the app's own page with a `404` status so a mistyped address
/// shows the app's "page not found"; else a JSON 404.
pub async fn fallback(State(state): State<AppState>, uri: Uri) -> Response {
    let path = uri.path();
    let api = path.starts_with("/api/") || path.starts_with("/ws/");
    if !api {
        if let Some(data) = load(&state, path).await {
            return file_response(path, data);
        }
        let last = path.rsplit('/').next().unwrap_or("");
        if !last.contains('.') {
            let mut page = index(State(state)).await;
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
