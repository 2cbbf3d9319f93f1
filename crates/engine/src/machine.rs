//! The staged turn machine: the one path every caller takes through a turn (thematic §1.5,
//! base §4). `options()` lists the legal decisions of the current stage, `apply(decision)`
//! checks one and moves on (changing nothing on error), `finish()` gives the `Turn` and the
//! sheet after it. `TurnContext::apply` (validation and replay), the enumerators
//! (`legal_turns`, `count_turns`), the server's turn options and the bots all drive it.
//!
//! Stages, in order: the Roswell objective (the first turn only), items owed since a
//! Validation card (AAA Ice Cream), an optional roundabout before the number (advanced), the number or a
//! permit refusal, the module choice the number asks for (the Ice Cream truck), the effect (or
//! passing it), then an optional roundabout after it, City Plan claims one at a time, and the
//! end of the turn (with or without the first-plan reshuffle request).

use crate::card::Effect;
use crate::legal::TurnContext;
use crate::modules::module::ChoiceKind;
use crate::sheet::{HouseRef, Sheet};
use crate::turn::{
    BonusUse, Build, Choice, Circle, EffectUse, Hordes, Pick, PlanClaim, Play, Roundabout, Treat,
    Turn, When,
};
use crate::turn_error::TurnError;
use serde::{Deserialize, Serialize};

/// One decision inside a turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Decision {
    /// Slow these hordes with ammo as the round's next Zombie card comes up (Zombies).
    Ammo(Hordes),
    /// Cross off the open bonus of this street (0-based), as a Validation card asks (Ice
    /// Cream in AAA solo).
    Cross(u8),
    /// Build a roundabout (before the number at the start, after the effect later).
    Roundabout(HouseRef),
    /// Write `number` from `pick` in `house`.
    Build {
        pick: Pick,
        house: HouseRef,
        #[serde(with = "crate::number::serde_code")]
        number: u8,
    },
    /// A building-permit refusal (expert: the card passed).
    Refuse {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pass: Option<u8>,
    },
    /// The module choice the number asks for.
    Choose(Choice),
    /// Pass on (expert) or give to the AAA this hand card, one of the two just used (a hand
    /// of two, Zombies).
    Pass(u8),
    /// Use the effect on this target, or pass it (`None`).
    Effect(Option<EffectUse>),
    /// Validate a City Plan.
    Claim(PlanClaim),
    /// Circle the ghost or the candy of the ghost/candy house just numbered (Halloween).
    Circle(Treat),
    /// Claim the Halloween tier of `treat` that needs `need`; a ghost tier names its bonus
    /// option (1 or 2).
    Tier {
        treat: Treat,
        need: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        option: Option<u8>,
    },
    /// Use the ghost tier's next bonus so.
    Bonus(BonusUse),
    /// Circle this infiltration objective (1-based; Roswell, first turn).
    Objective(u8),
    /// End the turn, asking for the first-plan reshuffle or not.
    Stop { reshuffle: bool },
}

/// Where the machine stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Zombie card `card` (0-based, of this round's) is resolved: the hordes to slow.
    Ammo { card: u8 },
    /// The sheet's objective is circled first (Roswell, the first turn).
    Objective,
    /// Items owed since a Validation card came up are crossed off first.
    Cross,
    /// Before anything: a roundabout, the number or a refusal.
    Start,
    /// A roundabout was built before: the number or a refusal.
    Play,
    /// The number asks for a module choice before it is written.
    Choice {
        pick: Pick,
        house: HouseRef,
        number: u8,
        kind: ChoiceKind,
    },
    /// The number is written (from a card showing `card`); its effect is next.
    Effect {
        house: HouseRef,
        effect: Effect,
        card: u8,
    },
    /// A hand of two cards: which of them is passed on or given to the AAA.
    Pass { number: u8, effect: u8 },
    /// Roundabout after (advanced, before any claim), plan claims, Halloween tier claims,
    /// and the end.
    Plans,
    /// The house just numbered shows a ghost and a candy: one is circled (Halloween).
    Circle { house: HouseRef },
    /// A ghost tier was claimed: its bonus `next` of option `option` of tier `rank` is used
    /// (bonuses without a legal target are skipped).
    Bonus { rank: u8, option: u8, next: u8 },
    /// The turn is complete.
    Done,
}

