//! Conformance with the thematic-sheets specification (`rules-thematic-first-edition.md`): one
//! test per item T1…T45 of its §9 checklist, named `tNN_…` after the item, plus the plan deal
//! over many seeds, bad input, and record round-trips of whole random games on each sheet.
//!
//! Expected values come from the spec's tables and examples, never from the engine: the egg,
//! cone and truck tables below are copied from the spec, and random games are checked against
//! an independent model of the trucks, the bonus races and the thematic score rows.

mod common;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};
use welcome_engine::modules::{self, christmas, easter, ice_cream};
use welcome_engine::record::{RecordSetup, RECORD_FORMAT, RECORD_VERSION};
use welcome_engine::score::{ranks, score_all};
use welcome_engine::sheet_file::{SHEET_FORMAT, SHEET_VERSION};
use welcome_engine::*;

use Effect::{Bis, Landscaper, Pool, RealEstate, Surveyor, Temp};
use Side::{Left, Right};

// ===== the spec's tables (§2.1, §3.1, §7) =====

/// Easter egg houses per street: (1-based house, eggs).
const EGGS: [&[(u8, u8)]; 3] = [
    &[(3, 1), (4, 2), (5, 1), (7, 1), (10, 1)],
    &[(1, 2), (4, 1), (6, 1), (7, 2), (9, 1)],
    &[(3, 1), (5, 2), (6, 1), (8, 2), (10, 1)],
];

/// Ice Cream cones per street: (1-based house, scoops).
const CONES: [&[(u8, u8)]; 3] = [
    &[(1, 1), (3, 2), (5, 3), (6, 1), (8, 2), (10, 1)],
    &[(1, 3), (2, 1), (4, 1), (5, 2), (7, 2), (9, 3), (10, 2)],
    &[
        (1, 2),
        (2, 3),
        (4, 1),
        (5, 1),
        (6, 2),
        (8, 3),
        (10, 1),
        (11, 3),
    ],
];

/// Where each street's truck is parked (S3: chosen by the player).
const TRUCKS: [Option<Side>; 3] = [Some(Right), Some(Left), None];

const THEMATIC: [&str; 3] = ["easter", "ice-cream", "christmas"];
const ALL_SHEETS: [&str; 4] = ["classic", "easter", "ice-cream", "christmas"];

fn spec_eggs(h: HouseRef) -> u8 {
    EGGS[h.street as usize]
        .iter()
        .find(|e| e.0 == h.house + 1)
        .map_or(0, |e| e.1)
}

fn spec_cone(h: HouseRef) -> u8 {
    CONES[h.street as usize]
        .iter()
        .find(|c| c.0 == h.house + 1)
        .map_or(0, |c| c.1)
}

/// Eggs a number can collect (§2.2).
fn spec_loops(n: u8) -> u8 {
    match n {
        0 | 8 | 10 => 2,
        6 | 9 | 16 => 1,
        _ => 0,
    }
}

/// Egg points (§2.4).
fn spec_egg_points(eggs: u32) -> i32 {
    match eggs {
        18.. => 35,
        14.. => 20,
        10.. => 10,
        6.. => 5,
        _ => 0,
    }
}

fn spec_collected(sheet: &Sheet, h: HouseRef) -> u8 {
    sheet
        .number(h)
        .map_or(0, |n| spec_eggs(h).min(spec_loops(n)))
}

/// The house (0-based) of the last cone of street `s` for a truck parked at `side` (§3.4).
fn spec_last_cone(s: usize, side: Side) -> u8 {
    let houses = CONES[s].iter().map(|c| c.0 - 1);
    match side {
        Left => houses.max().unwrap(),
        Right => houses.min().unwrap(),
    }
}

/// Houses of the longest string of lights of street `s`, from the houses alone (§4.2, §4.3).
fn spec_lights(sheet: &Sheet, s: u8) -> i32 {
    let mut best = 0;
    let mut run = 0;
    for k in 0..sheet.len(s) - 1 {
        let a = sheet.house(HouseRef::new(s, k));
        let b = sheet.house(HouseRef::new(s, k + 1));
        let link = matches!(
            (a, b),
            (House::Number { value: x, .. }, House::Number { value: y, .. }) if y == x || y == x + 1
        );
        run = if link { run + 1 } else { 0 };
        best = best.max(run);
    }
    if best == 0 {
        0
    } else {
        best + 1
    }
}

// ===== sheets and turns =====

fn sheet_layout(id: &str) -> &'static SheetLayout {
    ed().sheet(SheetId::new(id).unwrap())
        .unwrap_or_else(|| panic!("the 1st edition has the {id} sheet"))
}

fn easter_l() -> &'static SheetLayout {
    sheet_layout("easter")
}

fn ice() -> &'static SheetLayout {
    sheet_layout("ice-cream")
}

fn xmas() -> &'static SheetLayout {
    sheet_layout("christmas")
}

/// Ice Cream sheet data: houses in the spec's notation, circled cones per street (1-based
/// houses) and the S3 truck.
fn ice_data(rows: [&str; 3], circled: [&[u8]; 3], truck: Option<Side>) -> SheetData {
    let mut d = data(rows);
    for (s, c) in circled.iter().enumerate() {
        d.streets[s].circled = c.to_vec();
    }
    d.streets[2].truck = truck;
    d
}

fn tctx<'a>(layout: &'a SheetLayout, offer: Offer, plans: &'a [PlanSlot; 3]) -> TurnContext<'a> {
    TurnContext {
        edition: ed(),
        layout,
        advanced: true,
        passes_card: false,
        offer,
        plans,
        reshuffle_offered: false,
        zombies: Default::default(),
    }
}

/// One number to write, with what comes with it: the effect used, the truck chosen, a
/// roundabout.
#[derive(Clone, Copy, Debug)]
struct W {
    house: HouseRef,
    n: u8,
    effect: Effect,
    using: Option<EffectUse>,
    truck: Option<Side>,
    roundabout: Option<Roundabout>,
}

/// `n` in house `house` of street `s` (both 1-based), effect passed.
fn w(s: u8, house: u8, n: u8) -> W {
    W {
        house: h(s, house),
        n,
        effect: Surveyor,
        using: None,
        truck: None,
        roundabout: None,
    }
}

impl W {
    /// Bis: copy the number just written into house `to` (1-based) of the same street.
    fn bis(mut self, to: u8) -> W {
        self.effect = Bis;
        self.using = Some(EffectUse::Bis {
            from: self.house,
            to: HouseRef::new(self.house.street, to - 1),
        });
        self
    }

    /// Surveyor: a fence in slot `k` (1-based) of the same street.
    fn fence(self, k: u8) -> W {
        self.fence_in(self.house.street + 1, k)
    }

    /// Surveyor: a fence in slot `k` of street `s` (both 1-based).
    fn fence_in(mut self, s: u8, k: u8) -> W {
        self.effect = Surveyor;
        self.using = Some(EffectUse::Fence(f(s, k)));
        self
    }

    fn pool(mut self) -> W {
        self.effect = Pool;
        self.using = Some(EffectUse::Pool);
        self
    }

    /// Written with the Temp Agency (needed for 0, 16 and 17).
    fn temp(mut self) -> W {
        self.effect = Temp;
        self
    }

    fn truck(mut self, side: Side) -> W {
        self.truck = Some(side);
        self
    }

    /// A roundabout in house `house` of street `s` (1-based), before or after the number.
    fn roundabout(mut self, s: u8, house: u8, when: When) -> W {
        self.roundabout = Some(Roundabout {
            house: h(s, house),
            when,
        });
        self
    }

    fn turn(&self) -> Turn {
        let mut t = Turn::build(P0, self.house, self.n);
        if let Some(side) = self.truck {
            t = t.with_choice(Choice::Truck(side));
        }
        if let Some(u) = self.using {
            t = t.with_effect(u);
        }
        t.roundabout = self.roundabout;
        t
    }

    /// A one-combination offer that gives this number with this effect.
    fn offer(&self) -> Offer {
        let card = if self.effect == Temp {
            self.n.clamp(2, 15)
        } else {
            self.n
        };
        offer1(card, self.effect)
    }
}

/// Plays `x` on `sheet` (advanced variant on, so that roundabouts are allowed).
fn try_play(layout: &SheetLayout, sheet: &Sheet, x: W) -> Result<Sheet, TurnError> {
    let plans = slots(BASIC);
    tctx(layout, x.offer(), &plans).apply(sheet, &x.turn())
}

fn play(layout: &SheetLayout, sheet: &Sheet, x: W) -> Sheet {
    try_play(layout, sheet, x).unwrap_or_else(|e| panic!("{x:?} on {}: {e}\n{sheet}", layout.id))
}

/// The sheet after these numbers, written in this order on a blank sheet.
fn plays(layout: &SheetLayout, xs: &[W]) -> Sheet {
    xs.iter()
        .fold(Sheet::new(layout), |s, &x| play(layout, &s, x))
}

/// A permit refusal on `sheet`, offered `n` (surveyor) three times.
fn refuse(layout: &SheetLayout, sheet: &Sheet, n: u8) -> Result<Sheet, TurnError> {
    let plans = slots(BASIC);
    tctx(layout, offer1(n, Surveyor), &plans).apply(sheet, &Turn::refuse(None))
}

/// Validates plan card `id` (in the slot of its stack, approved or not) naming `estates` by
/// their first house.
fn claim(
    layout: &SheetLayout,
    sheet: &Sheet,
    id: u8,
    estates: &[HouseRef],
    approved: bool,
) -> Result<Sheet, TurnError> {
    let card = ed().plan(id).unwrap_or_else(|| panic!("plan {id}"));
    let slot = card.stack as usize - 1;
    let mut ids = BASIC;
    ids[slot] = id;
    let mut plans = slots(ids);
    plans[slot].approved = approved;
    let c = tctx(layout, offer1(1, Surveyor), &plans);
    let pc = PlanClaim {
        plan: slot as u8,
        estates: estates.to_vec(),
    };
    c.apply_claim(sheet, &pc, &[])
}

fn meets(layout: &SheetLayout, sheet: &Sheet, id: u8, estates: &[HouseRef]) -> bool {
    claim(layout, sheet, id, estates, false).is_ok()
}

fn used(sheet: &Sheet) -> Vec<HouseRef> {
    sheet.all_houses().filter(|&x| sheet.is_used(x)).collect()
}

fn houses_of(estates: &[(u8, u8, u8)]) -> Vec<HouseRef> {
    let mut v: Vec<HouseRef> = estates
        .iter()
        .flat_map(|&(s, start, len)| (start..start + len).map(move |i| h(s, i)))
        .collect();
    v.sort();
    v
}

/// Circled cones of street `s` (1-based), as 1-based houses.
fn circled(sheet: &Sheet, s: u8) -> Vec<u8> {
    (0..sheet.len(s - 1))
        .filter(|&i| sheet.is_marked(HouseRef::new(s - 1, i)))
        .map(|i| i + 1)
        .collect()
}

/// Crossed cones of street `s` (1-based), as 1-based houses.
fn crossed(sheet: &Sheet, s: u8) -> Vec<u8> {
    (0..sheet.len(s - 1))
        .filter(|&i| ice_cream::crossed(ice(), sheet, HouseRef::new(s - 1, i)))
        .map(|i| i + 1)
        .collect()
}

/// Where the truck of street `s` (1-based) stands, as a 1-based house.
fn truck_at(sheet: &Sheet, s: u8) -> Option<u8> {
    ice_cream::truck_at(ice(), sheet, s - 1).map(|i| i + 1)
}

fn finished(sheet: &Sheet, s: u8) -> bool {
    ice_cream::route_finished(ice(), sheet, s - 1)
}

fn row_ids(sc: &Score) -> Vec<&str> {
    sc.rows.iter().map(|r| r.id.as_str()).collect()
}

/// The total row a sheet prints (thematic §1.1): plans, the sheet's own row, then the base
/// rows.
fn printed_rows(id: &str) -> Vec<&'static str> {
    let own = match id {
        "easter" => Some("eggs"),
        "ice-cream" => Some("ice-cream"),
        "christmas" => Some("lights"),
        _ => None,
    };
    let mut v = vec!["plans"];
    v.extend(own);
    v.extend([
        "parks",
        "pools",
        "temps",
        "estates",
        "bis",
        "roundabouts",
        "refusals",
    ]);
    v
}

// ===== an independent model of the trucks and the races (§3.2–§3.5) =====

/// One seat's trucks as §3.2 describes them, followed number by number.
#[derive(Clone, Debug)]
struct Trucks {
    side: [Option<Side>; 3],
    at: [Option<u8>; 3],
    circled: [u16; 3],
}

impl Trucks {
    fn new() -> Trucks {
        Trucks {
            side: TRUCKS,
            at: [None; 3],
            circled: [0; 3],
        }
    }

    fn numbered(&mut self, x: HouseRef) {
        let s = x.street as usize;
        let Some(side) = self.side[s] else {
            return;
        };
        let beyond = match (side, self.at[s]) {
            (_, None) => true,
            (Left, Some(p)) => x.house > p,
            (Right, Some(p)) => x.house < p,
        };
        if beyond {
            if spec_cone(x) > 0 {
                self.circled[s] |= 1 << x.house;
            }
            self.at[s] = Some(x.house);
        }
    }

    fn turn(&mut self, t: &Turn) {
        if let Play::Build(b) = t.play {
            if let Some(Choice::Truck(side)) = b.choice {
                assert!(self.side[b.house.street as usize].is_none(), "chosen twice");
                self.side[b.house.street as usize] = Some(side);
            }
            self.numbered(b.house);
            if let Some(EffectUse::Bis { to, .. }) = b.effect {
                self.numbered(to);
            }
        }
    }

    fn finished(&self, s: usize) -> bool {
        match (self.side[s], self.at[s]) {
            (Some(Left), Some(p)) => p >= spec_last_cone(s, Left),
            (Some(Right), Some(p)) => p <= spec_last_cone(s, Right),
            _ => false,
        }
    }

    fn crossed(&self, x: HouseRef) -> bool {
        let s = x.street as usize;
        spec_cone(x) > 0
            && self.circled[s] >> x.house & 1 == 0
            && match (self.side[s], self.at[s]) {
                (Some(Left), Some(p)) => x.house <= p,
                (Some(Right), Some(p)) => x.house >= p,
                _ => false,
            }
    }
}

/// Checks a round just resolved: every thematic feature against the models, the races
/// against §3.5 and every score row against the spec's tables.
fn check_round(game: &Game, before: &[Sheet], models: &mut [Trucks]) {
    let layout = game.layout();
    let id = layout.id.as_str();
    let round = before_round(game);
    let turns = &game.log()[round as usize - 1].turns;
    assert_eq!(turns.len(), game.players());
    let solo = game.options().mode == Mode::Solo;
    if id == "ice-cream" {
        for (seat, t) in turns.iter().enumerate() {
            models[seat].turn(t);
        }
        for s in 0..3usize {
            let newly: Vec<bool> = (0..game.players())
                .map(|seat| before[seat].race(s as u8) == Race::Open && models[seat].finished(s))
                .collect();
            for seat in 0..game.players() {
                let sheet = game.sheet(seat).unwrap();
                let m = &models[seat];
                assert_eq!(
                    sheet.marks_in(s as u8),
                    m.circled[s],
                    "seat {seat} street {} circled cones\n{sheet}",
                    s + 1
                );
                assert_eq!(ice_cream::truck(layout, sheet, s as u8), m.side[s]);
                assert_eq!(ice_cream::truck_at(layout, sheet, s as u8), m.at[s]);
                assert_eq!(
                    ice_cream::route_finished(layout, sheet, s as u8),
                    m.finished(s)
                );
                for i in 0..sheet.len(s as u8) {
                    let x = HouseRef::new(s as u8, i);
                    assert_eq!(ice_cream::crossed(layout, sheet, x), m.crossed(x), "{x}");
                }
                let expected = if newly.contains(&true) {
                    if newly[seat] {
                        Race::Won
                    } else if before[seat].race(s as u8) == Race::Open {
                        Race::Lost
                    } else {
                        before[seat].race(s as u8)
                    }
                } else {
                    before[seat].race(s as u8)
                };
                assert_eq!(
                    sheet.race(s as u8),
                    expected,
                    "seat {seat} street {} race after round {round}",
                    s + 1
                );
                if solo {
                    // TR12: alone, a finished route always wins its bonus.
                    assert_eq!(sheet.race(s as u8) == Race::Won, m.finished(s));
                }
            }
        }
    }
    check_scores(game);
}

/// The round that was just resolved.
fn before_round(game: &Game) -> u16 {
    if game.is_over() {
        game.round()
    } else {
        game.round() - 1
    }
}

