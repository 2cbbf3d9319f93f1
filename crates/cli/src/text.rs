//! Text shared by the commands: score breakdowns, standings, the tie-break verdict, plans and
//! end triggers.

use serde::Serialize;
use std::cmp::Ordering;
use std::fmt::Write as _;
use welcome_engine::{EndReason, Game, Score};

/// One row of a breakdown: a label and one cell per seat.
struct Row {
    label: String,
    cells: Vec<String>,
}

/// Every row of the sheet's total row, one column per seat (spec §9.3, thematic §1.6): a
/// line per box for rows printed as several boxes (plans, parks per street, estate sizes,
/// a thematic row per street), penalties as negative numbers, the total and the tie-break
/// counts (spec §9.4).
pub fn breakdown(names: &[String], scores: &[Score]) -> String {
    let col = |f: &dyn Fn(&Score) -> String| scores.iter().map(f).collect::<Vec<_>>();
    let row = |label: &str, cells: Vec<String>| Row {
        label: label.to_string(),
        cells,
    };
    let mut rows = Vec::new();
    let first = scores.first().map(|s| s.rows.clone()).unwrap_or_default();
    for (r, sr) in first.iter().enumerate() {
        let cell = |s: &Score| s.rows.get(r).map_or(0, |x| x.points);
        // Boxes that add up to the row's points get a line each; boxes that count something
        // the row turns into points (Easter: eggs per street) go on one line under the points.
        let adds_up = |s: &Score| match s.rows.get(r) {
            Some(x) => {
                let sum: i32 = x.parts.iter().sum();
                sum == x.points || -sum == x.points
            }
            None => true,
        };
        if sr.parts.len() > 1 && !scores.iter().all(adds_up) {
            rows.push(row(&sr.label.to_lowercase(), col(&|s| cell(s).to_string())));
            rows.push(row(
                &format!("  boxes 1–{}", sr.parts.len()),
                col(&|s| {
                    let parts = s.rows.get(r).map(|x| x.parts.as_slice()).unwrap_or(&[]);
                    let v: Vec<String> = parts.iter().map(i32::to_string).collect();
                    v.join("/")
                }),
            ));
        } else if sr.parts.len() > 1 {
            let sign = if sr.points < 0 { -1 } else { 1 };
            for k in 0..sr.parts.len() {
                rows.push(row(
                    &format!("{} {}", sr.label.to_lowercase(), k + 1),
                    col(&|s| {
                        let v = s.rows.get(r).and_then(|x| x.parts.get(k)).copied();
                        (sign * v.unwrap_or(0)).to_string()
                    }),
                ));
            }
        } else {
            rows.push(row(&sr.label.to_lowercase(), col(&|s| cell(s).to_string())));
        }
    }
    let rule = rows.len();
    rows.push(row("total", col(&|s| s.total.to_string())));
    rows.push(row(
        "completed estates",
        col(&|s| s.tie_break.estates.to_string()),
    ));
    rows.push(row(
        "  by size 1–6",
        col(&|s| {
            let v: Vec<String> = s.tie_break.by_size.iter().map(u8::to_string).collect();
            v.join("/")
        }),
    ));

    let label_w = rows
        .iter()
        .map(|r| r.label.chars().count())
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..scores.len())
        .map(|c| {
            let head = names.get(c).map_or(0, |n| n.chars().count());
            rows.iter()
                .map(|r| r.cells[c].chars().count())
                .max()
                .unwrap_or(0)
                .max(head)
        })
        .collect();
    let mut out = String::new();
    let pad = |s: &str, w: usize| format!("{}{s}", " ".repeat(w.saturating_sub(s.chars().count())));
    let _ = write!(out, "{}", " ".repeat(label_w));
    for (c, w) in widths.iter().enumerate() {
        let name = names.get(c).map_or("", String::as_str);
        let _ = write!(out, "  {}", pad(name, *w));
    }
    out.push('\n');
    for (i, r) in rows.iter().enumerate() {
        if i == rule {
            let total_w = label_w + widths.iter().map(|w| w + 2).sum::<usize>();
            let _ = writeln!(out, "{}", "-".repeat(total_w));
        }
        let _ = write!(
            out,
            "{}{}",
            r.label,
            " ".repeat(label_w - r.label.chars().count())
        );
        for (cell, w) in r.cells.iter().zip(&widths) {
            let _ = write!(out, "  {}", pad(cell, *w));
        }
        out.push('\n');
    }
    out
}

/// What settled first place (spec §9.4, Ruling 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// A solo game has no opponent.
    Solo,
    /// More points.
    Total,
    /// Equal points, more completed estates.
    Estates,
    /// Equal so far, more completed estates of this size (1–6).
    Size(u8),
    /// Equal on everything: the victory is shared.
    Shared,
}

impl Serialize for Decider {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Decider::Solo => s.serialize_str("solo"),
            Decider::Total => s.serialize_str("total"),
            Decider::Estates => s.serialize_str("completed-estates"),
            Decider::Size(k) => s.collect_str(&format_args!("estates-of-size-{k}")),
            Decider::Shared => s.serialize_str("shared"),
        }
    }
}

