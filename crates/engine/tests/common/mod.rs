//! Helpers shared by the engine's integration tests: sheets written in the spec's notation, a
//! small random player built on the public turn steps, and an independent implementation of the
//! final-score arithmetic of spec §9.3 taken straight from the spec's tables.
#![allow(dead_code)]

pub mod expansion;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use welcome_engine::sheet_file::{StreetData, SHEET_FORMAT, SHEET_VERSION};
use welcome_engine::*;

// ----- sheet data from the spec (§1, §16) -----

/// Pool track: k pools score POOLS[k].
pub const POOLS: [i32; 10] = [0, 3, 6, 9, 13, 17, 21, 26, 31, 36];
/// Park tracks per street.
pub const PARKS: [&[i32]; 3] = [&[0, 2, 4, 10], &[0, 2, 4, 6, 14], &[0, 2, 4, 6, 8, 18]];
/// Bis penalty for k bis houses.
pub const BIS: [i32; 10] = [0, 1, 3, 6, 9, 12, 16, 20, 24, 28];
/// Roundabout penalty for k roundabouts.
pub const ROUNDABOUTS: [i32; 3] = [0, 3, 8];
/// Refusal penalty for k refusals.
pub const REFUSALS: [i32; 4] = [0, 0, 3, 5];
/// Real-estate columns for estates of size 1…6.
pub const REAL_ESTATE: [&[i32]; 6] = [
    &[1, 3],
    &[2, 3, 4],
    &[3, 4, 5, 6],
    &[4, 5, 6, 7, 8],
    &[5, 6, 7, 8, 10],
    &[6, 7, 8, 10, 12],
];
/// Planned pools, 1-based house numbers per street.
pub const PLANNED_POOLS: [[u8; 3]; 3] = [[3, 7, 8], [1, 4, 8], [2, 7, 11]];
/// Street lengths.
pub const STREET_LEN: [u8; 3] = [10, 11, 12];

pub fn ed() -> &'static Edition {
    Edition::first()
}

/// The classic sheet's layout.
pub fn layout() -> &'static welcome_engine::SheetLayout {
    ed().default_sheet()
}

pub fn blank() -> Sheet {
    Sheet::new(layout())
}

/// House `n` of street `s`, both 1-based as in the spec.
pub fn h(s: u8, n: u8) -> HouseRef {
    HouseRef::new(s - 1, n - 1)
}

/// Fence slot `k` of street `s` (between houses k and k+1), both 1-based as in the spec.
pub fn f(s: u8, k: u8) -> FenceRef {
    FenceRef::new(s - 1, k - 1)
}

// ----- sheets in the spec's notation -----

/// One street in the spec's notation: `_` empty, `R` roundabout, `5b` a bis copy, `|` a fence,
/// plus `*` after a number for a built pool and `'` for a house used for a plan. Missing houses
/// at the right end are empty.
pub fn street(s: usize, row: &str) -> StreetData {
    let mut houses = Vec::new();
    let mut fences = Vec::new();
    let mut pools = Vec::new();
    let mut plan_houses = Vec::new();
    for tok in row.split_whitespace() {
        if tok == "|" {
            fences.push(houses.len() as u8);
            continue;
        }
        let mut t = tok;
        let (mut pool, mut used) = (false, false);
        loop {
            if let Some(r) = t.strip_suffix('*') {
                pool = true;
                t = r;
            } else if let Some(r) = t.strip_suffix('\'') {
                used = true;
                t = r;
            } else {
                break;
            }
        }
        houses.push(if t == "_" {
            String::new()
        } else {
            t.to_string()
        });
        let n = houses.len() as u8;
        if pool {
            pools.push(n);
        }
        if used {
            plan_houses.push(n);
        }
    }
    assert!(
        houses.len() <= STREET_LEN[s] as usize,
        "street {} too long: {row}",
        s + 1
    );
    houses.resize(STREET_LEN[s] as usize, String::new());
    StreetData {
        houses,
        fences,
        pools,
        parks: 0,
        plan_houses,
        circled: Vec::new(),
        truck: None,
        bonus: None,
        barricades: Vec::new(),
        hordes: [0, 0],
        slowed: [0, 0],
    }
}