/// Every score row against the spec: the thematic row from the spec's tables, the base rows
/// from the base spec's arithmetic (`common::spec_total`), the rows in the printed order.
fn check_scores(game: &Game) {
    let layout = game.layout();
    let id = layout.id.as_str();
    let solo = game.options().mode == Mode::Solo;
    let temps: Vec<u8> = game.sheets().iter().map(|s| s.temps()).collect();
    for (seat, (sheet, sc)) in game.sheets().iter().zip(game.scores()).enumerate() {
        assert_eq!(row_ids(&sc), printed_rows(id), "seat {seat} rows");
        let t = spec_temps(sheet.temps(), &temps, solo);
        assert_eq!(sc.points("temps"), t);
        let (row, parts, points): (&str, Vec<i32>, i32) = match id {
            "easter" => {
                let per: Vec<i32> = (0..3u8)
                    .map(|s| {
                        (0..sheet.len(s))
                            .map(|i| spec_collected(sheet, HouseRef::new(s, i)) as i32)
                            .sum()
                    })
                    .collect();
                let total = per.iter().sum::<i32>() as u32;
                assert_eq!(
                    easter::total(layout, sheet) as u32,
                    total,
                    "seat {seat} eggs"
                );
                ("eggs", per, spec_egg_points(total))
            }
            "ice-cream" => {
                let per: Vec<i32> = (0..3u8)
                    .map(|s| {
                        let circled: Vec<HouseRef> = (0..sheet.len(s))
                            .map(|i| HouseRef::new(s, i))
                            .filter(|&x| sheet.is_marked(x))
                            .collect();
                        for &x in &circled {
                            assert!(spec_cone(x) > 0 && sheet.number(x).is_some(), "{x}");
                        }
                        let scoops: i32 = circled.iter().map(|&x| spec_cone(x) as i32).sum();
                        let bonus = if sheet.race(s) == Race::Won {
                            circled.len() as i32
                        } else {
                            0
                        };
                        scoops + bonus
                    })
                    .collect();
                let sum = per.iter().sum();
                ("ice-cream", per, sum)
            }
            "christmas" => {
                let per: Vec<i32> = (0..3u8).map(|s| spec_lights(sheet, s)).collect();
                let sum = per.iter().sum();
                ("lights", per, sum)
            }
            _ => ("", Vec::new(), 0),
        };
        if !row.is_empty() {
            let r = sc.row(row).unwrap();
            assert_eq!(r.parts, parts, "seat {seat} {row} boxes\n{sheet}");
            assert_eq!(r.points, points, "seat {seat} {row} points\n{sheet}");
        }
        assert_eq!(
            sc.total,
            spec_total(sheet, t) + points,
            "seat {seat} total\n{sheet}"
        );
        assert_eq!(sc.rows.iter().map(|r| r.points).sum::<i32>(), sc.total);
        // T7: the tie-break key is the base one (completed estates, then by size).
        let counts = spec_estates(sheet);
        assert_eq!(sc.tie_break.by_size, counts);
        assert_eq!(sc.tie_break.estates, counts.iter().sum::<u8>());
    }
}

// ===== a random player built on the staged turn machine =====

/// A random legal turn, one decision at a time: mostly numbers, sometimes a roundabout,
/// effects used more often than not, plans validated when they can be.
fn random_turn(ctx: TurnContext<'_>, sheet: &Sheet, rng: &mut ChaCha8Rng) -> Turn {
    let mut m = TurnMachine::new(ctx, sheet);
    let mut options = Vec::new();
    while m.stage() != Stage::Done {
        m.options_up_to(4, &mut options);
        assert!(!options.is_empty(), "a turn always goes on");
        let of = |f: &dyn Fn(&Decision) -> bool| -> Vec<Decision> {
            options.iter().filter(|d| f(d)).cloned().collect()
        };
        let choose = |v: &[Decision], rng: &mut ChaCha8Rng| v[rng.gen_range(0..v.len())].clone();
        let d = match m.stage() {
            Stage::Start | Stage::Plans => {
                let rounds = of(&|d| matches!(d, Decision::Roundabout(_)));
                let claims = of(&|d| matches!(d, Decision::Claim(_)));
                let plays = of(&|d| matches!(d, Decision::Build { .. } | Decision::Refuse { .. }));
                let stops = of(&|d| matches!(d, Decision::Stop { .. }));
                if !claims.is_empty() && rng.gen_bool(0.9) {
                    choose(&claims, rng)
                } else if !rounds.is_empty() && rng.gen_bool(0.1) {
                    choose(&rounds, rng)
                } else if !plays.is_empty() {
                    choose(&plays, rng)
                } else {
                    choose(&stops, rng)
                }
            }
            Stage::Effect { .. } if options.len() > 1 && rng.gen_bool(0.7) => {
                choose(&options[1..], rng)
            }
            Stage::Effect { .. } => Decision::Effect(None),
            _ => choose(&options, rng),
        };
        m.apply(d.clone())
            .unwrap_or_else(|e| panic!("listed decision {d:?} is refused: {e}"));
    }
    m.finish().expect("a finished turn").0
}

/// A whole game of random players; `after(game, before)` is called after every round with
/// the sheets as they were before it.
fn random_game(
    options: Options,
    players: usize,
    seed: u64,
    after: &mut dyn FnMut(&Game, &[Sheet]),
) -> Game {
    let mut game = Game::new(options, players, seed).expect("valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7e3a);
    while !game.is_over() {
        assert!(game.round() < 200, "a game always ends");
        let before = game.sheets().to_vec();
        for (seat, sheet) in before.iter().enumerate() {
            let ctx = game.context(seat).unwrap();
            let turn = random_turn(ctx, sheet, &mut rng);
            game.submit(seat, turn.clone())
                .unwrap_or_else(|e| panic!("seat {seat}: {turn:?} is refused: {e}\n{sheet}"));
        }
        game.resolve().expect("live play always deals");
        after(&game, &before);
    }
    game
}

/// A random game checked round by round against the spec's models.
fn checked_game(options: Options, players: usize, seed: u64) -> Game {
    let mut models = vec![Trucks::new(); players];
    random_game(options, players, seed, &mut |g, before| {
        check_round(g, before, &mut models)
    })
}

// ===== scripted standard games =====

const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

type Combo = (u8, Effect);

/// Draws for a standard game whose round r offers the combinations `offers[r]` (in any stack
/// order). A stack's number card carries on its back the effect that stack offers the next
/// round (base §2.2), so the deck decides which offers can follow each other.
fn deal(offers: &[[Combo; 3]]) -> Vec<Vec<Draw>> {
    fn search(
        offers: &[[Combo; 3]],
        r: usize,
        prev: Option<[u8; 3]>,
        left: &mut BTreeMap<Card, u32>,
        orders: &mut Vec<[Combo; 3]>,
    ) -> bool {
        if r == offers.len() {
            return true;
        }
        for p in PERMS {
            let combos = p.map(|i| offers[r][i]);
            let cards: Vec<Card> = match prev {
                Some(numbers) => (0..3).map(|i| Card::new(numbers[i], combos[i].1)).collect(),
                None => Vec::new(),
            };
            let mut taken = Vec::new();
            for c in &cards {
                match left.get_mut(c) {
                    Some(k) if *k > 0 => {
                        *k -= 1;
                        taken.push(*c);
                    }
                    _ => break,
                }
            }
            if taken.len() == cards.len() {
                orders.push(combos);
                if search(offers, r + 1, Some(combos.map(|c| c.0)), left, orders) {
                    return true;
                }
                orders.pop();
            }
            for c in taken {
                *left.get_mut(&c).unwrap() += 1;
            }
        }
        false
    }
    let mut left: BTreeMap<Card, u32> = BTreeMap::new();
    for &c in &ed().deck {
        *left.entry(c).or_default() += 1;
    }
    let mut orders = Vec::new();
    assert!(
        search(offers, 0, None, &mut left, &mut orders),
        "the deck cannot deal these offers"
    );
    // The cards not reserved by the search: the last round's number cards first, then the
    // first round's effect cards from the most plentiful faces.
    let mut take = |what: &str, pred: &dyn Fn(&Card) -> bool| -> Card {
        let c = *left
            .iter()
            .filter(|(c, &k)| k > 0 && pred(c))
            .max_by_key(|(_, &k)| k)
            .unwrap_or_else(|| panic!("no card left for {what}"))
            .0;
        *left.get_mut(&c).unwrap() -= 1;
        c
    };
    let last = orders.len() - 1;
    let last_numbers: Vec<Card> = orders[last]
        .iter()
        .map(|&(n, _)| take("a last number", &|c: &Card| c.number == n))
        .collect();
    let first_effects: Vec<Card> = orders[0]
        .iter()
        .map(|&(_, e)| take("a first effect", &|c: &Card| c.effect == e))
        .collect();
    let mut draws = Vec::new();
    for (r, combos) in orders.iter().enumerate() {
        let mut d = Vec::new();
        if r == 0 {
            d.extend(first_effects.iter().copied());
        }
        for (i, &(n, _)) in combos.iter().enumerate() {
            d.push(if r == last {
                last_numbers[i]
            } else {
                // Reserved by the search.
                Card::new(n, orders[r + 1][i].1)
            });
        }
        draws.push(d.into_iter().map(Draw::Card).collect());
    }
    draws
}

/// A standard game dealt from a script, played round by round with live `submit`/`resolve`.
struct Script {
    setup: RecordSetup,
    offers: Vec<[Combo; 3]>,
    draws: Vec<Vec<Draw>>,
    played: Vec<Vec<Turn>>,
}

impl Script {
    fn new(options: Options, seats: usize, plans: [u8; 3], offers: &[[Combo; 3]]) -> Script {
        Script {
            setup: RecordSetup {
                edition: "first".into(),
                options,
                // Hand-written draws, which no seed deals.
                seed: None,
                seats: (1..=seats).map(|i| format!("P{i}")).collect(),
                plans,
                values: Default::default(),
                layout: None,
            },
            offers: offers.to_vec(),
            draws: deal(offers),
            played: Vec::new(),
        }
    }

    /// The game with the scripted rounds played so far and the next one dealt.
    fn game(&self) -> Game {
        let r = self.played.len();
        let rounds = (0..=r)
            .map(|i| RoundLog {
                round: i as u16 + 1,
                draws: self.draws[i].clone(),
                turns: self.played.get(i).cloned().unwrap_or_default(),
                ..RoundLog::default()
            })
            .collect();
        let game = Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            setup: self.setup.clone(),
            rounds,
            result: None,
        }
        .replay()
        .unwrap_or_else(|e| panic!("the script replays: {e}"));
        let Some(Offer::Combinations(c)) = game.offer(0) else {
            panic!("a standard game offers combinations")
        };
        let mut got: Vec<Combo> = c.iter().map(|c| (c.number, c.effect)).collect();
        let mut want = self.offers[r].to_vec();
        got.sort();
        want.sort();
        assert_eq!(got, want, "round {} offers", r + 1);
        game
    }

    /// Plays the next round: every seat submits its turn from `turns(game)`. Returns the game
    /// with every turn submitted (not yet resolved) and the game after the round.
    fn round(&mut self, turns: impl Fn(&Game) -> Vec<Turn>) -> (Game, Game) {
        let mut game = self.game();
        let ts = turns(&game);
        for (seat, t) in ts.iter().enumerate() {
            game.submit(seat, t.clone())
                .unwrap_or_else(|e| panic!("seat {seat}: {t:?}: {e}"));
        }
        let pending = game.clone();
        game.resolve().expect("the round resolves");
        self.played.push(ts);
        (pending, game)
    }
}

/// The combination offering `n` with effect `e`, or else the only one offering `n`.
fn pick(game: &Game, n: u8, e: Effect) -> Pick {
    let Some(Offer::Combinations(c)) = game.offer(0) else {
        panic!("a standard game offers combinations")
    };
    let i = c
        .iter()
        .position(|c| c.number == n && c.effect == e)
        .or_else(|| {
            let same: Vec<usize> = (0..3).filter(|&i| c[i].number == n).collect();
            (same.len() == 1).then(|| same[0])
        })
        .unwrap_or_else(|| panic!("{n}-{e} is not offered: {c:?}"));
    Pick::Combination(i as u8)
}

// ===== Common (§1) =====

#[test]
fn t1_one_sheet_for_the_table_in_every_mode() {
    let mut seed = 100;
    for id in ALL_SHEETS {
        let layout = sheet_layout(id);
        for (mode, players) in [(Mode::Standard, 3), (Mode::Solo, 1), (Mode::Expert, 3)] {
            for advanced in [false, true] {
                seed += 1;
                let options = Options::new(mode).sheet(layout.id).advanced(advanced);
                let game = Game::new(options, players, seed)
                    .unwrap_or_else(|e| panic!("{id} {mode:?} advanced {advanced}: {e}"));
                assert_eq!(game.layout().id, layout.id);
                assert_eq!(game.options().sheet, layout.id);
                for seat in 0..players {
                    assert_eq!(game.sheet(seat), Some(&Sheet::new(layout)));
                    assert_eq!(game.context(seat).unwrap().layout.id, layout.id);
                }
                // The sheet travels in the table options.
                let json = serde_json::to_string(&options).unwrap();
                assert!(json.contains(&format!("\"sheet\":\"{id}\"")), "{json}");
                assert_eq!(serde_json::from_str::<Options>(&json).unwrap(), options);
                // A whole game is played on it, every seat on the same sheet.
                let done = checked_game(options, players, seed);
                assert!(done.is_over());
                assert_eq!(done.layout().id, layout.id);
                assert_eq!(done.sheets().len(), players);
            }
        }
    }
    // Without a sheet option the table plays the classic sheet.
    let json = r#"{"mode":"standard"}"#;
    let options: Options = serde_json::from_str(json).unwrap();
    assert_eq!(options.sheet, SheetId::classic());
}

#[test]
fn t2_thematic_sheets_keep_the_classic_streets_pools_and_tracks() {
    let classic = ed().default_sheet();
    assert_eq!(classic.id, "classic");
    for id in THEMATIC {
        let l = sheet_layout(id);
        let lens: Vec<u8> = l.streets.iter().map(|s| s.houses).collect();
        assert_eq!(lens, STREET_LEN, "{id} streets");
        for (s, st) in l.streets.iter().enumerate() {
            assert_eq!(st.pools, PLANNED_POOLS[s], "{id} street {} pools", s + 1);
            assert_eq!(st.parks.0, PARKS[s], "{id} street {} parks", s + 1);
        }
        assert_eq!(l.pools.0, POOLS);
        assert_eq!(l.bis.0, BIS);
        assert_eq!(l.roundabouts.0, ROUNDABOUTS);
        assert_eq!(l.refusals.0, REFUSALS);
        let re: Vec<&[i32]> = l.real_estate.iter().map(|t| t.0.as_slice()).collect();
        assert_eq!(re, REAL_ESTATE);
        assert_eq!(l.temp_majority, [7, 4, 1]);
        assert_eq!((l.solo_temps.at_least, l.solo_temps.points), (6, 7));
        assert_eq!(l.temp_boxes, classic.temp_boxes);
        // A blank thematic sheet is a blank classic sheet: same streets and planned pools.
        assert_eq!(Sheet::new(l), Sheet::new(classic));
        let s = Sheet::new(l);
        for (st, pools) in PLANNED_POOLS.iter().enumerate() {
            for i in 1..=STREET_LEN[st] {
                assert_eq!(s.has_planned_pool(h(st as u8 + 1, i)), pools.contains(&i));
            }
        }
        // The same base arithmetic: a sheet with every base track used scores the base
        // rows as on the classic sheet.
        let mut d = data([
            "1 2 | 3* 4 5 | 6 7 8",
            "0 1 2 3 3b | 5 6 | 7",
            "0 1 R 3 4 5",
        ]);
        d.streets[0].parks = 2;
        d.streets[1].parks = 3;
        d.streets[2].parks = 5;
        d.temps = 4;
        d.real_estate = [1, 2, 1, 0, 0, 0];
        d.refusals = 2;
        d.plans = [Some(8), None, None];
        let mut d_classic = d.clone();
        if id == "ice-cream" {
            d.streets[2].truck = Some(Left);
        }
        d_classic.streets[2].truck = None;
        let a = Score::of(l, &load_on(l, &d), Temps::Ranked(&[4, 1]));
        let b = Score::of(
            classic,
            &load_on(classic, &d_classic),
            Temps::Ranked(&[4, 1]),
        );
        for row in printed_rows("classic") {
            assert_eq!(a.row(row), b.row(row), "{id} row {row}");
        }
    }
}

/// The plan ids of stack `stack` of the base game (Ruling 22), with or without the advanced
/// plans.
fn base_stack(stack: u8, advanced: bool) -> BTreeSet<u8> {
    let basic = match stack {
        1 => 0..=5,
        2 => 6..=11,
        _ => 12..=17,
    };
    let extra: Vec<u8> = match (stack, advanced) {
        (1, true) => (18..=22).collect(),
        (2, true) => (23..=27).collect(),
        _ => Vec::new(),
    };
    basic.chain(extra).collect()
}

