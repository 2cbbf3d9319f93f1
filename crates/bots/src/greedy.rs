//! The greedy bot: drives the engine's `TurnMachine` through every placement, module choice
//! and use of its effect (and passing it), scores each resulting sheet with `evaluate`, keeps
//! the best, then validates every plan it can. A roundabout is built only when no number fits
//! without one.

use crate::weights::Weights;
use crate::{Bot, BotKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cell::Cell;
use std::collections::HashMap;
use welcome_engine::modules::{
    self, american_dream, atomic, christmas, easter, halloween, ice_cream, roswell, zombies,
};
use welcome_engine::number;
use welcome_engine::sheet::{MAX_ESTATE, MAX_HOUSES, MAX_STREETS};
use welcome_engine::{
    BasePoints, Decision, Edition, Estate, Feature, HouseRef, Module, Need, PlanCard,
    PlanCondition, Play, PlayerView, Score, Sheet, SheetLayout, Stage, StreetKey, Temps, TracksKey,
    Treat, Turn, TurnContext, TurnMachine,
};

/// Claims considered per plan: a sheet full of small estates can offer millions.
const MAX_CLAIMS: usize = 200;

pub struct GreedyBot {
    rng: ChaCha8Rng,
    /// Whether the evaluation sees the sheet's own features (eggs, cones, lights, and the
    /// plans about them); off only to measure what they are worth.
    features: bool,
    options: Vec<Decision>,
    /// Street terms of the sheets seen this turn.
    cache: StreetCache,
    /// The deck holds the collector edition's 9¾ cards (`deal_of`): the odds count them.
    nine_three_quarters: bool,
    /// The evaluation's weights.
    weights: Weights,
    /// Rounds still to be dealt after this one, when the game's length is known (`clock`).
    rounds_after: Option<u16>,
}

/// Heuristic value of a sheet: its score now plus what it keeps open for later.
pub fn evaluate(ctx: &TurnContext<'_>, sheet: &Sheet, others_temps: &[u8], solo: bool) -> f32 {
    evaluate_weighted(ctx, sheet, others_temps, solo, &Weights::GREEDY, None)
}

/// `evaluate` with other weights, `rounds_after` rounds still to come (`GreedyBot::clock`).
pub(crate) fn evaluate_weighted(
    ctx: &TurnContext<'_>,
    sheet: &Sheet,
    others_temps: &[u8],
    solo: bool,
    w: &Weights,
    rounds_after: Option<u16>,
) -> f32 {
    let mut table = others_temps.to_vec();
    table.push(0);
    let e = Eval::new(ctx, solo, true, false, w)
        .with_rounds_after(rounds_after)
        .with_needs(sheet);
    evaluate_with(&e, sheet, &mut table, &mut StreetCache::default(), None)
}

/// What stays the same for every candidate of a turn: worked out once per turn.
struct Eval<'a> {
    ctx: &'a TurnContext<'a>,
    /// The layout scored: the table's, or the classic one when ignoring features.
    layout: &'a SheetLayout,
    /// The deck's number odds (`number_odds`).
    cum: [f32; 19],
    /// The share of the deck's cards numbered 7¾ … 11¾ (only 9¾ cards exist; all 0 without
    /// them).
    quarters: [f32; QUARTERS],
    /// The City Plan cards on the table.
    cards: [Option<&'a PlanCard>; 3],
    /// The plans on the table whose credit reads the unused estates alone (`EstatePlan`),
    /// read without their cards.
    estate_plans: [Option<EstatePlan>; 3],
    /// Every plan's credit depends on the completed unused estates alone (or is none): then
    /// the last credit worked out, by estates and plans scored, serves the next candidate
    /// with the same (most candidates complete no estate).
    plans_by_estates: bool,
    last_plans: Cell<Option<PlansCredit>>,
    /// The layout has rule modules, which may score (`Score::modules_total`).
    modules: bool,
    solo: bool,
    features: bool,
    w: &'a Weights,
    /// What an unfinished estate of each size is worth to the unscored estate plans, per
    /// share of its houses numbered (`Weights::segment`; index: the size).
    need: [f32; 8],
    /// The credit for real-estate upgrades, per estate size and boxes crossed.
    re_gain: [[f32; RE_BOXES]; MAX_ESTATE],
    /// The turn's own sheet, street by street: its key and terms. Most candidates change one
    /// street, so the others are found here without hashing.
    base: [Option<(StreetKey, StreetTerms)>; MAX_STREETS],
    /// The house terms of the turn's own streets, for the candidates that only add a fence.
    base_houses: [Option<HouseTerms>; MAX_STREETS],
    /// The modules the evaluation has terms for beyond the streets', looked up once.
    easter: bool,
    halloween: bool,
    roswell: bool,
    zombies: bool,
    /// What the sheet keeps open counts this much (`Weights::urgency`): 1 but near the end
    /// of a game of known length.
    hope: f32,
}

/// An estate plan's sizes and its credit per estate matched (`plan_credit`), worked out once
/// instead of a division per candidate, and held in the bot's own memory (the cards are read
/// from the edition's).
#[derive(Clone, Copy)]
struct EstatePlan {
    sizes: [u8; ESTATE_PLAN_SIZES],
    len: usize,
    credit: [f32; ESTATE_PLAN_SIZES + 1],
    /// The plan's points now.
    points: f32,
}

/// Most estates an estate plan asks for that `EstatePlan` holds (the cards ask for up to 4);
/// plans with more are read from their cards.
const ESTATE_PLAN_SIZES: usize = 8;

impl EstatePlan {
    fn new(sizes: &[u8], points: u8, w: &Weights) -> Option<EstatePlan> {
        let len = sizes.len();
        (len <= ESTATE_PLAN_SIZES).then(|| {
            let mut plan = EstatePlan {
                sizes: [0; ESTATE_PLAN_SIZES],
                len,
                credit: [0.0; ESTATE_PLAN_SIZES + 1],
                points: f32::from(points),
            };
            plan.sizes[..len].copy_from_slice(sizes);
            for (m, c) in plan.credit.iter_mut().enumerate().take(len + 1) {
                *c = plan_credit(w, points, share(m, len));
            }
            plan
        })
    }

    fn sizes(&self) -> &[u8] {
        &self.sizes[..self.len]
    }
}

/// The terms of `evaluate_with` that read only what `Sheet::tracks_key` holds (the layout,
/// the weights and the table's temps being the turn's).
#[derive(Clone, Copy)]
struct Tracks {
    base: BasePoints,
    /// The credit for each real-estate column's upgrades (`Eval::re_gain`), by size.
    re_gain: [f32; MAX_ESTATE],
    re_sizes: usize,
    temps: f32,
    refusals: f32,
}

impl Tracks {
    fn of(e: &Eval<'_>, sheet: &Sheet, temps: Temps<'_>) -> Tracks {
        let layout = e.layout;
        let re_sizes = layout.real_estate.len().min(MAX_ESTATE);
        let mut re_gain = [0.0; MAX_ESTATE];
        for size in 1..=re_sizes {
            re_gain[size - 1] =
                e.re_gain[size - 1][(sheet.real_estate(size) as usize).min(RE_BOXES - 1)];
        }
        Tracks {
            base: BasePoints::of(layout, sheet, temps),
            re_gain,
            re_sizes,
            temps: if e.solo {
                e.w.temps_solo * f32::from(sheet.temps().min(layout.solo_temps.at_least))
            } else {
                e.w.temps * f32::from(sheet.temps().min(8))
            },
            refusals: e.w.refusal * f32::from(sheet.refusals()),
        }
    }
}

/// The plan credit of a sheet's completed unused estates (packed as `StreetTerms::unused`)
/// and plan scores: `plan_progress` when it reads nothing else.
type PlansCredit = (u64, [Option<u8>; 3], f32);

/// Boxes of a real-estate column the gain table covers (the track's value stays at its last
/// box beyond).
const RE_BOXES: usize = 16;

impl<'a> Eval<'a> {
    fn new(
        ctx: &'a TurnContext<'a>,
        solo: bool,
        features: bool,
        nine_three_quarters: bool,
        w: &'a Weights,
    ) -> Eval<'a> {
        let (cum, quarters) = number_odds(ctx.edition, nine_three_quarters);
        let cards = ctx.plans.map(|p| ctx.edition.plan(p.card));
        let layout = if features {
            ctx.layout
        } else {
            ctx.edition.default_sheet()
        };
        let re_gain = std::array::from_fn(|size| {
            let track = layout.real_estate.get(size);
            std::array::from_fn(|boxes| {
                track.map_or(0.0, |t| {
                    w.real_estate * (t.value(boxes as u8) - t.value(0)) as f32
                })
            })
        });
        Eval {
            ctx,
            // Ignoring features, a thematic sheet is scored as the classic sheet, whose
            // streets and tracks it shares (thematic checklist T2).
            layout: if features {
                ctx.layout
            } else {
                ctx.edition.default_sheet()
            },
            cum,
            quarters,
            cards,
            plans_by_estates: cards.iter().flatten().all(|card| match &card.condition {
                PlanCondition::EstatesWith { .. } | PlanCondition::FeatureComplete { .. } => {
                    !features
                }
                _ => true,
            }),
            last_plans: Cell::new(None),
            modules: !layout.modules.is_empty(),
            estate_plans: std::array::from_fn(|slot| {
                let card = cards[slot]?;
                let sizes = match &card.condition {
                    PlanCondition::Estates(sizes) => sizes,
                    PlanCondition::EstatesWith { sizes, .. } if !features => sizes,
                    _ => return None,
                };
                let p = ctx.plans[slot];
                let points = if p.approved { card.second } else { card.first };
                EstatePlan::new(sizes, points, w)
            }),
            solo,
            features,
            w,
            need: [0.0; 8],
            re_gain,
            base: [None; MAX_STREETS],
            base_houses: [None; MAX_STREETS],
            easter: features && layout.has(Module::Easter),
            halloween: layout.has(Module::Halloween),
            roswell: layout.has(Module::Roswell),
            zombies: layout.has(Module::Zombies),
            hope: 1.0,
        }
    }

    /// With `rounds_after` rounds still to come after the turn (`None`: not known), what the
    /// sheet keeps open counts in proportion to them below `Weights::urgency`.
    fn with_rounds_after(mut self, rounds_after: Option<u16>) -> Eval<'a> {
        if let (true, Some(r)) = (self.w.urgency > 0.0, rounds_after) {
            self.hope = (f32::from(r) / self.w.urgency).min(1.0);
        }
        self
    }

    /// What an unfinished estate is worth to the plans `sheet` has not scored yet (`need`).
    fn with_needs(mut self, sheet: &Sheet) -> Eval<'a> {
        if self.w.segment == 0.0 {
            return self;
        }
        let scores = sheet.plan_scores();
        for (slot, plan) in self.estate_plans.iter().enumerate() {
            let Some(plan) = plan.filter(|_| scores[slot].is_none()) else {
                continue;
            };
            let each = self.w.segment * plan.points / plan.len.max(1) as f32;
            for &size in plan.sizes() {
                if let Some(n) = self.need.get_mut(size as usize) {
                    *n += each;
                }
            }
        }
        self
    }

    /// Keeps the terms of `sheet`'s streets, the sheet every candidate of the turn starts from.
    fn with_base(mut self, sheet: &Sheet) -> Eval<'a> {
        self = self.with_needs(sheet);
        for st in 0..sheet.streets() {
            let houses = house_terms(sheet, st, self.odds());
            let t = street_terms_from(self.layout, sheet, st, self.odds(), self.features, &houses);
            self.base[st as usize] = Some((sheet.street_key(st), t));
            self.base_houses[st as usize] = Some(houses);
        }
        self
    }

    fn odds(&self) -> Odds<'_> {
        Odds {
            cum: &self.cum,
            quarters: &self.quarters,
            any: self.quarters.iter().any(|&q| q > 0.0),
            w: self.w,
            need: &self.need,
        }
    }
}

