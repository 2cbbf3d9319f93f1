//! What the engine derives from a sheet, sent with it so that the browser draws it without
//! working any rule out itself (`welcome_engine::modules::drawing`, one file per rule module).
//! The types are the protocol's (module `wire`).

pub use crate::wire::derived::*;
pub use welcome_engine::modules::drawing::{add_slowed, of, Slowed};
