//! The SQL statements of a group of writes, the same for every backend (portable SQL with `?`
//! placeholders; `numbered` gives PostgreSQL's `$1`).

use super::{RoundRow, Write};

#[derive(Clone, Copy)]
pub(crate) enum Param<'a> {
    Text(&'a str),
    OptText(Option<&'a str>),
    Int(i64),
    OptInt(Option<i64>),
}

/// One SQL statement with `?` placeholders, and its parameters.
pub(crate) struct Stmt<'a> {
    pub sql: String,
    pub params: Vec<Param<'a>>,
}

/// SQL statements and their parameters, in order.
pub(crate) struct Script<'a> {
    pub stmts: Vec<Stmt<'a>>,
    /// The writing node's epoch, kept with each round row it writes (none on one server).
    epoch: Option<i64>,
}

/// Rows per multi-row statement (at most four parameters a row, far below SQLite's limit).
const TURN_ROWS: usize = 200;

/// Writes of different tables that commute, held back to be written together: confirmed turns,
/// then games (a game's write clears the turns confirmed before it).
#[derive(Default)]
struct Held<'a> {
    turns: Vec<&'a Write>,
    games: Vec<&'a Write>,
}

impl<'a> Held<'a> {
    fn has_game(&self, table: &str) -> bool {
        self.games
            .iter()
            .any(|g| matches!(g, Write::Game { table: t, .. } if t == table))
    }
}

