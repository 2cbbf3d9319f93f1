//! Origins (`scheme://host:port`) as the server compares them: the request's own, and those
//! whose pages may make changes besides it (`--allow-origin`).

use axum::http::Uri;

/// `scheme://host:port`, lowercase, with the scheme's default port written out; `None` for
/// anything else (`null`, a path, an unknown scheme).
pub fn normalize_origin(origin: &str) -> Option<String> {
    let uri: Uri = origin.trim().parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let default = match scheme.as_str() {
        "http" => 80,
        "https" => 443,
        _ => return None,
    };
    if uri
        .path_and_query()
        .is_some_and(|p| p.as_str() != "/" && !p.as_str().is_empty())
    {
        return None;
    }
    let host = uri.host()?.to_ascii_lowercase();
    let port = uri.port_u16().unwrap_or(default);
    Some(format!("{scheme}://{host}:{port}"))
}