/// Sheet data for three streets in the spec's notation.
pub fn data(rows: [&str; 3]) -> SheetData {
    SheetData {
        streets: rows.iter().enumerate().map(|(s, r)| street(s, r)).collect(),
        temps: 0,
        real_estate: [0; 6],
        refusals: 0,
        plans: [None; 3],
        owed: 0,
        tiers: None,
        free_extensions: 0,
        objective: None,
        duck_scorings: None,
        column_bonuses: None,
        owed_columns: 0,
        ammo_gained: 0,
        ammo_used: 0,
    }
}

/// The sheet written in `d`, read back through the sheet-file format.
pub fn load(d: &SheetData) -> Sheet {
    let file = SheetFile {
        format: SHEET_FORMAT.into(),
        version: SHEET_VERSION,
        edition: "first".into(),
        sheet_id: Default::default(),
        solo: false,
        temps_of_others: Vec::new(),
        shelters_of_others: Vec::new(),
        sheet: d.clone(),
    };
    let parsed = SheetFile::from_json(&file.to_json()).expect("sheet file parses");
    parsed
        .sheet
        .to_sheet(ed(), layout())
        .unwrap_or_else(|e| panic!("sheet is valid: {e}"))
}

/// A sheet in the spec's notation.
pub fn sheet(rows: [&str; 3]) -> Sheet {
    load(&data(rows))
}

/// The sheet written in `d` on `layout` (any sheet of the 1st edition), read back through the
/// sheet-file format.
pub fn load_on(layout: &SheetLayout, d: &SheetData) -> Sheet {
    load_in(ed(), layout, d)
}

/// The sheet written in `d` on `layout` of `edition`, read back through the sheet-file format.
pub fn load_in(edition: &Edition, layout: &SheetLayout, d: &SheetData) -> Sheet {
    let file = SheetFile {
        format: SHEET_FORMAT.into(),
        version: SHEET_VERSION,
        edition: edition.id.to_string(),
        sheet_id: layout.id,
        solo: false,
        temps_of_others: Vec::new(),
        shelters_of_others: Vec::new(),
        sheet: d.clone(),
    };
    let parsed = SheetFile::from_json(&file.to_json()).expect("sheet file parses");
    assert_eq!(parsed.sheet_id, layout.id);
    parsed
        .sheet
        .to_sheet(edition, layout)
        .unwrap_or_else(|e| panic!("sheet is valid on {}/{}: {e}", edition.id, layout.id))
}

/// A sheet in the spec's notation on `layout`.
pub fn sheet_on(layout: &SheetLayout, rows: [&str; 3]) -> Sheet {
    load_on(layout, &data(rows))
}

// ----- turn contexts -----

/// Plan slots holding these card ids, not yet approved.
pub fn slots(ids: [u8; 3]) -> [PlanSlot; 3] {
    ids.map(|card| PlanSlot {
        card,
        approved: false,
        values: None,
    })
}

/// Three basic plans (one per stack) that the tests do not aim at.
pub const BASIC: [u8; 3] = [0, 6, 12];

pub fn combos(c: [(u8, Effect); 3]) -> Offer {
    Offer::Combinations(
        c.map(|(number, effect)| Combination { number, effect })
            .into(),
    )
}

/// An offer whose first combination is `(n, e)`; the other two repeat it.
pub fn offer1(n: u8, e: Effect) -> Offer {
    combos([(n, e); 3])
}

pub fn ctx<'a>(offer: Offer, advanced: bool, plans: &'a [PlanSlot; 3]) -> TurnContext<'a> {
    TurnContext {
        edition: ed(),
        layout: layout(),
        advanced,
        passes_card: false,
        offer,
        plans,
        reshuffle_offered: false,
        zombies: Default::default(),
    }
}

pub const P0: Pick = Pick::Combination(0);

/// Builds `n` (effect passed) with combination 0 of a one-combination offer.
pub fn write(sheet: &Sheet, e: Effect, house: HouseRef, n: u8) -> Result<Sheet, TurnError> {
    let plans = slots(BASIC);
    ctx(offer1(n, e), false, &plans).apply(sheet, &Turn::build(P0, house, n))
}

/// Builds `n` with combination 0 of a one-combination offer and uses the effect.
pub fn write_with(
    sheet: &Sheet,
    e: Effect,
    house: HouseRef,
    n: u8,
    u: EffectUse,
) -> Result<Sheet, TurnError> {
    let plans = slots(BASIC);
    ctx(offer1(n, e), false, &plans).apply(sheet, &Turn::build(P0, house, n).with_effect(u))
}

