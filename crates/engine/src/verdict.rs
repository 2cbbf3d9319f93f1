//! The sentence that says why the winner won (Ruling 16): the higher total; else more completed
//! estates; else more estates of size 1, then 2, …; else the victory is shared. Written by the
//! engine so that every front end words the tie-break the same way.

use crate::edition::TieBreakRule;
use crate::score::Score;

fn list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn points(n: i32) -> String {
    if n == 1 || n == -1 {
        format!("{n} point")
    } else {
        format!("{n} points")
    }
}

/// One sentence saying why the winner won (Ruling 16): the higher total; else more completed
/// estates; else more estates of size 1, then 2, …; else the victory is shared.
pub fn verdict(names: &[String], scores: &[Score], ranks: &[u16], solo: bool) -> String {
    verdict_by(TieBreakRule::EstatesThenSizes, names, scores, ranks, solo)
}

/// `verdict` under an edition's tie-break rule (the collector edition stops at complete
/// estates, Ruling C18).
pub fn verdict_by(
    rule: TieBreakRule,
    names: &[String],
    scores: &[Score],
    ranks: &[u16],
    solo: bool,
) -> String {
    let name = |i: usize| names.get(i).map_or("?", String::as_str);
    if scores.is_empty() {
        return String::new();
    }
    if solo || scores.len() == 1 {
        return format!("{} scores {}.", name(0), points(scores[0].total));
    }
    let winners: Vec<usize> = (0..ranks.len()).filter(|&i| ranks[i] == 1).collect();
    let Some(&w) = winners.first() else {
        return String::new();
    };
    let total = scores[w].total;
    if winners.len() > 1 {
        let who: Vec<&str> = winners.iter().map(|&i| name(i)).collect();
        if rule == TieBreakRule::Estates {
            return format!(
                "{} share the victory: the same total ({}) and the same number of complete \
                 estates ({}).",
                list(&who),
                points(total),
                scores[w].tie_break.estates
            );
        }
        return format!(
            "{} share the victory: the same total ({}), the same number of completed estates ({}) \
             and the same number of estates of every size.",
            list(&who),
            points(total),
            scores[w].tie_break.estates
        );
    }
    // The strongest seat with the winner's total, if any: the one the tie-break had to beat.
    let rival = (0..scores.len())
        .filter(|&i| i != w && scores[i].total == total)
        .max_by(|&a, &b| scores[a].compare(&scores[b]));
    let Some(r) = rival else {
        return format!(
            "{} wins with the highest total ({}).",
            name(w),
            points(total)
        );
    };
    let (a, b) = (scores[w].tie_break, scores[r].tie_break);
    if a.estates != b.estates {
        return format!(
            "{} and {} both have {}; {} wins with more completed estates ({} against {}).",
            name(w),
            name(r),
            points(total),
            name(w),
            a.estates,
            b.estates
        );
    }
    let size = (0..a.by_size.len())
        .find(|&k| a.by_size[k] != b.by_size[k])
        .unwrap_or(0);
    format!(
        "{} and {} both have {} and {} completed estates; {} wins with more estates of size {} \
         ({} against {}).",
        name(w),
        name(r),
        points(total),
        a.estates,
        name(w),
        size + 1,
        a.by_size[size],
        b.by_size[size]
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition::Edition;
    use crate::score::{ranks, Temps};
    use crate::sheet::Sheet;

    fn score(total: i32, estates: u8, by_size: [u8; 6]) -> Score {
        let ed = Edition::first();
        let layout = ed.default_sheet();
        let mut s = Score::of(layout, &Sheet::new(layout), Temps::Solo);
        s.total = total;
        s.tie_break.estates = estates;
        s.tie_break.by_size = by_size;
        s
    }

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bob".into(), "Cy".into()]
    }

    #[test]
    fn highest_total() {
        let s = vec![score(50, 3, [0; 6]), score(40, 5, [0; 6])];
        let t = verdict(&names(), &s, &ranks(&s), false);
        assert_eq!(t, "Ann wins with the highest total (50 points).");
    }

    #[test]
    fn completed_estates_then_sizes_then_shared() {
        let s = vec![score(50, 3, [0; 6]), score(50, 4, [0; 6])];
        let t = verdict(&names(), &s, &ranks(&s), false);
        assert!(
            t.contains("Bob wins with more completed estates (4 against 3)"),
            "{t}"
        );

        let s = vec![
            score(50, 4, [1, 2, 1, 0, 0, 0]),
            score(50, 4, [1, 3, 0, 0, 0, 0]),
        ];
        let t = verdict(&names(), &s, &ranks(&s), false);
        assert!(
            t.contains("Bob wins with more estates of size 2 (3 against 2)"),
            "{t}"
        );

        let s = vec![
            score(50, 4, [0; 6]),
            score(50, 4, [0; 6]),
            score(20, 1, [0; 6]),
        ];
        let t = verdict(&names(), &s, &ranks(&s), false);
        assert!(t.starts_with("Ann and Bob share the victory"), "{t}");
    }
}
