//! Construction cards: a house number on one side, an Effect on the other.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The six effects printed on the back of construction cards (spec §7).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Draw one fence (§7.1).
    #[default]
    Surveyor,
    /// Cross one real-estate column box (§7.2).
    RealEstate,
    /// Cross one park of the street just built in (§7.3).
    Landscaper,
    /// Build the planned pool of the house just written (§7.4).
    Pool,
    /// Adjust the number by −2…+2; always crosses a temp box (§7.5).
    Temp,
    /// Copy a neighbouring number (§7.6).
    Bis,
}

impl Effect {
    pub const ALL: [Effect; 6] = [
        Effect::Surveyor,
        Effect::RealEstate,
        Effect::Landscaper,
        Effect::Pool,
        Effect::Temp,
        Effect::Bis,
    ];

    /// The stable lower-case name used in files and on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Effect::Surveyor => "surveyor",
            Effect::RealEstate => "real-estate",
            Effect::Landscaper => "landscaper",
            Effect::Pool => "pool",
            Effect::Temp => "temp",
            Effect::Bis => "bis",
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Effect {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Effect::ALL.into_iter().find(|e| e.name() == s).ok_or(())
    }
}

/// One construction card. Identical faces are interchangeable, so a card is its faces. The
/// default is a blank for fixed-size storage (`legal::Cards`), never dealt. Written
/// `"NUMBER-EFFECT"`: `"7-bis"`, and a 9¾ card `"9¾-surveyor"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    /// The number's code (`crate::number`): 1–15, or 9¾ on the collector's 9¾ cards.
    pub number: u8,
    pub effect: Effect,
}

impl Card {
    pub const fn new(number: u8, effect: Effect) -> Card {
        Card { number, effect }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", crate::number::shown(self.number), self.effect)
    }
}

impl FromStr for Card {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (n, e) = s
            .split_once('-')
            .ok_or_else(|| format!("card {s:?} is not of the form NUMBER-EFFECT, e.g. 7-bis"))?;
        let number = crate::number::parse(n).map_err(|e| format!("card {s:?}: {e}"))?;
        let effect = e
            .parse()
            .map_err(|()| format!("card {s:?}: {e:?} is not an effect"))?;
        Ok(Card { number, effect })
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A card as it comes off the draw pile: a construction card or, in solo, the Solo card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    Card(Card),
    /// The Solo card (§10): approves every plan and is replaced at once.
    Solo,
    /// A Validation card of the collector's AAA solo game (collector §15.4), for plan A, B or
    /// C (0, 1, 2): resolved at once and replaced.
    Validation(u8),
    /// A Zombie card coming to the top of pile 1 (Zombies, collector expansions §8.3.2):
    /// resolved by every seat, never a number or an action.
    Zombie(crate::modules::zombies::values::ZombieCard),
}

impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Draw::Card(c) => c.fmt(f),
            Draw::Solo => f.write_str("solo"),
            Draw::Validation(l) => write!(
                f,
                "validation-{}",
                ['a', 'b', 'c'].get(*l as usize).copied().unwrap_or('?')
            ),
            Draw::Zombie(z) => write!(f, "zombie-{}", zombie_word(*z)),
        }
    }
}

/// A Zombie card's word in records.
fn zombie_word(z: crate::modules::zombies::values::ZombieCard) -> &'static str {
    match z {
        crate::modules::zombies::values::ZombieCard::Left => "left",
        crate::modules::zombies::values::ZombieCard::Right => "right",
        crate::modules::zombies::values::ZombieCard::Both => "both",
    }
}

impl Serialize for Draw {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Draw {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s == "solo" {
            return Ok(Draw::Solo);
        }
        if let Some(z) = s.strip_prefix("zombie-") {
            use crate::modules::zombies::values::ZombieCard;
            return [ZombieCard::Left, ZombieCard::Right, ZombieCard::Both]
                .into_iter()
                .find(|&c| zombie_word(c) == z)
                .map(Draw::Zombie)
                .ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "{s:?}: a Zombie card is zombie-left, zombie-right or zombie-both"
                    ))
                });
        }
        if let Some(l) = s.strip_prefix("validation-") {
            return match l {
                "a" => Ok(Draw::Validation(0)),
                "b" => Ok(Draw::Validation(1)),
                "c" => Ok(Draw::Validation(2)),
                _ => Err(serde::de::Error::custom(format!(
                    "{s:?}: a Validation card is validation-a, validation-b or validation-c"
                ))),
            };
        }
        s.parse().map(Draw::Card).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_text_round_trips() {
        for e in Effect::ALL {
            let c = Card::new(12, e);
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        assert!("12".parse::<Card>().is_err());
        assert!("x-bis".parse::<Card>().is_err());
        assert!("3-fence".parse::<Card>().is_err());
        let c = Card::new(crate::number::NINE_THREE_QUARTERS, Effect::Surveyor);
        assert_eq!(c.to_string(), "9¾-surveyor");
        assert_eq!("9¾-surveyor".parse::<Card>(), Ok(c));
        let e = "9.75-surveyor".parse::<Card>().unwrap_err();
        assert!(e.contains("¾"), "{e}");
        assert!("12¾-pool".parse::<Card>().is_err());
    }
}
