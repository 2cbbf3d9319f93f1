//! One conformance routine for every sheet of every edition, in every mode it allows
//! (OpenSpiel's basic tests are the model): whatever a new sheet or rule module brings, it
//! passes here without a line of this file changing.
//!
//! For each edition × sheet × mode (standard, solo or solo against the AAA at each level,
//! expert), with the advanced variant off and on, and with the 9¾ cards where the edition has
//! them, random players who choose among the turn machine's listed decisions play to the end:
//!
//! - every listed decision has one action, which decodes to it, and the actions the machine
//!   lists directly are the same set; an index not listed is refused (nothing else applies);
//! - the turn the decisions build validates on the game and writes the machine's sheet;
//! - every seat is offered what `Mode::offer_shape` says the mode deals on the sheet;
//! - a position's clone is equal to it; a seat's view rebuilt into a position (`from_view`),
//!   or the position resampled behind it, shows that seat the same view;
//! - at the end, each score adds up by its rows, in the sheet's printed order, ranks agree
//!   with the record's result, and the record round-trips through JSON and replays to the
//!   byte-identical record;
//!
//! and a property test checks, on states of every sheet, that the listed turns are exactly the
//! turns that validate.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use welcome_engine::action::{self, ActionError, NUM_ACTIONS};
use welcome_engine::*;

/// A game to play: an edition's sheet, a mode and its options, a number of seats.
#[derive(Clone, Debug)]
struct Case {
    options: Options,
    players: usize,
}

/// Every edition × sheet × available mode, advanced off and on; solo against the AAA at a
/// level that turns with the sheet, the 9¾ cards on with the advanced variant where the
/// edition has them; the fewest seats the mode allows, and one more.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for edition in Edition::all() {
        for (k, layout) in edition.sheets.iter().enumerate() {
            for mode in Mode::ALL.into_iter().filter(|m| m.available(edition)) {
                // A sheet that forbids the advanced variant plays without it only.
                for advanced in [false, true].into_iter().filter(|&a| !a || layout.advanced) {
                    let mut o = Options::new(mode)
                        .advanced(advanced)
                        .sheet(layout.id)
                        .nine_three_quarters(advanced && !edition.nine_three_quarters.is_empty());
                    o.edition = edition.id;
                    if mode == Mode::Solo && edition.aaa.is_some() {
                        o = o.aaa_level(((k * 2 + usize::from(advanced)) % 6) as u8);
                    }
                    let (least, most) = mode.seats(edition);
                    let players = if advanced {
                        (least + 1).min(most)
                    } else {
                        least
                    };
                    out.push(Case {
                        options: o,
                        players,
                    });
                }
            }
        }
    }
    out
}

/// A random turn for `seat`, built one listed decision at a time through the turn machine,
/// checking the action space on the way.
fn random_turn(position: &Position, seat: usize, rng: &mut ChaCha8Rng) -> Turn {
    let ctx = position
        .context(seat)
        .expect("a seat in play has a context");
    let sheet = *position.sheet(seat).expect("a seat in play has a sheet");
    let mut m = TurnMachine::new(ctx, &sheet);
    let mut direct = Vec::new();
    while m.stage() != Stage::Done {
        let listed = action::listed(&m);
        assert!(!listed.is_empty(), "stage {:?} lists a decision", m.stage());
        action::actions_into(&m, &mut direct);
        let actions: Vec<usize> = listed.iter().map(|(a, _)| *a).collect();
        assert_eq!(
            direct,
            actions,
            "listing actions directly at {:?}",
            m.stage()
        );
        let distinct: HashSet<usize> = actions.iter().copied().collect();
        assert_eq!(distinct.len(), actions.len(), "one action per decision");
        for (a, d) in &listed {
            assert!(*a < NUM_ACTIONS);
            assert_eq!(action::decode(*a, &m).as_ref(), Ok(d), "action {a} decodes");
            assert!(action::kind(*a).is_some());
        }
        // Indices not listed name nothing the machine takes.
        for _ in 0..8 {
            let a = rng.gen_range(0..NUM_ACTIONS + 4);
            if distinct.contains(&a) {
                continue;
            }
            match action::decode(a, &m) {
                Ok(d) => assert!(
                    m.clone().apply(d.clone()).is_err(),
                    "unlisted action {a} ({d:?}) applies at {:?}",
                    m.stage()
                ),
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    if a >= NUM_ACTIONS {
                        assert_eq!(e, ActionError::OutsideSpace { action: a });
                    }
                }
            }
        }
        let (_, d) = listed[rng.gen_range(0..listed.len())].clone();
        m.apply(d).expect("a listed decision applies");
    }
    let (turn, written) = m.finish().expect("a machine at Done has a turn");
    assert_eq!(
        position.validate(seat, &turn).as_ref(),
        Ok(&written),
        "the machine's turn validates to its sheet"
    );
    turn
}

