//! Bots playing games: the one loop behind the demo, `simulate`, `count` and `bench`.

use crate::error::CliError;
use welcome_bots::{seat_seed, Bot, BotKind};
use welcome_engine::{Game, Options, PlayerView};

/// A live game ends within about 30 rounds; this only guards against an engine bug looping.
pub const MAX_ROUNDS: u16 = 1000;

/// A game with one bot at every seat, each seeded with `seat_seed`.
pub struct BotGame {
    pub game: Game,
    pub kind: BotKind,
    bots: Vec<Box<dyn Bot>>,
}

impl BotGame {
    pub fn new(
        kind: BotKind,
        options: Options,
        players: usize,
        seed: u64,
    ) -> Result<BotGame, CliError> {
        let game = Game::new(options, players, seed)?;
        let bots = (0..players)
            .map(|s| kind.make(seat_seed(seed, s)))
            .collect();
        Ok(BotGame { game, kind, bots })
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
                    bot: self.kind.to_string(),
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

/// Display names for bot seats: "greedy 1", "greedy 2", …
pub fn seat_names(kind: BotKind, players: usize) -> Vec<String> {
    (1..=players).map(|i| format!("{kind} {i}")).collect()
}