/// Who won and why.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// Seats ranked first, numbered from 1 as in records and messages.
    pub winners: Vec<usize>,
    pub decided_by: Decider,
    pub explanation: String,
}

fn list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Explains first place from the scores: total, else completed estates, else estates of size
/// 1, 2, …, 6; a full tie is a shared victory.
pub fn verdict(names: &[String], scores: &[Score]) -> Verdict {
    let name = |i: usize| names.get(i).map_or("?", String::as_str);
    let Some(best) = scores.iter().max_by(|a, b| a.compare(b)) else {
        return Verdict {
            winners: Vec::new(),
            decided_by: Decider::Shared,
            explanation: "no seats".into(),
        };
    };
    let winners: Vec<usize> = (0..scores.len())
        .filter(|&i| scores[i].compare(best) == Ordering::Equal)
        .collect();
    let seats = |w: &[usize]| w.iter().map(|&i| i + 1).collect::<Vec<_>>();
    if scores.len() == 1 {
        return Verdict {
            winners: seats(&winners),
            decided_by: Decider::Solo,
            explanation: format!("solo game: {} scores {} points", name(0), best.total),
        };
    }
    if winners.len() > 1 {
        let who: Vec<&str> = winners.iter().map(|&i| name(i)).collect();
        let t = &best.tie_break;
        return Verdict {
            winners: seats(&winners),
            decided_by: Decider::Shared,
            explanation: format!(
                "{} share the victory: {} points each, {} completed estates each and the same number of estates of every size",
                list(&who),
                best.total,
                t.estates
            ),
        };
    }
    let w = winners[0];
    let runner = (0..scores.len())
        .filter(|&i| i != w)
        .max_by(|&a, &b| scores[a].compare(&scores[b]))
        .unwrap_or(w);
    let (a, b) = (&scores[w], &scores[runner]);
    let (decided_by, explanation) = if a.total != b.total {
        (
            Decider::Total,
            format!(
                "{} wins on points: {} against {} for {}",
                name(w),
                a.total,
                b.total,
                name(runner)
            ),
        )
    } else if a.tie_break.estates != b.tie_break.estates {
        (
            Decider::Estates,
            format!(
                "{} and {} tie on {} points; {} wins on completed estates: {} against {}",
                name(w),
                name(runner),
                a.total,
                name(w),
                a.tie_break.estates,
                b.tie_break.estates
            ),
        )
    } else {
        let k = (0..6)
            .find(|&k| a.tie_break.by_size[k] != b.tie_break.by_size[k])
            .unwrap_or(0);
        (
            Decider::Size(k as u8 + 1),
            format!(
                "{} and {} tie on {} points and {} completed estates; {} wins on estates of size {}: {} against {}",
                name(w),
                name(runner),
                a.total,
                a.tie_break.estates,
                name(w),
                k + 1,
                a.tie_break.by_size[k],
                b.tie_break.by_size[k]
            ),
        )
    };
    Verdict {
        winners: seats(&winners),
        decided_by,
        explanation,
    }
}

/// "1st  greedy 2  72 points" lines, best first (shared ranks print the same rank).
pub fn standings(names: &[String], scores: &[Score], ranks: &[u16]) -> String {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by_key(|&i| (ranks.get(i).copied().unwrap_or(u16::MAX), i));
    let w = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for i in order {
        let rank = ranks.get(i).copied().unwrap_or(0);
        let n = &names[i];
        let _ = writeln!(
            out,
            "{:>5}  {n}{}  {:>4} points  {} completed estate{}",
            ordinal(rank),
            " ".repeat(w - n.chars().count()),
            scores[i].total,
            scores[i].tie_break.estates,
            if scores[i].tie_break.estates == 1 {
                ""
            } else {
                "s"
            }
        );
    }
    out
}

pub fn ordinal(n: u16) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Why the game ended, in words (spec §9.1).
pub fn end_reasons(end: &[EndReason], names: &[String]) -> String {
    let name = |s: usize| {
        names
            .get(s)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", s + 1))
    };
    let parts: Vec<String> = end
        .iter()
        .map(|r| match *r {
            EndReason::Refusals { seat } => {
                format!("{} crossed a third permit refusal", name(seat))
            }
            EndReason::Plans { seat } => format!("{} scored all three City Plans", name(seat)),
            EndReason::AllHouses { seat } => format!("{} filled every house", name(seat)),
            EndReason::DeckExhausted => "the last construction card was used".into(),
            EndReason::Declared => "the host ended the game (paper sheets)".into(),
        })
        .collect();
    if parts.is_empty() {
        "the game is not over".into()
    } else {
        parts.join("; ")
    }
}

/// The short name of an end trigger, as used in JSON and simulation tallies.
pub fn trigger_name(r: &EndReason) -> &'static str {
    match r {
        EndReason::Refusals { .. } => "refusals",
        EndReason::Plans { .. } => "plans",
        EndReason::AllHouses { .. } => "all-houses",
        EndReason::DeckExhausted => "deck-exhausted",
        EndReason::Declared => "declared",
    }
}

