//! The app's files (pages, scripts, styles, the edition data) go out compressed as the browser
//! accepts (brotli or gzip) with a strong ETag, and a revalidation of an unchanged file is a
//! `304` without a body. In-process: the router answers requests handed to it.

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;
use tower::ServiceExt;
use welcome_server::{app, AppState, Limits, SqliteStore};

async fn router(dir: &tempfile::TempDir, static_dir: Option<PathBuf>) -> axum::Router {
    let db = dir.path().join("w.db");
    let store = SqliteStore::open(&db.to_string_lossy()).await.unwrap();
    let state = AppState::new(Arc::new(store), Limits::default(), static_dir)
        .await
        .unwrap();
    app(state)
}

/// `GET path` with `headers`: status, headers and the body as sent (still compressed).
async fn get(
    router: &axum::Router,
    path: &str,
    headers: &[(header::HeaderName, &str)],
) -> (StatusCode, HeaderMap, Vec<u8>) {
    let mut req = Request::builder()
        .uri(path)
        .header(header::HOST, "127.0.0.1:8080");
    for (k, v) in headers {
        req = req.header(k.clone(), *v);
    }
    let res = router
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let (parts, body) = res.into_parts();
    let bytes = axum::body::to_bytes(body, 8 << 20).await.unwrap();
    (parts.status, parts.headers, bytes.to_vec())
}

fn decode(encoding: Option<&str>, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        None => out.extend_from_slice(body),
        Some("gzip") => {
            flate2::read::GzDecoder::new(body)
                .read_to_end(&mut out)
                .unwrap();
        }
        Some("br") => {
            brotli::Decompressor::new(body, 4096)
                .read_to_end(&mut out)
                .unwrap();
        }
        Some(other) => panic!("unexpected encoding {other}"),
    }
    out
}

fn header(h: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    h.get(name).map(|v| v.to_str().unwrap())
}

fn shipped(name: &str) -> Vec<u8> {
    let path = format!("{}/static/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const ACCEPT: header::HeaderName = header::ACCEPT_ENCODING;

#[tokio::test]
async fn files_are_compressed_as_accepted_and_revalidate_with_304() {
    let dir = tempfile::tempdir().unwrap();
    let r = router(&dir, None).await;
    for (path, file, kind) in [
        ("/static/app.js", "app.js", "text/javascript"),
        ("/static/style.css", "style.css", "text/css"),
        ("/", "index.html", "text/html"),
        ("/rules", "index.html", "text/html"),
        ("/sheet.js", "sheet.js", "text/javascript"),
    ] {
        let whole = shipped(file);
        // Without Accept-Encoding: the file as it is, with its strong ETag.
        let (status, h, body) = get(&r, path, &[]).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(body, whole, "{path}");
        assert!(header(&h, header::CONTENT_TYPE).unwrap().starts_with(kind));
        assert_eq!(header(&h, header::CONTENT_ENCODING), None, "{path}");
        assert_eq!(header(&h, header::CACHE_CONTROL), Some("no-cache"));
        let plain = header(&h, header::ETAG).unwrap().to_string();
        assert!(
            plain.len() == 34 && plain.starts_with('"') && !plain.starts_with("W/"),
            "{path}: {plain}"
        );

        let mut tags = vec![plain.clone()];
        for (accept, expected) in [
            ("gzip", "gzip"),
            ("br", "br"),
            ("gzip, deflate, br, zstd", "br"),
            ("gzip;q=1.0, br;q=0.1", "gzip"),
        ] {
            let (status, h, body) = get(&r, path, &[(ACCEPT, accept)]).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(
                header(&h, header::CONTENT_ENCODING),
                Some(expected),
                "{path} {accept}"
            );
            assert!(
                header(&h, header::VARY)
                    .is_some_and(|v| v.to_ascii_lowercase().contains("accept-encoding")),
                "{path}: {h:?}"
            );
            // A small page gains less than the scripts (a third of their size or less).
            let most = if whole.len() > 8192 {
                whole.len() / 3
            } else {
                whole.len()
            };
            assert!(
                body.len() < most,
                "{path} {accept}: {} of {}",
                body.len(),
                whole.len()
            );
            assert_eq!(decode(Some(expected), &body), whole, "{path} {accept}");
            let tag = header(&h, header::ETAG).unwrap().to_string();
            // Another representation, another strong tag.
            assert_eq!(tag, format!("{}-{expected}\"", &plain[..plain.len() - 1]));
            tags.push(tag);
        }

        // Revalidation with any of them: 304, no body, the tag the browser holds.
        for tag in &tags {
            let (status, h, body) = get(
                &r,
                path,
                &[(header::IF_NONE_MATCH, tag), (ACCEPT, "gzip, br")],
            )
            .await;
            assert_eq!(status, StatusCode::NOT_MODIFIED, "{path} {tag}");
            assert!(body.is_empty());
            assert_eq!(header(&h, header::ETAG), Some(tag.as_str()));
            assert_eq!(header(&h, header::CONTENT_ENCODING), None);
        }
        // Compared weakly, as If-None-Match is.
        let weak = format!("W/{}", tags[2]);
        let (status, h, _) = get(&r, path, &[(header::IF_NONE_MATCH, &weak)]).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED, "{path} {weak}");
        assert_eq!(header(&h, header::ETAG), Some(tags[2].as_str()));
        let list = format!("\"0123\", {}", tags[2]);
        let (status, _, _) = get(&r, path, &[(header::IF_NONE_MATCH, &list)]).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED, "{path} {list}");
        // Another file's tag, or a changed one: the whole file.
        let (status, _, body) = get(&r, path, &[(header::IF_NONE_MATCH, "\"0123456789\"")]).await;
        assert_eq!((status, body), (StatusCode::OK, whole));
    }
}

