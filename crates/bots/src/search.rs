//! The search bot: determinised Monte-Carlo over the greedy bot's best turns.
//!
//! It sees only its `PlayerView`. For each of a few *worlds* — positions consistent with the
//! view, the hidden cards dealt from a seed (`Position::from_view`) — it plays each candidate
//! turn, lets every other seat answer as the greedy bot would, then plays the game out with
//! greedy bots at every seat, and keeps the candidate with the best mean result. Every
//! candidate meets the same worlds (common random numbers), so the comparison is fair with few
//! of them. The budget is a count of playouts, never wall time, so a seed gives the same game
//! on any machine.

use crate::greedy::{GreedyBot, Leftover};
use crate::{Bot, BotKind, Weights};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use welcome_engine::{PlayerView, Position, Turn};

/// How much a search bot explores per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Candidate turns: the greedy bot's best ones.
    pub candidates: usize,
    /// Worlds (deals of the hidden cards) each candidate is played out in, in a solo game;
    /// with more seats fewer (`worlds_for`).
    pub worlds: usize,
    /// Rounds played out after the candidate before the game is judged; `None` plays to the
    /// end.
    pub horizon: Option<u16>,
    /// Sequential halving: the same number of playouts (`candidates × worlds`) spent in
    /// rounds, each on the better half of the candidates left, instead of every candidate in
    /// every world. The candidates that stay longest get the most worlds.
    pub halving: bool,
    /// With halving: more playouts for a turn whose playouts are short (late in a game,
    /// where they cost little), judged by the first round's.
    pub boost: Option<Boost>,
    /// With halving: the first rounds, which drop the most candidates, judge shorter
    /// playouts (`Screen`).
    pub screen: Option<Screen>,
}

/// The first `rounds` rounds of a halving cut each playout `horizon` rounds after the
/// candidate and judge the sheets by the evaluation (as `Budget::horizon`): early in a game
/// such a playout costs a fraction of one to the end, and it is enough to tell the clearly
/// worse candidates, which those rounds drop. The rounds after play to the end, so the
/// candidates left are judged by final scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Screen {
    pub rounds: u16,
    pub horizon: u16,
}

/// Up to `cap` times the playouts for a turn whose first playouts last fewer than `rounds`
/// rounds on average, in proportion: about what a turn `rounds` rounds from the end costs.
/// Counted in rounds played, never in time, so a seed still gives the same game anywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Boost {
    pub rounds: u16,
    pub cap: u16,
    /// The least factor, in percent: below 100, a turn whose playouts last longer than
    /// `rounds` gets fewer playouts in its later rounds, down to this share (100: as many).
    pub floor: u16,
}

impl Boost {
    /// The factor on the playouts of a turn whose first playouts lasted `mean` rounds.
    fn factor(self, mean: f64) -> f64 {
        let floor = (f64::from(self.floor) / 100.0).min(1.0);
        (f64::from(self.rounds) / mean.max(1.0)).clamp(floor, f64::from(self.cap.max(1)))
    }
}

/// The levels' boost: turns whose playouts last under 14 rounds get 14 / that many times the
/// playouts, up to 4 times. Against a boost from 10 rounds it adds about 2 % to a solo game's
/// time and 0.24 points over seeds 1–1000 (1.1 on the seeds 1–100 it was chosen on; docs/bots.md).
const LATE: Boost = Boost {
    rounds: 14,
    cap: 4,
    floor: 100,
};

/// The fewest worlds a search plays out in, however many seats.
const MIN_WORLDS: usize = 4;

impl Budget {
    /// The worlds of a game of `seats` seats: a playout plays every seat, so a game of n seats
    /// gets about 1/n of the solo worlds (at least `MIN_WORLDS`), and a level thinks about as
    /// long a move at any table.
    pub fn worlds_for(&self, seats: usize) -> usize {
        (self.worlds / seats.max(1))
            .max(MIN_WORLDS)
            .min(self.worlds)
    }
}

