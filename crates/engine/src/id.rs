//! `EditionId` and `SheetId`: short names from the data files (`first`, `ice-cream`) that
//! travel in records, database rows, protocol messages and CLI flags. They are `Copy` so that
//! `Options` stays a plain value.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Longest id.
pub const MAX_ID: usize = 23;

/// Why a text is not an id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not an id: 1 to {MAX_ID} characters among a–z, 0–9 and '-'")]
pub struct BadId {
    pub text: String,
}

/// The bytes of an id; always lowercase ASCII letters, digits and '-'.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Slug {
    len: u8,
    bytes: [u8; MAX_ID],
}

impl Slug {
    fn parse(text: &str) -> Result<Slug, BadId> {
        let ok = !text.is_empty()
            && text.len() <= MAX_ID
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !ok {
            return Err(BadId { text: text.into() });
        }
        let mut bytes = [0; MAX_ID];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Ok(Slug {
            len: text.len() as u8,
            bytes,
        })
    }

    fn as_str(&self) -> &str {
        // Only ASCII is ever stored (see `parse`).
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(Slug);

        impl $name {
            /// Parses an id (lowercase letters, digits and '-').
            pub fn new(text: &str) -> Result<$name, BadId> {
                Slug::parse(text).map($name)
            }

            pub fn as_str(&self) -> &str {
                self.0.as_str()
            }
        }

        impl std::str::FromStr for $name {
            type Err = BadId;
            fn from_str(s: &str) -> Result<$name, BadId> {
                $name::new(s)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{:?}", self.as_str())
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                $name::new(&text).map_err(serde::de::Error::custom)
            }
        }
    };
}

id_type!(
    /// An edition: `first` (2018).
    EditionId
);
id_type!(
    /// A player sheet of an edition: `classic`, `easter`, `ice-cream`, `christmas`.
    SheetId
);

impl EditionId {
    /// The 1st edition (2018), played when options name none.
    pub fn first() -> EditionId {
        EditionId(Slug::parse("first").unwrap_or(Slug {
            len: 0,
            bytes: [0; MAX_ID],
        }))
    }
}

impl Default for EditionId {
    fn default() -> EditionId {
        EditionId::first()
    }
}

impl SheetId {
    /// The classic sheet, which every edition has.
    pub fn classic() -> SheetId {
        SheetId(Slug::parse("classic").unwrap_or(Slug {
            len: 0,
            bytes: [0; MAX_ID],
        }))
    }
}

impl Default for SheetId {
    fn default() -> SheetId {
        SheetId::classic()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_reject_junk() {
        let id = SheetId::new("ice-cream").unwrap();
        assert_eq!(id.as_str(), "ice-cream");
        assert_eq!(serde_json::to_string(&id).unwrap(), "\"ice-cream\"");
        assert_eq!(
            serde_json::from_str::<SheetId>("\"ice-cream\"").unwrap(),
            id
        );
        for bad in ["", "Ice", "a b", "x".repeat(MAX_ID + 1).as_str(), "é"] {
            assert!(SheetId::new(bad).is_err(), "{bad:?}");
        }
        assert!(serde_json::from_str::<EditionId>("\"../etc\"").is_err());
    }
}
