//! Python bindings of the Welcome To… engine for game-AI work: `State` (an OpenSpiel-like
//! game state over the staged turn machine), the fixed action space (`action`) and the
//! observation vector (`observe`). The Gymnasium and PettingZoo environments are Python
//! modules of the package built on these.

use welcome_engine::action;
mod batch;
mod convert;
mod error;
mod observe;
mod state;

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The action kinds and their ranges: `{kind: (first, count)}`.
#[pyfunction]
fn action_ranges(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for (name, first, n) in action::RANGES {
        d.set_item(name, (first, n))?;
    }
    d.set_item("claim", (action::CLAIM, 3 * action::CLAIMS_PER_PLAN))?;
    Ok(d)
}

/// The kind of `action` (build, roundabout, refuse, choose, effect-pass, fence, real-estate,
/// park, pool, bis, stop, claim, cross).
#[pyfunction]
fn action_kind(action: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let a = state::whole(action, "action")?;
    usize::try_from(a)
        .ok()
        .and_then(action::kind)
        .ok_or_else(|| {
            error::rule_error(
                "no_such_action",
                format!(
                    "action {a} is outside the action space 0..{}",
                    action::NUM_ACTIONS
                ),
            )
        })
}

/// The observation's parts in order: `[(name, shape)]`.
#[pyfunction]
fn observation_layout() -> Vec<(&'static str, Vec<usize>)> {
    observe::LAYOUT
        .iter()
        .map(|(n, s)| (*n, s.to_vec()))
        .collect()
}

/// The sheets of the edition, default first.
#[pyfunction]
#[pyo3(signature = (edition="first"))]
fn sheets(edition: &str) -> PyResult<Vec<String>> {
    let e = welcome_engine::Edition::by_id(edition)
        .ok_or_else(|| error::rule_error("unknown_edition", format!("no edition {edition:?}")))?;
    Ok(e.sheets.iter().map(|s| s.id.to_string()).collect())
}

/// The built-in editions' ids, the default one first.
#[pyfunction]
fn editions() -> Vec<String> {
    welcome_engine::Edition::all()
        .iter()
        .map(|e| e.id.to_string())
        .collect()
}

/// Seconds per `State` copy made inside Rust, timed over `n` copies of `state` (for
/// `bench.py`; not part of the API).
#[pyfunction]
fn _time_clones(py: Python<'_>, state: &state::State, n: u32) -> f64 {
    let state = state.clone();
    py.detach(|| {
        let n = n.max(1);
        let start = std::time::Instant::now();
        for _ in 0..n {
            std::hint::black_box(std::hint::black_box(&state).clone());
        }
        start.elapsed().as_secs_f64() / f64::from(n)
    })
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<state::State>()?;
    m.add_class::<batch::BatchedSolo>()?;
    m.add("RuleError", m.py().get_type::<error::RuleError>())?;
    m.add("NUM_ACTIONS", action::NUM_ACTIONS)?;
    m.add("OBSERVATION_SIZE", observe::SIZE)?;
    m.add("CLAIMS_PER_PLAN", action::CLAIMS_PER_PLAN)?;
    m.add("TERMINAL", state::TERMINAL)?;
    m.add_function(wrap_pyfunction!(action_ranges, m)?)?;
    m.add_function(wrap_pyfunction!(action_kind, m)?)?;
    m.add_function(wrap_pyfunction!(observation_layout, m)?)?;
    m.add_function(wrap_pyfunction!(sheets, m)?)?;
    m.add_function(wrap_pyfunction!(editions, m)?)?;
    m.add_function(wrap_pyfunction!(_time_clones, m)?)?;
    Ok(())
}
