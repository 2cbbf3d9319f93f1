//! Display names: a player's name at a table, and a seat's name in a record to replay.
//!
//! A name is shown beside others on every screen, so it must be something a person can see and
//! must not change how the text around it is shown: a name like `A\u{202e}B` would reverse
//! what follows it, and a name of Hangul fillers or a braille blank looks like no name at all.

use crate::error::ApiError;

/// A display name: trimmed, 1 to `max` characters, at least one of them visible, no control
/// characters and no invisible formatting characters. The zero-width joiner is kept only
/// between two emoji (a family, a profession), and tag characters only in an emoji flag's tag
/// sequence (🏴 then tags then the cancel tag: England's flag), which is what they are for.
pub fn check_name(name: &str, max: usize) -> Result<String, ApiError> {
    let name = name.trim();
    let n = name.chars().count();
    let chars: Vec<char> = name.chars().collect();
    let fine = n > 0
        && n <= max
        && chars.iter().all(|&c| !c.is_control() && !invisible(c))
        && joiners_join_emoji(&chars)
        && tags_make_flags(&chars)
        && chars.iter().any(|&c| visible(c));
    if !fine {
        return Err(ApiError::bad_request(
            "bad_name",
            format!(
                "a name has 1 to {max} characters, at least one of them visible, and no control \
                 or invisible formatting characters"
            ),
        ));
    }
    Ok(name.to_string())
}

/// Invisible formatting characters that can change how text around them is shown, or hide
/// what a name is (Unicode's format characters, bar the joiner and tags checked on their own).
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{0600}'..='\u{0605}'
            | '\u{061C}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{08E2}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'
            | '\u{200C}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF0}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E001F}'
            | '\u{E0080}'..='\u{E0FFF}'
    )
}

/// Characters that draw nothing on their own: spaces, Hangul fillers, the braille blank,
/// variation selectors, joiners, tags and combining marks (which draw on the character
/// before them). A name needs one character that is none of these.
fn visible(c: char) -> bool {
    !(c.is_whitespace()
        || matches!(
            c,
            '\u{115F}'
                | '\u{1160}'
                | '\u{3164}'
                | '\u{FFA0}'
                | '\u{2800}'
                | '\u{200D}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{E0000}'..='\u{E0FFF}'
                | '\u{0300}'..='\u{036F}'
                | '\u{1AB0}'..='\u{1AFF}'
                | '\u{1DC0}'..='\u{1DFF}'
                | '\u{20D0}'..='\u{20FF}'
                | '\u{FE20}'..='\u{FE2F}'
                | '\u{1F3FB}'..='\u{1F3FF}'
        ))
}

/// An emoji, as far as a joiner sequence goes: the pictographic blocks, skin tones and the
/// emoji presentation selector (`❤️` is U+2764 U+FE0F).
fn emoji(c: char) -> bool {
    matches!(
        c,
        '\u{00A9}'
            | '\u{00AE}'
            | '\u{203C}'
            | '\u{2049}'
            | '\u{2122}'
            | '\u{2139}'
            | '\u{2194}'..='\u{21AA}'
            | '\u{2300}'..='\u{23FF}'
            | '\u{24C2}'
            | '\u{25A0}'..='\u{27BF}'
            | '\u{2934}'..='\u{2935}'
            | '\u{2B00}'..='\u{2BFF}'
            | '\u{3030}'
            | '\u{303D}'
            | '\u{3297}'
            | '\u{3299}'
            | '\u{FE0F}'
            | '\u{1F000}'..='\u{1FAFF}'
    )
}

/// Every zero-width joiner stands between two emoji.
fn joiners_join_emoji(chars: &[char]) -> bool {
    chars.iter().enumerate().all(|(i, &c)| {
        c != '\u{200D}'
            || (i > 0
                && emoji(chars[i - 1])
                && chars
                    .get(i + 1)
                    .is_some_and(|&n| emoji(n) && n != '\u{FE0F}'))
    })
}

/// Tag characters appear only as emoji tag sequences: the black flag U+1F3F4, then tag letters
/// and digits (U+E0020–U+E007E), then the cancel tag U+E007F.
fn tags_make_flags(chars: &[char]) -> bool {
    let tag = |c: char| ('\u{E0020}'..='\u{E007E}').contains(&c);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if tag(c) || c == '\u{E007F}' {
            return false;
        }
        if c == '\u{1F3F4}' && chars.get(i + 1).is_some_and(|&n| tag(n)) {
            let mut j = i + 1;
            while j < chars.len() && tag(chars[j]) {
                j += 1;
            }
            if chars.get(j) != Some(&'\u{E007F}') {
                return false;
            }
            i = j + 1;
            continue;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_refuse_bidi_and_invisible_characters() {
        assert_eq!(check_name("  Ann  ", 32).unwrap(), "Ann");
        assert_eq!(check_name("Zoé 🎲", 32).unwrap(), "Zoé 🎲");
        // Emoji sequences keep their joiners and tags.
        for fine in [
            "\u{1F468}\u{200D}\u{1F469}",
            "\u{1F469}\u{1F3FD}\u{200D}\u{1F52C}",
            "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
            "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
            "Ann \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "한글",
            "e\u{0301}",
        ] {
            assert!(check_name(fine, 32).is_ok(), "{fine:?}");
        }
        for bad in [
            "A\u{202E}B",
            "A\u{2066}B",
            "A\u{200B}B",
            "\u{200F}Ann",
            "Ann\u{FEFF}",
            "A\u{00AD}B",
            "A\nB",
            "",
            "   ",
            // Blank-looking names.
            "\u{3164}",
            "\u{115F}",
            "\u{1160}",
            "\u{FFA0}",
            "\u{2800}",
            "\u{3164}\u{2800}\u{115F}",
            "\u{FE0F}",
            "\u{0301}",
            // Joiners outside emoji sequences, tags outside flags.
            "A\u{200D}B",
            "\u{200D}",
            "Ann\u{200D}",
            "\u{1F468}\u{200D}",
            "Ann\u{E0041}",
            "\u{E0041}\u{E007F}",
            "\u{1F3F4}\u{E0067}\u{E0062}",
            "Ann\u{E007F}",
            "\u{1D173}Ann",
        ] {
            let e = check_name(bad, 32).unwrap_err();
            assert_eq!(e.code, "bad_name", "{bad:?}");
        }
        assert!(check_name(&"x".repeat(33), 32).is_err());
    }
}
