//! The shape of the code, kept from drifting back (ARCHITECTURE.md, "Adding a sheet or an
//! edition"): no engine module imports another in a cycle, and a sheet's or rule module's name
//! appears only in the places that own it (the engine's `modules/` and data, the bots, the
//! browser's `static/sheet/`, tests), or in a file listed in `KNOWN` with the most mentions it
//! may hold and why: the shared file and wire forms that name a module's fields, and the
//! dispatch points that call into the modules.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A form read or written outside the engine names the module's fields and variants.
const FORM: &str = "a file or wire form names a module's fields";
/// The turn's shared vocabulary: a module's decisions, stages and their dispatch.
const TURN: &str = "the turn's vocabulary names a module's decisions and stages";
/// A doc comment names the sheet an example or a rule comes from.
const DOC: &str = "a doc comment names the sheet a rule comes from";

/// The files outside the owners that still name a sheet or module: the most mentions each may
/// hold (lower it when the count falls; a file not listed may hold none) and why.
const KNOWN: &[(&str, usize, &str)] = &[
    ("crates/engine/src/game.rs", 70, "the position holds the Zombies piles beside the stacks and deals from them (modules/zombies/dealer.rs)"),
    ("crates/engine/src/edition/mod.rs", 69, "the sheet file's schema: a module's fields of SheetLayout and StreetLayout and its plan requirements (serde's deny_unknown_fields cannot flatten them into the module)"),
    ("crates/engine/src/sheet_file/mod.rs", 48, "the sheet file's module marks, each module's file.rs called in the file's order"),
    ("crates/engine/src/legal.rs", 33, "effect uses and crossings that modules share (infiltration, barricades, owed crossings), and the round's Zombie cards in the context"),
    ("crates/engine/src/card.rs", 30, "the record's draws: a Zombie card coming up and its record word"),
    ("crates/engine/src/machine.rs", 22, TURN),
    ("crates/engine/src/sheet.rs", 21, "the sheet is one Copy value under 256 bytes: every module's marks in its arrays and masks"),
    ("crates/engine/src/turn.rs", 17, FORM),
    ("crates/engine/src/public.rs", 17, "what every seat sees of a module's piles (ZombiePile)"),
    ("crates/engine/src/draft/options.rs", 14, FORM),
    ("crates/engine/src/sheet_file/data.rs", 12, FORM),
    ("crates/engine/src/action.rs", 12, "the action space's ranges for a module's decisions"),
    ("crates/engine/src/draft/mod.rs", 10, FORM),
    ("crates/server/src/companion.rs", 9, "the companion request's Zombie cards (a wire field)"),
    ("crates/engine/src/aaa/mod.rs", 8, "the AAA's pile on a module's sheet (§8.6, Roswell's face-down cards)"),
    ("crates/server/src/wire.rs", 7, FORM),
    ("crates/engine/src/view.rs", 6, FORM),
    ("crates/cli/src/bench.rs", 5, "the benchmark scores Atomic War against the table's shelters"),
    ("crates/engine/src/turn_error.rs", 4, TURN),
    ("crates/engine/src/id.rs", 4, DOC),
    ("bindings/python/src/observe.rs", 4, DOC),
    ("crates/engine/src/score/mod.rs", 3, "the table's shelter capacities that Atomic War's rows compare"),
    ("crates/cli/src/edition.rs", 3, DOC),
    ("crates/server/src/push.rs", 2, FORM),
    ("crates/server/src/edition.rs", 2, DOC),
    ("crates/engine/src/score/row.rs", 2, "the table's shelter capacities that Atomic War's rows compare"),
    ("bindings/python/src/batch.rs", 2, "the round's Zombie cards in a turn's context"),
    ("crates/server/src/view.rs", 1, DOC),
    ("crates/server/src/table/turns.rs", 1, DOC),
    ("crates/server/src/store/mod.rs", 1, DOC),
    ("crates/server/src/options.rs", 1, FORM),
    ("crates/engine/src/lib.rs", 1, FORM),
    ("crates/client/src/loadtest.rs", 1, FORM),
    ("crates/cli/src/text.rs", 1, DOC),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `src/a/b.rs` and `src/a/b/mod.rs` are module `a::b`; `src/lib.rs` is the crate root.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The code of a file without its comments (doc comments name other modules freely).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths a file refers to after `crate::` or `super::`, braces expanded.
fn paths_after(text: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(i) = text[at..].find(prefix) {
        let start = at + i;
        at = start + prefix.len();
        // a whole word: not `foo_crate::`
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue;
        }
        let (paths, _) = parse_tree(&text[at..]);
        out.extend(paths);
    }
    out
}

