//! What may be done next from a draft, in the protocol's form: the draft is replayed decision
//! by decision through the staged turn machine, and the decisions the machine lists where the
//! draft stops are the options, with what each rule module's stage shows beside them (the
//! hordes a Zombie card moves, the bonuses a ghost tier gives). Every front end that builds a
//! turn step by step (the server's tables, the companion) reads them from here.

use crate::card::Effect;
use crate::edition::Bonus;
use crate::house::HouseRef;
use crate::legal::{Offer, TurnContext};
use crate::machine::{Decision, Stage, TurnMachine};
use crate::modules::drawing::{self, Drawing, Slowed};
pub use crate::modules::halloween::TierOut;
pub use crate::modules::zombies::AmmoStageOut;
use crate::score::Score;
use crate::sheet::Sheet;
use crate::sheet_file::SheetData;
use crate::turn::{BonusUse, Choice, EffectUse, Pick, PlanClaim, Play};
use serde::{Deserialize, Serialize};

use super::Draft;

/// A legal placement of a number.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PlacementOut {
    pub pick: Pick,
    pub effect: Effect,
    /// A JSON integer; a ¾ number (the collector's 9¾ cards) the string `"9¾"`.
    #[serde(with = "crate::number::serde_code")]
    pub number: u8,
    pub house: HouseRef,
}

/// A refusal is legal; `pass` says whether a hand card must be passed (expert).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RefuseOut {
    pub pass: bool,
}

/// A draft's error as the protocol sends it: a stable code and a message.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct DraftError {
    pub code: String,
    pub message: String,
}

impl From<super::DraftError> for DraftError {
    fn from(e: super::DraftError) -> Self {
        DraftError {
            code: e.code().into(),
            message: e.to_string(),
        }
    }
}

/// What may be done next from a draft.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct OptionsOut {
    pub sheet: SheetData,
    pub score: Score,
    pub derived: Drawing,
    /// Zombies: a Zombie card of the round is resolved now: the hordes it moves and every
    /// legal set of them to slow (one goes in the draft's `ammo`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ammo: Option<AmmoStageOut>,
    /// The sheet owes a crossed bonus (a Validation card came up): the streets (1-based) whose
    /// open bonus may be crossed off; one goes in the draft's `cross`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cross: Vec<u8>,
    pub roundabouts: Vec<HouseRef>,
    pub placements: Vec<PlacementOut>,
    pub refuse: Option<RefuseOut>,
    /// Roswell, the first turn: the objectives (1-based) one of which goes in the draft's
    /// `objective` before anything else.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<u8>,
    /// The number just placed asks for a decision before it is written (the Ice Cream truck):
    /// one of these goes in the build's `choice`.
    pub choices: Vec<Choice>,
    pub effects: Vec<EffectUse>,
    /// Zombies' expert and AAA games: the hand of two was used (number and effect), so one of
    /// the two cards is passed on to the left (expert) or given to the AAA; one `card` goes in
    /// the build's `pass`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pass: Vec<PassOut>,
    pub claims: Vec<PlanClaim>,
    /// Halloween: the house just numbered whose ghost or candy is to be circled next (one
    /// entry goes in the draft's `circles`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub circle: Option<HouseRef>,
    /// Halloween: the tiers that may be claimed now (one goes in the draft's `tiers`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiers: Vec<TierOut>,
    /// Halloween: the ghost bonus to use next, and its legal uses (one goes in the last
    /// claimed tier's `bonuses`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<Bonus>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonuses: Vec<BonusUse>,
    pub reshuffle: bool,
    /// The draft is a whole legal turn: it can be submitted as it is.
    pub complete: bool,
    pub error: Option<DraftError>,
}

/// A hand card that may be passed on or given to the AAA: `card` (1-based, as in the build's
/// `pass`), what it shows, and what the turn used it for (`"number"` or `"effect"`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PassOut {
    pub card: u8,
    pub number: u8,
    pub effect: Effect,
    pub used: PassUse,
}

/// What a hand card of a hand of two was used for.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PassUse {
    Number,
    Effect,
}

/// Most plan claims listed per plan: a sheet full of one-house estates can be chosen from in
/// millions of ways, and every listed claim scores the same.
pub const MAX_LISTED_CLAIMS: usize = 200;

/// The options of a draft, and the machine where the draft stops (for callers that go on, such
/// as the companion ending the turn).
pub struct Outcome<'a> {
    pub options: OptionsOut,
    pub machine: TurnMachine<'a>,
}

