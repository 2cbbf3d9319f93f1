//! The American Dream sheet in the sheet file (collector expansions §7): its column bonuses.

use crate::edition::SheetLayout;
use crate::modules::module::Module;
use crate::sheet::{Race, Sheet};
use crate::sheet_file::data::SheetFileError;

/// American Dream: the column bonuses, circled only on a complete column.
pub fn set_column_bonuses(
    layout: &SheetLayout,
    sheet: &mut Sheet,
    bonuses: &[Option<Race>],
) -> Result<(), SheetFileError> {
    let columns = super::columns(layout);
    let bad = |what: String| Err(SheetFileError::Feature { street: 1, what });
    if !layout.has(Module::AmericanDream) {
        return bad("only an American Dream sheet has column bonuses".into());
    }
    if bonuses.len() > columns as usize {
        return bad(format!(
            "{} column bonuses for {columns} columns",
            bonuses.len()
        ));
    }
    for (c, race) in bonuses.iter().enumerate() {
        let c = c as u8;
        match race {
            Some(Race::Won) if !super::column_complete(sheet, c) => {
                return bad(format!(
                    "column {}'s bonus is circled but the column is not complete",
                    c + 1
                ));
            }
            Some(r) => sheet.set_column_race(c, *r),
            None => {}
        }
    }
    Ok(())
}