/// Named strengths, for menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Fast,
    Default,
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Fast, Level::Default, Level::Strong];

    pub fn budget(self) -> Budget {
        match self {
            Level::Fast => Budget {
                candidates: 3,
                worlds: 4,
                horizon: None,
                halving: false,
                boost: None,
                screen: None,
            },
            // 480 playouts by halving over 32 candidates: about 4 points above the same
            // playouts spent on 10 candidates alike; up to 4 times as many for the turns
            // whose playouts are short, which cost little (docs/bots.md).
            Level::Default => Budget {
                candidates: 32,
                worlds: 15,
                horizon: None,
                halving: true,
                boost: Some(LATE),
                screen: None,
            },
            Level::Strong => Budget {
                candidates: 48,
                worlds: 32,
                horizon: None,
                halving: true,
                boost: Some(LATE),
                screen: None,
            },
        }
    }
}

pub struct SearchBot {
    rng: ChaCha8Rng,
    level: Level,
    budget: Budget,
    /// Chooses the candidates.
    greedy: GreedyBot,
    /// The evaluation of the candidates and of the playouts' greedy bots.
    weights: Weights,
}

impl SearchBot {
    pub fn new(seed: u64, level: Level) -> SearchBot {
        SearchBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            level,
            budget: level.budget(),
            greedy: GreedyBot::with_weights(seed ^ 0x5ea7c4, Weights::SEARCH),
            weights: Weights::SEARCH,
        }
    }

    /// A search bot with its own weights (for tuning them).
    pub fn with_weights(seed: u64, budget: Budget, weights: Weights) -> SearchBot {
        SearchBot {
            budget,
            weights,
            greedy: GreedyBot::with_weights(seed ^ 0x5ea7c4, weights),
            ..SearchBot::new(seed, Level::Default)
        }
    }

    /// A search bot with its own budget (for measurements).
    pub fn with_budget(seed: u64, budget: Budget) -> SearchBot {
        SearchBot {
            budget,
            ..SearchBot::new(seed, Level::Default)
        }
    }

    /// How good the end of a playout is for `seat`: its total, less the best other total in
    /// a game of several seats (winning by more is better; a tie is worth nothing).
    fn judge(p: &Position, seat: usize) -> f64 {
        let scores = p.scores();
        let mine = f64::from(scores[seat].total);
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != seat)
            .map(|(_, s)| f64::from(s.total))
            .fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))));
        match best_other {
            Some(b) => mine - b,
            None => mine,
        }
    }

    /// Plays `first` for `seat` in `world`, then the rest of the game with greedy bots.
    fn playout(&self, p: Position, seat: usize, first: &Turn, seed: u64) -> f64 {
        self.playout_rounds(p, seat, first, seed, self.budget.horizon)
            .0
    }

    /// A greedy bot for each seat of `p`, seeded from `seed`, for a playout.
    fn playout_bots(&self, p: &Position, seed: u64) -> Vec<GreedyBot> {
        (0..p.players())
            .map(|s| {
                let mut bot = GreedyBot::with_weights(crate::seat_seed(seed, s), self.weights);
                bot.deal_of(&p.options());
                bot
            })
            .collect()
    }

    /// `playout` cut `horizon` rounds after the candidate (`None`: at the end), and the
    /// rounds it played after the candidate's.
    fn playout_rounds(
        &self,
        mut p: Position,
        seat: usize,
        first: &Turn,
        seed: u64,
        horizon: Option<u16>,
    ) -> (f64, u16) {
        let mut bots = self.playout_bots(&p, seed);
        if p.submit(seat, first.clone()).is_err() {
            // Cannot happen for a turn listed from the same view; such a candidate loses.
            return (f64::NEG_INFINITY, 0);
        }
        let mut rounds = 0u16;
        while !p.is_over() && horizon.is_none_or(|h| rounds <= h) {
            for (s, bot) in bots.iter_mut().enumerate() {
                if p.has_submitted(s) {
                    continue;
                }
                let turn = greedy_turn(bot, &p, s);
                if p.submit(s, turn).is_err() {
                    return (f64::NEG_INFINITY, rounds);
                }
            }
            if p.resolve().is_err() {
                break;
            }
            rounds += 1;
        }
        let v = if p.is_over() {
            SearchBot::judge(&p, seat)
        } else {
            self.judge_unfinished(&p, seat)
        };
        (v, rounds)
    }

    /// `judge` of a playout cut at its horizon: each sheet's evaluation (its score and what
    /// it keeps open) instead of its final score.
    fn judge_unfinished(&self, p: &Position, seat: usize) -> f64 {
        let value = |s: usize| -> f64 {
            let (others, solo) = crate::temp_rivals(
                p.layout(),
                p.sheets(),
                s,
                p.options().mode,
                p.aaa().map(|a| (&a.card, a.given.as_slice())),
            );
            match (p.context(s), p.sheet(s)) {
                (Some(ctx), Some(sheet)) => f64::from(crate::greedy::evaluate_weighted(
                    &ctx,
                    sheet,
                    &others,
                    solo,
                    &self.weights,
                    // The round dealt now is still to be played, and those after it.
                    rounds_after_in(p, &ctx).map(|r| r.saturating_add(1)),
                )),
                _ => 0.0,
            }
        };
        let mine = value(seat);
        let best_other = (0..p.players())
            .filter(|&s| s != seat)
            .map(value)
            .fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))));
        match best_other {
            Some(b) => mine - b,
            None => mine,
        }
    }
}