/// The engine's score of a classic sheet (temps ranked against itself alone).
pub fn raw_score(sheet: &Sheet) -> Score {
    Score::of(layout(), sheet, Temps::Ranked(&[sheet.temps()]))
}

pub fn score(sheet: &Sheet) -> Classic {
    classic(Score::of(layout(), sheet, Temps::Ranked(&[sheet.temps()])))
}

/// One real-estate column of a classic score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EstateColumn {
    pub count: u8,
    pub value: i32,
    pub points: i32,
}

/// A classic sheet's score read back from its rows, with the boxes of the printed total row
/// (penalties as positive numbers, as printed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classic {
    pub plans: [i32; 3],
    pub parks: [i32; 3],
    pub pools: i32,
    pub temps: i32,
    pub estates: [EstateColumn; 6],
    pub bis: i32,
    pub roundabouts: i32,
    pub refusals: i32,
    pub total: i32,
    pub tie_break: welcome_engine::TieBreak,
}

impl Classic {
    pub fn estate_points(&self) -> i32 {
        self.estates.iter().map(|e| e.points).sum()
    }
}

/// Reads a classic score's boxes from its rows (and checks the rows add up).
pub fn classic(sc: Score) -> Classic {
    let part = |id: &str| {
        sc.row(id)
            .unwrap_or_else(|| panic!("row {id}"))
            .parts
            .clone()
    };
    let ids: Vec<&str> = sc.rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "plans",
            "parks",
            "pools",
            "temps",
            "estates",
            "bis",
            "roundabouts",
            "refusals"
        ]
    );
    assert_eq!(sc.rows.iter().map(|r| r.points).sum::<i32>(), sc.total);
    let estate_points = part("estates");
    let counts = sc.tie_break.by_size;
    let estates = std::array::from_fn(|i| {
        let value = welcome_engine::Edition::first().default_sheet().real_estate[i].0[0];
        let points = estate_points[i];
        EstateColumn {
            count: counts[i],
            // The column's value: its points per estate, or its first value without estates.
            value: if counts[i] > 0 {
                points / counts[i] as i32
            } else {
                value
            },
            points,
        }
    });
    Classic {
        plans: part("plans").try_into().unwrap(),
        parks: part("parks").try_into().unwrap(),
        pools: sc.points("pools"),
        temps: sc.points("temps"),
        estates,
        bis: -sc.points("bis"),
        roundabouts: -sc.points("roundabouts"),
        refusals: -sc.points("refusals"),
        total: sc.total,
        tie_break: sc.tie_break,
    }
}

// ----- the spec's placement rule, written independently (§5) -----

/// Whether `v` may be written in house `hr` by the formal check of spec §5: every numbered
/// house left of it in its segment is smaller and every numbered house right of it is larger.
pub fn spec_fits(sheet: &Sheet, hr: HouseRef, v: u8) -> bool {
    if !sheet.is_empty(hr) || v > 17 {
        return false;
    }
    for j in (0..hr.house).rev() {
        match sheet.house(HouseRef::new(hr.street, j)) {
            House::Roundabout => break,
            House::Number { value, .. } if value >= v => return false,
            _ => {}
        }
    }
    for j in hr.house + 1..sheet.len(hr.street) {
        match sheet.house(HouseRef::new(hr.street, j)) {
            House::Roundabout => break,
            House::Number { value, .. } if value <= v => return false,
            _ => {}
        }
    }
    true
}

// ----- the spec's final score, written independently (§9.3) -----

/// Completed estates per size 1…6, found by walking the houses and fences (spec §8).
pub fn spec_estates(sheet: &Sheet) -> [u8; 6] {
    let mut counts = [0u8; 6];
    for s in 0..3u8 {
        let len = sheet.len(s);
        let mut run = 0u8;
        let mut complete = true;
        for i in 0..len {
            match sheet.house(HouseRef::new(s, i)) {
                House::Number { .. } => {}
                _ => complete = false,
            }
            run += 1;
            let closed = i + 1 == len || sheet.has_fence(FenceRef::new(s, i));
            if closed {
                if complete && (1..=6).contains(&run) {
                    counts[run as usize - 1] += 1;
                }
                run = 0;
                complete = true;
            }
        }
    }
    counts
}

