//! Why a turn is illegal: one error type for every check of a turn, from the first edition's
//! to every module's, each variant carrying what a clear message needs and a stable code. A
//! leaf, so that the turn machine, the checks and the modules all build on it.

use crate::card::Effect;
use crate::house::{FenceRef, HouseRef};
use crate::modules::module::ChoiceKind;
use crate::number::shown;
use crate::turn::{BonusUse, Choice, Pick, Treat};

/// Why a turn is illegal. Every variant names what is wrong; `code()` is stable for the wire.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    #[error("the game is over")]
    GameOver,
    #[error("there is no seat {seat}")]
    NoSuchSeat { seat: usize },
    #[error("seat {seat} has already submitted its turn for round {round}")]
    AlreadySubmitted { seat: usize, round: u16 },
    #[error("{pick} is not on offer")]
    NoSuchPick { pick: Pick },
    #[error("{house} is not on the sheet")]
    NoSuchHouse { house: HouseRef },
    #[error("{fence} is not on the sheet")]
    NoSuchSlot { fence: FenceRef },
    #[error("{house} is not empty")]
    HouseNotEmpty { house: HouseRef },
    #[error("the combination gives {}, not {}", range_text(allowed), shown(*number))]
    NumberNotOffered {
        number: u8,
        allowed: std::ops::RangeInclusive<u8>,
    },
    #[error("{} cannot go in {house}: {}", shown(*number), order_reason(*.left, *.right))]
    OutOfOrder {
        house: HouseRef,
        number: u8,
        left: Option<(HouseRef, u8)>,
        right: Option<(HouseRef, u8)>,
    },
    #[error(
        "a permit refusal is only allowed when nothing fits; {pick} fits: {} in {house}", shown(*number)
    )]
    RefusalNotAllowed {
        pick: Pick,
        house: HouseRef,
        number: u8,
    },
    #[error("all permit-refusal boxes are already crossed")]
    RefusalsFull,
    #[error("a seat with a hand (expert, AAA solo) passes one of its cards: on a refusal, or after using both cards of a hand of two")]
    PassCardMissing,
    #[error("only a seat with a hand (expert, AAA solo) passes a card: on a refusal, or after using both cards of a hand of two")]
    PassCardUnexpected,
    #[error("hand card {} was not used this turn: a hand of two passes one of the two cards used", *card as u16 + 1)]
    PassNotUsed { card: u8 },
    #[error("there is no hand card {}: the hand holds {cards}", *card as u16 + 1)]
    NoSuchHandCard { card: u8, cards: usize },
    #[error("the combination's effect is {effect}, so {used} cannot be used")]
    WrongEffect { effect: Effect, used: &'static str },
    #[error("the Temp Agency is applied automatically; give no effect target")]
    TempHasNoTarget,
    #[error(
        "this sheet has no action to use: a number is written and that is all (American Dream)"
    )]
    NoAction,
    #[error("{} differs from the card's {}: only the Temp effect changes a number, so it must be used", shown(*number), shown(*card))]
    TempNeeded { card: u8, number: u8 },
    #[error("{fence} already has a fence")]
    FenceExists { fence: FenceRef },
    #[error("{fence} would split an estate already used for a plan")]
    FenceInUsedEstate { fence: FenceRef },
    #[error("{fence} would separate two houses numbered {} (a bis pair)", shown(*number))]
    FenceSplitsBis { fence: FenceRef, number: u8 },
    #[error("there is no real-estate column for estates of size {size}")]
    NoSuchEstateSize { size: u8 },
    #[error("the real-estate column for size {size} is full")]
    RealEstateFull { size: u8 },
    #[error("every park of street {} is already crossed", street + 1)]
    ParksFull { street: u8 },
    #[error("{house} has no planned pool")]
    NoPool { house: HouseRef },
    #[error("all bis boxes are already crossed")]
    BisFull,
    #[error("{from} holds no number to copy")]
    BisNoSource { from: HouseRef },
    #[error("{to} is not directly next to {from}")]
    BisNotAdjacent { from: HouseRef, to: HouseRef },
    #[error("a fence separates {from} and {to}")]
    BisAcrossFence { from: HouseRef, to: HouseRef },
    #[error("roundabouts belong to the advanced variant")]
    RoundaboutsOff,
    #[error("both roundabouts are already built")]
    RoundaboutsFull,
    #[error("City Plan n°{} does not exist", plan + 1)]
    NoSuchPlan { plan: u8 },
    #[error("City Plan n°{} was already scored on this sheet", plan + 1)]
    PlanAlreadyScored { plan: u8 },
    #[error("City Plan n°{} is validated twice in this turn", plan + 1)]
    PlanTwice { plan: u8 },
    #[error("City Plan n°{} ({requirement}) is not met: {reason}", plan + 1)]
    PlanNotMet {
        plan: u8,
        requirement: String,
        reason: String,
    },
    #[error("no housing estate starts at {house}")]
    NoEstate { house: HouseRef },
    #[error("the estate starting at {house} is not completed")]
    EstateIncomplete { house: HouseRef },
    #[error("the estate starting at {house} has {len} houses; estates have 1 to 6")]
    EstateTooLong { house: HouseRef, len: u8 },
    #[error("the estate starting at {house} was already used for a plan")]
    EstateUsed { house: HouseRef },
    #[error("the estate starting at {house} is named twice")]
    EstateTwice { house: HouseRef },
    #[error("City Plan n°{} needs estates of sizes {needed:?}, the estates named have sizes {given:?}", plan + 1)]
    EstateSizes {
        plan: u8,
        needed: Vec<u8>,
        given: Vec<u8>,
    },
    #[error("City Plan n°{} names no estates", plan + 1)]
    EstatesNotWanted { plan: u8 },
    #[error("{decision} cannot be decided at the {stage} stage of a turn")]
    NotNow {
        decision: &'static str,
        stage: &'static str,
    },
    #[error("the turn is not finished (it is at the {stage} stage)")]
    TurnUnfinished { stage: &'static str },
    #[error("{house} asks for a choice of {kind:?} (the first number in its street)")]
    ChoiceMissing { house: HouseRef, kind: ChoiceKind },
    #[error("{house} asks for no choice; {choice:?} was given")]
    ChoiceUnexpected { house: HouseRef, choice: Choice },
    #[error("the first-plan reshuffle is only offered in the first round in which any plan is validated, to a seat validating one (never in solo)")]
    ReshuffleNotOffered,
    #[error("street {} has no open end-of-route bonus to cross off", street + 1)]
    CrossNotOpen { street: u8 },
    #[error("{owed} open bonus(es) must be crossed off first (a Validation card came up)")]
    CrossOwed { owed: u8 },
    #[error("nothing is to be crossed off this turn")]
    CrossNotOwed,
    #[error("{house} was just numbered: circle its ghost or its candy first")]
    CircleOwed { house: HouseRef },
    #[error("no house asks for a ghost or a candy to be circled now")]
    CircleNotOwed,
    #[error("the sheet has no {need}-{treat:?} tier")]
    TierUnknown { treat: Treat, need: u8 },
    #[error("a {treat:?} tier was already claimed this game (one of each kind per game)")]
    TierClaimed { treat: Treat },
    #[error("the {need}-{treat:?} tier is crossed off or already circled")]
    TierNotOpen { treat: Treat, need: u8 },
    #[error("{have} {treat:?}s circled: a tier is claimed with exactly 4, 6 or 9, and only a tier of that need or lower ({need} asked)")]
    TierCount { treat: Treat, have: u8, need: u8 },
    #[error("the ghost tier is claimed before the candy tier, in the same turn")]
    TierOrder,
    #[error("{option:?} is not a bonus option of the {need}-{treat:?} tier")]
    TierOption {
        treat: Treat,
        need: u8,
        option: Option<u8>,
    },
    #[error("tier claims come after the City Plans of the turn")]
    TierTooLate,
    #[error("{bonus:?} cannot be used as {wanted:?}: {why}")]
    BonusTarget {
        bonus: BonusUse,
        wanted: crate::edition::Bonus,
        why: String,
    },
    #[error("the tier's {wanted:?} bonus must be used first (it has a legal target)")]
    BonusOwed { wanted: crate::edition::Bonus },
    #[error("no bonus is to be used now")]
    BonusNotOwed,
    #[error("an infiltration objective must be circled first (the first turn of a Roswell game)")]
    ObjectiveOwed,
    #[error("the objective is circled once, in the first turn")]
    ObjectiveNotOwed,
    #[error("the sheet has no objective {objective} (they are numbered 1 to {count})")]
    ObjectiveUnknown { objective: u8, count: u8 },
    #[error("{house} is under no saucer: only a number written under a saucer infiltrates")]
    NoSaucer { house: HouseRef },
    #[error("the card shows {} and {} was written: a number changed by a temp cannot infiltrate", shown(*card), shown(*number))]
    InfiltrationChanged { card: u8, number: u8 },
    #[error("{} does not move for the {card} Zombie card (or has no arrow left)", horde_name(*.horde))]
    HordeNotMoving { horde: u8, card: &'static str },
    #[error("{wanted} hordes slowed with {have} ammo left: each slowed horde crosses one ammo")]
    AmmoShort { wanted: u8, have: u8 },
    #[error("a Zombie card came up: the hordes it moves are resolved first (ammo: which to slow)")]
    AmmoOwed,
    #[error("{given} ammo choices for {cards} Zombie card(s) this round: one per card")]
    AmmoCount { given: usize, cards: usize },
    #[error("{house} cannot take a barricade: only the Surveyor's number in a house printed without one does")]
    NoBarricadeHere { house: HouseRef },
    #[error("the game ends before this turn is played (pile 1 has no number left): it holds only the ammo")]
    NothingToPlay,
    #[error("this turn is played: write a number or take a permit refusal")]
    TurnToPlay,
}

/// A horde in messages: "street 2's left horde".
fn horde_name(h: u8) -> String {
    let side = if h & 1 == 0 { "left" } else { "right" };
    format!("street {}'s {side} horde", h / 2 + 1)
}

fn range_text(r: &std::ops::RangeInclusive<u8>) -> String {
    if r.start() == r.end() {
        shown(*r.start()).to_string()
    } else {
        format!("{} to {}", shown(*r.start()), shown(*r.end()))
    }
}

fn order_reason(left: Option<(HouseRef, u8)>, right: Option<(HouseRef, u8)>) -> String {
    let mut parts = Vec::new();
    if let Some((h, v)) = left {
        parts.push(format!("{h} to its left holds {}", shown(v)));
    }
    if let Some((h, v)) = right {
        parts.push(format!("{h} to its right holds {}", shown(v)));
    }
    if parts.is_empty() {
        "numbers must increase from left to right".into()
    } else {
        format!(
            "{} and numbers must increase from left to right",
            parts.join(", ")
        )
    }
}

impl TurnError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        use TurnError::*;
        match self {
            GameOver => "game_over",
            NoSuchSeat { .. } => "no_such_seat",
            AlreadySubmitted { .. } => "already_submitted",
            NoSuchPick { .. } => "no_such_pick",
            NoSuchHouse { .. } => "no_such_house",
            NoSuchSlot { .. } => "no_such_fence_slot",
            HouseNotEmpty { .. } => "house_not_empty",
            NumberNotOffered { .. } => "number_not_offered",
            OutOfOrder { .. } => "number_out_of_order",
            RefusalNotAllowed { .. } => "refusal_not_allowed",
            RefusalsFull => "refusals_full",
            PassCardMissing => "pass_card_missing",
            PassCardUnexpected => "pass_card_unexpected",
            PassNotUsed { .. } => "pass_not_used",
            NoSuchHandCard { .. } => "no_such_hand_card",
            WrongEffect { .. } => "wrong_effect",
            TempHasNoTarget => "temp_has_no_target",
            NoAction => "no_action",
            TempNeeded { .. } => "temp_needed",
            FenceExists { .. } => "fence_exists",
            FenceInUsedEstate { .. } => "fence_in_used_estate",
            FenceSplitsBis { .. } => "fence_splits_bis",
            NoSuchEstateSize { .. } => "no_such_estate_size",
            RealEstateFull { .. } => "real_estate_full",
            ParksFull { .. } => "parks_full",
            NoPool { .. } => "no_pool",
            BisFull => "bis_full",
            BisNoSource { .. } => "bis_no_source",
            BisNotAdjacent { .. } => "bis_not_adjacent",
            BisAcrossFence { .. } => "bis_across_fence",
            RoundaboutsOff => "roundabouts_off",
            RoundaboutsFull => "roundabouts_full",
            NoSuchPlan { .. } => "no_such_plan",
            PlanAlreadyScored { .. } => "plan_already_scored",
            PlanTwice { .. } => "plan_twice",
            PlanNotMet { .. } => "plan_not_met",
            NoEstate { .. } => "no_estate",
            EstateIncomplete { .. } => "estate_incomplete",
            EstateTooLong { .. } => "estate_too_long",
            EstateUsed { .. } => "estate_used",
            EstateTwice { .. } => "estate_twice",
            EstateSizes { .. } => "estate_sizes",
            EstatesNotWanted { .. } => "estates_not_wanted",
            NotNow { .. } => "decision_not_now",
            TurnUnfinished { .. } => "turn_unfinished",
            ChoiceMissing { .. } => "choice_missing",
            ChoiceUnexpected { .. } => "choice_unexpected",
            ReshuffleNotOffered => "reshuffle_not_offered",
            CrossNotOpen { .. } => "cross_not_open",
            CrossOwed { .. } => "cross_owed",
            CrossNotOwed => "cross_not_owed",
            CircleOwed { .. } => "circle_owed",
            CircleNotOwed => "circle_not_owed",
            TierUnknown { .. } => "tier_unknown",
            TierClaimed { .. } => "tier_claimed",
            TierNotOpen { .. } => "tier_not_open",
            TierCount { .. } => "tier_count",
            TierOrder => "tier_order",
            TierOption { .. } => "tier_option",
            TierTooLate => "tier_too_late",
            BonusTarget { .. } => "bonus_target",
            BonusOwed { .. } => "bonus_owed",
            BonusNotOwed => "bonus_not_owed",
            ObjectiveOwed => "objective_owed",
            ObjectiveNotOwed => "objective_not_owed",
            ObjectiveUnknown { .. } => "objective_unknown",
            NoSaucer { .. } => "no_saucer",
            InfiltrationChanged { .. } => "infiltration_changed",
            HordeNotMoving { .. } => "horde_not_moving",
            AmmoShort { .. } => "ammo_short",
            AmmoOwed => "ammo_owed",
            AmmoCount { .. } => "ammo_count",
            NoBarricadeHere { .. } => "no_barricade_here",
            NothingToPlay => "nothing_to_play",
            TurnToPlay => "turn_to_play",
        }
    }
}