/// The three plans of a sheet (§1.3), or the base stack n°3.
fn own_plans(id: &str) -> BTreeSet<u8> {
    match id {
        "ice-cream" => (28..=30).collect(),
        "christmas" => (31..=33).collect(),
        "easter" => (34..=36).collect(),
        _ => (12..=17).collect(),
    }
}

#[test]
fn t3_stack_3_holds_exactly_the_sheets_plans() {
    for id in ALL_SHEETS {
        let layout = sheet_layout(id);
        for advanced in [false, true] {
            let dealable = |stack: u8| -> BTreeSet<u8> {
                ed().plans_of(layout)
                    .filter(|p| p.stack == stack && (advanced || !p.advanced))
                    .map(|p| p.id)
                    .collect()
            };
            assert_eq!(dealable(1), base_stack(1, advanced), "{id} stack 1");
            assert_eq!(dealable(2), base_stack(2, advanced), "{id} stack 2");
            assert_eq!(dealable(3), own_plans(id), "{id} stack 3");
            for p in &ed().plans {
                let allowed = dealable(p.stack).contains(&p.id);
                assert_eq!(
                    ed().plan_allowed(layout, p, advanced),
                    allowed,
                    "{id} advanced {advanced} plan {}",
                    p.id
                );
            }
        }
        // Thematic plans belong to their sheet and to stack n°3.
        for p in ed().plans.iter().filter(|p| p.id >= 28) {
            assert_eq!(p.stack, 3);
            assert!(!p.advanced);
            let owner = p.sheet.map(|s| s.to_string());
            let expected = match p.id {
                28..=30 => "ice-cream",
                31..=33 => "christmas",
                _ => "easter",
            };
            assert_eq!(owner.as_deref(), Some(expected), "plan {}", p.id);
        }
    }
}

#[test]
fn t3_deal_over_many_seeds_never_mixes_sheets() {
    for id in ALL_SHEETS {
        let layout = sheet_layout(id);
        for advanced in [false, true] {
            let mut seen: [BTreeSet<u8>; 3] = Default::default();
            for seed in 0..400u64 {
                let options = Options::new(Mode::Standard)
                    .sheet(layout.id)
                    .advanced(advanced);
                let game = Game::new(options, 2, seed).unwrap();
                for (slot, p) in game.plans().iter().enumerate() {
                    assert!(!p.approved);
                    seen[slot].insert(p.card);
                }
                let third = game.plans()[2].card;
                assert!(
                    own_plans(id).contains(&third),
                    "{id} seed {seed}: plan {third} in stack n°3"
                );
            }
            assert_eq!(seen[0], base_stack(1, advanced), "{id} stack 1 deals");
            assert_eq!(seen[1], base_stack(2, advanced), "{id} stack 2 deals");
            assert_eq!(seen[2], own_plans(id), "{id} stack 3 deals");
        }
    }
    // Solo and expert deal the same way.
    for (mode, players) in [(Mode::Solo, 1), (Mode::Expert, 2)] {
        for seed in 0..50u64 {
            let options = Options::new(mode).sheet(easter_l().id);
            let game = Game::new(options, players, seed).unwrap();
            assert!(own_plans("easter").contains(&game.plans()[2].card));
            assert!(game.plans()[0].card <= 5 && (6..=11).contains(&game.plans()[1].card));
        }
    }
}

/// A sheet meeting plan `id`, with the estates to name.
fn meeting(id: u8) -> (&'static SheetLayout, Sheet, Vec<HouseRef>) {
    match id {
        28 => (ice(), all_cones_of_s2(), vec![]),
        29 => (ice(), plan_29_sheet(), vec![h(3, 1), h(1, 4), h(2, 1)]),
        30 => (ice(), plan_30_sheet(), vec![h(1, 5), h(2, 1), h(3, 1)]),
        31 => (
            xmas(),
            sheet_on(xmas(), ["", "", "1 2 3 4 5 6 | 7 8 9 10 11 12"]),
            vec![h(3, 1), h(3, 7)],
        ),
        32 => (
            xmas(),
            sheet_on(xmas(), ["1 2 3 4 5 5b 6 7 8 9", "", ""]),
            vec![],
        ),
        33 => (
            xmas(),
            sheet_on(xmas(), ["1 3 5 | 7 9 11 |", "2 4 6 |", ""]),
            vec![h(1, 4), h(2, 1)],
        ),
        34 => (
            easter_l(),
            sheet_on(easter_l(), ["", "", "_ _ 6 _ 8 9 _ 10 _ 16 _ _"]),
            vec![],
        ),
        35 => (easter_l(), plan_35_sheet(), vec![h(1, 1), h(1, 3), h(1, 6)]),
        36 => (
            easter_l(),
            plan_36_sheet(2),
            vec![h(1, 3), h(2, 5), h(3, 4)],
        ),
        _ => panic!("plan {id} is not thematic"),
    }
}

/// Ice Cream: every S2 cone circled, numbering them left to right.
fn all_cones_of_s2() -> Sheet {
    plays(
        ice(),
        &[
            w(2, 1, 1),
            w(2, 2, 2),
            w(2, 4, 4),
            w(2, 5, 5),
            w(2, 7, 7),
            w(2, 9, 9),
            w(2, 10, 10),
        ],
    )
}

/// Ice Cream, for plan 29: estates S1 1–3 (the circled cone of house 1), S1 4–7 (cones 5, 6
/// crossed), S2 1–5 (cones 1, 2, 4, 5 crossed), S3 1–3 (left truck; cones 1, 2 crossed).
fn plan_29_sheet() -> Sheet {
    plays(
        ice(),
        &[
            w(1, 1, 1),
            w(1, 2, 2),
            w(1, 3, 3).fence(3),
            w(1, 4, 4),
            w(1, 5, 5),
            w(1, 6, 6),
            w(1, 7, 7).fence(7),
            w(2, 11, 15),
            w(2, 1, 1),
            w(2, 2, 2),
            w(2, 3, 3),
            w(2, 4, 4),
            w(2, 5, 5).fence(5),
            w(3, 12, 17).temp().truck(Left),
            w(3, 1, 1),
            w(3, 2, 2),
            w(3, 3, 3).fence(3),
        ],
    )
}

/// Ice Cream, for plan 30: three 4-house estates with 3 circled cones each (S1 5–8, S2 1–4,
/// S3 1–4 with the left truck).
fn plan_30_sheet() -> Sheet {
    plays(
        ice(),
        &[
            w(1, 8, 14),
            w(1, 7, 13).fence(8),
            w(1, 6, 12),
            w(1, 5, 11).fence(4),
            w(2, 1, 1),
            w(2, 2, 2),
            w(2, 3, 3),
            w(2, 4, 4).fence(4),
            w(3, 1, 1).truck(Left),
            w(3, 2, 2),
            w(3, 3, 3),
            w(3, 4, 4).fence(4),
        ],
    )
}

/// Easter, for plan 35: S1 `1 2 | 3 4 5 | 7 11 12 13 |` — estates of 2, 3 and 4 whose egg
/// houses hold numbers without a loop.
fn plan_35_sheet() -> Sheet {
    sheet_on(easter_l(), ["1 2 | 3 4 5 | 7 11 12 13 |", "", ""])
}

/// Easter, for plan 36: three 3-house estates, S1 `6 8 9` (4 eggs), S2 `5 6 8` (3 eggs) and
/// S3 `7 8 x` with x = 9 (3 eggs) or x = 11 (2 eggs).
fn plan_36_sheet(last: u8) -> Sheet {
    let s3 = if last == 2 {
        "_ _ _ | 7 8 9 |"
    } else {
        "_ _ _ | 7 8 11 |"
    };
    sheet_on(easter_l(), ["_ _ | 6 8 9 |", "_ _ _ _ | 5 6 8 |", s3])
}

#[test]
fn t4_thematic_plan_values_first_and_second() {
    let table: [(u8, u8, u8); 9] = [
        (28, 6, 4),
        (29, 7, 3),
        (30, 8, 4),
        (31, 10, 5),
        (32, 14, 7),
        (33, 10, 5),
        (34, 7, 3),
        (35, 10, 5),
        (36, 8, 4),
    ];
    for (id, first, second) in table {
        let card = ed().plan(id).unwrap();
        assert_eq!((card.first, card.second), (first, second), "plan {id}");
        let (layout, sheet, estates) = meeting(id);
        // Ruling 12: the first value until some seat validates it, the second after.
        let a =
            claim(layout, &sheet, id, &estates, false).unwrap_or_else(|e| panic!("plan {id}: {e}"));
        assert_eq!(a.plan_scores()[2], Some(first), "plan {id} first");
        let b = claim(layout, &sheet, id, &estates, true).unwrap();
        assert_eq!(b.plan_scores()[2], Some(second), "plan {id} second");
        let sc = Score::of(layout, &a, Temps::Ranked(&[0]));
        assert_eq!(sc.row("plans").unwrap().parts, [0, 0, first as i32]);
        // Scored once only.
        assert_eq!(
            claim_again(layout, &a, id, &estates),
            Err("plan_already_scored")
        );
    }
}

fn claim_again(
    layout: &SheetLayout,
    sheet: &Sheet,
    id: u8,
    estates: &[HouseRef],
) -> Result<(), &'static str> {
    claim(layout, sheet, id, estates, true)
        .map(|_| ())
        .map_err(|e| e.code())
}

fn code(r: Result<Sheet, TurnError>) -> &'static str {
    match r {
        Ok(_) => "ok",
        Err(e) => e.code(),
    }
}

#[test]
fn t5_thematic_estate_plans_name_estates_and_lock_them() {
    let l = easter_l();
    let s = plan_36_sheet(2);
    let good = [h(1, 3), h(2, 5), h(3, 4)];
    assert_eq!(code(claim(l, &s, 36, &good, false)), "ok");
    // One distinct estate per listed size.
    assert_eq!(
        code(claim(l, &s, 36, &[h(1, 3), h(1, 3), h(3, 4)], false)),
        "estate_twice"
    );
    assert_eq!(
        code(claim(l, &s, 36, &[h(1, 3), h(2, 5)], false)),
        "estate_sizes"
    );
    // Sizes exactly: the 2-house run S1 1–2 is not complete, S2 1–4 is not a 3.
    let wrong_size = sheet_on(l, ["_ _ | 6 8 9 |", "0 1 2 3 | 5 6 8 |", "_ _ _ | 7 8 9 |"]);
    assert_eq!(
        code(claim(
            l,
            &wrong_size,
            36,
            &[h(1, 3), h(2, 1), h(3, 4)],
            false
        )),
        "estate_sizes"
    );
    // Completed only.
    assert_eq!(
        code(claim(l, &s, 36, &[h(1, 1), h(2, 5), h(3, 4)], false)),
        "estate_incomplete"
    );
    // An estate is named by its first house.
    assert_eq!(
        code(claim(l, &s, 36, &[h(1, 4), h(2, 5), h(3, 4)], false)),
        "no_estate"
    );
    // 1 to 6 houses: a completed run of 7 is no estate.
    let seven = sheet_on(l, ["0 1 2 6 8 9 10 | _ _ _", "", ""]);
    assert_eq!(
        code(claim(l, &seven, 35, &[h(1, 1)], false)),
        "estate_too_long"
    );
    // Each named estate meets the condition on its own: 4 + 3 + 2 = 9 eggs is not enough
    // when one estate holds only 2.
    let short = plan_36_sheet(3);
    let e = claim(l, &short, 36, &good, false).unwrap_err();
    assert_eq!(e.code(), "plan_not_met", "{e}");
    assert_eq!(
        modules::feature_in(l, &short, Feature::Eggs, 2, 3, 3),
        2,
        "S3 `7 8 11` holds 2 eggs"
    );
    // Unlocked only, and validating locks every house of the named estates.
    let after = claim(l, &s, 36, &good, false).unwrap();
    assert_eq!(used(&after), houses_of(&[(1, 3, 3), (2, 5, 3), (3, 4, 3)]));
    assert_eq!(
        code(claim(l, &after, 2, &good, false)),
        "estate_used",
        "basic plan 2 (3, 3, 3) cannot reuse them"
    );
    // Every thematic estate plan locks exactly the houses of its estates.
    for id in [29, 30, 31, 33, 35, 36] {
        let (layout, sheet, estates) = meeting(id);
        let after =
            claim(layout, &sheet, id, &estates, false).unwrap_or_else(|e| panic!("plan {id}: {e}"));
        let mut expected = Vec::new();
        for &x in &estates {
            let (e, complete) = sheet.run_starting_at(x).unwrap();
            assert!(complete);
            expected.extend((e.start..e.start + e.len).map(|i| HouseRef::new(e.street, i)));
        }
        expected.sort();
        let sizes = ed().plan(id).unwrap().condition.estate_sizes().unwrap();
        assert_eq!(
            expected.len(),
            sizes.iter().map(|&s| s as usize).sum::<usize>()
        );
        assert_eq!(used(&after), expected, "plan {id} locks");
        // Locked estates cannot be named again, even for the same plan in another game state.
        assert_eq!(
            code(claim(layout, &after, id, &estates, false)),
            "plan_already_scored"
        );
        assert_eq!(used(&sheet), Vec::<HouseRef>::new());
    }
}

#[test]
fn t6_feature_plans_name_no_estate_and_lock_nothing() {
    for id in [28, 32, 34] {
        let card = ed().plan(id).unwrap();
        assert!(card.condition.estate_sizes().is_none(), "plan {id}");
        let (layout, sheet, estates) = meeting(id);
        assert!(estates.is_empty());
        let named = sheet.completed_estates();
        let some = named.first().map(|e| e.first_house()).unwrap_or(h(1, 1));
        assert_eq!(
            code(claim(layout, &sheet, id, &[some], false)),
            "estates_not_wanted",
            "plan {id}"
        );
        let after = claim(layout, &sheet, id, &[], false).unwrap();
        assert_eq!(after.plan_scores()[2], Some(card.first));
        assert_eq!(
            used(&after),
            Vec::<HouseRef>::new(),
            "plan {id} locks nothing"
        );
    }
    // The houses stay free for an estate plan: after plan 32 on S1, plan 10 (estates of 4
    // and 5) takes two estates of that same street.
    let l = xmas();
    let s = sheet_on(l, ["1 2 3 4 | 5 5b 6 7 8 | 9", "", ""]);
    let after = claim(l, &s, 32, &[], false).unwrap();
    let mut plans = slots([0, 10, 32]);
    plans[2].approved = true;
    let c = tctx(l, offer1(1, Surveyor), &plans);
    let pc = PlanClaim {
        plan: 1,
        estates: vec![h(1, 1), h(1, 5)],
    };
    let after = c.apply_claim(&after, &pc, &[]).unwrap();
    assert_eq!(used(&after), houses_of(&[(1, 1, 9)]));
}

#[test]
fn t7_total_adds_the_sheets_points_and_keeps_the_tie_break() {
    // The same houses on the classic sheet and on each thematic sheet.
    let rows = [
        "0 1 2 | 6 8 9 | 10 _ _ 16",
        "0 1 1b | 5 6 7 8 | 9 10 11",
        "1 2 3 4 | 5 6 R 8 9 10 | _ 15",
    ];
    let classic = ed().default_sheet();
    let base = load_on(classic, &data(rows));
    let base_score = Score::of(classic, &base, Temps::Ranked(&[0]));
    for id in THEMATIC {
        let l = sheet_layout(id);
        let d = if id == "ice-cream" {
            ice_data(rows, [&[1, 5], &[4, 5, 9], &[2, 8]], Some(Left))
        } else {
            data(rows)
        };
        let s = load_on(l, &d);
        let sc = Score::of(l, &s, Temps::Ranked(&[0]));
        let own = match id {
            "easter" => {
                let eggs: u32 = s.all_houses().map(|x| spec_collected(&s, x) as u32).sum();
                spec_egg_points(eggs)
            }
            "ice-cream" => {
                // 1 + 3 | 1 + 2 + 3 | 3 + 3, no bonus won.
                4 + 6 + 6
            }
            _ => (0..3).map(|st| spec_lights(&s, st)).sum(),
        };
        assert!(own > 0, "{id}");
        assert_eq!(sc.total, base_score.total + own, "{id}");
        assert_eq!(sc.total, Score::total_of(l, &s, Temps::Ranked(&[0])));
        assert_eq!(sc.tie_break, base_score.tie_break, "{id}");
        assert_eq!(row_ids(&sc), printed_rows(id));
        for row in printed_rows("classic") {
            assert_eq!(sc.row(row), base_score.row(row), "{id} {row}");
        }
    }
    // Thematic points are no tie-break: equal totals are decided by estates (Ruling 16),
    // even when one sheet owes more of its total to eggs.
    let l = easter_l();
    let many_eggs = sheet_on(l, ["_ _ 6 8 9 _ 10 _ _ 16", "", ""]); // 6 eggs: 5 points
    let estates = sheet_on(l, ["1 | 2 | 3 | 4 | 5 |", "", ""]); // five 1-estates: 5 points
    let a = Score::of(l, &many_eggs, Temps::Ranked(&[0, 0]));
    let b = Score::of(l, &estates, Temps::Ranked(&[0, 0]));
    assert_eq!((a.points("eggs"), a.total), (5, 5));
    assert_eq!((b.points("eggs"), b.points("estates"), b.total), (0, 5, 5));
    assert_eq!(ranks(&[a, b]), [2, 1]);
}