/// What `seat` sees of `p`, for comparing positions behind one view.
fn seen(p: &Position, seat: usize) -> String {
    let v = PlayerView::of(p, seat).expect("a seat's view");
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {} {} {} {:?} {:?} {:?}",
        v.round,
        v.offer,
        v.next_effects,
        v.plans,
        v.sheets,
        v.my_turn,
        v.pile,
        v.discard,
        v.solo_card_drawn,
        v.unseen,
        v.end,
        v.reshuffle_offered
    )
}

/// The view checks at one moment of a game.
fn check_views(p: &Position, round: u16) {
    assert!(p.clone() == *p, "a clone equals its position");
    for seat in 0..p.players() {
        let view = PlayerView::of(p, seat).expect("a seat's view");
        let rebuilt = Position::from_view(&view, u64::from(round))
            .unwrap_or_else(|e| panic!("round {round}: seat {seat}'s view rebuilds: {e}"));
        assert_eq!(
            seen(&rebuilt, seat),
            seen(p, seat),
            "from_view keeps the view"
        );
        let resampled = p.resample(seat, u64::from(round) + 1);
        assert_eq!(
            seen(&resampled, seat),
            seen(p, seat),
            "resample keeps the view"
        );
    }
}

/// Every seat is offered what `Mode::offer_shape` says the mode deals on the sheet.
fn check_offer(p: &Position, case: &Case) {
    let shape = case.options.mode.offer_shape(p.layout());
    for seat in 0..p.players() {
        let offer = p.offer(seat).expect("a seat's offer");
        let fits = match (shape, &offer) {
            (OfferShape::Combinations(n), Offer::Combinations(c)) => c.len() == n,
            (OfferShape::Hand { cards, runs_out }, Offer::Hand(h)) => {
                h.len() == cards || (runs_out && h.is_empty())
            }
            _ => false,
        };
        assert!(
            fits,
            "{case:?}: seat {seat} is offered {offer:?}, the mode deals {shape:?}"
        );
    }
}

/// The checks of a finished game.
fn check_end(game: &Game, case: &Case) {
    assert!(game.is_over() && !game.end().is_empty());
    let printed: Vec<&str> = game
        .layout()
        .score_rows
        .iter()
        .map(|r| r.id.as_str())
        .collect();
    for score in game.scores() {
        let sum: i32 = score.rows.iter().map(|r| r.points).sum();
        assert_eq!(score.total, sum, "{case:?}: the rows add up to the total");
        let ids: Vec<&str> = score.rows.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, printed, "{case:?}: the rows as printed");
    }
    let record = Record::of(game, &[]);
    let result = record
        .result
        .as_ref()
        .expect("a finished game has a result");
    assert_eq!(result.ranks, game.ranks());
    assert!(game.ranks().contains(&1));
    let text = record.to_json();
    let back = Record::from_json(&text).expect("the record parses");
    let again = back
        .replay()
        .unwrap_or_else(|e| panic!("{case:?}: the record replays: {e}"));
    assert_eq!(Record::of(&again, &[]).to_json(), text);
    assert_eq!(again.sheets(), game.sheets());
}

