//! Halloween's steps of a turn (collector expansions §4): a ghost or a candy circled on the
//! house just numbered, the tiers claimed at the end of the turn and the ghost bonuses they
//! give. The turn machine calls them as it reaches them.

use crate::edition::Bonus;
use crate::legal::TurnContext;
use crate::modules::module::Module;
use crate::sheet::{HouseRef, Sheet};
use crate::turn::{BonusUse, TierClaim, Treat};
use crate::turn_error::TurnError;

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