#[test]
fn t8_a_refusal_changes_no_feature() {
    // Nothing fits 12 anywhere: the only empty house (S3 7) takes a 6 and nothing else.
    let rows = [
        "1 2 3 4 5 6 7 8 9 10",
        "0 1 2 3 4 5 6 7 8 9 10",
        "0 1 2 3 4 5 _ 7 8 9 10 11",
    ];
    let ice_d = {
        let mut d = ice_data(rows, [&[1, 3], &[2, 9, 10], &[4, 8]], Some(Right));
        d.streets[0].bonus = Some(Race::Won);
        d.streets[1].bonus = Some(Race::Lost);
        d
    };
    for id in THEMATIC {
        let l = sheet_layout(id);
        let mut d = if id == "ice-cream" {
            ice_d.clone()
        } else {
            data(rows)
        };
        let before = load_on(l, &d);
        let after = refuse(l, &before, 12).unwrap_or_else(|e| panic!("{id}: {e}"));
        d.refusals = 1;
        assert_eq!(after, load_on(l, &d), "{id}: only the refusal box changes");
        let (a, b) = (
            Score::of(l, &before, Temps::Ranked(&[0])),
            Score::of(l, &after, Temps::Ranked(&[0])),
        );
        let own = printed_rows(id)[1];
        assert_eq!(a.row(own), b.row(own), "{id}");
        for s in 0..3u8 {
            assert_eq!(before.race(s), after.race(s));
            assert_eq!(before.choice(s), after.choice(s));
            assert_eq!(before.marks_in(s), after.marks_in(s));
            assert_eq!(
                christmas::longest_string(&before, s),
                christmas::longest_string(&after, s)
            );
        }
    }
    // A refusal is allowed only when nothing fits: with S3 still empty, a 12 fits there.
    let l = ice();
    let s = sheet_on(l, ["1 2 3 4 5 6 7 8 9 10", "0 1 2 3 4 5 6 _ 8 9 10", ""]);
    assert_eq!(code(refuse(l, &s, 12)), "refusal_not_allowed");
}

#[test]
fn t9_a_roundabout_collects_no_egg_moves_no_truck_makes_no_link() {
    // Easter: a roundabout on the 2-egg house S1 4 collects nothing, now or later.
    let l = easter_l();
    let s = play(l, &Sheet::new(l), w(2, 7, 8).roundabout(1, 4, When::Before));
    assert_eq!(s.house(h(1, 4)), House::Roundabout);
    assert_eq!(easter::collected(l, &s, h(1, 4)), 0);
    assert_eq!(easter::total(l, &s), 2, "only the 8 on S2 7");
    assert_eq!(code(try_play(l, &s, w(1, 4, 8))), "house_not_empty");
    // Ice Cream: a roundabout never moves a truck, before the number or after it.
    let l = ice();
    let s = play(
        l,
        &Sheet::new(l),
        w(1, 10, 12).roundabout(2, 5, When::Before),
    );
    assert_eq!(truck_at(&s, 2), None, "the S2 truck is still parked");
    assert_eq!(crossed(&s, 2), Vec::<u8>::new());
    assert_eq!(circled(&s, 2), Vec::<u8>::new());
    let s = play(l, &s, w(2, 2, 3).roundabout(2, 11, When::After));
    assert_eq!(truck_at(&s, 2), Some(2), "the truck stays at house 2");
    assert_eq!(crossed(&s, 2), [1]);
    assert!(!finished(&s, 2));
    // A roundabout in S3 chooses no truck.
    let s = play(l, &Sheet::new(l), w(1, 1, 3).roundabout(3, 6, When::Before));
    assert_eq!(s.choice(2), 0);
    assert_eq!(ice_cream::truck(l, &s, 2), None);
    // Christmas: no link on either side of a roundabout.
    let l = xmas();
    let s = plays(
        l,
        &[
            w(3, 1, 4),
            w(3, 2, 5).roundabout(3, 3, When::After),
            w(3, 4, 6),
        ],
    );
    assert!(christmas::linked(&s, 2, 0));
    assert!(!christmas::linked(&s, 2, 1));
    assert!(!christmas::linked(&s, 2, 2));
    assert_eq!(christmas::longest_string(&s, 2), 2);
}

// ===== Easter (§2) =====

#[test]
fn t10_egg_houses() {
    let l = easter_l();
    let mut per_street = [0u32; 3];
    let mut two = Vec::new();
    for s in 0..3u8 {
        for i in 0..STREET_LEN[s as usize] {
            let x = HouseRef::new(s, i);
            assert_eq!(l.eggs(s, i), spec_eggs(x), "{x}");
            per_street[s as usize] += l.eggs(s, i) as u32;
            if l.eggs(s, i) == 2 {
                two.push(h(s + 1, i + 1));
            }
        }
    }
    assert_eq!(per_street, [6, 7, 7]);
    assert_eq!(per_street.iter().sum::<u32>(), 20);
    assert_eq!(two, [h(1, 4), h(2, 1), h(2, 7), h(3, 5), h(3, 8)]);
    let egg_houses: usize = l.streets.iter().map(|s| s.eggs.len()).sum();
    assert_eq!(egg_houses, 15);
    // One egg house of each colour per street; colours are for drawing only.
    for st in &l.streets {
        let colours: BTreeSet<&str> = st.eggs.iter().map(|e| e.colour.as_str()).collect();
        assert_eq!(colours.len(), 5);
    }
    // No other sheet prints eggs.
    for id in ["classic", "ice-cream", "christmas"] {
        let o = sheet_layout(id);
        assert!((0..3u8).all(|s| (0..12).all(|i| o.eggs(s, i) == 0)), "{id}");
    }
}

#[test]
fn t11_egg_collection_by_number() {
    let l = easter_l();
    let houses: Vec<HouseRef> = Sheet::new(l).all_houses().collect();
    for n in 0..=17u8 {
        let expected_loops = spec_loops(n);
        assert_eq!(l.egg_loops_of(n), expected_loops, "{n}");
        for &x in &houses {
            let mut one = w(x.street + 1, x.house + 1, n);
            if matches!(n, 0 | 16 | 17) {
                one = one.temp();
            }
            let s = play(l, &Sheet::new(l), one);
            let expected = spec_eggs(x).min(expected_loops);
            assert_eq!(easter::collected(l, &s, x), expected, "{n} in {x}");
            assert_eq!(easter::total(l, &s), expected, "{n} in {x}");
        }
    }
    // A Pool combination on an egg house builds the pool and collects by its number.
    let s = play(l, &Sheet::new(l), w(1, 3, 6).pool());
    assert!(s.has_pool(h(1, 3)));
    assert_eq!(easter::collected(l, &s, h(1, 3)), 1);
    // The table spelled out on a 2-egg and a 1-egg house.
    let on = |x: W| easter::total(l, &play(l, &Sheet::new(l), x));
    assert_eq!(on(w(2, 1, 0).temp()), 2);
    assert_eq!(on(w(2, 1, 8)), 2);
    assert_eq!(on(w(2, 1, 10)), 2);
    assert_eq!(on(w(2, 4, 0).temp()), 1);
    assert_eq!(on(w(2, 4, 8)), 1);
    assert_eq!(on(w(2, 4, 10)), 1);
    for n in [6, 9, 16] {
        let x = if n == 16 {
            w(2, 1, n).temp()
        } else {
            w(2, 1, n)
        };
        assert_eq!(on(x), 1, "{n} on a 2-egg house");
        let x = if n == 16 {
            w(2, 4, n).temp()
        } else {
            w(2, 4, n)
        };
        assert_eq!(on(x), 1, "{n} on a 1-egg house");
    }
    for n in [1, 2, 3, 4, 5, 7, 11, 12, 13, 14, 15] {
        assert_eq!(on(w(2, 1, n)), 0, "{n}");
    }
}

#[test]
fn t12_a_bis_copy_collects_as_the_number_it_copies() {
    let l = easter_l();
    // S2 7 holds 2 eggs; its neighbour S2 6 holds 1, S2 8 none.
    for (n, from, eggs_from, eggs_copy) in [(8, 6, 1, 2), (6, 6, 1, 1), (5, 8, 0, 0), (10, 8, 0, 2)]
    {
        let s = play(l, &Sheet::new(l), w(2, from, n).bis(7));
        assert_eq!(
            s.house(h(2, 7)),
            House::Number {
                value: n,
                bis: true
            }
        );
        assert_eq!(easter::collected(l, &s, h(2, from)), eggs_from, "{n}");
        assert_eq!(easter::collected(l, &s, h(2, 7)), eggs_copy, "{n}b");
        assert_eq!(easter::total(l, &s), eggs_from + eggs_copy);
    }
    // A copy of an earlier number, made in a later turn.
    let s = plays(l, &[w(3, 4, 8), w(1, 1, 1).bis_from(h(3, 4), h(3, 5))]);
    assert_eq!(easter::collected(l, &s, h(3, 5)), 2, "8b on S3 5");
}

impl W {
    /// Bis: copy `from` into `to` (any numbered house, not only the one just written).
    fn bis_from(mut self, from: HouseRef, to: HouseRef) -> W {
        self.effect = Bis;
        self.using = Some(EffectUse::Bis { from, to });
        self
    }
}

#[test]
fn t13_eggs_are_collected_when_the_house_is_numbered_and_only_then() {
    let l = easter_l();
    let blank = Sheet::new(l);
    assert_eq!(easter::total(l, &blank), 0);
    // Writing the number is the only decision: no choice, nothing to decline.
    let plans = slots(BASIC);
    let c = tctx(l, offer1(6, Surveyor), &plans);
    let mut m = TurnMachine::new(c, &blank);
    m.apply(Decision::Build {
        pick: P0,
        house: h(1, 4),
        number: 6,
    })
    .unwrap();
    assert!(matches!(m.stage(), Stage::Effect { .. }));
    assert_eq!(easter::collected(l, m.sheet(), h(1, 4)), 1);
    let mut options = Vec::new();
    m.options(&mut options);
    assert!(options.iter().all(|d| matches!(d, Decision::Effect(_))));
    assert_eq!(c.choice_needed(&blank, h(1, 4)), None);
    // The 6 on the 2-egg house S1 4 leaves its second egg for good.
    let mut s = play(l, &blank, w(1, 4, 6));
    assert_eq!(easter::collected(l, &s, h(1, 4)), 1);
    for x in [
        w(1, 3, 5).fence(3),
        w(1, 5, 8).bis_from(h(1, 5), h(1, 6)),
        w(1, 10, 16).temp(),
        w(2, 1, 0).temp(),
    ] {
        s = play(l, &s, x);
        assert_eq!(easter::collected(l, &s, h(1, 4)), 1, "after {x:?}");
    }
    for n in [0, 8, 10] {
        let x = if n == 0 {
            w(1, 4, 0).temp()
        } else {
            w(1, 4, n)
        };
        assert_eq!(code(try_play(l, &s, x)), "house_not_empty");
    }
    // 6 on S1 4, 5 on S1 3, 8 on S1 5, 16 on S1 10, 0 on the 2-egg S2 1.
    assert_eq!(easter::total(l, &s), 5);
    // A plan validation locks houses but collects nothing more.
    let s = sheet_on(l, ["_ _ | 5 6 7 |", "", ""]);
    assert_eq!(easter::collected(l, &s, h(1, 4)), 1);
}

#[test]
fn t14_egg_points() {
    let l = easter_l();
    for eggs in 0..=20u8 {
        let expected = match eggs {
            0..=5 => 0,
            6..=9 => 5,
            10..=13 => 10,
            14..=17 => 20,
            _ => 35,
        };
        assert_eq!(easter::points(l, eggs), expected, "{eggs} eggs");
    }
    // Through the score row: every egg house with a 0 / 8 / 10 collects all 20.
    let all = sheet_on(
        l,
        [
            "_ _ 6 8 9 _ 10 _ _ 16",
            "0 _ _ 6 _ 8 8b _ 10",
            "_ _ 6 _ 8 9 _ 10 _ 16",
        ],
    );
    assert_eq!(easter::total(l, &all), 20);
    let sc = Score::of(l, &all, Temps::Ranked(&[0]));
    assert_eq!(sc.points("eggs"), 35);
    assert_eq!(sc.row("eggs").unwrap().parts, [6, 7, 7]);
    // 15 eggs score 20 (FR2's example).
    let fifteen = sheet_on(
        l,
        [
            "_ _ 6 8 9 _ 10 _ _ 16",
            "0 _ _ 6 _ 8 8b _ 10",
            "_ _ 1 _ 8 _ _ _ _ _",
        ],
    );
    assert_eq!(easter::total(l, &fifteen), 6 + 7 + 2);
    assert_eq!(
        Score::of(l, &fifteen, Temps::Ranked(&[0])).points("eggs"),
        20
    );
}

#[test]
fn t15_plan_34_needs_every_egg_of_s3() {
    let l = easter_l();
    let s = sheet_on(l, ["", "", "_ _ 6 _ 8 9 _ 10 _ 16 _ _"]);
    assert_eq!(
        (0..12)
            .map(|i| easter::collected(l, &s, h(3, i + 1)))
            .sum::<u8>(),
        7
    );
    assert!(modules::street_complete(l, &s, Feature::Eggs, 2));
    assert!(meets(l, &s, 34, &[]));
    for (row, why) in [
        ("_ _ 0 _ 6 9 _ 10 _ 16 _ _", "6 on the 2-egg house 5"),
        ("_ _ 6 _ 8 9 9b 9b _ 16 _ _", "9b on the 2-egg house 8"),
        ("_ _ 6 _ 8 9 _ 10 _ _ _ _", "house 10 empty"),
        ("_ _ 4 _ 8 9 _ 10 _ 16 _ _", "a 4 in house 3"),
        ("_ _ 6 _ 8 R _ 10 _ 16 _ _", "a roundabout on house 6"),
    ] {
        let s = sheet_on(l, ["", "", row]);
        let e = claim(l, &s, 34, &[], false).unwrap_err();
        assert_eq!(e.code(), "plan_not_met", "{why}");
    }
    // Only S3 counts: every egg of S1 and S2 is not enough.
    let s = sheet_on(
        l,
        [
            "_ _ 6 8 9 _ 10 _ _ 16",
            "0 _ _ 6 _ 8 8b _ 10",
            "_ _ 6 _ 8 9 _ 10 _ _ _ _",
        ],
    );
    assert!(!meets(l, &s, 34, &[]));
}

#[test]
fn t16_plan_35_estates_without_collected_eggs() {
    let l = easter_l();
    let s = plan_35_sheet();
    // The egg houses S1 3, 4, 5 and 7 hold 3, 4, 5 and 11: no loop, no egg.
    assert_eq!(easter::total(l, &s), 0);
    assert!(l.eggs(0, 3) == 2 && l.eggs(0, 6) == 1);
    assert!(meets(l, &s, 35, &[h(1, 1), h(1, 3), h(1, 6)]));
    // Any collected egg in a named estate rejects it.
    for (row, why) in [
        ("1 2 | 3 4 5 | 7 9 12 13 |", "a 9 on S1 7"),
        ("1 2 | 3 6 7 | 8 11 12 13 |", "a 6 on the 2-egg S1 4"),
    ] {
        let s = sheet_on(l, [row, "", ""]);
        let e = claim(l, &s, 35, &[h(1, 1), h(1, 3), h(1, 6)], false).unwrap_err();
        assert_eq!(e.code(), "plan_not_met", "{why}: {e}");
    }
    // Eggs outside the named estates do not matter.
    let s = sheet_on(l, ["1 2 | 3 4 5 | 7 11 12 13 | 16", "0", ""]);
    assert_eq!(easter::total(l, &s), 3);
    assert!(meets(l, &s, 35, &[h(1, 1), h(1, 3), h(1, 6)]));
}

#[test]
fn t17_plan_36_estates_with_at_least_3_eggs() {
    let l = easter_l();
    let s = plan_36_sheet(2);
    assert_eq!(modules::feature_in(l, &s, Feature::Eggs, 0, 2, 3), 4);
    assert_eq!(modules::feature_in(l, &s, Feature::Eggs, 1, 4, 3), 3);
    assert_eq!(modules::feature_in(l, &s, Feature::Eggs, 2, 3, 3), 3);
    assert!(meets(l, &s, 36, &[h(1, 3), h(2, 5), h(3, 4)]));
    let s = plan_36_sheet(3);
    assert_eq!(modules::feature_in(l, &s, Feature::Eggs, 2, 3, 3), 2);
    assert!(!meets(l, &s, 36, &[h(1, 3), h(2, 5), h(3, 4)]));
}

