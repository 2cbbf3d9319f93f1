//! What a seat may do next from a draft turn: the draft is replayed decision by decision
//! through the engine's staged turn machine (`TurnMachine`), and the decisions the machine
//! lists where the draft stops are the options. The order of a turn is the machine's alone.
//! Stateless: the client holds the draft.

use crate::derived::{self, Slowed};
use crate::wire::{
    AmmoStageOut, Draft, DraftError, OptionsOut, PassOut, PassUse, PlacementOut, RefuseOut, TierOut,
};
use welcome_engine::modules::{halloween, zombies};
use welcome_engine::{
    Decision, Offer, Play, Score, Sheet, SheetData, Stage, TurnContext, TurnError, TurnMachine,
    When,
};

/// Most plan claims in a turn or draft (there are three plans).
pub const MAX_CLAIMS: usize = 3;
/// Most estates named by one claim (no plan asks for more than six).
pub const MAX_CLAIM_ESTATES: usize = 6;
/// Most Zombie cards in a round (one per packet of pile 1).
pub const MAX_ZOMBIE_CARDS: usize = 3;
/// Most ghosts or candies circled in a turn: the number, its Extension copy and two bonus
/// copies (Halloween).
pub const MAX_CIRCLES: usize = 4;
/// Most bonuses a ghost tier gives.
pub const MAX_BONUSES: usize = 3;

/// Most plan claims listed per plan: a sheet full of one-house estates can be chosen from in
/// millions of ways, and every listed claim scores the same.
pub const MAX_LISTED_CLAIMS: usize = 200;

/// Rejects claim lists too long to be legal before any engine check runs on them, so that
/// message size alone bounds the work a request causes.
pub fn check_claim_sizes(claims: &[welcome_engine::PlanClaim]) -> Result<(), DraftError> {
    if claims.len() > MAX_CLAIMS {
        return Err(bad_draft(&format!(
            "{} plan validations; there are only 3 plans",
            claims.len()
        )));
    }
    if claims.iter().any(|c| c.estates.len() > MAX_CLAIM_ESTATES) {
        return Err(bad_draft(&format!(
            "a plan validation names more than {MAX_CLAIM_ESTATES} estates"
        )));
    }
    Ok(())
}

fn turn_error(e: TurnError) -> DraftError {
    DraftError {
        code: e.code().into(),
        message: e.to_string(),
    }
}

fn bad_draft(message: &str) -> DraftError {
    DraftError {
        code: "bad_draft".into(),
        message: message.into(),
    }
}

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
    let error = replay(&mut m, draft, &mut effects).err();
    let mut decisions = Vec::new();
    m.options_up_to(MAX_LISTED_CLAIMS, &mut decisions);
    let s = *m.sheet();
    let mut data = SheetData::of(ctx.layout, &s);
    let mut marks = derived::of(ctx.layout, &s);
    let mut slowed = *slowed;
    derived::add_slowed(&mut slowed, &m.turn().ammo);
    derived::mark_slowed(&mut data, &mut marks, &slowed);
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
                    let z = ctx.zombies[card as usize];
                    out.ammo
                        .get_or_insert_with(|| AmmoStageOut {
                            card: z,
                            index: card + 1,
                            cards: ctx.zombies.len() as u8,
                            moving: zombies::moving(ctx.layout, &s, z),
                            left: zombies::ammo_left(ctx.layout, &s),
                            choices: Vec::new(),
                        })
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
            } => out.tiers.push(TierOut {
                treat,
                need,
                option,
                gives: option
                    .and_then(|o| {
                        let rank = halloween::rank_of(ctx.layout, treat, need)?;
                        Some(halloween::bonuses(ctx.layout, rank, o).to_vec())
                    })
                    .unwrap_or_default(),
            }),
            Decision::Bonus(u) => out.bonuses.push(u),
            Decision::Objective(o) => out.objectives.push(o),
            Decision::Stop { reshuffle } => out.reshuffle |= reshuffle,
        }
    }
    match m.stage() {
        Stage::Circle { house } => out.circle = Some(house),
        Stage::Bonus { rank, option, next } => {
            out.bonus = halloween::bonuses(ctx.layout, rank, option)
                .get(next as usize)
                .copied();
        }
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
            Err(e) => out.error = Some(turn_error(e)),
        }
    }
    Outcome {
        options: out,
        machine: m,
    }
}