/// Temp points by Ruling 3: dense ranking of the distinct non-zero counts (7, 4, 1), or the
/// solo threshold.
pub fn spec_temps(mine: u8, all: &[u8], solo: bool) -> i32 {
    if mine == 0 {
        return 0;
    }
    if solo {
        return if mine >= 6 { 7 } else { 0 };
    }
    let mut distinct: Vec<u8> = all.iter().copied().filter(|&c| c > 0).collect();
    distinct.sort_unstable_by(|a, b| b.cmp(a));
    distinct.dedup();
    let rank = distinct
        .iter()
        .position(|&c| c == mine)
        .expect("own count listed");
    [7, 4, 1].get(rank).copied().unwrap_or(0)
}

/// The total of spec §9.3 from the spec's own tables.
pub fn spec_total(sheet: &Sheet, temps: i32) -> i32 {
    let plans: i32 = sheet
        .plan_scores()
        .iter()
        .map(|p| p.unwrap_or(0) as i32)
        .sum();
    let parks: i32 = (0..3)
        .map(|s| PARKS[s][sheet.parks(s as u8) as usize])
        .sum();
    let pools = POOLS[sheet.pool_count() as usize];
    let counts = spec_estates(sheet);
    let estates: i32 = (0..6)
        .map(|i| counts[i] as i32 * REAL_ESTATE[i][sheet.real_estate(i + 1) as usize])
        .sum();
    let bis = BIS[sheet.bis_count() as usize];
    let refusals = REFUSALS[sheet.refusals() as usize];
    let roundabouts = ROUNDABOUTS[sheet.roundabouts() as usize];
    plans + parks + pools + temps + estates - bis - refusals - roundabouts
}

/// Checks every seat's score against the spec arithmetic, the breakdown against its total,
/// and the ranks against the totals and the tie-break chain (Ruling 16).
pub fn check_scores(game: &Game) {
    let solo = game.options().mode == Mode::Solo;
    let scores = game.scores();
    let ranks = game.ranks();
    let temps: Vec<u8> = game.sheets().iter().map(|s| s.temps()).collect();
    assert_eq!(scores.len(), game.players());
    for (seat, (sheet, sc)) in game.sheets().iter().zip(&scores).enumerate() {
        let t = spec_temps(sheet.temps(), &temps, solo);
        assert_eq!(sc.points("temps"), t, "seat {seat} temps");
        // The classic rows follow the spec's tables on every sheet; a thematic sheet adds its
        // own rows (checked against the spec in thematic.rs).
        let classic = score::row_ids(layout());
        let ids: Vec<&str> = sc.rows.iter().map(|r| r.id.as_str()).collect();
        let printed: Vec<&str> = game
            .layout()
            .score_rows
            .iter()
            .map(|r| r.id.as_str())
            .collect();
        assert_eq!(
            ids, printed,
            "seat {seat} rows in the sheet's printed order"
        );
        let extra: i32 = sc
            .rows
            .iter()
            .filter(|r| !classic.contains(&r.id.as_str()))
            .map(|r| r.points)
            .sum();
        assert_eq!(
            sc.total - extra,
            spec_total(sheet, t),
            "seat {seat} total\n{sheet}"
        );
        let parts = sc.rows.iter().map(|r| r.points).sum::<i32>();
        assert_eq!(parts, sc.total, "seat {seat} breakdown");
        let counts = spec_estates(sheet);
        assert_eq!(sc.tie_break.by_size, counts, "seat {seat} tie-break");
        assert_eq!(
            sc.tie_break.estates,
            counts.iter().sum::<u8>(),
            "seat {seat} tie-break"
        );
        // A sheet cannot score below −(28 + 8 + 5) or above every track maxed out.
        assert!(
            sc.total >= -41 && sc.total <= 400,
            "seat {seat} total {}",
            sc.total
        );
    }
    for i in 0..scores.len() {
        let better = (0..scores.len())
            .filter(|&j| spec_better(&scores[j], &scores[i]))
            .count();
        assert_eq!(ranks[i] as usize, better + 1, "rank of seat {i}");
    }
}

