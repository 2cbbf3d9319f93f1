//! A table that only deals (`Game::dealer`): players write on paper sheets, the engine deals.
//! It deals exactly what a seated game of the same seed deals when the same plans are achieved
//! in the same rounds (reshuffle, Solo card and end of the deck included), its record replays
//! byte for byte, and every refusal changes nothing.

mod common;

use common::*;
use welcome_engine::*;

/// What the host of a table that only deals marks at the end of `round` of a seated game: the
/// plans a seat validated that were not approved yet, and whether a seat asked for the
/// reshuffle.
fn marks(dealer: &Game, round: &RoundLog) -> ([bool; 3], bool) {
    let mut approved = [false; 3];
    for c in round.turns.iter().flat_map(|t| &t.plans) {
        approved[c.plan as usize] = true;
    }
    for (a, slot) in approved.iter_mut().zip(dealer.plans()) {
        *a &= !slot.approved;
    }
    (approved, round.turns.iter().any(|t| t.reshuffle))
}

/// Follows a seated game round by round with a dealer of the same options, values and seed,
/// marking what its seats did: the same draws and offers in every round, and the same end when
/// the deck ends it (else the host ends it where the sheets did). Returns the dealer.
fn follow(seated: &Game) -> Game {
    let mut dealer = Game::dealer(seated.options(), seated.seed(), seated.values())
        .unwrap_or_else(|e| panic!("{:?}: {e}", seated.options()));
    assert!(dealer.deals_only());
    assert_eq!(dealer.players(), 0);
    assert_eq!(
        dealer.plans().map(|p| p.card),
        seated.plans().map(|p| p.card)
    );
    let log = seated.log();
    for (i, round) in log.iter().enumerate() {
        let dealt = &dealer.log()[i];
        assert_eq!(dealt.round, round.round);
        assert_eq!(dealt.draws, round.draws, "round {}", round.round);
        if !round.offers.is_empty() {
            assert_eq!(dealt.offers, round.offers, "round {}", round.round);
        }
        assert_eq!(dealt.offers.first().copied(), dealer.table_offer());
        assert_eq!(dealer.table_offer(), round.offers.first().copied());
        if round.turns.is_empty() {
            break;
        }
        let (approved, reshuffle) = marks(&dealer, round);
        let last = i + 1 == log.len();
        if last && !seated.end().contains(&EndReason::DeckExhausted) {
            // A sheet ended the seated game: the players see it, the host ends the game.
            dealer.declare_end().unwrap();
            assert_eq!(dealer.end(), [EndReason::Declared]);
            break;
        }
        dealer.deal_next(approved, reshuffle).unwrap();
    }
    assert_eq!(dealer.round(), seated.round());
    assert!(dealer.is_over() == seated.is_over());
    if seated.end().contains(&EndReason::DeckExhausted) {
        assert_eq!(dealer.end(), [EndReason::DeckExhausted]);
        assert_eq!(dealer.pile_sizes(), seated.pile_sizes());
        assert!(dealer.solo_card_drawn());
    }
    dealer
}

/// The record of `dealer` round-trips through JSON, replays to the same bytes and to the same
/// position (generator included), and the replayed game deals on as the original does.
fn check_replay(dealer: &Game) {
    let text = Record::of(dealer, &[]).to_json();
    let record = Record::from_json(&text).unwrap();
    assert!(record.setup.seats.is_empty());
    let mut back = record
        .replay()
        .unwrap_or_else(|e| panic!("the record replays: {e}\n{text}"));
    assert_eq!(Record::of(&back, &[]).to_json(), text);
    assert!(back.position() == dealer.position());
    if !dealer.is_over() {
        let mut on = dealer.clone();
        on.deal_next([false; 3], false).unwrap();
        back.deal_next([false; 3], false).unwrap();
        assert_eq!(back.log(), on.log());
        assert!(back.position() == on.position());
    }
}

fn first(mode: Mode) -> Options {
    Options::new(mode)
}

fn collector(mode: Mode) -> Options {
    let mut o = Options::new(mode);
    o.edition = "collector".parse().unwrap();
    o
}

fn sheet(o: Options, id: &str) -> Options {
    o.sheet(id.parse().unwrap())
}

/// Every golden record's game with a seed, without its expert and AAA games.
fn golden() -> Vec<(String, Game)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let mut all = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("record-") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let seated = Record::from_json(&text).unwrap().replay().unwrap();
        let o = seated.options();
        if o.mode == Mode::Expert || o.aaa_level.is_some() {
            let dealer = Game::dealer(o, seated.seed(), seated.values());
            assert_eq!(dealer.unwrap_err().code(), "dealer_mode", "{name}");
            continue;
        }
        all.push((name, seated));
    }
    all.sort_by(|a, b| a.0.cmp(&b.0));
    all
}

