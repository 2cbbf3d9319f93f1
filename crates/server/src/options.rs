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
    Decision, Offer, Play, Score, Sheet, SheetData, Stage, TurnContext, TurnMachine,
};

pub use welcome_engine::draft::{MAX_BONUSES, MAX_CIRCLES, MAX_CLAIMS, MAX_CLAIM_ESTATES};
pub use welcome_engine::legal::MAX_ZOMBIE_CARDS;

/// Most plan claims listed per plan: a sheet full of one-house estates can be chosen from in
/// millions of ways, and every listed claim scores the same.
pub const MAX_LISTED_CLAIMS: usize = 200;

/// Rejects claim lists too long to be legal before any engine check runs on them, so that
/// message size alone bounds the work a request causes.
pub fn check_claim_sizes(claims: &[welcome_engine::PlanClaim]) -> Result<(), DraftError> {
    welcome_engine::draft::check_claim_sizes(claims).map_err(DraftError::from)
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
    let error = welcome_engine::draft::follow(&mut m, draft, &mut effects)
        .err()
        .map(DraftError::from);
    let mut decisions = Vec::new();
    m.options_up_to(MAX_LISTED_CLAIMS, &mut decisions);
    let s = *m.sheet();
    let mut data = SheetData::of(ctx.layout, &s);
    let mut marks = derived::of(ctx.layout, &s);
    let mut slowed = *slowed;
    derived::add_slowed(&mut slowed, &m.turn().ammo);
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
            Err(e) => out.error = Some(welcome_engine::draft::DraftError::from(e).into()),
        }
    }
    Outcome {
        options: out,
        machine: m,
    }
}
