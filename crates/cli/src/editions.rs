//! `welcome editions`: the built-in editions and their sheets, with every value group that is
//! still a placeholder, so nobody mistakes a stand-in number for the printed one.

use crate::error::CliError;
use clap::Args;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write;
use welcome_engine::{Edition, Mode, Module, Provenance, SheetLayout, Status};

#[derive(Args, Debug)]
pub struct EditionsArgs {
    /// Print the list as JSON.
    #[arg(long)]
    pub json: bool,
}

/// A value group marked as a placeholder in the data.
#[derive(Serialize, Debug, PartialEq, Eq)]
struct Placeholder<'a> {
    /// Which values.
    what: &'a str,
    /// Where the stand-in comes from.
    source: &'a str,
}

#[derive(Serialize)]
struct SheetReport<'a> {
    id: &'a str,
    name: &'a str,
    default: bool,
    modules: &'a [Module],
    /// Houses per street, top street first.
    streets: Vec<u8>,
    /// City Plans that can be dealt with this sheet (the edition's and its own).
    plans: usize,
    /// Of which this sheet's own.
    own_plans: usize,
    placeholder: bool,
    placeholders: Vec<Placeholder<'a>>,
}

#[derive(Serialize)]
struct EditionReport<'a> {
    id: &'a str,
    name: &'a str,
    default_sheet: &'a str,
    /// Construction cards in the deck.
    cards: usize,
    /// The 9¾ cards a table may add (`--nine-three-quarters`); left out when the edition has
    /// none.
    #[serde(skip_serializing_if = "is_zero")]
    nine_three_quarters: usize,
    /// The modes this build plays, with their seat ranges.
    modes: Vec<ModeReport>,
    placeholder: bool,
    /// The edition file's own placeholders (deck, plans, solo rules); sheets list theirs.
    placeholders: Vec<Placeholder<'a>>,
    /// The AAA solo game's opponent cards (collector §15.7), one per level.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    aaa_opponents: Vec<OpponentReport<'a>>,
    sheets: Vec<SheetReport<'a>>,
}

#[derive(Serialize)]
struct OpponentReport<'a> {
    name: &'a str,
    #[serde(flatten)]
    card: welcome_engine::AaaCard,
    placeholder: bool,
    placeholders: Vec<Placeholder<'a>>,
}

#[derive(Serialize)]
struct ModeReport {
    id: Mode,
    min_seats: usize,
    max_seats: usize,
}

#[derive(Serialize)]
struct Report<'a> {
    editions: Vec<EditionReport<'a>>,
}

fn placeholders(provenance: &[Provenance]) -> Vec<Placeholder<'_>> {
    provenance
        .iter()
        .filter(|p| p.status == Status::Placeholder)
        .map(|p| Placeholder {
            what: &p.what,
            source: &p.source,
        })
        .collect()
}

fn sheet_report<'a>(edition: &'a Edition, sheet: &'a SheetLayout) -> SheetReport<'a> {
    let placeholders = placeholders(&sheet.provenance);
    SheetReport {
        id: sheet.id.as_str(),
        name: &sheet.name,
        default: sheet.id == edition.default_sheet().id,
        modules: &sheet.modules,
        streets: sheet.streets.iter().map(|s| s.houses).collect(),
        plans: edition.plans_of(sheet).count(),
        own_plans: sheet.plans.len(),
        placeholder: !placeholders.is_empty(),
        placeholders,
    }
}

fn report(editions: &[Edition]) -> Report<'_> {
    Report {
        editions: editions
            .iter()
            .map(|e| {
                let placeholders = placeholders(&e.provenance);
                EditionReport {
                    id: e.id.as_str(),
                    name: &e.name,
                    default_sheet: e.default_sheet().id.as_str(),
                    cards: e.deck.len(),
                    nine_three_quarters: e.nine_three_quarters.len(),
                    modes: Mode::ALL
                        .iter()
                        .filter(|m| m.available(e))
                        .map(|&id| {
                            let (min_seats, max_seats) = id.seats(e);
                            ModeReport {
                                id,
                                min_seats,
                                max_seats,
                            }
                        })
                        .collect(),
                    placeholder: !placeholders.is_empty(),
                    placeholders,
                    aaa_opponents: e
                        .aaa
                        .iter()
                        .flat_map(|a| &a.opponents)
                        .map(|o| {
                            let placeholders = self::placeholders(&o.provenance);
                            OpponentReport {
                                name: &o.name,
                                card: o.card,
                                placeholder: !placeholders.is_empty(),
                                placeholders,
                            }
                        })
                        .collect(),
                    sheets: e.sheets.iter().map(|s| sheet_report(e, s)).collect(),
                }
            })
            .collect(),
    }
}