/// The game of `seated` replayed to its first round in which a plan is validated, where the
/// seats that validate one ask for the first-plan reshuffle, then played on by random players
/// for a few rounds; `None` when no plan is validated while the reshuffle is offered.
fn with_reshuffle(seated: &Game) -> Option<Game> {
    let k = seated
        .log()
        .iter()
        .position(|r| r.turns.iter().any(|t| !t.plans.is_empty()))?;
    let mut record = Record::of(seated, &[]);
    record.rounds.truncate(k + 1);
    let turns = std::mem::take(&mut record.rounds[k].turns);
    record.result = None;
    let mut g = record.replay().unwrap();
    if !g.reshuffle_offered() {
        return None;
    }
    for (seat, mut t) in turns.into_iter().enumerate() {
        t.reshuffle = !t.plans.is_empty();
        g.submit(seat, t).unwrap();
    }
    g.resolve().unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seated.seed());
    for _ in 0..6 {
        if !g.is_over() {
            play_round(&mut g, &mut rng, &Style::RANDOM);
        }
    }
    Some(g)
}

#[test]
fn deals_what_a_seated_game_of_the_same_seed_deals() {
    let mut games = Vec::new();
    for seed in 0..6u64 {
        for (players, advanced) in [(1, false), (2, true), (3, false), (4, true)] {
            let o = first(Mode::Standard).advanced(advanced);
            games.push(play_game(o, players, seed, &Style::RANDOM));
        }
        for id in ["easter", "ice-cream", "christmas"] {
            let o = sheet(first(Mode::Standard), id);
            games.push(play_game(o, 2, seed, &Style::RANDOM));
        }
        for (players, advanced) in [(2, false), (3, true)] {
            let o = collector(Mode::Standard).advanced(advanced);
            games.push(play_game(o, players, seed, &Style::RANDOM));
        }
        games.push(play_game(first(Mode::Solo), 1, seed, &Style::RANDOM));
        // Careful players last until the deck runs out.
        let o = first(Mode::Solo).advanced(seed % 2 == 1);
        games.push(play_game(o, 1, seed, &Style::CAREFUL));
        let o = sheet(first(Mode::Solo), "ice-cream");
        games.push(play_game(o, 1, seed, &Style::CAREFUL));
    }
    let (mut solo_cards, mut exhausted) = (0, 0);
    for seated in &games {
        let dealer = follow(seated);
        check_replay(&dealer);
        solo_cards += usize::from(dealer.solo_card_drawn());
        exhausted += usize::from(dealer.end() == [EndReason::DeckExhausted]);
    }
    assert!(solo_cards >= 6, "{solo_cards} Solo cards");
    assert!(exhausted >= 6, "{exhausted} games to the last card");
}

#[test]
fn deals_the_golden_records() {
    let all = golden();
    assert!(all.len() >= 12, "{} golden records", all.len());
    let mut approved = 0;
    for (name, seated) in &all {
        let dealer = follow(seated);
        check_replay(&dealer);
        approved += dealer
            .log()
            .iter()
            .flat_map(|r| r.approved)
            .filter(|a| *a)
            .count();
        if seated.options().mode == Mode::Solo {
            assert_eq!(dealer.end(), [EndReason::DeckExhausted], "{name}");
        }
    }
    assert!(approved >= 15, "{approved} plans approved");
}

#[test]
fn deals_a_reshuffle_as_a_seated_game_does() {
    let mut reshuffled = 0;
    for (_, seated) in golden() {
        let Some(g) = with_reshuffle(&seated) else {
            continue;
        };
        let dealer = follow(&g);
        check_replay(&dealer);
        let r = dealer.log().iter().position(|r| r.reshuffle).unwrap();
        // The round after the request is a fresh deal: its six cards from the whole deck.
        assert_eq!(dealer.log()[r + 1].draws.len(), 6);
        reshuffled += 1;
    }
    assert!(reshuffled >= 3, "{reshuffled} reshuffles");
}

#[test]
fn solo_deals_the_solo_card_and_ends_with_the_deck() {
    let mut g = Game::dealer(first(Mode::Solo), 11, &TableValues::default()).unwrap();
    let Some(Offer::Hand(hand)) = g.table_offer() else {
        panic!("a solo hand")
    };
    assert_eq!(g.log()[0].offers, [Offer::Hand(hand)]);
    assert!(!g.reshuffle_offered());
    assert_eq!(
        g.deal_next([true, false, false], true).unwrap_err().code(),
        "reshuffle_not_offered"
    );
    let mut saw_card = None;
    while !g.is_over() {
        assert!(g.round() <= 27);
        g.deal_next([false; 3], false).unwrap();
        if g.solo_card_drawn() && saw_card.is_none() {
            saw_card = Some(g.round());
            // Ruling 24: every plan scores its lower value from now on.
            assert!(g.plans().iter().all(|p| p.approved));
        }
    }
    assert!(saw_card.is_some());
    assert_eq!(g.round(), 27);
    assert_eq!(g.end(), [EndReason::DeckExhausted]);
    assert_eq!(g.pile_sizes(), (0, 81));
    assert_eq!(
        g.deal_next([false; 3], false).unwrap_err(),
        DealerError::GameOver
    );
    assert_eq!(g.declare_end().unwrap_err().code(), "game_over");
    check_replay(&g);
}

