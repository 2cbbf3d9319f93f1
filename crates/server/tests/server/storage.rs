//! Faults of the database: a damaged table is left out and the others start; a database the
//! server cannot write, one whose write lock another program holds, and one another server
//! uses, each stop the start with a clear message.

use crate::common;

use common::*;
use serde_json::json;
use sqlx::Connection;
use std::path::Path;
use std::time::Duration;
use welcome_server::{spawn, ServeConfig, SqliteStore, Store};

fn config(db: &Path) -> ServeConfig {
    ServeConfig::new("127.0.0.1:0", db.to_string_lossy().to_string())
}

async fn sql(db: &Path) -> sqlx::SqliteConnection {
    sqlx::SqliteConnection::connect(&format!("sqlite:{}", db.display()))
        .await
        .unwrap()
}

/// `GET /api/tables/{table}` answers `status`.
async fn answers(addr: std::net::SocketAddr, table: &str, status: u16) {
    call(
        addr,
        "GET",
        &format!("/api/tables/{table}"),
        serde_json::Value::Null,
        status,
    )
    .await;
}

/// The reason a server could not start.
async fn refused(config: ServeConfig) -> String {
    match spawn(config).await {
        Ok(r) => {
            r.stop().await;
            panic!("the server started");
        }
        Err(e) => e.to_string(),
    }
}

#[tokio::test]
async fn a_damaged_table_is_left_out_and_the_others_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let running = spawn(config(&db)).await.unwrap();
    let addr = running.addr;
    let lobby = json!({ "name": "Ann", "mode": "standard", "seats": 3 });
    let (sound, _) = create(addr, lobby.clone()).await;
    let (hole, _) = create(addr, lobby.clone()).await;
    let (short, _) = create(addr, lobby.clone()).await;
    let (typed, _) = create(addr, lobby.clone()).await;
    let (garbled, ann) = create(
        addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2,
                "bots": [{ "seat": 2, "kind": "greedy" }] }),
    )
    .await;
    start(addr, &garbled, &ann).await;
    let (over, host) = create(
        addr,
        json!({ "name": "Dee", "mode": "standard", "deal_only": true }),
    )
    .await;
    call(
        addr,
        "POST",
        &format!("/api/tables/{over}/end"),
        json!({ "token": host }),
        204,
    )
    .await;
    running.stop().await;

    let mut c = sql(&db).await;
    for (q, id) in [
        // A seat row missing in the middle, and the last one.
        ("DELETE FROM seats WHERE table_id = ? AND seat = 1", &hole),
        ("DELETE FROM seats WHERE table_id = ? AND seat = 2", &short),
        // A column of the wrong type.
        (
            "UPDATE game_tables SET advanced = 'yes' WHERE id = ?",
            &typed,
        ),
        // A record that is not one.
        (
            "UPDATE game_tables SET record = '{\"version\": 2, ' WHERE id = ?",
            &garbled,
        ),
        ("UPDATE game_tables SET record = '[]' WHERE id = ?", &over),
    ] {
        sqlx::query(q).bind(id).execute(&mut c).await.unwrap();
    }
    c.close().await.unwrap();

    // The store names what it cannot read, and reads the rest.
    let store = SqliteStore::open(&db.to_string_lossy()).await.unwrap();
    let open = store.load_open().await.unwrap();
    let damaged: Vec<(String, String)> = open
        .iter()
        .filter_map(|t| t.as_ref().err().map(|d| (d.id.clone(), d.why.clone())))
        .collect();
    assert_eq!(open.len(), 5);
    assert_eq!(damaged.len(), 3, "{damaged:?}");
    let why = |id: &str| &damaged.iter().find(|d| d.0 == id).unwrap().1;
    assert!(why(&hole).contains("seat row 2"), "{}", why(&hole));
    assert!(why(&short).contains("3 seats but 2"), "{}", why(&short));
    assert!(why(&typed).contains("advanced"), "{}", why(&typed));
    store.close().await;

    // The server starts with what it can restore.
    let running = spawn(config(&db)).await.unwrap();
    let addr = running.addr;
    answers(addr, &sound, 200).await;
    for t in [&hole, &short, &typed, &garbled] {
        answers(addr, t, 404).await;
    }
    join(addr, &sound, "Bob").await;
    // A finished table is read when asked for: a damaged one is said to be so.
    let e = call(
        addr,
        "GET",
        &format!("/api/tables/{over}"),
        serde_json::Value::Null,
        500,
    )
    .await;
    assert_eq!(e["code"], "internal_error");
    assert!(
        e["message"].as_str().unwrap().contains("cannot be read"),
        "{e}"
    );
    running.stop().await;
}

#[tokio::test]
async fn a_read_only_database_stops_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    spawn(config(&db)).await.unwrap().stop().await;
    let mut c = config(&db);
    c.database = format!("sqlite://{}?mode=ro", db.display());
    let e = refused(c).await;
    assert!(e.contains("read-only"), "{e}");
    // The database itself is fine.
    spawn(config(&db)).await.unwrap().stop().await;
}

#[tokio::test]
async fn a_database_another_program_writes_stops_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    spawn(config(&db)).await.unwrap().stop().await;
    // Another program in the middle of a write.
    let mut other = sql(&db).await;
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut other)
        .await
        .unwrap();
    let mut c = config(&db);
    c.busy_timeout = Duration::from_millis(200);
    let e = refused(c.clone()).await;
    assert!(e.contains("locked by another program"), "{e}");
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    other.close().await.unwrap();
    spawn(c).await.unwrap().stop().await;
}

#[tokio::test]
async fn a_second_server_on_the_same_database_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let first = spawn(config(&db)).await.unwrap();
    let (table, _) = create(
        first.addr,
        json!({ "name": "Ann", "mode": "standard", "seats": 2 }),
    )
    .await;
    let e = refused(config(&db)).await;
    assert!(e.contains("in use by another server"), "{e}");
    assert!(
        e.contains(&format!("process {}", std::process::id())),
        "{e}"
    );
    // The first one is unharmed.
    answers(first.addr, &table, 200).await;
    join(first.addr, &table, "Bob").await;
    first.stop().await;
    // Once it stopped, another may start.
    let second = spawn(config(&db)).await.unwrap();
    answers(second.addr, &table, 200).await;
    second.stop().await;
}

/// The same database file by another name is the same database.
#[cfg(unix)]
#[tokio::test]
async fn the_same_database_by_another_name_is_still_in_use() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    let first = spawn(config(&db)).await.unwrap();
    let link = dir.path().join("link.db");
    std::os::unix::fs::symlink(&db, &link).unwrap();
    for other in [
        link,
        dir.path().join(".").join("w.db"),
        std::path::PathBuf::from(format!("sqlite:{}", db.display())),
    ] {
        let e = refused(config(&other)).await;
        assert!(e.contains("in use by another server"), "{other:?}: {e}");
    }
    first.stop().await;
}