#[test]
fn t18_worked_example_easter_8_1() {
    let l = easter_l();
    let mut d = data([
        "_ _ 6 8 9 _ 10 _ _ 16",
        "0 _ _ 5 _ | 6 6b | _ _ _ _",
        "_ _ 4 _ 8 _ _ 10 _ _ _ _",
    ]);
    d.temps = 2;
    let file = SheetFile {
        format: SHEET_FORMAT.into(),
        version: SHEET_VERSION,
        edition: "first".into(),
        sheet_id: l.id,
        solo: false,
        temps_of_others: vec![3],
        shelters_of_others: Vec::new(),
        sheet: d,
    };
    let (s, sc) = SheetFile::from_json(&file.to_json())
        .unwrap()
        .score()
        .unwrap();
    let table = [
        (h(1, 3), 1, 6, 1),
        (h(1, 4), 2, 8, 2),
        (h(1, 5), 1, 9, 1),
        (h(1, 7), 1, 10, 1),
        (h(1, 10), 1, 16, 1),
        (h(2, 1), 2, 0, 2),
        (h(2, 4), 1, 5, 0),
        (h(2, 6), 1, 6, 1),
        (h(2, 7), 2, 6, 1),
        (h(3, 3), 1, 4, 0),
        (h(3, 5), 2, 8, 2),
        (h(3, 8), 2, 10, 2),
    ];
    for (x, printed, n, eggs) in table {
        assert_eq!(l.eggs(x.street, x.house), printed, "{x}");
        assert_eq!(s.number(x), Some(n), "{x}");
        assert_eq!(easter::collected(l, &s, x), eggs, "{x}");
    }
    assert_eq!(easter::total(l, &s), 14);
    assert_eq!(sc.row("eggs").unwrap().parts, [6, 4, 4]);
    assert_eq!(sc.points("eggs"), 20);
    assert_eq!(sc.points("estates"), 2);
    assert_eq!(sc.points("temps"), 4);
    assert_eq!(sc.points("bis"), -1);
    assert_eq!(sc.points("plans"), 0);
    assert_eq!(sc.points("parks") + sc.points("pools"), 0);
    assert_eq!(sc.total, 25);
    // The breakdown shows the eggs collected (§1.6).
    assert!(
        sc.row("eggs").unwrap().detail.contains("14"),
        "{:?}",
        sc.row("eggs")
    );
    assert!(!meets(l, &s, 34, &[]));
}

// ===== Ice Cream (§3) =====

#[test]
fn t19_cones_and_scoops() {
    let l = ice();
    let mut cones = [0u32; 3];
    let mut scoops = [0u32; 3];
    for s in 0..3u8 {
        for i in 0..STREET_LEN[s as usize] {
            let x = HouseRef::new(s, i);
            assert_eq!(l.cone(s, i), spec_cone(x), "{x}");
            if l.cone(s, i) > 0 {
                cones[s as usize] += 1;
                scoops[s as usize] += l.cone(s, i) as u32;
            }
        }
    }
    assert_eq!(cones, [6, 7, 8]);
    assert_eq!(scoops, [10, 14, 16]);
    assert_eq!(cones.iter().sum::<u32>(), 21);
    assert_eq!(scoops.iter().sum::<u32>(), 40);
    let three: usize = (0..3u8)
        .map(|s| (0..12).filter(|&i| l.cone(s, i) == 3).count())
        .sum();
    assert_eq!(three, 6);
    for id in ["classic", "easter", "christmas"] {
        let o = sheet_layout(id);
        assert!((0..3u8).all(|s| (0..12).all(|i| o.cone(s, i) == 0)), "{id}");
        assert!(o.streets.iter().all(|s| s.trucks.is_empty()), "{id}");
    }
}

#[test]
fn t20_street_1_and_2_trucks() {
    let l = ice();
    assert_eq!(l.streets[0].trucks, [Right]);
    assert_eq!(l.streets[1].trucks, [Left]);
    let blank = Sheet::new(l);
    assert_eq!(ice_cream::truck(l, &blank, 0), Some(Right));
    assert_eq!(ice_cream::truck(l, &blank, 1), Some(Left));
    assert_eq!((truck_at(&blank, 1), truck_at(&blank, 2)), (None, None));
    // S1 drives right to left: a 5 in house 5 crosses the cones right of it (10, 8, 6).
    let s = play(l, &blank, w(1, 5, 5));
    assert_eq!(circled(&s, 1), [5]);
    assert_eq!(crossed(&s, 1), [6, 8, 10]);
    assert_eq!(truck_at(&s, 1), Some(5));
    // S2 drives left to right: a 5 in house 4 crosses the cones left of it (1, 2).
    let s = play(l, &blank, w(2, 4, 5));
    assert_eq!(circled(&s, 2), [4]);
    assert_eq!(crossed(&s, 2), [1, 2]);
    assert_eq!(truck_at(&s, 2), Some(4));
    // The first house on the S1 truck's way is house 10, on the S2 truck's way house 1.
    let s = plays(l, &[w(1, 10, 15), w(2, 1, 0).temp()]);
    assert_eq!((circled(&s, 1), circled(&s, 2)), (vec![10], vec![1]));
    assert_eq!((crossed(&s, 1), crossed(&s, 2)), (vec![], vec![]));
}

#[test]
fn t21_numbering_beyond_the_truck_circles_and_crosses_behind_it_nothing() {
    let l = ice();
    let s = play(l, &Sheet::new(l), w(2, 2, 3));
    assert_eq!((circled(&s, 2), crossed(&s, 2)), (vec![2], vec![1]));
    let s = play(l, &s, w(2, 7, 9));
    assert_eq!(circled(&s, 2), [2, 7]);
    assert_eq!(
        crossed(&s, 2),
        [1, 4, 5],
        "every cone between the truck and house 7"
    );
    assert_eq!(truck_at(&s, 2), Some(7));
    // Behind the truck: nothing changes, and the crossed cone there stays crossed.
    for x in [w(2, 4, 5), w(2, 1, 1), w(2, 3, 4), w(2, 6, 8)] {
        let t = play(l, &s, x);
        assert_eq!(t.marks_in(1), s.marks_in(1), "{x:?}");
        assert_eq!(crossed(&t, 2), [1, 4, 5], "{x:?}");
        assert_eq!(truck_at(&t, 2), Some(7), "{x:?}");
    }
    // A house without a cone moves the truck and circles nothing.
    let t = play(l, &s, w(2, 8, 10));
    assert_eq!(truck_at(&t, 2), Some(8));
    assert_eq!(circled(&t, 2), [2, 7]);
    // The next number beyond circles again.
    let t = play(l, &t, w(2, 10, 12));
    assert_eq!(circled(&t, 2), [2, 7, 10]);
    assert_eq!(crossed(&t, 2), [1, 4, 5, 9]);
    // A Pool combination on a cone house builds the pool and moves the truck.
    let p = play(l, &t, w(1, 8, 8).pool());
    assert!(p.has_pool(h(1, 8)));
    assert_eq!((circled(&p, 1), crossed(&p, 1)), (vec![8], vec![10]));
    // The other streets' trucks do not move.
    assert_eq!((truck_at(&t, 1), truck_at(&t, 3)), (None, None));
}

#[test]
fn t22_a_bis_copy_moves_the_truck_and_circles() {
    let l = ice();
    // S2: 4 in house 4, copied into house 5 (a 2-scoop cone) beyond it.
    let s = play(l, &Sheet::new(l), w(2, 4, 4).bis(5));
    assert_eq!(circled(&s, 2), [4, 5]);
    assert_eq!(truck_at(&s, 2), Some(5));
    // S1 drives leftwards: 5 in house 6, copied into house 5 (3 scoops).
    let s = play(l, &Sheet::new(l), w(1, 6, 5).bis(5));
    assert_eq!(circled(&s, 1), [5, 6]);
    assert_eq!(crossed(&s, 1), [8, 10]);
    assert_eq!(truck_at(&s, 1), Some(5));
    // A copy behind the truck does nothing.
    let s = play(l, &Sheet::new(l), w(2, 5, 5).bis(4));
    assert_eq!(circled(&s, 2), [5]);
    assert_eq!(crossed(&s, 2), [1, 2, 4]);
    assert_eq!(truck_at(&s, 2), Some(5));
    // A copy made in a later turn moves the truck one house on.
    let s = plays(l, &[w(2, 1, 3), w(1, 1, 1).bis_from(h(2, 1), h(2, 2))]);
    assert_eq!(circled(&s, 2), [1, 2]);
    assert_eq!(truck_at(&s, 2), Some(2));
    assert_eq!(street_points(&s, 2), 3 + 1);
}

fn street_points(sheet: &Sheet, s: u8) -> i32 {
    ice_cream::street_points(ice(), sheet, s - 1)
}

#[test]
fn t23_the_first_s3_number_chooses_the_truck() {
    let l = ice();
    let blank = Sheet::new(l);
    // Without a choice the first S3 number is refused; with one, the choice is stored.
    let e = try_play(l, &blank, w(3, 5, 5)).unwrap_err();
    assert_eq!(
        e,
        TurnError::ChoiceMissing {
            house: h(3, 5),
            kind: ChoiceKind::Truck
        }
    );
    let left = play(l, &blank, w(3, 5, 5).truck(Left));
    assert_eq!(left.choice(2), 1);
    let right = play(l, &blank, w(3, 5, 5).truck(Right));
    assert_eq!(right.choice(2), 2);
    // No other number may choose: not in S1 or S2, not a second S3 number (the choice is
    // final).
    for x in [w(1, 5, 5).truck(Left), w(2, 5, 5).truck(Right)] {
        assert_eq!(code(try_play(l, &blank, x)), "choice_unexpected", "{x:?}");
    }
    for side in [Left, Right] {
        let e = try_play(l, &left, w(3, 7, 8).truck(side)).unwrap_err();
        assert_eq!(e.code(), "choice_unexpected");
    }
    let again = play(l, &left, w(3, 7, 8));
    assert_eq!(again.choice(2), 1);
    let again = play(l, &right, w(3, 3, 3));
    assert_eq!(again.choice(2), 2);
    // Other sheets ask for no choice at all.
    for id in ["classic", "easter", "christmas"] {
        let o = sheet_layout(id);
        let e = try_play(o, &Sheet::new(o), w(3, 5, 5).truck(Left)).unwrap_err();
        assert_eq!(e.code(), "choice_unexpected", "{id}");
        assert!(try_play(o, &Sheet::new(o), w(3, 5, 5)).is_ok());
    }
    // The staged machine asks for the choice right after the number, before the effect.
    let plans = slots(BASIC);
    let c = tctx(l, offer1(5, Pool), &plans);
    assert_eq!(c.choice_needed(&blank, h(3, 2)), Some(ChoiceKind::Truck));
    assert_eq!(c.choice_needed(&blank, h(2, 2)), None);
    assert_eq!(c.choice_needed(&left, h(3, 2)), None);
    let mut m = TurnMachine::new(c, &blank);
    assert_eq!(
        m.apply(Decision::Choose(Choice::Truck(Left)))
            .unwrap_err()
            .code(),
        "decision_not_now"
    );
    m.apply(Decision::Build {
        pick: P0,
        house: h(3, 2),
        number: 5,
    })
    .unwrap();
    assert!(matches!(m.stage(), Stage::Choice { .. }));
    assert_eq!(m.sheet(), &blank, "nothing is written before the choice");
    let mut options = Vec::new();
    m.options(&mut options);
    assert_eq!(
        options,
        [
            Decision::Choose(Choice::Truck(Left)),
            Decision::Choose(Choice::Truck(Right))
        ]
    );
    assert_eq!(
        m.apply(Decision::Effect(Some(EffectUse::Pool)))
            .unwrap_err()
            .code(),
        "decision_not_now"
    );
    m.apply(Decision::Choose(Choice::Truck(Right))).unwrap();
    assert!(matches!(m.stage(), Stage::Effect { .. }));
    assert_eq!(m.sheet().choice(2), 2);
    assert_eq!(truck_at(m.sheet(), 3), Some(2));
    m.apply(Decision::Effect(Some(EffectUse::Pool))).unwrap();
    m.apply(Decision::Stop { reshuffle: false }).unwrap();
    let (turn, after) = m.finish().unwrap();
    let Play::Build(b) = turn.play else {
        panic!("a build")
    };
    assert_eq!(b.choice, Some(Choice::Truck(Right)));
    assert!(after.has_pool(h(3, 2)));
    // The listed turns: every S3 number of a blank sheet comes with both choices, no other.
    let c = tctx(l, offer1(5, Landscaper), &plans);
    let turns = c.legal_turns(&blank);
    let s3: Vec<&Turn> = turns
        .iter()
        .filter(|t| matches!(t.play, Play::Build(b) if b.house.street == 2))
        .collect();
    assert!(!s3.is_empty());
    for side in [Left, Right] {
        let n = s3
            .iter()
            .filter(|t| matches!(t.play, Play::Build(b) if b.choice == Some(Choice::Truck(side))))
            .count();
        assert_eq!(n * 2, s3.len(), "{side:?}");
    }
    assert!(turns
        .iter()
        .all(|t| matches!(t.play, Play::Build(b) if b.choice.is_some() == (b.house.street == 2))));
    // A refusal cannot choose: after it, the machine takes no choice. (A refusal before the
    // S3 truck is chosen cannot happen at all: any number fits an empty street.)
    let c = tctx(l, offer1(12, Surveyor), &plans);
    let d = ice_data(
        [
            "1 2 3 4 5 6 7 8 9 10",
            "0 1 2 3 4 5 6 _ 8 9 10",
            "0 1 2 3 4 5 6 7 8 9 10 11",
        ],
        [&[], &[], &[]],
        Some(Left),
    );
    let refusable = load_on(l, &d);
    let mut m = TurnMachine::new(c, &refusable);
    m.apply(Decision::Refuse { pass: None }).unwrap();
    for side in [Left, Right] {
        assert_eq!(
            m.apply(Decision::Choose(Choice::Truck(side)))
                .unwrap_err()
                .code(),
            "decision_not_now"
        );
    }
}

#[test]
fn t24_no_s3_truck_until_chosen_then_it_drives_its_way() {
    let l = ice();
    let blank = Sheet::new(l);
    assert_eq!(l.streets[2].trucks, [Left, Right]);
    assert_eq!(ice_cream::truck(l, &blank, 2), None);
    assert_eq!(ice_cream::truck_at(l, &blank, 2), None);
    assert_eq!(ice_cream::last_cone(l, &blank, 2), None);
    assert!(!finished(&blank, 3));
    // Numbers elsewhere move no S3 truck.
    let s = plays(l, &[w(1, 3, 3), w(2, 8, 8)]);
    assert_eq!(ice_cream::truck(l, &s, 2), None);
    assert_eq!(crossed(&s, 3), Vec::<u8>::new());
    // The left truck drives left to right, the right truck right to left.
    let s = play(l, &blank, w(3, 5, 5).truck(Left));
    assert_eq!(ice_cream::truck(l, &s, 2), Some(Left));
    assert_eq!(circled(&s, 3), [5]);
    assert_eq!(crossed(&s, 3), [1, 2, 4]);
    let s = play(l, &s, w(3, 3, 3));
    assert_eq!(circled(&s, 3), [5], "house 3 is behind the left truck");
    let s = play(l, &s, w(3, 8, 8));
    assert_eq!(
        (circled(&s, 3), crossed(&s, 3)),
        (vec![5, 8], vec![1, 2, 4, 6])
    );
    let s = play(l, &blank, w(3, 5, 5).truck(Right));
    assert_eq!(ice_cream::truck(l, &s, 2), Some(Right));
    assert_eq!(circled(&s, 3), [5]);
    assert_eq!(crossed(&s, 3), [6, 8, 10, 11]);
    let s = play(l, &s, w(3, 8, 8));
    assert_eq!(circled(&s, 3), [5], "house 8 is behind the right truck");
    let s = play(l, &s, w(3, 2, 2));
    assert_eq!(
        (circled(&s, 3), crossed(&s, 3)),
        (vec![2, 5], vec![4, 6, 8, 10, 11])
    );
}