/// The deck's number odds as `street_terms` reads them.
#[derive(Clone, Copy)]
struct Odds<'a> {
    cum: &'a [f32; 19],
    quarters: &'a [f32; QUARTERS],
    /// Some card of the deck is a ¾ one.
    any: bool,
    w: &'a Weights,
    need: &'a [f32; 8],
}

/// The ¾ numbers: 7¾ … 11¾.
const QUARTERS: usize = (number::LAST_QUARTER - number::FIRST_QUARTER + 1) as usize;

impl Odds<'_> {
    /// The share of the deck numbered with a ¾ number inside the rank range `ranks`.
    fn quarters_in(&self, ranks: Option<(u8, u8)>) -> f32 {
        let Some(range) = ranks.filter(|_| self.any) else {
            return 0.0;
        };
        let mut share = 0.0;
        for (k, &q) in self.quarters.iter().enumerate() {
            let code = number::quarter(number::FIRST_QUARTER + k as u8);
            if q > 0.0 && code.is_some_and(|v| number::fits(range, v)) {
                share += q;
            }
        }
        share
    }
}

/// The street terms of a sheet every candidate of a placement starts from (its number
/// written, its effect not yet used), street by street: a candidate changes at most one of
/// its streets, so the others are found here without hashing.
struct Parent {
    streets: [Option<(StreetKey, StreetTerms)>; MAX_STREETS],
    /// Its house terms where a candidate needed them (one that only adds a fence).
    houses: [Option<HouseTerms>; MAX_STREETS],
    /// The street it changed (the last one, if several), and the terms of that street with
    /// one fence more, by slot: what its Surveyor candidates need, found without hashing.
    fenced_street: Option<u8>,
    fenced: [Option<StreetTerms>; MAX_HOUSES],
}

