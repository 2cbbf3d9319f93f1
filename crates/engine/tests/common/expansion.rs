//! Helpers for the collector expansion sheets' tests: the edition, its sheets and plan cards,
//! turns written one at a time, the AAA's rows, and whole AAA games checked turn by turn.

use super::{data, h, Style, P0};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use welcome_engine::aaa::{AaaScore, AaaScoring};
use welcome_engine::modules::{ice_cream, Module};
use welcome_engine::*;

use Effect::Surveyor;

pub fn col() -> &'static Edition {
    Edition::by_id("collector").expect("the collector edition is built in")
}

pub fn lay(id: &str) -> &'static SheetLayout {
    col()
        .sheet(SheetId::new(id).unwrap())
        .unwrap_or_else(|| panic!("the collector edition has a {id} sheet"))
}

pub fn opts(sheet: &str, mode: Mode, advanced: bool) -> Options {
    let mut o = Options::new(mode)
        .advanced(advanced)
        .sheet(SheetId::new(sheet).unwrap());
    o.edition = EditionId::new("collector").unwrap();
    o
}

/// The collector edition's expansion sheets, in the edition's order.
pub fn expansion_sheets() -> Vec<&'static str> {
    col()
        .sheets
        .iter()
        .filter(|l| l.expansion.is_some())
        .map(|l| l.id.as_str())
        .collect()
}

/// The shipped data file of collector sheet `id`.
pub fn sheet_text(id: &str) -> String {
    std::fs::read_to_string(format!("data/editions/collector/sheets/{id}.json")).unwrap()
}

/// The collector edition with the classic sheet and `sheet` (a sheet file as JSON, e.g. a
/// shipped one with a table's edits): what a table entering its own layout loads.
pub fn load_edition(sheet: &serde_json::Value) -> Result<Edition, String> {
    let edition = include_str!("../../data/editions/collector/edition.json");
    let classic = sheet_text("classic");
    Edition::from_json(edition, &[&classic, &sheet.to_string()]).map_err(|e| e.to_string())
}

/// The plan card named `name` (e.g. "EG-C3").
pub fn card(name: &str) -> &'static PlanCard {
    col()
        .plans
        .iter()
        .find(|p| p.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("plan {name}"))
}

/// The sheet written in `d` on `layout`, read back through the collector sheet-file format.
pub fn load(layout: &SheetLayout, d: &SheetData) -> Sheet {
    super::load_in(col(), layout, d)
}

/// A sheet in the spec's notation on the sheet `id`.
pub fn sheet(id: &str, rows: [&str; 3]) -> Sheet {
    load(lay(id), &data(rows))
}

pub fn offer1(n: u8, e: Effect) -> Offer {
    Offer::Combinations(
        [Combination {
            number: n,
            effect: e,
        }; 3]
            .into(),
    )
}

pub fn slots(ids: [u8; 3]) -> [PlanSlot; 3] {
    ids.map(|card| PlanSlot {
        card,
        approved: false,
        values: None,
    })
}

/// Basic A and B plans the tests do not aim at, and the sheet's first C card.
pub fn plans_with(c: &str) -> [PlanSlot; 3] {
    slots([0, 6, card(c).id])
}

pub fn ctx<'a>(layout: &'a SheetLayout, offer: Offer, plans: &'a [PlanSlot; 3]) -> TurnContext<'a> {
    TurnContext {
        edition: col(),
        layout,
        advanced: true,
        passes_card: false,
        offer,
        plans,
        reshuffle_offered: false,
        zombies: Default::default(),
    }
}

/// Writes `n` in house `(s, i)` (1-based) with effect `e` used as `u` (or passed).
pub fn play(
    layout: &SheetLayout,
    sheet: &Sheet,
    s: u8,
    i: u8,
    n: u8,
    e: Effect,
    u: Option<EffectUse>,
) -> Sheet {
    let plans = slots([0, 6, 12]);
    let mut t = Turn::build(P0, h(s, i), n);
    if let Some(u) = u {
        t = t.with_effect(u);
    }
    ctx(layout, offer1(n, e), &plans)
        .apply(sheet, &t)
        .unwrap_or_else(|err| panic!("{n} in street {s} house {i}: {err}\n{sheet}"))
}

/// Writes the numbers `(street, house, number)` in this order, effects passed.
pub fn plays(layout: &SheetLayout, from: Sheet, xs: &[(u8, u8, u8)]) -> Sheet {
    xs.iter().fold(from, |s, &(st, i, n)| {
        play(layout, &s, st, i, n, Surveyor, None)
    })
}

/// Whether the sheet meets plan `name` (the plan in slot C), naming `estates`.
pub fn meets(
    layout: &SheetLayout,
    sheet: &Sheet,
    name: &str,
    estates: &[HouseRef],
) -> Result<(), TurnError> {
    let plans = plans_with(name);
    let claim = PlanClaim {
        plan: 2,
        estates: estates.to_vec(),
    };
    ctx(layout, offer1(1, Surveyor), &plans).check_plan(sheet, &claim, &[])
}

