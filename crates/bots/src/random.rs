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
    picked: Vec<Decision>,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            options: Vec::new(),
            picked: Vec::new(),
        }
    }

    /// A random legal turn on `sheet` in `ctx`.
    pub fn turn(&mut self, ctx: &TurnContext<'_>, sheet: &Sheet) -> Turn {
        let mut m = TurnMachine::new(*ctx, sheet);
        // Before the number: no roundabout or one of the legal houses, equally likely.
        if ctx.advanced {
            m.options(&mut self.options);
            self.keep(|d| matches!(d, Decision::Roundabout(_)));
            let i = self.rng.gen_range(0..=self.picked.len());
            if let Some(d) = self.picked.get(i) {
                m.apply(d.clone()).expect("a listed roundabout");
            }
        }
        loop {
            match m.stage() {
                Stage::Start | Stage::Play => {
                    m.options(&mut self.options);
                    self.keep(|d| matches!(d, Decision::Build { .. }));
                    let d = if self.picked.is_empty() {
                        // A refusal; in expert mode, which card to pass (drawn as a `u8`,
                        // as this bot always has, so its games stay the same).
                        self.keep(|d| matches!(d, Decision::Refuse { .. }));
                        let n = self.picked.len();
                        let i = if n > 1 {
                            usize::from(self.rng.gen_range(0..n as u8))
                        } else {
                            0
                        };
                        self.picked.swap_remove(i)
                    } else {
                        self.pick_one()
                    };
                    m.apply(d).expect("a listed play");
                }
                Stage::Choice { .. } => {
                    m.options(&mut self.options);
                    self.keep(|_| true);
                    let d = self.pick_one();
                    m.apply(d).expect("a listed choice");
                }
                Stage::Effect { .. } => {
                    // Every use of the effect, or passing it, equally likely.
                    m.options(&mut self.options);
                    self.keep(|d| matches!(d, Decision::Effect(Some(_))));
                    let i = self.rng.gen_range(0..=self.picked.len());
                    let d = self.picked.get(i).cloned();
                    m.apply(d.unwrap_or(Decision::Effect(None)))
                        .expect("a listed effect use");
                }
                Stage::Plans => {
                    // Stop or one of the claims, equally likely, one plan at a time.
                    m.options_up_to(MAX_CLAIMS, &mut self.options);
                    self.keep(|d| matches!(d, Decision::Claim(_)));
                    let i = self.rng.gen_range(0..=self.picked.len());
                    let d = match self.picked.get(i) {
                        Some(claim) => claim.clone(),
                        None => {
                            let offered =
                                self.options.contains(&Decision::Stop { reshuffle: true });
                            Decision::Stop {
                                reshuffle: offered && self.rng.gen_bool(0.5),
                            }
                        }
                    };
                    m.apply(d).expect("a listed plan decision");
                }
                Stage::Done => break,
            }
        }
        m.finish().expect("the turn is complete").0
    }

    /// Keeps the listed options that `f` accepts.
    fn keep(&mut self, f: impl Fn(&Decision) -> bool) {
        self.picked.clear();
        self.picked
            .extend(self.options.iter().filter(|d| f(d)).cloned());
    }

    /// One of the kept options, uniformly (no draw when there is only one).
    fn pick_one(&mut self) -> Decision {
        let i = match self.picked.len() {
            0 | 1 => 0,
            n => self.rng.gen_range(0..n),
        };
        self.picked.swap_remove(i)
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
