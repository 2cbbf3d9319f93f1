//! What a file is when it does not read as the game record or the sheet file it was opened
//! as, so that the error leads with a sentence a player understands ("this is a sheet file,
//! not a game record", "the file ends too early") rather than the JSON parser's
//! ("expected ident at line 1 column 2"), which stays at the end for whoever edits files.

/// The `format` field of every record.
pub const RECORD_FORMAT: &str = "welcome-record";
/// The `format` field of every sheet file.
pub const SHEET_FORMAT: &str = "welcome-sheet";

/// What a text is, as far as a reader of records and sheet files can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// Nothing but white space.
    Empty,
    /// Not JSON at all (a picture, a note, a web page…).
    NotJson,
    /// JSON that stops before it is complete: a file cut short.
    Truncated,
    /// JSON whose `format` is the game record's.
    Record,
    /// JSON whose `format` is the sheet file's.
    SheetFile,
    /// Complete JSON of some other kind.
    OtherJson,
}

impl FileKind {
    /// Reads `text` just far enough to tell what it is.
    pub fn of(text: &str) -> FileKind {
        if text.trim().is_empty() {
            return FileKind::Empty;
        }
        match serde_json::from_str::<serde_json::Value>(text) {
            Err(e) if e.classify() == serde_json::error::Category::Eof => FileKind::Truncated,
            Err(_) => FileKind::NotJson,
            Ok(v) => match v.get("format").and_then(|f| f.as_str()) {
                Some(RECORD_FORMAT) => FileKind::Record,
                Some(SHEET_FORMAT) => FileKind::SheetFile,
                _ => FileKind::OtherJson,
            },
        }
    }
}

/// The kind of file a reader expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wanted {
    Record,
    SheetFile,
}

impl Wanted {
    fn name(self) -> &'static str {
        match self {
            Wanted::Record => "game record",
            Wanted::SheetFile => "sheet file",
        }
    }

    fn format(self) -> &'static str {
        match self {
            Wanted::Record => RECORD_FORMAT,
            Wanted::SheetFile => SHEET_FORMAT,
        }
    }

    /// What such a file is, for a player who may not know.
    fn described(self) -> &'static str {
        match self {
            Wanted::Record => "the JSON file a finished game offers to download",
            Wanted::SheetFile => "one player's sheet as JSON, for scoring",
        }
    }
}

/// Why `text` does not read as a `wanted` file, `error` being the parser's complaint: a plain
/// sentence, then the parser's detail in brackets.
pub(crate) fn explain(text: &str, wanted: Wanted, error: &serde_json::Error) -> String {
    let name = wanted.name();
    let plain = match FileKind::of(text) {
        FileKind::Empty => return format!("the file is empty: a {name} is {}", wanted.described()),
        FileKind::NotJson => format!(
            "this file is not a {name}: a {name} is {}, and this file is not JSON at all",
            wanted.described()
        ),
        FileKind::Truncated => format!(
            "the file ends too early: it is the beginning of a {} cut short (an interrupted \
             download or copy?), not a whole one",
            if text.contains(wanted.format()) {
                name
            } else {
                "JSON file"
            }
        ),
        FileKind::SheetFile if wanted == Wanted::Record => {
            "this is a sheet file (one player's sheet, for scoring), not a game record".to_string()
        }
        FileKind::Record if wanted == Wanted::SheetFile => {
            "this is a game record (a whole game, to replay), not a sheet file".to_string()
        }
        FileKind::Record | FileKind::SheetFile => format!(
            "this {name} cannot be read: it was changed by hand, damaged, or written by another \
             program"
        ),
        FileKind::OtherJson => format!(
            "this JSON file is not a {name}: a {name} is {}, and starts with \"format\": \"{}\"",
            wanted.described(),
            wanted.format()
        ),
    };
    format!("{plain} (detail: {error})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        assert_eq!(FileKind::of("  \n"), FileKind::Empty);
        assert_eq!(FileKind::of("my shopping list"), FileKind::NotJson);
        assert_eq!(
            FileKind::of("{\"format\": \"welcome-rec"),
            FileKind::Truncated
        );
        assert_eq!(FileKind::of("[1, 2"), FileKind::Truncated);
        assert_eq!(
            FileKind::of("{\"format\": \"welcome-record\"}"),
            FileKind::Record
        );
        assert_eq!(
            FileKind::of("{\"format\": \"welcome-sheet\", \"x\": 1}"),
            FileKind::SheetFile
        );
        assert_eq!(FileKind::of("{\"name\": \"Ann\"}"), FileKind::OtherJson);
        assert_eq!(FileKind::of("[1, 2]"), FileKind::OtherJson);
        assert_eq!(FileKind::of("{} trailing"), FileKind::NotJson);
    }
}