/// The greedy bot's turn for `seat` of `p`, without building a whole view.
fn greedy_turn(bot: &mut GreedyBot, p: &Position, seat: usize) -> Turn {
    let (others, solo) = crate::temp_rivals(
        p.layout(),
        p.sheets(),
        seat,
        p.options().mode,
        p.aaa().map(|a| (&a.card, a.given.as_slice())),
    );
    match (p.context(seat), p.sheet(seat)) {
        (Some(ctx), Some(sheet)) => {
            bot.clock(rounds_after_in(p, &ctx));
            bot.turn(&ctx, sheet, &others, solo)
        }
        _ => Turn::refuse(None),
    }
}

/// `crate::rounds_after` of a position, `ctx` being a seat's context in it.
fn rounds_after_in(p: &Position, ctx: &welcome_engine::TurnContext<'_>) -> Option<u16> {
    crate::rounds_after(
        p.options().mode,
        p.aaa().is_some(),
        p.pile_sizes().0,
        &ctx.offer,
    )
}

impl SearchBot {
    /// The greedy bot's best turns from the view, the best first.
    fn candidates(&mut self, view: &PlayerView) -> Vec<Turn> {
        let (others, solo) = crate::temp_rivals(
            &view.layout,
            &view.sheets,
            view.seat,
            view.options.mode,
            view.aaa.as_ref().map(|a| (&a.card, a.given.as_slice())),
        );
        self.greedy.deal_of(&view.options);
        self.greedy.clock(crate::rounds_after_view(view));
        self.greedy.turns(
            &view.context(),
            view.sheet(),
            &others,
            solo,
            self.budget.candidates,
            Leftover::at(view),
        )
    }

    /// A clairvoyant reference, for measurement only (never a seat's bot): the same
    /// candidates, each played out once in `world`, the true position with its pile order,
    /// instead of in worlds dealt from the view. How far it scores above the search bot is
    /// what not knowing the cards costs.
    pub fn choose_knowing(&mut self, view: &PlayerView, world: &Position) -> Turn {
        let mut candidates = self.candidates(view);
        let seed: u64 = self.rng.gen();
        if candidates.len() == 1 {
            return candidates.swap_remove(0);
        }
        let mut best = (0, f64::NEG_INFINITY);
        for (i, turn) in candidates.iter().enumerate() {
            let v = self.playout(world.clone(), view.seat, turn, seed);
            if v > best.1 {
                best = (i, v);
            }
        }
        candidates.swap_remove(best.0)
    }