#[tokio::test]
async fn the_edition_data_has_an_etag_and_the_api_is_compressed_too() {
    let dir = tempfile::tempdir().unwrap();
    let r = router(&dir, None).await;
    for path in ["/edition.js", "/api/editions"] {
        let (status, h, plain) = get(&r, path, &[]).await;
        assert_eq!(status, StatusCode::OK);
        let tag = header(&h, header::ETAG).unwrap().to_string();
        let (status, _, body) = get(&r, path, &[(header::IF_NONE_MATCH, &tag)]).await;
        assert_eq!(
            (status, body.len()),
            (StatusCode::NOT_MODIFIED, 0),
            "{path}"
        );
        let (_, h, body) = get(&r, path, &[(ACCEPT, "gzip")]).await;
        assert_eq!(header(&h, header::CONTENT_ENCODING), Some("gzip"), "{path}");
        assert_eq!(decode(Some("gzip"), &body), plain, "{path}");
    }
    // The lobby's list, small, goes as it is; an API error keeps its JSON.
    let (_, h, body) = get(&r, "/api/tables", &[(ACCEPT, "gzip, br")]).await;
    assert_eq!(
        (header(&h, header::CONTENT_ENCODING), body),
        (None, b"[]".to_vec())
    );
    let (status, h, body) = get(&r, "/api/tables/nope", &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(header(&h, header::ETAG), None);
    let e: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert!(e["code"].is_string(), "{e}");
}

/// A file that changes (the app served from a folder) gets a new tag, and the old one gets
/// the new file.
#[tokio::test]
async fn a_changed_file_has_a_new_tag() {
    let dir = tempfile::tempdir().unwrap();
    let files = dir.path().join("static");
    std::fs::create_dir(&files).unwrap();
    std::fs::write(files.join("app.js"), "export const a = 1;\n").unwrap();
    let r = router(&dir, Some(files.clone())).await;
    let (_, h, _) = get(&r, "/static/app.js", &[]).await;
    let old = header(&h, header::ETAG).unwrap().to_string();
    let (status, _, _) = get(&r, "/static/app.js", &[(header::IF_NONE_MATCH, &old)]).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    std::fs::write(files.join("app.js"), "export const a = 2;\n").unwrap();
    let (status, h, body) = get(&r, "/static/app.js", &[(header::IF_NONE_MATCH, &old)]).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, b"export const a = 2;\n".to_vec())
    );
    assert_ne!(header(&h, header::ETAG).unwrap(), old);
}
