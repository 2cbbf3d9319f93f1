//! Roundabouts (advanced variant, spec §12): built before or after the number (Ruling 17),
//! at most as many as the track has boxes; each fences its house on both sides.

use crate::edition::SheetLayout;
use crate::sheet::{HouseRef, Sheet};
use crate::turn_error::TurnError;

/// Whether a roundabout may be built in `h`.
pub fn check(layout: &SheetLayout, sheet: &Sheet, on: bool, h: HouseRef) -> Result<(), TurnError> {
    if !on {
        return Err(TurnError::RoundaboutsOff);
    }
    if !sheet.contains(h) {
        return Err(TurnError::NoSuchHouse { house: h });
    }
    if sheet.roundabouts() >= layout.roundabouts.boxes() {
        return Err(TurnError::RoundaboutsFull);
    }
    if !sheet.is_empty(h) {
        return Err(TurnError::HouseNotEmpty { house: h });
    }
    Ok(())
}

/// Builds a checked roundabout. It is not a number: no module reacts to it (Ruling TR8).
pub fn build(sheet: &mut Sheet, h: HouseRef) {
    sheet.build_roundabout(h);
}