    /// A nested clairvoyant reference, for measurement only. Each of the first `width`
    /// candidates is played in `world` and the rest of the game is played by `choose_knowing`
    /// for `view.seat` (the other seats by greedy bots); the best final result wins. It costs
    /// about `width × turns left / 2` times `choose_knowing`. Measured, it does not beat the
    /// reference it rolls out (docs/bots.md): a greedy playout stays a noisy judge even knowing
    /// every card.
    pub fn choose_knowing_nested(
        &mut self,
        view: &PlayerView,
        world: &Position,
        width: usize,
    ) -> Turn {
        let mut candidates = self.candidates(view);
        candidates.truncate(width.max(1));
        if candidates.len() == 1 {
            return candidates.swap_remove(0);
        }
        let seat = view.seat;
        let mut best = (0, f64::NEG_INFINITY);
        for (i, turn) in candidates.iter().enumerate() {
            let seed: u64 = self.rng.gen();
            let mut bots = self.playout_bots(world, seed);
            let mut p = world.clone();
            let mut mine = Some(turn.clone());
            let v = loop {
                for (s, bot) in bots.iter_mut().enumerate() {
                    if p.has_submitted(s) {
                        continue;
                    }
                    let t = match (s == seat, mine.take()) {
                        (true, Some(first)) => first,
                        (true, None) => match PlayerView::of(&p, s) {
                            Some(v) => self.choose_knowing(&v, &p),
                            None => greedy_turn(bot, &p, s),
                        },
                        (false, _) => greedy_turn(bot, &p, s),
                    };
                    if p.submit(s, t).is_err() {
                        break;
                    }
                }
                // A turn refused or a deal that fails cannot happen from a live position;
                // such a candidate loses.
                if p.resolve().is_err() {
                    break f64::NEG_INFINITY;
                }
                if p.is_over() {
                    break SearchBot::judge(&p, seat);
                }
            };
            if v > best.1 {
                best = (i, v);
            }
        }
        candidates.swap_remove(best.0)
    }
}

impl SearchBot {
    /// Sequential halving over `candidates` with `candidates.len() × worlds` playouts: in each
    /// of ⌈log₂ n⌉ rounds the candidates left share an equal part of them, each played out in
    /// the same worlds, and the better half (by the sum so far; the earlier, greedier one on a
    /// tie) goes on. The index of the one left, or `None` if a world cannot be dealt (a view
    /// built by hand).
    fn halve(&mut self, view: &PlayerView, candidates: &[Turn], worlds: usize) -> Option<usize> {
        let n = candidates.len();
        if n <= 1 || worlds == 0 {
            return Some(0);
        }
        let budget = n * worlds;
        let rounds = n.next_power_of_two().trailing_zeros() as usize;
        let mut left: Vec<usize> = (0..n).collect();
        let mut sums = vec![0.0f64; n];
        // The later rounds' playouts are scaled once the first round has measured their length.
        let mut factor = 1.0f64;
        for round in 0..rounds {
            // This round's share of the playouts, split between the candidates left.
            let share = budget / rounds + usize::from(round < budget % rounds);
            let share = (share as f64 * factor).round() as usize;
            let per = (share / left.len()).max(1);
            let screen = self.budget.screen.filter(|s| round < usize::from(s.rounds));
            let horizon = screen.map_or(self.budget.horizon, |s| Some(s.horizon));
            let (mut played, mut length) = (0u64, 0u64);
            for w in 0..per {
                let seed: u64 = self.rng.gen();
                let world = Position::from_view(view, seed).ok()?;
                if let (0, 0, Some(_), Some(_)) = (round, w, self.budget.boost, screen) {
                    // The boost reads how long a playout to the end lasts: one is played
                    // apart, judged by nothing.
                    let (_, r) = self.playout_rounds(
                        world.clone(),
                        view.seat,
                        &candidates[left[0]],
                        seed,
                        self.budget.horizon,
                    );
                    (played, length) = (1, u64::from(r) + 1);
                }
                for &i in &left {
                    let (v, r) = self.playout_rounds(
                        world.clone(),
                        view.seat,
                        &candidates[i],
                        seed,
                        horizon,
                    );
                    sums[i] += v;
                    if screen.is_none() {
                        played += 1;
                        length += u64::from(r) + 1;
                    }
                }
            }
            if let (0, Some(boost)) = (round, self.budget.boost) {
                factor = boost.factor(length as f64 / played.max(1) as f64);
            }
            // Every candidate left has been played out in the same worlds: sums compare.
            left.sort_by(|&a, &b| sums[b].total_cmp(&sums[a]).then(a.cmp(&b)));
            left.truncate(left.len().div_ceil(2));
        }
        left.first().copied()
    }
}

