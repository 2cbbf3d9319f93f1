//! Legality: the one implementation behind `validate`, `legal_turns` and `count_turns`.
//!
//! Each stage of a turn has a checker; the enumerators walk the whole candidate space of a
//! stage and keep what its checker accepts, so listed turns and valid turns cannot disagree.

use crate::card::{Card, Effect};
use crate::edition::{
    Edition, EstatesIn, Feature, Need, PlanCard, PlanCondition, Scope, SheetLayout, Streets,
};
use crate::modules;
use crate::modules::module::{ChoiceKind, Module};
use crate::sheet::{FenceRef, House, HouseRef, Sheet, MAX_ESTATE, MAX_NUMBER, MAX_STREETS};
use crate::turn::{Build, Choice, EffectUse, Pick, PlanClaim, Play, Turn};
use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;

/// Up to three combinations: three in the standard game, two on the Zombies sheet's two
/// piles (collector expansions §8.3.1), none in a round the game ends before it is played.
pub type Combinations = ArrayVec<[Combination; 3]>;

/// Up to three cards in a hand: three in solo and expert, two in Zombies' expert and AAA games
/// (collector expansions §8.3.7, §8.6).
pub type Cards = ArrayVec<[Card; 3]>;

/// The effects the stacks will offer next round: one per stack (three, or the Zombies sheet's
/// two).
pub type Effects = ArrayVec<[Effect; 3]>;

/// What a seat is offered this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Offer {
    /// Standard game: a combination (number card, effect card) per stack.
    Combinations(Combinations),
    /// Solo and expert: a hand of cards.
    Hand(Cards),
}

/// A standard-game combination: the number of a stack's top card and the effect of the card
/// just flipped from that stack (spec §2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combination {
    /// The number's code (`crate::number`): an integer in JSON, a ¾ number `"9¾"`.
    #[serde(with = "crate::number::serde_code")]
    pub number: u8,
    pub effect: Effect,
}

impl Offer {
    /// Every pick this offer allows, with its number and effect.
    pub fn picks(&self) -> impl Iterator<Item = (Pick, u8, Effect)> + '_ {
        let (combos, hand): (&[Combination], &[Card]) = match self {
            Offer::Combinations(c) => (c.as_slice(), &[]),
            Offer::Hand(h) => (&[], h.as_slice()),
        };
        let a = combos
            .iter()
            .enumerate()
            .map(|(i, c)| (Pick::Combination(i as u8), c.number, c.effect));
        let b = (0..hand.len()).flat_map(move |n| {
            (0..hand.len()).filter(move |&e| e != n).map(move |e| {
                (
                    Pick::Hand((n as u8, e as u8)),
                    hand[n].number,
                    hand[e].effect,
                )
            })
        });
        a.chain(b)
    }

    /// Number and effect of a pick, if the offer has it.
    pub fn resolve(&self, pick: Pick) -> Option<(u8, Effect)> {
        match (self, pick) {
            (Offer::Combinations(c), Pick::Combination(i)) => {
                c.get(i as usize).map(|c| (c.number, c.effect))
            }
            (Offer::Hand(h), Pick::Hand((n, e))) if n != e => {
                Some((h.get(n as usize)?.number, h.get(e as usize)?.effect))
            }
            _ => None,
        }
    }

    /// Whether a card offered is numbered with a ¾ number (a 9¾ card, collector expansions
    /// §11): only then can a house that no whole number fits take a number.
    pub fn has_quarter(&self) -> bool {
        match self {
            Offer::Combinations(c) => c.iter().any(|c| crate::number::is_quarter(c.number)),
            Offer::Hand(h) => h.iter().any(|c| crate::number::is_quarter(c.number)),
        }
    }

    /// Whether the seat holds a hand (and so passes a card on a refusal in expert mode).
    pub fn is_hand(&self) -> bool {
        matches!(self, Offer::Hand(_))
    }

    /// The combinations or hand cards offered.
    pub fn len(&self) -> usize {
        match self {
            Offer::Combinations(c) => c.len(),
            Offer::Hand(h) => h.len(),
        }
    }

    /// Nothing is offered: the game ends before the round is played (Zombies, collector
    /// expansions §8.3.8).
    pub fn is_empty(&self) -> bool {
        match self {
            Offer::Combinations(c) => c.is_empty(),
            Offer::Hand(h) => h.is_empty(),
        }
    }
}

/// The numbers a pick can produce: the card's number, or −2…+2 within 0–17 for Temp (§7.5);
/// a 9¾ card's temp gives 7¾ … 11¾ (collector expansions §11.3 item 2). The codes of a pick's
/// numbers are consecutive and in the order of their ranks (`crate::number`).
pub fn numbers_for(number: u8, effect: Effect) -> std::ops::RangeInclusive<u8> {
    use crate::number::{floor, is_quarter, quarter, FIRST_QUARTER, LAST_QUARTER};
    match (effect == Effect::Temp, is_quarter(number)) {
        (false, _) => number..=number,
        (true, false) => number.saturating_sub(2)..=(number + 2).min(MAX_NUMBER),
        (true, true) => {
            let n = floor(number);
            let lo = quarter(n.saturating_sub(2).max(FIRST_QUARTER)).unwrap_or(number);
            let hi = quarter((n + 2).min(LAST_QUARTER)).unwrap_or(number);
            lo..=hi
        }
    }
}

/// One City Plan on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanSlot {
    /// The plan card id.
    pub card: u8,
    /// Already approved (someone validated it in an earlier round, or the Solo card came up):
    /// only the second value is left.
    pub approved: bool,
    /// The Projet and Validé values the table entered from its own card (collector §18.5),
    /// instead of the edition's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<[u8; 2]>,
}

impl PlanSlot {
    /// A plan card on the table, not yet approved, with the edition's values.
    pub fn new(card: u8) -> PlanSlot {
        PlanSlot {
            card,
            approved: false,
            values: None,
        }
    }

    /// The points a validation scores now: the first value until the plan is approved, then
    /// the second; from the table's values when it entered them.
    pub fn points(&self, edition: &Edition) -> u8 {
        let [first, second] = match (self.values, edition.plan(self.card)) {
            (Some(v), _) => v,
            (None, Some(c)) => [c.first, c.second],
            (None, None) => [0, 0],
        };
        if self.approved {
            second
        } else {
            first
        }
    }
}

/// Everything besides the sheet that decides what a seat may do this round.
#[derive(Clone, Copy, Debug)]
pub struct TurnContext<'a> {
    pub edition: &'a Edition,
    /// The sheet every seat plays on.
    pub layout: &'a SheetLayout,
    pub advanced: bool,
    /// Expert mode: a refusing seat passes a card (Ruling 27).
    pub passes_card: bool,
    pub offer: Offer,
    pub plans: &'a [PlanSlot; 3],
    /// The first-plan reshuffle may be requested by a seat that validates a plan this round.
    pub reshuffle_offered: bool,
    /// Zombies: the Zombie cards that came up this round, resolved in order at the start of
    /// every seat's turn.
    pub zombies: ZombieCards,
}

