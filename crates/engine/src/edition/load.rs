//! Loading and checking editions: the built-in data `build.rs` embeds, editions installed from
//! files, and every check the data must pass before a game reads it. Above the rules it checks
//! (score rows, the rule modules' layout constraints, the AAA's cards), so that the edition's
//! types below stay plain data.

use super::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, OnceLock};

include!(concat!(env!("OUT_DIR"), "/editions.rs"));

/// Editions loaded from files before the first game (`Edition::install`): each replaces the
/// built-in edition of its id or adds one.
static INSTALLED: OnceLock<Vec<Edition>> = OnceLock::new();

/// Set once the editions are in use: installing is then too late.
static IN_USE: AtomicBool = AtomicBool::new(false);

static BUILT: LazyLock<Vec<Edition>> = LazyLock::new(|| {
    IN_USE.store(true, Ordering::SeqCst);
    let mut all: Vec<Edition> = BUILT_IN
        .iter()
        .map(|(ed, sheets)| {
            Edition::from_json(ed, sheets).expect("the embedded edition data is checked by tests")
        })
        .collect();
    for e in INSTALLED.get().into_iter().flatten() {
        match all.iter_mut().find(|b| b.id == e.id) {
            Some(b) => *b = e.clone(),
            None => all.push(e.clone()),
        }
    }
    // The edition played when none is named first, the others by id.
    all.sort_by_key(|e| e.id != EditionId::default());
    all
});

/// Why `Edition::install` did nothing.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InstallError {
    #[error("editions can only be installed once, before the first game is set up")]
    TooLate,
    #[error("edition {0} is installed twice")]
    Twice(String),
}

impl Edition {
    /// Installs editions read from data files (a host's corrected values, §18.5): each
    /// replaces the built-in edition of the same id or adds a new one. Only possible once and
    /// before any edition is looked up, so that every game of a process plays one set of rules.
    pub fn install(editions: Vec<Edition>) -> Result<(), InstallError> {
        for (i, e) in editions.iter().enumerate() {
            if editions[..i].iter().any(|o| o.id == e.id) {
                return Err(InstallError::Twice(e.id.to_string()));
            }
        }
        if IN_USE.load(Ordering::SeqCst) {
            return Err(InstallError::TooLate);
        }
        INSTALLED.set(editions).map_err(|_| InstallError::TooLate)
    }

