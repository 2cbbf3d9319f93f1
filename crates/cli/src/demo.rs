//! The demo: a greedy bot plays a solo game, drawn as text with its score breakdown.

use crate::edition::EditionArgs;
use crate::error::CliError;
use crate::play::{play_game, seat_names};
use crate::table::{check_nine_three_quarters, options};
use crate::text;
use clap::Args;
use std::io::Write;
use welcome_bots::BotKind;
use welcome_engine::Mode;

/// The seed of the demo game when none is given, so that the demo always shows the same game.
pub const DEMO_SEED: u64 = 2018;

#[derive(Args, Debug, Clone)]
pub struct DemoArgs {
    /// Seed of the demo game.
    #[arg(long, default_value_t = DEMO_SEED, value_name = "S")]
    pub seed: u64,
    /// Play with the advanced variant (advanced plans and roundabouts).
    #[arg(long)]
    pub advanced: bool,
    /// Add the collector edition's three 9¾ cards to the deck.
    #[arg(long)]
    pub nine_three_quarters: bool,
    #[command(flatten)]
    pub edition: EditionArgs,
}

pub fn run(args: &DemoArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let (edition, sheet) = args.edition.resolve()?;
    check_nine_three_quarters(edition, args.nine_three_quarters)?;
    let options = options(Mode::Solo, edition.id, sheet.id, args.advanced)
        .nine_three_quarters(args.nine_three_quarters);
    let game = play_game(BotKind::Greedy, options, 1, args.seed)?;
    let names = seat_names(&[BotKind::Greedy]);
    let scores = game.scores();
    writeln!(
        out,
        "{}: a greedy bot plays solo{}{} on the {} sheet, seed {}\n",
        edition.name,
        if args.advanced { ", advanced," } else { "" },
        if args.nine_three_quarters {
            " with the 9¾ cards"
        } else {
            ""
        },
        sheet.name,
        args.seed
    )?;
    if let Some(sheet) = game.sheet(0) {
        writeln!(out, "{sheet}\n{}\n", text::LEGEND)?;
    }
    writeln!(out, "{}", text::plans(&game, &names))?;
    writeln!(
        out,
        "{} rounds; the game ended because {}.\n",
        game.round(),
        text::end_reasons(game.end(), &names)
    )?;
    write!(out, "{}", text::breakdown(&names, &scores))?;
    if let Some(s) = scores.first() {
        writeln!(out, "\nfinal score: {} points", s.total)?;
    }
    writeln!(
        out,
        "\n(try `welcome --help`: score, replay, simulate, count, bench and editions)"
    )?;
    Ok(())
}
