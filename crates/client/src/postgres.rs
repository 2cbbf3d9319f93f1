//! A throw-away PostgreSQL for the tests and the load test, each with a database of its own.
//!
//! `WELCOME_TEST_POSTGRES` names a server the tests may create databases on
//! (`postgres://user@host:port`); without it the tests start a cluster of their own from the
//! system's PostgreSQL (`.ci/run` installs Debian's `postgresql` when it is missing): `initdb`
//! in a temporary folder, the server on a free local port, run as the `postgres` user when the
//! tests run as root (PostgreSQL refuses root). A watcher stops it and removes the folder once
//! the test process has ended, however it ends.

use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The URL of a new, empty database on the throw-away cluster (started on first use).
pub async fn database() -> Result<String, String> {
    let base = base()?;
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let name = format!("welcome_test_{}_{n}", std::process::id());
    let mut admin = connect(&format!("{base}/postgres")).await?;
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .map_err(|e| format!("creating the database {name}: {e}"))?;
    let _ = sqlx::Connection::close(admin).await;
    Ok(format!("{base}/{name}"))
}

/// A connection to `url`, for statements of one's own.
pub async fn connect(url: &str) -> Result<sqlx::PgConnection, String> {
    use sqlx::Connection;
    sqlx::PgConnection::connect(url)
        .await
        .map_err(|e| format!("connecting to the throw-away PostgreSQL: {e}"))
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// The cluster's URL without a database, the cluster started on first use.
fn base() -> Result<&'static str, String> {
    static BASE: OnceLock<Result<String, String>> = OnceLock::new();
    match BASE.get_or_init(|| match std::env::var("WELCOME_TEST_POSTGRES") {
        Ok(url) if !url.trim().is_empty() => Ok(url.trim().trim_end_matches('/').to_string()),
        _ => start(),
    }) {
        Ok(url) => Ok(url),
        Err(e) => Err(format!(
            "PostgreSQL is needed here: {e}. Install it (Debian: apt-get install postgresql) \
             or set WELCOME_TEST_POSTGRES to a server where databases may be created"
        )),
    }
}

/// The folder of PostgreSQL's programs: the newest `/usr/lib/postgresql/*/bin` (Debian keeps
/// them off the PATH), else the PATH's.
fn bin_dir() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    if let Some((_, bin)) = found.pop() {
        return Some(bin);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .find(|p| p.join("initdb").exists() && p.join("postgres").exists())
    })
}

/// The user and group ids to run PostgreSQL as: the tests' own, or `postgres`'s under root.
fn run_as() -> Result<Option<(u32, u32)>, String> {
    let me = std::fs::metadata("/proc/self")
        .map_err(|e| e.to_string())?
        .uid();
    if me != 0 {
        return Ok(None);
    }
    let passwd = std::fs::read_to_string("/etc/passwd").map_err(|e| e.to_string())?;
    passwd
        .lines()
        .map(|l| l.split(':').collect::<Vec<_>>())
        .find(|f| f.first() == Some(&"postgres") && f.len() > 3)
        .and_then(|f| Some((f[2].parse().ok()?, f[3].parse().ok()?)))
        .map(Some)
        .ok_or_else(|| "the tests run as root and there is no postgres user to run it as".into())
}

fn command(program: &Path, user: Option<(u32, u32)>) -> Command {
    let mut c = Command::new(program);
    if let Some((uid, gid)) = user {
        c.uid(uid).gid(gid);
    }
    c
}

/// Starts a cluster; returns its URL.
fn start() -> Result<String, String> {
    let bin = bin_dir().ok_or("PostgreSQL's initdb was not found")?;
    let user = run_as()?;
    let dir = tempfile::Builder::new()
        .prefix("welcome-postgres-")
        .tempdir()
        .map_err(|e| e.to_string())?
        .keep();
    if let Some((uid, gid)) = user {
        std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).map_err(|e| e.to_string())?;
    }
    let data = dir.join("data");
    let out = command(&bin.join("initdb"), user)
        .arg("-D")
        .arg(&data)
        .args(["-U", "welcome", "--auth=trust", "-E", "UTF8", "--no-sync"])
        .output()
        .map_err(|e| format!("running initdb: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| e.to_string())?
        .port();
    let log = std::fs::File::create(dir.join("postgres.log")).map_err(|e| e.to_string())?;
    let server = command(&bin.join("postgres"), user)
        .arg("-D")
        .arg(&data)
        .args(["-p", &port.to_string(), "-k"])
        .arg(&dir)
        // A test cluster: nothing in it outlives the run, so it never waits for the disk.
        .args(["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"])
        .args(["-c", "max_connections=400"])
        .stdout(Stdio::null())
        .stderr(log)
        // Its own process group: a Ctrl-C of the tests leaves it to the watcher below.
        .process_group(0)
        .spawn()
        .map_err(|e| format!("starting postgres: {e}"))?;
    // The watcher: once this process is gone, stop the server (fast shutdown) and remove the
    // folder.
    let script = format!(
        "while kill -0 {me} 2>/dev/null; do sleep 1; done; kill -INT {pg} 2>/dev/null; \
         for i in $(seq 50); do kill -0 {pg} 2>/dev/null || break; sleep 0.2; done; \
         kill -KILL {pg} 2>/dev/null; rm -rf '{dir}'",
        me = std::process::id(),
        pg = server.id(),
        dir = dir.display()
    );
    Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("starting the watcher: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs(60);
    let ready = bin.join("pg_isready");
    loop {
        let ok = Command::new(&ready)
            .args(["-q", "-h", "127.0.0.1", "-p", &port.to_string()])
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if ok {
            break;
        }
        if Instant::now() > deadline {
            let log = std::fs::read_to_string(dir.join("postgres.log")).unwrap_or_default();
            return Err(format!("postgres did not start within a minute: {log}"));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Ok(format!("postgres://welcome@127.0.0.1:{port}"))
}