impl Bot for SearchBot {
    fn kind(&self) -> BotKind {
        BotKind::Search(self.level)
    }

    fn choose(&mut self, view: &PlayerView) -> Turn {
        let mut candidates = self.candidates(view);
        let worlds = self.budget.worlds_for(view.sheets.len());
        if self.budget.halving {
            return match self.halve(view, &candidates, worlds) {
                Some(best) => candidates.swap_remove(best),
                None => candidates.swap_remove(0),
            };
        }
        let seeds: Vec<u64> = (0..worlds).map(|_| self.rng.gen()).collect();
        if candidates.len() == 1 || seeds.is_empty() {
            return candidates.swap_remove(0);
        }
        let mut totals = vec![0.0f64; candidates.len()];
        for &seed in &seeds {
            let Ok(world) = Position::from_view(view, seed) else {
                // Only a view built by hand can fail; play the greedy turn.
                return candidates.swap_remove(0);
            };
            for (total, turn) in totals.iter_mut().zip(&candidates) {
                *total += self.playout(world.clone(), view.seat, turn, seed);
            }
        }
        // The best mean; the greedy bot's own choice wins ties (it comes first).
        let mut best = 0;
        for (i, t) in totals.iter().enumerate() {
            if *t > totals[best] {
                best = i;
            }
        }
        candidates.swap_remove(best)
    }
}

#[cfg(test)]
mod tests {
    use super::Boost;

    #[test]
    fn a_boost_spends_more_on_short_playouts_only_and_up_to_its_cap() {
        let boost = Boost {
            rounds: 10,
            cap: 4,
            floor: 100,
        };
        assert_eq!(
            boost.factor(20.0),
            1.0,
            "long playouts: the budget as it is"
        );
        assert_eq!(boost.factor(10.0), 1.0);
        assert_eq!(boost.factor(5.0), 2.0, "half as long: twice the playouts");
        assert_eq!(boost.factor(2.0), 4.0, "capped");
        assert_eq!(boost.factor(0.0), 4.0, "no division by zero");
    }

    #[test]
    fn a_boost_with_a_floor_spends_less_on_long_playouts_down_to_it() {
        let boost = Boost {
            rounds: 10,
            cap: 4,
            floor: 60,
        };
        assert_eq!(
            boost.factor(12.5),
            0.8,
            "a quarter longer: 4/5 of the playouts"
        );
        assert_eq!(boost.factor(25.0), 0.6, "floored");
        assert_eq!(
            boost.factor(5.0),
            2.0,
            "short playouts boosted as without a floor"
        );
        let over = Boost {
            floor: 150,
            ..boost
        };
        assert_eq!(
            over.factor(20.0),
            1.0,
            "a floor over 100 never adds playouts"
        );
    }
}