impl Stage {
    /// A short name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Ammo { .. } => "ammo",
            Stage::Objective => "objective",
            Stage::Cross => "cross",
            Stage::Start => "start",
            Stage::Play => "play",
            Stage::Choice { .. } => "choice",
            Stage::Effect { .. } => "effect",
            Stage::Pass { .. } => "pass",
            Stage::Plans => "plans",
            Stage::Circle { .. } => "circle",
            Stage::Bonus { .. } => "bonus",
            Stage::Done => "done",
        }
    }
}

/// What `TurnMachine::list` tells: the builds of one pick in one house as a run of numbers,
/// and every other decision one by one.
pub trait Listing {
    /// `pick` may write every number code from `first` to `last` in `house`.
    fn builds(&mut self, pick: Pick, house: HouseRef, first: u8, last: u8);
    fn decision(&mut self, d: Decision);
}

/// A `Listing` that hands every decision, builds one by one, to a closure.
struct EachDecision<F>(F);

impl<F: FnMut(Decision)> Listing for EachDecision<F> {
    fn builds(&mut self, pick: Pick, house: HouseRef, first: u8, last: u8) {
        for number in first..=last {
            (self.0)(Decision::Build {
                pick,
                house,
                number,
            });
        }
    }

    fn decision(&mut self, d: Decision) {
        (self.0)(d)
    }
}

/// A turn being built, one decision at a time.
#[derive(Debug)]
pub struct TurnMachine<'a> {
    pub(crate) ctx: TurnContext<'a>,
    pub(crate) sheet: Sheet,
    pub(crate) turn: Turn,
    pub(crate) stage: Stage,
    /// Where the turn goes on once the pending circle is drawn.
    pub(crate) resume: Stage,
}

/// `clone_from` keeps the turn's allocations: bots copy a machine into the same scratch one
/// for every candidate they try.
impl Clone for TurnMachine<'_> {
    fn clone(&self) -> Self {
        TurnMachine {
            ctx: self.ctx,
            sheet: self.sheet,
            turn: self.turn.clone(),
            stage: self.stage,
            resume: self.resume,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let TurnMachine {
            ctx,
            sheet,
            turn,
            stage,
            resume,
        } = source;
        self.ctx = *ctx;
        self.sheet = *sheet;
        self.turn.clone_from(turn);
        self.stage = *stage;
        self.resume = *resume;
    }
}