    /// Every edition: the built-in ones and those installed from files.
    pub fn all() -> &'static [Edition] {
        &BUILT
    }

    /// A built-in edition by its id.
    pub fn by_id(id: &str) -> Option<&'static Edition> {
        Edition::all().iter().find(|e| e.id == id)
    }

    /// The 1st edition (2018); for tests and examples — callers name an `EditionId`.
    pub fn first() -> &'static Edition {
        Edition::by_id("first").expect("the 1st edition is built in")
    }

    /// Checks that plans `ids` (plan n°1, 2, 3) can be dealt together with `layout`: each
    /// from its own stack, advanced ones only in the advanced variant, a sheet's own plans only
    /// with that sheet.
    pub fn check_plans(
        &self,
        layout: &SheetLayout,
        ids: [u8; 3],
        advanced: bool,
    ) -> Result<(), crate::game::SetupError> {
        for (slot, &id) in ids.iter().enumerate() {
            let bad = |reason: &str| crate::game::SetupError::BadPlan {
                slot: slot + 1,
                id,
                reason: reason.into(),
            };
            let card = self.plan(id).ok_or_else(|| bad("no such plan"))?;
            if card.stack as usize != slot + 1 {
                return Err(bad("it belongs to another stack"));
            }
            if card.advanced && !advanced {
                return Err(bad("advanced plans need the advanced variant"));
            }
            if !self.plan_allowed(layout, card, advanced) {
                return Err(bad("it is not dealt with this sheet"));
            }
        }
        Ok(())
    }

    /// Parses and checks an edition file and its sheet files.
    pub fn from_json(edition: &str, sheets: &[&str]) -> Result<Edition, EditionError> {
        let data: EditionData =
            serde_json::from_str(edition).map_err(|e| EditionError::Json(e.to_string()))?;
        let cards = |entries: &[DeckEntry]| {
            let mut deck = Vec::new();
            for e in entries {
                for _ in 0..e.count {
                    deck.push(Card::new(e.number, e.effect));
                }
            }
            deck
        };
        let deck = cards(&data.deck);
        let nine_three_quarters = cards(&data.nine_three_quarters);
        let mut layouts = Vec::with_capacity(sheets.len());
        for text in sheets {
            layouts.push(SheetLayout::from_file(text, data.rules)?);
        }
        // The default sheet first, the others in file order.
        let Some(i) = layouts.iter().position(|l| l.id == data.default_sheet) else {
            return Err(EditionError::Inconsistent(format!(
                "the default sheet {} has no file",
                data.default_sheet
            )));
        };
        let default = layouts.remove(i);
        layouts.insert(0, default);
        let mut plans = data.plans;
        for l in &layouts {
            for p in &l.plans {
                plans.push(PlanCard {
                    sheet: Some(l.id),
                    ..p.clone()
                });
            }
        }
        let ed = Edition {
            id: data.id,
            name: data.name,
            provenance: data.provenance,
            rules: data.rules,
            deck,
            nine_three_quarters,
            plans,
            solo: data.solo,
            aaa: data.aaa,
            sheets: layouts,
        };
        ed.check()?;
        if let Some(counts) = &data.deck_counts {
            ed.check_deck(counts)?;
        }
        Ok(ed)
    }

    /// Checks `layout` as this edition's files are checked when they load, with it in the
    /// place of the edition's sheet of the same id: the sheet checks, its expansion's layout
    /// constraints, and every check of the edition that reads a sheet (its plans' streets, the
    /// AAA cards' temp boxes). Used for a layout a table enters (`crate::layout`).
    pub(crate) fn check_with(&self, layout: &SheetLayout) -> Result<(), EditionError> {
        let mut edition = self.clone();
        match edition.sheets.iter_mut().find(|s| s.id == layout.id) {
            Some(s) => *s = layout.clone(),
            None => {
                return Err(EditionError::Inconsistent(format!(
                    "edition {} has no sheet {}",
                    self.id, layout.id
                )))
            }
        }
        edition.check()
    }

    fn check_deck(&self, counts: &DeckCounts) -> Result<(), EditionError> {
        let mut numbers = vec![0u8; counts.per_number.len()];
        for c in &self.deck {
            match numbers.get_mut((c.number as usize).wrapping_sub(1)) {
                Some(n) => *n += 1,
                None => {
                    return Err(EditionError::Inconsistent(format!(
                        "the deck has a card numbered {}, which the printed deck does not",
                        c.number
                    )))
                }
            }
        }
        if numbers != counts.per_number {
            return Err(EditionError::Inconsistent(format!(
                "the deck has {numbers:?} cards per number 1, 2, …; the printed deck has {:?}",
                counts.per_number
            )));
        }
        // The 9¾ cards: the edition's counts + 3 × 9¾ (collector expansions §11.2).
        let quarters = self.nine_three_quarters.len();
        if quarters != counts.nine_three_quarters as usize {
            return Err(EditionError::Inconsistent(format!(
                "the edition has {quarters} 9¾ cards; the printed deck has {}",
                counts.nine_three_quarters
            )));
        }
        for e in &counts.per_effect {
            let n = self.deck.iter().filter(|c| c.effect == e.effect).count();
            if n != e.count as usize {
                return Err(EditionError::Inconsistent(format!(
                    "the deck has {n} {} cards; the printed deck has {}",
                    e.effect, e.count
                )));
            }
        }
        Ok(())
    }

    fn check(&self) -> Result<(), EditionError> {
        let bad = |m: String| Err(EditionError::Inconsistent(m));
        for (i, s) in self.sheets.iter().enumerate() {
            if self.sheets[..i].iter().any(|t| t.id == s.id) {
                return bad(format!("sheet {} is defined twice", s.id));
            }
            if let Err(m) = check_sheet(s) {
                return bad(format!("sheet {}: {m}", s.id));
            }
        }
        if self.solo.bottom_part == 0 || self.solo.bottom_part > self.deck.len() + 1 {
            return bad("the Solo card's part of the pile must hold 1 card or more".into());
        }
        if self.rules.dealer == Dealer::Piles && !self.deck.len().is_multiple_of(3) {
            return bad(format!(
                "three piles need a deck that splits in thirds, not {} cards",
                self.deck.len()
            ));
        }
        self.check_aaa()?;
        if self.rules.expert_first_hand > 1 {
            return bad("expert_first_hand is 0 or 1".into());
        }
        if self.deck.is_empty() || self.deck.iter().any(|c| c.number > MAX_NUMBER) {
            return bad(
                "the deck is empty or has a number above 17 (the 9¾ cards are listed apart, in nine_three_quarters)"
                    .into(),
            );
        }
        if let Some(c) = self
            .nine_three_quarters
            .iter()
            .find(|c| c.number != crate::number::NINE_THREE_QUARTERS)
        {
            return bad(format!(
                "the 9¾ cards are numbered 9¾, not {}",
                crate::number::shown(c.number)
            ));
        }
        if self.rules.dealer == Dealer::Piles
            && !self.nine_three_quarters.is_empty()
            && !(self.deck.len() + self.nine_three_quarters.len()).is_multiple_of(3)
        {
            return bad(format!(
                "three piles need a deck that splits in thirds, not {} cards with the 9¾ cards",
                self.deck.len() + self.nine_three_quarters.len()
            ));
        }
        for (i, p) in self.plans.iter().enumerate() {
            if !(1..=3).contains(&p.stack) {
                return bad(format!("plan {} is in stack {}", p.id, p.stack));
            }
            if !(p.second < p.first && p.first <= 30) {
                return bad(format!(
                    "plan {} scores {} then {}: values need 0 ≤ later < first ≤ 30",
                    p.id, p.first, p.second
                ));
            }
            if self.plans[..i].iter().any(|q| q.id == p.id) {
                return bad(format!("plan id {} is used twice", p.id));
            }
            if let Some(sizes) = p.condition.estate_sizes() {
                let sizes = &sizes;
                if sizes.is_empty() || sizes.iter().any(|&s| s == 0 || s as usize > MAX_ESTATE) {
                    return bad(format!("plan {} names an estate size outside 1–6", p.id));
                }
            }
        }
        for sheet in &self.sheets {
            let streets = sheet.streets.len();
            for p in self.plans_of(sheet) {
                let street = p.condition.street();
                if street.is_some_and(|n| n == 0 || n as usize > streets) {
                    return bad(format!(
                        "plan {} names a street that is not on sheet {}",
                        p.id, sheet.id
                    ));
                }
            }
            for stack in 1..=3u8 {
                if !self
                    .plans_of(sheet)
                    .any(|p| p.stack == stack && !p.advanced)
                {
                    return bad(format!(
                        "sheet {}: no basic plan in stack {stack}",
                        sheet.id
                    ));
                }
            }
        }
        Ok(())
    }

    /// The AAA data: present exactly when the solo game is the AAA's, one card per level
    /// 0–5 at most, every card within the ranges of §15.7.
    fn check_aaa(&self) -> Result<(), EditionError> {
        let bad = |m: String| Err(EditionError::Inconsistent(m));
        let Some(aaa) = &self.aaa else {
            if self.rules.solo == SoloKind::Aaa {
                return bad("an AAA solo game needs the aaa block (its opponent cards)".into());
            }
            return Ok(());
        };
        if self.rules.solo != SoloKind::Aaa {
            return bad("the aaa block needs rules.solo = \"aaa\"".into());
        }
        if aaa.validations_in_discard as usize >= crate::aaa::LETTERS.len() {
            return bad(format!(
                "aaa.validations_in_discard is {}: one of the 3 Validation cards goes in the pile",
                aaa.validations_in_discard
            ));
        }
        if aaa.best_estates == 0 {
            return bad("aaa.best_estates must be 1 or more".into());
        }
        if aaa.opponents.is_empty() {
            return bad("aaa.opponents lists no card".into());
        }
        for (i, o) in aaa.opponents.iter().enumerate() {
            if let Err(e) = o.card.check() {
                return bad(format!("aaa.opponents[{i}] ({}): {e}", o.name));
            }
            if aaa.opponents[..i]
                .iter()
                .any(|p| p.card.level == o.card.level)
            {
                return bad(format!("two opponent cards have level {}", o.card.level));
            }
            if let Some(p) = o.card.temp_places {
                if let Some(s) = self
                    .sheets
                    .iter()
                    .find(|s| s.classic() && p[0] > s.temp_boxes)
                {
                    return bad(format!(
                        "aaa.opponents[{i}] ({}): temp_places {p:?} asks for more than the {} temp boxes of sheet {}",
                        o.name, s.temp_boxes, s.id
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The first house a list names a second time.
fn twice(houses: impl Iterator<Item = u8>) -> Option<u8> {
    let mut seen = [false; 256];
    houses
        .into_iter()
        .find(|&h| std::mem::replace(&mut seen[h as usize], true))
}

fn check_sheet(s: &SheetLayout) -> Result<(), String> {
    if s.streets.is_empty() || s.streets.len() > MAX_STREETS {
        return Err(format!(
            "{} streets; a sheet has 1 to {MAX_STREETS}",
            s.streets.len()
        ));
    }
    for (i, st) in s.streets.iter().enumerate() {
        let n = i + 1;
        if st.houses < 2 || st.houses as usize > MAX_HOUSES {
            return Err(format!("street {n} has {} houses", st.houses));
        }
        let outside = |h: u8| h == 0 || h > st.houses;
        if st.pools.iter().any(|&p| outside(p)) {
            return Err(format!("street {n} has a pool outside the street"));
        }
        // A house is listed once in each of its street's lists: a pool listed twice would be
        // built twice and cross two boxes of the pool track. (Shelters: ATO-L1.)
        for (field, h) in [
            ("pools", twice(st.pools.iter().copied())),
            ("eggs", twice(st.eggs.iter().map(|e| e.house))),
            ("cones", twice(st.cones.iter().map(|c| c.house))),
            ("ghost_candy", twice(st.ghost_candy.iter().copied())),
            ("unbarricaded", twice(st.unbarricaded.iter().copied())),
            ("saucers", twice(st.saucers.iter().copied())),
        ] {
            if let Some(h) = h {
                return Err(format!(
                    "streets[{i}].{field}: house {h} of street {n} is listed twice"
                ));
            }
        }
        if st.parks.0.is_empty() && s.classic() {
            return Err(format!("street {n} has an empty park track"));
        }
        if st
            .eggs
            .iter()
            .any(|e| outside(e.house) || !(1..=2).contains(&e.eggs))
        {
            return Err(format!(
                "street {n}: an egg house is outside the street or holds other than 1 or 2 eggs"
            ));
        }
        if st.cones.iter().any(|c| outside(c.house) || c.scoops == 0) {
            return Err(format!(
                "street {n}: a cone is outside the street or has no scoop"
            ));
        }
        if st.trucks.len() > 2 || (st.trucks.len() == 2 && st.trucks[0] == st.trucks[1]) {
            return Err(format!("street {n}: trucks are one per street end"));
        }
        if st.shelters.iter().any(|&h| outside(h)) {
            return Err(format!("street {n}: a shelter is outside the street"));
        }
        if st.ghost_candy.iter().any(|&h| outside(h)) {
            return Err(format!(
                "street {n}: a ghost/candy house is outside the street"
            ));
        }
        if st.unbarricaded.iter().any(|&h| outside(h)) {
            return Err(format!(
                "street {n}: an unbarricaded house is outside the street"
            ));
        }
    }
    let classic = s.classic();
    if !classic {
        let tracks = s
            .streets
            .iter()
            .any(|st| !st.parks.0.is_empty() || !st.pools.is_empty())
            || !s.pools.0.is_empty()
            || !s.real_estate.is_empty()
            || !s.bis.0.is_empty()
            || !s.roundabouts.0.is_empty()
            || s.temp_boxes > 0;
        if tracks {
            return Err(
                "an American Dream sheet has no park, pool, temp, improvement, extension or roundabout track".into(),
            );
        }
    }
    if classic && s.real_estate.len() != MAX_ESTATE {
        return Err(format!(
            "{} real-estate columns; a sheet has one per estate size 1 to {MAX_ESTATE}",
            s.real_estate.len()
        ));
    }
    // Tracks (spec §18.4, collector; the 1st edition's sheets meet the same bounds): at least
    // one box, values that never go down and are never negative (penalties are subtracted).
    let mut tracks: Vec<(String, &Track)> =
        vec![("the refusal track (refusals)".into(), &s.refusals)];
    if classic {
        tracks.push(("the pool track (pools)".into(), &s.pools));
        tracks.push(("the bis track (bis)".into(), &s.bis));
        tracks.push(("the roundabout track (roundabouts)".into(), &s.roundabouts));
        for (i, t) in s.real_estate.iter().enumerate() {
            tracks.push((
                format!(
                    "the real-estate column for size {} (real_estate[{i}])",
                    i + 1
                ),
                t,
            ));
        }
        for (i, st) in s.streets.iter().enumerate() {
            tracks.push((
                format!("the park track of street {} (streets[{i}].parks)", i + 1),
                &st.parks,
            ));
        }
    }
    // No track is longer than the sheet has houses (and one): a track's boxes are crossed one
    // a turn at most, and the longest printed one, the pool track, has 10.
    let houses: usize = s.streets.iter().map(|st| st.houses as usize).sum();
    for (what, t) in tracks {
        if t.boxes() == 0 {
            return Err(format!("{what} has no box"));
        }
        let boxes = t.0.len().saturating_sub(1);
        if boxes > houses + 1 {
            return Err(format!(
                "{what} has {boxes} boxes; a track of this sheet has at most {} (its houses and one)",
                houses + 1
            ));
        }
        if t.0.iter().any(|&v| v < 0) || t.0.windows(2).any(|w| w[1] < w[0]) {
            return Err(format!(
                "{what} {:?} must hold values that are not negative and never go down",
                t.0
            ));
        }
    }
    if s.refusals.boxes() != 3 {
        return Err(format!(
            "the refusal track has {} boxes; the third refusal ends the game, so it has 3",
            s.refusals.boxes()
        ));
    }
    if classic && s.roundabouts.boxes() != 2 {
        return Err(format!(
            "the roundabout track has {} boxes; a game allows 2 roundabouts",
            s.roundabouts.boxes()
        ));
    }
    let pool_houses: usize = s.streets.iter().map(|st| st.pools.len()).sum();
    if (s.pools.boxes() as usize) < pool_houses {
        return Err(format!(
            "the pool track has {} boxes for {pool_houses} pool houses",
            s.pools.boxes()
        ));
    }
    for m in &s.modules {
        m.check_layout(s)?;
    }
    if let Some(x) = s.expansion {
        crate::modules::expansion::check(s, x)?;
    }
    let known = crate::score::row_ids(s);
    for r in &s.score_rows {
        if !known.contains(&r.id.as_str()) {
            return Err(format!(
                "score row {:?} is not scored by this sheet's rules",
                r.id
            ));
        }
    }
    for id in known {
        if !s.score_rows.iter().any(|r| r.id == id) {
            return Err(format!("score row {id:?} has no label"));
        }
    }
    if s.plans.iter().any(|p| !s.own_stacks.contains(&p.stack)) {
        return Err("a sheet's own plan is in a stack the sheet does not replace".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_edition_loads() {
        let e = Edition::first();
        assert_eq!(e.deck.len(), 81);
        assert_eq!(e.plans.len(), 37);
        assert_eq!(e.default_sheet().id, "classic");
        assert_eq!(e.default_sheet().houses(), 33);
        let ids: Vec<&str> = e.sheets.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["classic", "christmas", "easter", "ice-cream"]);
    }

    #[test]
    fn bad_edition_data_is_an_error() {
        assert!(matches!(
            Edition::from_json("{", &[]),
            Err(EditionError::Json(_))
        ));
    }
}
