//! The table flags shared by `simulate` and `count`: how many seats, which mode, which
//! edition and sheet, and whether the collector edition's 9¾ cards join the deck.

use crate::edition::EditionArgs;
use crate::error::CliError;
use clap::Args;
use welcome_engine::{Edition, EditionId, Mode, Options, SheetId};

/// Seats and variants of a table.
///
/// A game for one player is always the solo variant (spec §10), as at the table: `--solo` is
/// the same as `--players 1`, and naming both with another count is an error.
#[derive(Args, Clone, Debug)]
pub struct TableArgs {
    /// Number of seats [default: 1 with --solo, 4 otherwise]; 1 means the solo variant.
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
    /// Solo variant: one player; the 1st edition's Solo card (27 turns at most) or
    /// the collector edition's AAA automa (see --aaa-level).
    #[arg(long, conflicts_with = "expert")]
    pub solo: bool,
    /// AAA solo (collector edition): the level of the opponent card, 0–5 [default: 1].
    #[arg(long, value_name = "N")]
    pub aaa_level: Option<u8>,
    /// Expert rules: card drafting, at least 2 players.
    #[arg(long)]
    pub expert: bool,
    /// Advanced variant: advanced City Plans and roundabouts.
    #[arg(long)]
    pub advanced: bool,
    /// Add the collector edition's three 9¾ cards to the deck (66 cards, any sheet and mode).
    #[arg(long)]
    pub nine_three_quarters: bool,
    #[command(flatten)]
    pub edition: EditionArgs,
}

/// Seats used when `--players` is not given and the game is not solo.
pub const DEFAULT_PLAYERS: usize = 4;

impl TableArgs {
    /// The engine options and seat count, or a message naming the bad combination.
    pub fn resolve(&self) -> Result<(Options, usize), CliError> {
        let (edition, sheet) = self.edition.resolve()?;
        let players = match (self.players, self.solo) {
            (Some(0), _) => {
                return Err(CliError::Usage("--players must be at least 1".into()));
            }
            (Some(n), true) if n != 1 => {
                return Err(CliError::Usage(format!(
                    "--solo is the 1-player variant, so it cannot be played with --players {n}"
                )));
            }
            (Some(n), _) => n,
            (None, true) => 1,
            (None, false) => DEFAULT_PLAYERS,
        };
        let mode = if self.expert {
            if players < 2 {
                return Err(CliError::Usage(format!(
                    "--expert needs at least 2 players (got --players {players}); a 1-player game is the solo variant"
                )));
            }
            Mode::Expert
        } else if players == 1 {
            Mode::Solo
        } else {
            Mode::Standard
        };
        check_nine_three_quarters(edition, self.nine_three_quarters)?;
        let mut options = options(mode, edition.id, sheet.id, self.advanced)
            .nine_three_quarters(self.nine_three_quarters);
        if let Some(level) = self.aaa_level {
            if mode != Mode::Solo || edition.aaa.is_none() {
                return Err(CliError::Usage(
                    "--aaa-level is for the collector edition's solo game: add --edition collector --solo".into(),
                ));
            }
            options.aaa_level = Some(level);
        }
        Ok((options, players))
    }
}

/// `--nine-three-quarters` needs an edition that has the 9¾ cards (the collector edition):
/// refused before anything runs, as the engine would refuse the game.
pub fn check_nine_three_quarters(edition: &Edition, on: bool) -> Result<(), CliError> {
    if on && edition.nine_three_quarters.is_empty() {
        return Err(CliError::Usage(format!(
            "--nine-three-quarters: edition {} has no 9¾ cards; they come with the collector edition (add --edition collector)",
            edition.id
        )));
    }
    Ok(())
}

/// Engine options for a mode on an edition's sheet.
pub fn options(mode: Mode, edition: EditionId, sheet: SheetId, advanced: bool) -> Options {
    let mut o = Options::new(mode).sheet(sheet).advanced(advanced);
    o.edition = edition;
    o
}

/// A short description such as "standard, 3 players, advanced", naming the sheet and the
/// edition only when they are not the 1st edition's classic sheet (so that earlier outputs
/// stay as they were).
pub fn describe(options: &Options, players: usize) -> String {
    let mode = mode_name(options.mode);
    let seats = if players == 1 {
        "1 player".to_string()
    } else {
        format!("{players} players")
    };
    let variant = if options.advanced {
        "advanced"
    } else {
        "basic"
    };
    let mut out = format!("{mode}, {seats}, {variant}");
    if options.sheet != SheetId::classic() {
        out += &format!(", sheet {}", options.sheet);
    }
    if options.edition != EditionId::first() {
        out += &format!(", edition {}", options.edition);
    }
    if let Some(level) = options.aaa_level {
        out += &format!(", AAA level {level}");
    }
    if options.nine_three_quarters {
        out += ", with the 9¾ cards";
    }
    out
}

pub fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Standard => "standard",
        Mode::Solo => "solo",
        Mode::Expert => "expert",
    }
}
