//! House numbers: the whole numbers 0–17 and the three-quarter numbers of the collector
//! edition's 9¾ cards (collector expansions §11): a 9¾ card, with a temp, writes 7¾ to 11¾.
//!
//! A number is a `u8` code. Codes 0–17 are the whole numbers themselves, so everything written
//! before the ¾ numbers existed (records, sheet files, messages) reads and writes unchanged;
//! codes 18–22 are 7¾, 8¾, 9¾, 10¾ and 11¾ (`quarter`). Code order is not number order: the
//! ordering rule compares `rank`s (a number in quarters: n is 4n, n¾ is 4n + 3, strictly
//! between n and n + 1, §11.3 items 1–2), and where the rules say that n¾ counts as n (eggs,
//! shelters, the AAA's highest card, §11.3 item 4) they read `floor`. A pick's numbers stay a
//! range of codes: a whole card gives whole numbers, a 9¾ card gives ¾ numbers (`numbers_for`).
//!
//! In files and on the wire a whole number stays a JSON integer and a ¾ number is the string
//! `"9¾"` (`serde_code`); in a card or a sheet file's house it is written the same way
//! (`"9¾-surveyor"`, `"9¾b"`). Nothing else is accepted: `9.75`, `"9.75"`, `"9 3/4"` and a ¾
//! number outside 7¾–11¾ are refused with a message that says how to write one.

use std::fmt;

/// The largest whole number that can be written (15 + 2 with a temp).
pub const MAX_WHOLE: u8 = 17;
/// The code of the first ¾ number, 7¾.
const QUARTER_BASE: u8 = MAX_WHOLE + 1;
/// The ¾ numbers run from 7¾ to 11¾ (9¾ ± 2, §11.3 item 2).
pub const FIRST_QUARTER: u8 = 7;
pub const LAST_QUARTER: u8 = 11;
/// The code of 9¾, the number printed on the 9¾ cards.
pub const NINE_THREE_QUARTERS: u8 = QUARTER_BASE + (9 - FIRST_QUARTER);
/// The largest code.
pub const MAX_CODE: u8 = QUARTER_BASE + (LAST_QUARTER - FIRST_QUARTER);
/// The largest rank (17, in quarters).
pub const MAX_RANK: u8 = 4 * MAX_WHOLE;

/// The code of n¾, for n from 7 to 11.
pub const fn quarter(n: u8) -> Option<u8> {
    if n >= FIRST_QUARTER && n <= LAST_QUARTER {
        Some(QUARTER_BASE + (n - FIRST_QUARTER))
    } else {
        None
    }
}

/// Whether `v` is a ¾ number.
#[inline]
pub const fn is_quarter(v: u8) -> bool {
    v.wrapping_sub(QUARTER_BASE) <= MAX_CODE - QUARTER_BASE
}

/// Whether `v` is a number's code at all.
#[inline]
pub const fn is_number(v: u8) -> bool {
    v <= MAX_CODE
}

/// The whole part: n¾ counts as n (eggs, shelters, §11.3 item 4); a whole number is itself.
#[inline]
pub const fn floor(v: u8) -> u8 {
    if is_quarter(v) {
        v - QUARTER_BASE + FIRST_QUARTER
    } else {
        v
    }
}

/// The number in quarters, the order of the ordering rule: n is 4n, n¾ is 4n + 3. (Without a
/// branch: the ordering rule runs it for every house of every candidate sheet; for a ¾ code
/// v = n + 11, 4n + 3 = 4v − 41.)
#[inline]
pub const fn rank(v: u8) -> u8 {
    v.wrapping_mul(4).wrapping_sub(41 * is_quarter(v) as u8)
}

/// The whole numbers inside a range of ranks (`None` if there is none).
#[inline]
pub const fn whole_range(lo: u8, hi: u8) -> Option<(u8, u8)> {
    let (a, b) = (lo.div_ceil(4), hi / 4);
    if a <= b {
        Some((a, b))
    } else {
        None
    }
}

/// Whether number `v` lies in the rank range `(lo, hi)`.
#[inline]
pub const fn fits(range: (u8, u8), v: u8) -> bool {
    let r = rank(v);
    range.0 <= r && r <= range.1
}

/// A number as players write it: `9`, `9¾`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown(pub u8);

