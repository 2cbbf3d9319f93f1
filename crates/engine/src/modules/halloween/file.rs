//! The Halloween sheet in the sheet file (collector expansions §4): its tiers and the
//! Extension houses its ghost bonuses wrote.

use crate::edition::SheetLayout;
use crate::modules::module::Module;
use crate::sheet::{Race, Sheet};
use crate::sheet_file::data::{SheetData, SheetFileError};

/// The Halloween state: tiers (one of each kind held at most, each held tier matching
/// the option), free Extension houses.
pub fn set_state(
    data: &SheetData,
    layout: &SheetLayout,
    sheet: &mut Sheet,
) -> Result<(), SheetFileError> {
    let halloween = layout.has(Module::Halloween);
    let bad = |what: String| Err(SheetFileError::Feature { street: 1, what });
    if !halloween {
        if data.tiers.is_some() || data.free_extensions > 0 {
            return bad("only a Halloween sheet has tiers and bonus Extensions".into());
        }
        return Ok(());
    }
    if data.free_extensions > crate::sheet::MAX_STREETS as u8 * 16 {
        return bad("more bonus Extensions than houses".into());
    }
    for _ in 0..data.free_extensions {
        sheet.add_free_bis();
    }
    if sheet.bis_houses() < data.free_extensions {
        return bad(format!(
            "{} bonus Extensions, but the sheet has fewer Extension houses",
            data.free_extensions
        ));
    }
    let Some(t) = &data.tiers else {
        return Ok(());
    };
    for (candy, list) in [(false, &t.ghost), (true, &t.candy)] {
        if list.iter().filter(|r| **r == Some(Race::Won)).count() > 1 {
            return bad("one tier of each kind is circled at most".into());
        }
        for (r, race) in list.iter().enumerate() {
            sheet.set_tier(candy, r as u8, race.unwrap_or(Race::Open));
        }
    }
    let ghost_held = t.ghost.contains(&Some(Race::Won));
    match (ghost_held, t.option) {
        (true, Some(o @ (1 | 2))) => sheet.set_ghost_option(o),
        (false, None) => {}
        _ => {
            return bad(
                "a circled ghost tier names its bonus option (1 or 2), and only then".into(),
            )
        }
    }
    Ok(())
}
