//! Reading tables back, the same for every backend.

use super::{Damaged, PendingRow, RoundRow, SeatRow, StoreError, StoredTable, TableRow};
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};

/// Which tables to read.
#[derive(Clone, Copy)]
pub(crate) enum Which<'a> {
    All,
    /// In the lobby or in play.
    Open,
    /// In the lobby or in play, owned by this node.
    OpenOf(&'a str),
    /// One table, if it is over or abandoned.
    Finished(&'a str),
    /// One table.
    One(&'a str),
}

impl Which<'_> {
    fn filter(self, column: &str) -> String {
        match self {
            Which::All => String::new(),
            Which::Open => format!(
                "WHERE {} IN (SELECT id FROM game_tables WHERE status IN ('lobby', 'playing'))",
                column
            ),
            Which::OpenOf(_) => format!(
                "WHERE {column} IN (SELECT id FROM game_tables WHERE status IN ('lobby', \
                 'playing') AND owner = ?)"
            ),
            Which::One(_) => format!("WHERE {column} = ?"),
            Which::Finished(_) => format!(
                "WHERE {column} = (SELECT id FROM game_tables WHERE id = ? \
                 AND status NOT IN ('lobby', 'playing'))"
            ),
        }
    }

    fn bind<'q, DB: Database>(
        self,
        q: sqlx::query::Query<'q, DB, <DB as Database>::Arguments<'q>>,
    ) -> sqlx::query::Query<'q, DB, <DB as Database>::Arguments<'q>>
    where
        Self: 'q,
        &'q str: Encode<'q, DB> + Type<DB>,
    {
        match self {
            Which::Finished(id) | Which::OpenOf(id) | Which::One(id) => q.bind(id),
            _ => q,
        }
    }
}

/// A table's row as stored, or why it cannot be read.
fn table_row<R: Row>(r: &R) -> Result<StoredTable, String>
where
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'a> &'a str: ColumnIndex<R>,
{
    let e = |e: sqlx::Error| e.to_string();
    Ok(StoredTable {
        row: TableRow {
            id: r.try_get("id").map_err(e)?,
            host_name: r.try_get("host_name").map_err(e)?,
            mode: r.try_get("mode").map_err(e)?,
            edition: r.try_get("edition").map_err(e)?,
            sheet: r.try_get("sheet").map_err(e)?,
            advanced: r.try_get::<i64, _>("advanced").map_err(e)? != 0,
            first_plan_reshuffle: r.try_get::<i64, _>("first_plan_reshuffle").map_err(e)? != 0,
            table_mode: r.try_get::<i64, _>("table_mode").map_err(e)? != 0,
            host_hash: r.try_get("host_hash").map_err(e)?,
            seed: r.try_get::<i64, _>("seed").map_err(e)? as u64,
            created: r.try_get("created").map_err(e)?,
            seats: Vec::new(),
            turn_seconds: r
                .try_get::<i64, _>("turn_seconds")
                .map_err(e)?
                .clamp(0, u32::MAX as i64) as u32,
            turn_expiry: r.try_get("turn_expiry").map_err(e)?,
            aaa_level: r
                .try_get::<Option<i64>, _>("aaa_level")
                .map_err(e)?
                .map(|l| l.clamp(0, u8::MAX as i64) as u8),
            nine_three_quarters: r.try_get::<i64, _>("nine_three_quarters").map_err(e)? != 0,
            values: r.try_get("table_values").map_err(e)?,
            layout: r.try_get("table_layout").map_err(e)?,
        },
        status: r.try_get("status").map_err(e)?,
        record: r.try_get("record").map_err(e)?,
        rounds: Vec::new(),
        result: r.try_get("result").map_err(e)?,
        pending: Vec::new(),
        next: r.try_get("next_table").map_err(e)?,
    })
}