/// Parses `a::b::{c, d::e}` from the start of `s`: the paths it names and where it stops.
fn parse_tree(s: &str) -> (Vec<Vec<String>>, usize) {
    let mut head: Vec<String> = Vec::new();
    let mut i = 0;
    let b = s.as_bytes();
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < b.len() && b[i] == b'{' {
            let mut paths = Vec::new();
            i += 1;
            loop {
                let (sub, used) = parse_tree(&s[i..]);
                i += used;
                for p in sub {
                    let mut full = head.clone();
                    full.extend(p);
                    paths.push(full);
                }
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
                if i < b.len() && b[i] == b',' {
                    i += 1;
                    continue;
                }
                if i < b.len() && b[i] == b'}' {
                    i += 1;
                }
                break;
            }
            return (paths, i);
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if start == i {
            return (vec![head], i);
        }
        head.push(s[start..i].to_string());
        if s[i..].starts_with("::") {
            i += 2;
        } else {
            return (vec![head], i);
        }
    }
}

/// Engine modules and the modules each imports.
fn engine_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("crates/engine/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .map(|f| (module_of(&src, f), f.clone()))
        .collect();
    let resolve = |path: &[String]| -> Option<Vec<String>> {
        (1..=path.len())
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|p| modules.contains_key(p))
    };
    let mut graph = BTreeMap::new();
    for (m, file) in &modules {
        let text = code(&fs::read_to_string(file).unwrap());
        let mut to = BTreeSet::new();
        for p in paths_after(&text, "crate::") {
            if let Some(t) = resolve(&p) {
                to.insert(t);
            }
        }
        // `super::x` from module `a::b` (`a/b.rs` or `a/b/mod.rs`) is `a::x`.
        let parent: Vec<String> = m[..m.len().saturating_sub(1)].to_vec();
        for p in paths_after(&text, "super::") {
            let mut full = parent.clone();
            full.extend(p);
            if let Some(t) = resolve(&full) {
                to.insert(t);
            }
        }
        to.remove(m);
        to.remove(&Vec::new()); // the crate root re-exports; it imports nothing of interest
        if !m.is_empty() {
            graph.insert(m.join("::"), to.into_iter().map(|t| t.join("::")).collect());
        }
    }
    graph
}

/// The strongly connected components of more than one module (Tarjan).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let n = w.index.len();
        w.index.insert(v, n);
        w.low.insert(v, n);
        w.stack.push(v);
        w.on.insert(v);
        for t in w.graph.get(v).into_iter().flatten() {
            let t = t.as_str();
            if !w.graph.contains_key(t) {
                continue;
            }
            if !w.index.contains_key(t) {
                visit(w, t);
                let l = w.low[t].min(w.low[v]);
                w.low.insert(v, l);
            } else if w.on.contains(t) {
                let l = w.index[t].min(w.low[v]);
                w.low.insert(v, l);
            }
        }
        if w.low[v] == w.index[v] {
            let mut comp = Vec::new();
            while let Some(t) = w.stack.pop() {
                w.on.remove(t);
                comp.push(t.to_string());
                if t == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                w.out.push(comp);
            }
        }
    }
    let mut w = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !w.index.contains_key(v.as_str()) {
            visit(&mut w, v);
        }
    }
    w.out
}

/// No engine module (file) imports another in a cycle: the leaf vocabulary (house, setup,
/// provenance, turn_error, public, random, modules::module, file_kind, sheet_file::data) is
/// what keeps it so.
#[test]
fn no_engine_module_is_in_an_import_cycle() {
    let graph = engine_graph();
    assert!(
        graph.len() > 20,
        "the engine's modules were read: {graph:?}"
    );
    let found = cycles(&graph);
    let n: usize = found.iter().map(Vec::len).sum();
    for c in &found {
        eprintln!("cycle of {}: {}", c.len(), c.join(", "));
    }
    eprintln!("engine modules in import cycles: {n}");
    assert!(
        found.is_empty(),
        "{n} engine modules import each other in cycles: {found:?}"
    );
}

