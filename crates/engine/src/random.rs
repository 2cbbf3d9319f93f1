//! How the engine draws from its seeded generator, the same on every platform: a leaf, so that
//! the game and each rule module's dealer share one way of drawing.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A uniform index below `len`, drawn as a `u32` so that deals are the same on every platform.
pub(crate) fn pick_index(rng: &mut ChaCha8Rng, len: usize) -> usize {
    rng.gen_range(0..len.max(1) as u32) as usize
}

/// Shuffles `items` in place (Fisher–Yates, last position first).
pub(crate) fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, pick_index(rng, i + 1));
    }
}
