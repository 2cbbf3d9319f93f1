//! The server library's modules import each other without cycles: each module uses only modules
//! below it, so any one of them can be read (and changed) knowing only what it stands on.
//!
//! A module is a file `src/NAME.rs` or a folder `src/NAME/` (its files are one module); it
//! depends on the modules its `crate::NAME` paths name (in `use` lines and in code, grouped
//! `crate::{a, b}` included). A path to an item of the crate root (`crate::spawn`) depends on
//! the root, which declares every module: a module using the root is in a cycle with it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const ROOT: &str = "crate";

/// The module of each source file, and the source of each module.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(src).expect("src/ is readable") {
        let path = entry.expect("an entry of src/").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 name")
            .to_string();
        let mut text = String::new();
        if path.is_dir() {
            read_all(&path, &mut text);
        } else if path.extension().is_some_and(|e| e == "rs") {
            text = std::fs::read_to_string(&path).expect("a source file");
        } else {
            continue;
        }
        let name = if name == "lib" {
            ROOT.to_string()
        } else {
            name
        };
        modules
            .entry(name)
            .or_insert_with(String::new)
            .push_str(&text);
    }
    modules
}

fn read_all(dir: &Path, text: &mut String) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a module folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            read_all(&path, text);
        } else if path.extension().is_some_and(|e| e == "rs") {
            text.push_str(&std::fs::read_to_string(&path).expect("a source file"));
            text.push('\n');
        }
    }
}

/// The text without its `//` comments (doc comments name modules without using them).
fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            // A `//` inside a string literal ("http://…") is not a comment.
            Some(i) if line[..i].matches('"').count() % 2 == 0 => &line[..i],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The first names of the paths after each `crate::` (`crate::{a::X, b}` names `a` and `b`).
fn named(text: &str) -> BTreeSet<String> {
    let code = code(text);
    let mut names = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        // `welcome_crate::` or `$crate::` is not this crate's path.
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0usize;
            let mut start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && !c.is_whitespace() => {
                        start = false;
                        names.insert(ident(&group[j..]).to_string());
                    }
                    _ => {}
                }
            }
        } else {
            names.insert(ident(rest).to_string());
        }
    }
    names.remove("");
    names
}

/// Each module's dependencies on other modules of the crate.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules(src);
    let mut graph = BTreeMap::new();
    for (name, text) in &modules {
        let deps: BTreeSet<String> = if name == ROOT {
            modules.keys().filter(|m| *m != ROOT).cloned().collect()
        } else {
            named(text)
                .into_iter()
                .map(|n| {
                    if modules.contains_key(&n) {
                        n
                    } else {
                        ROOT.to_string()
                    }
                })
                .filter(|n| n != name)
                .collect()
        };
        graph.insert(name.clone(), deps);
    }
    graph
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in &self.graph[v] {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().expect("v is on the stack");
                    self.on_stack.remove(w);
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn no_module_of_the_server_is_in_an_import_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&src);
    assert!(
        graph.len() > 20,
        "the modules were found: {:?}",
        graph.keys()
    );
    let found = cycles(&graph);
    let mut report = String::new();
    for component in &found {
        report.push_str(&format!("cycle of {} modules:\n", component.len()));
        for m in component {
            let inside: Vec<&String> = graph[m].iter().filter(|d| component.contains(d)).collect();
            report.push_str(&format!("  {m} uses {inside:?}\n"));
        }
    }
    assert!(found.is_empty(), "{report}");
}

#[test]
fn the_check_finds_a_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", &["b"][..]),
        ("b", &["c"][..]),
        ("c", &["a"][..]),
        ("d", &["a"][..]),
    ]
    .into_iter()
    .map(|(m, deps)| (m.to_string(), deps.iter().map(|d| d.to_string()).collect()))
    .collect();
    assert_eq!(cycles(&graph), vec![vec!["a", "b", "c"]]);
    assert_eq!(
        named("use crate::{a::X, b}; crate::c::f(); welcome_crate::d; // crate::e"),
        ["a", "b", "c"].into_iter().map(String::from).collect()
    );
}
