//! A turn in the making: the decisions a player has taken so far, in the file form of a turn
//! with every part optional, and how the staged turn machine follows them. Front ends that let
//! a player build a turn step by step (the server's `options`, the companion) send drafts; the
//! decisions the machine lists where a draft stops are what comes next.

use crate::house::{MAX_HOUSES, MAX_STREETS};
use crate::legal::MAX_ZOMBIE_CARDS;
use crate::machine::{Decision, Stage, TurnMachine};
use crate::turn::{Circle, EffectUse, Hordes, PlanClaim, Play, Roundabout, TierClaim, When};
use crate::turn_error::TurnError;
use serde::{Deserialize, Serialize};

pub mod options;

/// Most plan claims in a turn or draft (there are three plans).
pub const MAX_CLAIMS: usize = 3;
/// Most estates named by one claim (no plan asks for more than six).
pub const MAX_CLAIM_ESTATES: usize = 6;
/// Most ghosts or candies circled in a turn: the number, its Extension copy and two bonus
/// copies (Halloween).
pub const MAX_CIRCLES: usize = 4;
/// Most bonuses a ghost tier gives.
pub const MAX_BONUSES: usize = 3;

/// A partial turn while the player decides. A build may omit its effect.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Draft {
    /// Zombies: for each Zombie card of the round resolved so far, in order, the hordes slowed
    /// with ammo (first of all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ammo: Vec<Hordes>,
    /// Roswell: the infiltration objective circled (1-based), in the first turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<u8>,
    /// Streets (1-based) whose open bonus is crossed off first, when the sheet owes some
    /// (Ice Cream in AAA solo).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cross: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roundabout: Option<Roundabout>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<Play>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plans: Vec<PlanClaim>,
    /// Halloween: the ghost or candy circled on each ghost/candy house numbered so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub circles: Vec<Circle>,
    /// Halloween: the tiers claimed at the end of the turn, with the ghost bonuses used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiers: Vec<TierClaim>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reshuffle: bool,
}

/// Why a draft stops short: a decision the rules refuse, or a draft no turn could be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DraftError {
    #[error(transparent)]
    Turn(#[from] TurnError),
    #[error("{0}")]
    Bad(String),
}

impl DraftError {
    /// A stable machine-readable code: the turn error's, or `bad_draft`.
    pub fn code(&self) -> &'static str {
        match self {
            DraftError::Turn(e) => e.code(),
            DraftError::Bad(_) => "bad_draft",
        }
    }
}

impl From<&str> for DraftError {
    fn from(s: &str) -> Self {
        DraftError::Bad(s.to_string())
    }
}

/// Rejects claim lists too long to be legal before any rule check runs on them, so that
/// message size alone bounds the work a request causes.
pub fn check_claim_sizes(claims: &[PlanClaim]) -> Result<(), DraftError> {
    if claims.len() > MAX_CLAIMS {
        return Err(DraftError::Bad(format!(
            "{} plan validations; there are only 3 plans",
            claims.len()
        )));
    }
    if claims.iter().any(|c| c.estates.len() > MAX_CLAIM_ESTATES) {
        return Err(DraftError::Bad(format!(
            "a plan validation names more than {MAX_CLAIM_ESTATES} estates"
        )));
    }
    Ok(())
}