#[test]
fn standard_deals_on_from_the_discard() {
    // Ruling 14: the standard game never runs out; the discard becomes the deck.
    let mut g = Game::dealer(first(Mode::Standard), 5, &TableValues::default()).unwrap();
    for _ in 0..40 {
        g.deal_next([false; 3], false).unwrap();
    }
    assert!(!g.is_over());
    assert_eq!(g.round(), 41);
    let (pile, discard) = g.pile_sizes();
    assert_eq!(pile + discard + 6, 81);
    g.declare_end().unwrap();
    assert_eq!(g.end(), [EndReason::Declared]);
    let record = Record::of(&g, &[]);
    let result = record.result.as_ref().unwrap();
    assert!(result.scores.is_empty() && result.ranks.is_empty());
    assert!(record
        .to_json()
        .contains(r#""end":[{"trigger":"declared"}]"#));
    check_replay(&g);
}

#[test]
fn the_reshuffle_is_offered_once_with_a_plan_achieved() {
    let options = first(Mode::Standard);
    let mut g = Game::dealer(options, 8, &TableValues::default()).unwrap();
    g.deal_next([false; 3], false).unwrap();
    assert!(g.reshuffle_offered());
    // Only with a plan achieved this round.
    let before = Record::of(&g, &[]).to_json();
    let e = g.deal_next([false; 3], true).unwrap_err();
    assert_eq!(e, DealerError::ReshuffleNotOffered);
    assert_eq!(e.code(), "reshuffle_not_offered");
    assert_eq!(Record::of(&g, &[]).to_json(), before);
    // Round 2 achieves plan n°2 and asks: round 3 is a fresh deal from the whole deck.
    g.deal_next([false, true, false], true).unwrap();
    assert_eq!(g.pile_sizes(), (75, 0));
    assert!(g.plans()[1].approved);
    assert!(!g.reshuffle_offered());
    // A plan already approved cannot turn again, and the offer is gone.
    let before = Record::of(&g, &[]).to_json();
    let e = g.deal_next([false, true, false], false).unwrap_err();
    assert_eq!(e, DealerError::AlreadyApproved { plan: 1 });
    assert_eq!(e.code(), "plan_already_approved");
    assert_eq!(
        g.deal_next([true, false, false], true).unwrap_err(),
        DealerError::ReshuffleNotOffered
    );
    assert_eq!(Record::of(&g, &[]).to_json(), before);
    g.deal_next([true, false, true], false).unwrap();
    assert!(g.plans().iter().all(|p| p.approved));
    let rounds = &Record::of(&g, &[]).rounds;
    assert_eq!(rounds[1].approved, [false, true, false]);
    assert!(rounds[1].reshuffle);
    assert_eq!(rounds[2].approved, [true, false, true]);
    check_replay(&g);
    // The same seed without the request deals on from the pile.
    let mut plain = Game::dealer(options, 8, &TableValues::default()).unwrap();
    plain.deal_next([false; 3], false).unwrap();
    plain.deal_next([false, true, false], false).unwrap();
    assert_eq!(plain.pile_sizes(), (81 - 12, 6));
    // Not at a table that plays without it, nor in the collector edition (Ruling C16).
    let mut off = options;
    off.first_plan_reshuffle = false;
    let mut g = Game::dealer(off, 8, &TableValues::default()).unwrap();
    assert!(!g.reshuffle_offered());
    assert_eq!(
        g.deal_next([true, false, false], true).unwrap_err(),
        DealerError::ReshuffleNotOffered
    );
    let mut g = Game::dealer(collector(Mode::Standard), 8, &TableValues::default()).unwrap();
    assert!(!g.reshuffle_offered());
    assert_eq!(
        g.deal_next([true, false, false], true).unwrap_err(),
        DealerError::ReshuffleNotOffered
    );
}

#[test]
fn only_standard_and_first_edition_solo_can_be_dealt() {
    let none = TableValues::default();
    for (o, ok) in [
        (first(Mode::Standard), true),
        (first(Mode::Solo), true),
        (first(Mode::Expert), false),
        (collector(Mode::Standard), true),
        (collector(Mode::Solo), false),
        (collector(Mode::Solo).aaa_level(3), false),
        (collector(Mode::Expert), false),
    ] {
        match Game::dealer(o, 1, &none) {
            Ok(g) => {
                assert!(ok, "{o:?}");
                assert_eq!(g.players(), 0);
                assert!(g.table_offer().is_some());
                assert_eq!(g.log()[0].offers.len(), 1);
            }
            Err(e) => {
                assert!(!ok, "{o:?}: {e}");
                assert_eq!(e.code(), "dealer_mode", "{o:?}");
            }
        }
    }
    // Other setup errors stay what they were.
    assert_eq!(
        Game::dealer(first(Mode::Standard).aaa_level(1), 1, &none)
            .unwrap_err()
            .code(),
        "not_aaa"
    );
    // A game with seats still needs one.
    assert_eq!(
        Game::new(first(Mode::Standard), 0, 1).unwrap_err(),
        SetupError::NoSeats
    );
}

#[test]
fn a_game_with_seats_is_not_dealt_by_hand() {
    let mut g = Game::new(first(Mode::Standard), 2, 3).unwrap();
    assert!(!g.deals_only());
    assert_eq!(
        g.deal_next([false; 3], false).unwrap_err().code(),
        "not_dealer"
    );
    assert_eq!(g.declare_end().unwrap_err(), DealerError::NotDealer);
    assert_eq!(g.round(), 1);
    // and a dealer never resolves on its own: it has no turns to wait for.
    let mut d = Game::dealer(first(Mode::Standard), 3, &TableValues::default()).unwrap();
    assert!(!d.ready());
    d.resolve().unwrap();
    d.step(&[]).unwrap();
    assert_eq!(d.round(), 1);
    assert_eq!(d.log().len(), 1);
    assert!(PlayerView::of(&d, 0).is_none());
    assert_eq!(d.offer(0), None);
    // Round 1 deals what a seated game of the same seed deals.
    assert_eq!(d.log()[0].draws, g.log()[0].draws);
    assert_eq!(d.table_offer(), g.offer(0));
}

#[test]
fn records_refuse_what_a_dealer_would_refuse() {
    let mut g = Game::dealer(first(Mode::Standard), 4, &TableValues::default()).unwrap();
    g.deal_next([false, false, true], true).unwrap();
    g.deal_next([false; 3], false).unwrap();
    let good = Record::of(&g, &[]);
    let line = serde_json::to_string(&good.rounds[0]).unwrap();
    assert!(
        line.ends_with(r#""turns":[],"approved":[false,false,true],"reshuffle":true}"#),
        "{line}"
    );
    assert!(!serde_json::to_string(&good.rounds[1])
        .unwrap()
        .contains("approved"));
    // A plan approved twice.
    let mut r = good.clone();
    r.rounds[1].approved = [false, false, true];
    let e = r.replay().unwrap_err();
    assert_eq!((e.code(), e.round()), ("record_dealer", Some(2)));
    // A reshuffle nobody could ask for.
    let mut r = good.clone();
    r.rounds[1].reshuffle = true;
    r.rounds[1].approved = [true, false, false];
    assert_eq!(r.replay().unwrap_err().code(), "record_dealer");
    // Turns at a table without seats.
    let mut r = good.clone();
    r.rounds[0].turns.push(Turn::refuse(None));
    assert_eq!(r.replay().unwrap_err().code(), "record_rounds");
    // The last round marked, but the next one missing.
    let mut r = good.clone();
    r.rounds[2].approved = [true, false, false];
    assert_eq!(r.replay().unwrap_err().code(), "record_rounds");
    // A round marked the way only a dealer's is, in a game with seats.
    let mut seated = Record::of(&play_game(first(Mode::Standard), 2, 1, &Style::RANDOM), &[]);
    seated.rounds[0].approved = [true, false, false];
    assert_eq!(seated.replay().unwrap_err().code(), "record_dealer");
    // A declared end is the host's, at the round in progress.
    let mut ended = g.clone();
    ended.declare_end().unwrap();
    let r = Record::of(&ended, &[]);
    assert_eq!(r.rounds.len(), 3);
    check_replay(&ended);
    // Marks on the round the host ended would deal a round the record does not have.
    let mut r2 = r.clone();
    r2.rounds[2].approved = [true, false, false];
    assert_eq!(r2.replay().unwrap_err().code(), "record_rounds");
    // A record without its seed still replays (the shared one of a game in progress).
    let mut public = good.clone();
    public.setup.seed = None;
    assert_eq!(public.replay().unwrap().round(), 3);
    assert!(Record::public(&g, &[]).setup.seed.is_none());
}
