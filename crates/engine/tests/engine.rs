use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use welcome_engine::*;

fn play(mode: Mode, advanced: bool, players: usize, seed: u64) -> Game {
    let mut g = Game::new(
        Edition::first(),
        Options::new(mode).advanced(advanced),
        players,
        seed,
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !g.is_over() {
        for seat in 0..players {
            let ctx = g.context(seat);
            let sheet = *g.sheet(seat).unwrap();
            let mut pl = Vec::new();
            ctx.placements(&sheet, &mut pl);
            let turn = if pl.is_empty() {
                Turn::refuse(ctx.passes_card.then_some(0))
            } else {
                let p = pl[rng.gen_range(0..pl.len())];
                Turn::build(p.pick, p.house, p.number)
            };
            g.submit(seat, turn).unwrap();
        }
        g.resolve().unwrap();
    }
    g
}

#[test]
fn games_finish_and_replay() {
    for (mode, players) in [(Mode::Solo, 1), (Mode::Standard, 4), (Mode::Expert, 3)] {
        for adv in [false, true] {
            let g = play(mode, adv, players, 7);
            let rec = Record::of(&g, &[]);
            let text = rec.to_json();
            let back = Record::from_json(&text).unwrap();
            let g2 = back.replay().unwrap();
            assert_eq!(Record::of(&g2, &[]).to_json(), text);
            eprintln!(
                "{mode:?} {adv} rounds {} end {:?} scores {:?}",
                g.round(),
                g.end(),
                g.scores().iter().map(|s| s.total).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn a_four_player_position_fits_in_4_kib() {
    let g = play(Mode::Standard, true, 4, 3);
    let m = g.memory();
    eprintln!(
        "4-player game: position {} bytes, history {} bytes",
        m.position, m.history
    );
    assert!(m.position < 4096, "{m:?}");
    assert!(m.history > 0);
}

#[test]
fn a_sheet_file_rejects_bis_copies_without_their_original_s7_6() {
    let edition = Edition::first();
    let mut data = SheetData::of(&Sheet::new(&edition.sheet));
    data.streets[0].houses[0] = "5b".into();
    data.streets[0].houses[1] = "5b".into();
    let err = data.to_sheet(edition).unwrap_err();
    assert_eq!(err.code(), "sheet_bis");
    assert!(err.to_string().contains("original"), "{err}");
    data.streets[0].houses[1] = "5".into();
    assert!(data.to_sheet(edition).is_ok());
}

/// Ruling 6 is edition data: with `bis_pairs_split` a copy may cross a fence.
#[test]
fn bis_across_fences_is_an_edition_rule_ruling_6() {
    let text = include_str!("../data/first-edition.json")
        .replace("\"bis_pairs_split\": false", "\"bis_pairs_split\": true");
    let later = Edition::from_json(&text).unwrap();
    let first = Edition::first();
    let offer = Offer::Combinations(
        [Combination {
            number: 5,
            effect: Effect::Bis,
        }; 3],
    );
    let plans = [PlanSlot {
        card: 0,
        approved: false,
    }; 3];
    let mut data = SheetData::of(&Sheet::new(&first.sheet));
    data.streets[0].houses[0] = "3".into();
    data.streets[0].fences = vec![2];
    let sheet = data.to_sheet(first).unwrap();
    let turn =
        Turn::build(Pick::Combination(0), HouseRef::new(0, 1), 5).with_effect(EffectUse::Bis {
            from: HouseRef::new(0, 1),
            to: HouseRef::new(0, 2),
        });
    for (edition, legal) in [(first, false), (&later, true)] {
        let ctx = TurnContext {
            edition,
            advanced: false,
            passes_card: false,
            offer,
            plans: &plans,
            reshuffle_offered: false,
        };
        assert_eq!(
            ctx.apply(&sheet, &turn).is_ok(),
            legal,
            "{}",
            edition.rules.bis_pairs_split
        );
    }
}
