//! The server crate's integration tests, in one binary: each module was a test binary of its
//! own, and every one of them linked the whole server (a link each, and disk for each).

mod common;

mod aaa;
mod appends;
mod connections;
mod dealonly;
mod expansions;
mod fuzz;
mod headers;
mod host_seat;
mod layouts;
mod limits;
mod loadtest;
mod nine_three_quarters;
mod origin;
mod persist;
mod play;
mod protocol_doc;
mod pushes;
mod qr;
mod reclaim;
mod replay;
mod search_bots;
mod sheets;
mod storage;
mod table_end;
mod timer;
mod transfer;
mod views;
mod zombies;
