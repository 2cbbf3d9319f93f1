//! Errors as Python exceptions: `RuleError`, a `ValueError` whose `code` attribute is the
//! engine's stable error code and whose message names the rule.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    welcome_to,
    RuleError,
    PyValueError,
    "An illegal action or a bad argument; `code` is a stable machine-readable code."
);

/// A `RuleError` with `code` set and the message `"{code}: {message}"`.
pub fn rule_error(code: &str, message: impl std::fmt::Display) -> PyErr {
    let err = RuleError::new_err(format!("{code}: {message}"));
    Python::attach(|py| {
        // Setting an attribute on a fresh exception cannot fail in practice; the message
        // carries the code anyway.
        let _ = err.value(py).setattr("code", code);
    });
    err
}

/// The engine's turn errors, with their own codes.
pub fn turn_error(e: &welcome_engine::TurnError) -> PyErr {
    rule_error(e.code(), e)
}
