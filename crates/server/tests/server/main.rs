//! The server crate's integration tests, in one binary: each module was a test binary of its
//! own, and every one of them linked the whole server (a link each, and disk for each).

mod common;

mod aaa;
mod appends;
mod connections;
mod dealonly;
mod expansions;
mod fuzz;
mod fuzz_props;
mod headers;
mod health;
mod host_seat;
mod layouts;
mod limits;
mod loadtest;
mod metrics;
mod names;
mod nine_three_quarters;
mod nodes;
mod origin;
mod paths;
mod persist;
mod play;
mod protocol_doc;
mod pushes;
mod qr;
mod reclaim;
mod replay;
mod replay_files;
mod search_bots;
mod sheets;
mod static_files;
mod storage;
mod store_suite;
mod structure;
mod table_end;
mod timer;
mod transfer;
mod verified_values;
mod views;
mod zombies;
