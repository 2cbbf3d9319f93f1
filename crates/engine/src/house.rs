//! Where things are on a sheet: a house, a fence slot, a street's end, and the bounds every
//! sheet fits in. A leaf the sheet, the turn, the layouts and the rule modules build on.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Most streets a sheet can have.
pub const MAX_STREETS: usize = 5;
/// Largest street the engine supports.
pub const MAX_HOUSES: usize = 16;
/// Largest whole number that can ever be written (15 + 2 with the Temp Agency, spec §5). The
/// collector edition's ¾ numbers have codes above it (`crate::number`).
pub const MAX_NUMBER: u8 = crate::number::MAX_WHOLE;

/// Largest estate size the sheet tracks.
pub const MAX_ESTATE: usize = 6;

/// A street end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Left,
    Right,
}

/// A house on the sheet. Serialized 1-based as `[street, house]`, as in the spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HouseRef {
    /// 0-based street (0 = top).
    pub street: u8,
    /// 0-based house from the left.
    pub house: u8,
}

impl HouseRef {
    pub const fn new(street: u8, house: u8) -> HouseRef {
        HouseRef { street, house }
    }
}

impl fmt::Display for HouseRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "street {} house {}", self.street + 1, self.house + 1)
    }
}

impl Serialize for HouseRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.street as u16 + 1, self.house as u16 + 1].serialize(s)
    }
}

impl<'de> Deserialize<'de> for HouseRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let [s, h] = <[u8; 2]>::deserialize(d)?;
        if s == 0 || h == 0 {
            return Err(serde::de::Error::custom(
                "streets and houses are numbered from 1",
            ));
        }
        Ok(HouseRef::new(s - 1, h - 1))
    }
}

/// A fence slot: the gap between house `slot` and house `slot + 1` (0-based).
/// Serialized 1-based as `[street, k]`: slot k lies between houses k and k+1 (spec §0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FenceRef {
    pub street: u8,
    pub slot: u8,
}

impl FenceRef {
    pub const fn new(street: u8, slot: u8) -> FenceRef {
        FenceRef { street, slot }
    }
}

impl fmt::Display for FenceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "street {} fence between houses {} and {}",
            self.street + 1,
            self.slot + 1,
            self.slot + 2
        )
    }
}

impl Serialize for FenceRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.street as u16 + 1, self.slot as u16 + 1].serialize(s)
    }
}

impl<'de> Deserialize<'de> for FenceRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let [s, k] = <[u8; 2]>::deserialize(d)?;
        if s == 0 || k == 0 {
            return Err(serde::de::Error::custom(
                "streets and fence slots are numbered from 1",
            ));
        }
        Ok(FenceRef::new(s - 1, k - 1))
    }
}
