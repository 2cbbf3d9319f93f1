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
    /// Each house numbered in an unfinished estate of at most 6 houses.
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
    /// The points a street's park track still adds when full, times the square of the share
    /// of it crossed, while the street has empty houses enough to fill it: the last park of a
    /// street is worth several times the others.
    pub park: f32,
    /// Rounds: when a game's length is known (solo without the AAA), what a sheet keeps open
    /// for later (every term but its score) counts in full while at least this many rounds
    /// are left after the turn, and in proportion to the rounds left below it, down to none
    /// after the last turn. 0: always in full.
    pub urgency: f32,
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
        park: 0.0,
        urgency: 0.0,
    };

    /// The search bot's weights (see the module's comment).
    pub const SEARCH: Weights = Weights {
        // Tuned again with `urgency`; 6 scored 0.83 less over seeds 1–1000 (docs/bots.md).
        open: 4.0,
        dead: 2.6666667,
        filled: 0.75,
        real_estate: 0.46666667,
        segment: 0.375,
        pool_open: 1.0,
        park: 1.0,
        urgency: 8.0,
        ..Weights::GREEDY
    };

    /// The weights' names, in the order of `values`, for tuning tools.
    pub const NAMES: [&'static str; 13] = [
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
        "park",
        "urgency",
    ];

    /// The weights as a list, in the order of `NAMES`.
    pub fn values(&self) -> [f32; 13] {
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
            self.park,
            self.urgency,
        ]
    }

    /// Weights from a list in the order of `NAMES`.
    pub fn from_values(v: [f32; 13]) -> Weights {
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
            park: v[11],
            urgency: v[12],
        }
    }
}

impl Weights {
    /// These weights with the changes `changes` lists, as `name=value,…` (`NAMES`), for
    /// tuning tools.
    pub fn with_changes(&self, changes: &str) -> Result<Weights, String> {
        let mut v = self.values();
        for pair in changes.split(',').filter(|p| !p.trim().is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("{pair:?} is not name=value"))?;
            let i = Weights::NAMES
                .iter()
                .position(|n| *n == name.trim())
                .ok_or_else(|| format!("{name:?} is not one of {:?}", Weights::NAMES))?;
            v[i] = value
                .trim()
                .parse()
                .map_err(|_| format!("{name}: {value:?} is not a number"))?;
        }
        Ok(Weights::from_values(v))
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::GREEDY
    }
}

#[cfg(test)]
mod tests {
    use super::Weights;

    #[test]
    fn changes_name_the_weights_they_set_and_bad_ones_are_refused() {
        let w = Weights::SEARCH
            .with_changes("park=0.5, plan = 1.2")
            .unwrap();
        assert_eq!((w.park, w.plan), (0.5, 1.2));
        assert_eq!(w.open, Weights::SEARCH.open);
        assert_eq!(Weights::SEARCH.with_changes(""), Ok(Weights::SEARCH));
        for bad in ["parks=1", "park", "park=many"] {
            let e = Weights::SEARCH.with_changes(bad).unwrap_err();
            assert!(e.contains("park"), "{bad}: {e}");
        }
        // Every weight round-trips through its name.
        for (i, name) in Weights::NAMES.iter().enumerate() {
            let w = Weights::GREEDY.with_changes(&format!("{name}=9")).unwrap();
            assert_eq!(w.values()[i], 9.0);
        }
    }
}
