//! What the browser draws of the Christmas sheet: the strings of lights (thematic §8.4).

use crate::house::FenceRef;
use crate::sheet::Sheet;

/// The slots holding a string of lights, `[street, k]` between houses k and k+1.
pub fn links(sheet: &Sheet) -> Vec<FenceRef> {
    sheet
        .all_slots()
        .filter(|f| super::linked(sheet, f.street, f.slot))
        .collect()
}