/// Ruling 16, written out: higher total, then more estates, then more estates of size 1, 2 …
pub fn spec_better(a: &Score, b: &Score) -> bool {
    if a.total != b.total {
        return a.total > b.total;
    }
    if a.tie_break.estates != b.tie_break.estates {
        return a.tie_break.estates > b.tie_break.estates;
    }
    for i in 0..6 {
        if a.tie_break.by_size[i] != b.tie_break.by_size[i] {
            return a.tie_break.by_size[i] > b.tie_break.by_size[i];
        }
    }
    false
}

// ----- a small random player -----

/// How the random player behaves.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Place numbers where they close off the fewest options (long games, few refusals).
    pub careful: bool,
    /// Chance of using the effect when it can be used.
    pub effects: f64,
    /// Chance of building a roundabout in a turn (advanced variant).
    pub roundabouts: f64,
    /// Chance of validating a plan that can be validated.
    pub plans: f64,
    /// Chance of asking for the first-plan reshuffle when it is offered.
    pub reshuffle: f64,
    /// Whether the Bis effect may be used.
    pub bis: bool,
}

impl Style {
    pub const RANDOM: Style = Style {
        careful: false,
        effects: 0.7,
        roundabouts: 0.15,
        plans: 0.9,
        reshuffle: 0.5,
        bis: true,
    };
    /// Avoids refusals, bis copies and plans: games run long.
    pub const CAREFUL: Style = Style {
        careful: true,
        effects: 0.7,
        roundabouts: 0.0,
        plans: 0.0,
        reshuffle: 0.0,
        bis: false,
    };
}

/// Sum of the widths of the empty houses of the street after writing `p`.
fn flexibility(sheet: &Sheet, p: &Placement) -> i32 {
    let s = p.house.street;
    let i = p.house.house;
    // A ¾ number n¾ leaves n free on its left (collector expansions §11.3).
    let quarter = welcome_engine::number::is_quarter(p.number);
    let v = welcome_engine::number::floor(p.number) as i32;
    let mut total = 0;
    for j in 0..sheet.len(s) {
        if j == i {
            continue;
        }
        let Some((lo, hi)) = sheet.number_range(HouseRef::new(s, j)) else {
            continue;
        };
        let (mut lo, mut hi) = (lo as i32, hi as i32);
        let (a, b) = if j < i { (j + 1, i) } else { (i + 1, j) };
        let clear = (a..b).all(|k| sheet.is_empty(HouseRef::new(s, k)));
        if clear {
            if j < i {
                hi = hi.min(if quarter { v } else { v - 1 });
            } else {
                lo = lo.max(v + 1);
            }
        }
        total += (hi - lo + 1).max(0);
    }
    total
}

