//! Observations: one seat's information as a flat `f32` vector with a fixed layout
//! (`LAYOUT`), the same for every sheet and mode. Only what the seat may see: its own sheet
//! as its decisions so far leave it, its offer, the plans, public pile facts and the other
//! seats' sheets as of the last resolved round (summarised).

use welcome_engine::number::{floor, is_number, is_quarter, rank, MAX_RANK};
use welcome_engine::score::{Score, Temps};
use welcome_engine::sheet::{MAX_HOUSES, MAX_NUMBER, MAX_STREETS};
use welcome_engine::{Edition, Effect, Mode, Offer, Position, Race, Sheet, Stage, TurnMachine};

/// Values per house: present, empty, number/17 (a ¾ number n¾ as (n + 0.75)/17), bis,
/// roundabout, fence to its right, used for a plan, planned pool, pool built, module mark (a
/// circled cone), eggs/3, cone.
const PER_HOUSE: usize = 12;
/// Values per street: present, houses/16, parks crossed/boxes, pools built/5, planned
/// pools/5, bis/5, truck left, truck right, race won, race lost.
const PER_STREET: usize = 10;
/// Values per offered card or combination: number one-hot (0–17; a 9¾ card shares it as 0.25
/// on 9 and 0.75 on 10), effect one-hot.
const PER_OFFER: usize = (MAX_NUMBER as usize + 1) + 6;
/// Plan card ids one-hot below this cap.
pub const PLAN_IDS: usize = 64;
const PER_PLAN: usize = PLAN_IDS + 4;
/// Sheets one-hot below this cap (their order in the edition).
const SHEETS: usize = 8;

/// (name, shape) of each part, in order.
pub const LAYOUT: [(&str, &[usize]); 9] = [
    ("houses", &[MAX_STREETS, MAX_HOUSES, PER_HOUSE]),
    ("streets", &[MAX_STREETS, PER_STREET]),
    ("tracks", &[15]),
    ("offer", &[3, PER_OFFER]),
    ("next_effects", &[3, 6]),
    ("plans", &[3, PER_PLAN]),
    ("turn", &[15]),
    ("public", &[10 + SHEETS]),
    ("table", &[8]),
];

/// Length of the flat observation.
pub const SIZE: usize = {
    let mut total = 0;
    let mut i = 0;
    while i < LAYOUT.len() {
        let shape = LAYOUT[i].1;
        let mut n = 1;
        let mut j = 0;
        while j < shape.len() {
            n *= shape[j];
            j += 1;
        }
        total += n;
        i += 1;
    }
    total
};

/// `n / 3` for the small `n` of eggs a house holds: the same values as the division,
/// without dividing in the hot loop.
const EGG_SHARE: [f32; MAX_NUMBER as usize + 1] = shares(3.0);

/// A house's number value (`rank(code) / MAX_RANK`, in quarters so that 9¾ lies between 9
/// and 10) for every code a cell can hold, 0 for the codes that are not numbers.
const NUMBER_SHARE: [f32; 256] = {
    let mut out = [0.0; 256];
    let mut v = 0;
    while v < 256 {
        if is_number(v as u8) {
            out[v] = rank(v as u8) as f32 / MAX_RANK as f32;
        }
        v += 1;
    }
    out
};

const fn shares<const N: usize>(of: f32) -> [f32; N] {
    let mut out = [0.0; N];
    let mut i = 0;
    while i < N {
        out[i] = i as f32 / of;
        i += 1;
    }
    out
}

/// Where the seat's own turn stands.
pub struct TurnState<'a> {
    /// The seat's sheet after its decisions so far this round.
    pub sheet: &'a Sheet,
    pub stage: Stage,
    /// Plans claimed and whether a roundabout was built this turn.
    pub claimed: [bool; 3],
    pub roundabout: bool,
    /// Whether the seat is the one to decide now.
    pub to_act: bool,
    pub submitted: bool,
}

