//! The derived state of a sheet as it is sent: the engine's drawing data
//! (`welcome_engine::modules::drawing`), which works out the numbers each empty house still
//! takes, the housing estates and what each rule module on the sheet shows.

pub use welcome_engine::modules::drawing::{
    AmmoOut, Barricade, ConeOut, ConeState, Drawing as Derived, DucklingOut, EggOut, EstateOut,
    HordeOut, RouteOut, SaucerOut, ShelterOut,
};
