//! Roswell's steps of a turn (collector expansions §7): the objective circled on the first
//! turn, and infiltration from a saucer house. The turn machine calls them as it reaches them.

use crate::legal::TurnContext;
use crate::modules::module::Module;
use crate::sheet::{HouseRef, Sheet};
use crate::turn_error::TurnError;

impl TurnContext<'_> {
    /// Roswell: whether the sheet still has its objective to circle (its first turn).
    pub fn objective_owed(&self, sheet: &Sheet) -> bool {
        self.layout.has(Module::Roswell) && sheet.objective().is_none()
    }

    /// Roswell: checks circling objective `objective` (1-based) now.
    pub fn check_objective(&self, sheet: &Sheet, objective: u8) -> Result<(), TurnError> {
        if !self.objective_owed(sheet) {
            return Err(TurnError::ObjectiveNotOwed);
        }
        let count = super::objectives(self.layout).len() as u8;
        if !(1..=count).contains(&objective) {
            return Err(TurnError::ObjectiveUnknown { objective, count });
        }
        Ok(())
    }

    /// Step: circles objective `objective`, checked.
    pub(crate) fn apply_objective(&self, sheet: &mut Sheet, objective: u8) {
        sheet.set_objective(objective);
    }

    /// Roswell: whether the number written in `house` from a card showing `card` may
    /// infiltrate (a saucer house, the card's number unchanged; Ruling X23).
    pub fn may_infiltrate(&self, sheet: &Sheet, house: HouseRef, card: u8) -> bool {
        self.layout.has(Module::Roswell)
            && super::is_saucer(self.layout, house)
            && sheet.number(house) == Some(card)
    }
}