/// Applies the draft's decisions in the machine's order; stops at the first illegal one, or
/// where the draft waits for a decision (a module choice). A build that leaves its effect out
/// passes it once anything later is asked for; its legal uses are listed in `effects`.
fn replay(
    m: &mut TurnMachine<'_>,
    draft: &Draft,
    effects: &mut Vec<welcome_engine::EffectUse>,
) -> Result<(), DraftError> {
    check_claim_sizes(&draft.plans)?;
    if draft.circles.len() > MAX_CIRCLES || draft.tiers.len() > 2 {
        return Err(bad_draft("more circles or tier claims than a turn holds"));
    }
    if draft.tiers.iter().any(|t| t.bonuses.len() > MAX_BONUSES) {
        return Err(bad_draft("more ghost bonuses than a tier gives"));
    }
    if draft.ammo.len() > MAX_ZOMBIE_CARDS {
        return Err(bad_draft("more ammo choices than a round has Zombie cards"));
    }
    for &slowed in &draft.ammo {
        m.apply(Decision::Ammo(slowed)).map_err(turn_error)?;
    }
    if let Stage::Ammo { .. } = m.stage() {
        // The next Zombie card's hordes to slow are the next decision: the options list them.
        return Ok(());
    }
    let mut circles = draft.circles.iter();
    // The circles the machine asks for, in order; `false` when the draft stops before one.
    let mut feed = |m: &mut TurnMachine<'_>| -> Result<bool, DraftError> {
        let stage = m.circle_from(&mut circles).map_err(turn_error)?;
        Ok(!matches!(stage, Stage::Circle { .. }))
    };
    if let Some(o) = draft.objective {
        m.apply(Decision::Objective(o)).map_err(turn_error)?;
    }
    if m.stage() == Stage::Objective {
        // The objective is the next decision: the options list it.
        return Ok(());
    }
    // At most every street and column bonus of a sheet (American Dream crosses both).
    if draft.cross.len() > welcome_engine::sheet::MAX_STREETS + welcome_engine::sheet::MAX_HOUSES {
        return Err(bad_draft("more crossed bonuses than the sheet has"));
    }
    for &street in &draft.cross {
        let street = street
            .checked_sub(1)
            .ok_or_else(|| bad_draft("streets are numbered from 1"))?;
        m.apply(Decision::Cross(street)).map_err(turn_error)?;
    }
    if m.stage() == Stage::Cross {
        // The crossing is the next decision: the options list it.
        return Ok(());
    }
    if let Some(rb) = draft.roundabout.filter(|r| r.when == When::Before) {
        m.apply(Decision::Roundabout(rb.house))
            .map_err(turn_error)?;
    }
    let Some(play) = draft.play else {
        if draft.roundabout.is_some_and(|r| r.when == When::After) {
            return Err(bad_draft(
                "a roundabout built after the number needs the number first",
            ));
        }
        if !draft.plans.is_empty() || draft.reshuffle {
            return Err(bad_draft("plans are validated after the number is written"));
        }
        return Ok(());
    };
    match play {
        Play::Unplayed => return Err(turn_error(TurnError::NothingToPlay)),
        Play::Refuse { pass } => m.apply(Decision::Refuse { pass }).map_err(turn_error)?,
        Play::Build(b) => {
            m.apply(Decision::Build {
                pick: b.pick,
                house: b.house,
                number: b.number,
            })
            .map_err(turn_error)?;
            match (m.stage(), b.choice) {
                (Stage::Choice { .. }, Some(c)) => {
                    m.apply(Decision::Choose(c)).map_err(turn_error)?
                }
                // The choice is the next decision: the options list it.
                (Stage::Choice { .. }, None) => return Ok(()),
                (_, Some(choice)) => {
                    return Err(turn_error(TurnError::ChoiceUnexpected {
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
                m.apply(Decision::Effect(b.effect)).map_err(turn_error)?;
            }
            if !feed(m)? {
                return Ok(());
            }
            // A hand of two: the card passed on (or given to the AAA) comes last.
            match (m.stage(), b.pass) {
                (Stage::Pass { .. }, Some(card)) => {
                    m.apply(Decision::Pass(card)).map_err(turn_error)?
                }
                (Stage::Pass { .. }, None) => {
                    // The pass is the next decision: the options list it, unless the draft
                    // already goes on past it.
                    let goes_on = draft.roundabout.is_some_and(|r| r.when == When::After)
                        || !draft.plans.is_empty()
                        || !draft.tiers.is_empty()
                        || draft.reshuffle;
                    return if goes_on {
                        Err(turn_error(TurnError::PassCardMissing))
                    } else {
                        Ok(())
                    };
                }
                (_, Some(_)) => return Err(turn_error(TurnError::PassCardUnexpected)),
                (_, None) => {}
            }
        }
    }
    if let Some(rb) = draft.roundabout.filter(|r| r.when == When::After) {
        m.apply(Decision::Roundabout(rb.house))
            .map_err(turn_error)?;
    }
    for claim in &draft.plans {
        m.apply(Decision::Claim(claim.clone()))
            .map_err(turn_error)?;
    }
    for tier in &draft.tiers {
        m.apply(Decision::Tier {
            treat: tier.treat,
            need: tier.need,
            option: tier.option,
        })
        .map_err(turn_error)?;
        for &u in &tier.bonuses {
            m.apply(Decision::Bonus(u)).map_err(turn_error)?;
            if !feed(m)? {
                return Ok(());
            }
        }
    }
    if circles.next().is_some() {
        return Err(turn_error(TurnError::CircleNotOwed));
    }
    Ok(())
}
