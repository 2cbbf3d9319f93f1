//! `welcome db` and `welcome serve --db postgres://…`: a game begun on SQLite is copied into
//! PostgreSQL and goes on there; the operator's commands say what they did and refuse what
//! they must.

use crate::common::{welcome, Run};
use crate::serve::{first_turn, first_turn_acknowledged, next_state, start};
use serde_json::json;
use welcome_client::{postgres, Socket};

fn db(args: &[&str]) -> Run {
    let mut all = vec!["db"];
    all.extend_from_slice(args);
    welcome(&all)
}

#[tokio::test]
async fn a_game_begun_on_sqlite_goes_on_in_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.db");
    let file = file.to_str().unwrap();

    // Ann confirms her first turn on SQLite; the server is killed.
    let (mut child, addr) = start(&["serve"], file);
    let (table, ann, bob, first, turn) = first_turn_acknowledged(addr).await;
    child.kill().unwrap();
    child.wait().unwrap();

    let checked = db(&["check", "--db", file]).success();
    assert!(checked.contains("schema version 10"), "{checked}");
    assert!(
        checked.contains("1 tables (1 playing), 1 rounds stored"),
        "{checked}"
    );

    let pg = postgres::database().await.unwrap();
    let copied = db(&["copy", "--from", file, "--to", &pg]).success();
    assert!(
        copied.starts_with("copied 1 tables (1 rounds, 1 confirmed turns)"),
        "{copied}"
    );
    // Copying again would mix two servers' tables: refused, and nothing changes.
    let again = db(&["copy", "--from", file, "--to", &pg]).failure();
    assert!(again.contains("already holds tables"), "{again}");

    // The game goes on in PostgreSQL where it stopped.
    let (mut child, addr) = start(&["serve"], &pg);
    let mut a = Socket::connect(addr, &table, Some(&ann)).await.unwrap();
    let restored = next_state(&mut a, |m| !m["view"].is_null()).await;
    assert_eq!(restored["view"]["my_turn"], turn);
    assert_eq!(restored["view"]["submitted"], json!([true, false]));
    assert_eq!(restored["view"]["offer"], first["view"]["offer"]);
    let mut b = Socket::connect(addr, &table, Some(&bob)).await.unwrap();
    next_state(&mut b, |m| !m["view"].is_null()).await;
    let tb = first_turn(&mut b).await;
    b.send(&json!({ "type": "submit", "request": 2, "round": 1, "turn": tb }))
        .await
        .unwrap();
    let round2 = next_state(&mut a, |m| m["view"]["round"] == 2).await;
    assert_eq!(round2["view"]["log"][0]["turns"], json!([turn, tb]));
    child.kill().unwrap();
    child.wait().unwrap();

    // And back into a new SQLite file, round 2 dealt.
    let back = dir.path().join("back.db");
    let back = back.to_str().unwrap();
    let copied = db(&["copy", "--from", &pg, "--to", back]).success();
    assert!(
        copied.starts_with("copied 1 tables (2 rounds, 0 confirmed turns)"),
        "{copied}"
    );
    let checked = db(&["check", "--db", &pg]).success();
    assert!(
        checked.contains("1 tables (1 playing), 2 rounds stored"),
        "{checked}"
    );
}

#[test]
fn migrate_says_what_it_applied_and_check_refuses_an_old_schema() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("new.db");
    let file = file.to_str().unwrap();
    let missing = db(&["check", "--db", file]).failure();
    assert!(missing.contains("there is no database file"), "{missing}");
    let first = db(&["migrate", "--db", file]).success();
    assert!(
        first.contains("applied migrations 1, 2, 3, 4, 5, 6, 7, 8, 9, 10; now at version 10"),
        "{first}"
    );
    let second = db(&["migrate", "--db", file]).success();
    assert!(second.contains("up to date (version 10)"), "{second}");

    // A database some migrations behind is named as such.
    let old = dir.path().join("old.db");
    std::fs::copy(dir.path().join("new.db"), &old).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        use sqlx::Connection;
        let mut c = sqlx::SqliteConnection::connect(&format!("sqlite:{}", old.display()))
            .await
            .unwrap();
        sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 10")
            .execute(&mut c)
            .await
            .unwrap();
    });
    let behind = db(&["check", "--db", old.to_str().unwrap()]).failure();
    assert!(behind.contains("lacks migrations 10"), "{behind}");
}

#[test]
fn an_unreachable_postgres_is_said_plainly_and_its_password_never() {
    let refused = db(&["check", "--db", "postgres://ann:s3cret@127.0.0.1:1/welcome"]).failure();
    assert!(
        refused.contains("PostgreSQL cannot be reached"),
        "{refused}"
    );
    assert!(
        refused.contains("postgres://ann:***@127.0.0.1:1/welcome"),
        "{refused}"
    );
    assert!(!refused.contains("s3cret"), "{refused}");
    let serve = welcome(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--db",
        "postgres://ann:s3cret@127.0.0.1:1/welcome",
    ])
    .failure();
    assert!(serve.contains("PostgreSQL cannot be reached"), "{serve}");
    assert!(!serve.contains("s3cret"), "{serve}");
}