/// Plays `case` to the end with random listed decisions.
fn play(case: &Case, seed: u64) -> Game {
    let mut game = Game::new(case.options, case.players, seed)
        .unwrap_or_else(|e| panic!("{case:?}: the game sets up: {e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xc0f0);
    while !game.is_over() {
        assert!(game.round() < 200, "{case:?}: a game ends");
        let round = game.round();
        if round % 4 == 1 {
            check_views(game.position(), round);
        }
        check_offer(game.position(), case);
        let turns: Vec<Turn> = (0..game.players())
            .map(|seat| random_turn(game.position(), seat, &mut rng))
            .collect();
        game.step(&turns)
            .unwrap_or_else(|e| panic!("{case:?} round {round}: {e}"));
    }
    check_end(&game, case);
    game
}

#[test]
fn every_sheet_of_every_edition_plays_to_the_end_in_every_mode() {
    let cases = cases();
    // Both editions, each with its sheets and modes, were found.
    assert!(Edition::all().len() >= 2);
    let sheets: usize = Edition::all().iter().map(|e| e.sheets.len()).sum();
    assert!(cases.len() >= sheets * 3, "{} cases", cases.len());
    let mut modules_played = HashSet::new();
    for (i, case) in cases.iter().enumerate() {
        let game = play(case, 1000 + i as u64);
        modules_played.extend(game.layout().modules.iter().copied());
        // Roundabouts come with the advanced option, not the sheet: played once built.
        let built = |r: &RoundLog| r.turns.iter().any(|t| t.roundabout.is_some());
        if game.log().iter().any(built) {
            modules_played.insert(Module::Roundabouts);
        }
    }
    for m in Module::ALL {
        assert!(modules_played.contains(&m), "a sheet with {m:?} was played");
    }
}

/// Legal turns listed per state before the check gives the state up (the advanced variant
/// can list tens of thousands).
const CAP: u64 = 2500;

/// A turn with its claims' estates in one order (naming them in another is the same turn).
fn normal(t: &Turn) -> Turn {
    let mut t = t.clone();
    for c in &mut t.plans {
        c.estates.sort();
    }
    t
}

/// Two listed turns crossed: each part from one or the other. A rule module's parts travel
/// with the rest, so every sheet's own fields are mixed as well.
fn cross(a: &Turn, b: &Turn, rng: &mut ChaCha8Rng) -> Turn {
    let mut t = a.clone();
    if rng.gen_bool(0.5) {
        t.play = b.play;
    }
    if rng.gen_bool(0.5) {
        t.plans = b.plans.clone();
    }
    if rng.gen_bool(0.5) {
        t.roundabout = b.roundabout;
    }
    if rng.gen_bool(0.5) {
        t.circles = b.circles.clone();
        t.tiers = b.tiers.clone();
    }
    if rng.gen_bool(0.3) {
        t.cross = b.cross.clone();
        t.ammo = b.ammo.clone();
        t.objective = b.objective;
    }
    if rng.gen_bool(0.2) {
        t.reshuffle = !t.reshuffle;
    }
    t
}

/// At `seat`'s turn: listed turns all validate, as many as counted, and turns crossed from
/// them validate exactly when listed; a refused turn leaves the position as it was.
fn check_listing(p: &Position, seat: usize, rng: &mut ChaCha8Rng) -> bool {
    let count = p.count_turns(seat);
    if count == 0 || count > CAP {
        return false;
    }
    let listed = p.legal_turns(seat);
    assert_eq!(listed.len() as u64, count, "count_turns counts the listing");
    let set: HashSet<Turn> = listed.iter().map(normal).collect();
    assert_eq!(set.len(), listed.len(), "no turn is listed twice");
    for t in &listed {
        assert!(p.validate(seat, t).is_ok(), "listed {t:?} validates");
    }
    let before = p.clone();
    for _ in 0..200 {
        let a = &listed[rng.gen_range(0..listed.len())];
        let b = &listed[rng.gen_range(0..listed.len())];
        let t = cross(a, b, rng);
        let valid = p.validate(seat, &t).is_ok();
        assert_eq!(
            valid,
            set.contains(&normal(&t)),
            "{t:?} validates exactly when listed"
        );
    }
    assert!(*p == before, "validating changes nothing");
    true
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn listed_turns_are_exactly_the_valid_turns_on_every_sheet(
        which in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        rounds in 0..24u16,
    ) {
        let cases = cases();
        let case = &cases[which.index(cases.len())];
        let mut game = Game::new(case.options, case.players, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed.rotate_left(9));
        for _ in 0..rounds {
            let turns: Vec<Turn> = (0..game.players())
                .map(|seat| random_turn(game.position(), seat, &mut rng))
                .collect();
            let before = game.clone();
            game.step(&turns).unwrap();
            if game.is_over() {
                game = before;
                break;
            }
        }
        for seat in 0..game.players() {
            check_listing(game.position(), seat, &mut rng);
        }
    }
}

#[test]
fn listings_are_checked_on_every_sheet() {
    // The property above gives up on states with too many turns; here every sheet of every
    // edition has some state checked, so none escapes the check.
    for (i, case) in cases().iter().enumerate() {
        let mut game = Game::new(case.options, case.players, 77 + i as u64).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        let mut checked = false;
        while !game.is_over() && !checked {
            checked = check_listing(game.position(), 0, &mut rng);
            let turns: Vec<Turn> = (0..game.players())
                .map(|seat| random_turn(game.position(), seat, &mut rng))
                .collect();
            game.step(&turns).unwrap();
        }
        assert!(checked, "{case:?}: some state was small enough to list");
    }
}

/// Spec §4 and §11 (three combinations, hands of three) and collector expansions §8.3.1,
/// §8.3.7, §8.6 (the Zombies sheet's two piles and hands of two, which run out with the pile).
#[test]
fn offer_shapes_follow_the_rulebooks() {
    let classic = Edition::first().default_sheet();
    assert_eq!(
        Mode::Standard.offer_shape(classic),
        OfferShape::Combinations(3)
    );
    for mode in [Mode::Solo, Mode::Expert] {
        assert_eq!(
            mode.offer_shape(classic),
            OfferShape::Hand {
                cards: 3,
                runs_out: false
            }
        );
    }
    let collector = Edition::by_id("collector").unwrap();
    let zombies = collector.sheet(SheetId::new("zombies").unwrap()).unwrap();
    assert_eq!(
        Mode::Standard.offer_shape(zombies),
        OfferShape::Combinations(2)
    );
    for mode in [Mode::Solo, Mode::Expert] {
        assert_eq!(
            mode.offer_shape(zombies),
            OfferShape::Hand {
                cards: 2,
                runs_out: true
            }
        );
    }
}