/// The three City Plans: requirement, values, whether approved, and who scored them.
pub fn plans(game: &Game, names: &[String]) -> String {
    let mut out = String::new();
    for (i, slot) in game.plans().iter().enumerate() {
        let Some(card) = game.edition().plan(slot.card) else {
            continue;
        };
        let scored: Vec<String> = game
            .sheets()
            .iter()
            .enumerate()
            .filter_map(|(s, sheet)| {
                sheet.plan_scores()[i]
                    .map(|p| format!("{} {p}", names.get(s).map_or("?", String::as_str)))
            })
            .collect();
        let _ = writeln!(
            out,
            "plan n°{} (card {}{}): {} — {} first, {} later{}; scored by {}",
            i + 1,
            card.id,
            if card.advanced { ", advanced" } else { "" },
            card.describe(),
            card.first,
            card.second,
            if slot.approved { ", approved" } else { "" },
            if scored.is_empty() {
                "nobody".to_string()
            } else {
                scored.join(", ")
            }
        );
    }
    out
}

/// What the marks of a sheet drawing mean.
pub const LEGEND: &str =
    "legend: | fence (or street end)  _ empty house  o empty house with a planned pool  \
5b bis house  R roundabout  * pool built  ' house used for a City Plan";

/// A verdict while the game goes on: nobody has won yet, someone leads.
pub fn so_far(explanation: &str) -> String {
    explanation
        .replace(" wins on ", " leads on ")
        .replace(" share the victory", " share the lead")
}

#[cfg(test)]
mod tests {
    use super::*;
    use welcome_engine::TieBreak;

    fn score(total: i32, by_size: [u8; 6]) -> Score {
        Score {
            rows: Vec::new(),
            total,
            tie_break: TieBreak {
                estates: by_size.iter().sum(),
                by_size,
            },
        }
    }

    fn names(n: usize) -> Vec<String> {
        ["Ada", "Bo", "Cy", "Di"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn total_decides_first() {
        let v = verdict(
            &names(3),
            &[
                score(50, [9, 0, 0, 0, 0, 0]),
                score(60, [0; 6]),
                score(55, [0; 6]),
            ],
        );
        assert_eq!(v.winners, [2]);
        assert_eq!(v.decided_by, Decider::Total);
        assert_eq!(v.explanation, "Bo wins on points: 60 against 55 for Cy");
    }

    #[test]
    fn then_completed_estates() {
        let v = verdict(
            &names(2),
            &[score(60, [0, 1, 0, 0, 0, 0]), score(60, [0, 0, 2, 0, 0, 0])],
        );
        assert_eq!(v.winners, [2]);
        assert_eq!(v.decided_by, Decider::Estates);
        assert!(
            v.explanation.contains("on completed estates: 2 against 1"),
            "{}",
            v.explanation
        );
    }

    #[test]
    fn then_estates_of_size_1_2_and_so_on() {
        // Same total and count; size 1 equal, size 2 decides (spec §9.4, Ruling 16).
        let v = verdict(
            &names(2),
            &[score(60, [1, 1, 2, 0, 0, 0]), score(60, [1, 2, 0, 1, 0, 0])],
        );
        assert_eq!(v.winners, [2]);
        assert_eq!(v.decided_by, Decider::Size(2));
        assert!(
            v.explanation.contains("estates of size 2: 2 against 1"),
            "{}",
            v.explanation
        );
    }

    #[test]
    fn full_tie_is_shared() {
        let s = score(60, [1, 1, 0, 0, 0, 0]);
        let v = verdict(&names(3), &[s.clone(), score(40, [0; 6]), s]);
        assert_eq!(v.winners, [1, 3]);
        assert_eq!(v.decided_by, Decider::Shared);
        assert!(
            v.explanation.starts_with("Ada and Cy share the victory"),
            "{}",
            v.explanation
        );
    }

    #[test]
    fn solo_has_no_opponent() {
        let v = verdict(&names(1), &[score(42, [0; 6])]);
        assert_eq!(v.winners, [1]);
        assert_eq!(v.decided_by, Decider::Solo);
    }

    #[test]
    fn decider_names() {
        let json =
            serde_json::to_string(&[Decider::Size(3), Decider::Estates, Decider::Shared]).unwrap();
        assert_eq!(
            json,
            r#"["estates-of-size-3","completed-estates","shared"]"#
        );
    }

    #[test]
    fn ordinals() {
        let v: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 112].map(ordinal).to_vec();
        assert_eq!(
            v,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "112th"]
        );
    }

    #[test]
    fn breakdown_has_one_column_per_seat() {
        let t = breakdown(
            &names(2),
            &[score(7, [1, 0, 0, 0, 0, 0]), score(-3, [0; 6])],
        );
        let total = t.lines().find(|l| l.starts_with("total")).unwrap();
        assert_eq!(
            total.split_whitespace().collect::<Vec<_>>(),
            ["total", "7", "-3"]
        );
        let head: Vec<&str> = t.lines().next().unwrap().split_whitespace().collect();
        assert_eq!(head, ["Ada", "Bo"]);
    }
}
