//! The `--edition` and `--sheet` flags: which built-in edition and which of its sheets a
//! command plays, or which a file it reads must be for.
//!
//! The flags are plain text rather than engine ids, so that a misspelt name gets the same
//! message, naming the known ones, as a well-formed unknown one.

use crate::error::CliError;
use clap::Args;
use welcome_engine::{Edition, SheetId, SheetLayout};

/// Edition and sheet flags shared by every command that sets up or reads games.
#[derive(Args, Clone, Debug, Default)]
pub struct EditionArgs {
    /// Edition id [default: first]; `welcome editions` lists them.
    #[arg(long, value_name = "ID")]
    pub edition: Option<String>,
    /// Sheet id of the edition (classic, easter, ice-cream, christmas…) [default: the
    /// edition's default sheet]; `welcome editions` lists them.
    #[arg(long, value_name = "ID")]
    pub sheet: Option<String>,
}

/// The edition played when none is named.
pub const DEFAULT_EDITION: &str = "first";

/// A built-in edition by id, or an error naming the known ones.
pub fn edition_by_id(id: &str) -> Result<&'static Edition, CliError> {
    Edition::by_id(id).ok_or_else(|| CliError::UnknownEdition {
        id: id.to_string(),
        known: known(Edition::all().iter().map(|e| e.id.as_str())),
    })
}

/// A sheet of `edition` by id, or an error naming the edition's sheets and, when another
/// edition has a sheet of that id, the `--edition` flag that plays it.
pub fn sheet_by_id<'a>(edition: &'a Edition, id: &str) -> Result<&'a SheetLayout, CliError> {
    edition
        .sheets
        .iter()
        .find(|s| s.id == id)
        .ok_or_else(|| CliError::UnknownSheet {
            edition: edition.id.to_string(),
            id: id.to_string(),
            known: known(edition.sheets.iter().map(|s| s.id.as_str())),
            elsewhere: elsewhere(edition, id),
        })
}

/// "; it is a sheet of the collector edition: add --edition collector", or nothing when no
/// other edition has sheet `id`.
fn elsewhere(edition: &Edition, id: &str) -> String {
    let others: Vec<&str> = Edition::all()
        .iter()
        .filter(|e| e.id != edition.id && e.sheets.iter().any(|s| s.id == id))
        .map(|e| e.id.as_str())
        .collect();
    match others.as_slice() {
        [] => String::new(),
        [one] => format!("; {id} is a sheet of the {one} edition: it needs --edition {one}"),
        many => format!(
            "; {id} is a sheet of the editions {}: add --edition with one of them",
            many.join(", ")
        ),
    }
}

fn known<'a>(ids: impl Iterator<Item = &'a str>) -> String {
    ids.collect::<Vec<_>>().join(", ")
}

impl EditionArgs {
    /// Flags a command declares itself, with its own help text.
    pub fn new(edition: &Option<String>, sheet: &Option<String>) -> EditionArgs {
        EditionArgs {
            edition: edition.clone(),
            sheet: sheet.clone(),
        }
    }

    /// The named edition, or the 1st edition.
    pub fn edition(&self) -> Result<&'static Edition, CliError> {
        edition_by_id(self.edition.as_deref().unwrap_or(DEFAULT_EDITION))
    }

    /// The edition and the sheet to play: the named one or the edition's default.
    pub fn resolve(&self) -> Result<(&'static Edition, &'static SheetLayout), CliError> {
        let edition = self.edition()?;
        let sheet = match &self.sheet {
            Some(id) => sheet_by_id(edition, id)?,
            None => edition.default_sheet(),
        };
        Ok((edition, sheet))
    }

    /// The sheets a command that measures every sheet covers: the named one, or all of the
    /// edition's, the default first.
    pub fn sheets(&self) -> Result<(&'static Edition, Vec<&'static SheetLayout>), CliError> {
        let edition = self.edition()?;
        let sheets = match &self.sheet {
            Some(id) => vec![sheet_by_id(edition, id)?],
            None => edition.sheets.iter().collect(),
        };
        Ok((edition, sheets))
    }

    /// Checks the flags given against what a file says it is for (`what`: "record" or
    /// "sheet file"): each flag must name a known edition or sheet, and the file's.
    pub fn check_file(
        &self,
        path: &str,
        what: &'static str,
        edition: &str,
        sheet: SheetId,
    ) -> Result<(), CliError> {
        let mismatch = |field, found: String, flag, given: &str| CliError::Mismatch {
            path: path.to_string(),
            what,
            field,
            found,
            flag,
            given: given.to_string(),
        };
        if let Some(given) = &self.edition {
            edition_by_id(given)?;
            if given != edition {
                return Err(mismatch("edition", edition.to_string(), "--edition", given));
            }
        }
        if let Some(given) = &self.sheet {
            // A file of an unknown edition fails when it is read, with its own message.
            if let Some(ed) = Edition::by_id(edition) {
                sheet_by_id(ed, given)?;
            }
            if sheet != given.as_str() {
                return Err(mismatch("sheet", sheet.to_string(), "--sheet", given));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(edition: Option<&str>, sheet: Option<&str>) -> EditionArgs {
        EditionArgs {
            edition: edition.map(String::from),
            sheet: sheet.map(String::from),
        }
    }

    #[test]
    fn defaults_are_the_first_edition_and_its_default_sheet() {
        let (edition, sheet) = args(None, None).resolve().unwrap();
        assert_eq!(edition.id, "first");
        assert_eq!(sheet.id, edition.default_sheet().id);
        let (_, all) = args(None, None).sheets().unwrap();
        assert_eq!(all.len(), edition.sheets.len());
        assert_eq!(all[0].id, edition.default_sheet().id);
    }

    #[test]
    fn unknown_ids_name_the_known_ones() {
        let e = args(Some("second"), None)
            .resolve()
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("unknown edition \"second\"") && e.contains("first"),
            "{e}"
        );
        let e = args(None, Some("Ice Cream"))
            .resolve()
            .unwrap_err()
            .to_string();
        for id in [
            "\"Ice Cream\"",
            "classic",
            "easter",
            "ice-cream",
            "christmas",
        ] {
            assert!(e.contains(id), "{e}");
        }
    }

    #[test]
    fn files_must_agree_with_the_flags() {
        let easter = SheetId::new("easter").unwrap();
        args(None, None)
            .check_file("f", "record", "first", easter)
            .unwrap();
        args(Some("first"), Some("easter"))
            .check_file("f", "record", "first", easter)
            .unwrap();
        let e = args(None, Some("classic"))
            .check_file("f", "record", "first", easter)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "f: the record is for sheet easter, but --sheet classic was given"
        );
        let e = args(Some("second"), None)
            .check_file("f", "record", "first", easter)
            .unwrap_err();
        assert!(matches!(e, CliError::UnknownEdition { .. }), "{e}");
        let e = args(None, Some("halloween"))
            .check_file("f", "sheet file", "first", easter)
            .unwrap_err();
        assert!(matches!(e, CliError::UnknownSheet { .. }), "{e}");
    }
}