#[test]
fn the_cycle_finder_sees_a_cycle_and_a_chain() {
    let g: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(cycles(&g), vec![vec!["a", "b", "c"]]);
    let (paths, _) = parse_tree("edition::{Side, sheet::{A, B}}, x");
    assert_eq!(
        paths,
        vec![
            vec!["edition", "Side"],
            vec!["edition", "sheet", "A"],
            vec!["edition", "sheet", "B"]
        ]
    );
}

/// The names of the sheets and rule modules, as code spells them.
const NAMES: &[&str] = &[
    "easter",
    "ice_cream",
    "ice-cream",
    "icecream",
    "christmas",
    "halloween",
    "atomic",
    "roswell",
    "coin_coin",
    "coin-coin",
    "coincoin",
    "american_dream",
    "american-dream",
    "americandream",
    "zombie",
];

/// Whether `path` (relative to the repository) owns sheet names: the engine's rule modules
/// and edition data, the bots, the browser's per-module files, and tests (named after the
/// rules they check).
fn owns_names(path: &str) -> bool {
    path.starts_with("crates/engine/src/modules/")
        || path.starts_with("crates/engine/data/")
        || path.starts_with("crates/bots/")
        || path.starts_with("crates/server/static/sheet/")
        || path.contains("/tests/")
        || path.starts_with("e2e/")
}

/// The source without its unit tests (a file's `#[cfg(test)] mod tests`, always its last
/// item): tests are named after the rules they check, like the files under `tests/`.
fn without_unit_tests(text: &str) -> &str {
    text.find("\n#[cfg(test)]\nmod tests {")
        .map_or(text, |i| &text[..i])
}

/// The source without the other atomics (the standard library's `std::sync::atomic`,
/// `AtomicBool`…, and atomic writes and operations), which share a word with Atomic War but
/// are not it.
fn without_std_atomics(text: &str) -> String {
    let mut out = text.replace("sync::atomic", "sync::");
    for other in [
        "write_atomic",
        "atomically",
        "atomic operation",
        "atomic increment",
    ] {
        out = out.replace(other, "");
    }
    for ty in [
        "Bool", "Usize", "U8", "U16", "U32", "U64", "I32", "I64", "Ptr",
    ] {
        out = out.replace(&format!("Atomic{ty}"), ty);
    }
    out
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            if name != "target" && name != "node_modules" && !name.starts_with('.') {
                source_files(&p, out);
            }
        } else if p
            .extension()
            .is_some_and(|x| x == "rs" || x == "js" || x == "py")
        {
            out.push(p);
        }
    }
}

#[test]
fn sheet_names_appear_only_where_they_are_owned_or_known() {
    let root = root();
    let mut files = Vec::new();
    for dir in [
        "crates",
        "bindings/python/src",
        "bindings/python/welcome_to",
    ] {
        source_files(&root.join(dir), &mut files);
    }
    let mut per_file: Vec<(usize, String)> = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if owns_names(&rel) {
            continue;
        }
        let text = without_std_atomics(without_unit_tests(
            &fs::read_to_string(&f).unwrap_or_default(),
        ))
        .to_lowercase();
        let n: usize = NAMES.iter().map(|w| text.matches(w).count()).sum();
        if n > 0 {
            per_file.push((n, rel));
        }
    }
    per_file.sort_by(|a, b| b.cmp(a));
    let total: usize = per_file.iter().map(|(n, _)| n).sum();
    let mut wrong = Vec::new();
    for (n, f) in &per_file {
        match KNOWN.iter().find(|k| k.0 == f) {
            None => wrong.push(format!(
                "{f} names a sheet or module {n} times: move that into the module's files"
            )),
            Some(&(_, most, why)) if *n > most => wrong.push(format!(
                "{f} names a sheet or module {n} times, more than {most} ({why})"
            )),
            Some(&(_, most, _)) if *n < most => {
                eprintln!("{f}: {n} mentions, below its {most}: lower it in KNOWN")
            }
            Some(_) => {}
        }
    }
    for (f, _, _) in KNOWN {
        if !per_file.iter().any(|(_, g)| g == f) {
            wrong.push(format!(
                "{f} no longer names any module: take it out of KNOWN"
            ));
        }
    }
    eprintln!(
        "sheet names outside their modules: {total} in {} files",
        per_file.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