impl<'a> TurnMachine<'a> {
    /// A turn starting on `sheet`.
    pub fn new(ctx: TurnContext<'a>, sheet: &Sheet) -> TurnMachine<'a> {
        let mut m = TurnMachine {
            ctx,
            sheet: *sheet,
            turn: Turn::refuse(None),
            stage: Stage::Done,
            resume: Stage::Done,
        };
        m.stage = if ctx.zombies.is_empty() {
            m.first_stage()
        } else {
            Stage::Ammo { card: 0 }
        };
        m
    }

    /// Where the turn starts once the round's Zombie cards are resolved; a round the game
    /// ends before is over then (Zombies).
    pub(crate) fn first_stage(&mut self) -> Stage {
        if self.ctx.offer.is_empty() {
            self.turn.play = Play::Unplayed;
            Stage::Done
        } else if self.ctx.objective_owed(&self.sheet) {
            Stage::Objective
        } else if self.ctx.owes_crossing(&mut self.sheet) {
            Stage::Cross
        } else {
            Stage::Start
        }
    }

    pub fn context(&self) -> &TurnContext<'a> {
        &self.ctx
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The sheet as the decisions so far leave it.
    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    /// The turn so far (complete once the stage is `Done`).
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// Every legal decision of the current stage, in a fixed order.
    pub fn options(&self, out: &mut Vec<Decision>) {
        self.options_up_to(usize::MAX, out)
    }

    /// Like `options`, listing at most `max_claims` claims per plan: a sheet full of small
    /// estates can offer millions of ways to choose them.
    pub fn options_up_to(&self, max_claims: usize, out: &mut Vec<Decision>) {
        out.clear();
        self.for_each_option(max_claims, |d| out.push(d));
    }

    /// `options_up_to` one decision at a time, in the same order, without a list: a caller
    /// that turns each decision into something else (an action index) keeps no copy.
    pub fn for_each_option(&self, max_claims: usize, f: impl FnMut(Decision)) {
        self.list(max_claims, &mut EachDecision(f));
    }

    /// `for_each_option` with the builds of a pick in a house as one run of numbers (their
    /// order is the same).
    pub fn list(&self, max_claims: usize, to: &mut impl Listing) {
        let ctx = &self.ctx;
        let s = &self.sheet;
        let mut one = |d: Decision| to.decision(d);
        match self.stage {
            Stage::Ammo { card } => self.for_each_ammo(card, one),
            Stage::Objective => {
                let count = crate::modules::roswell::objectives(ctx.layout).len() as u8;
                (1..=count).map(Decision::Objective).for_each(one);
            }
            Stage::Cross => ctx.crossable(s).map(Decision::Cross).for_each(one),
            Stage::Start | Stage::Play => {
                let mut placed = false;
                ctx.for_each_placement_run(s, |pick, _, house, first, last| {
                    placed = true;
                    to.builds(pick, house, first, last)
                });
                let mut one = |d: Decision| to.decision(d);
                if !placed {
                    let passes: &[Option<u8>] = if ctx.passes_card {
                        &[Some(0), Some(1), Some(2)][..ctx.offer.len()]
                    } else {
                        &[None]
                    };
                    for &pass in passes {
                        // No placement was listed, so only the box and the card remain.
                        if ctx.check_refusal_box(s, pass).is_ok() {
                            one(Decision::Refuse { pass });
                        }
                    }
                }
                if self.stage == Stage::Start {
                    self.for_each_roundabout(&mut one);
                }
            }
            Stage::Choice { kind, .. } => {
                Choice::all(kind)
                    .iter()
                    .map(|&c| Decision::Choose(c))
                    .for_each(&mut one);
            }
            Stage::Effect {
                house,
                effect,
                card,
            } => self.for_each_effect_use(house, effect, card, |u| one(Decision::Effect(u))),
            Stage::Pass { number, effect } => [number, effect]
                .map(Decision::Pass)
                .into_iter()
                .for_each(&mut one),
            Stage::Plans => {
                one(Decision::Stop { reshuffle: false });
                if self.reshuffle_allowed() {
                    one(Decision::Stop { reshuffle: true });
                }
                // A Halloween tier claimed this turn ends the claiming of plans.
                if self.turn.tiers.is_empty() {
                    let done = self.claimed();
                    let mut claims = Vec::new();
                    for plan in 0..3u8 {
                        ctx.plan_claims_up_to(s, plan, &done, &mut claims, max_claims);
                        claims.drain(..).map(Decision::Claim).for_each(&mut one);
                    }
                    if self.turn.plans.is_empty() {
                        self.for_each_roundabout(&mut one);
                    }
                }
                self.for_each_tier(&mut one);
            }
            Stage::Circle { .. } => {
                [Treat::Ghost, Treat::Candy]
                    .map(Decision::Circle)
                    .into_iter()
                    .for_each(&mut one);
            }
            Stage::Bonus { rank, option, next } => self.for_each_bonus(rank, option, next, one),
            Stage::Done => {}
        }
    }

    /// The effect stage's options in `options`' order: passing (unless the Temp changed the
    /// number, Ruling C4), every use of the effect, the Roswell saucer.
    fn for_each_effect_use(
        &self,
        house: HouseRef,
        effect: Effect,
        card: u8,
        mut f: impl FnMut(Option<EffectUse>),
    ) {
        let (ctx, s) = (&self.ctx, &self.sheet);
        if !(ctx.layout.rules.temp_optional && s.number(house) != Some(card)) {
            f(None);
        }
        ctx.for_each_effect_use(s, effect, house, |u| f(Some(u)));
        if ctx.may_infiltrate(s, house, card) {
            f(Some(EffectUse::Infiltrate));
        }
    }

    /// In the effect stage, calls `f` with every option `options` lists, in its order, and
    /// the sheet it leaves, as `apply` would write it: a bot that values each outcome needs
    /// no machine per option. An option after which the turn asks for a circle (a bis copy
    /// onto a ghost/candy house, Halloween) comes with no sheet: `apply` it to a copy of the
    /// machine to go on. Does nothing in another stage.
    pub fn for_each_effect(&self, mut f: impl FnMut(Decision, Option<&Sheet>)) {
        let Stage::Effect {
            house,
            effect,
            card,
        } = self.stage
        else {
            return;
        };
        self.for_each_effect_use(house, effect, card, |used| {
            let mut sheet = self.sheet;
            let done = self
                .ctx
                .use_listed_effect(&mut sheet, effect, house, card, used)
                .is_ok();
            debug_assert!(done, "a listed effect use applies");
            let circle = match used {
                Some(EffectUse::Bis { to, .. }) => self.ctx.circle_needed(&sheet, to),
                _ => false,
            };
            f(Decision::Effect(used), (done && !circle).then_some(&sheet));
        });
    }

    fn for_each_roundabout(&self, mut f: impl FnMut(Decision)) {
        if self.ctx.advanced && self.turn.roundabout.is_none() {
            for h in self.sheet.all_houses() {
                if self.ctx.check_roundabout(&self.sheet, h).is_ok() {
                    f(Decision::Roundabout(h));
                }
            }
        }
    }

    /// After a house is numbered: the circle it asks for, then `then`.
    pub(crate) fn after_numbered(&mut self, house: HouseRef, then: Stage) {
        if self.ctx.circle_needed(&self.sheet, house) {
            self.resume = then;
            self.stage = Stage::Circle { house };
        } else {
            self.stage = then;
            self.advance_bonus();
        }
    }

    /// Where the turn goes once the number and its effect are done: the card to pass when
    /// the hand holds only the two cards used, else the plans.
    fn after_play(&self) -> Stage {
        match self.turn.play {
            Play::Build(Build {
                pick: Pick::Hand((number, effect)),
                ..
            }) if self.ctx.passes_card && self.ctx.offer.len() == 2 => {
                Stage::Pass { number, effect }
            }
            _ => Stage::Plans,
        }
    }

    fn reshuffle_allowed(&self) -> bool {
        self.ctx.reshuffle_offered && !self.turn.plans.is_empty()
    }

    fn claimed(&self) -> Vec<u8> {
        self.turn.plans.iter().map(|c| c.plan).collect()
    }

    /// Checks `decision` and moves on; nothing changes on error.
    pub fn apply(&mut self, decision: Decision) -> Result<(), TurnError> {
        let not_now = TurnError::NotNow {
            decision: decision_name(&decision),
            stage: self.stage.name(),
        };
        let ctx = self.ctx;
        match (self.stage, decision) {
            (Stage::Ammo { card }, Decision::Ammo(slowed)) => self.apply_ammo(card, slowed)?,
            (Stage::Ammo { .. }, _) => return Err(TurnError::AmmoOwed),
            (_, Decision::Ammo(_)) => {
                return Err(TurnError::AmmoCount {
                    given: self.turn.ammo.len() + 1,
                    cards: ctx.zombies.len(),
                })
            }
            (Stage::Objective, Decision::Objective(o)) => {
                ctx.check_objective(&self.sheet, o)?;
                ctx.apply_objective(&mut self.sheet, o);
                self.turn.objective = Some(o);
                self.stage = if ctx.owes_crossing(&mut self.sheet) {
                    Stage::Cross
                } else {
                    Stage::Start
                };
            }
            (Stage::Objective, _) => return Err(TurnError::ObjectiveOwed),
            (_, Decision::Objective(_)) => return Err(TurnError::ObjectiveNotOwed),
            (Stage::Cross, Decision::Cross(street)) => {
                self.sheet = ctx.apply_cross(&self.sheet, street)?;
                self.turn.cross.push(street);
                if !ctx.owes_crossing(&mut self.sheet) {
                    self.stage = Stage::Start;
                }
            }
            (Stage::Cross, _) => {
                return Err(TurnError::CrossOwed {
                    owed: self.sheet.owed(),
                })
            }
            (_, Decision::Cross(_)) => return Err(TurnError::CrossNotOwed),
            (Stage::Circle { house }, Decision::Circle(treat)) => {
                ctx.apply_circle(&mut self.sheet, house, treat);
                self.turn.circles.push(Circle { house, treat });
                self.stage = self.resume;
                self.advance_bonus();
            }
            (Stage::Circle { house }, _) => return Err(TurnError::CircleOwed { house }),
            (_, Decision::Circle(_)) => return Err(TurnError::CircleNotOwed),
            (Stage::Bonus { rank, option, next }, Decision::Bonus(u)) => {
                self.apply_bonus_use(rank, option, next, u)?
            }
            (Stage::Bonus { rank, option, next }, _) => {
                return Err(TurnError::BonusOwed {
                    wanted: self.bonus_wanted(rank, option, next),
                })
            }
            (_, Decision::Bonus(_)) => return Err(TurnError::BonusNotOwed),
            (
                Stage::Plans,
                Decision::Tier {
                    treat,
                    need,
                    option,
                },
            ) => self.claim_tier(treat, need, option)?,
            (Stage::Plans, Decision::Claim(_) | Decision::Roundabout(_))
                if !self.turn.tiers.is_empty() =>
            {
                return Err(TurnError::TierTooLate)
            }
            (Stage::Start | Stage::Plans, Decision::Roundabout(h)) => {
                if self.turn.roundabout.is_some() || !self.turn.plans.is_empty() {
                    return Err(not_now);
                }
                self.sheet = ctx.apply_roundabout(&self.sheet, h)?;
                let when = if self.stage == Stage::Start {
                    self.stage = Stage::Play;
                    When::Before
                } else {
                    When::After
                };
                self.turn.roundabout = Some(Roundabout { house: h, when });
            }
            (
                Stage::Start | Stage::Play,
                Decision::Build {
                    pick,
                    house,
                    number,
                },
            ) => {
                let effect = ctx.check_placement(&self.sheet, pick, number, house)?;
                self.build(pick, house, number, effect)?;
            }
            (Stage::Start | Stage::Play, Decision::Refuse { pass }) => {
                self.sheet = ctx.apply_play(&self.sheet, &Play::Refuse { pass })?;
                self.turn.play = Play::Refuse { pass };
                self.stage = Stage::Plans;
            }
            (
                Stage::Choice {
                    pick,
                    house,
                    number,
                    ..
                },
                Decision::Choose(c),
            ) => {
                let effect = ctx.check_placement(&self.sheet, pick, number, house)?;
                self.write(pick, number, house, effect, Some(c))?
            }
            (
                Stage::Effect {
                    house,
                    effect,
                    card,
                },
                Decision::Effect(used),
            ) => {
                // In place: `use_effect` changes nothing when it fails.
                ctx.use_effect(&mut self.sheet, effect, house, card, used)?;
                if let Play::Build(b) = &mut self.turn.play {
                    b.effect = used;
                }
                let then = self.after_play();
                match used {
                    Some(EffectUse::Bis { to, .. }) => self.after_numbered(to, then),
                    _ => self.stage = then,
                }
            }
            (Stage::Pass { number, effect }, Decision::Pass(card)) => {
                let cards = ctx.offer.len();
                if card as usize >= cards {
                    return Err(TurnError::NoSuchHandCard { card, cards });
                }
                if card != number && card != effect {
                    return Err(TurnError::PassNotUsed { card });
                }
                if let Play::Build(b) = &mut self.turn.play {
                    b.pass = Some(card);
                }
                self.stage = Stage::Plans;
            }
            (Stage::Pass { .. }, _) => return Err(TurnError::PassCardMissing),
            (_, Decision::Pass(_)) => return Err(TurnError::PassCardUnexpected),
            (Stage::Plans, Decision::Claim(claim)) => {
                let done = self.claimed();
                self.sheet = ctx.apply_claim(&self.sheet, &claim, &done)?;
                self.turn.plans.push(claim);
            }
            (Stage::Plans, Decision::Stop { reshuffle }) => {
                if reshuffle && !self.reshuffle_allowed() {
                    return Err(TurnError::ReshuffleNotOffered);
                }
                self.turn.reshuffle = reshuffle;
                self.stage = Stage::Done;
            }
            (_, Decision::Effect(Some(_))) if !ctx.layout.has_actions() => {
                return Err(TurnError::NoAction)
            }
            _ => return Err(not_now),
        }
        Ok(())
    }

    /// A placement checked (`check_placement` gave `effect`): its module choice asked for, or
    /// the number written.
    fn build(
        &mut self,
        pick: Pick,
        house: HouseRef,
        number: u8,
        effect: Effect,
    ) -> Result<(), TurnError> {
        if let Some(kind) = self.ctx.choice_needed(&self.sheet, house) {
            self.stage = Stage::Choice {
                pick,
                house,
                number,
                kind,
            };
        } else {
            self.write(pick, number, house, effect, None)?;
            debug_assert!(
                !self.ctx.layout.has_actions()
                    || matches!(
                        (self.stage, self.resume),
                        (Stage::Effect { effect: e, .. }, _)
                            | (Stage::Circle { .. }, Stage::Effect { effect: e, .. })
                            if e == effect
                    )
            );
        }
        Ok(())
    }

    /// `apply` of a decision that `options` listed for this machine as it stands: a
    /// placement is not checked a second time (in debug builds only). For bots that play
    /// every placement listed on a copy of the machine.
    pub fn apply_listed(&mut self, decision: Decision) -> Result<(), TurnError> {
        if let (
            Stage::Start | Stage::Play,
            Decision::Build {
                pick,
                house,
                number,
            },
        ) = (self.stage, &decision)
        {
            if let Some((_, effect)) = self.ctx.offer.resolve(*pick) {
                debug_assert_eq!(
                    self.ctx
                        .check_placement(&self.sheet, *pick, *number, *house),
                    Ok(effect),
                    "a listed placement"
                );
                return self.build(*pick, *house, *number, effect);
            }
        }
        self.apply(decision)
    }

    /// Writes a placement `check_placement` accepted, with its `effect`.
    fn write(
        &mut self,
        pick: Pick,
        number: u8,
        house: HouseRef,
        effect: Effect,
        choice: Option<Choice>,
    ) -> Result<(), TurnError> {
        // In place: `write_placed` changes nothing when it fails.
        self.ctx
            .write_placed(&mut self.sheet, effect, number, house, choice)?;
        let card = self.ctx.offer.resolve(pick).map_or(number, |(n, _)| n);
        self.turn.play = Play::Build(Build {
            pick,
            house,
            number,
            choice,
            effect: None,
            pass: None,
        });
        // A sheet without actions (American Dream) goes straight on to the plans.
        let then = if self.ctx.layout.has_actions() {
            Stage::Effect {
                house,
                effect,
                card,
            }
        } else {
            self.after_play()
        };
        self.after_numbered(house, then);
        Ok(())
    }

    /// Draws the circles the machine asks for from `circles`, in order (Halloween); gives the
    /// stage it stops at: still `Circle` when the list ran out. A circle for another house
    /// than the one asking is refused.
    pub fn circle_from(
        &mut self,
        circles: &mut std::slice::Iter<'_, Circle>,
    ) -> Result<Stage, TurnError> {
        while let Stage::Circle { house } = self.stage {
            match circles.as_slice().first() {
                None => break,
                Some(c) if c.house == house => {
                    self.apply(Decision::Circle(c.treat))?;
                    circles.next();
                }
                Some(_) => return Err(TurnError::CircleOwed { house }),
            }
        }
        Ok(self.stage)
    }

    /// The complete turn and the sheet after it.
    pub fn finish(self) -> Result<(Turn, Sheet), TurnError> {
        if self.stage != Stage::Done {
            return Err(TurnError::TurnUnfinished {
                stage: self.stage.name(),
            });
        }
        Ok((self.turn, self.sheet))
    }

    /// Drives the machine through a whole `Turn` (its file form), as validation and replays
    /// do: every stage is checked exactly as when decisions come one at a time.
    pub fn run(ctx: TurnContext<'a>, sheet: &Sheet, turn: &Turn) -> Result<Sheet, TurnError> {
        Self::drive(ctx, sheet, turn, &mut |_| {})
    }

    /// The decisions, one per stage, that make up a whole `Turn` from the start of the turn:
    /// how a caller that drives the machine step by step follows a bot's turn.
    pub fn decisions(
        ctx: TurnContext<'a>,
        sheet: &Sheet,
        turn: &Turn,
    ) -> Result<Vec<Decision>, TurnError> {
        let mut out = Vec::new();
        Self::drive(ctx, sheet, turn, &mut |d| out.push(d.clone()))?;
        Ok(out)
    }

    /// `run`, telling `seen` each decision before it is applied.
    fn drive(
        ctx: TurnContext<'a>,
        sheet: &Sheet,
        turn: &Turn,
        seen: &mut dyn FnMut(&Decision),
    ) -> Result<Sheet, TurnError> {
        let mut m = TurnMachine::new(ctx, sheet);
        let mut apply = |m: &mut TurnMachine<'a>, d: Decision| {
            seen(&d);
            m.apply(d)
        };
        for &slowed in &turn.ammo {
            apply(&mut m, Decision::Ammo(slowed))?;
        }
        match (m.stage, &turn.play) {
            (Stage::Ammo { .. }, _) => return Err(TurnError::AmmoOwed),
            (Stage::Done, Play::Unplayed) => {
                let only_ammo = Turn {
                    ammo: turn.ammo.clone(),
                    ..Turn::unplayed()
                };
                return if *turn == only_ammo {
                    Ok(m.sheet)
                } else {
                    Err(TurnError::NothingToPlay)
                };
            }
            (Stage::Done, _) => return Err(TurnError::NothingToPlay),
            (_, Play::Unplayed) => return Err(TurnError::TurnToPlay),
            _ => {}
        }
        if let Some(o) = turn.objective {
            apply(&mut m, Decision::Objective(o))?;
        }
        let mut circles = turn.circles.iter();
        // The circles the machine asks for, drawn from the turn in order (Halloween).
        let feed =
            |m: &mut TurnMachine<'a>,
             circles: &mut std::slice::Iter<'_, Circle>,
             apply: &mut dyn FnMut(&mut TurnMachine<'a>, Decision) -> Result<(), TurnError>|
             -> Result<(), TurnError> {
                while let Stage::Circle { house } = m.stage {
                    match circles.as_slice().first() {
                        None => return Err(TurnError::CircleOwed { house }),
                        Some(c) if c.house == house => {
                            apply(m, Decision::Circle(c.treat))?;
                            circles.next();
                        }
                        Some(_) => return Err(TurnError::CircleOwed { house }),
                    }
                }
                Ok(())
            };
        for &street in &turn.cross {
            apply(&mut m, Decision::Cross(street))?;
        }
        if let Some(Roundabout {
            house,
            when: When::Before,
        }) = turn.roundabout
        {
            apply(&mut m, Decision::Roundabout(house))?;
        }
        match turn.play {
            Play::Unplayed => return Err(TurnError::TurnToPlay),
            Play::Refuse { pass } => apply(&mut m, Decision::Refuse { pass })?,
            Play::Build(b) => {
                apply(
                    &mut m,
                    Decision::Build {
                        pick: b.pick,
                        house: b.house,
                        number: b.number,
                    },
                )?;
                match (m.stage, b.choice) {
                    (Stage::Choice { .. }, Some(c)) => apply(&mut m, Decision::Choose(c))?,
                    (Stage::Choice { kind, .. }, None) => {
                        return Err(TurnError::ChoiceMissing {
                            house: b.house,
                            kind,
                        })
                    }
                    (_, Some(choice)) => {
                        return Err(TurnError::ChoiceUnexpected {
                            house: b.house,
                            choice,
                        })
                    }
                    (_, None) => {}
                }
                feed(&mut m, &mut circles, &mut apply)?;
                // No effect stage on a sheet without actions: an effect given there is
                // refused by the machine as out of turn.
                if matches!(m.stage, Stage::Effect { .. }) || b.effect.is_some() {
                    apply(&mut m, Decision::Effect(b.effect))?;
                }
                feed(&mut m, &mut circles, &mut apply)?;
                match (m.stage, b.pass) {
                    (Stage::Pass { .. }, Some(card)) => apply(&mut m, Decision::Pass(card))?,
                    (Stage::Pass { .. }, None) => return Err(TurnError::PassCardMissing),
                    (_, Some(_)) => return Err(TurnError::PassCardUnexpected),
                    (_, None) => {}
                }
            }
        }
        if let Some(Roundabout {
            house,
            when: When::After,
        }) = turn.roundabout
        {
            apply(&mut m, Decision::Roundabout(house))?;
        }
        for claim in &turn.plans {
            apply(&mut m, Decision::Claim(claim.clone()))?;
        }
        for tier in &turn.tiers {
            apply(
                &mut m,
                Decision::Tier {
                    treat: tier.treat,
                    need: tier.need,
                    option: tier.option,
                },
            )?;
            for &u in &tier.bonuses {
                apply(&mut m, Decision::Bonus(u))?;
                feed(&mut m, &mut circles, &mut apply)?;
            }
        }
        if circles.next().is_some() {
            return Err(TurnError::CircleNotOwed);
        }
        apply(
            &mut m,
            Decision::Stop {
                reshuffle: turn.reshuffle,
            },
        )?;
        Ok(m.sheet)
    }

    /// Calls `f` with every complete turn reachable from here, in a fixed order; stops early
    /// when `f` returns false (and then returns false).
    pub fn walk(&self, f: &mut dyn FnMut(&Turn, &Sheet) -> bool) -> bool {
        if self.stage == Stage::Done {
            return f(&self.turn, &self.sheet);
        }
        let mut options = Vec::new();
        self.options(&mut options);
        for d in options {
            let mut next = self.clone();
            match next.apply(d) {
                Ok(()) => {
                    if !next.walk(f) {
                        return false;
                    }
                }
                Err(_) => debug_assert!(false, "a listed decision is legal"),
            }
        }
        true
    }
}

fn decision_name(d: &Decision) -> &'static str {
    match d {
        Decision::Cross(_) => "crossing off a bonus",
        Decision::Roundabout(_) => "a roundabout",
        Decision::Build { .. } => "a number",
        Decision::Refuse { .. } => "a permit refusal",
        Decision::Choose(_) => "a choice",
        Decision::Effect(_) => "an effect",
        Decision::Claim(_) => "a City Plan",
        Decision::Circle(_) => "a ghost or a candy",
        Decision::Tier { .. } => "a Halloween tier",
        Decision::Bonus(_) => "a ghost bonus",
        Decision::Objective(_) => "an infiltration objective",
        Decision::Ammo(_) => "slowing hordes",
        Decision::Pass(_) => "a card to pass",
        Decision::Stop { .. } => "the end of the turn",
    }
}

/// The whole-turn entry points of the checks, here so that the checks need nothing of the
/// machine that drives them.
impl TurnContext<'_> {
    /// Checks a whole turn and returns the sheet after it, by driving the staged turn machine
    /// through the turn's decisions (`TurnMachine::run`).
    pub fn apply(&self, sheet: &Sheet, turn: &Turn) -> Result<Sheet, TurnError> {
        TurnMachine::run(*self, sheet, turn)
    }

    /// Calls `f` with every legal turn, in a fixed order (the staged turn machine's options,
    /// depth first). Returns early if `f` returns false.
    pub fn for_each_turn(&self, sheet: &Sheet, f: &mut dyn FnMut(&Turn) -> bool) {
        TurnMachine::new(*self, sheet).walk(&mut |t, _| f(t));
    }
}
