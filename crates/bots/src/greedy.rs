//! The greedy bot: drives the engine's `TurnMachine` through every placement, module choice
//! and use of its effect (and passing it), scores each resulting sheet with `evaluate`, keeps
//! the best, then validates every plan it can. A roundabout is built only when no number fits
//! without one.

use crate::{Bot, BotKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use welcome_engine::modules::{self, christmas, easter};
use welcome_engine::{
    Decision, Edition, Estate, Feature, HouseRef, Module, Need, PlanCondition, PlayerView, Score,
    Sheet, SheetLayout, Stage, Temps, Turn, TurnContext, TurnMachine,
};

/// Claims considered per plan: a sheet full of small estates can offer millions.
const MAX_CLAIMS: usize = 200;

pub struct GreedyBot {
    rng: ChaCha8Rng,
    /// Whether the evaluation sees the sheet's own features (eggs, cones, lights, and the
    /// plans about them); off only to measure what they are worth.
    features: bool,
    options: Vec<Decision>,
    uses: Vec<Decision>,
}

/// Heuristic value of a sheet: its score now plus what it keeps open for later.
pub fn evaluate(ctx: &TurnContext<'_>, sheet: &Sheet, others_temps: &[u8], solo: bool) -> f32 {
    evaluate_with(
        &number_odds(ctx.edition),
        ctx,
        sheet,
        others_temps,
        solo,
        true,
    )
}

/// `evaluate` with the deck's number odds computed once per turn.
fn evaluate_with(
    cum: &[f32; 19],
    ctx: &TurnContext<'_>,
    sheet: &Sheet,
    others_temps: &[u8],
    solo: bool,
    features: bool,
) -> f32 {
    // Ignoring features, a thematic sheet is scored as the classic sheet, whose streets and
    // tracks it shares (thematic checklist T2).
    let layout = if features {
        ctx.layout
    } else {
        ctx.edition.default_sheet()
    };
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
    v += plan_progress(ctx, sheet, features);
    if features {
        v += feature_potential(layout, sheet, cum);
    }
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

/// What a sheet's features promise beyond the points they score now: a one-step search
/// sees a thematic row only when it changes, so progress between its steps needs credit.
fn feature_potential(layout: &SheetLayout, sheet: &Sheet, cum: &[f32; 19]) -> f32 {
    let mut v = 0.0;
    for m in &layout.modules {
        match m {
            Module::Easter => {
                // Egg points rise in steps (6, 10, 14, 18 eggs): credit each egg on the way to
                // the next step, and eggs still collectable on empty houses at the odds that
                // a number with loops (0, 6, 8, 9, 10, 16) still fits there.
                let eggs = easter::total(layout, sheet);
                v += EGG
                    * (egg_curve(layout, f32::from(eggs)) - easter::points(layout, eggs) as f32);
                let ranges = sheet.ranges();
                let mut hope = 0.0;
                for h in sheet.all_houses() {
                    let printed = layout.eggs(h.street, h.house);
                    if printed == 0 || !sheet.is_empty(h) {
                        continue;
                    }
                    if let Some((lo, hi)) = ranges[h.street as usize][h.house as usize] {
                        let loops = (lo..=hi).filter(|&n| layout.egg_loops_of(n) > 0).count();
                        let fits = cum[hi as usize + 1] - cum[lo as usize];
                        hope += f32::from(printed) * fits * loops as f32 / f32::from(hi - lo + 1);
                    }
                }
                let next =
                    egg_curve(layout, f32::from(eggs) + hope) - egg_curve(layout, f32::from(eggs));
                v += EGG_HOPE * next;
            }
            Module::Christmas => {
                // Only each street's longest string scores; shorter strings may join it.
                // The longest string grows when a house at one of its ends can still take
                // the same number or the next one (a bis copy or a consecutive number).
                let ranges = sheet.ranges();
                for s in 0..sheet.streets() {
                    let len = sheet.len(s);
                    let links = modules::feature_in(layout, sheet, Feature::Links, s, 0, len);
                    let longest = christmas::longest_string(sheet, s).saturating_sub(1);
                    v += LINK * f32::from(links - longest);
                    let Some((first, last)) = longest_string_ends(sheet, s) else {
                        continue;
                    };
                    let odds = |i: u8, lo_n: u8, hi_n: u8| -> f32 {
                        match ranges[s as usize][i as usize] {
                            Some((lo, hi)) if sheet.is_empty(HouseRef::new(s, i)) => {
                                let (a, b) = (lo.max(lo_n), hi.min(hi_n));
                                if a > b {
                                    0.0
                                } else {
                                    cum[b as usize + 1] - cum[a as usize]
                                }
                            }
                            _ => 0.0,
                        }
                    };
                    let mut grow = 0.0;
                    if first > 0 {
                        if let Some(n) = sheet.number(HouseRef::new(s, first)) {
                            grow += odds(first - 1, n.saturating_sub(1), n);
                        }
                    }
                    if last + 1 < len {
                        if let Some(n) = sheet.number(HouseRef::new(s, last)) {
                            grow += odds(last + 1, n, n + 1);
                        }
                    }
                    v += LINK_END * grow;
                }
            }
            Module::Roundabouts | Module::IceCream => {}
        }
    }
    v
}

/// First and last house of street `s`'s longest string (the leftmost when several tie).
fn longest_string_ends(sheet: &Sheet, s: u8) -> Option<(u8, u8)> {
    let mut best: Option<(u8, u8)> = None;
    let mut start = None;
    for k in 0..sheet.len(s).saturating_sub(1) {
        if christmas::linked(sheet, s, k) {
            let from = *start.get_or_insert(k);
            if best.is_none_or(|(a, b)| k + 1 - from > b - a) {
                best = Some((from, k + 1));
            }
        } else {
            start = None;
        }
    }
    best
}

/// Egg points with the steps smoothed: linear between the sheet's thresholds.
fn egg_curve(layout: &SheetLayout, eggs: f32) -> f32 {
    let mut prev = (0.0, 0.0);
    for t in &layout.egg_points {
        let at = (f32::from(t.at_least), t.points as f32);
        if eggs < at.0 {
            let span = (at.0 - prev.0).max(1.0);
            return prev.1 + (at.1 - prev.1) * (eggs - prev.0) / span;
        }
        prev = at;
    }
    prev.1
}

const EGG: f32 = 1.5;
const EGG_HOPE: f32 = 1.0;
const LINK: f32 = 0.5;
const LINK_END: f32 = 8.0;

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

/// Partial credit for plans not yet scored: for estate plans the share of their estates
/// already built and unused (holding the feature the plan asks for, if any); for a sheet's
/// feature plans the share of the feature already done in the best street.
fn plan_progress(ctx: &TurnContext<'_>, sheet: &Sheet, features: bool) -> f32 {
    let layout = ctx.layout;
    let mut v = 0.0;
    for (slot, p) in ctx.plans.iter().enumerate() {
        if sheet.plan_scores()[slot].is_some() {
            continue;
        }
        let Some(card) = ctx.edition.plan(p.card) else {
            continue;
        };
        let share = match &card.condition {
            PlanCondition::Estates(sizes) => estate_share(sheet, sizes, |_| true),
            PlanCondition::EstatesWith {
                sizes,
                feature,
                need,
            } => estate_share(sheet, sizes, |e| {
                if !features {
                    return true;
                }
                let have = modules::feature_in(layout, sheet, *feature, e.street, e.start, e.len);
                match need {
                    Need::None => have == 0,
                    Need::AtLeast(k) => have >= *k,
                    Need::All => have + 1 >= e.len,
                }
            }),
            PlanCondition::FeatureComplete { .. } if !features => continue,
            PlanCondition::FeatureComplete { feature, street } => (0..sheet.streets())
                .filter(|&s| street.is_none_or(|n| n == s + 1))
                .map(|s| feature_share(layout, sheet, *feature, s))
                .fold(0.0, f32::max),
            _ => continue,
        };
        let points = if p.approved { card.second } else { card.first };
        v += PLAN * f32::from(points) * share * share;
    }
    v
}

/// The share of `sizes` matched by distinct completed, unused estates that `fits` accepts.
fn estate_share(sheet: &Sheet, sizes: &[u8], fits: impl Fn(&Estate) -> bool) -> f32 {
    let mut have = [0u8; 8];
    sheet.for_each_run(|e, complete| {
        if complete && !e.used && (e.len as usize) < have.len() && fits(&e) {
            have[e.len as usize] += 1;
        }
    });
    let mut matched = 0;
    for &s in sizes {
        let s = (s as usize).min(have.len() - 1);
        if have[s] > 0 {
            have[s] -= 1;
            matched += 1;
        }
    }
    matched as f32 / sizes.len().max(1) as f32
}

/// How much of street `s`'s `feature` is done: eggs collected, cones circled, slots linked.
fn feature_share(layout: &SheetLayout, sheet: &Sheet, feature: Feature, s: u8) -> f32 {
    let len = sheet.len(s);
    let (done, all) = match feature {
        Feature::Eggs => (0..len).fold((0u32, 0u32), |(d, a), i| {
            let h = HouseRef::new(s, i);
            (
                d + u32::from(easter::collected(layout, sheet, h)),
                a + u32::from(layout.eggs(s, i)),
            )
        }),
        Feature::Cones => (0..len)
            .filter(|&i| layout.cone(s, i) > 0)
            .fold((0, 0), |(d, a), i| {
                (d + u32::from(sheet.is_marked(HouseRef::new(s, i))), a + 1)
            }),
        Feature::Links => (
            u32::from(modules::feature_in(
                layout,
                sheet,
                Feature::Links,
                s,
                0,
                len,
            )),
            u32::from(len.saturating_sub(1)),
        ),
    };
    if all == 0 {
        0.0
    } else {
        done as f32 / all as f32
    }
}

const PLAN: f32 = 0.8;

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            features: true,
            options: Vec::new(),
            uses: Vec::new(),
        }
    }

    /// A greedy bot that plays a thematic sheet as if it were the classic one: it scores
    /// sheets without the thematic rows and gives no credit to progress on feature plans.
    /// For measuring what valuing the features is worth.
    pub fn ignoring_features(seed: u64) -> GreedyBot {
        GreedyBot {
            features: false,
            ..GreedyBot::new(seed)
        }
    }

    /// The best turn by `evaluate` (ties broken at random), found by driving the engine's
    /// `TurnMachine` through every placement, module choice and effect use.
    pub fn turn(
        &mut self,
        ctx: &TurnContext<'_>,
        sheet: &Sheet,
        others: &[u8],
        solo: bool,
    ) -> Turn {
        let odds = number_odds(ctx.edition);
        let mut m = TurnMachine::new(*ctx, sheet);
        m.options(&mut self.options);
        let builds = |opts: &[Decision]| {
            opts.iter()
                .filter(|d| matches!(d, Decision::Build { .. }))
                .count()
        };
        if builds(&self.options) == 0 && ctx.advanced {
            // A roundabout may make a number fit; take the one that opens most placements.
            let mut best: Option<(usize, Decision)> = None;
            let mut after = Vec::new();
            for d in self.options.iter() {
                if !matches!(d, Decision::Roundabout(_)) {
                    continue;
                }
                let mut next = m.clone();
                if next.apply(d.clone()).is_ok() {
                    next.options(&mut after);
                    let n = builds(&after);
                    if n > 0 && best.as_ref().is_none_or(|(k, _)| n > *k) {
                        best = Some((n, d.clone()));
                    }
                }
            }
            if let Some((_, d)) = best {
                m.apply(d).expect("a listed roundabout");
            }
        }
        m.options(&mut self.options);
        if builds(&self.options) == 0 {
            let pass = ctx.passes_card.then(|| self.worst_card(ctx));
            m.apply(Decision::Refuse { pass })
                .expect("a refusal is legal");
        } else {
            m = self.best_build(&odds, &m, others, solo);
        }
        // Validate whatever plan can be validated, best evaluation first.
        loop {
            m.options_up_to(MAX_CLAIMS, &mut self.options);
            let mut best: Option<(f32, TurnMachine<'_>)> = None;
            for d in &self.options {
                if !matches!(d, Decision::Claim(_)) {
                    continue;
                }
                let mut next = m.clone();
                if next.apply(d.clone()).is_ok() {
                    let v = evaluate_with(&odds, ctx, next.sheet(), others, solo, self.features);
                    if best.as_ref().is_none_or(|(b, _)| v > *b) {
                        best = Some((v, next));
                    }
                }
            }
            match best {
                Some((_, next)) => m = next,
                None => break,
            }
        }
        m.apply(Decision::Stop { reshuffle: false })
            .expect("a turn can always stop");
        m.finish().expect("the turn is complete").0
    }

    /// The machine after the best placement, module choice and effect use (or pass).
    fn best_build<'a>(
        &mut self,
        odds: &[f32; 19],
        m: &TurnMachine<'a>,
        others: &[u8],
        solo: bool,
    ) -> TurnMachine<'a> {
        let ctx = m.context();
        let mut best: Option<(f32, TurnMachine<'a>)> = None;
        let mut ties = 0u32;
        let mut choices = Vec::new();
        let plays = std::mem::take(&mut self.options);
        for d in plays.iter().filter(|d| matches!(d, Decision::Build { .. })) {
            let mut placed = m.clone();
            if placed.apply(d.clone()).is_err() {
                continue;
            }
            // The module choice the number asks for (the Ice Cream truck), each in turn.
            let chosen: Vec<TurnMachine<'a>> = if let Stage::Choice { .. } = placed.stage() {
                placed.options(&mut choices);
                choices
                    .iter()
                    .filter_map(|c| {
                        let mut next = placed.clone();
                        next.apply(c.clone()).ok().map(|()| next)
                    })
                    .collect()
            } else {
                vec![placed]
            };
            for written in chosen {
                // Passing the effect first, then every use of it.
                written.options(&mut self.uses);
                for u in &self.uses {
                    let mut next = written.clone();
                    if next.apply(u.clone()).is_err() {
                        continue;
                    }
                    let v = evaluate_with(odds, ctx, next.sheet(), others, solo, self.features);
                    match &best {
                        Some((bv, _)) if v < *bv => {}
                        Some((bv, _)) if v == *bv => {
                            // Reservoir sampling keeps ties uniform and seeded.
                            ties += 1;
                            if self.rng.gen_range(0..=ties) == 0 {
                                best = Some((v, next));
                            }
                        }
                        _ => {
                            ties = 0;
                            best = Some((v, next));
                        }
                    }
                }
            }
        }
        self.options = plays;
        best.map(|(_, m)| m).unwrap_or_else(|| m.clone())
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
