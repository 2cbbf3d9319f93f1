//! `welcome score`: the breakdown of one sheet file.

use crate::edition::EditionArgs;
use crate::error::CliError;
use crate::files::{display_name, read_input, shell_word};
use crate::text;
use clap::Args;
use std::io::Write;
use welcome_engine::{Edition, FileKind, SheetFile, SheetFileError, SheetId};

#[derive(Args, Debug)]
pub struct ScoreArgs {
    /// A sheet file (format "welcome-sheet"), or - for standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Print the score as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also draw the sheet.
    #[arg(long, conflicts_with = "json")]
    pub show: bool,
    /// Check that the sheet file is of this edition (it names its own) [default: no check].
    #[arg(long, value_name = "ID")]
    pub edition: Option<String>,
    /// Check that the sheet file is for this sheet (it names its own, `sheet_id`, classic when absent) [default: no
    /// check].
    #[arg(long, value_name = "ID")]
    pub sheet: Option<String>,
}

pub fn run(args: &ScoreArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let text = read_input(&args.file)?;
    let err = |source| match (&source, FileKind::of(&text)) {
        (SheetFileError::Json(message), FileKind::Record) => CliError::OtherKind {
            path: display_name(&args.file).to_string(),
            message: message.clone(),
            command: "replay",
            file: shell_word(&args.file),
            does: "replays",
        },
        _ => CliError::Sheet {
            path: display_name(&args.file).to_string(),
            source,
        },
    };
    let file = SheetFile::from_json(&text).map_err(err)?;
    EditionArgs::new(&args.edition, &args.sheet).check_file(
        display_name(&args.file),
        "sheet file",
        &file.edition,
        file.sheet_id,
    )?;
    let (sheet, score) = file.score().map_err(err)?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&score)?)?;
        return Ok(());
    }
    if args.show {
        writeln!(out, "{sheet}\n{}\n", text::LEGEND)?;
    }
    let temps = if file.solo {
        "solo temps: 6 or more score 7".to_string()
    } else if file.temps_of_others.is_empty() {
        "temps ranked against no other player".to_string()
    } else {
        let others: Vec<String> = file.temps_of_others.iter().map(u8::to_string).collect();
        format!("temps ranked against {}", others.join(", "))
    };
    // The classic sheet goes unnamed, as before sheets were named.
    let sheet_name = Edition::by_id(&file.edition)
        .and_then(|e| e.sheet(file.sheet_id))
        .filter(|l| l.id != SheetId::classic())
        .map(|l| format!(", {} sheet", l.name))
        .unwrap_or_default();
    writeln!(out, "{}{sheet_name} ({temps})", display_name(&args.file))?;
    write!(
        out,
        "{}",
        text::breakdown(&["points".to_string()], std::slice::from_ref(&score))
    )?;
    writeln!(
        out,
        "total {} points; tie-break: {} completed estates",
        score.total, score.tie_break.estates
    )?;
    Ok(())
}