pub use crate::modules::zombies::values::{ZombieCards, MAX_ZOMBIE_CARDS};

pub use crate::turn_error::TurnError;

/// Where a number may go: a pick, the number written, and the house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub pick: Pick,
    pub effect: Effect,
    pub number: u8,
    pub house: HouseRef,
}

impl<'a> TurnContext<'a> {
    /// The context of a seat offered `offer` at a table with these options and plans.
    pub fn new(
        edition: &'a Edition,
        layout: &'a SheetLayout,
        options: &crate::setup::Options,
        offer: Offer,
        plans: &'a [PlanSlot; 3],
        reshuffle_offered: bool,
    ) -> TurnContext<'a> {
        TurnContext {
            edition,
            layout,
            advanced: options.advanced,
            passes_card: options.mode == crate::setup::Mode::Expert
                || (options.mode == crate::setup::Mode::Solo
                    && edition.rules.solo == crate::edition::SoloKind::Aaa),
            offer,
            plans,
            reshuffle_offered,
            zombies: ZombieCards::new(),
        }
    }

    /// The same context with the Zombie cards that came up this round.
    pub fn with_zombies(mut self, zombies: ZombieCards) -> TurnContext<'a> {
        self.zombies = zombies;
        self
    }

    // ----- stage checkers -----

    fn check_house(sheet: &Sheet, h: HouseRef) -> Result<(), TurnError> {
        if sheet.contains(h) {
            Ok(())
        } else {
            Err(TurnError::NoSuchHouse { house: h })
        }
    }

    /// Roundabout in `h` (spec §12, Ruling 17); `already` is whether one was built this turn.
    pub fn check_roundabout(&self, sheet: &Sheet, h: HouseRef) -> Result<(), TurnError> {
        modules::roundabouts::check(self.layout, sheet, self.advanced, h)
    }

    /// The module choice writing a number in `house` asks for, if any.
    pub fn choice_needed(&self, sheet: &Sheet, house: HouseRef) -> Option<ChoiceKind> {
        self.layout
            .modules
            .iter()
            .find_map(|m| m.choice_needed(self.layout, sheet, house))
    }

    /// Whether `choice` answers what writing in `house` asks for.
    pub fn check_choice(
        &self,
        sheet: &Sheet,
        house: HouseRef,
        choice: Option<Choice>,
    ) -> Result<(), TurnError> {
        match (self.choice_needed(sheet, house), choice) {
            (None, None) => Ok(()),
            (Some(kind), Some(c)) if c.kind() == kind => Ok(()),
            (Some(kind), None) => Err(TurnError::ChoiceMissing { house, kind }),
            (_, Some(choice)) => Err(TurnError::ChoiceUnexpected { house, choice }),
        }
    }

    /// Writing `number` from `pick` in `house` (spec §5).
    pub fn check_placement(
        &self,
        sheet: &Sheet,
        pick: Pick,
        number: u8,
        house: HouseRef,
    ) -> Result<Effect, TurnError> {
        if self.offer.is_empty() {
            return Err(TurnError::NothingToPlay);
        }
        let (card, effect) = self
            .offer
            .resolve(pick)
            .ok_or(TurnError::NoSuchPick { pick })?;
        let allowed = self.numbers_for(card, effect);
        if !allowed.contains(&number) {
            return Err(TurnError::NumberNotOffered { number, allowed });
        }
        Self::check_house(sheet, house)?;
        if !sheet.is_empty(house) {
            return Err(TurnError::HouseNotEmpty { house });
        }
        match sheet.rank_range(house) {
            Some(range) if crate::number::fits(range, number) => Ok(effect),
            _ => {
                let (left, right) = sheet.bounds(house);
                Err(TurnError::OutOfOrder {
                    house,
                    number,
                    left,
                    right,
                })
            }
        }
    }

    /// A refusal's box and passed card, when no number is known to fit: what is left of
    /// `check_refusal` once the placements have been listed and found empty.
    pub fn check_refusal_box(&self, sheet: &Sheet, pass: Option<u8>) -> Result<(), TurnError> {
        if self.offer.is_empty() {
            return Err(TurnError::NothingToPlay);
        }
        if sheet.refusals() >= self.layout.refusals.boxes() {
            return Err(TurnError::RefusalsFull);
        }
        match (self.passes_card, pass) {
            (true, Some(p)) if (p as usize) < self.offer.len() => Ok(()),
            (true, Some(card)) => Err(TurnError::NoSuchHandCard {
                card,
                cards: self.offer.len(),
            }),
            (true, _) => Err(TurnError::PassCardMissing),
            (false, Some(_)) => Err(TurnError::PassCardUnexpected),
            (false, None) => Ok(()),
        }
    }

    /// A permit refusal on the sheet as it stands (Ruling 1).
    pub fn check_refusal(&self, sheet: &Sheet, pass: Option<u8>) -> Result<(), TurnError> {
        self.check_refusal_box(sheet, pass)?;
        match self.first_placement(sheet) {
            Some(p) => Err(TurnError::RefusalNotAllowed {
                pick: p.pick,
                house: p.house,
                number: p.number,
            }),
            None => Ok(()),
        }
    }

    /// The effect target `use_` for a number of `effect` just written in `house`.
    pub fn check_effect(
        &self,
        sheet: &Sheet,
        effect: Effect,
        house: HouseRef,
        use_: EffectUse,
    ) -> Result<(), TurnError> {
        let layout = self.layout;
        Self::check_house(sheet, house)?;
        let wrong = |used| Err(TurnError::WrongEffect { effect, used });
        match use_ {
            EffectUse::Fence(f) => {
                if effect != Effect::Surveyor {
                    return wrong("a fence");
                }
                check_fence(sheet, f, self.edition.rules.bis_pairs_split)
            }
            EffectUse::RealEstate(size) => {
                if effect != Effect::RealEstate {
                    return wrong("a real-estate column");
                }
                let track = layout
                    .real_estate
                    .get((size as usize).wrapping_sub(1))
                    .ok_or(TurnError::NoSuchEstateSize { size })?;
                if sheet.real_estate(size as usize) >= track.boxes() {
                    return Err(TurnError::RealEstateFull { size });
                }
                Ok(())
            }
            EffectUse::Park => {
                if effect != Effect::Landscaper {
                    return wrong("a park");
                }
                let s = house.street;
                if sheet.parks(s) >= layout.streets[s as usize].parks.boxes() {
                    return Err(TurnError::ParksFull { street: s });
                }
                Ok(())
            }
            EffectUse::Pool => {
                if effect != Effect::Pool {
                    return wrong("a pool");
                }
                if !sheet.has_planned_pool(house) {
                    return Err(TurnError::NoPool { house });
                }
                Ok(())
            }
            EffectUse::Temp => {
                if effect != Effect::Temp {
                    return wrong("a temp");
                }
                if !layout.rules.temp_optional {
                    return Err(TurnError::TempHasNoTarget);
                }
                Ok(())
            }
            EffectUse::Infiltrate => {
                if !modules::roswell::is_saucer(layout, house) {
                    return Err(TurnError::NoSaucer { house });
                }
                Ok(())
            }
            EffectUse::Barricade => {
                if effect != Effect::Surveyor {
                    return wrong("a barricade");
                }
                if !modules::zombies::may_barricade(layout, sheet, house) {
                    return Err(TurnError::NoBarricadeHere { house });
                }
                Ok(())
            }
            EffectUse::Bis { from, to } => {
                if effect != Effect::Bis {
                    return wrong("a bis copy");
                }
                check_bis(
                    sheet,
                    layout.bis.boxes(),
                    self.edition.rules.bis_pairs_split,
                    from,
                    to,
                )
            }
        }
    }

    /// Whether the sheet owes crossed items before the turn can go on (clearing a debt that
    /// nothing is left to pay).
    pub(crate) fn owes_crossing(&self, sheet: &mut Sheet) -> bool {
        if self.layout.has(Module::AmericanDream) {
            return modules::american_dream::settle_owed(self.layout, sheet);
        }
        self.layout.has(Module::IceCream) && modules::ice_cream::settle_owed(self.layout, sheet)
    }

    /// The bonuses that may be crossed off now: streets (0-based) on Ice Cream; on American
    /// Dream street s is item s and column c item `streets + c`.
    pub fn crossable<'b>(&'b self, sheet: &'b Sheet) -> Box<dyn Iterator<Item = u8> + 'b> {
        if self.layout.has(Module::AmericanDream) {
            return Box::new(modules::american_dream::crossable(self.layout, sheet));
        }
        let owed = sheet.owed() > 0;
        Box::new(modules::ice_cream::open_bonuses(self.layout, sheet).filter(move |_| owed))
    }

    /// Step: crosses off the open bonus `street` (an item of `crossable`), paying one item
    /// owed.
    pub fn apply_cross(&self, sheet: &Sheet, street: u8) -> Result<Sheet, TurnError> {
        if sheet.owed() == 0 && sheet.owed_columns() == 0 {
            return Err(TurnError::CrossNotOwed);
        }
        if !self.crossable(sheet).any(|s| s == street) {
            return Err(TurnError::CrossNotOpen { street });
        }
        let mut s = *sheet;
        if self.layout.has(Module::AmericanDream) {
            modules::american_dream::cross(&mut s, street);
        } else {
            s.set_race(street, crate::sheet::Race::Lost);
            s.set_owed(s.owed() - 1);
        }
        Ok(s)
    }

    /// A City Plan claim on the sheet as it stands; `done` holds the plans already claimed this
    /// turn.
    pub fn check_plan(
        &self,
        sheet: &Sheet,
        claim: &PlanClaim,
        done: &[u8],
    ) -> Result<(), TurnError> {
        let plan = claim.plan;
        let slot = self
            .plans
            .get(plan as usize)
            .ok_or(TurnError::NoSuchPlan { plan })?;
        if done.contains(&plan) {
            return Err(TurnError::PlanTwice { plan });
        }
        if sheet.plan_scores()[plan as usize].is_some() {
            return Err(TurnError::PlanAlreadyScored { plan });
        }
        let card = self
            .edition
            .plan(slot.card)
            .ok_or(TurnError::NoSuchPlan { plan })?;
        check_condition(self.layout, sheet, plan, card, &claim.estates)
    }

    // ----- whole turns -----

    /// Step: build a roundabout in `house`.
    pub fn apply_roundabout(&self, sheet: &Sheet, house: HouseRef) -> Result<Sheet, TurnError> {
        self.check_roundabout(sheet, house)?;
        let mut s = *sheet;
        modules::roundabouts::build(&mut s, house);
        Ok(s)
    }

    /// Step: write the number with its effect, or take a permit refusal.
    pub fn apply_play(&self, sheet: &Sheet, play: &Play) -> Result<Sheet, TurnError> {
        let mut s = *sheet;
        match play {
            Play::Build(b) => self.apply_build(&mut s, b)?,
            Play::Refuse { pass } => {
                self.check_refusal(&s, *pass)?;
                s.cross_refusal();
            }
            Play::Unplayed if self.offer.is_empty() => {}
            Play::Unplayed => return Err(TurnError::TurnToPlay),
        }
        Ok(s)
    }

    /// Step: validate one City Plan; `done` holds the plans already validated this turn.
    pub fn apply_claim(
        &self,
        sheet: &Sheet,
        claim: &PlanClaim,
        done: &[u8],
    ) -> Result<Sheet, TurnError> {
        self.check_plan(sheet, claim, done)?;
        let mut s = *sheet;
        self.apply_plan(&mut s, claim);
        Ok(s)
    }

    fn apply_build(&self, s: &mut Sheet, b: &Build) -> Result<(), TurnError> {
        let effect = self.write_number(s, b.pick, b.number, b.house, b.choice)?;
        let card = self.offer.resolve(b.pick).map_or(b.number, |(n, _)| n);
        self.use_effect(s, effect, b.house, card, b.effect)
    }

    /// Step: writes a number (with the module choice it asks for) and returns its effect.
    pub(crate) fn write_number(
        &self,
        s: &mut Sheet,
        pick: Pick,
        number: u8,
        house: HouseRef,
        choice: Option<Choice>,
    ) -> Result<Effect, TurnError> {
        let effect = self.check_placement(s, pick, number, house)?;
        self.write_placed(s, effect, number, house, choice)?;
        Ok(effect)
    }

    /// Step: `write_number` once `check_placement` has accepted the placement on this sheet
    /// and given its effect (the turn machine checks it as the number is chosen). The choice
    /// is checked before the sheet changes, so a failure leaves it as it was.
    pub(crate) fn write_placed(
        &self,
        s: &mut Sheet,
        effect: Effect,
        number: u8,
        house: HouseRef,
        choice: Option<Choice>,
    ) -> Result<(), TurnError> {
        self.check_choice(s, house, choice)?;
        s.write(house, number, false);
        if let Some(Choice::Truck(side)) = choice {
            s.set_choice(house.street, modules::ice_cream::choice_value(side));
        }
        self.numbered(s, house, Some(effect));
        Ok(())
    }

    /// The numbers a card lets the player write with `effect`: the Temp changes it by up to 2
    /// where the sheet has actions (not on American Dream, §10.3 step 1).
    pub fn numbers_for(&self, number: u8, effect: Effect) -> std::ops::RangeInclusive<u8> {
        if self.layout.has_actions() {
            numbers_for(number, effect)
        } else {
            number..=number
        }
    }

    /// Step: uses (or passes) the effect of a number just written in `house` from a card
    /// showing `card`. Everything is checked before the sheet changes, so a failure leaves it
    /// as it was (the turn machine applies it in place).
    pub(crate) fn use_effect(
        &self,
        s: &mut Sheet,
        effect: Effect,
        house: HouseRef,
        card: u8,
        used: Option<EffectUse>,
    ) -> Result<(), TurnError> {
        self.effect_step(s, effect, house, card, used, true)
    }

    /// `use_effect` for a use the effect stage listed on this very sheet
    /// (`for_each_effect_use`): its target is not checked a second time. Inline, so that
    /// the listing of every use (`TurnMachine::for_each_effect`) skips the check's code.
    #[inline]
    pub(crate) fn use_listed_effect(
        &self,
        s: &mut Sheet,
        effect: Effect,
        house: HouseRef,
        card: u8,
        used: Option<EffectUse>,
    ) -> Result<(), TurnError> {
        self.effect_step(s, effect, house, card, used, false)
    }

    #[inline]
    fn effect_step(
        &self,
        s: &mut Sheet,
        effect: Effect,
        house: HouseRef,
        card: u8,
        used: Option<EffectUse>,
        check_target: bool,
    ) -> Result<(), TurnError> {
        if !self.layout.has_actions() {
            return match used {
                Some(_) => Err(TurnError::NoAction),
                None => Ok(()),
            };
        }
        let temp_forced = effect == Effect::Temp && !self.layout.rules.temp_optional;
        if temp_forced && used.is_some() {
            return Err(TurnError::TempHasNoTarget);
        }
        // Ruling C4: a number other than the card's was changed by the Temp effect, which
        // then has to be used.
        let written = s.number(house).unwrap_or(card);
        if written != card && used.is_none() && self.layout.rules.temp_optional {
            return Err(TurnError::TempNeeded {
                card,
                number: written,
            });
        }
        if used == Some(EffectUse::Infiltrate) && written != card {
            return Err(TurnError::InfiltrationChanged {
                card,
                number: written,
            });
        }
        if let (Some(u), true) = (used, check_target) {
            self.check_effect(s, effect, house, u)?;
        }
        debug_assert!(used.is_none_or(|u| self.check_effect(s, effect, house, u).is_ok()));
        // Nothing below fails.
        if temp_forced {
            s.cross_temp(self.layout.temp_boxes);
        }
        if let Some(u) = used {
            apply_effect(s, house, u, self.layout.temp_boxes);
            match u {
                EffectUse::Bis { to, .. } => self.numbered(s, to, None),
                EffectUse::RealEstate(size) => {
                    modules::zombies::after_improvement(self.layout, s, size)
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Runs the modules' "after a number is written" hooks for `house`; `action` is the
    /// action the number came with (none for a copy).
    pub(crate) fn numbered(&self, s: &mut Sheet, house: HouseRef, action: Option<Effect>) {
        for &m in &self.layout.modules {
            if m != Module::Roundabouts {
                m.after_number(self.layout, s, house, action);
            }
        }
    }

    /// Applies a checked claim: writes the points and locks the houses (Ruling 10).
    fn apply_plan(&self, s: &mut Sheet, claim: &PlanClaim) {
        let slot = self.plans[claim.plan as usize];
        let Some(card) = self.edition.plan(slot.card) else {
            return;
        };
        s.set_plan(claim.plan as usize, slot.points(self.edition));
        match &card.condition {
            PlanCondition::EndEstates(_) => {
                for st in 0..s.streets() {
                    for (e, _) in end_runs(s, st) {
                        if let Some(e) = e {
                            for i in e.start..e.start + e.len {
                                s.mark_used(HouseRef::new(e.street, i));
                            }
                        }
                    }
                }
            }
            PlanCondition::Estates(_)
            | PlanCondition::EstatesWith { .. }
            | PlanCondition::EstatesIn(_) => {
                for &h in &claim.estates {
                    if let Some((e, _)) = s.run_starting_at(h) {
                        for i in e.start..e.start + e.len {
                            s.mark_used(HouseRef::new(e.street, i));
                        }
                    }
                }
            }
            PlanCondition::FullStreet(n) => {
                let st = n - 1;
                for i in 0..s.len(st) {
                    s.mark_used(HouseRef::new(st, i));
                }
            }
            PlanCondition::StreetEnds(_) => {
                for st in 0..s.streets() {
                    s.mark_used(HouseRef::new(st, 0));
                    s.mark_used(HouseRef::new(st, s.len(st) - 1));
                }
            }
            _ => {}
        }
    }

    // ----- enumeration -----

    /// Every legal placement on the sheet as it stands, in a fixed order (pick, house, number).
    pub fn placements(&self, sheet: &Sheet, out: &mut Vec<Placement>) {
        out.clear();
        self.for_each_placement(sheet, |p| out.push(p));
    }

    /// Calls `f` with every legal placement, in the order `placements` lists them.
    pub fn for_each_placement(&self, sheet: &Sheet, mut f: impl FnMut(Placement)) {
        self.for_each_placement_run(sheet, |pick, effect, house, first, last| {
            for number in first..=last {
                debug_assert!(self.check_placement(sheet, pick, number, house).is_ok());
                f(Placement {
                    pick,
                    effect,
                    number,
                    house,
                });
            }
        });
    }

    /// `for_each_placement` by runs, in the same order: `f(pick, effect, house, first, last)`
    /// for every number code from `first` to `last`, each of which the pick may write in the
    /// house. A caller that turns placements into something consecutive (action indices)
    /// takes a run at once.
    pub fn for_each_placement_run(
        &self,
        sheet: &Sheet,
        mut f: impl FnMut(Pick, Effect, HouseRef, u8, u8),
    ) {
        let ranges = sheet.rank_ranges();
        // Without a ¾ card on offer (always, but with the 9¾ cards) only whole numbers are
        // written: each open house keeps the whole numbers that fit it, and a house that only a
        // ¾ number fits is not open. With one, each keeps its range of ranks
        // (`crate::number::rank`).
        let quarters_offered = self.offer.has_quarter();
        let mut open = [(HouseRef::new(0, 0), 0u8, 0u8); MAX_STREETS * crate::sheet::MAX_HOUSES];
        let mut n = 0;
        for (s, row) in ranges.iter().enumerate() {
            for (i, r) in row.iter().enumerate().take(sheet.len(s as u8) as usize) {
                let bounds = match *r {
                    Some(ranks) if quarters_offered => Some(ranks),
                    Some((lo, hi)) => crate::number::whole_range(lo, hi),
                    None => None,
                };
                if let Some((lo, hi)) = bounds {
                    open[n] = (HouseRef::new(s as u8, i as u8), lo, hi);
                    n += 1;
                }
            }
        }
        for (pick, card, effect) in self.offer.picks() {
            let numbers = self.numbers_for(card, effect);
            let (a, b) = (*numbers.start(), *numbers.end());
            let quarters = crate::number::is_quarter(card);
            for &(house, lo, hi) in &open[..n] {
                let (first, last) = if !quarters_offered {
                    (a.max(lo), b.min(hi))
                } else if quarters {
                    // A ¾ card: its codes one by one.
                    for v in (a..=b).filter(|&v| crate::number::fits((lo, hi), v)) {
                        f(pick, effect, house, v, v);
                    }
                    continue;
                } else {
                    // A whole card beside a ¾ one: the whole numbers inside the ranks.
                    (a.max(lo.div_ceil(4)), b.min(hi / 4))
                };
                if first <= last {
                    f(pick, effect, house, first, last);
                }
            }
        }
    }

    /// Some legal placement, if any (the refusal test, Ruling 1).
    pub fn first_placement(&self, sheet: &Sheet) -> Option<Placement> {
        let ranges = sheet.rank_ranges();
        let quarters_offered = self.offer.has_quarter();
        for h in sheet.all_houses() {
            if let Some(range) = ranges[h.street as usize][h.house as usize] {
                let (lo, hi) = (range.0.div_ceil(4), range.1 / 4);
                if lo > hi && !quarters_offered {
                    // Only a ¾ number would fit, and none is offered.
                    continue;
                }
                for (pick, card, effect) in self.offer.picks() {
                    let numbers = self.numbers_for(card, effect);
                    let fits = if quarters_offered && crate::number::is_quarter(card) {
                        numbers.clone().find(|&v| crate::number::fits(range, v))
                    } else {
                        // Whole numbers: the first of the pick's inside the house's.
                        let a = (*numbers.start()).max(lo);
                        (a <= (*numbers.end()).min(hi)).then_some(a)
                    };
                    if let Some(number) = fits {
                        return Some(Placement {
                            pick,
                            effect,
                            number,
                            house: h,
                        });
                    }
                }
            }
        }
        None
    }

    /// Every legal use of `effect` after writing in `house` (not counting "pass").
    pub fn effect_uses(
        &self,
        sheet: &Sheet,
        effect: Effect,
        house: HouseRef,
        out: &mut Vec<EffectUse>,
    ) {
        out.clear();
        self.for_each_effect_use(sheet, effect, house, |u| out.push(u));
    }

    /// Calls `f` with every legal use of `effect`, in the order `effect_uses` lists them.
    /// Fences and bis copies, the most numerous, are read from the street's masks
    /// (`open_fences`, `open_copies`) instead of checking every slot and pair; in debug builds
    /// the list is compared with the one `check_effect` accepts.
    pub fn for_each_effect_use(
        &self,
        sheet: &Sheet,
        effect: Effect,
        house: HouseRef,
        f: impl FnMut(EffectUse),
    ) {
        #[cfg(debug_assertions)]
        {
            let (mut listed, mut checked) = (Vec::new(), Vec::new());
            self.for_each_listed_use(sheet, effect, house, |u| listed.push(u));
            self.for_each_checked_use(sheet, effect, house, |u| checked.push(u));
            debug_assert_eq!(listed, checked);
        }
        self.for_each_listed_use(sheet, effect, house, f)
    }

    /// `for_each_effect_use` itself.
    fn for_each_listed_use(
        &self,
        sheet: &Sheet,
        effect: Effect,
        house: HouseRef,
        mut f: impl FnMut(EffectUse),
    ) {
        // Every use is checked in `house` first: an invalid one lists none.
        if !self.layout.has_actions() || Self::check_house(sheet, house).is_err() {
            return;
        }
        let split = self.edition.rules.bis_pairs_split;
        match effect {
            Effect::Surveyor => {
                for s in 0..sheet.streets() {
                    let mut open = open_fences(sheet, s, split);
                    while open != 0 {
                        let k = open.trailing_zeros() as u8;
                        open &= open - 1;
                        f(EffectUse::Fence(FenceRef::new(s, k)));
                    }
                }
                let u = EffectUse::Barricade;
                if self.check_effect(sheet, effect, house, u).is_ok() {
                    f(u);
                }
            }
            Effect::Bis => {
                if sheet.bis_count() >= self.layout.bis.boxes() {
                    return;
                }
                for s in 0..sheet.streets() {
                    let (left, right) = open_copies(sheet, s, split);
                    let mut from = left | right;
                    while from != 0 {
                        let i = from.trailing_zeros() as u8;
                        from &= from - 1;
                        let from = HouseRef::new(s, i);
                        if left >> i & 1 == 1 {
                            let to = HouseRef::new(s, i - 1);
                            f(EffectUse::Bis { from, to });
                        }
                        if right >> i & 1 == 1 {
                            let to = HouseRef::new(s, i + 1);
                            f(EffectUse::Bis { from, to });
                        }
                    }
                }
            }
            _ => self.for_each_checked_use(sheet, effect, house, f),
        }
    }

    /// `for_each_effect_use` by checking every use it may list with `check_effect`.
    fn for_each_checked_use(
        &self,
        sheet: &Sheet,
        effect: Effect,
        house: HouseRef,
        mut f: impl FnMut(EffectUse),
    ) {
        if !self.layout.has_actions() {
            return;
        }
        let mut push = |u: EffectUse| {
            if self.check_effect(sheet, effect, house, u).is_ok() {
                f(u);
            }
        };
        match effect {
            Effect::Surveyor => {
                sheet.all_slots().for_each(|f| push(EffectUse::Fence(f)));
                push(EffectUse::Barricade);
            }
            Effect::RealEstate => {
                for size in 1..=self.layout.real_estate.len() as u8 {
                    push(EffectUse::RealEstate(size));
                }
            }
            Effect::Landscaper => push(EffectUse::Park),
            Effect::Pool => push(EffectUse::Pool),
            Effect::Temp => push(EffectUse::Temp),
            Effect::Bis => {
                for from in sheet.all_houses() {
                    if sheet.number(from).is_none() {
                        continue;
                    }
                    if from.house > 0 {
                        push(EffectUse::Bis {
                            from,
                            to: HouseRef::new(from.street, from.house - 1),
                        });
                    }
                    if from.house + 1 < sheet.len(from.street) {
                        push(EffectUse::Bis {
                            from,
                            to: HouseRef::new(from.street, from.house + 1),
                        });
                    }
                }
            }
        }
    }

    /// Every legal claim of plan `plan` on the sheet as it stands.
    pub fn plan_claims(&self, sheet: &Sheet, plan: u8, done: &[u8], out: &mut Vec<PlanClaim>) {
        self.plan_claims_up_to(sheet, plan, done, out, usize::MAX);
    }

    /// Like `plan_claims`, but lists at most `max` claims (the first ones in the same order):
    /// a sheet full of small estates can offer millions of ways to choose them.
    pub fn plan_claims_up_to(
        &self,
        sheet: &Sheet,
        plan: u8,
        done: &[u8],
        out: &mut Vec<PlanClaim>,
        max: usize,
    ) {
        out.clear();
        if max == 0 {
            return;
        }
        let Some(slot) = self.plans.get(plan as usize) else {
            return;
        };
        let Some(card) = self.edition.plan(slot.card) else {
            return;
        };
        if sheet.plan_scores()[plan as usize].is_some() || done.contains(&plan) {
            return;
        }
        match card.condition.estate_sizes() {
            Some(sizes) => {
                // Cheap test first: enough unused completed estates of every size?
                let mut have = [0u8; MAX_ESTATE + 1];
                sheet.for_each_run(|e, complete| {
                    if complete && !e.used && (e.len as usize) <= MAX_ESTATE {
                        have[e.len as usize] += 1;
                    }
                });
                for &size in &sizes {
                    let size = (size as usize).min(MAX_ESTATE);
                    if have[size] == 0 {
                        return;
                    }
                    have[size] -= 1;
                }
                let free: Vec<_> = sheet
                    .completed_estates()
                    .into_iter()
                    .filter(|e| !e.used)
                    .collect();
                let mut sorted = sizes.to_vec();
                sorted.sort_unstable();
                // Choose one estate per required size; equal sizes are chosen in increasing
                // estate order so that each set of estates is listed once.
                let mut chosen: Vec<usize> = Vec::with_capacity(sorted.len());
                choose_estates(&free, &sorted, &mut chosen, &mut |idx| {
                    let claim = PlanClaim {
                        plan,
                        estates: idx.iter().map(|&i| free[i].first_house()).collect(),
                    };
                    if self.check_plan(sheet, &claim, done).is_ok() {
                        out.push(claim);
                    }
                    out.len() < max
                });
            }
            None => {
                let claim = PlanClaim {
                    plan,
                    estates: Vec::new(),
                };
                if self.check_plan(sheet, &claim, done).is_ok() {
                    out.push(claim);
                }
            }
        }
    }

    /// Every legal turn (may be large in the advanced variant; see `count_turns`).
    pub fn legal_turns(&self, sheet: &Sheet) -> Vec<Turn> {
        let mut out = Vec::new();
        self.for_each_turn(sheet, &mut |t| {
            out.push(t.clone());
            true
        });
        out
    }

    /// Number of legal turns.
    pub fn count_turns(&self, sheet: &Sheet) -> u64 {
        let mut n = 0u64;
        self.for_each_turn(sheet, &mut |_| {
            n += 1;
            true
        });
        n
    }
}

/// Applies a checked effect use.
pub(crate) fn apply_effect(s: &mut Sheet, house: HouseRef, u: EffectUse, layout_temp_boxes: u8) {
    match u {
        EffectUse::Fence(f) => s.add_fence(f),
        EffectUse::RealEstate(size) => s.cross_real_estate(size as usize),
        EffectUse::Park => s.cross_park(house.street),
        EffectUse::Pool => s.build_pool(house),
        EffectUse::Temp => s.cross_temp(layout_temp_boxes),
        EffectUse::Infiltrate => s.mark(house),
        EffectUse::Barricade => s.build_barricade(house),
        EffectUse::Bis { from, to } => {
            if let Some(v) = s.number(from) {
                s.write(to, v, true);
            }
        }
    }
}

/// Surveyor fence legality (spec §7.1).
/// `bis_pairs_split` is the edition rule of Ruling 6 (false in the 1st edition).
pub fn check_fence(sheet: &Sheet, f: FenceRef, bis_pairs_split: bool) -> Result<(), TurnError> {
    if !sheet.contains_slot(f) {
        return Err(TurnError::NoSuchSlot { fence: f });
    }
    if sheet.has_fence(f) {
        return Err(TurnError::FenceExists { fence: f });
    }
    let a = HouseRef::new(f.street, f.slot);
    let b = HouseRef::new(f.street, f.slot + 1);
    if sheet.is_used(a) && sheet.is_used(b) {
        return Err(TurnError::FenceInUsedEstate { fence: f });
    }
    if let (Some(x), Some(y), false) = (sheet.number(a), sheet.number(b), bis_pairs_split) {
        if x == y {
            return Err(TurnError::FenceSplitsBis {
                fence: f,
                number: x,
            });
        }
    }
    Ok(())
}

/// The slots of street `s` where `check_fence` accepts a fence, bit k for slot k.
fn open_fences(sheet: &Sheet, s: u8, bis_pairs_split: bool) -> u16 {
    let m = sheet.street_masks(s);
    let slots = ((1u32 << sheet.len(s).saturating_sub(1)) - 1) as u16;
    let mut open = slots & !m.fences & !(m.used & m.used >> 1);
    if !bis_pairs_split {
        let mut pairs = open & m.numbered & m.numbered >> 1;
        while pairs != 0 {
            let k = pairs.trailing_zeros() as u8;
            pairs &= pairs - 1;
            if sheet.number(HouseRef::new(s, k)) == sheet.number(HouseRef::new(s, k + 1)) {
                open &= !(1 << k);
            }
        }
    }
    open
}

/// The houses of street `s` that `check_bis` accepts as a source of a copy to their left
/// (bit i: from house i to house i − 1) and to their right, with a bis box free.
fn open_copies(sheet: &Sheet, s: u8, bis_pairs_split: bool) -> (u16, u16) {
    let m = sheet.street_masks(s);
    let open = if bis_pairs_split { u16::MAX } else { !m.fences };
    let left = m.numbered & m.empty << 1 & open << 1;
    let right = m.numbered & m.empty >> 1 & open;
    (left, right)
}

/// Bis legality (spec §7.6): a numbered source, the empty house directly next to it, no fence
/// between them (Ruling 6), a free bis box (Ruling 8).
pub fn check_bis(
    sheet: &Sheet,
    boxes: u8,
    bis_pairs_split: bool,
    from: HouseRef,
    to: HouseRef,
) -> Result<(), TurnError> {
    if sheet.bis_count() >= boxes {
        return Err(TurnError::BisFull);
    }
    if !sheet.contains(from) {
        return Err(TurnError::NoSuchHouse { house: from });
    }
    if !sheet.contains(to) {
        return Err(TurnError::NoSuchHouse { house: to });
    }
    if sheet.number(from).is_none() {
        return Err(TurnError::BisNoSource { from });
    }
    if from.street != to.street || from.house.abs_diff(to.house) != 1 {
        return Err(TurnError::BisNotAdjacent { from, to });
    }
    if !sheet.is_empty(to) {
        return Err(TurnError::HouseNotEmpty { house: to });
    }
    let slot = FenceRef::new(from.street, from.house.min(to.house));
    if sheet.has_fence(slot) && !bis_pairs_split {
        return Err(TurnError::BisAcrossFence { from, to });
    }
    Ok(())
}

/// Calls `emit` with every choice of distinct estates matching `sizes`; stops when `emit`
/// returns false (and then returns false).
fn choose_estates(
    free: &[crate::sheet::Estate],
    sizes: &[u8],
    chosen: &mut Vec<usize>,
    emit: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    let k = chosen.len();
    if k == sizes.len() {
        return emit(chosen);
    }
    let size = sizes[k];
    // For a repeated size, continue after the previous pick of that size.
    let from = if k > 0 && sizes[k - 1] == size {
        chosen[k - 1] + 1
    } else {
        0
    };
    for i in from..free.len() {
        if free[i].len == size && !chosen.contains(&i) {
            chosen.push(i);
            let go = choose_estates(free, sizes, chosen, emit);
            chosen.pop();
            if !go {
                return false;
            }
        }
    }
    true
}

/// The runs holding the first and the last house of street `st` (one when they are the same
/// run), each with whether it is complete; `None` where a roundabout stands at that end, as a
/// roundabout is in no estate (Ruling C10).
pub(crate) fn end_runs(sheet: &Sheet, st: u8) -> Vec<(Option<crate::sheet::Estate>, bool)> {
    let len = sheet.len(st);
    let mut first = (None, false);
    let mut last = (None, false);
    sheet.for_each_run_in(st, |e, complete| {
        if e.start == 0 {
            first = (Some(e), complete);
        }
        if e.start + e.len == len {
            last = (Some(e), complete);
        }
    });
    if first.0.is_some() && first.0 == last.0 {
        vec![first]
    } else {
        vec![first, last]
    }
}

/// The scope and each estate's pools and extensions of a collector estate plan, for estates
/// already known to be complete, unlocked and of the right sizes. `Err` says why not.
fn check_estates_in(
    layout: &SheetLayout,
    sheet: &Sheet,
    need: &EstatesIn,
    estates: &[HouseRef],
) -> Result<(), String> {
    let mut found = Vec::with_capacity(estates.len());
    for &h in estates {
        if let Some((e, _)) = sheet.run_starting_at(h) {
            found.push(e);
        }
    }
    match need.scope {
        Scope::Anywhere => {}
        Scope::Street(n) => {
            if let Some(e) = found.iter().find(|e| e.street + 1 != n) {
                return Err(format!(
                    "the estate starting at {} is not in street {n}",
                    e.first_house()
                ));
            }
        }
        Scope::SameStreet => {
            let st = found.first().map_or(0, |e| e.street);
            if found.iter().any(|e| e.street != st) {
                return Err("the estates are not all in one street".into());
            }
            if sheet.roundabouts_in(st) < need.roundabouts {
                return Err(format!(
                    "street {} has {} roundabouts",
                    st + 1,
                    sheet.roundabouts_in(st)
                ));
            }
        }
    }
    // Each requirement met by its own estate: try the assignments (at most six estates).
    fn assign(
        layout: &SheetLayout,
        sheet: &Sheet,
        needs: &[crate::edition::EstateNeed],
        found: &[crate::sheet::Estate],
        taken: &mut [bool],
    ) -> bool {
        let Some((n, rest)) = needs.split_first() else {
            return true;
        };
        for i in 0..found.len() {
            let e = found[i];
            if taken[i]
                || e.len != n.size
                || sheet.pools_in_run(e) < n.pools
                || sheet.bis_in_run(e) < n.extensions
                || n.filters.iter().any(|f| {
                    !f.op
                        .holds(modules::estate_measure(layout, sheet, f.measure, e), f.n)
                })
            {
                continue;
            }
            taken[i] = true;
            if assign(layout, sheet, rest, found, taken) {
                return true;
            }
            taken[i] = false;
        }
        false
    }
    let mut taken = vec![false; found.len()];
    if assign(layout, sheet, &need.estates, &found, &mut taken) {
        Ok(())
    } else if need.estates.iter().any(|n| !n.filters.is_empty()) {
        Err("the estates named do not hold what the plan asks of each".into())
    } else {
        Err("the estates named lack the pools or extensions the plan asks for".into())
    }
}

fn parks_full(layout: &SheetLayout, sheet: &Sheet, s: u8) -> bool {
    sheet.parks(s) >= layout.streets[s as usize].parks.boxes()
}

fn pools_full(sheet: &Sheet, s: u8) -> bool {
    sheet.planned_pools_in(s) > 0 && sheet.pools_in(s) == sheet.planned_pools_in(s)
}

fn check_condition(
    layout: &SheetLayout,
    sheet: &Sheet,
    plan: u8,
    card: &PlanCard,
    estates: &[HouseRef],
) -> Result<(), TurnError> {
    let not_met = |reason: String| {
        Err(TurnError::PlanNotMet {
            plan,
            requirement: card.describe(),
            reason,
        })
    };
    let streets = 0..sheet.streets();
    let Some(sizes) = card.condition.estate_sizes() else {
        if !estates.is_empty() {
            return Err(TurnError::EstatesNotWanted { plan });
        }
        return check_sheet_condition(layout, sheet, &card.condition, not_met);
    };
    {
        {
            let mut given = Vec::with_capacity(estates.len());
            for (i, &h) in estates.iter().enumerate() {
                if !sheet.contains(h) {
                    return Err(TurnError::NoSuchHouse { house: h });
                }
                if estates[..i].contains(&h) {
                    return Err(TurnError::EstateTwice { house: h });
                }
                let Some((e, complete)) = sheet.run_starting_at(h) else {
                    return Err(TurnError::NoEstate { house: h });
                };
                if !complete {
                    return Err(TurnError::EstateIncomplete { house: h });
                }
                if e.len as usize > MAX_ESTATE {
                    return Err(TurnError::EstateTooLong {
                        house: h,
                        len: e.len,
                    });
                }
                if e.used {
                    return Err(TurnError::EstateUsed { house: h });
                }
                given.push(e.len);
            }
            let mut needed = sizes.to_vec();
            needed.sort_unstable();
            let mut sorted = given.clone();
            sorted.sort_unstable();
            if sorted != needed {
                return Err(TurnError::EstateSizes {
                    plan,
                    needed,
                    given,
                });
            }
            if let PlanCondition::EstatesIn(need) = &card.condition {
                check_estates_in(layout, sheet, need, estates).or_else(&not_met)?;
            }
            if let PlanCondition::EstatesWith { feature, need, .. } = card.condition {
                for &h in estates {
                    if let Some((e, _)) = sheet.run_starting_at(h) {
                        let have =
                            modules::feature_in(layout, sheet, feature, e.street, e.start, e.len);
                        let ok = match need {
                            Need::None => have == 0,
                            Need::AtLeast(n) => have >= n,
                            Need::All => feature == Feature::Links && have + 1 == e.len,
                        };
                        if !ok {
                            return not_met(format!(
                                "the estate starting at {h} holds {have} {}",
                                feature.noun()
                            ));
                        }
                    }
                }
            }
            let _ = streets;
            Ok(())
        }
    }
}

/// A plan condition on the sheet as a whole (no estates named).
fn check_sheet_condition(
    layout: &SheetLayout,
    sheet: &Sheet,
    condition: &PlanCondition,
    not_met: impl Fn(String) -> Result<(), TurnError>,
) -> Result<(), TurnError> {
    let streets = 0..sheet.streets();
    let ed = layout;
    match condition {
        PlanCondition::Estates(_)
        | PlanCondition::EstatesWith { .. }
        | PlanCondition::EstatesIn(_) => Ok(()),
        PlanCondition::EndEstates(size) => {
            for st in streets {
                for (e, complete) in end_runs(sheet, st) {
                    let Some(e) = e else {
                        return not_met(format!("a roundabout is at an end of street {}", st + 1));
                    };
                    let h = e.first_house();
                    if !complete {
                        return not_met(format!("the estate starting at {h} is not complete"));
                    }
                    if e.used {
                        return not_met(format!(
                            "the estate starting at {h} was already used for a plan"
                        ));
                    }
                    if e.len != *size {
                        return not_met(format!(
                            "the estate starting at {h} has {} houses, not {size}",
                            e.len
                        ));
                    }
                }
            }
            Ok(())
        }
        PlanCondition::ParksTotal(n) => {
            let k: u8 = streets.map(|s| sheet.parks(s)).sum();
            if k >= *n {
                Ok(())
            } else {
                not_met(format!("{k} parks crossed"))
            }
        }
        PlanCondition::ParksEveryStreet(n) => {
            match streets.clone().find(|&s| sheet.parks(s) < *n) {
                None => Ok(()),
                Some(s) => not_met(format!("street {} has {} parks", s + 1, sheet.parks(s))),
            }
        }
        PlanCondition::ImprovementBoxes(n) => {
            let k: u8 = (1..=layout.real_estate.len())
                .map(|i| sheet.real_estate(i))
                .sum();
            if k >= *n {
                Ok(())
            } else {
                not_met(format!("{k} improvements crossed"))
            }
        }
        PlanCondition::FullImprovementColumns(n) => {
            let k = layout
                .real_estate
                .iter()
                .enumerate()
                .filter(|(i, t)| sheet.real_estate(i + 1) >= t.boxes())
                .count();
            if k >= *n as usize {
                Ok(())
            } else {
                not_met(format!("{k} improvement columns fully crossed"))
            }
        }
        PlanCondition::FeatureComplete { feature, street } => {
            let ok = match street {
                Some(n) => modules::street_complete(layout, sheet, *feature, n.wrapping_sub(1)),
                None => streets
                    .clone()
                    .any(|s| modules::street_complete(layout, sheet, *feature, s)),
            };
            if ok {
                Ok(())
            } else {
                not_met(match street {
                    Some(n) => format!("street {n} does not have all its {}", feature.noun()),
                    None => format!("no street has all its {}", feature.noun()),
                })
            }
        }
        PlanCondition::Count(list) => {
            for c in list {
                let have = modules::sheet_measure(layout, sheet, c.measure);
                if !c.op.holds(have, c.n) {
                    return not_met(format!("{have} {}", c.measure.noun()));
                }
            }
            Ok(())
        }
        PlanCondition::All(sets) => {
            for set in sets {
                if let Some(why) = modules::missing_item(layout, sheet, set) {
                    return not_met(why);
                }
            }
            Ok(())
        }
        PlanCondition::Grid(g) => match modules::american_dream::check_grid(layout, sheet, g) {
            Ok(()) => Ok(()),
            Err(why) => not_met(why),
        },
        PlanCondition::InColumns(need) => {
            let columns = (0..sheet.streets())
                .map(|s| sheet.len(s))
                .max()
                .unwrap_or(0);
            let k = (0..columns)
                .filter(|&c| {
                    need.need.iter().all(|m| {
                        m.op.holds(modules::column_measure(layout, sheet, m.measure, c), m.n)
                    })
                })
                .count();
            if k >= need.columns as usize {
                Ok(())
            } else {
                not_met(format!("{k} columns do"))
            }
        }
        PlanCondition::InStreets(need) => {
            let passes = |s: u8| {
                need.tests
                    .iter()
                    .all(|&t| modules::street_test(layout, sheet, t, s))
            };
            let (ok, why) = match need.streets {
                Streets::Every => match streets.clone().find(|&s| !passes(s)) {
                    None => (true, String::new()),
                    Some(s) => (false, format!("street {} does not", s + 1)),
                },
                Streets::AtLeast(n) => {
                    let k = streets.filter(|&s| passes(s)).count();
                    (k >= n as usize, format!("{k} streets do"))
                }
                Streets::Street(n) => {
                    let s = n.wrapping_sub(1);
                    (
                        s < sheet.streets() && passes(s),
                        format!("street {n} does not"),
                    )
                }
            };
            if ok {
                Ok(())
            } else {
                not_met(why)
            }
        }
        PlanCondition::FullStreet(n) => {
            let s = n.wrapping_sub(1);
            if s >= sheet.streets() {
                return not_met("the plan names no street of this sheet".into());
            }
            if !sheet.street_filled(s) {
                return not_met(format!("street {n} still has an empty house"));
            }
            if (0..sheet.len(s)).any(|i| sheet.is_used(HouseRef::new(s, i))) {
                return not_met(format!("a house of street {n} was already used for a plan"));
            }
            Ok(())
        }
        PlanCondition::BisInOneStreet(n) => {
            if streets.clone().any(|s| sheet.bis_in(s) >= *n) {
                Ok(())
            } else {
                not_met(format!("no street has {n} bis houses"))
            }
        }
        PlanCondition::Temps(n) => {
            if sheet.temps() >= *n {
                Ok(())
            } else {
                not_met(format!("{} temps hired", sheet.temps()))
            }
        }
        PlanCondition::StreetEnds(_) => {
            for s in streets {
                for i in [0, sheet.len(s) - 1] {
                    let h = HouseRef::new(s, i);
                    if sheet.house(h) == House::Empty {
                        return not_met(format!("{h} is empty"));
                    }
                    if sheet.is_used(h) {
                        return not_met(format!("{h} was already used for a plan"));
                    }
                }
            }
            Ok(())
        }
        PlanCondition::CompleteParks(n) => {
            let k = streets.filter(|&s| parks_full(ed, sheet, s)).count();
            if k >= *n as usize {
                Ok(())
            } else {
                not_met(format!("{k} streets have all their parks"))
            }
        }
        PlanCondition::ParksPoolsRoundabout(_) => {
            if streets.clone().any(|s| {
                parks_full(ed, sheet, s) && pools_full(sheet, s) && sheet.roundabouts_in(s) > 0
            }) {
                Ok(())
            } else {
                not_met("no street has all its parks, all its pools and a roundabout".into())
            }
        }
        PlanCondition::CompletePools(n) => {
            let k = streets.filter(|&s| pools_full(sheet, s)).count();
            if k >= *n as usize {
                Ok(())
            } else {
                not_met(format!("{k} streets have all their pools"))
            }
        }
        PlanCondition::ParksAndPools(n) => {
            let s = n.wrapping_sub(1);
            if s >= sheet.streets() {
                return not_met("the plan names no street of this sheet".into());
            }
            if !parks_full(ed, sheet, s) {
                return not_met(format!("street {n} still has parks to build"));
            }
            if !pools_full(sheet, s) {
                return not_met(format!("street {n} still has pools to build"));
            }
            Ok(())
        }
    }
}
