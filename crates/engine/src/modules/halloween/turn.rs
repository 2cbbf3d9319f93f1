//! Halloween's steps of a turn (collector expansions §4): a ghost or a candy circled on the
//! house just numbered, the tiers claimed at the end of the turn and the ghost bonuses they
//! give. The turn machine calls them as it reaches them.

use crate::edition::Bonus;
use crate::edition::SheetLayout;
use crate::legal::TurnContext;
use crate::machine::{Decision, Stage, TurnMachine};
use crate::modules::module::Module;
use crate::sheet::{HouseRef, Sheet};
use crate::turn::{BonusUse, TierClaim, Treat};
use crate::turn_error::TurnError;
use serde::{Deserialize, Serialize};

impl TurnContext<'_> {
    /// Halloween: whether the number just written in `house` asks for a ghost or a candy.
    pub fn circle_needed(&self, sheet: &Sheet, house: HouseRef) -> bool {
        super::is_ghost_candy(self.layout, house)
            && sheet.number(house).is_some()
            && !sheet.is_marked(house)
            && self.layout.has(Module::Halloween)
    }

    /// Step: circles `treat` on `house`, just numbered.
    pub(crate) fn apply_circle(&self, sheet: &mut Sheet, house: HouseRef, treat: Treat) {
        if treat == Treat::Ghost {
            sheet.mark(house);
        }
    }

    /// A Halloween tier claim at the end of the turn (§4.3 step 3, Ruling X16); `earlier` are
    /// the tiers claimed before in this turn.
    pub fn check_tier(
        &self,
        sheet: &Sheet,
        treat: Treat,
        need: u8,
        option: Option<u8>,
        earlier: &[TierClaim],
    ) -> Result<u8, TurnError> {
        let rank = super::rank_of(self.layout, treat, need)
            .ok_or(TurnError::TierUnknown { treat, need })?;
        if super::claimed(sheet, treat) {
            return Err(TurnError::TierClaimed { treat });
        }
        if treat == Treat::Ghost && earlier.iter().any(|t| t.treat == Treat::Candy) {
            return Err(TurnError::TierOrder);
        }
        if sheet.tier(treat == Treat::Candy, rank) != crate::sheet::Race::Open {
            return Err(TurnError::TierNotOpen { treat, need });
        }
        let have = super::count(self.layout, sheet, treat);
        if !super::needs(self.layout, treat).contains(&have) || need > have {
            return Err(TurnError::TierCount { treat, have, need });
        }
        let options = match treat {
            Treat::Ghost => self
                .layout
                .halloween
                .as_ref()
                .map_or(0, |v| v.ghost_tiers[rank as usize].options.len()),
            Treat::Candy => 0,
        };
        let ok = match option {
            None => options == 0,
            Some(o) => (1..=options).contains(&usize::from(o)),
        };
        if !ok {
            return Err(TurnError::TierOption {
                treat,
                need,
                option,
            });
        }
        Ok(rank)
    }

    /// Step: circles the tier (its bonuses come next, one decision each).
    pub(crate) fn apply_tier(&self, sheet: &mut Sheet, treat: Treat, rank: u8, option: Option<u8>) {
        sheet.set_tier(treat == Treat::Candy, rank, crate::sheet::Race::Won);
        if let Some(o) = option {
            sheet.set_ghost_option(o);
        }
    }

    /// Whether `u` is a legal use of a `bonus` on the sheet (Ruling X17).
    pub fn check_bonus(&self, sheet: &Sheet, bonus: Bonus, u: BonusUse) -> Result<(), TurnError> {
        let bad = |why: String| TurnError::BonusTarget {
            bonus: u,
            wanted: bonus,
            why,
        };
        match (bonus, u) {
            (Bonus::Pool, BonusUse::Pool(h)) => {
                if !sheet.contains(h) || !sheet.has_planned_pool(h) {
                    return Err(bad(format!("{h} shows no pool")));
                }
                if sheet.has_pool(h) {
                    return Err(bad(format!("the pool of {h} is already circled")));
                }
                if sheet.house(h) == crate::sheet::House::Roundabout {
                    return Err(bad(format!("{h} holds a roundabout")));
                }
                if sheet.pool_count() >= self.layout.pools.boxes() {
                    return Err(bad("the pool track is full".into()));
                }
                Ok(())
            }
            (Bonus::Park, BonusUse::Park(s)) => {
                let boxes = self
                    .layout
                    .streets
                    .get(s as usize)
                    .map(|st| st.parks.boxes());
                match boxes {
                    None => Err(bad(format!("there is no street {}", s + 1))),
                    Some(b) if sheet.parks(s) >= b => {
                        Err(bad(format!("street {}'s parks are all crossed", s + 1)))
                    }
                    Some(_) => Ok(()),
                }
            }
            (Bonus::Extension, BonusUse::Extension { from, to }) => {
                // No box is crossed, so a full track does not stop it.
                crate::legal::check_bis(sheet, u8::MAX, self.layout.rules.bis_pairs_split, from, to)
                    .map_err(|e| bad(e.to_string()))
            }
            _ => Err(bad("another kind of bonus".into())),
        }
    }

    /// Every legal use of a `bonus`, in a fixed order.
    pub fn for_each_bonus_use(&self, sheet: &Sheet, bonus: Bonus, mut f: impl FnMut(BonusUse)) {
        let mut push = |u: BonusUse| {
            if self.check_bonus(sheet, bonus, u).is_ok() {
                f(u)
            }
        };
        match bonus {
            Bonus::Pool => sheet.all_houses().for_each(|h| push(BonusUse::Pool(h))),
            Bonus::Park => (0..sheet.streets()).for_each(|s| push(BonusUse::Park(s))),
            Bonus::Extension => {
                for from in sheet.all_houses().filter(|&h| sheet.number(h).is_some()) {
                    if from.house > 0 {
                        push(BonusUse::Extension {
                            from,
                            to: HouseRef::new(from.street, from.house - 1),
                        });
                    }
                    push(BonusUse::Extension {
                        from,
                        to: HouseRef::new(from.street, from.house + 1),
                    });
                }
            }
        }
    }

    /// Step: uses a checked bonus; an Extension copy runs the modules' hooks of its house.
    pub(crate) fn apply_bonus(&self, sheet: &mut Sheet, u: BonusUse) {
        match u {
            BonusUse::Pool(h) => sheet.build_pool(h),
            BonusUse::Park(s) => sheet.cross_park(s),
            BonusUse::Extension { from, to } => {
                if let Some(v) = sheet.number(from) {
                    sheet.write(to, v, true);
                    sheet.add_free_bis();
                    self.numbered(sheet, to, None);
                }
            }
        }
    }
}