/// Applies the draft's decisions in the machine's order; stops at the first illegal one, or
/// where the draft waits for a decision (a module choice). A build that leaves its effect out
/// passes it once anything later is asked for; its legal uses are listed in `effects`.
pub fn follow(
    m: &mut TurnMachine<'_>,
    draft: &Draft,
    effects: &mut Vec<EffectUse>,
) -> Result<(), DraftError> {
    check_claim_sizes(&draft.plans)?;
    if draft.circles.len() > MAX_CIRCLES || draft.tiers.len() > 2 {
        return Err(DraftError::from(
            "more circles or tier claims than a turn holds",
        ));
    }
    if draft.tiers.iter().any(|t| t.bonuses.len() > MAX_BONUSES) {
        return Err(DraftError::from("more ghost bonuses than a tier gives"));
    }
    if draft.ammo.len() > MAX_ZOMBIE_CARDS {
        return Err(DraftError::from(
            "more ammo choices than a round has Zombie cards",
        ));
    }
    for &slowed in &draft.ammo {
        m.apply(Decision::Ammo(slowed))?;
    }
    if let Stage::Ammo { .. } = m.stage() {
        // The next Zombie card's hordes to slow are the next decision: the options list them.
        return Ok(());
    }
    let mut circles = draft.circles.iter();
    // The circles the machine asks for, in order; `false` when the draft stops before one.
    let mut feed = |m: &mut TurnMachine<'_>| -> Result<bool, DraftError> {
        let stage = m.circle_from(&mut circles)?;
        Ok(!matches!(stage, Stage::Circle { .. }))
    };
    if let Some(o) = draft.objective {
        m.apply(Decision::Objective(o))?;
    }
    if m.stage() == Stage::Objective {
        // The objective is the next decision: the options list it.
        return Ok(());
    }
    // At most every street and column bonus of a sheet (American Dream crosses both).
    if draft.cross.len() > MAX_STREETS + MAX_HOUSES {
        return Err(DraftError::from("more crossed bonuses than the sheet has"));
    }
    for &street in &draft.cross {
        let street = street
            .checked_sub(1)
            .ok_or_else(|| DraftError::from("streets are numbered from 1"))?;
        m.apply(Decision::Cross(street))?;
    }
    if m.stage() == Stage::Cross {
        // The crossing is the next decision: the options list it.
        return Ok(());
    }
    if let Some(rb) = draft.roundabout.filter(|r| r.when == When::Before) {
        m.apply(Decision::Roundabout(rb.house))?;
    }
    let Some(play) = draft.play else {
        if draft.roundabout.is_some_and(|r| r.when == When::After) {
            return Err(DraftError::from(
                "a roundabout built after the number needs the number first",
            ));
        }
        if !draft.plans.is_empty() || draft.reshuffle {
            return Err(DraftError::from(
                "plans are validated after the number is written",
            ));
        }
        return Ok(());
    };
    match play {
        Play::Unplayed => return Err(DraftError::from(TurnError::NothingToPlay)),
        Play::Refuse { pass } => m.apply(Decision::Refuse { pass })?,
        Play::Build(b) => {
            m.apply(Decision::Build {
                pick: b.pick,
                house: b.house,
                number: b.number,
            })?;
            match (m.stage(), b.choice) {
                (Stage::Choice { .. }, Some(c)) => m.apply(Decision::Choose(c))?,
                // The choice is the next decision: the options list it.
                (Stage::Choice { .. }, None) => return Ok(()),
                (_, Some(choice)) => {
                    return Err(DraftError::from(TurnError::ChoiceUnexpected {
                        house: b.house,
                        choice,
                    }))
                }
                (_, None) => {}
            }
            if !feed(m)? {
                return Ok(());
            }
            let mut listed = Vec::new();
            m.options(&mut listed);
            effects.extend(listed.into_iter().filter_map(|d| match d {
                Decision::Effect(Some(u)) => Some(u),
                _ => None,
            }));
            // No effect stage on a sheet without actions (American Dream): an effect given
            // there is refused by the machine as out of turn, as in a whole turn.
            if matches!(m.stage(), Stage::Effect { .. }) || b.effect.is_some() {
                m.apply(Decision::Effect(b.effect))?;
            }
            if !feed(m)? {
                return Ok(());
            }
            // A hand of two: the card passed on (or given to the AAA) comes last.
            match (m.stage(), b.pass) {
                (Stage::Pass { .. }, Some(card)) => m.apply(Decision::Pass(card))?,
                (Stage::Pass { .. }, None) => {
                    // The pass is the next decision: the options list it, unless the draft
                    // already goes on past it.
                    let goes_on = draft.roundabout.is_some_and(|r| r.when == When::After)
                        || !draft.plans.is_empty()
                        || !draft.tiers.is_empty()
                        || draft.reshuffle;
                    return if goes_on {
                        Err(DraftError::from(TurnError::PassCardMissing))
                    } else {
                        Ok(())
                    };
                }
                (_, Some(_)) => return Err(DraftError::from(TurnError::PassCardUnexpected)),
                (_, None) => {}
            }
        }
    }
    if let Some(rb) = draft.roundabout.filter(|r| r.when == When::After) {
        m.apply(Decision::Roundabout(rb.house))?;
    }
    for claim in &draft.plans {
        m.apply(Decision::Claim(claim.clone()))?;
    }
    for tier in &draft.tiers {
        m.apply(Decision::Tier {
            treat: tier.treat,
            need: tier.need,
            option: tier.option,
        })?;
        for &u in &tier.bonuses {
            m.apply(Decision::Bonus(u))?;
            if !feed(m)? {
                return Ok(());
            }
        }
    }
    if circles.next().is_some() {
        return Err(DraftError::from(TurnError::CircleNotOwed));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Options};
    use crate::house::HouseRef;
    use crate::turn::{Build, Pick};

    fn classic() -> Game {
        Game::new(Options::new(crate::setup::Mode::Solo), 1, 7).unwrap()
    }

    #[test]
    fn an_empty_draft_stops_at_the_first_decision() {
        let g = classic();
        let ctx = g.context(0).unwrap();
        let mut m = TurnMachine::new(ctx, g.sheet(0).unwrap());
        follow(&mut m, &Draft::default(), &mut Vec::new()).unwrap();
        assert_eq!(
            m.stage(),
            TurnMachine::new(ctx, g.sheet(0).unwrap()).stage()
        );
    }

    #[test]
    fn a_build_the_rules_refuse_stops_with_the_turn_error() {
        let g = classic();
        let ctx = g.context(0).unwrap();
        let mut m = TurnMachine::new(ctx, g.sheet(0).unwrap());
        let draft = Draft {
            play: Some(Play::Build(Build {
                pick: Pick::Combination(0),
                house: HouseRef::new(0, 99),
                number: 3,
                effect: None,
                choice: None,
                pass: None,
            })),
            ..Draft::default()
        };
        let e = follow(&mut m, &draft, &mut Vec::new()).unwrap_err();
        assert!(matches!(e, DraftError::Turn(_)), "{e:?}");
        assert_ne!(e.code(), "bad_draft");
    }

    #[test]
    fn drafts_no_turn_could_be_are_bad_drafts() {
        let claim = PlanClaim {
            plan: 1,
            estates: vec![HouseRef::new(0, 0); MAX_CLAIM_ESTATES + 1],
        };
        let e = check_claim_sizes(&[claim]).unwrap_err();
        assert_eq!(e.code(), "bad_draft");
        let g = classic();
        let ctx = g.context(0).unwrap();
        let mut m = TurnMachine::new(ctx, g.sheet(0).unwrap());
        let draft = Draft {
            plans: vec![PlanClaim {
                plan: 1,
                estates: Vec::new(),
            }],
            ..Draft::default()
        };
        let e = follow(&mut m, &draft, &mut Vec::new()).unwrap_err();
        assert_eq!(
            (e.code(), e.to_string().as_str()),
            (
                "bad_draft",
                "plans are validated after the number is written"
            )
        );
    }
}