fn module_names(modules: &[Module]) -> String {
    if modules.is_empty() {
        return "-".into();
    }
    let names: Vec<String> = modules
        .iter()
        .map(|m| {
            serde_json::to_value(m)
                .ok()
                .and_then(|v| v.as_str().map(String::from))
                .unwrap_or_else(|| format!("{m:?}"))
        })
        .collect();
    names.join(", ")
}

/// A placeholder's line. The built-in data's `source` cites sections of the project's rules
/// specification, which is not shipped, so the text says instead where a stand-in comes from
/// when the data says so, and each edition's block ends with documents a user has
/// (`PLACEHOLDER_HELP`). A source written in an edition data folder of one's own is shown.
fn placeholder_lines(out: &mut String, indent: &str, list: &[Placeholder<'_>]) {
    for p in list {
        let origin = if cites_the_specification(p.source) {
            if p.source.contains("(1st-edition sheet)") {
                " (stand-in: the 1st edition's Classic sheet)".to_string()
            } else {
                String::new()
            }
        } else {
            format!(" ({})", p.source)
        };
        let _ = writeln!(out, "{indent}PLACEHOLDER: {}{origin}", p.what);
    }
}

/// Whether a provenance source names a file of the rules specification (`rules-….md §…`).
fn cites_the_specification(source: &str) -> bool {
    source.starts_with("rules-") && source.contains(".md")
}

/// Where a user reads about placeholders: shipped documents and their own cards.
const PLACEHOLDER_HELP: &str = "  Placeholders are stand-ins for values only known from pictures \
     of the cards and sheets: docs/rules-choices.md says how the engine plays each, and the \
     README's \"Enter your cards' values\" how to play with the values printed on your own \
     cards (the rulebook and the cards in the box are the reference).";

/// The text form: one block per edition, one line per sheet, placeholders spelt out below the
/// line they belong to.
fn text(r: &Report<'_>) -> String {
    let mut out = String::new();
    for (i, e) in r.editions.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let extra = match e.nine_three_quarters {
            0 => String::new(),
            n => format!(", {n} more with the 9¾ cards: --nine-three-quarters"),
        };
        let _ = writeln!(
            out,
            "edition {} — {} ({} cards{extra})",
            e.id, e.name, e.cards
        );
        let _ = writeln!(
            out,
            "  values: {}",
            if e.placeholder {
                "some are PLACEHOLDERS"
            } else {
                "all verified"
            }
        );
        placeholder_lines(&mut out, "    ", &e.placeholders);
        let modes: Vec<String> = e
            .modes
            .iter()
            .map(|m| {
                let (lo, hi) = (m.min_seats, m.max_seats);
                let seats = if lo == hi {
                    format!("{lo} seat{}", if lo == 1 { "" } else { "s" })
                } else {
                    format!("{lo}–{hi} seats")
                };
                format!("{} ({seats})", m.id.name().to_lowercase())
            })
            .collect();
        let _ = writeln!(out, "  modes: {}", modes.join(", "));
        for o in &e.aaa_opponents {
            let c = &o.card;
            let letters: String = ['A', 'B', 'C']
                .iter()
                .enumerate()
                .filter(|&(i, _)| c.validates.letter(i))
                .map(|(_, l)| *l)
                .collect();
            let values = match (&c.scoring, &c.temp_places) {
                (Some(s), _) => format!(
                    "park {}, pool {}, temp {}, fence {}, extension houses {}, improvement {}",
                    s.park, s.pool, s.temp, s.fence, s.ext_houses, s.impr
                ),
                (None, Some(p)) => format!(
                    "scores nothing; temps 1st/2nd/3rd from {}/{}/{} boxes",
                    p[0], p[1], p[2]
                ),
                (None, None) => String::new(),
            };
            let _ = writeln!(
                out,
                "  AAA level {}: {} — validates {letters}; {values}",
                c.level, o.name
            );
            placeholder_lines(&mut out, "    ", &o.placeholders);
        }
        let rows: Vec<[String; 6]> = e
            .sheets
            .iter()
            .map(|s| {
                let streets: Vec<String> = s.streets.iter().map(u8::to_string).collect();
                [
                    if s.default {
                        format!("{} (default)", s.id)
                    } else {
                        s.id.to_string()
                    },
                    s.name.to_string(),
                    module_names(s.modules),
                    streets.join("/"),
                    format!("{} ({} own)", s.plans, s.own_plans),
                    if s.placeholder {
                        "PLACEHOLDER".into()
                    } else {
                        "verified".into()
                    },
                ]
            })
            .collect();
        let head = ["sheet", "name", "modules", "houses", "plans", "values"];
        let width = |c: usize| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([head[c].len()])
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..head.len()).map(width).collect();
        let line = |cells: &[&str]| {
            let mut l = String::from("  ");
            for (c, cell) in cells.iter().enumerate() {
                if c + 1 == cells.len() {
                    l += cell;
                } else {
                    let pad = widths[c] - cell.chars().count();
                    l += &format!("{cell}{}  ", " ".repeat(pad));
                }
            }
            l
        };
        let _ = writeln!(out, "{}", line(&head));
        for (row, s) in rows.iter().zip(&e.sheets) {
            let cells: Vec<&str> = row.iter().map(String::as_str).collect();
            let _ = writeln!(out, "{}", line(&cells));
            placeholder_lines(&mut out, "    ", &s.placeholders);
        }
        let any = e.placeholder
            || e.aaa_opponents.iter().any(|o| o.placeholder)
            || e.sheets.iter().any(|s| s.placeholder);
        if any {
            let _ = writeln!(out, "{PLACEHOLDER_HELP}");
        }
    }
    out
}

