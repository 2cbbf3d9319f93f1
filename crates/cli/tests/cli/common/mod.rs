//! Helpers shared by the integration tests: run the built `welcome` binary and find the
//! golden files.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// What one run of the binary produced.
pub struct Run {
    pub ok: bool,
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(o: Output) -> Run {
        Run {
            ok: o.status.success(),
            code: o.status.code(),
            stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        }
    }
}

impl Run {
    /// Asserts success and returns standard output.
    pub fn success(self) -> String {
        assert!(
            self.ok,
            "expected success, got {:?}\nstdout:\n{}\nstderr:\n{}",
            self.code, self.stdout, self.stderr
        );
        self.stdout
    }

    /// Asserts a clean failure (non-zero exit, one `error: ` message, no panic) and returns
    /// standard error.
    pub fn failure(self) -> String {
        assert!(
            !self.ok,
            "expected failure, got success\nstdout:\n{}",
            self.stdout
        );
        assert_ne!(
            self.code,
            Some(101),
            "the binary panicked:\n{}",
            self.stderr
        );
        assert!(
            self.stderr.starts_with("error: "),
            "stderr should start with `error: `:\n{}",
            self.stderr
        );
        assert!(!self.stderr.contains("panicked"), "panic:\n{}", self.stderr);
        self.stderr
    }
}

/// Runs `welcome ARGS` with no standard input.
pub fn welcome(args: &[&str]) -> Run {
    Command::new(env!("CARGO_BIN_EXE_welcome"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the welcome binary runs")
        .into()
}

/// Runs `welcome ARGS` with `input` on standard input.
pub fn welcome_with_input(args: &[&str], input: &str) -> Run {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_welcome"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the welcome binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(input.as_bytes()).expect("write stdin");
    drop(stdin);
    child
        .wait_with_output()
        .expect("the welcome binary ends")
        .into()
}

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn golden_dir() -> PathBuf {
    repo_root().join("tests/golden")
}

pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// One line of `tests/golden/cases.txt`: a golden file and the command that makes it.
pub struct Case {
    pub file: String,
    pub args: Vec<String>,
}

/// Every case of `tests/golden/cases.txt`.
pub fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(golden_dir().join("cases.txt")).expect("cases.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut words = l.split_whitespace().map(String::from);
            let file = words.next().expect("a file name");
            Case {
                file,
                args: words.collect(),
            }
        })
        .collect()
}

pub fn path_str(p: &Path) -> &str {
    p.to_str().expect("test paths are UTF-8")
}
