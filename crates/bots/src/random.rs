//! The random bot: uniform at each decision among the legal options — roundabout (none or a
//! house, decided before the number), placement, effect target (or pass), plans one at a time
//! (stop or a claim), reshuffle.

use crate::{Bot, BotKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use welcome_engine::legal::Placement;
use welcome_engine::{
    Build, Choice, EffectUse, PlanClaim, Play, PlayerView, Roundabout, Sheet, Turn, TurnContext,
    When,
};

/// Claims considered per plan: a sheet full of small estates can offer millions.
const MAX_CLAIMS: usize = 200;

pub struct RandomBot {
    rng: ChaCha8Rng,
    placements: Vec<Placement>,
    uses: Vec<EffectUse>,
    claims: Vec<PlanClaim>,
    all_claims: Vec<PlanClaim>,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            placements: Vec::new(),
            uses: Vec::new(),
            claims: Vec::new(),
            all_claims: Vec::new(),
        }
    }

    /// A random legal turn on `sheet` in `ctx`.
    pub fn turn(&mut self, ctx: &TurnContext<'_>, sheet: &Sheet) -> Turn {
        let mut s = *sheet;
        let mut turn = Turn::refuse(None);
        if ctx.advanced {
            let houses: Vec<_> = s
                .all_houses()
                .filter(|&h| ctx.check_roundabout(&s, h).is_ok())
                .collect();
            let i = self.rng.gen_range(0..=houses.len());
            if let Some(&house) = houses.get(i) {
                if let Ok(next) = ctx.apply_roundabout(&s, house) {
                    s = next;
                    turn.roundabout = Some(Roundabout {
                        house,
                        when: When::Before,
                    });
                }
            }
        }
        ctx.placements(&s, &mut self.placements);
        turn.play = if self.placements.is_empty() {
            Play::Refuse {
                pass: ctx.passes_card.then(|| self.rng.gen_range(0..3u8)),
            }
        } else {
            let p = self.placements[self.rng.gen_range(0..self.placements.len())];
            let mut build = Build {
                pick: p.pick,
                house: p.house,
                number: p.number,
                choice: None,
                effect: None,
            };
            if let Some(kind) = ctx.choice_needed(&s, p.house) {
                let all = Choice::all(kind);
                build.choice = Some(all[self.rng.gen_range(0..all.len())]);
            }
            if let Ok(written) = ctx.apply_play(&s, &Play::Build(build)) {
                ctx.effect_uses(&written, p.effect, p.house, &mut self.uses);
                let i = self.rng.gen_range(0..=self.uses.len());
                build.effect = self.uses.get(i).copied();
            }
            Play::Build(build)
        };
        if let Ok(next) = ctx.apply_play(&s, &turn.play) {
            s = next;
        }
        loop {
            let done: Vec<u8> = turn.plans.iter().map(|c| c.plan).collect();
            self.all_claims.clear();
            for plan in 0..3 {
                ctx.plan_claims_up_to(&s, plan, &done, &mut self.claims, MAX_CLAIMS);
                self.all_claims.append(&mut self.claims);
            }
            let i = self.rng.gen_range(0..=self.all_claims.len());
            if i == self.all_claims.len() {
                break;
            }
            let claim = self.all_claims.swap_remove(i);
            match ctx.apply_claim(&s, &claim, &done) {
                Ok(next) => s = next,
                Err(_) => break,
            }
            turn.plans.push(claim);
        }
        if ctx.reshuffle_offered && !turn.plans.is_empty() {
            turn.reshuffle = self.rng.gen_bool(0.5);
        }
        turn
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