impl<'a> Script<'a> {
    /// The statements of `writes`, in an order with the same outcome: a group holds the writes
    /// of many tables, and each kind of statement is prepared once for all of them rather than
    /// once a table (preparing costs as much as running them). A table's own writes keep their
    /// order.
    pub fn of(writes: &[&'a Write], epoch: Option<i64>) -> Script<'a> {
        let mut s = Script {
            stmts: Vec::new(),
            epoch,
        };
        let mut held = Held::default();
        for &w in writes {
            match w {
                // A turn confirmed after a game write of its table in this group must follow
                // the turns that write clears.
                Write::Pending { table, .. } => {
                    if held.has_game(table) {
                        s.held(&mut held);
                    }
                    held.turns.push(w);
                }
                Write::Game { table, .. } => {
                    if held.has_game(table) {
                        s.held(&mut held);
                    }
                    held.games.push(w);
                }
                _ => {
                    s.held(&mut held);
                    s.write(w);
                }
            }
        }
        s.held(&mut held);
        s
    }

    /// Writes what is held: the turns first, then the games.
    fn held(&mut self, held: &mut Held<'a>) {
        self.turns(&held.turns);
        held.turns.clear();
        self.games(&held.games);
        held.games.clear();
    }

    fn stmt(&mut self, sql: &str, params: &[Param<'a>]) {
        self.stmts.push(Stmt {
            sql: sql.to_string(),
            params: params.to_vec(),
        });
    }

    fn turns(&mut self, turns: &[&'a Write]) {
        for chunk in turns.chunks(TURN_ROWS) {
            let sql = format!(
                "INSERT INTO pending_turns (table_id, seat, round, turn) VALUES {} \
                 ON CONFLICT (table_id, seat) DO UPDATE SET round = excluded.round, turn = excluded.turn",
                vec!["(?, ?, ?, ?)"; chunk.len()].join(", ")
            );
            let mut params = Vec::with_capacity(chunk.len() * 4);
            for w in chunk {
                if let Write::Pending {
                    table,
                    seat,
                    round,
                    turn,
                } = w
                {
                    params.extend([
                        Param::Text(table),
                        Param::Int(*seat as i64),
                        Param::Int(*round as i64),
                        Param::Text(turn),
                    ]);
                }
            }
            self.stmt(&sql, &params);
        }
    }

    /// Games of different tables: the rounds of them all in one statement, and their turns
    /// cleared in one. The table's row changes only with the setup (the start), the result
    /// (the end) or a status other than `playing`: a game stays in play from its start on
    /// until it is over or abandoned (which has its own write), so a round resolved in play
    /// leaves the row as it is.
    fn games(&mut self, games: &[&'a Write]) {
        use Param::*;
        let mut rounds: Vec<(&'a str, &'a RoundRow)> = Vec::new();
        let mut tables: Vec<&'a str> = Vec::with_capacity(games.len());
        for w in games {
            let Write::Game {
                table,
                status,
                setup,
                rounds: r,
                result,
            } = w
            else {
                continue;
            };
            if setup.is_some() || result.is_some() || status != "playing" {
                self.stmt(
                    "UPDATE game_tables SET status = ?, record = coalesce(?, record), \
                     result = coalesce(?, result) WHERE id = ?",
                    &[
                        Text(status),
                        OptText(setup.as_deref()),
                        OptText(result.as_deref()),
                        Text(table),
                    ],
                );
            }
            rounds.extend(r.iter().map(|r| (table.as_str(), r)));
            tables.push(table);
        }
        for chunk in rounds.chunks(TURN_ROWS) {
            let sql = format!(
                "INSERT INTO game_rounds (table_id, round, log, epoch) VALUES {} \
                 ON CONFLICT (table_id, round) DO UPDATE SET log = excluded.log, epoch = excluded.epoch",
                vec!["(?, ?, ?, ?)"; chunk.len()].join(", ")
            );
            let mut params = Vec::with_capacity(chunk.len() * 4);
            for (table, r) in chunk {
                params.extend([
                    Text(table),
                    Int(r.round as i64),
                    Text(&r.log),
                    OptInt(self.epoch),
                ]);
            }
            self.stmt(&sql, &params);
        }
        for chunk in tables.chunks(TURN_ROWS) {
            let sql = format!(
                "DELETE FROM pending_turns WHERE table_id IN ({})",
                vec!["?"; chunk.len()].join(", ")
            );
            let params: Vec<Param<'a>> = chunk.iter().map(|t| Text(t)).collect();
            self.stmt(&sql, &params);
        }
    }

    fn write(&mut self, w: &'a Write) {
        use Param::*;
        match w {
            Write::Table(t) => {
                self.stmt(
                    "INSERT INTO game_tables (id, host_name, mode, edition, sheet, advanced, \
                     first_plan_reshuffle, table_mode, host_hash, seed, created, turn_seconds, turn_expiry, \
                     aaa_level, nine_three_quarters, table_values, table_layout, seat_count, status, record) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'lobby', NULL)",
                    &[
                        Text(&t.id),
                        Text(&t.host_name),
                        Text(&t.mode),
                        Text(&t.edition),
                        Text(&t.sheet),
                        Int(t.advanced as i64),
                        Int(t.first_plan_reshuffle as i64),
                        Int(t.table_mode as i64),
                        Text(&t.host_hash),
                        // BIGINT is signed: the seed's bits are stored as they are.
                        Int(t.seed as i64),
                        Int(t.created),
                        Int(t.turn_seconds as i64),
                        Text(&t.turn_expiry),
                        OptInt(t.aaa_level.map(i64::from)),
                        Int(t.nine_three_quarters as i64),
                        Text(&t.values),
                        Text(&t.layout),
                        Int(t.seats.len() as i64),
                    ],
                );
                for (i, seat) in t.seats.iter().enumerate() {
                    self.stmt(
                        "INSERT INTO seats (table_id, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
                        &[
                            Text(&t.id),
                            Int(i as i64),
                            OptText(seat.name.as_deref()),
                            OptText(seat.bot.as_deref()),
                            OptText(seat.token_hash.as_deref()),
                        ],
                    );
                }
            }
            Write::Seat { table, seat, row } => self.stmt(
                "UPDATE seats SET name = ?, bot = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                &[
                    OptText(row.name.as_deref()),
                    OptText(row.bot.as_deref()),
                    OptText(row.token_hash.as_deref()),
                    Text(table),
                    Int(*seat as i64),
                ],
            ),
            Write::Game { .. } => self.games(&[w]),
            Write::Pending { .. } => self.turns(&[w]),
            Write::Withdraw { table, seat } => self.stmt(
                "DELETE FROM pending_turns WHERE table_id = ? AND seat = ?",
                &[Text(table), Int(*seat as i64)],
            ),
            Write::Host { table, host_hash } => self.stmt(
                "UPDATE game_tables SET host_hash = ? WHERE id = ?",
                &[Text(host_hash), Text(table)],
            ),
            Write::Values { table, values } => self.stmt(
                "UPDATE game_tables SET table_values = ? WHERE id = ?",
                &[Text(values), Text(table)],
            ),
            Write::Layout { table, layout } => self.stmt(
                "UPDATE game_tables SET table_layout = ? WHERE id = ?",
                &[Text(layout), Text(table)],
            ),
            Write::Abandon { table } => self.stmt(
                "UPDATE game_tables SET status = 'abandoned' WHERE id = ?",
                &[Text(table)],
            ),
            Write::Next { table, next } => self.stmt(
                "UPDATE game_tables SET next_table = ? WHERE id = ?",
                &[Text(next), Text(table)],
            ),
            Write::Forget { table } => {
                for sql in [
                    "DELETE FROM pending_turns WHERE table_id = ?",
                    "DELETE FROM game_rounds WHERE table_id = ?",
                    "DELETE FROM table_owners WHERE table_id = ?",
                    "DELETE FROM seats WHERE table_id = ?",
                    "DELETE FROM game_tables WHERE id = ?",
                ] {
                    self.stmt(sql, &[Text(table)]);
                }
            }
        }
    }
}

/// `sql` with its `?` placeholders numbered `$1`, `$2`, … (PostgreSQL's form). The statements
/// here hold no `?` in a string literal.
pub(crate) fn numbered(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 16);
    let mut n = 0;
    for c in sql.chars() {
        if c == '?' {
            n += 1;
            out.push('$');
            out.push_str(&n.to_string());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::numbered;

    #[test]
    fn placeholders_are_numbered_in_order() {
        assert_eq!(
            numbered("UPDATE t SET a = ?, b = coalesce(?, b) WHERE id IN (?, ?)"),
            "UPDATE t SET a = $1, b = coalesce($2, b) WHERE id IN ($3, $4)"
        );
    }
}