impl<'a> TurnState<'a> {
    /// A seat building its turn on `m` (not submitted yet).
    pub fn of_machine(m: &'a TurnMachine<'_>, to_act: bool) -> TurnState<'a> {
        let turn = m.turn();
        let mut claimed = [false; 3];
        for c in &turn.plans {
            if let Some(x) = claimed.get_mut(c.plan as usize) {
                *x = true;
            }
        }
        TurnState {
            sheet: m.sheet(),
            stage: m.stage(),
            claimed,
            roundabout: turn.roundabout.is_some(),
            to_act,
            submitted: false,
        }
    }
}

fn effect_index(e: Effect) -> usize {
    Effect::ALL.iter().position(|&x| x == e).unwrap_or(0)
}

fn ratio(a: impl Into<f64>, b: impl Into<f64>) -> f32 {
    let b = b.into();
    if b <= 0.0 {
        0.0
    } else {
        (a.into() / b) as f32
    }
}

/// Writes the observation of `seat` into `out` (`SIZE` values).
pub fn write(pos: &Position, seat: usize, turn: &TurnState<'_>, out: &mut [f32]) {
    write_with(pos, seat, turn, None, out)
}

/// The running score the observation shows for `seat` (`table`'s first value × 100): in
/// solo against the Solo card's temp threshold, else with temps ranked across the table.
/// It changes only when a round resolves.
pub fn own_total(pos: &Position, seat: usize) -> i32 {
    let sheets = pos.sheets();
    let Some(sheet) = sheets.get(seat) else {
        return 0;
    };
    if pos.options().mode == Mode::Solo {
        Score::total_of(pos.layout(), sheet, Temps::Solo)
    } else {
        let temps: Vec<u8> = sheets.iter().map(Sheet::temps).collect();
        Score::total_of(pos.layout(), sheet, Temps::Ranked(&temps))
    }
}

