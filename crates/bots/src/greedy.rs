//! The greedy bot: tries every placement with every use of its effect (and passing it),
//! scores each resulting sheet with `evaluate`, keeps the best, then validates every plan it
//! can. A roundabout is built only when no number fits without one.

use crate::{Bot, BotKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use welcome_engine::legal::Placement;
use welcome_engine::{
    Build, Choice, ChoiceKind, Edition, EffectUse, HouseRef, PlanClaim, PlanCondition, Play,
    PlayerView, Roundabout, Score, Sheet, Side, Temps, Turn, TurnContext, When,
};

/// Claims considered per plan: a sheet full of small estates can offer millions.
const MAX_CLAIMS: usize = 200;

pub struct GreedyBot {
    rng: ChaCha8Rng,
    placements: Vec<Placement>,
    uses: Vec<EffectUse>,
    claims: Vec<PlanClaim>,
}

/// Heuristic value of a sheet: its score now plus what it keeps open for later.
pub fn evaluate(ctx: &TurnContext<'_>, sheet: &Sheet, others_temps: &[u8], solo: bool) -> f32 {
    evaluate_with(&number_odds(ctx.edition), ctx, sheet, others_temps, solo)
}

/// `evaluate` with the deck's number odds computed once per turn.
fn evaluate_with(
    cum: &[f32; 19],
    ctx: &TurnContext<'_>,
    sheet: &Sheet,
    others_temps: &[u8],
    solo: bool,
) -> f32 {
    let layout = ctx.layout;
    let mut all = others_temps.to_vec();
    all.push(sheet.temps());
    let temps = if solo {
        Temps::Solo
    } else {
        Temps::Ranked(&all)
    };
    let mut v = Score::total_of(layout, sheet, temps) as f32;
    // An empty house is worth the chance that a drawn number still fits it: houses that can no
    // longer take a number are lost estates and future refusals.
    let ranges = sheet.ranges();
    for h in sheet.all_houses() {
        if sheet.is_empty(h) {
            match ranges[h.street as usize][h.house as usize] {
                None => v -= DEAD,
                Some((lo, hi)) => {
                    let p = cum[hi as usize + 1] - cum[lo as usize];
                    v += OPEN * p;
                }
            }
        }
    }
    v += plan_progress(ctx, sheet);
    sheet.for_each_run(|e, complete| {
        if e.len > 6 {
            v -= 0.5 * f32::from(e.len - 6);
        } else if !complete {
            let filled = (e.start..e.start + e.len)
                .filter(|&i| sheet.number(HouseRef::new(e.street, i)).is_some())
                .count() as f32;
            v += 0.5 * filled;
        }
    });
    // Real-estate upgrades pay off on estates still to come.
    for size in 1..=layout.real_estate.len() {
        let t = &layout.real_estate[size - 1];
        v += 0.7 * (t.value(sheet.real_estate(size)) - t.value(0)) as f32;
    }
    if solo {
        v += 0.8 * f32::from(sheet.temps().min(layout.solo_temps.at_least));
    } else {
        v += 0.3 * f32::from(sheet.temps().min(8));
    }
    v -= 4.0 * f32::from(sheet.refusals());
    v
}

const DEAD: f32 = 4.0;
const OPEN: f32 = 6.0;

/// Cumulative share of the deck's numbers: `cum[n]` is the share of cards numbered below `n`.
fn number_odds(edition: &Edition) -> [f32; 19] {
    let mut counts = [0f32; 19];
    for c in &edition.deck {
        counts[(c.number as usize).min(17)] += 1.0;
    }
    let total = edition.deck.len().max(1) as f32;
    let mut cum = [0f32; 19];
    for n in 0..18 {
        cum[n + 1] = cum[n] + counts[n] / total;
    }
    cum
}

/// Partial credit for estate plans not yet scored: the share of their estates already built
/// and unused.
fn plan_progress(ctx: &TurnContext<'_>, sheet: &Sheet) -> f32 {
    let mut have = [0u8; 8];
    sheet.for_each_run(|e, complete| {
        if complete && !e.used && (e.len as usize) < have.len() {
            have[e.len as usize] += 1;
        }
    });
    let mut v = 0.0;
    for (slot, p) in ctx.plans.iter().enumerate() {
        if sheet.plan_scores()[slot].is_some() {
            continue;
        }
        let Some(card) = ctx.edition.plan(p.card) else {
            continue;
        };
        if let PlanCondition::Estates(sizes) = &card.condition {
            let mut left = have;
            let mut matched = 0;
            for &s in sizes {
                let s = (s as usize).min(left.len() - 1);
                if left[s] > 0 {
                    left[s] -= 1;
                    matched += 1;
                }
            }
            let points = if p.approved { card.second } else { card.first };
            let share = matched as f32 / sizes.len().max(1) as f32;
            v += PLAN * f32::from(points) * share * share;
        }
    }
    v
}

const PLAN: f32 = 0.8;

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            placements: Vec::new(),
            uses: Vec::new(),
            claims: Vec::new(),
        }
    }

    /// The best turn by `evaluate` (ties broken at random).
    pub fn turn(
        &mut self,
        ctx: &TurnContext<'_>,
        sheet: &Sheet,
        others: &[u8],
        solo: bool,
    ) -> Turn {
        let odds = number_odds(ctx.edition);
        let mut base = *sheet;
        let mut roundabout = None;
        ctx.placements(&base, &mut self.placements);
        if self.placements.is_empty() && ctx.advanced {
            // A roundabout may make a number fit; take the one that opens most placements.
            let mut best: Option<(usize, HouseRef)> = None;
            for h in sheet.all_houses() {
                if let Ok(s) = ctx.apply_roundabout(sheet, h) {
                    ctx.placements(&s, &mut self.placements);
                    let n = self.placements.len();
                    if n > 0 && best.is_none_or(|(m, _)| n > m) {
                        best = Some((n, h));
                    }
                }
            }
            if let Some((_, h)) = best {
                if let Ok(s) = ctx.apply_roundabout(sheet, h) {
                    base = s;
                    roundabout = Some(Roundabout {
                        house: h,
                        when: When::Before,
                    });
                }
            }
            ctx.placements(&base, &mut self.placements);
        }
        let play = if self.placements.is_empty() {
            Play::Refuse {
                pass: ctx.passes_card.then(|| self.worst_card(ctx)),
            }
        } else {
            self.best_build(&odds, ctx, &base, others, solo)
        };
        let mut s = ctx.apply_play(&base, &play).unwrap_or(base);
        let mut turn = Turn {
            play,
            roundabout,
            plans: Vec::new(),
            reshuffle: false,
        };
        // Validate whatever plan can be validated, best evaluation first.
        loop {
            let done: Vec<u8> = turn.plans.iter().map(|c| c.plan).collect();
            let mut best: Option<(f32, PlanClaim, Sheet)> = None;
            for plan in 0..3 {
                ctx.plan_claims_up_to(&s, plan, &done, &mut self.claims, MAX_CLAIMS);
                for claim in self.claims.drain(..) {
                    if let Ok(next) = ctx.apply_claim(&s, &claim, &done) {
                        let v = evaluate_with(&odds, ctx, &next, others, solo);
                        if best.as_ref().is_none_or(|(b, _, _)| v > *b) {
                            best = Some((v, claim, next));
                        }
                    }
                }
            }
            match best {
                Some((_, claim, next)) => {
                    s = next;
                    turn.plans.push(claim);
                }
                None => break,
            }
        }
        turn
    }

    fn best_build(
        &mut self,
        odds: &[f32; 19],
        ctx: &TurnContext<'_>,
        base: &Sheet,
        others: &[u8],
        solo: bool,
    ) -> Play {
        let mut best: Option<(f32, Build)> = None;
        let mut ties = 0u32;
        let placements = std::mem::take(&mut self.placements);
        for p in &placements {
            let choices: &[Option<Choice>] = match ctx.choice_needed(base, p.house) {
                None => &[None],
                Some(kind) => match kind {
                    ChoiceKind::Truck => &[
                        Some(Choice::Truck(Side::Left)),
                        Some(Choice::Truck(Side::Right)),
                    ],
                },
            };
            for &choice in choices {
                let build = Build {
                    pick: p.pick,
                    house: p.house,
                    number: p.number,
                    choice,
                    effect: None,
                };
                let Ok(written) = ctx.apply_play(base, &Play::Build(build)) else {
                    continue;
                };
                ctx.effect_uses(&written, p.effect, p.house, &mut self.uses);
                let uses = std::mem::take(&mut self.uses);
                for u in std::iter::once(None).chain(uses.iter().copied().map(Some)) {
                    let b = Build { effect: u, ..build };
                    let Ok(s) = ctx.apply_play(base, &Play::Build(b)) else {
                        continue;
                    };
                    let v = evaluate_with(odds, ctx, &s, others, solo);
                    match &best {
                        Some((bv, _)) if v < *bv => {}
                        Some((bv, _)) if v == *bv => {
                            // Reservoir sampling keeps ties uniform and seeded.
                            ties += 1;
                            if self.rng.gen_range(0..=ties) == 0 {
                                best = Some((v, b));
                            }
                        }
                        _ => {
                            ties = 0;
                            best = Some((v, b));
                        }
                    }
                }
                self.uses = uses;
            }
        }
        self.placements = placements;
        match best {
            Some((_, b)) => Play::Build(b),
            None => Play::Refuse { pass: None },
        }
    }

    /// Expert refusal: pass a card at random (every card is equally useless this turn).
    fn worst_card(&mut self, _ctx: &TurnContext<'_>) -> u8 {
        self.rng.gen_range(0..3)
    }
}

impl Bot for GreedyBot {
    fn kind(&self) -> BotKind {
        BotKind::Greedy
    }

    fn choose(&mut self, view: &PlayerView) -> Turn {
        let others: Vec<u8> = view
            .sheets
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != view.seat)
            .map(|(_, s)| s.temps())
            .collect();
        let solo = view.options.mode == welcome_engine::Mode::Solo;
        self.turn(&view.context(), view.sheet(), &others, solo)
    }
}
