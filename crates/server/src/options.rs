//! What a seat may do next from a draft turn, computed with the engine's step functions in the
//! fixed order of a turn (spec §4): roundabout before, the number or a refusal with its effect,
//! roundabout after, plan validations, reshuffle. Stateless: the client holds the draft.

use crate::wire::{Draft, DraftError, OptionsOut, PlacementOut, RefuseOut};
use welcome_engine::legal::Placement;
use welcome_engine::{Build, Play, Score, Sheet, SheetData, TurnContext, TurnError, When};

/// Most plan claims in a turn or draft (there are three plans).
pub const MAX_CLAIMS: usize = 3;
/// Most estates named by one claim (no plan asks for more than six).
pub const MAX_CLAIM_ESTATES: usize = 6;

/// Rejects claim lists too long to be legal before any engine check runs on them, so that
/// message size alone bounds the work a request causes.
pub fn check_claim_sizes(claims: &[welcome_engine::PlanClaim]) -> Result<(), DraftError> {
    if claims.len() > MAX_CLAIMS {
        return Err(DraftError {
            code: "bad_draft".into(),
            message: format!("{} plan validations; there are only 3 plans", claims.len()),
        });
    }
    if claims.iter().any(|c| c.estates.len() > MAX_CLAIM_ESTATES) {
        return Err(DraftError {
            code: "bad_draft".into(),
            message: format!("a plan validation names more than {MAX_CLAIM_ESTATES} estates"),
        });
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

/// How far the draft got before it ended or failed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// No number written yet.
    BeforePlay,
    /// The number (or refusal) is written; roundabout after and plans may follow.
    Played,
}

/// Options for `draft` on `sheet` (the seat's sheet as of the last resolved round).
/// `score` scores a sheet the way the table does (temps ranked across the table).
pub fn compute(
    ctx: &TurnContext<'_>,
    sheet: &Sheet,
    draft: &Draft,
    score: &dyn Fn(&Sheet) -> Score,
) -> OptionsOut {
    let mut effects = Vec::new();
    let (s, stage, error) = walk(ctx, sheet, draft, &mut effects);
    let ok = error.is_none();
    let mut out = OptionsOut {
        sheet: SheetData::of(ctx.layout, &s),
        score: score(&s),
        roundabouts: Vec::new(),
        placements: Vec::new(),
        refuse: None,
        effects,
        claims: Vec::new(),
        reshuffle: false,
        complete: ok && stage == Stage::Played,
        error,
    };
    if ctx.advanced && draft.roundabout.is_none() && draft.plans.is_empty() {
        out.roundabouts = s
            .all_houses()
            .filter(|&h| ctx.check_roundabout(&s, h).is_ok())
            .collect();
    }
    match stage {
        Stage::BeforePlay => {
            let mut placements: Vec<Placement> = Vec::new();
            ctx.placements(&s, &mut placements);
            out.placements = placements
                .into_iter()
                .map(|p| PlacementOut {
                    pick: p.pick,
                    effect: p.effect,
                    number: p.number,
                    house: p.house,
                })
                .collect();
            let pass = ctx.passes_card.then_some(0);
            if ctx.check_refusal(&s, pass).is_ok() {
                out.refuse = Some(RefuseOut {
                    pass: ctx.passes_card,
                });
            }
        }
        Stage::Played if ok => {
            let done: Vec<u8> = draft.plans.iter().map(|c| c.plan).collect();
            let mut claims = Vec::new();
            for plan in 0..3u8 {
                ctx.plan_claims_up_to(&s, plan, &done, &mut claims, MAX_LISTED_CLAIMS);
                out.claims.append(&mut claims);
            }
            out.reshuffle = ctx.reshuffle_offered && !draft.plans.is_empty();
        }
        Stage::Played => {}
    }
    out
}

/// Most plan claims listed per plan: a sheet full of one-house estates can be chosen from in
/// millions of ways, and every listed claim scores the same.
pub const MAX_LISTED_CLAIMS: usize = 200;

/// Applies the draft step by step; returns the sheet reached, the stage and the first error.
fn walk(
    ctx: &TurnContext<'_>,
    sheet: &Sheet,
    draft: &Draft,
    effects: &mut Vec<welcome_engine::EffectUse>,
) -> (Sheet, Stage, Option<DraftError>) {
    let mut s = *sheet;
    if let Err(e) = check_claim_sizes(&draft.plans) {
        return (s, Stage::BeforePlay, Some(e));
    }
    if let Some(rb) = draft.roundabout {
        if rb.when == When::Before {
            match ctx.apply_roundabout(&s, rb.house) {
                Ok(n) => s = n,
                Err(e) => return (s, Stage::BeforePlay, Some(turn_error(e))),
            }
        }
    }
    let Some(play) = draft.play else {
        let error = if draft.roundabout.is_some_and(|r| r.when == When::After) {
            Some(bad_draft(
                "a roundabout built after the number needs the number first",
            ))
        } else if !draft.plans.is_empty() || draft.reshuffle {
            Some(bad_draft("plans are validated after the number is written"))
        } else {
            None
        };
        return (s, Stage::BeforePlay, error);
    };
    match play {
        Play::Build(b) => {
            let bare = Play::Build(Build { effect: None, ..b });
            let after = match ctx.apply_play(&s, &bare) {
                Ok(n) => n,
                Err(e) => return (s, Stage::BeforePlay, Some(turn_error(e))),
            };
            if let Some((_, effect)) = ctx.offer.resolve(b.pick) {
                ctx.effect_uses(&after, effect, b.house, effects);
            }
            if b.effect.is_some() {
                match ctx.apply_play(&s, &play) {
                    Ok(n) => s = n,
                    Err(e) => return (after, Stage::Played, Some(turn_error(e))),
                }
            } else {
                s = after;
            }
        }
        Play::Refuse { .. } => match ctx.apply_play(&s, &play) {
            Ok(n) => s = n,
            Err(e) => return (s, Stage::BeforePlay, Some(turn_error(e))),
        },
    }
    if let Some(rb) = draft.roundabout {
        if rb.when == When::After {
            match ctx.apply_roundabout(&s, rb.house) {
                Ok(n) => s = n,
                Err(e) => return (s, Stage::Played, Some(turn_error(e))),
            }
        }
    }
    let mut done = Vec::with_capacity(draft.plans.len());
    for claim in &draft.plans {
        match ctx.apply_claim(&s, claim, &done) {
            Ok(n) => s = n,
            Err(e) => return (s, Stage::Played, Some(turn_error(e))),
        }
        done.push(claim.plan);
    }
    if draft.reshuffle && (!ctx.reshuffle_offered || draft.plans.is_empty()) {
        return (
            s,
            Stage::Played,
            Some(turn_error(TurnError::ReshuffleNotOffered)),
        );
    }
    (s, Stage::Played, None)
}