#[test]
fn t25_roundabouts_and_trucks() {
    let l = ice();
    // A roundabout on the S2 5 cone: the truck stays parked; later it drives past and
    // crosses that cone, which can never be circled.
    let s = play(
        l,
        &Sheet::new(l),
        w(1, 10, 10).roundabout(2, 5, When::Before),
    );
    assert_eq!(truck_at(&s, 2), None);
    assert_eq!(crossed(&s, 2), Vec::<u8>::new());
    let s = play(l, &s, w(2, 4, 4));
    assert_eq!(crossed(&s, 2), [1, 2]);
    assert_eq!(truck_at(&s, 2), Some(4));
    let s = play(l, &s, w(2, 7, 9));
    assert_eq!(circled(&s, 2), [4, 7]);
    assert_eq!(
        crossed(&s, 2),
        [1, 2, 5],
        "the roundabout's cone is crossed"
    );
    assert!(!s.is_marked(h(2, 5)));
    // A roundabout beyond the truck does not move it either.
    let s = play(l, &s, w(1, 9, 9).roundabout(2, 9, When::After));
    assert_eq!(truck_at(&s, 2), Some(7));
    assert_eq!(crossed(&s, 2), [1, 2, 5]);
    // On the last cone's house (S2 10): only S2 11 can finish the route.
    let s = play(l, &Sheet::new(l), w(2, 9, 9).roundabout(2, 10, When::After));
    assert!(!finished(&s, 2));
    let s = play(l, &s, w(2, 11, 12));
    assert!(finished(&s, 2));
    assert_eq!(crossed(&s, 2), [1, 2, 4, 5, 7, 10]);
    // On S1 house 1 (S1's last cone), nothing lies beyond: that route never finishes.
    let mut s = play(l, &Sheet::new(l), w(1, 2, 2).roundabout(1, 1, When::Before));
    assert!(!finished(&s, 1));
    for i in 3..=10 {
        s = play(l, &s, w(1, i, i));
    }
    assert!(!finished(&s, 1));
    assert_eq!(crossed(&s, 1), [3, 5, 6, 8, 10]);
    assert!(!ice_cream::crossed(l, &s, h(1, 1)), "never reached");
    // The same with the right S3 truck and S3 house 1.
    let s = plays(
        l,
        &[
            w(1, 1, 1).roundabout(3, 1, When::Before),
            w(3, 2, 2).truck(Right),
        ],
    );
    assert!(!finished(&s, 3));
    assert_eq!(circled(&s, 3), [2]);
}

#[test]
fn t26_the_route_ends_at_the_last_cone() {
    let l = ice();
    let blank = Sheet::new(l);
    assert_eq!(ice_cream::last_cone(l, &blank, 0), Some(0));
    assert_eq!(ice_cream::last_cone(l, &blank, 1), Some(9));
    let left = play(l, &blank, w(3, 2, 2).truck(Left));
    let right = play(l, &blank, w(3, 12, 15).truck(Right));
    assert_eq!(ice_cream::last_cone(l, &left, 2), Some(10));
    assert_eq!(ice_cream::last_cone(l, &right, 2), Some(0));
    // S1: not finished at house 2, finished at house 1.
    let s = play(l, &blank, w(1, 2, 2));
    assert!(!finished(&s, 1));
    let s = play(l, &s, w(1, 1, 1));
    assert!(finished(&s, 1));
    assert_eq!(
        circled(&s, 1),
        [1, 2]
            .into_iter()
            .filter(|&i| spec_cone(h(1, i)) > 0)
            .collect::<Vec<_>>()
    );
    // S2: not finished at house 9, finished at house 10 (not 11).
    let s = play(l, &blank, w(2, 9, 9));
    assert!(!finished(&s, 2));
    let s = play(l, &s, w(2, 10, 10));
    assert!(finished(&s, 2));
    assert_eq!(s.house(h(2, 11)), House::Empty);
    // S3: house 11 with the left truck, house 1 with the right truck.
    let s = play(l, &left, w(3, 10, 10));
    assert!(!finished(&s, 3));
    assert!(finished(&play(l, &s, w(3, 11, 11)), 3));
    let s = play(l, &right, w(3, 2, 2));
    assert!(!finished(&s, 3));
    assert!(finished(&play(l, &s, w(3, 1, 1)), 3));
    // S2 house 11 first: the route is finished and every S2 cone crossed.
    let s = play(l, &blank, w(2, 11, 12));
    assert!(finished(&s, 2));
    assert_eq!(crossed(&s, 2), [1, 2, 4, 5, 7, 9, 10]);
    assert_eq!(circled(&s, 2), Vec::<u8>::new());
    assert_eq!(street_points(&s, 2), 0);
}

#[test]
fn t27_left_truck_first_number_in_house_12() {
    let l = ice();
    let s = play(l, &Sheet::new(l), w(3, 12, 15).truck(Left));
    assert_eq!(crossed(&s, 3), [1, 2, 4, 5, 6, 8, 10, 11]);
    assert_eq!(circled(&s, 3), Vec::<u8>::new());
    assert!(finished(&s, 3));
    // With the right truck the same number stops at house 12: nothing crossed.
    let s = play(l, &Sheet::new(l), w(3, 12, 15).truck(Right));
    assert_eq!(crossed(&s, 3), Vec::<u8>::new());
    assert_eq!(truck_at(&s, 3), Some(12));
    assert!(!finished(&s, 3));
}

/// The scripted race game: three seats (§3.5). Round 1: seats 1 and 2 finish S2 (house 11,
/// house 10), seat 3 numbers S2 1. Round 2: seat 1 finishes S3 with the left truck, seat 2
/// takes the right truck short of the end, seat 3 circles S2 4 after losing S2's bonus.
/// Round 3: seat 1 finishes S1; seat 2 finishes S3 and seat 3 finishes S2, both too late.
fn race_script() -> Script {
    Script::new(
        Options::new(Mode::Standard).sheet(ice().id),
        3,
        [0, 6, 28],
        &[
            [(10, Surveyor), (11, RealEstate), (3, Landscaper)],
            [(15, Surveyor), (5, RealEstate), (7, Landscaper)],
            [(1, Surveyor), (12, RealEstate), (8, Landscaper)],
        ],
    )
}

fn tb(game: &Game, n: u8, e: Effect, house: HouseRef) -> Turn {
    Turn::build(pick(game, n, e), house, n)
}

#[test]
fn t28_finishers_of_a_turn_circle_the_bonus_the_others_cross_it() {
    let mut script = race_script();
    let (pending, g) = script.round(|g| {
        vec![
            tb(g, 10, Surveyor, h(2, 11)),
            tb(g, 11, RealEstate, h(2, 10)),
            tb(g, 3, Landscaper, h(2, 1)),
        ]
    });
    // Settled when the round resolves, not when a seat submits.
    for seat in 0..3 {
        assert_eq!(pending.sheet(seat).unwrap().race(1), Race::Open);
    }
    let races =
        |g: &Game, s: u8| -> Vec<Race> { (0..3).map(|i| g.sheet(i).unwrap().race(s)).collect() };
    assert!(finished(g.sheet(0).unwrap(), 2) && finished(g.sheet(1).unwrap(), 2));
    assert!(!finished(g.sheet(2).unwrap(), 2));
    assert_eq!(races(&g, 1), [Race::Won, Race::Won, Race::Lost]);
    assert_eq!(races(&g, 0), [Race::Open; 3], "nobody finished S1");
    assert_eq!(races(&g, 2), [Race::Open; 3], "nobody finished S3");
    let (_, g) = script.round(|g| {
        vec![
            tb(g, 15, Surveyor, h(3, 12)).with_choice(Choice::Truck(Left)),
            tb(g, 5, RealEstate, h(3, 5)).with_choice(Choice::Truck(Right)),
            tb(g, 5, RealEstate, h(2, 4)),
        ]
    });
    assert_eq!(races(&g, 1), [Race::Won, Race::Won, Race::Lost]);
    let (_, g) = script.round(|g| {
        vec![
            tb(g, 1, Surveyor, h(1, 1)),
            tb(g, 1, Surveyor, h(3, 1)),
            tb(g, 12, RealEstate, h(2, 11)),
        ]
    });
    // A later finisher gets nothing.
    assert!(finished(g.sheet(2).unwrap(), 2));
    assert_eq!(races(&g, 1), [Race::Won, Race::Won, Race::Lost]);
    assert_eq!(races(&g, 0), [Race::Won, Race::Lost, Race::Lost]);
    // Scores: seat 1 S2 has no circled cone (bonus worth 0), seat 2 circled S2 10 (2 + 1).
    let sc = g.scores();
    assert_eq!(sc[0].row("ice-cream").unwrap().parts[1], 0);
    assert_eq!(sc[1].row("ice-cream").unwrap().parts[1], 2 + 1);
}

#[test]
fn t29_a_crossed_bonus_does_not_stop_the_truck() {
    let mut script = race_script();
    let mut g = None;
    for r in 0..3 {
        let (_, after) = script.round(|g| match r {
            0 => vec![
                tb(g, 10, Surveyor, h(2, 11)),
                tb(g, 11, RealEstate, h(2, 10)),
                tb(g, 3, Landscaper, h(2, 1)),
            ],
            1 => vec![
                tb(g, 15, Surveyor, h(3, 12)).with_choice(Choice::Truck(Left)),
                tb(g, 5, RealEstate, h(3, 5)).with_choice(Choice::Truck(Right)),
                tb(g, 5, RealEstate, h(2, 4)),
            ],
            _ => vec![
                tb(g, 1, Surveyor, h(1, 1)),
                tb(g, 1, Surveyor, h(3, 1)),
                tb(g, 12, RealEstate, h(2, 11)),
            ],
        });
        g = Some(after);
    }
    let g = g.unwrap();
    let s = g.sheet(2).unwrap();
    assert_eq!(s.race(1), Race::Lost);
    // Seat 3 kept selling in S2 after losing its bonus: S2 1 (3), S2 4 (1) circled; the
    // truck drove on to house 11.
    assert_eq!(circled(s, 2), [1, 4]);
    assert_eq!(crossed(s, 2), [2, 5, 7, 9, 10]);
    assert_eq!(truck_at(s, 2), Some(11));
    assert_eq!(street_points(s, 2), 3 + 1);
    // Seat 2 lost S3 and still circled S3 1 (2) and S3 5 (1) with the right truck.
    let s = g.sheet(1).unwrap();
    assert_eq!(s.race(2), Race::Lost);
    assert_eq!(circled(s, 3), [1, 5]);
    assert_eq!(street_points(s, 3), 2 + 1);
}

#[test]
fn t30_s3_is_one_race_whatever_the_truck() {
    let mut script = race_script();
    script.round(|g| {
        vec![
            tb(g, 10, Surveyor, h(2, 11)),
            tb(g, 11, RealEstate, h(2, 10)),
            tb(g, 3, Landscaper, h(2, 1)),
        ]
    });
    let (_, g) = script.round(|g| {
        vec![
            tb(g, 15, Surveyor, h(3, 12)).with_choice(Choice::Truck(Left)),
            tb(g, 5, RealEstate, h(3, 5)).with_choice(Choice::Truck(Right)),
            tb(g, 5, RealEstate, h(2, 4)),
        ]
    });
    let (a, b, c) = (
        g.sheet(0).unwrap(),
        g.sheet(1).unwrap(),
        g.sheet(2).unwrap(),
    );
    assert_eq!((a.choice(2), b.choice(2), c.choice(2)), (1, 2, 0));
    assert!(finished(a, 3));
    assert_eq!(a.race(2), Race::Won);
    assert_eq!(
        b.race(2),
        Race::Lost,
        "the right truck loses to the left one"
    );
    assert_eq!(c.race(2), Race::Lost, "no truck chosen loses too");
    // Finishing S3 with the right truck later gives nothing.
    let (_, g) = script.round(|g| {
        vec![
            tb(g, 1, Surveyor, h(1, 1)),
            tb(g, 1, Surveyor, h(3, 1)),
            tb(g, 12, RealEstate, h(2, 11)),
        ]
    });
    let b = g.sheet(1).unwrap();
    assert!(finished(b, 3));
    assert_eq!(b.race(2), Race::Lost);
    // Left and right finishers of the same turn share the race.
    let l = ice();
    let mut sheets = vec![
        play(l, &Sheet::new(l), w(3, 12, 15).truck(Left)),
        play(l, &Sheet::new(l), w(3, 1, 1).truck(Right)),
        play(l, &Sheet::new(l), w(3, 6, 6).truck(Right)),
    ];
    Module::IceCream.end_of_round(l, &mut sheets);
    let r: Vec<Race> = sheets.iter().map(|s| s.race(2)).collect();
    assert_eq!(r, [Race::Won, Race::Won, Race::Lost]);
}

#[test]
fn t31_solo_bonus_at_the_end_of_the_finishing_turn() {
    let options = Options::new(Mode::Solo).sheet(ice().id);
    let mut game = Game::new(options, 1, 7).unwrap();
    let Some(Offer::Hand(hand)) = game.offer(0) else {
        panic!("solo deals a hand")
    };
    // Any number fits a blank S2 house 11, which finishes the S2 route.
    let t = Turn::build(Pick::Hand((0, 1)), h(2, 11), hand[0].number);
    game.submit(0, t).unwrap();
    assert_eq!(game.sheet(0).unwrap().race(1), Race::Open);
    game.resolve().unwrap();
    let s = game.sheet(0).unwrap();
    assert!(finished(s, 2));
    assert_eq!(s.race(1), Race::Won);
    assert_eq!((s.race(0), s.race(2)), (Race::Open, Race::Open));
    // Next turn S1: finished with house 1, circled at the end of that turn.
    let Some(Offer::Hand(hand)) = game.offer(0) else {
        panic!("solo deals a hand")
    };
    let t = Turn::build(Pick::Hand((1, 2)), h(1, 1), hand[1].number);
    game.submit(0, t).unwrap();
    game.resolve().unwrap();
    let s = game.sheet(0).unwrap();
    assert_eq!(
        (s.race(0), s.race(1), s.race(2)),
        (Race::Won, Race::Won, Race::Open)
    );
    // Whole solo games, Solo card included: a finished route always has its bonus circled at
    // the end of its turn (checked round by round, with the Solo card drawn).
    let mut with_solo_card = 0;
    for seed in 0..6 {
        for advanced in [false, true] {
            let g = checked_game(options.advanced(advanced), 1, 500 + seed);
            with_solo_card += g.solo_card_drawn() as u32;
            let s = g.sheet(0).unwrap();
            for st in 0..3u8 {
                assert_eq!(
                    s.race(st) == Race::Won,
                    ice_cream::route_finished(ice(), s, st)
                );
            }
        }
    }
    assert!(with_solo_card > 0);
}

#[test]
fn t32_last_turn_bonuses_are_settled_before_the_final_score() {
    // Random games (checked round by round) until several end in a round in which some seat
    // finished a route: that seat's bonus is circled in the final score.
    let mut found = 0;
    for seed in 0..400u64 {
        let mut last_round: Option<Vec<(usize, u8)>> = None;
        let mut models = vec![Trucks::new(); 2];
        let game = random_game(
            Options::new(Mode::Standard)
                .sheet(ice().id)
                .advanced(seed % 2 == 0),
            2,
            seed,
            &mut |g, before| {
                check_round(g, before, &mut models);
                if g.is_over() {
                    let mut newly = Vec::new();
                    for (seat, was) in before.iter().enumerate() {
                        for s in 0..3u8 {
                            let now = g.sheet(seat).unwrap();
                            if was.race(s) == Race::Open && ice_cream::route_finished(ice(), now, s)
                            {
                                newly.push((seat, s));
                            }
                        }
                    }
                    last_round = Some(newly);
                }
            },
        );
        let newly = last_round.expect("the game ended");
        if newly.is_empty() {
            continue;
        }
        found += 1;
        let scores = game.scores();
        let record = Record::of(&game, &[]);
        let result = record.result.clone().expect("a finished game has a result");
        for (seat, s) in newly {
            let sheet = game.sheet(seat).unwrap();
            assert_eq!(sheet.race(s), Race::Won, "seed {seed} seat {seat}");
            let circled = sheet.marks_in(s).count_ones() as i32;
            let scoops: i32 = (0..sheet.len(s))
                .filter(|&i| sheet.is_marked(HouseRef::new(s, i)))
                .map(|i| spec_cone(HouseRef::new(s, i)) as i32)
                .sum();
            assert_eq!(
                scores[seat].row("ice-cream").unwrap().parts[s as usize],
                scoops + circled
            );
            assert_eq!(result.scores[seat], scores[seat].total);
        }
        if found >= 3 {
            break;
        }
    }
    assert!(found >= 3, "only {found} games ended on a finished route");
}

