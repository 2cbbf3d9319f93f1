//! The random bot: drives the engine's `TurnMachine`, uniform at each decision among the
//! legal options — roundabout (none or a house, decided before the number), placement, the
//! module choice, effect target (or pass), plans one at a time (stop or a claim), reshuffle.

use crate::{Bot, BotKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use welcome_engine::{Decision, PlayerView, Sheet, Stage, Turn, TurnContext, TurnMachine};

/// Claims considered per plan: a sheet full of small estates can offer millions.
const MAX_CLAIMS: usize = 200;

pub struct RandomBot {
    rng: ChaCha8Rng,
    options: Vec<Decision>,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            options: Vec::new(),
        }
    }

    /// A random legal turn on `sheet` in `ctx`.
    pub fn turn(&mut self, ctx: &TurnContext<'_>, sheet: &Sheet) -> Turn {
        let mut m = TurnMachine::new(*ctx, sheet);
        let roundabout = |d: &Decision| matches!(d, Decision::Roundabout(_));
        // The objective (Roswell, first turn) and the bonuses owed since a Validation card
        // came up (Ice Cream, AAA solo): any one.
        while let Stage::Ammo { .. } | Stage::Objective | Stage::Cross = m.stage() {
            m.options(&mut self.options);
            let i = self.rng.gen_range(0..self.options.len());
            m.apply(self.options.swap_remove(i))
                .expect("a listed objective or crossing");
        }
        // Before the number: no roundabout or one of the legal houses, equally likely.
        if ctx.advanced {
            m.options(&mut self.options);
            let n = self.count(roundabout);
            let i = self.rng.gen_range(0..=n);
            if i < n {
                m.apply(self.nth(roundabout, i))
                    .expect("a listed roundabout");
            }
        }
        loop {
            match m.stage() {
                Stage::Start | Stage::Play => {
                    m.options(&mut self.options);
                    let build = |d: &Decision| matches!(d, Decision::Build { .. });
                    let n = self.count(build);
                    let d = if n > 0 {
                        let i = self.rng.gen_range(0..n);
                        self.nth(build, i)
                    } else {
                        // A refusal; in expert mode, which card to pass (drawn as a `u8`,
                        // as this bot always has, so its games stay the same).
                        let refuse = |d: &Decision| matches!(d, Decision::Refuse { .. });
                        let n = self.count(refuse);
                        let i = if n > 1 {
                            usize::from(self.rng.gen_range(0..n as u8))
                        } else {
                            0
                        };
                        self.nth(refuse, i)
                    };
                    m.apply(d).expect("a listed play");
                }
                Stage::Ammo { .. }
                | Stage::Objective
                | Stage::Cross
                | Stage::Choice { .. }
                | Stage::Circle { .. }
                | Stage::Pass { .. }
                | Stage::Bonus { .. } => {
                    m.options(&mut self.options);
                    let i = self.rng.gen_range(0..self.options.len());
                    m.apply(self.options.swap_remove(i))
                        .expect("a listed choice");
                }
                Stage::Effect { .. } => {
                    // Every use of the effect, or passing it, equally likely (a number the
                    // Temp changed cannot pass it, Ruling C4).
                    m.options(&mut self.options);
                    let used = |d: &Decision| matches!(d, Decision::Effect(Some(_)));
                    let n = self.count(used);
                    let pass = usize::from(self.options.contains(&Decision::Effect(None)));
                    let i = self.rng.gen_range(0..n + pass);
                    let d = if i < n {
                        self.nth(used, i)
                    } else {
                        Decision::Effect(None)
                    };
                    m.apply(d).expect("a listed effect use");
                }
                Stage::Plans => {
                    // Stop or one of the claims, equally likely, one plan at a time.
                    m.options_up_to(MAX_CLAIMS, &mut self.options);
                    let claim = |d: &Decision| matches!(d, Decision::Claim(_));
                    let tier = |d: &Decision| matches!(d, Decision::Tier { .. });
                    let n = self.count(claim);
                    // Halloween tiers count only where offered, so other sheets draw as before.
                    let t = self.count(tier);
                    let i = self.rng.gen_range(0..=n + t);
                    let d = if i < n {
                        self.nth(claim, i)
                    } else if i < n + t {
                        self.nth(tier, i - n)
                    } else {
                        let offered = self.options.contains(&Decision::Stop { reshuffle: true });
                        Decision::Stop {
                            reshuffle: offered && self.rng.gen_bool(0.5),
                        }
                    };
                    m.apply(d).expect("a listed plan decision");
                }
                Stage::Done => break,
            }
        }
        m.finish().expect("the turn is complete").0
    }

    /// How many listed options `f` accepts.
    fn count(&self, f: impl Fn(&Decision) -> bool) -> usize {
        self.options.iter().filter(|d| f(d)).count()
    }

    /// The `i`-th listed option that `f` accepts (taken out of the list).
    fn nth(&mut self, f: impl Fn(&Decision) -> bool, i: usize) -> Decision {
        let at = self
            .options
            .iter()
            .enumerate()
            .filter(|(_, d)| f(d))
            .nth(i)
            .map_or(0, |(at, _)| at);
        self.options.swap_remove(at)
    }
}

impl Bot for RandomBot {
    fn kind(&self) -> BotKind {
        BotKind::Random
    }

    fn choose(&mut self, view: &PlayerView) -> Turn {
        self.turn(&view.context(), view.sheet())
    }
}