/// A random legal turn, built step by step with the public turn steps.
pub fn choose_turn(
    ctx: &TurnContext<'_>,
    sheet: &Sheet,
    rng: &mut ChaCha8Rng,
    style: &Style,
) -> Turn {
    let mut s = *sheet;
    let mut turn = Turn::refuse(None);
    // Zombie cards that came up: hordes slowed at random, through the machine's ammo stage;
    // a round the game ended before (Zombies) is only that.
    if !ctx.zombies.is_empty() || ctx.offer.is_empty() {
        let mut m = TurnMachine::new(*ctx, &s);
        let mut options = Vec::new();
        while let Stage::Ammo { .. } = m.stage() {
            m.options(&mut options);
            let d = options.swap_remove(rng.gen_range(0..options.len()));
            m.apply(d).expect("a listed ammo choice");
        }
        if m.stage() == Stage::Done {
            return m.turn().clone();
        }
        turn.ammo = m.turn().ammo.clone();
        s = *m.sheet();
    }
    // The Roswell objective, in the first turn, at random.
    if ctx.objective_owed(&s) {
        let count = welcome_engine::modules::roswell::objectives(ctx.layout).len() as u8;
        turn.objective = Some(rng.gen_range(1..=count));
    }
    // Bonuses owed since a Validation card came up (Ice Cream, AAA solo), at random.
    loop {
        let open: Vec<u8> = ctx.crossable(&s).collect();
        if open.is_empty() {
            break;
        }
        let street = open[rng.gen_range(0..open.len())];
        s = ctx.apply_cross(&s, street).expect("a listed crossing");
        turn.cross.push(street);
    }
    let mut round_when = None;
    if ctx.advanced && rng.gen_bool(style.roundabouts) {
        round_when = Some(if rng.gen_bool(0.5) {
            When::Before
        } else {
            When::After
        });
    }
    if round_when == Some(When::Before) {
        random_roundabout(ctx, &mut s, &mut turn, When::Before, rng);
    }
    let mut placements = Vec::new();
    ctx.placements(&s, &mut placements);
    if placements.is_empty() {
        turn.play = Play::Refuse {
            pass: ctx
                .passes_card
                .then(|| rng.gen_range(0..ctx.offer.len() as u8)),
        };
    } else {
        let p = if style.careful {
            let best = placements
                .iter()
                .map(|p| flexibility(&s, p))
                .max()
                .expect("some placement");
            let top: Vec<&Placement> = placements
                .iter()
                .filter(|p| flexibility(&s, p) == best)
                .collect();
            *top[rng.gen_range(0..top.len())]
        } else {
            placements[rng.gen_range(0..placements.len())]
        };
        // The module choice the number asks for (the Ice Cream truck), picked at random.
        let choice = ctx.choice_needed(&s, p.house).map(|kind| {
            let all = Choice::all(kind);
            all[rng.gen_range(0..all.len())]
        });
        let mut build = Build {
            pick: p.pick,
            house: p.house,
            number: p.number,
            choice,
            effect: None,
            pass: None,
        };
        // A hand of two (Zombies expert and AAA) passes one of the two cards used.
        if let (true, 2, Pick::Hand((n, e))) = (ctx.passes_card, ctx.offer.len(), p.pick) {
            build.pass = Some(if rng.gen_bool(0.5) { n } else { e });
        }
        match ctx.apply_play(&s, &Play::Build(build)) {
            Ok(written) => {
                let mut uses = Vec::new();
                ctx.effect_uses(&written, p.effect, p.house, &mut uses);
                if !style.bis {
                    uses.retain(|u| !matches!(u, EffectUse::Bis { .. }));
                }
                // Roswell: infiltrating is one more way to use (instead of) the action.
                if ctx.may_infiltrate(&written, p.house, p.number) {
                    uses.push(EffectUse::Infiltrate);
                }
                if !uses.is_empty() && rng.gen_bool(style.effects) {
                    build.effect = Some(uses[rng.gen_range(0..uses.len())]);
                }
            }
            // A number the optional Temp changed needs the Temp used (collector, Ruling C4).
            Err(TurnError::TempNeeded { .. }) => build.effect = Some(EffectUse::Temp),
            Err(e) => panic!("listed placement: {e:?}"),
        }
        turn.play = Play::Build(build);
    }
    s = ctx.apply_play(&s, &turn.play).expect("listed play");
    if round_when == Some(When::After) {
        random_roundabout(ctx, &mut s, &mut turn, When::After, rng);
    }
    let mut claims = Vec::new();
    loop {
        let done: Vec<u8> = turn.plans.iter().map(|c| c.plan).collect();
        let mut all = Vec::new();
        for plan in 0..3 {
            ctx.plan_claims(&s, plan, &done, &mut claims);
            all.append(&mut claims);
        }
        if all.is_empty() || !rng.gen_bool(style.plans) {
            break;
        }
        let claim = all.swap_remove(rng.gen_range(0..all.len()));
        s = ctx.apply_claim(&s, &claim, &done).expect("listed claim");
        turn.plans.push(claim);
    }
    if ctx.reshuffle_offered && !turn.plans.is_empty() && rng.gen_bool(style.reshuffle) {
        turn.reshuffle = true;
    }
    if ctx.layout.has(Module::Halloween) {
        turn = with_halloween(ctx, sheet, &turn, rng);
    }
    turn
}

