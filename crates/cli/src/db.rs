//! `welcome db`: the database's schema and contents, for operators (migrate before an upgrade,
//! check a backup, move a SQLite file into PostgreSQL).

use crate::error::CliError;
use clap::{Args, Subcommand};
use std::io::Write;
use welcome_server::store::admin;

#[derive(Args, Debug)]
pub struct DbArgs {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(Subcommand, Debug)]
enum DbCommand {
    /// Apply the migrations the database lacks (safe beside running servers: each migration
    /// keeps the schema readable by the version before it).
    Migrate(Target),
    /// Show the schema's version and read every table as the server would; fails if the schema
    /// is behind this program or a table is damaged.
    Check(Target),
    /// Copy every table and game record of one database into another, empty one (created and
    /// migrated if needed), then read both back and compare them.
    Copy(CopyArgs),
}

#[derive(Args, Debug)]
struct Target {
    /// The database: a SQLite file (or sqlite: URL) or a postgres:// URL.
    #[arg(
        long,
        env = "WELCOME_DB",
        default_value = "welcome.db",
        value_name = "DB"
    )]
    db: String,
}

#[derive(Args, Debug)]
struct CopyArgs {
    /// The database to read (not changed).
    #[arg(long, value_name = "DB")]
    from: String,
    /// The database to copy into: empty, or not there yet.
    #[arg(long, value_name = "DB")]
    to: String,
}

pub fn run(args: &DbArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Internal(format!("cannot start the async runtime: {e}")))?;
    let failed = |db: &str, e: welcome_server::StoreError| {
        CliError::Usage(format!("database {}: {e}", admin::shown(db)))
    };
    let w = |e| CliError::Stdout(e);
    match &args.command {
        DbCommand::Migrate(t) => {
            let (before, after) = runtime
                .block_on(admin::migrate(&t.db))
                .map_err(|e| failed(&t.db, e))?;
            let applied: Vec<i64> = after
                .applied
                .iter()
                .filter(|v| !before.applied.contains(v))
                .copied()
                .collect();
            if applied.is_empty() {
                writeln!(
                    out,
                    "{}: up to date ({})",
                    admin::shown(&t.db),
                    version(&after)
                )
                .map_err(w)?;
            } else {
                writeln!(
                    out,
                    "{}: applied migrations {}; now at {}",
                    admin::shown(&t.db),
                    list(&applied),
                    version(&after)
                )
                .map_err(w)?;
            }
            Ok(())
        }
        DbCommand::Check(t) => {
            let check = runtime
                .block_on(admin::check(&t.db))
                .map_err(|e| failed(&t.db, e))?;
            let shown = admin::shown(&t.db);
            writeln!(out, "{shown}: schema {}", version(&check.schema)).map_err(w)?;
            if !check.schema.newer.is_empty() {
                writeln!(
                    out,
                    "  migrations {} come from a newer version of the server (this one reads the \
                     schema still)",
                    list(&check.schema.newer)
                )
                .map_err(w)?;
            }
            if !check.schema.is_current() {
                return Err(CliError::Usage(format!(
                    "{shown} lacks migrations {}: run `welcome db migrate --db {shown}`",
                    list(&check.schema.missing)
                )));
            }
            let tables: usize = check.statuses.iter().map(|(_, n)| n).sum();
            let by_status: Vec<String> = check
                .statuses
                .iter()
                .map(|(s, n)| format!("{n} {s}"))
                .collect();
            writeln!(
                out,
                "  {tables} tables ({}), {} rounds stored",
                if by_status.is_empty() {
                    "none".to_string()
                } else {
                    by_status.join(", ")
                },
                check.rounds
            )
            .map_err(w)?;
            if !check.damaged.is_empty() {
                for d in &check.damaged {
                    writeln!(out, "  damaged: table {}: {}", d.id, d.why).map_err(w)?;
                }
                return Err(CliError::Usage(format!(
                    "{shown} has {} damaged tables (the server leaves them out)",
                    check.damaged.len()
                )));
            }
            Ok(())
        }
        DbCommand::Copy(c) => {
            let copied = runtime
                .block_on(admin::copy(&c.from, &c.to))
                .map_err(|e| CliError::Usage(format!("copying: {e}")))?;
            writeln!(
                out,
                "copied {} tables ({} rounds, {} confirmed turns) from {} to {}; both read back \
                 the same",
                copied.tables,
                copied.rounds,
                copied.turns,
                admin::shown(&c.from),
                admin::shown(&c.to)
            )
            .map_err(w)
        }
    }
}

fn version(s: &admin::Schema) -> String {
    match s.applied.last() {
        Some(v) => format!("version {v}"),
        None => "empty".to_string(),
    }
}

fn list(v: &[i64]) -> String {
    v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}