/// Reads tables with their seats and confirmed turns. A table whose rows cannot be read, or
/// whose seats are not all there, comes back as `Damaged`; the others are read. `form` puts a
/// statement in the backend's form (its placeholders).
pub(crate) async fn select<DB>(
    pool: &Pool<DB>,
    which: Which<'_>,
    form: fn(String) -> String,
) -> Result<Vec<Result<StoredTable, Damaged>>, StoreError>
where
    DB: Database,
    for<'c> &'c Pool<DB>: Executor<'c, Database = DB>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    let sql = form(format!(
        "SELECT id, host_name, mode, edition, sheet, advanced, first_plan_reshuffle, \
         table_mode, host_hash, seed, created, turn_seconds, turn_expiry, aaa_level, \
         nine_three_quarters, table_values, table_layout, seat_count, status, record, result, \
         next_table FROM game_tables {} ORDER BY created, id",
        which.filter("id")
    ));
    let rows = which.bind(sqlx::query::<DB>(&sql)).fetch_all(pool).await?;
    let mut tables: Vec<Result<StoredTable, Damaged>> = Vec::with_capacity(rows.len());
    let mut index = std::collections::HashMap::new();
    let mut seat_counts = Vec::with_capacity(rows.len());
    for r in rows {
        // A row whose very id cannot be read is skipped: nothing could ask for it.
        let Ok(id) = r.try_get::<String, _>("id") else {
            tracing::error!("a stored table without a readable id is left out");
            continue;
        };
        index.insert(id.clone(), tables.len());
        seat_counts.push(r.try_get::<Option<i64>, _>("seat_count").ok().flatten());
        tables.push(table_row(&r).map_err(|why| Damaged { id, why }));
    }
    let damage = |tables: &mut Vec<Result<StoredTable, Damaged>>, i: usize, why: String| {
        if let Ok(t) = &tables[i] {
            let id = t.row.id.clone();
            tables[i] = Err(Damaged { id, why });
        }
    };
    let sql = form(format!(
        "SELECT table_id, seat, name, bot, token_hash FROM seats {} ORDER BY table_id, seat",
        which.filter("table_id")
    ));
    for r in which.bind(sqlx::query::<DB>(&sql)).fetch_all(pool).await? {
        let Ok(id) = r.try_get::<String, _>("table_id") else {
            continue;
        };
        let Some(&i) = index.get(&id) else { continue };
        let seat = (|| -> Result<(i64, SeatRow), sqlx::Error> {
            Ok((
                r.try_get("seat")?,
                SeatRow {
                    name: r.try_get("name")?,
                    bot: r.try_get("bot")?,
                    token_hash: r.try_get("token_hash")?,
                },
            ))
        })();
        let Ok(t) = &mut tables[i] else { continue };
        match seat {
            Ok((n, row)) if n == t.row.seats.len() as i64 => t.row.seats.push(row),
            Ok((n, _)) => {
                let why = format!(
                    "seat row {n} found where seat row {} was expected",
                    t.row.seats.len()
                );
                damage(&mut tables, i, why);
            }
            Err(e) => damage(&mut tables, i, format!("a seat row cannot be read: {e}")),
        }
    }
    for (i, count) in seat_counts.iter().enumerate() {
        let Ok(t) = &tables[i] else { continue };
        let found = t.row.seats.len();
        let why = match count {
            Some(n) if *n != found as i64 => {
                format!("the table has {n} seats but {found} seat rows")
            }
            // Only a deal-only table has no seats, and it is created with its game.
            _ if found == 0 && t.record.is_none() => "the table has no seat rows".to_string(),
            _ => continue,
        };
        damage(&mut tables, i, why);
    }
    let sql = form(format!(
        "SELECT table_id, round, log FROM game_rounds {} ORDER BY table_id, round",
        which.filter("table_id")
    ));
    for r in which.bind(sqlx::query::<DB>(&sql)).fetch_all(pool).await? {
        let Ok(id) = r.try_get::<String, _>("table_id") else {
            continue;
        };
        let Some(&i) = index.get(&id) else { continue };
        let row = (|| -> Result<RoundRow, sqlx::Error> {
            Ok(RoundRow {
                round: r.try_get::<i64, _>("round")?.clamp(0, u16::MAX as i64) as u16,
                log: r.try_get("log")?,
            })
        })();
        match row {
            Ok(row) => {
                if let Ok(t) = &mut tables[i] {
                    t.rounds.push(row);
                }
            }
            Err(e) => damage(&mut tables, i, format!("a round cannot be read: {e}")),
        }
    }
    let sql = form(format!(
        "SELECT table_id, seat, round, turn FROM pending_turns {} ORDER BY table_id, seat",
        which.filter("table_id")
    ));
    for r in which.bind(sqlx::query::<DB>(&sql)).fetch_all(pool).await? {
        let Ok(id) = r.try_get::<String, _>("table_id") else {
            continue;
        };
        let Some(&i) = index.get(&id) else { continue };
        let turn = (|| -> Result<PendingRow, sqlx::Error> {
            Ok(PendingRow {
                seat: r.try_get::<i64, _>("seat")?.clamp(0, u16::MAX as i64) as u16,
                round: r.try_get::<i64, _>("round")?.clamp(0, u16::MAX as i64) as u16,
                turn: r.try_get("turn")?,
            })
        })();
        match turn {
            Ok(p) => {
                if let Ok(t) = &mut tables[i] {
                    t.pending.push(p);
                }
            }
            Err(e) => damage(
                &mut tables,
                i,
                format!("a confirmed turn cannot be read: {e}"),
            ),
        }
    }
    Ok(tables)
}
