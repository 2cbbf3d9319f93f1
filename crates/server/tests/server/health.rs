//! `/healthz` and `/readyz`: alive while the process answers; ready only while the database
//! answers and the server is not stopping.

use crate::common::{postgres, Db};
use tower::ServiceExt;

async fn get(router: &axum::Router, path: &str) -> (u16, String) {
    let req = axum::http::Request::builder()
        .uri(path)
        .header("host", "localhost")
        .body(axum::body::Body::empty())
        .unwrap();
    let res = router.clone().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let body = axum::body::to_bytes(res.into_body(), 1 << 16)
        .await
        .unwrap();
    (status, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test]
async fn ready_while_the_database_answers_and_not_once_stopping() {
    let db = Db::sqlite();
    let state = welcome_server::AppState::new(db.open().await, Default::default(), None)
        .await
        .unwrap();
    let router = welcome_server::app(state.clone());
    assert_eq!(get(&router, "/healthz").await, (200, "ok\n".into()));
    assert_eq!(get(&router, "/readyz").await, (200, "ready\n".into()));
    state.close().await;
    assert_eq!(
        get(&router, "/readyz").await,
        (503, "not ready: the server is stopping\n".into())
    );
    assert_eq!(get(&router, "/healthz").await.0, 200);
}

#[tokio::test]
async fn not_ready_when_its_postgres_goes_away() {
    let db = Db::postgres().await;
    let state = welcome_server::AppState::new(db.open().await, Default::default(), None)
        .await
        .unwrap();
    let router = welcome_server::app(state.clone());
    assert_eq!(get(&router, "/readyz").await, (200, "ready\n".into()));
    // The database is dropped from under the server, its sessions ended.
    let (base, name) = db.url.rsplit_once('/').unwrap();
    let mut admin = postgres::connect(&format!("{base}/postgres"))
        .await
        .unwrap();
    sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await
        .unwrap();
    let (status, body) = get(&router, "/readyz").await;
    assert_eq!(status, 503, "{body}");
    assert!(
        body.starts_with("not ready: the database does not answer"),
        "{body}"
    );
    assert_eq!(get(&router, "/healthz").await.0, 200);
}
