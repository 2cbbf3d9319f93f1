//! The weights of the greedy bot's sheet evaluation, apart from the score itself.
//!
//! The greedy bot plays with `Weights::GREEDY`, the hand-set values its published figures
//! were measured with. The search bot chooses its candidates and plays its playouts with
//! `Weights::SEARCH`, tuned on solo games of the classic sheet (`docs/bots.md`): a playout
//! policy that plays better makes the search's estimates better.

/// Each weight is points of the evaluation per unit of what it names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// An empty house, times the odds that a drawn number still fits it.
    pub open: f32,
    /// An empty house no number can fill any more (subtracted).
    pub dead: f32,
    /// Each house of an estate beyond 6 (subtracted).
    pub long_estate: f32,
    /// An unfinished estate of at most 6 houses, times the share of its houses numbered.
    pub filled: f32,
    /// The points a real-estate upgrade adds to an estate size's value, as a share.
    pub real_estate: f32,
    /// Each temp agency used, up to the solo card's target (solo).
    pub temps_solo: f32,
    /// Each temp agency used, up to 8 (several seats).
    pub temps: f32,
    /// Each permit refused (subtracted).
    pub refusal: f32,
    /// An unscored plan's points, times the square of the share of it done.
    pub plan: f32,
    /// An unfinished estate of a size an unscored estate plan asks for: the plan's points per
    /// estate, times the share of its houses numbered.
    pub segment: f32,
    /// An empty house with a pool printed, times the odds that a drawn number still fits it
    /// (on top of `open`): a pool is built only there.
    pub pool_open: f32,
}

impl Weights {
    /// The greedy bot's weights.
    pub const GREEDY: Weights = Weights {
        open: 6.0,
        dead: 4.0,
        long_estate: 0.5,
        filled: 0.5,
        real_estate: 0.7,
        temps_solo: 0.8,
        temps: 0.3,
        refusal: 4.0,
        plan: 0.8,
        segment: 0.0,
        pool_open: 0.0,
    };

    /// The search bot's weights (see the module's comment).
    pub const SEARCH: Weights = Weights {
        dead: 2.6666667,
        filled: 0.75,
        real_estate: 0.46666667,
        segment: 0.375,
        pool_open: 1.0,
        ..Weights::GREEDY
    };

    /// The weights' names, in the order of `values`, for tuning tools.
    pub const NAMES: [&'static str; 11] = [
        "open",
        "dead",
        "long_estate",
        "filled",
        "real_estate",
        "temps_solo",
        "temps",
        "refusal",
        "plan",
        "segment",
        "pool_open",
    ];

    /// The weights as a list, in the order of `NAMES`.
    pub fn values(&self) -> [f32; 11] {
        [
            self.open,
            self.dead,
            self.long_estate,
            self.filled,
            self.real_estate,
            self.temps_solo,
            self.temps,
            self.refusal,
            self.plan,
            self.segment,
            self.pool_open,
        ]
    }

    /// Weights from a list in the order of `NAMES`.
    pub fn from_values(v: [f32; 11]) -> Weights {
        Weights {
            open: v[0],
            dead: v[1],
            long_estate: v[2],
            filled: v[3],
            real_estate: v[4],
            temps_solo: v[5],
            temps: v[6],
            refusal: v[7],
            plan: v[8],
            segment: v[9],
            pool_open: v[10],
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::GREEDY
    }
}