impl Eval<'_> {
    /// Street `st`'s terms: the parent's or the turn's own sheet's when the street is theirs,
    /// else from the cache (worked out on a miss, `cached_terms`). The parent's terms were
    /// read the same way, so the order of the first two looks changes nothing.
    #[inline(always)]
    fn terms(
        &self,
        sheet: &Sheet,
        st: u8,
        parent: Option<&mut Parent>,
        cache: &mut StreetCache,
    ) -> StreetTerms {
        let i = st as usize;
        let key = sheet.street_key(st);
        if let Some(Some((k, t))) = parent.as_ref().map(|p| &p.streets[i]) {
            if *k == key {
                return *t;
            }
        }
        match &self.base[i] {
            Some((k, t)) if *k == key => *t,
            _ => self.cached_terms(sheet, st, key, parent, cache),
        }
    }

    /// `terms` from the cache, worked out on a miss from the parent's or the turn's house
    /// terms when the street has the same houses. Out of line: most streets are the parent's.
    #[inline(never)]
    fn cached_terms(
        &self,
        sheet: &Sheet,
        st: u8,
        key: StreetKey,
        parent: Option<&mut Parent>,
        cache: &mut StreetCache,
    ) -> StreetTerms {
        let i = st as usize;
        let odds = self.odds();
        // The turn's street or the parent's with a fence more: by slot.
        if let (Some((k, _)), Some(h)) = (&self.base[i], &self.base_houses[i]) {
            if let Some(f) = key.one_fence_more(k) {
                return *cache.fenced[i][f as usize].get_or_insert_with(|| {
                    street_terms_from(self.layout, sheet, st, odds, self.features, h)
                });
            }
        }
        let mut parent = parent;
        if let Some(p) = parent
            .as_deref_mut()
            .filter(|p| p.fenced_street == Some(st))
        {
            if let Some(f) = p.streets[i].and_then(|(k, _)| key.one_fence_more(&k)) {
                if let Some(t) = p.fenced[f as usize] {
                    return t;
                }
                let h = *p.houses[i].get_or_insert_with(|| house_terms(sheet, st, odds));
                let t = street_terms_from(self.layout, sheet, st, odds, self.features, &h);
                p.fenced[f as usize] = Some(t);
                return t;
            }
        }
        if let Some(t) = cache.map.get(&key) {
            return *t;
        }
        let houses = match (&self.base[i], &self.base_houses[i], parent) {
            (Some((k, _)), Some(h), _) if k.same_houses(&key) => *h,
            (_, _, Some(p)) if p.streets[i].is_some_and(|(k, _)| k.same_houses(&key)) => {
                *p.houses[i].get_or_insert_with(|| house_terms(sheet, st, odds))
            }
            _ => house_terms(sheet, st, odds),
        };
        let t = street_terms_from(self.layout, sheet, st, odds, self.features, &houses);
        if cache.map.len() < CACHE_LIMIT {
            cache.map.insert(key, t);
        }
        t
    }

    /// The parent level of `sheet`'s candidates (see `Parent`).
    fn parent(&self, sheet: &Sheet, cache: &mut StreetCache) -> Parent {
        let mut p = Parent {
            streets: [None; MAX_STREETS],
            houses: [None; MAX_STREETS],
            fenced_street: None,
            fenced: [None; MAX_HOUSES],
        };
        for st in 0..sheet.streets() {
            let key = sheet.street_key(st);
            p.streets[st as usize] = Some((key, self.terms(sheet, st, None, cache)));
            if self.base[st as usize].is_none_or(|(k, _)| k != key) {
                p.fenced_street = Some(st);
            }
        }
        p
    }
}

/// `evaluate` with what a turn shares worked out once (`Eval`). `table` holds the other
/// seats' temps and a last slot for this sheet's, filled here: no allocation per candidate.
/// `parent`, when given, holds the terms of the sheet the candidate was made from.
fn evaluate_with(
    e: &Eval<'_>,
    sheet: &Sheet,
    table: &mut [u8],
    cache: &mut StreetCache,
    mut parent: Option<&mut Parent>,
) -> f32 {
    let (layout, solo) = (e.layout, e.solo);
    if let Some(last) = table.last_mut() {
        *last = sheet.temps();
    }
    let temps = if solo {
        Temps::Solo
    } else {
        Temps::Ranked(table)
    };
    let mut terms = [StreetTerms::default(); MAX_STREETS];
    // Byte lanes: no lane can carry into the next (at most 16 estates a street).
    let (mut estates, mut unused) = (0u64, 0u64);
    for st in 0..sheet.streets() {
        let t = e.terms(sheet, st, parent.as_deref_mut(), cache);
        estates += t.estates;
        unused += t.unused;
        terms[st as usize] = t;
    }
    let estates = estates.to_le_bytes();
    let estates: [u8; MAX_ESTATE] = std::array::from_fn(|i| estates[i]);
    let tracks = cache.tracks(e, sheet, temps);
    let mut score = tracks.base.with_estates(estates);
    if e.modules {
        score += Score::modules_total(layout, sheet, temps);
    }
    debug_assert_eq!(
        score,
        Score::total_with_estates(layout, sheet, temps, estates)
    );
    let plans = if e.plans_by_estates {
        let key = (unused, sheet.plan_scores());
        match e.last_plans.get() {
            Some((u, p, v)) if (u, p) == key => v,
            _ => {
                let packed = key
                    .1
                    .iter()
                    .fold(0u32, |w, p| w << 9 | p.map_or(0, |x| 0x100 | u32::from(x)));
                let v = *cache
                    .plans
                    .entry((key.0, packed))
                    .or_insert_with(|| plan_progress(e, sheet, unused));
                e.last_plans.set(Some((key.0, key.1, v)));
                v
            }
        }
    } else {
        plan_progress(e, sheet, unused)
    };
    // The score first, then the street terms in street order. Every term but the score is
    // times `hope`, which is exactly 1 unless the end of the game is near. Each term is
    // multiplied on its own rather than their sum once: float addition does not associate, so
    // only this order gives, with `hope` 1, the very sums of the weights without `urgency`
    // (the greedy bot's games and the golden records stay the same to the bit).
    let hope = e.hope;
    let mut v = score as f32;
    let mut egg_hope = 0.0;
    for t in &terms[..sheet.streets() as usize] {
        v += hope * t.value;
        egg_hope += t.egg_hope;
    }
    v += hope * plans;
    if e.easter {
        // Egg points rise in steps (6, 10, 14, 18 eggs): credit each egg on the way to the
        // next step, and the eggs still collectable (`egg_hope`).
        let eggs = f32::from(easter::total(layout, sheet));
        v += hope * (EGG * (egg_curve(layout, eggs) - easter::points(layout, eggs as u8) as f32));
        v += hope * (EGG_HOPE * (egg_curve(layout, eggs + egg_hope) - egg_curve(layout, eggs)));
    }
    if e.halloween {
        // Circled ghosts and candies lead to tiers while one of their kind is still to claim.
        for treat in [Treat::Ghost, Treat::Candy] {
            if !halloween::claimed(sheet, treat) {
                v += hope * (TREAT * f32::from(halloween::count(layout, sheet, treat).min(9)));
            }
        }
    }
    if e.roswell {
        v += hope * infiltration_hope(layout, sheet);
    }
    if e.zombies {
        v += hope * zombie_guard(layout, sheet);
    }
    // Real-estate upgrades pay off on estates still to come.
    for gain in &tracks.re_gain[..tracks.re_sizes] {
        v += hope * *gain;
    }
    if e.w.park != 0.0 {
        v += hope * park_hope(e, sheet);
    }
    v += hope * tracks.temps;
    v -= hope * tracks.refusals;
    v
}

/// What the streets' park tracks still promise (`Weights::park`): a track's points still to
/// come when full, times the square of the share crossed, for a street with empty houses
/// enough for its parks left.
fn park_hope(e: &Eval<'_>, sheet: &Sheet) -> f32 {
    let mut v = 0.0;
    for s in 0..sheet.streets() {
        let track = &e.layout.streets[s as usize].parks;
        let (boxes, crossed) = (track.boxes(), sheet.parks(s));
        if crossed == 0 || crossed >= boxes {
            continue;
        }
        if (sheet.street_masks(s).empty.count_ones() as u8) < boxes - crossed {
            continue;
        }
        let share = f32::from(crossed) / f32::from(boxes);
        v += (track.value(boxes) - track.value(crossed)) as f32 * share * share;
    }
    e.w.park * v
}

/// The evaluation's terms that depend on one street alone (its houses and fences), so they
/// can be cached per street: most candidates of a turn change one street and leave the others
/// as they were.
#[derive(Clone, Copy, Default)]
struct StreetTerms {
    value: f32,
    /// Completed estates per size, byte i for size i + 1 (for the score): packed, so that a
    /// sheet's streets add up in one addition.
    estates: u64,
    /// Completed estates of up to 7 houses not used for a plan, byte n for size n (for
    /// estate plans), packed as `estates`.
    unused: u64,
    /// Easter: eggs still collectable in the street, weighted by the odds a number with loops
    /// still fits their house (combined across streets, since egg points are per sheet).
    egg_hope: f32,
}