#[test]
fn t33_ice_cream_box() {
    let l = ice();
    let rows = [
        "1 _ 3 _ 5 6 _ 8 _ 10",
        "0 1 _ 3 4 _ 6 _ 8 9 10",
        "0 1 _ 3 4 5 _ 7 _ 9 10 11",
    ];
    let circled_sets: [&[u8]; 3] = [&[1, 5, 8], &[1, 2, 5, 9], &[2, 4, 6, 8, 11]];
    for bonus in [None, Some(Race::Won), Some(Race::Lost)] {
        let mut d = ice_data(rows, circled_sets, Some(Left));
        for st in &mut d.streets {
            st.bonus = bonus;
        }
        let s = load_on(l, &d);
        let sc = Score::of(l, &s, Temps::Ranked(&[0]));
        let mut expected = Vec::new();
        for (st, set) in circled_sets.iter().enumerate() {
            let scoops: i32 = set
                .iter()
                .map(|&i| spec_cone(h(st as u8 + 1, i)) as i32)
                .sum();
            let extra = if bonus == Some(Race::Won) {
                set.len() as i32
            } else {
                0
            };
            expected.push(scoops + extra);
        }
        // S1: 1 + 3 + 2, S2: 3 + 1 + 2 + 3, S3: 3 + 1 + 2 + 3 + 3.
        let scoops = [6, 9, 12];
        for st in 0..3 {
            let won = if bonus == Some(Race::Won) {
                circled_sets[st].len() as i32
            } else {
                0
            };
            assert_eq!(expected[st], scoops[st] + won);
        }
        assert_eq!(sc.row("ice-cream").unwrap().parts, expected, "{bonus:?}");
        assert_eq!(sc.points("ice-cream"), expected.iter().sum::<i32>());
        for st in 0..3u8 {
            assert_eq!(ice_cream::street_points(l, &s, st), expected[st as usize]);
        }
    }
    // Crossed and open cones score nothing.
    let s = play(l, &Sheet::new(l), w(2, 11, 12));
    assert_eq!(Score::of(l, &s, Temps::Ranked(&[0])).points("ice-cream"), 0);
    // The maximum: 16 + 21 + 24 = 61.
    let mut d = ice_data(
        [
            "1 2 3 4 5 6 7 8 9 10",
            "0 1 2 3 4 5 6 7 8 9 10",
            "0 1 2 3 4 5 6 7 8 9 10 11",
        ],
        [
            &[1, 3, 5, 6, 8, 10],
            &[1, 2, 4, 5, 7, 9, 10],
            &[1, 2, 4, 5, 6, 8, 10, 11],
        ],
        Some(Left),
    );
    for st in &mut d.streets {
        st.bonus = Some(Race::Won);
    }
    let s = load_on(l, &d);
    let sc = Score::of(l, &s, Temps::Ranked(&[0]));
    assert_eq!(sc.row("ice-cream").unwrap().parts, [16, 21, 24]);
    assert_eq!(sc.points("ice-cream"), 61);
}

#[test]
fn t34_plan_28_every_cone_of_one_street() {
    let l = ice();
    assert!(meets(l, &all_cones_of_s2(), 28, &[]));
    // S1, numbered from the right; S3 with either truck.
    let s1 = plays(
        l,
        &[
            w(1, 10, 15),
            w(1, 8, 12),
            w(1, 6, 10),
            w(1, 5, 8),
            w(1, 3, 5),
            w(1, 1, 1),
        ],
    );
    assert!(meets(l, &s1, 28, &[]));
    let s3_left = plays(
        l,
        &[
            w(3, 1, 1).truck(Left),
            w(3, 2, 2),
            w(3, 4, 4),
            w(3, 5, 5),
            w(3, 6, 6),
            w(3, 8, 8),
            w(3, 10, 10),
            w(3, 11, 11),
        ],
    );
    assert!(meets(l, &s3_left, 28, &[]));
    let s3_right = plays(
        l,
        &[
            w(3, 11, 15).truck(Right),
            w(3, 10, 14),
            w(3, 8, 12),
            w(3, 6, 9),
            w(3, 5, 7),
            w(3, 4, 5),
            w(3, 2, 3),
            w(3, 1, 1),
        ],
    );
    assert!(meets(l, &s3_right, 28, &[]));
    // One cone short in each street: not met.
    let short = plays(
        l,
        &[
            w(1, 10, 15),
            w(1, 8, 12),
            w(1, 5, 8),
            w(1, 3, 5),
            w(1, 1, 1),
            w(2, 2, 2),
            w(2, 4, 4),
            w(2, 5, 5),
            w(2, 7, 7),
            w(2, 9, 9),
            w(2, 10, 10),
        ],
    );
    assert_eq!(circled(&short, 1), [1, 3, 5, 8, 10]);
    assert_eq!(circled(&short, 2), [2, 4, 5, 7, 9, 10]);
    let e = claim(l, &short, 28, &[], false).unwrap_err();
    assert_eq!(e.code(), "plan_not_met");
    // Numbering every house is not enough: the order matters.
    let wrong_way = plays(
        l,
        &[
            w(1, 1, 1),
            w(1, 3, 3),
            w(1, 5, 5),
            w(1, 6, 6),
            w(1, 8, 8),
            w(1, 10, 10),
        ],
    );
    assert_eq!(circled(&wrong_way, 1), [1]);
    assert!(!meets(l, &wrong_way, 28, &[]));
}

#[test]
fn t35_plan_29_estates_without_circled_cones() {
    let l = ice();
    let s = plan_29_sheet();
    assert_eq!(circled(&s, 1), [1]);
    assert_eq!(crossed(&s, 1), [3, 5, 6, 8, 10]);
    assert_eq!(crossed(&s, 2), [1, 2, 4, 5, 7, 9, 10]);
    assert_eq!(crossed(&s, 3), [1, 2, 4, 5, 6, 8, 10, 11]);
    // S3 1–3 (3), S1 4–7 (4), S2 1–5 (5): crossed cones only.
    assert!(meets(l, &s, 29, &[h(3, 1), h(1, 4), h(2, 1)]));
    // S1 1–3 holds the circled cone of house 1.
    let e = claim(l, &s, 29, &[h(1, 1), h(1, 4), h(2, 1)], false).unwrap_err();
    assert_eq!(e.code(), "plan_not_met", "{e}");
}

#[test]
fn t36_plan_30_estates_with_3_circled_cones() {
    let l = ice();
    let s = plan_30_sheet();
    assert_eq!(circled(&s, 2), [1, 2, 4]);
    assert_eq!(circled(&s, 1), [5, 6, 8]);
    assert_eq!(circled(&s, 3), [1, 2, 4]);
    assert!(meets(l, &s, 30, &[h(1, 5), h(2, 1), h(3, 1)]));
    // S2 1–4 with only 2 circled (house 2 numbered first crossed house 1).
    let s2 = plays(
        l,
        &[
            w(1, 8, 14),
            w(1, 7, 13).fence(8),
            w(1, 6, 12),
            w(1, 5, 11).fence(4),
            w(2, 2, 2),
            w(2, 1, 1),
            w(2, 3, 3),
            w(2, 4, 4).fence(4),
            w(3, 1, 1).truck(Left),
            w(3, 2, 2),
            w(3, 3, 3),
            w(3, 4, 4).fence(4),
        ],
    );
    assert_eq!(circled(&s2, 2), [2, 4]);
    let e = claim(l, &s2, 30, &[h(1, 5), h(2, 1), h(3, 1)], false).unwrap_err();
    assert_eq!(e.code(), "plan_not_met", "{e}");
}

/// §8.2's turns: (number, effect as the spec prints it, house, truck, effect used) for A and B.
type Move = (u8, Effect, HouseRef, Option<Side>, Option<EffectUse>);

fn example_8_2_moves(round: usize) -> [Move; 2] {
    let bis = EffectUse::Bis {
        from: h(2, 5),
        to: h(2, 6),
    };
    match round {
        1 => [
            (5, Surveyor, h(2, 4), None, None),
            (5, RealEstate, h(1, 5), None, None),
        ],
        2 => [
            (6, Bis, h(2, 5), None, Some(bis)),
            (3, RealEstate, h(1, 3), None, None),
        ],
        3 => [
            (10, Surveyor, h(1, 8), None, None),
            (8, Landscaper, h(2, 1), None, None),
        ],
        4 => [
            (3, Pool, h(3, 2), Some(Left), Some(EffectUse::Pool)),
            (11, RealEstate, h(2, 2), None, None),
        ],
        5 => [
            (2, RealEstate, h(2, 2), None, None),
            (13, Bis, h(2, 3), None, None),
        ],
        6 => [
            (1, Surveyor, h(1, 1), None, None),
            (14, RealEstate, h(2, 5), None, None),
        ],
        _ => [
            (2, RealEstate, h(3, 1), None, None),
            (1, Pool, h(1, 1), None, None),
        ],
    }
}

fn move_turn(pick: Pick, m: Move) -> Turn {
    let (n, _, house, truck, effect) = m;
    let mut t = Turn::build(pick, house, n);
    if let Some(side) = truck {
        t = t.with_choice(Choice::Truck(side));
    }
    if let Some(u) = effect {
        t = t.with_effect(u);
    }
    t
}

/// Circled cones of A and B after each round of §8.2, per street.
const EXAMPLE_8_2_CIRCLED: [[[&[u8]; 3]; 2]; 7] = [
    [[&[], &[4], &[]], [&[5], &[], &[]]],
    [[&[], &[4, 5], &[]], [&[3, 5], &[], &[]]],
    [[&[8], &[4, 5], &[]], [&[3, 5], &[1], &[]]],
    [[&[8], &[4, 5], &[2]], [&[3, 5], &[1, 2], &[]]],
    [[&[8], &[4, 5], &[2]], [&[3, 5], &[1, 2], &[]]],
    [[&[1, 8], &[4, 5], &[2]], [&[3, 5], &[1, 2, 5], &[]]],
    [[&[1, 8], &[4, 5], &[2]], [&[1, 3, 5], &[1, 2, 5], &[]]],
];

/// The final rows of §8.2 on the two sheets.
fn check_example_8_2(sheets: &[Sheet], scores: &[Score]) {
    let (a, b) = (&sheets[0], &sheets[1]);
    // Bonuses: A circled S1's, B crossed it; the other races are open.
    assert_eq!((a.race(0), b.race(0)), (Race::Won, Race::Lost));
    for s in 1..3 {
        assert_eq!((a.race(s), b.race(s)), (Race::Open, Race::Open));
    }
    assert!(finished(a, 1) && finished(b, 1));
    assert_eq!(b.choice(2), 0, "B chose no S3 truck");
    // Crossed cones at the end.
    assert_eq!(crossed(a, 1), [3, 5, 6, 10]);
    assert_eq!(crossed(a, 2), [1, 2]);
    assert_eq!(crossed(a, 3), [1]);
    assert_eq!(crossed(b, 1), [6, 8, 10]);
    assert_eq!(crossed(b, 2), [4]);
    assert_eq!(crossed(b, 3), Vec::<u8>::new());
    // A: S1 2 + 1 + bonus 2 = 5, S2 1 + 2 = 3, S3 3; pools 1 → 3; bis 1 → −1.
    let (sa, sb) = (&scores[0], &scores[1]);
    assert_eq!(sa.row("ice-cream").unwrap().parts, [5, 3, 3]);
    assert_eq!(sa.points("ice-cream"), 11);
    assert_eq!(sa.points("pools"), 3);
    assert_eq!(sa.points("bis"), -1);
    assert_eq!(sa.total, 13);
    // The breakdown shows, per street, circled and crossed cones and the bonus (§1.6).
    let detail = &sa.row("ice-cream").unwrap().detail;
    for part in [
        "2 circled, 4 crossed, bonus circled",
        "2 circled, 2 crossed, bonus open",
    ] {
        assert!(detail.contains(part), "{detail}");
    }
    let detail = &sb.row("ice-cream").unwrap().detail;
    assert!(
        detail.contains("3 circled, 3 crossed, bonus crossed"),
        "{detail}"
    );
    // B: S1 3 + 2 + 1 = 6 (bonus crossed), S2 3 + 1 + 2 = 6, S3 0.
    assert_eq!(sb.row("ice-cream").unwrap().parts, [6, 6, 0]);
    assert_eq!(sb.points("ice-cream"), 12);
    assert_eq!(sb.total, 12);
    for sc in [sa, sb] {
        for row in [
            "plans",
            "parks",
            "temps",
            "estates",
            "roundabouts",
            "refusals",
        ] {
            assert_eq!(sc.points(row), 0, "{row}");
        }
    }
}

#[test]
fn t37_worked_example_ice_cream_8_2() {
    // A real two-player game: every round is dealt from a scripted draw pile and both seats
    // submit; the game resolves the rounds and settles the races. The printed offers cannot
    // all be dealt from the 1st-edition deck (a stack's effect next round is the back of
    // its number card: no 5 has a Bis or Pool back, no 1, 14 or 15 has a Pool or Bis back),
    // so three combinations nobody takes carry another effect: 12 pool (round 2) and 1 pool,
    // 15 bis (round 7) become landscapers. Every combination used is as printed.
    let offers: [[Combo; 3]; 7] = [
        [(5, Surveyor), (5, RealEstate), (9, Landscaper)],
        [(6, Bis), (3, RealEstate), (12, Landscaper)],
        [(10, Surveyor), (1, RealEstate), (8, Landscaper)],
        [(3, Pool), (11, RealEstate), (4, Landscaper)],
        [(2, RealEstate), (13, Bis), (7, Surveyor)],
        [(1, Surveyor), (14, RealEstate), (15, Landscaper)],
        [(1, Landscaper), (2, RealEstate), (15, Landscaper)],
    ];
    let options = Options::new(Mode::Standard).sheet(ice().id);
    let mut script = Script::new(options, 2, [0, 6, 28], &offers);
    let mut game = None;
    for r in 1..=7 {
        let moves = example_8_2_moves(r);
        let (pending, g) = script.round(|g| {
            moves
                .iter()
                .map(|&m| move_turn(pick(g, m.0, m.1), m))
                .collect()
        });
        assert_eq!(g.round(), r as u16 + 1);
        assert!(!g.is_over());
        for (seat, expected_circled) in EXAMPLE_8_2_CIRCLED[r - 1].iter().enumerate() {
            let s = g.sheet(seat).unwrap();
            for st in 1..=3u8 {
                assert_eq!(
                    circled(s, st),
                    expected_circled[st as usize - 1],
                    "round {r} seat {seat} street {st}"
                );
            }
            // The races are settled at the end of round 6, not when the turn is submitted.
            let s1 = (pending.sheet(seat).unwrap().race(0), s.race(0));
            let expected = match (r, seat) {
                (1..=5, _) => (Race::Open, Race::Open),
                (6, 0) => (Race::Open, Race::Won),
                (6, _) => (Race::Open, Race::Lost),
                (_, 0) => (Race::Won, Race::Won),
                _ => (Race::Lost, Race::Lost),
            };
            assert_eq!(s1, expected, "round {r} seat {seat} S1 bonus");
        }
        let (a, b) = (g.sheet(0).unwrap(), g.sheet(1).unwrap());
        match r {
            1 => {
                assert_eq!(crossed(a, 2), [1, 2]);
                assert_eq!(crossed(b, 1), [6, 8, 10]);
            }
            2 => assert_eq!(truck_at(a, 2), Some(6), "the 6b moved A's truck"),
            4 => {
                assert_eq!(a.choice(2), 1);
                assert!(a.has_pool(h(3, 2)));
                assert_eq!(crossed(a, 3), [1]);
            }
            5 => {
                assert_eq!(truck_at(a, 2), Some(6), "2 in S2 2 is behind A's truck");
                assert_eq!(truck_at(b, 2), Some(3));
            }
            6 => assert!(finished(a, 1) && !finished(b, 1)),
            7 => assert!(finished(b, 1)),
            _ => {}
        }
        game = Some(g);
    }
    let game = game.unwrap();
    assert_eq!(game.plans().map(|p| p.card), [0, 6, 28]);
    check_example_8_2(game.sheets(), &game.scores());
    check_scores(&game);
    // The record of the game replays to the same scores.
    let text = Record::of(&game, &["A".into(), "B".into()]).to_json();
    let again = Record::from_json(&text).unwrap().replay().unwrap();
    assert_eq!(again.scores(), game.scores());
    assert_eq!(again.sheets(), game.sheets());
}

#[test]
fn t37_worked_example_ice_cream_8_2_with_the_printed_offers() {
    // The same turns through the legality context, with the offers exactly as printed; the
    // races are settled by the module's end-of-round step as `Game::resolve` does.
    let printed: [[Combo; 3]; 7] = [
        [(5, Surveyor), (5, RealEstate), (9, Landscaper)],
        [(6, Bis), (3, RealEstate), (12, Pool)],
        [(10, Surveyor), (1, RealEstate), (8, Landscaper)],
        [(3, Pool), (11, RealEstate), (4, Landscaper)],
        [(2, RealEstate), (13, Bis), (7, Surveyor)],
        [(1, Surveyor), (14, RealEstate), (15, Landscaper)],
        [(1, Pool), (2, RealEstate), (15, Bis)],
    ];
    let l = ice();
    let plans = slots([0, 6, 28]);
    let mut sheets = vec![Sheet::new(l); 2];
    for (r, offer) in printed.iter().enumerate() {
        let c = TurnContext {
            edition: ed(),
            layout: l,
            advanced: false,
            passes_card: false,
            offer: combos(*offer),
            plans: &plans,
            reshuffle_offered: false,
            zombies: Default::default(),
        };
        for (seat, m) in example_8_2_moves(r + 1).into_iter().enumerate() {
            let i = offer
                .iter()
                .position(|&(n, e)| (n, e) == (m.0, m.1))
                .unwrap();
            let t = move_turn(Pick::Combination(i as u8), m);
            sheets[seat] = c
                .apply(&sheets[seat], &t)
                .unwrap_or_else(|e| panic!("round {} seat {seat}: {e}", r + 1));
        }
        Module::IceCream.end_of_round(l, &mut sheets);
        for (seat, s) in sheets.iter().enumerate() {
            for st in 1..=3u8 {
                assert_eq!(
                    circled(s, st),
                    EXAMPLE_8_2_CIRCLED[r][seat][st as usize - 1],
                    "round {} seat {seat} street {st}",
                    r + 1
                );
            }
        }
    }
    let scores = score_all(l, &sheets, false);
    check_example_8_2(&sheets, &scores);
}