pub fn run(args: &EditionsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let r = report(Edition::all());
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&r)?)?;
    } else {
        out.write_all(text(&r).as_bytes())?;
    }
    Ok(())
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in data has no placeholder today, so one is made up on a copy.
    fn with_placeholder() -> Vec<Edition> {
        let mut e = Edition::first().clone();
        let sheet = e
            .sheets
            .iter_mut()
            .find(|s| s.id == "easter")
            .expect("the 1st edition has an Easter sheet");
        sheet.provenance.push(Provenance {
            what: "egg points".into(),
            status: Status::Placeholder,
            source: "a guess".into(),
        });
        vec![e]
    }

    #[test]
    fn placeholders_are_named_in_text_and_json() {
        let editions = with_placeholder();
        let r = report(&editions);
        let easter = r.editions[0]
            .sheets
            .iter()
            .find(|s| s.id == "easter")
            .unwrap();
        assert!(easter.placeholder);
        assert_eq!(
            easter.placeholders,
            [Placeholder {
                what: "egg points",
                source: "a guess"
            }]
        );
        assert!(r.editions[0]
            .sheets
            .iter()
            .filter(|s| s.id != "easter")
            .all(|s| !s.placeholder && s.placeholders.is_empty()));
        let t = text(&r);
        let lines: Vec<&str> = t.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.trim_start().starts_with("easter "))
            .expect("an Easter line");
        assert!(lines[at].ends_with("PLACEHOLDER"), "{t}");
        assert_eq!(lines[at + 1].trim(), "PLACEHOLDER: egg points (a guess)");
        assert_eq!(t.matches("PLACEHOLDER:").count(), 1, "{t}");
        assert!(t.contains("docs/rules-choices.md"), "{t}");
    }

    #[test]
    fn the_text_cites_only_what_a_user_has() {
        let t = text(&report(Edition::all()));
        assert!(t.contains("PLACEHOLDER: "), "{t}");
        assert!(
            !t.contains(".md §") && !t.contains("rules-collector"),
            "{t}"
        );
        assert!(
            t.contains("(stand-in: the 1st edition's Classic sheet)"),
            "{t}"
        );
        assert_eq!(t.matches("docs/rules-choices.md").count(), 1, "{t}");
        // The documents it cites are in the repository.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        assert!(readme.contains("Enter your cards' values"));
        assert!(root.join("docs/rules-choices.md").is_file());
    }

    #[test]
    fn edition_placeholders_are_listed_too() {
        let mut e = Edition::first().clone();
        e.provenance[0].status = Status::Placeholder;
        let editions = [e];
        let t = text(&report(&editions));
        assert!(t.contains("values: some are PLACEHOLDERS"), "{t}");
        assert!(
            t.contains(&format!("PLACEHOLDER: {}", editions[0].provenance[0].what)),
            "{t}"
        );
    }
}