/// `write` with `own_total(pos, seat)` already known.
pub fn write_with(
    pos: &Position,
    seat: usize,
    turn: &TurnState<'_>,
    own_total: Option<i32>,
    out: &mut [f32],
) {
    debug_assert_eq!(out.len(), SIZE);
    let layout = pos.layout();
    let s = turn.sheet;
    let mut at = 0;

    // houses (the hot part of the observation): every value of a house on the sheet is
    // written, each once, the rows of the others zeroed.
    let (houses, rest) = out.split_at_mut(MAX_STREETS * MAX_HOUSES * PER_HOUSE);
    rest.fill(0.0);
    for (st, street) in houses.chunks_exact_mut(MAX_HOUSES * PER_HOUSE).enumerate() {
        let st = st as u8;
        let len = usize::from(s.len(st)).min(MAX_HOUSES);
        let (present, absent) = street.split_at_mut(len * PER_HOUSE);
        absent.fill(0.0);
        // The street read once, as codes and bit masks, each house's flags then shifts.
        let cells = s.cells(st);
        let m = s.street_masks(st);
        for (h, row) in present.chunks_exact_mut(PER_HOUSE).enumerate() {
            let flag = |mask: u16| f32::from((mask >> h) as u8 & 1);
            // present, empty, number / 17, bis, roundabout: an invaded house (Zombies) is
            // neither empty nor numbered nor a roundabout, so no flag of the three.
            let numbered = flag(m.numbered);
            let eggs = layout.eggs(st, h as u8);
            let eggs = EGG_SHARE
                .get(usize::from(eggs))
                .copied()
                .unwrap_or(eggs as f32 / 3.0);
            row.copy_from_slice(&[
                1.0,
                flag(m.empty),
                NUMBER_SHARE[usize::from(cells[h])] * numbered,
                flag(m.bis & m.numbered),
                flag(m.roundabouts),
                flag(m.fences),
                flag(m.used),
                flag(m.planned_pools),
                flag(m.pools),
                flag(m.marks),
                eggs,
                layout.cone(st, h as u8) as f32,
            ]);
        }
    }
    at += MAX_STREETS * MAX_HOUSES * PER_HOUSE;
    let mut put = |k: usize, v: f32, at: usize| out[at + k] = v;

    // streets
    for st in 0..(s.streets() as usize).min(MAX_STREETS) {
        let base = at + st * PER_STREET;
        let street = st as u8;
        put(0, 1.0, base);
        put(1, s.len(street) as f32 / MAX_HOUSES as f32, base);
        let boxes = layout.streets.get(st).map_or(0, |l| l.parks.boxes());
        put(2, ratio(s.parks(street), boxes), base);
        put(3, s.pools_in(street) as f32 / 5.0, base);
        put(4, s.planned_pools_in(street) as f32 / 5.0, base);
        put(5, s.bis_in(street) as f32 / 5.0, base);
        match s.choice(street) {
            1 => put(6, 1.0, base),
            2 => put(7, 1.0, base),
            _ => {}
        }
        match s.race(street) {
            Race::Won => put(8, 1.0, base),
            Race::Lost => put(9, 1.0, base),
            Race::Open => {}
        }
    }
    at += MAX_STREETS * PER_STREET;

    // tracks
    put(0, ratio(s.temps(), layout.temp_boxes), at);
    for size in 1..=6 {
        let boxes = layout.real_estate.get(size - 1).map_or(0, |t| t.boxes());
        put(size, ratio(s.real_estate(size), boxes), at);
    }
    put(7, ratio(s.refusals(), layout.refusals.boxes()), at);
    put(8, ratio(s.roundabouts(), layout.roundabouts.boxes()), at);
    for (i, p) in s.plan_scores().iter().enumerate() {
        if let Some(points) = p {
            put(9 + i, 1.0, at);
            put(12 + i, *points as f32 / 20.0, at);
        }
    }
    at += 15;

    // offer
    if let Some(offer) = pos.offer(seat) {
        let mut card = |i: usize, number: u8, effect: Effect| {
            let base = at + i * PER_OFFER;
            if is_quarter(number) {
                // n¾ = n + 0.75: its weight split between n and n + 1.
                let n = floor(number) as usize;
                put(n, 0.25, base);
                put((n + 1).min(MAX_NUMBER as usize), 0.75, base);
            } else {
                put(number.min(MAX_NUMBER) as usize, 1.0, base);
            }
            put(MAX_NUMBER as usize + 1 + effect_index(effect), 1.0, base);
        };
        match offer {
            Offer::Combinations(c) => {
                for (i, c) in c.iter().enumerate() {
                    card(i, c.number, c.effect);
                }
            }
            Offer::Hand(h) => {
                for (i, c) in h.iter().enumerate() {
                    card(i, c.number, c.effect);
                }
            }
        }
    }
    at += 3 * PER_OFFER;

    // next effects (standard game)
    if let Some(next) = pos.next_effects() {
        for (i, e) in next.iter().enumerate() {
            put(i * 6 + effect_index(*e), 1.0, at);
        }
    }
    at += 18;

    // plans
    let edition: &Edition = pos.edition();
    for (i, slot) in pos.plans().iter().enumerate() {
        let base = at + i * PER_PLAN;
        if (slot.card as usize) < PLAN_IDS {
            put(slot.card as usize, 1.0, base);
        }
        put(PLAN_IDS, f32::from(u8::from(slot.approved)), base);
        if let Some(card) = edition.plan(slot.card) {
            put(PLAN_IDS + 1, card.first as f32 / 20.0, base);
            put(PLAN_IDS + 2, card.second as f32 / 20.0, base);
        }
        put(PLAN_IDS + 3, f32::from(u8::from(turn.claimed[i])), base);
    }
    at += 3 * PER_PLAN;

    // turn
    // The Ice Cream crossing (AAA solo) opens a turn: it shows as the start, and the action
    // mask tells the two apart (the observation keeps its layout).
    // So does the Roswell objective (the first turn).
    // Halloween's circle shows as a choice and its ghost bonuses as the plans stage (the
    // end of the turn), for the same reason, and so does the card a hand of two passes on
    // (Zombies expert and AAA).
    let stage = match turn.stage {
        Stage::Ammo { .. } | Stage::Objective | Stage::Cross | Stage::Start => 0,
        Stage::Play => 1,
        Stage::Choice { .. } | Stage::Circle { .. } => 2,
        Stage::Effect { .. } => 3,
        Stage::Pass { .. } | Stage::Plans | Stage::Bonus { .. } => 4,
        Stage::Done => 5,
    };
    put(stage, 1.0, at);
    if let Stage::Effect { effect, .. } = turn.stage {
        put(6 + effect_index(effect), 1.0, at);
    }
    put(12, f32::from(u8::from(turn.roundabout)), at);
    put(13, f32::from(u8::from(turn.to_act)), at);
    put(14, f32::from(u8::from(turn.submitted)), at);
    at += 15;

    // public
    let options = pos.options();
    let mode = match options.mode {
        Mode::Standard => 0,
        Mode::Solo => 1,
        Mode::Expert => 2,
    };
    put(mode, 1.0, at);
    put(3, f32::from(u8::from(options.advanced)), at);
    put(4, pos.players() as f32 / 10.0, at);
    put(5, pos.round() as f32 / 100.0, at);
    let (pile, discard) = pos.pile_sizes();
    let deck = edition.deck.len().max(1) as f32;
    put(6, pile as f32 / deck, at);
    put(7, discard as f32 / deck, at);
    put(8, f32::from(u8::from(pos.solo_card_drawn())), at);
    put(9, f32::from(u8::from(pos.reshuffle_offered())), at);
    if let Some(i) = edition.sheets.iter().position(|l| l.id == layout.id) {
        if i < SHEETS {
            put(10 + i, 1.0, at);
        }
    }
    at += 10 + SHEETS;

    // table: running scores and the others' sheets as of the last resolved round
    let sheets = pos.sheets();
    let solo = options.mode == Mode::Solo;
    let temps: Vec<u8> = if solo {
        Vec::new()
    } else {
        sheets.iter().map(Sheet::temps).collect()
    };
    let mode_temps = if solo {
        Temps::Solo
    } else {
        Temps::Ranked(&temps)
    };
    let mine = own_total.unwrap_or_else(|| Score::total_of(layout, &sheets[seat], mode_temps));
    put(0, mine as f32 / 100.0, at);
    let others: Vec<usize> = (0..sheets.len()).filter(|&o| o != seat).collect();
    if !others.is_empty() {
        let totals: Vec<i32> = others
            .iter()
            .map(|&o| Score::total_of(layout, &sheets[o], mode_temps))
            .collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        let mean = totals.iter().sum::<i32>() as f32 / totals.len() as f32;
        put(1, best as f32 / 100.0, at);
        put(2, mean / 100.0, at);
        let max_of = |f: &dyn Fn(&Sheet) -> f32| {
            others.iter().map(|&o| f(&sheets[o])).fold(0.0f32, f32::max)
        };
        put(3, max_of(&|x| ratio(x.temps(), layout.temp_boxes)), at);
        put(
            4,
            max_of(&|x| ratio(x.refusals(), layout.refusals.boxes())),
            at,
        );
        let houses = layout.houses().max(1) as f32;
        put(5, max_of(&|x| 1.0 - x.empty_houses() as f32 / houses), at);
        put(
            6,
            max_of(&|x| x.plan_scores().iter().flatten().count() as f32 / 3.0),
            at,
        );
        let submitted = others.iter().filter(|&&o| pos.has_submitted(o)).count();
        put(7, submitted as f32 / others.len() as f32, at);
    }
    at += 8;
    debug_assert_eq!(at, SIZE);
}
