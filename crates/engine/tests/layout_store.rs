//! The store of entered layouts (collector expansions X40): a layout a table entered is kept
//! once per process while games hold it, shared by every game that entered the same one, and
//! freed with its last holder, so that the store's bound counts only the layouts in use.
//!
//! The tests count the layouts in use in this process, so they take turns (`serial`).

use serde_json::Value;
use std::sync::{Mutex, MutexGuard, PoisonError};
use welcome_engine::layout::MAX_ENTERED_LAYOUTS;
use welcome_engine::*;

const ID: &str = "atomic-war";

fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(PoisonError::into_inner)
}

fn col() -> &'static Edition {
    Edition::by_id("collector").unwrap()
}

fn sheet_id() -> SheetId {
    SheetId::new(ID).unwrap()
}

/// The shipped Atomic War sheet file under another name: as many different layouts as names.
fn named(name: &str) -> String {
    let mut v: Value = serde_json::to_value(col().sheet(sheet_id()).unwrap()).unwrap();
    v["name"] = name.into();
    v.to_string()
}

fn checked(name: &str) -> CheckedLayout {
    CheckedLayout::parse(col(), sheet_id(), &named(name)).unwrap()
}

fn options() -> Options {
    let mut o = Options::new(Mode::Standard).sheet(sheet_id());
    o.edition = EditionId::new("collector").unwrap();
    o
}

fn game_on(layout: &EnteredLayout) -> Game {
    let values = TableValues {
        layout: Some(layout.clone()),
        ..TableValues::default()
    };
    Game::with_values(options(), 2, 7, &values).unwrap()
}

#[test]
fn a_layout_entered_again_while_in_use_is_the_same_copy() {
    let _serial = serial();
    let before = live_entered_layouts();
    let c = checked("Atomic War (entered twice)");
    assert!(!c.in_use());
    let a = c.enter().unwrap();
    let b = CheckedLayout::parse(col(), sheet_id(), &a.to_json())
        .unwrap()
        .enter()
        .unwrap();
    assert_eq!(a, b);
    assert!(std::ptr::eq(a.layout(), b.layout()));
    assert!(a.layout_ref().is_entered());
    assert_eq!(live_entered_layouts(), before + 1);
    assert!(c.in_use());
    // A game set up with either handle plays on that very copy.
    let game = game_on(&b);
    assert!(std::ptr::eq(game.layout(), a.layout()));
    assert_eq!(game.position().layout_ref(), a.layout_ref());
    drop((a, b, game));
    assert!(!c.in_use());
    assert_eq!(live_entered_layouts(), before);
}

#[test]
fn an_entered_layout_is_freed_with_its_last_holder() {
    let _serial = serial();
    let before = live_entered_layouts();
    let c = checked("Atomic War (held and let go)");
    let entered = c.enter().unwrap();
    let game = game_on(&entered);
    drop(entered);
    // The game holds it, and so do its positions and views, copied or not.
    assert!(c.in_use());
    let position = game.position().clone();
    let view = PlayerView::of(&game, 1).unwrap();
    // A record in memory holds it as its game did; its text keeps the layout as a sheet file.
    let record = Record::of(&game, &["Ann".into(), "Bob".into()]);
    let text = record.to_json();
    drop((game, record));
    assert!(c.in_use());
    assert_eq!(live_entered_layouts(), before + 1);
    drop(position);
    assert!(c.in_use());
    assert!(view.layout.is_entered());
    assert_eq!(view.layout.name, "Atomic War (held and let go)");
    drop(view);
    assert!(!c.in_use());
    assert_eq!(live_entered_layouts(), before);
    // Replayed from its text, the layout is entered again.
    let replayed = Record::from_json(&text).unwrap().replay().unwrap();
    assert!(c.in_use());
    assert_eq!(replayed.layout().name, "Atomic War (held and let go)");
    drop(replayed);
    assert!(!c.in_use());
    assert_eq!(live_entered_layouts(), before);
}

#[test]
fn a_full_store_takes_a_new_layout_once_a_game_lets_go_of_one() {
    let _serial = serial();
    let before = live_entered_layouts();
    let room = MAX_ENTERED_LAYOUTS - before;
    let mut held: Vec<EnteredLayout> = (1..room)
        .map(|i| checked(&format!("Atomic War n°{i}")).enter().unwrap())
        .collect();
    let last = checked("Atomic War (the last one)").enter().unwrap();
    let game = game_on(&last);
    drop(last);
    assert_eq!(live_entered_layouts(), MAX_ENTERED_LAYOUTS);
    // Full: a new layout is refused, one in use is still given.
    let new = checked("Atomic War (one too many)");
    let e = new.enter().unwrap_err();
    assert_eq!(e.code(), "layouts_full");
    assert_eq!(checked("Atomic War n°1").enter().unwrap(), held[0]);
    // The shipped sheet is no entered layout: a table may still say it plays it.
    let shipped = serde_json::to_string(col().sheet(sheet_id()).unwrap()).unwrap();
    let layout = EnteredLayout::parse(col(), sheet_id(), &shipped).unwrap();
    assert!(!layout.layout_ref().is_entered());
    // The game that held one goes: the new layout is taken, in its place.
    drop(game);
    assert_eq!(live_entered_layouts(), MAX_ENTERED_LAYOUTS - 1);
    let taken = new.enter().unwrap();
    assert_eq!(live_entered_layouts(), MAX_ENTERED_LAYOUTS);
    assert_eq!(game_on(&taken).layout().name, "Atomic War (one too many)");
    held.clear();
    drop(taken);
    assert_eq!(live_entered_layouts(), before);
}

#[test]
fn a_shipped_sheet_is_held_as_a_static_reference() {
    let _serial = serial();
    let before = live_entered_layouts();
    let game = Game::new(options(), 2, 3).unwrap();
    let shipped = col().sheet(sheet_id()).unwrap();
    let held = game.position().layout_ref();
    assert!(!held.is_entered());
    assert!(held.as_static().is_some_and(|l| std::ptr::eq(l, shipped)));
    assert!(PlayerView::of(&game, 0).unwrap().layout.is(shipped));
    assert_eq!(live_entered_layouts(), before);
}