/// Street terms by street contents, kept for one turn.
#[derive(Default)]
struct StreetCache {
    /// By key (a fixed-seed fast hash: the keys are the bot's own sheets, and a seeded hash
    /// would make nothing more reproducible).
    map: HashMap<StreetKey, StreetTerms, foldhash::fast::FixedState>,
    /// The turn's own streets with one fence more, by street and slot: most Surveyor
    /// candidates' (never in `map`).
    fenced: [[Option<StreetTerms>; MAX_HOUSES]; MAX_STREETS],
    /// The terms that read a sheet's tracks alone, by `TracksKey` (up to `TRACKS_KEPT`), and
    /// the last ones looked up: a turn's candidates have a few keys (one per effect use that
    /// crosses a box, the same for every placement), and most share the one before's. A few
    /// keys are found faster in a list than by hashing.
    tracks: Vec<(TracksKey, Tracks)>,
    last_tracks: Option<(TracksKey, Tracks)>,
    /// Plan credits by completed unused estates and plan scores, when they read nothing else
    /// (`Eval::plans_by_estates`; the last one is `Eval::last_plans`). The plan scores are
    /// packed in a word: an array of options hashes byte by byte.
    plans: HashMap<(u64, u32), f32, foldhash::fast::FixedState>,
}

impl StreetCache {
    fn clear(&mut self) {
        self.map.clear();
        self.fenced = Default::default();
        self.tracks.clear();
        self.last_tracks = None;
        self.plans.clear();
    }

    /// `Tracks::of` `sheet`, from the cache when another sheet of the turn had its key.
    #[inline]
    fn tracks(&mut self, e: &Eval<'_>, sheet: &Sheet, temps: Temps<'_>) -> Tracks {
        let key = sheet.tracks_key();
        match self.last_tracks {
            Some((k, t)) if k == key => t,
            _ => {
                let t = match self.tracks.iter().find(|(k, _)| *k == key) {
                    Some((_, t)) => *t,
                    None => {
                        let t = Tracks::of(e, sheet, temps);
                        if self.tracks.len() < TRACKS_KEPT {
                            self.tracks.push((key, t));
                        }
                        t
                    }
                };
                self.last_tracks = Some((key, t));
                t
            }
        }
    }
}

/// Most street evaluations kept per turn (a turn sees a few hundred).
const CACHE_LIMIT: usize = 4096;

/// Most `Tracks` kept per turn (a turn has about a dozen keys).
const TRACKS_KEPT: usize = 24;

/// American Dream: the value of a normal house on its way to a complete column (a perfect one
/// counts three times).
const DREAM_HOUSE: f32 = 0.5;

/// What a street's houses alone are worth (its numbers and copies, not its fences): the
/// odds that its empty houses still take a number. A fence leaves them as they were, so a
/// candidate that only draws one starts from its parent's (`street_terms_from`).
#[derive(Clone, Copy)]
struct HouseTerms {
    /// The street's value so far: the first of its terms, summed in house order.
    value: f32,
    /// The whole numbers each empty house can take.
    ranges: [Option<(u8, u8)>; MAX_HOUSES],
}

fn house_terms(sheet: &Sheet, s: u8, odds: Odds<'_>) -> HouseTerms {
    let (cum, w) = (odds.cum, odds.w);
    let mut h = HouseTerms {
        value: 0.0,
        ranges: [None; MAX_HOUSES],
    };
    let ranks = sheet.street_ranks(s as usize);
    // An empty house is worth the chance that a drawn number still fits it: houses that can no
    // longer take a number are lost estates and future refusals. With the 9¾ cards, a house
    // between 9 and 10 can still take one.
    let mut empty = sheet.empty_mask(s);
    while empty != 0 {
        let i = empty.trailing_zeros() as usize;
        empty &= empty - 1;
        let range = ranks[i].and_then(|(lo, hi)| number::whole_range(lo, hi));
        h.ranges[i] = range;
        let quarters = odds.quarters_in(ranks[i]);
        if w.pool_open != 0.0 && sheet.has_planned_pool(HouseRef::new(s, i as u8)) {
            if let Some((lo, hi)) = range {
                h.value += w.pool_open * (cum[hi as usize + 1] - cum[lo as usize]);
            }
        }
        match range {
            None if quarters > 0.0 => h.value += w.open * quarters,
            None => h.value -= w.dead,
            Some((lo, hi)) => {
                h.value += w.open * (cum[hi as usize + 1] - cum[lo as usize]);
                if quarters > 0.0 {
                    h.value += w.open * quarters;
                }
            }
        }
    }
    h
}

#[cfg(test)]
fn street_terms(
    layout: &SheetLayout,
    sheet: &Sheet,
    s: u8,
    odds: Odds<'_>,
    features: bool,
) -> StreetTerms {
    let houses = house_terms(sheet, s, odds);
    street_terms_from(layout, sheet, s, odds, features, &houses)
}