/// `v` as players write it (for messages).
pub fn shown(v: u8) -> Shown {
    Shown(v)
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if is_quarter(self.0) {
            write!(f, "{}¾", floor(self.0))
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// What a text that should be a number is not.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    #[error("{text:?} is not a house number: numbers are 0 to 17, or 7¾ to 11¾ written with the ¾ sign (\"9¾\")")]
    Text { text: String },
    #[error("{text:?}: the ¾ numbers are 7¾ to 11¾ (a 9¾ card, ±2 with a temp)")]
    QuarterRange { text: String },
    #[error("{value} is not a house number: whole numbers are 0 to 17")]
    Whole { value: u64 },
}

/// Parses a number as `Shown` writes it: `"0"` … `"17"`, `"7¾"` … `"11¾"`.
pub fn parse(text: &str) -> Result<u8, NumberError> {
    let bad = || NumberError::Text {
        text: text.to_string(),
    };
    let (digits, three_quarters) = match text.strip_suffix('¾') {
        Some(d) => (d, true),
        None => (text, false),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u64 = digits.parse().map_err(|_| bad())?;
    if three_quarters {
        u8::try_from(n)
            .ok()
            .and_then(quarter)
            .ok_or_else(|| NumberError::QuarterRange {
                text: text.to_string(),
            })
    } else if n <= u64::from(MAX_WHOLE) {
        Ok(n as u8)
    } else {
        Err(NumberError::Whole { value: n })
    }
}

/// Serde for a number field: a whole number as a JSON integer (as before the ¾ numbers), a ¾
/// number as the string `"9¾"`.
pub mod serde_code {
    use super::*;
    use serde::de::{self, Visitor};
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u8, s: S) -> Result<S::Ok, S::Error> {
        if is_quarter(*v) {
            s.collect_str(&shown(*v))
        } else {
            s.serialize_u8(*v)
        }
    }

    struct Code;

    impl Visitor<'_> for Code {
        type Value = u8;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a house number: an integer 0–17, or a string \"7¾\" … \"11¾\"")
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u8, E> {
            if v <= u64::from(MAX_WHOLE) {
                Ok(v as u8)
            } else {
                Err(E::custom(NumberError::Whole { value: v }))
            }
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u8, E> {
            match u64::try_from(v) {
                Ok(v) => self.visit_u64(v),
                Err(_) => Err(E::custom(format!(
                    "{v} is not a house number: whole numbers are 0 to 17"
                ))),
            }
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<u8, E> {
            Err(E::custom(format!(
                "{v} is not a house number: whole numbers are integers 0 to 17, and a ¾ number is written as a string, \"9¾\""
            )))
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<u8, E> {
            match parse(v) {
                Ok(n) if is_quarter(n) => Ok(n),
                Ok(_) => Err(E::custom(format!(
                    "{v:?}: a whole number is written as an integer, not a string"
                ))),
                Err(e) => Err(E::custom(e)),
            }
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        d.deserialize_any(Code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_ranks_and_text() {
        assert_eq!(quarter(9), Some(NINE_THREE_QUARTERS));
        assert_eq!(quarter(6), None);
        assert_eq!(quarter(12), None);
        for v in 0..=MAX_CODE {
            assert_eq!(parse(&shown(v).to_string()), Ok(v));
            assert_eq!(rank(v) % 4 == 3, is_quarter(v));
        }
        // n < n¾ < n + 1.
        for n in FIRST_QUARTER..=LAST_QUARTER {
            let q = quarter(n).unwrap();
            assert!(rank(n) < rank(q) && rank(q) < rank(n + 1));
            assert_eq!(floor(q), n);
            assert_eq!(shown(q).to_string(), format!("{n}¾"));
        }
        for bad in [
            "", "¾", "9.75", "9 ¾", "18", "6¾", "12¾", "-1", "1000", "9¾¾",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(whole_range(37, 39), None);
        assert_eq!(whole_range(37, 40), Some((10, 10)));
        assert_eq!(whole_range(0, MAX_RANK), Some((0, 17)));
    }

    #[test]
    fn json_form() {
        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        struct N {
            #[serde(with = "serde_code")]
            n: u8,
        }
        let text = |v| serde_json::to_string(&N { n: v }).unwrap();
        assert_eq!(text(9), r#"{"n":9}"#);
        assert_eq!(text(NINE_THREE_QUARTERS), r#"{"n":"9¾"}"#);
        for v in 0..=MAX_CODE {
            assert_eq!(serde_json::from_str::<N>(&text(v)).unwrap().n, v);
        }
        for bad in [
            r#"{"n":18}"#,
            r#"{"n":9.75}"#,
            r#"{"n":"9"}"#,
            r#"{"n":"12¾"}"#,
            r#"{"n":-1}"#,
        ] {
            let e = serde_json::from_str::<N>(bad).unwrap_err().to_string();
            assert!(e.contains("number"), "{bad}: {e}");
        }
    }
}
