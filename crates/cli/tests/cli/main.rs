//! The cli crate's integration tests, in one binary: each module was a test binary of its
//! own, and every one of them linked the whole server (a link each, and disk for each).

mod common;

mod bench;
mod cli;
mod count;
mod db;
mod editions;
mod failover;
mod formats_doc;
mod nine_three_quarters;
mod replay;
mod score;
mod serve;
mod sheets;
mod simulate;
