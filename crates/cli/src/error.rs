//! The one error type of the `welcome` binary. Every failure reaches `main`, which prints
//! `error: <message>` and exits non-zero, so each message must stand on its own.

use std::path::PathBuf;
use welcome_engine::{DealError, RecordError, SetupError, SheetFileError, TurnError};

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A flag combination the rules or the command cannot honour.
    #[error("{0}")]
    Usage(String),
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A file a command would write is already there and it was not asked to replace it.
    /// `more`: how many other files of the same run are there too.
    #[error("{} already exists{}; pass --overwrite to replace {}, or choose another folder",
            path.display(), and_more(*more), if *more == 0 { "it" } else { "them" })]
    Exists { path: PathBuf, more: usize },
    #[error("{} exists and is not a directory", path.display())]
    NotADirectory { path: PathBuf },
    #[error("{path}: {source}")]
    Sheet {
        path: String,
        source: SheetFileError,
    },
    #[error("{path}: {source}")]
    Record { path: String, source: RecordError },
    /// A sheet file given where a record is read, or the other way round: the engine's
    /// sentence, then the command that reads such a file.
    #[error("{path}: {message}; `welcome {command} {file}` {does} it")]
    OtherKind {
        path: String,
        message: String,
        command: &'static str,
        file: String,
        does: &'static str,
    },
    #[error("unknown edition {id:?} (known editions: {known})")]
    UnknownEdition { id: String, known: String },
    /// `elsewhere` says which other editions have a sheet of that id, and the flag that plays
    /// it, since a thematic sheet's edition is easy to forget.
    #[error("edition {edition} has no sheet {id:?} (its sheets: {known}){elsewhere}")]
    UnknownSheet {
        edition: String,
        id: String,
        known: String,
        elsewhere: String,
    },
    /// A flag names another edition or sheet than the file it applies to.
    #[error("{path}: the {what} is for {field} {found}, but {flag} {given} was given")]
    Mismatch {
        path: String,
        what: &'static str,
        field: &'static str,
        found: String,
        flag: &'static str,
        given: String,
    },
    /// Edition data from `--edition-data` that does not load.
    #[error("edition data {path}: {message}")]
    EditionData { path: String, message: String },
    #[error("cannot set up the game: {0}")]
    Setup(#[from] SetupError),
    #[error("dealing failed in round {round}: {source}")]
    Deal { round: u16, source: DealError },
    /// A bot answered with a turn the engine rejects: a bug in the bot or the engine.
    #[error("the {bot} bot of seat {} played an illegal turn in round {round} of the game with seed {seed}: {source}", seat + 1)]
    BotTurn {
        bot: String,
        seat: usize,
        round: u16,
        seed: u64,
        source: TurnError,
    },
    #[error("the game with seed {seed} did not end after {rounds} rounds")]
    Endless { seed: u64, rounds: u16 },
    /// A benchmark produced a result that cannot be right, so its speed means nothing.
    #[error("bench check failed: {0}")]
    Bench(String),
    /// Something the engine promises did not hold.
    #[error("internal error: {0}")]
    Internal(String),
    #[error("cannot write the output: {0}")]
    Stdout(std::io::Error),
    #[error("cannot encode JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// ", as do 3 more records this run would write", or nothing.
fn and_more(more: usize) -> String {
    match more {
        0 => String::new(),
        1 => ", as does 1 more record this run would write".into(),
        n => format!(", as do {n} more records this run would write"),
    }
}

impl CliError {
    /// The reader went away (`welcome … | head`): not worth an error message.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Stdout(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

impl From<std::io::Error> for CliError {
    /// Bare I/O errors only come from writing to standard output; file errors carry a path.
    fn from(e: std::io::Error) -> CliError {
        CliError::Stdout(e)
    }
}