/// Options for `draft` on `sheet` (the seat's sheet as of the last resolved round).
/// `score` scores a sheet the way the table does (temps ranked across the table); `slowed`:
/// the X marks of the hordes the seat slowed before this turn (Zombies).
pub fn compute(
    ctx: &TurnContext<'_>,
    sheet: &Sheet,
    draft: &Draft,
    score: &dyn Fn(&Sheet) -> Score,
    slowed: &Slowed,
) -> OptionsOut {
    follow(ctx, sheet, draft, score, slowed).options
}

/// Replays `draft` through the turn machine and lists what comes next.
pub fn follow<'a>(
    ctx: &TurnContext<'a>,
    sheet: &Sheet,
    draft: &Draft,
    score: &dyn Fn(&Sheet) -> Score,
    slowed: &Slowed,
) -> Outcome<'a> {
    let mut m = TurnMachine::new(*ctx, sheet);
    let mut effects = Vec::new();
    let error = super::follow(&mut m, draft, &mut effects)
        .err()
        .map(DraftError::from);
    let mut decisions = Vec::new();
    m.options_up_to(MAX_LISTED_CLAIMS, &mut decisions);
    let s = *m.sheet();
    let mut data = SheetData::of(ctx.layout, &s);
    let mut marks = drawing::of(ctx.layout, &s);
    let mut slowed = *slowed;
    drawing::add_slowed(&mut slowed, &m.turn().ammo);
    marks.mark_slowed(&mut data, &slowed);
    let mut out = OptionsOut {
        sheet: data,
        score: score(&s),
        derived: marks,
        ammo: None,
        cross: Vec::new(),
        roundabouts: Vec::new(),
        placements: Vec::new(),
        refuse: None,
        objectives: Vec::new(),
        choices: Vec::new(),
        effects,
        pass: Vec::new(),
        claims: Vec::new(),
        circle: None,
        tiers: Vec::new(),
        bonus: None,
        bonuses: Vec::new(),
        reshuffle: false,
        complete: false,
        error,
    };
    for d in decisions {
        match d {
            Decision::Cross(street) => out.cross.push(street + 1),
            Decision::Ammo(set) => {
                if let Stage::Ammo { card } = m.stage() {
                    out.ammo
                        .get_or_insert_with(|| AmmoStageOut::new(ctx, &s, card))
                        .choices
                        .push(set);
                }
            }
            // A hand of two (Zombies expert and AAA): which of the two cards used goes on.
            Decision::Pass(card) => {
                let held = match &ctx.offer {
                    Offer::Hand(h) => h.get(card as usize).copied(),
                    Offer::Combinations(_) => None,
                };
                if let (Stage::Pass { number, .. }, Some(c)) = (m.stage(), held) {
                    out.pass.push(PassOut {
                        card: card + 1,
                        number: c.number,
                        effect: c.effect,
                        used: if card == number {
                            PassUse::Number
                        } else {
                            PassUse::Effect
                        },
                    });
                }
            }
            Decision::Roundabout(h) => out.roundabouts.push(h),
            Decision::Build {
                pick,
                house,
                number,
            } => {
                if let Some((_, effect)) = ctx.offer.resolve(pick) {
                    out.placements.push(PlacementOut {
                        pick,
                        effect,
                        number,
                        house,
                    });
                }
            }
            Decision::Refuse { pass } => {
                let pass = pass.is_some() || out.refuse.is_some_and(|r| r.pass);
                out.refuse = Some(RefuseOut { pass });
            }
            Decision::Choose(c) => out.choices.push(c),
            // Effect uses are listed while replaying: a draft that leaves the effect out has
            // already gone past that stage.
            Decision::Effect(_) => {}
            Decision::Claim(c) => out.claims.push(c),
            Decision::Circle(_) => {}
            Decision::Tier {
                treat,
                need,
                option,
            } => out
                .tiers
                .push(TierOut::new(ctx.layout, treat, need, option)),
            Decision::Bonus(u) => out.bonuses.push(u),
            Decision::Objective(o) => out.objectives.push(o),
            Decision::Stop { reshuffle } => out.reshuffle |= reshuffle,
        }
    }
    match m.stage() {
        Stage::Circle { house } => out.circle = Some(house),
        Stage::Bonus { rank, option, next } => out.bonus = m.bonus_next(rank, option, next),
        _ => {}
    }
    // A round the game ends before (Zombies): once its Zombie cards are resolved the turn is
    // whole, holding only the ammo.
    if out.error.is_none() && m.stage() == Stage::Done && m.turn().play == Play::Unplayed {
        out.complete = true;
    }
    if out.error.is_none() && m.stage() == Stage::Plans {
        let mut end = m.clone();
        match end.apply(Decision::Stop {
            reshuffle: draft.reshuffle,
        }) {
            Ok(()) => out.complete = true,
            Err(e) => out.error = Some(super::DraftError::from(e).into()),
        }
    }
    Outcome {
        options: out,
        machine: m,
    }
}