// ===== Christmas (§4) =====

#[test]
fn t38_link_condition() {
    let l = xmas();
    let pair = |a: &str, b: &str| -> bool {
        let s = sheet_on(l, [&format!("{a} {b}"), "", ""]);
        christmas::linked(&s, 0, 0)
    };
    assert!(pair("7", "8"));
    assert!(pair("7", "7b"));
    let s = sheet_on(l, ["7 7b 8", "", ""]);
    assert!(christmas::linked(&s, 0, 1), "7b 8");
    assert!(!pair("7", "9"));
    // Exhaustively: a link exactly when right − left is 0 (a bis pair) or 1.
    for a in 0..=17u8 {
        for b in a..=17u8 {
            let (x, y) = if a == b {
                (a.to_string(), format!("{b}b"))
            } else {
                (a.to_string(), b.to_string())
            };
            assert_eq!(pair(&x, &y), b - a <= 1, "{x} {y}");
        }
    }
    // The copy links with both neighbours: `7 7b 8` is one string of 3.
    let s = sheet_on(l, ["7 7b 8", "", ""]);
    assert_eq!(christmas::longest_string(&s, 0), 3);
    let s = sheet_on(l, ["5 5b 5b", "", ""]);
    assert_eq!(christmas::longest_string(&s, 0), 3);
    // Links are drawn as the second house is numbered, in whichever order.
    let s = plays(l, &[w(1, 2, 8), w(1, 1, 7)]);
    assert!(christmas::linked(&s, 0, 0));
    // Consecutive numbers that are not neighbours are not linked.
    let s = sheet_on(l, ["7 _ 8", "", ""]);
    assert_eq!(christmas::longest_string(&s, 0), 0);
}

#[test]
fn t39_a_fence_does_not_cut_a_link() {
    let l = xmas();
    let s = sheet_on(l, ["1 2 | 3", "", ""]);
    assert!(s.has_fence(f(1, 2)));
    assert!(christmas::linked(&s, 0, 1));
    assert_eq!(christmas::longest_string(&s, 0), 3);
    // A fence drawn later removes nothing.
    let s = plays(
        l,
        &[
            w(1, 1, 1),
            w(1, 2, 2),
            w(1, 3, 3),
            w(2, 1, 1).fence_in(1, 2),
        ],
    );
    assert!(s.has_fence(f(1, 2)));
    assert_eq!(christmas::longest_string(&s, 0), 3);
    assert_eq!(
        Score::of(l, &s, Temps::Ranked(&[0]))
            .row("lights")
            .unwrap()
            .parts,
        [3, 0, 0]
    );
}

#[test]
fn t40_roundabouts_and_empty_houses_break_strings() {
    let l = xmas();
    let s = sheet_on(l, ["", "", "4 5 R 6 7"]);
    let links: Vec<bool> = (0..4).map(|k| christmas::linked(&s, 2, k)).collect();
    assert_eq!(links, [true, false, false, true]);
    assert_eq!(christmas::longest_string(&s, 2), 2);
    let s = sheet_on(l, ["", "", "4 5 _ 6 7"]);
    let links: Vec<bool> = (0..4).map(|k| christmas::linked(&s, 2, k)).collect();
    assert_eq!(links, [true, false, false, true]);
    assert_eq!(christmas::longest_string(&s, 2), 2);
    // Filling the gap joins them.
    let s = play(l, &s, w(1, 1, 1).bis_from(h(3, 2), h(3, 3)));
    assert_eq!(christmas::longest_string(&s, 2), 5);
}

#[test]
fn t41_lights_box_is_the_longest_string() {
    let l = xmas();
    let s = sheet_on(l, ["1 3 5 7", "2 4 _ 6 7 8 8b 9 11 12 13", ""]);
    assert_eq!(christmas::longest_string(&s, 0), 0, "no link");
    assert_eq!(christmas::longest_string(&s, 1), 5, "BGAH: 6-7-8-8b-9");
    assert_eq!(christmas::longest_string(&s, 2), 0, "empty street");
    let sc = Score::of(l, &s, Temps::Ranked(&[0]));
    assert_eq!(sc.row("lights").unwrap().parts, [0, 5, 0]);
    assert_eq!(sc.points("lights"), 5);
    // The maximum: 10 + 11 + 12 = 33.
    let s = sheet_on(
        l,
        [
            "0 1 2 3 4 5 6 7 8 9",
            "0 1 2 3 4 5 6 7 8 9 10",
            "0 1 2 3 4 5 6 7 8 9 10 11",
        ],
    );
    assert_eq!(Score::of(l, &s, Temps::Ranked(&[0])).points("lights"), 33);
}

#[test]
fn t42_plan_31_two_fully_linked_6_house_estates() {
    let l = xmas();
    let (_, s, estates) = meeting(31);
    assert!(meets(l, &s, 31, &estates));
    // Nothing is needed between the two estates.
    let s = sheet_on(l, ["", "1 2 3 4 5 6 |", "_ | 8 9 10 11 12 13 |"]);
    assert!(!christmas::linked(&s, 2, 0));
    assert!(meets(l, &s, 31, &[h(2, 1), h(3, 2)]));
    // One inner slot without a link: not met.
    let s = sheet_on(l, ["", "", "1 2 3 5 6 7 | 8 9 10 11 12 13"]);
    let e = claim(l, &s, 31, &[h(3, 1), h(3, 7)], false).unwrap_err();
    assert_eq!(e.code(), "plan_not_met", "{e}");
    assert_eq!(modules::feature_in(l, &s, Feature::Links, 2, 0, 6), 4);
}

#[test]
fn t43_plan_32_one_fully_linked_street() {
    let l = xmas();
    let s = sheet_on(l, ["1 2 3 4 5 5b 6 7 8 9", "", ""]);
    assert_eq!(christmas::longest_string(&s, 0), 10);
    assert!(meets(l, &s, 32, &[]));
    let s = sheet_on(l, ["", "0 1 2 3 4 5 6 7 8 9 10", ""]);
    assert!(meets(l, &s, 32, &[]));
    let s = sheet_on(l, ["", "", "3 4 5 6 6b 7 8 9 10 11 11b 12"]);
    assert!(meets(l, &s, 32, &[]));
    for (row, why) in [
        ("1 2 3 4 5 6 7 8 9 11", "9 and 11 are not consecutive"),
        ("1 2 3 4 5 6 7 8 9 _", "house 10 empty"),
        ("1 2 3 4 R 6 7 8 9 10", "a roundabout"),
    ] {
        let s = sheet_on(l, [row, "", ""]);
        let e = claim(l, &s, 32, &[], false).unwrap_err();
        assert_eq!(e.code(), "plan_not_met", "{why}");
    }
}

#[test]
fn t44_plan_33_estates_without_inner_links() {
    let l = xmas();
    let s = sheet_on(l, ["1 2 4 | 5 7 9 |", "2 4 6 |", ""]);
    assert!(christmas::linked(&s, 0, 2), "4 | 5 across the fence");
    assert!(meets(l, &s, 33, &[h(1, 4), h(2, 1)]));
    let e = claim(l, &s, 33, &[h(1, 1), h(2, 1)], false).unwrap_err();
    assert_eq!(e.code(), "plan_not_met", "`1 2 4` has the link 1-2: {e}");
    let (_, s, estates) = meeting(33);
    assert!(meets(l, &s, 33, &estates));
}

#[test]
fn t45_worked_example_christmas_8_3() {
    let l = xmas();
    let s = sheet_on(
        l,
        [
            "1 2 3 | 5 6 _ 8 9 9b 10",
            "2 4 _ 6 7 8 8b 9 11 12 13",
            "4 5 R 6 7 | 8 _ _ _ _ _ _",
        ],
    );
    // S3: the fence between 7 and 8 does not cut 6-7-8.
    assert!(christmas::linked(&s, 2, 4));
    let sc = Score::of(l, &s, Temps::Ranked(&[0]));
    assert_eq!(sc.row("lights").unwrap().parts, [4, 5, 3]);
    assert_eq!(sc.points("lights"), 12);
    assert_eq!(sc.points("estates"), 3 + 2 + 2);
    assert_eq!(sc.tie_break.by_size, [0, 2, 1, 0, 0, 0]);
    assert_eq!(sc.points("bis"), -3);
    assert_eq!(sc.points("roundabouts"), -3);
    assert_eq!(sc.total, 13);
    // The breakdown shows each street's longest string (§1.6).
    let detail = &sc.row("lights").unwrap().detail;
    for n in ["4", "5", "3"] {
        assert!(detail.contains(n), "{detail}");
    }
}

// ===== bad input =====

#[test]
fn unknown_sheet_is_a_setup_error() {
    let options = Options::new(Mode::Standard).sheet(SheetId::new("halloween").unwrap());
    let e = Game::new(options, 2, 0).unwrap_err();
    assert!(
        matches!(&e, SetupError::UnknownSheet { sheet, known, .. }
            if sheet == "halloween" && known.contains("easter") && known.contains("ice-cream")),
        "{e:?}"
    );
    assert_eq!(e.code(), "unknown_sheet");
    // The same from a record.
    let mut r = Record::of(
        &random_game(
            Options::new(Mode::Standard).sheet(xmas().id),
            2,
            3,
            &mut |_, _| {},
        ),
        &[],
    );
    r.setup.options = options;
    assert!(matches!(
        r.replay(),
        Err(RecordError::Setup(SetupError::UnknownSheet { .. }))
    ));
    // A sheet id that is no id at all is refused when the record is read.
    let text = Record::of(
        &Game::new(Options::new(Mode::Standard).sheet(ice().id), 2, 1).unwrap(),
        &[],
    )
    .to_json()
    .replace("\"ice-cream\"", "\"Ice Cream!\"");
    assert_eq!(Record::from_json(&text).unwrap_err().code(), "record_json");
    // Version 1 records know only the classic sheet.
    let game = Game::new(Options::new(Mode::Standard).sheet(ice().id), 2, 1).unwrap();
    let v1 = Record::of(&game, &[]).as_version(1);
    assert!(matches!(v1.replay(), Err(RecordError::V1Sheet)));
}

#[test]
fn record_plans_from_another_sheet_are_refused() {
    let bad = |sheet: &str, plans: [u8; 3], advanced: bool| -> RecordError {
        let setup = RecordSetup {
            edition: "first".into(),
            options: Options::new(Mode::Standard)
                .sheet(sheet_layout(sheet).id)
                .advanced(advanced),
            seed: Some(0),
            seats: vec!["A".into(), "B".into()],
            plans,
            values: Default::default(),
            layout: None,
        };
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            setup,
            rounds: Vec::new(),
            result: None,
        }
        .replay()
        .unwrap_err()
    };
    for (sheet, plans, slot, id) in [
        ("easter", [0, 6, 28], 3, 28),
        ("easter", [0, 6, 31], 3, 31),
        ("ice-cream", [0, 6, 34], 3, 34),
        ("christmas", [0, 6, 30], 3, 30),
        ("classic", [0, 6, 28], 3, 28),
        ("classic", [0, 6, 36], 3, 36),
        ("easter", [0, 6, 12], 3, 12),
        ("ice-cream", [0, 6, 17], 3, 17),
        ("ice-cream", [28, 6, 29], 1, 28),
    ] {
        let e = bad(sheet, plans, true);
        match &e {
            RecordError::Setup(SetupError::BadPlan { slot: s, id: i, .. }) => {
                assert_eq!((*s, *i), (slot, id), "{sheet} {plans:?}: {e}")
            }
            _ => panic!("{sheet} {plans:?}: {e:?}"),
        }
        assert_eq!(e.code(), "record_setup");
    }
    // The right plans set up fine.
    for (sheet, third) in [
        ("easter", 35),
        ("ice-cream", 29),
        ("christmas", 33),
        ("classic", 14),
    ] {
        let e = bad(sheet, [0, 6, third], false);
        assert!(
            matches!(e, RecordError::Deal { .. }),
            "{sheet}: only the missing draws are wrong: {e:?}"
        );
    }
}

#[test]
fn thematic_sheet_files_are_checked() {
    let file = |sheet_id: &str, d: SheetData| SheetFile {
        format: SHEET_FORMAT.into(),
        version: SHEET_VERSION,
        edition: "first".into(),
        sheet_id: SheetId::new(sheet_id).unwrap(),
        solo: false,
        temps_of_others: Vec::new(),
        shelters_of_others: Vec::new(),
        sheet: d,
    };
    let err = |f: SheetFile| f.score().unwrap_err().code();
    assert_eq!(err(file("halloween", data(["", "", ""]))), "sheet_edition");
    // A truck only where the sheet has two; a circled cone only on a numbered cone house;
    // a numbered street with two trucks needs the chosen one; a bonus only with a truck.
    let mut d = data(["", "", ""]);
    d.streets[0].truck = Some(Left);
    assert_eq!(err(file("ice-cream", d.clone())), "sheet_feature");
    assert_eq!(err(file("easter", d)), "sheet_feature");
    let d = ice_data(["2", "", ""], [&[2], &[], &[]], None);
    assert_eq!(err(file("ice-cream", d)), "sheet_feature");
    let d = ice_data(["", "", "1"], [&[], &[], &[]], None);
    assert_eq!(err(file("ice-cream", d)), "sheet_feature");
    let mut d = data(["1", "", ""]);
    d.streets[0].bonus = Some(Race::Won);
    assert_eq!(err(file("christmas", d)), "sheet_feature");
    let mut d = ice_data(["_ 2", "", ""], [&[], &[], &[]], None);
    d.streets[0].bonus = Some(Race::Won);
    assert_eq!(
        err(file("ice-cream", d)),
        "sheet_feature",
        "a circled bonus needs a finished route"
    );
    // A thematic plan's points are printed only on that sheet's cards.
    let mut d = data(["", "", ""]);
    d.plans = [None, None, Some(14)]; // plan 32 (Christmas) first value
    assert!(file("christmas", d.clone()).score().is_ok());
    assert_eq!(err(file("easter", d.clone())), "sheet_plan");
    assert_eq!(err(file("classic", d)), "sheet_plan");
    // Sheets round-trip through the file format with their stored features.
    let l = ice();
    let s = plays(
        l,
        &[w(1, 5, 5), w(3, 12, 15).truck(Left), w(2, 4, 4).bis(5)],
    );
    let f = SheetFile::new(ed(), l, &s, true, Vec::new());
    let (back, _) = SheetFile::from_json(&f.to_json()).unwrap().score().unwrap();
    assert_eq!(back, s);
}

// ===== whole games =====

#[test]
fn records_of_random_thematic_games_round_trip() {
    for (i, id) in THEMATIC.iter().enumerate() {
        for (mode, players, advanced) in [
            (Mode::Standard, 3, true),
            (Mode::Expert, 2, false),
            (Mode::Solo, 1, true),
        ] {
            let seed = 900 + i as u64;
            let options = Options::new(mode)
                .sheet(sheet_layout(id).id)
                .advanced(advanced);
            let game = checked_game(options, players, seed);
            assert!(game.is_over());
            let names: Vec<String> = (0..players).map(|p| format!("P{p}")).collect();
            let text = Record::of(&game, &names).to_json();
            assert!(text.contains(&format!("\"sheet\":\"{id}\"")), "{id}");
            let back = Record::from_json(&text).unwrap_or_else(|e| panic!("{id}: {e}"));
            let again = back
                .replay()
                .unwrap_or_else(|e| panic!("{id} {mode:?}: {e}"));
            assert_eq!(again.scores(), game.scores(), "{id} {mode:?}");
            assert_eq!(again.sheets(), game.sheets());
            assert_eq!(again.end(), game.end());
            assert_eq!(Record::of(&again, &names).to_json(), text);
            // Every sheet of the game survives the sheet-file format too.
            for s in game.sheets() {
                let f = SheetFile::new(ed(), game.layout(), s, mode == Mode::Solo, Vec::new());
                let (back, _) = SheetFile::from_json(&f.to_json()).unwrap().score().unwrap();
                assert_eq!(&back, s);
            }
        }
    }
}
