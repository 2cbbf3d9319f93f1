//! Bots for Welcome To…: each sees only its seat's `PlayerView` and answers with a `Turn`.
//!
//! Every bot is deterministic given its seed, so simulations and bot seats replay exactly.

mod greedy;
mod random;
mod search;
mod weights;

pub use greedy::{evaluate, GreedyBot, Leftover};
pub use random::RandomBot;
pub use search::{Boost, Budget, Level, Screen, SearchBot};
pub use weights::Weights;

use std::fmt;
use std::str::FromStr;
use welcome_engine::{Mode, Offer, PlayerView, Turn};

/// The rounds still to be dealt after the current one, when a game's length is known: a solo
/// game without the AAA ends when its deck runs out (spec §10, Ruling 25), each round dealing
/// the hand on `offer` from the `pile` cards left. `None` elsewhere: games of several seats
/// reshuffle their piles and end on their sheets, and the AAA's pile is dealt differently.
pub(crate) fn rounds_after(mode: Mode, aaa: bool, pile: usize, offer: &Offer) -> Option<u16> {
    match (mode, aaa, offer) {
        (Mode::Solo, false, Offer::Hand(hand)) if !hand.is_empty() => {
            Some(u16::try_from(pile / hand.len()).unwrap_or(u16::MAX))
        }
        _ => None,
    }
}

/// `rounds_after` of a view's game.
pub(crate) fn rounds_after_view(view: &PlayerView) -> Option<u16> {
    rounds_after(
        view.options.mode,
        view.aaa.is_some(),
        view.pile,
        &view.offer,
    )
}

/// A player that chooses a whole turn from what its seat can see.
pub trait Bot: Send {
    /// The bot's kind.
    fn kind(&self) -> BotKind;
    /// A legal turn for the view's seat. The view must be of a game that is not over.
    fn choose(&mut self, view: &PlayerView) -> Turn;
}

/// The bots this crate provides, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Uniform at each decision among the legal options.
    Random,
    /// One-step look-ahead with a sheet evaluation.
    Greedy,
    /// Determinised Monte-Carlo over the greedy bot's best turns, at a strength level.
    Search(Level),
}

impl BotKind {
    pub const ALL: [BotKind; 5] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Search(Level::Fast),
        BotKind::Search(Level::Default),
        BotKind::Search(Level::Strong),
    ];

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Search(Level::Fast) => "search-fast",
            BotKind::Search(Level::Default) => "search",
            BotKind::Search(Level::Strong) => "search-strong",
        }
    }

    /// A new bot of this kind.
    pub fn make(self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Box::new(GreedyBot::new(seed)),
            BotKind::Search(level) => Box::new(SearchBot::new(seed, level)),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown bot name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownBot(pub String);

impl fmt::Display for UnknownBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = BotKind::ALL.iter().map(|k| k.name()).collect();
        write!(f, "unknown bot {:?} (known: {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownBot {}

impl FromStr for BotKind {
    type Err = UnknownBot;
    fn from_str(s: &str) -> Result<Self, UnknownBot> {
        BotKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownBot(s.to_string()))
    }
}

/// Seeds a per-seat bot from a game seed so that every seat plays differently.
/// The temp counts a seat's temps are ranked against, and whether it plays alone against the
/// solo threshold: the other seats' temps; against the AAA (collector §15.5) its Intérimaire
/// cards (level 1+) or its temp table, read as a threshold (level 0).
pub fn temp_rivals(
    layout: &welcome_engine::SheetLayout,
    sheets: &[welcome_engine::Sheet],
    seat: usize,
    mode: welcome_engine::Mode,
    aaa: Option<(&welcome_engine::AaaCard, &[welcome_engine::Card])>,
) -> (Vec<u8>, bool) {
    match aaa {
        Some((card, _)) if card.scoring.is_none() => (Vec::new(), true),
        // Its face-up Intérimaire cards (Roswell turns some upside down).
        Some((card, given)) => match welcome_engine::aaa::temps_rule(layout, card, given) {
            welcome_engine::Temps::Against(n) => (vec![n], false),
            _ => (Vec::new(), true),
        },
        None => (
            sheets
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != seat)
                .map(|(_, s)| s.temps())
                .collect(),
            mode == welcome_engine::Mode::Solo,
        ),
    }
}

pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    game_seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(seat as u64 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use welcome_engine::{EditionId, Game, Options};

    /// The rounds of a game as `rounds_after` reads them from each round's view.
    fn clock_of(options: Options, players: usize, seed: u64) -> Vec<Option<u16>> {
        let mut game = Game::new(options, players, seed).unwrap();
        let mut bots: Vec<_> = (0..players)
            .map(|s| GreedyBot::new(seat_seed(seed, s)))
            .collect();
        let mut clock = Vec::new();
        while !game.is_over() {
            for (seat, bot) in bots.iter_mut().enumerate() {
                let view = PlayerView::of(&game, seat).unwrap();
                if seat == 0 {
                    clock.push(rounds_after_view(&view));
                }
                game.submit(seat, bot.choose(&view)).unwrap();
            }
            game.resolve().unwrap();
        }
        clock
    }

    /// A 1st-edition solo game deals its 81 cards three a round: 27 rounds, 26 still to come
    /// after the first, none after the last (Ruling 25), whichever round the Solo card
    /// comes up. Other games' lengths are not known.
    #[test]
    fn the_rounds_left_after_each_round_of_a_solo_game_count_down_to_none() {
        for seed in [1, 2, 3] {
            let clock = clock_of(Options::new(Mode::Solo), 1, seed);
            let rounds = clock.len() as u16;
            assert!(rounds <= 27, "{rounds}");
            // A game ended early (three refusals, every plan done) still counted down.
            let expected: Vec<_> = (0..rounds).map(|r| Some(26 - r)).collect();
            assert_eq!(clock, expected);
        }
        assert!(clock_of(Options::new(Mode::Standard), 2, 1)
            .iter()
            .all(Option::is_none));
        let mut aaa = Options::new(Mode::Solo).aaa_level(1);
        aaa.edition = EditionId::new("collector").unwrap();
        assert!(clock_of(aaa, 1, 1).iter().all(Option::is_none));
    }
}