/// `turn` replayed through the turn machine with its Halloween decisions added at random:
/// a ghost or a candy for each house numbered, and tier claims (half the time each) with
/// their bonuses. Other sheets never get here, so their random games stay as they were.
fn with_halloween(ctx: &TurnContext<'_>, sheet: &Sheet, turn: &Turn, rng: &mut ChaCha8Rng) -> Turn {
    let mut m = TurnMachine::new(*ctx, sheet);
    let mut options = Vec::new();
    let mut circle = |m: &mut TurnMachine<'_>, rng: &mut ChaCha8Rng| {
        while matches!(m.stage(), Stage::Circle { .. } | Stage::Bonus { .. }) {
            m.options(&mut options);
            let d = options.swap_remove(rng.gen_range(0..options.len()));
            m.apply(d).expect("a listed circle or bonus");
        }
    };
    for &street in &turn.cross {
        m.apply(Decision::Cross(street)).expect("listed");
    }
    if let Some(r) = turn.roundabout.filter(|r| r.when == When::Before) {
        m.apply(Decision::Roundabout(r.house)).expect("listed");
    }
    match turn.play {
        Play::Unplayed => {}
        Play::Refuse { pass } => m.apply(Decision::Refuse { pass }).expect("listed"),
        Play::Build(b) => {
            m.apply(Decision::Build {
                pick: b.pick,
                house: b.house,
                number: b.number,
            })
            .expect("listed");
            if let Some(c) = b.choice {
                m.apply(Decision::Choose(c)).expect("listed");
            }
            circle(&mut m, rng);
            m.apply(Decision::Effect(b.effect)).expect("listed");
            circle(&mut m, rng);
        }
    }
    if let Some(r) = turn.roundabout.filter(|r| r.when == When::After) {
        m.apply(Decision::Roundabout(r.house)).expect("listed");
    }
    // The claims were chosen before the circles: a ghost circled where the first draft
    // counted a candy can undo one, which is then left out.
    let mut kept = 0;
    for c in &turn.plans {
        kept += usize::from(m.apply(Decision::Claim(c.clone())).is_ok());
    }
    loop {
        let mut all = Vec::new();
        m.options(&mut all);
        all.retain(|d| matches!(d, Decision::Tier { .. }));
        if all.is_empty() || !rng.gen_bool(0.5) {
            break;
        }
        let d = all.swap_remove(rng.gen_range(0..all.len()));
        m.apply(d).expect("a listed tier");
        circle(&mut m, rng);
    }
    m.apply(Decision::Stop {
        reshuffle: turn.reshuffle && kept > 0,
    })
    .expect("a turn can stop");
    m.finish().expect("complete").0
}

/// Plays one round: every seat submits a random legal turn, then the round resolves.
pub fn play_round(game: &mut Game, rng: &mut ChaCha8Rng, style: &Style) {
    for seat in 0..game.players() {
        let sheet = *game.sheet(seat).expect("seat");
        let turn = choose_turn(&game.context(seat).unwrap(), &sheet, rng, style);
        if let Err(e) = game.submit(seat, turn.clone()) {
            panic!(
                "seat {seat} round {}: {turn:?} rejected: {e}\n{sheet}",
                game.round()
            );
        }
        assert!(!game.is_over(), "the game never ends mid-turn");
    }
    game.resolve().expect("dealing never fails in live play");
}

pub fn new_game(options: Options, players: usize, seed: u64) -> Game {
    Game::new(options, players, seed).expect("valid setup")
}

/// A whole game played by random players.
pub fn play_game(options: Options, players: usize, seed: u64, style: &Style) -> Game {
    let mut game = new_game(options, players, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    while !game.is_over() {
        assert!(game.round() < 200, "a game always ends");
        play_round(&mut game, &mut rng, style);
    }
    game
}

/// The record of `game` round-trips through JSON and replays to the byte-identical record.
pub fn check_replay(game: &Game) {
    let text = Record::of(game, &[]).to_json();
    let back = Record::from_json(&text).expect("record parses");
    let again = back
        .replay()
        .unwrap_or_else(|e| panic!("record replays: {e}"));
    assert_eq!(Record::of(&again, &[]).to_json(), text);
    assert_eq!(again.sheets(), game.sheets());
    assert_eq!(again.end(), game.end());
}

pub fn options(mode: Mode, advanced: bool) -> Options {
    Options::new(mode).advanced(advanced)
}

/// Builds a roundabout in a random legal house, if there is one.
fn random_roundabout(
    ctx: &TurnContext<'_>,
    s: &mut Sheet,
    turn: &mut Turn,
    when: When,
    rng: &mut ChaCha8Rng,
) {
    let houses: Vec<HouseRef> = s
        .all_houses()
        .filter(|&h| ctx.check_roundabout(s, h).is_ok())
        .collect();
    if !houses.is_empty() {
        let house = houses[rng.gen_range(0..houses.len())];
        *s = ctx.apply_roundabout(s, house).expect("listed roundabout");
        turn.roundabout = Some(Roundabout { house, when });
    }
}
