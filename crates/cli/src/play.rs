//! Bots playing games: the one loop behind the demo, `simulate`, `count` and `bench`.

use crate::error::CliError;
use welcome_bots::{seat_seed, Bot, BotKind};
use welcome_engine::{Game, Options, PlayerView};

/// A live game ends within about 30 rounds; this only guards against an engine bug looping.
pub const MAX_ROUNDS: u16 = 1000;

/// A game with a bot at every seat, each seeded with `seat_seed`.
pub struct BotGame {
    pub game: Game,
    bots: Vec<Box<dyn Bot>>,
}

impl BotGame {
    /// The same kind of bot at every seat.
    pub fn new(
        kind: BotKind,
        options: Options,
        players: usize,
        seed: u64,
    ) -> Result<BotGame, CliError> {
        BotGame::seated(&vec![kind; players], options, seed)
    }

    /// One seat per kind: seat i is a `kinds[i]` bot seeded with `seat_seed(seed, i)`, as in
    /// `new`, so a list of one kind plays the very games `new` does.
    pub fn seated(kinds: &[BotKind], options: Options, seed: u64) -> Result<BotGame, CliError> {
        let game = Game::new(options, kinds.len(), seed)?;
        let bots = kinds
            .iter()
            .enumerate()
            .map(|(s, kind)| kind.make(seat_seed(seed, s)))
            .collect();
        Ok(BotGame { game, bots })
    }

    /// Every seat chooses from its own view, then the round resolves.
    pub fn play_round(&mut self) -> Result<(), CliError> {
        let game = &mut self.game;
        for (seat, bot) in self.bots.iter_mut().enumerate() {
            let view = PlayerView::of(game, seat).ok_or_else(|| {
                CliError::Internal(format!("seat {} of the game has no view", seat + 1))
            })?;
            let turn = bot.choose(&view);
            game.submit(seat, turn)
                .map_err(|source| CliError::BotTurn {
                    bot: bot.kind().to_string(),
                    seat,
                    round: game.round(),
                    seed: game.seed(),
                    source,
                })?;
        }
        let round = game.round();
        game.resolve()
            .map_err(|source| CliError::Deal { round, source })
    }

    /// Plays rounds until the game ends.
    pub fn play_out(&mut self) -> Result<(), CliError> {
        for _ in 0..MAX_ROUNDS {
            if self.game.is_over() {
                return Ok(());
            }
            self.play_round()?;
        }
        if self.game.is_over() {
            return Ok(());
        }
        Err(CliError::Endless {
            seed: self.game.seed(),
            rounds: MAX_ROUNDS,
        })
    }
}

/// A whole bot game.
pub fn play_game(
    kind: BotKind,
    options: Options,
    players: usize,
    seed: u64,
) -> Result<Game, CliError> {
    let mut bg = BotGame::new(kind, options, players, seed)?;
    bg.play_out()?;
    Ok(bg.game)
}

/// Display names for bot seats, one per kind: "greedy 1", "greedy 2", "random 3", …
pub fn seat_names(kinds: &[BotKind]) -> Vec<String> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| format!("{kind} {}", i + 1))
        .collect()
}