/// The turn machine's Halloween stages: the tier claims listed at the end of the turn, and the
/// ghost bonuses one decision each.
impl TurnMachine<'_> {
    /// Halloween tier claims open at the end of the turn.
    pub(crate) fn for_each_tier(&self, mut f: impl FnMut(Decision)) {
        if !self.ctx.layout.has(Module::Halloween) {
            return;
        }
        for treat in [Treat::Ghost, Treat::Candy] {
            for need in super::needs(self.ctx.layout, treat) {
                let options: &[Option<u8>] = match treat {
                    Treat::Ghost => &[Some(1), Some(2)],
                    Treat::Candy => &[None],
                };
                for &option in options {
                    let ok =
                        self.ctx
                            .check_tier(&self.sheet, treat, need, option, &self.turn.tiers);
                    if ok.is_ok() {
                        f(Decision::Tier {
                            treat,
                            need,
                            option,
                        });
                    }
                }
            }
        }
    }

    /// Skips the ghost bonuses that have no legal target (they are lost, Ruling X17) and
    /// leaves the bonus stage once none is left.
    pub(crate) fn advance_bonus(&mut self) {
        while let Stage::Bonus { rank, option, next } = self.stage {
            let bonuses = super::bonuses(self.ctx.layout, rank, option);
            let Some(&b) = bonuses.get(next as usize) else {
                self.stage = Stage::Plans;
                return;
            };
            let mut any = false;
            self.ctx.for_each_bonus_use(&self.sheet, b, |_| any = true);
            if any {
                return;
            }
            self.stage = Stage::Bonus {
                rank,
                option,
                next: next + 1,
            };
        }
    }

    /// The bonus stage's options: the legal uses of the ghost bonus to use next.
    pub(crate) fn for_each_bonus(
        &self,
        rank: u8,
        option: u8,
        next: u8,
        mut f: impl FnMut(Decision),
    ) {
        let bonuses = super::bonuses(self.ctx.layout, rank, option);
        if let Some(&b) = bonuses.get(next as usize) {
            self.ctx
                .for_each_bonus_use(&self.sheet, b, |u| f(Decision::Bonus(u)));
        }
    }

    /// The ghost bonus the bonus stage asks for next, if one is left.
    pub fn bonus_next(&self, rank: u8, option: u8, next: u8) -> Option<Bonus> {
        super::bonuses(self.ctx.layout, rank, option)
            .get(next as usize)
            .copied()
    }

    /// The ghost bonus the bonus stage asks for.
    pub(crate) fn bonus_wanted(&self, rank: u8, option: u8, next: u8) -> Bonus {
        super::bonuses(self.ctx.layout, rank, option)[next as usize]
    }

    /// Uses the ghost bonus the bonus stage asks for (an Extension copy numbers a house, which
    /// may ask for a circle before the next bonus).
    pub(crate) fn apply_bonus_use(
        &mut self,
        rank: u8,
        option: u8,
        next: u8,
        u: BonusUse,
    ) -> Result<(), TurnError> {
        let wanted = self.bonus_wanted(rank, option, next);
        self.ctx.check_bonus(&self.sheet, wanted, u)?;
        self.ctx.apply_bonus(&mut self.sheet, u);
        if let Some(t) = self.turn.tiers.last_mut() {
            t.bonuses.push(u);
        }
        let then = Stage::Bonus {
            rank,
            option,
            next: next + 1,
        };
        match u {
            BonusUse::Extension { to, .. } => self.after_numbered(to, then),
            _ => {
                self.stage = then;
                self.advance_bonus();
            }
        }
        Ok(())
    }

    /// Claims a tier at the end of the turn; a ghost tier's bonuses come next.
    pub(crate) fn claim_tier(
        &mut self,
        treat: Treat,
        need: u8,
        option: Option<u8>,
    ) -> Result<(), TurnError> {
        let rank = self
            .ctx
            .check_tier(&self.sheet, treat, need, option, &self.turn.tiers)?;
        self.ctx.apply_tier(&mut self.sheet, treat, rank, option);
        self.turn.tiers.push(TierClaim {
            treat,
            need,
            option,
            bonuses: Vec::new(),
        });
        if let Some(option) = option {
            self.stage = Stage::Bonus {
                rank,
                option,
                next: 0,
            };
            self.advance_bonus();
        }
        Ok(())
    }
}

/// A Halloween tier that may be claimed: of `treat`, needing `need`; a ghost tier with its
/// bonus `option` (1 or 2) and the bonuses that option gives.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TierOut {
    pub treat: Treat,
    pub need: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gives: Vec<Bonus>,
}

impl TierOut {
    /// The tier of `treat` needing `need`, with what its bonus `option` gives.
    pub fn new(layout: &SheetLayout, treat: Treat, need: u8, option: Option<u8>) -> TierOut {
        let gives = option
            .and_then(|o| {
                let rank = super::rank_of(layout, treat, need)?;
                Some(super::bonuses(layout, rank, o).to_vec())
            })
            .unwrap_or_default();
        TierOut {
            treat,
            need,
            option,
            gives,
        }
    }
}