/// Street `s`'s terms from its `houses` terms (`house_terms` of a sheet with the same houses
/// and copies in that street).
fn street_terms_from(
    layout: &SheetLayout,
    sheet: &Sheet,
    s: u8,
    odds: Odds<'_>,
    features: bool,
    houses: &HouseTerms,
) -> StreetTerms {
    let cum = odds.cum;
    let ranges = houses.ranges;
    let mut t = StreetTerms {
        value: houses.value,
        ..StreetTerms::default()
    };
    sheet.for_each_run_in(s, |e, complete| {
        if complete && (e.len as usize) <= MAX_ESTATE {
            t.estates += 1 << (8 * (e.len - 1));
        }
        if complete && !e.used && e.len < 8 {
            t.unused += 1 << (8 * e.len);
        }
        if e.len > 6 {
            t.value -= odds.w.long_estate * f32::from(e.len - 6);
        } else if !complete {
            let filled = filled(sheet, &e);
            t.value += odds.w.filled * filled;
            let need = odds.need[e.len as usize];
            if need > 0.0 {
                t.value += need * filled / f32::from(e.len);
            }
        }
    });
    if !features {
        return t;
    }
    for m in &layout.modules {
        match m {
            Module::Easter => {
                // Eggs on empty houses, at the odds that a number with loops (0, 6, 8, 9, 10,
                // 16) still fits there.
                for i in 0..sheet.len(s) {
                    let printed = layout.eggs(s, i);
                    if printed == 0 || !sheet.is_empty(HouseRef::new(s, i)) {
                        continue;
                    }
                    if let Some((lo, hi)) = ranges[i as usize] {
                        let loops = (lo..=hi).filter(|&n| layout.egg_loops_of(n) > 0).count();
                        let fits = cum[hi as usize + 1] - cum[lo as usize];
                        t.egg_hope +=
                            f32::from(printed) * fits * loops as f32 / f32::from(hi - lo + 1);
                    }
                }
            }
            Module::Christmas => {
                // Only the longest string scores; shorter strings may join it. The longest
                // string grows when a house at one of its ends can still take the same number
                // or the next one (a bis copy or a consecutive number).
                let len = sheet.len(s);
                let links = modules::feature_in(layout, sheet, Feature::Links, s, 0, len);
                let longest = christmas::longest_string(sheet, s).saturating_sub(1);
                t.value += LINK * f32::from(links - longest);
                let Some((first, last)) = longest_string_ends(sheet, s) else {
                    continue;
                };
                let odds = |i: u8, lo_n: u8, hi_n: u8| -> f32 {
                    match ranges[i as usize] {
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
                // The whole numbers that link: before n, n − 1 or n; after it, n or n + 1;
                // before n¾, n − 1 or n; after it, n + 1 (collector expansions §11.3).
                if first > 0 {
                    if let Some(n) = sheet.number(HouseRef::new(s, first)) {
                        let n = number::floor(n);
                        grow += odds(first - 1, n.saturating_sub(1), n);
                    }
                }
                if last + 1 < len {
                    if let Some(n) = sheet.number(HouseRef::new(s, last)) {
                        let lo = number::floor(n) + u8::from(number::is_quarter(n));
                        grow += odds(last + 1, lo, number::floor(n) + 1);
                    }
                }
                t.value += LINK_END * grow;
            }
            Module::Atomic => {
                // The street bonus goes to the highest capacity: high numbers in shelters help
                // (the optimism bonus pulls the other way, but is worth less than two streets).
                t.value += SHELTER * f32::from(atomic::capacity(layout, sheet, s));
            }
            Module::AmericanDream => {
                // Columns score only once complete: meanwhile each numbered house is on its
                // way to its column's points, a perfect house three times as much.
                let numbered = sheet.numbered_mask(s);
                let perfect = sheet.marks_in(s) & numbered;
                t.value += DREAM_HOUSE
                    * (numbered.count_ones() as f32 + 2.0 * perfect.count_ones() as f32);
            }
            Module::Roundabouts
            | Module::IceCream
            | Module::Halloween
            | Module::Roswell
            | Module::CoinCoin
            | Module::Zombies => {}
        }
    }
    t
}

/// Roswell: the infiltration row as if the objective will be met, for the estates already
/// infiltrated and those on the way (unfinished, of at most 6 houses, holding a circled saucer,
/// in proportion to the houses numbered), less what the row scores now.
fn infiltration_hope(layout: &SheetLayout, sheet: &Sheet) -> f32 {
    let Some(v) = &layout.roswell else {
        return 0.0;
    };
    let each = roswell::objective(layout, sheet).map_or(v.failure, |o| o.points) as f32;
    let mut hope = f32::from(roswell::infiltrated(layout, sheet));
    sheet.for_each_run(|e, complete| {
        if complete || e.len > v.max_estate {
            return;
        }
        if roswell::zoorgs_in(layout, sheet, e.street, e.start, e.len) == 0 {
            return;
        }
        hope += ZOORG * (0.5 + 0.5 * filled(sheet, &e) / f32::from(e.len));
    });
    INFILTRATION * (hope * each - roswell::points(layout, sheet) as f32)
}

/// Zombies: ammo in hand is worth a slowed horde later; a house a horde's next arrow ends at,
/// unbarricaded and not yet invaded, is at risk (its number erased, its estate broken).
fn zombie_guard(layout: &SheetLayout, sheet: &Sheet) -> f32 {
    let mut v = AMMO * f32::from(zombies::ammo_left(layout, sheet));
    for h in 0..2 * sheet.streets() {
        if let Some(house) = zombies::next_arrival(layout, sheet, h) {
            let open = !zombies::is_barricaded(layout, sheet, house);
            if open && sheet.number(house).is_some() {
                v -= THREAT;
            }
        }
    }
    v
}

/// Numbered houses of estate `e`.
fn filled(sheet: &Sheet, e: &Estate) -> f32 {
    let run = (((1u32 << e.len) - 1) << e.start) as u16;
    (sheet.numbered_mask(e.street) & run).count_ones() as f32
}

/// Roswell: the objective whose range holds the infiltrated estates the bot expects.
fn choose_objective(layout: &SheetLayout) -> u8 {
    roswell::objectives(layout)
        .iter()
        .position(|o| o.holds(EXPECTED_INFILTRATED))
        .map_or(1, |i| i as u8 + 1)
}

/// What street `s`'s Ice Cream bonus may still be worth: a point per cone circled or still
/// ahead of the truck.
fn bonus_worth(layout: &SheetLayout, sheet: &Sheet, s: u8) -> u32 {
    if layout.has(Module::AmericanDream) {
        // Street s, or column s − streets: the houses already numbered in it.
        let houses: Vec<HouseRef> = if s < sheet.streets() {
            (0..sheet.len(s)).map(|i| HouseRef::new(s, i)).collect()
        } else {
            american_dream::column(sheet, s - sheet.streets()).collect()
        };
        return houses
            .iter()
            .filter(|&&h| sheet.number(h).is_some())
            .count() as u32;
    }
    (0..sheet.len(s))
        .filter(|&i| {
            let h = HouseRef::new(s, i);
            layout.cone(s, i) > 0 && !ice_cream::crossed(layout, sheet, h)
        })
        .count() as u32
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
/// Per point of shelter capacity in a street (Atomic War).
const SHELTER: f32 = 0.25;
/// Per circled ghost or candy while a tier of its kind is still to claim (Halloween).
const TREAT: f32 = 1.4;
/// Share of an infiltrated estate credited to an unfinished estate holding a circled saucer,
/// per house numbered (Roswell).
const ZOORG: f32 = 0.8;
/// Weight of the infiltration row's promise over what it scores now (Roswell).
const INFILTRATION: f32 = 1.0;
/// The infiltrated estates the greedy bot expects to reach, for choosing its objective
/// (Roswell): it reaches about 2 (2 seats, 100 games), and aiming at 3–4 scored best of the
/// objectives tried (3–4, 5–6, 7–8).
const EXPECTED_INFILTRATED: u8 = 3;

/// Zombies: a circled ammo not used yet, and a numbered house a horde reaches next.
const AMMO: f32 = 1.0;
const THREAT: f32 = 2.0;

/// Cumulative share of the deck's whole numbers: `cum[n]` is the share of cards numbered below
/// `n`; and the share of each ¾ number (the 9¾ cards, when the deck holds them).
fn number_odds(edition: &Edition, nine_three_quarters: bool) -> ([f32; 19], [f32; QUARTERS]) {
    let deck = edition.deck_with(nine_three_quarters);
    let mut counts = [0f32; 19];
    let mut quarters = [0f32; QUARTERS];
    for c in &deck {
        if number::is_quarter(c.number) {
            let k = (number::floor(c.number) - number::FIRST_QUARTER) as usize;
            if let Some(q) = quarters.get_mut(k) {
                *q += 1.0;
            }
        } else {
            counts[(c.number as usize).min(17)] += 1.0;
        }
    }
    let total = deck.len().max(1) as f32;
    let mut cum = [0f32; 19];
    for n in 0..18 {
        cum[n + 1] = cum[n] + counts[n] / total;
    }
    (cum, quarters.map(|q| q / total))
}

/// Partial credit for plans not yet scored: for estate plans the share of their estates
/// already built and unused (holding the feature the plan asks for, if any); for a sheet's
/// feature plans the share of the feature already done in the best street.
/// `unused` counts the completed, unused estates per size (`StreetTerms::unused`, summed).
fn plan_progress(e: &Eval<'_>, sheet: &Sheet, unused: u64) -> f32 {
    let scores = sheet.plan_scores();
    let mut credits = [0.0f32; 3];
    for (slot, credit) in credits.iter_mut().enumerate() {
        if scores[slot].is_some() {
            continue;
        }
        *credit = match (&e.estate_plans[slot], e.cards[slot]) {
            // At most one match per size listed: inside the table.
            (Some(plan), _) => plan.credit[matched_of(unused, plan.sizes())],
            (None, Some(card)) => card_progress(e, sheet, slot, card, unused),
            (None, None) => 0.0,
        };
    }
    // Added in plan order once all are known (a plan that earns none adds 0, which changes
    // no sum of credits: they are never negative).
    let mut v = 0.0;
    for c in credits {
        v += c;
    }
    v
}

/// `plan_progress` of one plan read from its card.
fn card_progress(e: &Eval<'_>, sheet: &Sheet, slot: usize, card: &PlanCard, unused: u64) -> f32 {
    let (layout, features) = (e.ctx.layout, e.features);
    let p = e.ctx.plans[slot];
    let points = if p.approved { card.second } else { card.first };
    let (matched, all) = match &card.condition {
        PlanCondition::Estates(sizes) => (matched_of(unused, sizes), sizes.len()),
        PlanCondition::EstatesWith { sizes, .. } if !features => {
            (matched_of(unused, sizes), sizes.len())
        }
        PlanCondition::EstatesWith {
            sizes,
            feature,
            need,
        } => {
            let have = estates_by_size(sheet, |e| {
                let have = modules::feature_in(layout, sheet, *feature, e.street, e.start, e.len);
                match need {
                    Need::None => have == 0,
                    Need::AtLeast(k) => have >= *k,
                    Need::All => have + 1 >= e.len,
                }
            });
            (matched_of(have, sizes), sizes.len())
        }
        PlanCondition::FeatureComplete { .. } if !features => return 0.0,
        PlanCondition::FeatureComplete { feature, street } => {
            let share = (0..sheet.streets())
                .filter(|&s| street.is_none_or(|n| n == s + 1))
                .map(|s| feature_share(layout, sheet, *feature, s))
                .fold(0.0, f32::max);
            return plan_credit(e.w, points, share);
        }
        _ => return 0.0,
    };
    plan_credit(e.w, points, share(matched, all))
}

/// The credit for a plan worth `points` done to `share`.
fn plan_credit(w: &Weights, points: u8, share: f32) -> f32 {
    w.plan * f32::from(points) * share * share
}

/// The share of an estate plan's `all` estates that `matched` are.
fn share(matched: usize, all: usize) -> f32 {
    matched as f32 / all.max(1) as f32
}

/// Completed, unused estates of up to 7 houses that `fits` accepts, byte n counting those of
/// size n (packed as `StreetTerms::unused`).
fn estates_by_size(sheet: &Sheet, fits: impl Fn(&Estate) -> bool) -> u64 {
    let mut have = 0u64;
    sheet.for_each_run(|e, complete| {
        if complete && !e.used && e.len < 8 && fits(&e) {
            have += 1 << (8 * e.len);
        }
    });
    have
}

/// How many of `sizes` distinct estates of `have` match (byte n: estates of size n, 7 and
/// more read as 7), counted in a register.
fn matched_of(mut have: u64, sizes: &[u8]) -> usize {
    let mut matched = 0;
    for &s in sizes {
        let shift = 8 * u32::from(s.min(7));
        if (have >> shift) & 0xff > 0 {
            have -= 1 << shift;
            matched += 1;
        }
    }
    matched
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

/// What makes two candidate turns the same for `GreedyBot::turns`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leftover {
    /// The cards a turn does not use are discarded (standard and 1st-edition solo games):
    /// two turns that leave the same sheet are the same, whatever cards they took.
    Discarded,
    /// The cards a turn does not use go on (expert passing, the AAA): two turns are the
    /// same only if they leave the same sheet with the same cards.
    Passed,
}

impl Leftover {
    /// What happens to the cards a turn does not use at `view`'s table: they go on in expert
    /// games (to the neighbour) and in AAA solo games (to the AAA).
    pub fn at(view: &PlayerView) -> Leftover {
        if view.options.mode == welcome_engine::Mode::Expert || view.aaa.is_some() {
            Leftover::Passed
        } else {
            Leftover::Discarded
        }
    }

    /// Whether `a` and `b` leave the game in the same state.
    fn same(self, a: &TurnMachine<'_>, b: &TurnMachine<'_>) -> bool {
        if a.sheet() != b.sheet() {
            return false;
        }
        match self {
            Leftover::Discarded => true,
            Leftover::Passed => match (a.turn().play, b.turn().play) {
                (Play::Build(x), Play::Build(y)) => (x.pick, x.pass) == (y.pick, y.pass),
                (x, y) => x == y,
            },
        }
    }
}

/// The best candidate so far (ties broken at random) and, when more than one is asked for,
/// the best `k` by value (ties in listing order), no two the same (`Leftover`).
struct Kept<'a> {
    best: Option<(f32, TurnMachine<'a>)>,
    top: Vec<(f32, TurnMachine<'a>)>,
    ties: u32,
    k: usize,
    leftover: Leftover,
}

impl<'a> Kept<'a> {
    /// Whether a candidate of value `v` becomes the best (drawing at random on a tie) and
    /// whether it enters the top `k`; `keep` then keeps its machine.
    fn judge(&mut self, v: f32, rng: &mut ChaCha8Rng) -> (bool, bool) {
        let k = self.k;
        let top = k > 1 && (self.top.len() < k || v > self.top[self.top.len() - 1].0);
        let best = match &self.best {
            Some((bv, _)) if v < *bv => false,
            Some((bv, _)) if v == *bv => {
                // Reservoir sampling keeps ties uniform and seeded.
                self.ties += 1;
                rng.gen_range(0..=self.ties) == 0
            }
            _ => {
                self.ties = 0;
                true
            }
        };
        (best, top)
    }

    /// Keeps a copy of `m`, of value `v`, as `judge` said.
    fn keep(&mut self, v: f32, (best, top): (bool, bool), m: &TurnMachine<'a>) {
        if top {
            let at = self.top.partition_point(|(tv, _)| *tv >= v);
            // The same sheet values the same: a duplicate sits among the equal values just
            // before `at`.
            let duplicate = self.top[..at]
                .iter()
                .rev()
                .take_while(|(tv, _)| *tv == v)
                .any(|(_, t)| self.leftover.same(t, m));
            if !duplicate {
                self.top.insert(at, (v, m.clone()));
                self.top.truncate(self.k);
            }
        }
        if best {
            match &mut self.best {
                Some((bv, bm)) => {
                    *bv = v;
                    bm.clone_from(m);
                }
                None => self.best = Some((v, m.clone())),
            }
        }
    }
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            features: true,
            options: Vec::new(),
            cache: StreetCache::default(),
            nine_three_quarters: false,
            weights: Weights::GREEDY,
            rounds_after: None,
        }
    }

    /// A greedy bot that evaluates sheets with other weights (the search bot's, or a tuning
    /// tool's).
    pub fn with_weights(seed: u64, weights: Weights) -> GreedyBot {
        GreedyBot {
            weights,
            ..GreedyBot::new(seed)
        }
    }

    /// Weighs numbers by the deck a game with `options` deals: with or without the collector
    /// edition's 9¾ cards (`Bot::choose` reads it from the view; a caller of `turn` and
    /// `turns` sets it once per game).
    pub fn deal_of(&mut self, options: &welcome_engine::Options) {
        self.nine_three_quarters = options.nine_three_quarters;
    }

    /// Tells the bot how many rounds are still to be dealt after this one, when the game's
    /// length is known (`crate::rounds_after`; `Bot::choose` reads it from the view, a caller
    /// of `turn` and `turns` sets it every turn): with `Weights::urgency`, what a sheet keeps
    /// open counts less near the end.
    pub fn clock(&mut self, rounds_after: Option<u16>) {
        self.rounds_after = rounds_after;
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
        self.turns(ctx, sheet, others, solo, 1, Leftover::Passed)
            .swap_remove(0)
    }

    /// The best turns by `evaluate`, best first, at most `k` (at least one): the best turn
    /// as `turn` chooses it, then the next best placements and effect uses, each finished
    /// with the plans it can validate, no two leaving the same game (`Leftover`). What a
    /// search bot explores.
    pub fn turns(
        &mut self,
        ctx: &TurnContext<'_>,
        sheet: &Sheet,
        others: &[u8],
        solo: bool,
        k: usize,
        leftover: Leftover,
    ) -> Vec<Turn> {
        let mut m = TurnMachine::new(*ctx, sheet);
        // Zombie cards that came up: slow the hordes whose moves cost the most.
        while let Stage::Ammo { .. } = m.stage() {
            m.options(&mut self.options);
            let mut best: Option<(f32, Decision)> = None;
            for d in &self.options {
                let mut next = m.clone();
                next.apply(d.clone()).expect("a listed ammo choice");
                let v = evaluate_weighted(
                    ctx,
                    next.sheet(),
                    others,
                    solo,
                    &self.weights,
                    self.rounds_after,
                );
                if best.as_ref().is_none_or(|(b, _)| v > *b) {
                    best = Some((v, d.clone()));
                }
            }
            let Some((_, d)) = best else {
                break;
            };
            m.apply(d).expect("a listed ammo choice");
        }
        if m.stage() == Stage::Done {
            // The game ends before this round is played: its turn is the ammo alone.
            return m.finish().map(|(t, _)| vec![t]).unwrap_or_default();
        }
        if m.stage() == Stage::Objective {
            m.apply(Decision::Objective(choose_objective(ctx.layout)))
                .expect("a listed objective");
        }
        // Bonuses owed since a Validation card came up (Ice Cream, AAA solo): give up the
        // one worth least.
        while m.stage() == Stage::Cross {
            m.options(&mut self.options);
            let worth = |d: &Decision| match d {
                Decision::Cross(s) => bonus_worth(ctx.layout, m.sheet(), *s),
                _ => u32::MAX,
            };
            let Some(d) = self.options.iter().min_by_key(|d| worth(d)).cloned() else {
                break;
            };
            m.apply(d).expect("a listed crossing");
        }
        let sheet = m.sheet();
        let weights = self.weights;
        let eval = Eval::new(ctx, solo, self.features, self.nine_three_quarters, &weights)
            .with_rounds_after(self.rounds_after)
            .with_base(sheet);
        let mut table = others.to_vec();
        table.push(0);
        self.cache.clear();
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
        let starts = if builds(&self.options) == 0 {
            let pass = ctx.passes_card.then(|| self.worst_card(ctx));
            m.apply(Decision::Refuse { pass })
                .expect("a refusal is legal");
            vec![m]
        } else {
            self.best_builds(&eval, &m, &mut table, k.max(1), leftover)
        };
        starts
            .into_iter()
            .map(|m| self.finish(&eval, m, &mut table))
            .collect()
    }

    /// Decides the pending circles and ghost bonuses (Halloween) by the best evaluation.
    fn settle(&mut self, eval: &Eval<'_>, m: &mut TurnMachine<'_>, table: &mut [u8]) {
        if let Stage::Circle { .. } | Stage::Bonus { .. } = m.stage() {
            let mut options = Vec::new();
            while let Stage::Circle { .. } | Stage::Bonus { .. } = m.stage() {
                m.options(&mut options);
                let mut best: Option<(f32, TurnMachine<'_>)> = None;
                for d in &options {
                    let mut next = m.clone();
                    if next.apply(d.clone()).is_ok() {
                        let v = evaluate_with(eval, next.sheet(), table, &mut self.cache, None);
                        if best.as_ref().is_none_or(|(b, _)| v > *b) {
                            best = Some((v, next));
                        }
                    }
                }
                match best {
                    Some((_, next)) => *m = next,
                    None => break,
                }
            }
        }
        // A hand of two (Zombies expert and AAA): the card whose number was used goes on;
        // the sheet is the same either way.
        if let Stage::Pass { number, .. } = m.stage() {
            m.apply(Decision::Pass(number)).expect("a listed pass");
        }
    }

    /// Validates whatever plan can be validated and claims whatever Halloween tier can be
    /// claimed, best evaluation first, and ends the turn.
    fn finish(&mut self, eval: &Eval<'_>, mut m: TurnMachine<'_>, table: &mut [u8]) -> Turn {
        loop {
            m.options_up_to(MAX_CLAIMS, &mut self.options);
            let mut best: Option<(f32, TurnMachine<'_>)> = None;
            let options = std::mem::take(&mut self.options);
            for d in &options {
                if !matches!(d, Decision::Claim(_) | Decision::Tier { .. }) {
                    continue;
                }
                let mut next = m.clone();
                if next.apply(d.clone()).is_ok() {
                    self.settle(eval, &mut next, table);
                    let v = evaluate_with(eval, next.sheet(), table, &mut self.cache, None);
                    if best.as_ref().is_none_or(|(b, _)| v > *b) {
                        best = Some((v, next));
                    }
                }
            }
            self.options = options;
            match best {
                Some((_, next)) => m = next,
                None => break,
            }
        }
        m.apply(Decision::Stop { reshuffle: false })
            .expect("a turn can always stop");
        m.finish().expect("the turn is complete").0
    }

    /// The machines after the best placements, module choices and effect uses (or passes):
    /// the best first (ties broken at random), then up to `k - 1` runners-up by value.
    fn best_builds<'a>(
        &mut self,
        eval: &Eval<'_>,
        m: &TurnMachine<'a>,
        table: &mut [u8],
        k: usize,
        leftover: Leftover,
    ) -> Vec<TurnMachine<'a>> {
        let mut kept = Kept {
            best: None,
            top: Vec::new(),
            ties: 0,
            k,
            leftover,
        };
        let mut choices = Vec::new();
        let plays = std::mem::take(&mut self.options);
        // Scratch machines, copied into for every candidate (`clone_from` keeps their
        // allocations).
        let (mut placed, mut written, mut next) = (m.clone(), m.clone(), m.clone());
        for d in plays.iter().filter(|d| matches!(d, Decision::Build { .. })) {
            placed.clone_from(m);
            if placed.apply_listed(d.clone()).is_err() {
                continue;
            }
            // The module choice the number asks for (the Ice Cream truck, the Halloween ghost
            // or candy), each in turn.
            if let Stage::Choice { .. } | Stage::Circle { .. } = placed.stage() {
                placed.options(&mut choices);
                for choice in &choices {
                    written.clone_from(&placed);
                    if written.apply(choice.clone()).is_ok() {
                        self.effect_uses(eval, &written, &mut next, table, &mut kept);
                    }
                }
            } else {
                self.effect_uses(eval, &placed, &mut next, table, &mut kept);
            }
        }
        self.options = plays;
        let best = kept.best.map(|(_, m)| m).unwrap_or_else(|| m.clone());
        let mut out = Vec::with_capacity(k);
        for (_, runner) in kept.top {
            if out.len() + 1 >= k {
                break;
            }
            if !leftover.same(&runner, &best) {
                out.push(runner);
            }
        }
        out.insert(0, best);
        out
    }

    /// Offers `kept` every use of the effect of the number `written` holds, passing it first
    /// (a sheet without actions has no effect stage: the number alone). Each is valued on
    /// the sheet it leaves; only those kept are played on a machine, the scratch `next`.
    fn effect_uses<'a>(
        &mut self,
        eval: &Eval<'_>,
        written: &TurnMachine<'a>,
        next: &mut TurnMachine<'a>,
        table: &mut [u8],
        kept: &mut Kept<'a>,
    ) {
        let mut parent = eval.parent(written.sheet(), &mut self.cache);
        if !matches!(written.stage(), Stage::Effect { .. }) {
            next.clone_from(written);
            self.settle(eval, next, table);
            let v = evaluate_with(
                eval,
                next.sheet(),
                table,
                &mut self.cache,
                Some(&mut parent),
            );
            let verdict = kept.judge(v, &mut self.rng);
            kept.keep(v, verdict, next);
            return;
        }
        written.for_each_effect(|d, sheet| {
            let v = match sheet {
                Some(sheet) => {
                    evaluate_with(eval, sheet, table, &mut self.cache, Some(&mut parent))
                }
                // A circle to draw first (Halloween): on the machine.
                None => {
                    next.clone_from(written);
                    if next.apply(d.clone()).is_err() {
                        return;
                    }
                    self.settle(eval, next, table);
                    evaluate_with(
                        eval,
                        next.sheet(),
                        table,
                        &mut self.cache,
                        Some(&mut parent),
                    )
                }
            };
            let verdict = kept.judge(v, &mut self.rng);
            if verdict == (false, false) {
                return;
            }
            if sheet.is_some() {
                next.clone_from(written);
                next.apply(d).expect("a listed effect use");
                // The card to pass of a hand of two: the sheet stays as valued.
                self.settle(eval, next, table);
            }
            kept.keep(v, verdict, next);
        });
    }

    /// Expert refusal: pass a card at random (every card is equally useless this turn).
    fn worst_card(&mut self, ctx: &TurnContext<'_>) -> u8 {
        self.rng.gen_range(0..ctx.offer.len().max(1) as u8)
    }
}

impl Bot for GreedyBot {
    fn kind(&self) -> BotKind {
        BotKind::Greedy
    }

    fn choose(&mut self, view: &PlayerView) -> Turn {
        let (others, solo) = crate::temp_rivals(
            &view.layout,
            &view.sheets,
            view.seat,
            view.options.mode,
            view.aaa.as_ref().map(|a| (&a.card, a.given.as_slice())),
        );
        self.deal_of(&view.options);
        self.clock(crate::rounds_after_view(view));
        self.turn(&view.context(), view.sheet(), &others, solo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use welcome_engine::{Combination, Effect, Offer, Pick, PlanSlot, SheetId};

    /// With the 9¾ cards in the deck, a house between 9 and 10 is still open (a 9¾ fits it);
    /// without them it is lost.
    #[test]
    fn a_house_only_a_nine_three_quarters_fits_is_open_with_the_cards() {
        let ed = Edition::by_id("collector").unwrap();
        let layout = ed.sheet(SheetId::classic()).unwrap();
        let plans = [0, 6, 12].map(PlanSlot::new);
        let ctx_for = |n: u8| TurnContext {
            edition: ed,
            layout,
            advanced: false,
            passes_card: false,
            offer: Offer::Combinations(
                [Combination {
                    number: n,
                    effect: Effect::Surveyor,
                }; 3]
                    .into(),
            ),
            plans: &plans,
            reshuffle_offered: false,
            zombies: Default::default(),
        };
        // Street 1: 0 1 2 3 4 5 6 9 _ 10.
        let mut sheet = Sheet::new(layout);
        for (house, n) in [0u8, 1, 2, 3, 4, 5, 6, 9].into_iter().enumerate() {
            let t = Turn::build(Pick::Combination(0), HouseRef::new(0, house as u8), n);
            sheet = ctx_for(n).apply(&sheet, &t).unwrap();
        }
        let t = Turn::build(Pick::Combination(0), HouseRef::new(0, 9), 10);
        sheet = ctx_for(10).apply(&sheet, &t).unwrap();
        let terms = |cards: bool| {
            let (cum, quarters) = number_odds(ed, cards);
            let odds = Odds {
                cum: &cum,
                quarters: &quarters,
                any: cards,
                w: &Weights::GREEDY,
                need: &[0.0; 8],
            };
            street_terms(layout, &sheet, 0, odds, true).value
        };
        let (_, quarters) = number_odds(ed, true);
        assert_eq!(
            quarters,
            [0.0, 0.0, 3.0 / 66.0, 0.0, 0.0],
            "3 of 66 cards are 9¾"
        );
        assert_eq!(number_odds(ed, false).1, [0.0; QUARTERS]);
        let gained = terms(true) - terms(false);
        assert!(
            (gained - (Weights::GREEDY.dead + Weights::GREEDY.open * 3.0 / 66.0)).abs() < 1e-4,
            "{gained}"
        );
    }

    /// American Dream: the same number in the same house, written with its family's action
    /// (perfect) or with another, leaves two sheets the bot values apart, even when both are
    /// candidates of one turn and the first one's street terms are cached.
    #[test]
    fn a_perfect_house_is_valued_apart_from_the_same_number_not_perfect() {
        let ed = Edition::by_id("collector").unwrap();
        let layout = ed.sheet(SheetId::new("american-dream").unwrap()).unwrap();
        let plans = [0, 6, 12].map(PlanSlot::new);
        let house = HouseRef::new(0, 2);
        let family = american_dream::family(layout, house).expect("every house has a family");
        let other = [Effect::Surveyor, Effect::Landscaper]
            .into_iter()
            .find(|&e| e != family)
            .unwrap();
        let offer = Offer::Combinations(
            [family, other, other]
                .map(|effect| Combination { number: 5, effect })
                .into(),
        );
        let options = welcome_engine::Options::new(welcome_engine::Mode::Standard);
        let ctx = TurnContext::new(ed, layout, &options, offer, &plans, false);
        let base = Sheet::new(layout);
        let written = |pick: u8| {
            let mut m = TurnMachine::new(ctx, &base);
            m.apply(Decision::Build {
                pick: Pick::Combination(pick),
                house,
                number: 5,
            })
            .unwrap();
            *m.sheet()
        };
        let (perfect, plain) = (written(0), written(1));
        assert!(american_dream::perfect(&perfect, house));
        assert!(!american_dream::perfect(&plain, house));
        assert_ne!(perfect.street_key(0), plain.street_key(0));
        let alone = |sheet: &Sheet| evaluate(&ctx, sheet, &[], true);
        assert!(alone(&perfect) > alone(&plain));
        let w = Weights::GREEDY;
        let e = Eval::new(&ctx, true, true, false, &w).with_base(&base);
        let mut cache = StreetCache::default();
        let mut table = [0];
        let mut in_turn = |sheet: &Sheet| evaluate_with(&e, sheet, &mut table, &mut cache, None);
        assert_eq!(in_turn(&perfect), alone(&perfect));
        assert_eq!(in_turn(&plain), alone(&plain));
    }

    /// `Weights::urgency`: with as many rounds left as it says or more, the evaluation is the
    /// same as without it, to the bit; with fewer, what the sheet keeps open counts in
    /// proportion; after the last turn only the score counts.
    #[test]
    fn near_the_end_of_a_solo_game_what_a_sheet_keeps_open_counts_less() {
        let ed = Edition::first();
        let layout = ed.default_sheet();
        let plans = [0, 6, 12].map(PlanSlot::new);
        let options = welcome_engine::Options::new(welcome_engine::Mode::Solo);
        let offer = Offer::Combinations(
            [Combination {
                number: 5,
                effect: Effect::Surveyor,
            }; 3]
                .into(),
        );
        let ctx = TurnContext::new(ed, layout, &options, offer, &plans, false);
        // Street 1: 5 in its second house, the rest open.
        let t = Turn::build(Pick::Combination(0), HouseRef::new(0, 1), 5);
        let sheet = ctx.apply(&Sheet::new(layout), &t).unwrap();
        let score = Score::total_of(layout, &sheet, Temps::Solo) as f32;
        let value = |urgency: f32, rounds_after: Option<u16>| {
            let w = Weights {
                urgency,
                ..Weights::SEARCH
            };
            let e = Eval::new(&ctx, true, true, false, &w).with_rounds_after(rounds_after);
            let mut table = [0];
            evaluate_with(&e, &sheet, &mut table, &mut StreetCache::default(), None)
        };
        let full = value(0.0, Some(0));
        assert!(full > score + 10.0, "{full} against a score of {score}");
        for rounds_after in [None, Some(8), Some(20)] {
            assert_eq!(value(8.0, rounds_after).to_bits(), full.to_bits());
        }
        assert_eq!(value(8.0, Some(0)), score);
        let half = value(8.0, Some(4));
        assert!(
            (half - (score + (full - score) / 2.0)).abs() < 1e-3,
            "{half}"
        );
    }
}