/// Validates plan `name` in a turn that writes `n` in `(s, i)`; the sheet after it.
pub fn validate(
    layout: &SheetLayout,
    sheet: &Sheet,
    name: &str,
    estates: &[HouseRef],
    at: (u8, u8, u8),
) -> Result<Sheet, TurnError> {
    let plans = plans_with(name);
    let mut t = Turn::build(P0, h(at.0, at.1), at.2);
    t.plans = vec![PlanClaim {
        plan: 2,
        estates: estates.to_vec(),
    }];
    ctx(layout, offer1(at.2, Surveyor), &plans).apply(sheet, &t)
}

pub fn used(sheet: &Sheet) -> Vec<HouseRef> {
    sheet.all_houses().filter(|&x| sheet.is_used(x)).collect()
}

pub fn circled(sheet: &Sheet, s: u8) -> Vec<u8> {
    (1..=sheet.len(s - 1))
        .filter(|&i| sheet.is_marked(h(s, i)))
        .collect()
}

pub fn crossed(layout: &SheetLayout, sheet: &Sheet, s: u8) -> Vec<u8> {
    (1..=sheet.len(s - 1))
        .filter(|&i| ice_cream::crossed(layout, sheet, h(s, i)))
        .collect()
}

pub fn sam() -> AaaScoring {
    AaaScoring {
        park: 1,
        pool: 1,
        temp: 1,
        fence: 1,
        ext_houses: 2,
        impr: 2,
    }
}

pub fn cards(list: &[(u8, Effect)]) -> Vec<Card> {
    list.iter().map(|&(n, e)| Card::new(n, e)).collect()
}

pub fn aaa_row(sheet_id: &str, given: &[Card], player: &Sheet) -> (i32, AaaScore) {
    let s = AaaScore::against(&sam(), given, [None; 3], lay(sheet_id), &[], player, 5);
    let id = lay(sheet_id).modules[0].row_ids().first().copied();
    let row = s.sheet_rows.iter().find(|r| Some(r.id.as_str()) == id);
    (row.expect("the sheet adds an AAA row").points, s)
}

/// An AAA game played by random turns, checking the Ice Cream crossing at every turn: the turn
/// starts at the crossing stage exactly when the sheet owes one and a bonus is open, and pays
/// the debt.
pub fn aaa_game(options: Options, seed: u64) -> Game {
    let mut g = Game::new(options, 1, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut crossings = 0;
    let mut validations = 0;
    while !g.is_over() {
        let sheet = *g.sheet(0).unwrap();
        let ctx = g.context(0).unwrap();
        let m = TurnMachine::new(ctx, &sheet);
        let expected = owed_crossings(g.layout(), &sheet);
        assert_eq!(m.stage() == Stage::Cross, expected > 0);
        let turn = super::choose_turn(&ctx, &sheet, &mut rng, &Style::RANDOM);
        assert_eq!(turn.cross.len(), expected);
        crossings += turn.cross.len();
        g.step(&[turn]).unwrap();
        validations = g.aaa().unwrap().drawn.len();
        if !g.is_over() && g.layout().has(Module::IceCream) {
            assert!(usize::from(g.sheet(0).unwrap().owed()) <= validations);
        }
    }
    // American Dream owes 3 bonuses per card (1 street, 2 columns), Ice Cream 1.
    assert!(crossings <= 3 * validations);
    g
}

/// The bonuses a sheet must cross off at the start of its turn, as the spec counts them:
/// Ice Cream, one per Validation card while a bonus is open (§3.6); American Dream, one street
/// and two columns per card, fewer when fewer are open (§10.6).
pub fn owed_crossings(layout: &SheetLayout, sheet: &Sheet) -> usize {
    if layout.has(Module::IceCream) {
        let open = ice_cream::open_bonuses(layout, sheet).count();
        return usize::from(sheet.owed()).min(open);
    }
    if layout.has(Module::AmericanDream) {
        let streets = (0..sheet.streets())
            .filter(|&s| sheet.race(s) == Race::Open)
            .count();
        let columns = (0..welcome_engine::modules::american_dream::columns(layout))
            .filter(|&c| sheet.column_race(c) == Race::Open)
            .count();
        return usize::from(sheet.owed()).min(streets)
            + usize::from(sheet.owed_columns()).min(columns);
    }
    0
}

pub fn check_game(g: &Game) {
    assert!(g.is_over());
    for (s, score) in g.sheets().iter().zip(g.scores()) {
        assert_eq!(
            score.total,
            score.rows.iter().map(|r| r.points).sum::<i32>()
        );
        let ids: Vec<&str> = score.rows.iter().map(|r| r.id.as_str()).collect();
        let printed: Vec<&str> = g
            .layout()
            .score_rows
            .iter()
            .map(|r| r.id.as_str())
            .collect();
        assert_eq!(ids, printed);
        for st in 0..s.streets() {
            if g.layout().has(Module::IceCream) && ice_cream::route_finished(g.layout(), s, st) {
                assert_ne!(s.race(st), Race::Open);
            }
        }
    }
    super::check_replay(g);
}
