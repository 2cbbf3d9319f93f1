//! Finds every edition and sheet data file under `data/editions/` and embeds them, so a new
//! edition or sheet is a new file and no code change (`src/edition.rs` loads them).

use std::fmt::Write;
use std::path::Path;

fn json_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn main() {
    // Read when the script runs, not when it is compiled: a checkout elsewhere that shares
    // the target directory must find its own data.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("data/editions");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("data/editions exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("edition.json").is_file())
        .collect();
    dirs.sort();
    let mut out = String::from("/// (edition file, its sheet files), found by build.rs.\n");
    out += "pub(crate) static BUILT_IN: &[(&str, &[&str])] = &[\n";
    for dir in dirs {
        let edition = dir.join("edition.json");
        let sheets = dir.join("sheets");
        println!("cargo:rerun-if-changed={}", edition.display());
        println!("cargo:rerun-if-changed={}", sheets.display());
        let _ = writeln!(
            out,
            "    (include_str!({:?}), &[",
            edition.display().to_string()
        );
        for s in json_files(&sheets) {
            println!("cargo:rerun-if-changed={}", s.display());
            let _ = writeln!(out, "        include_str!({:?}),", s.display().to_string());
        }
        out += "    ]),\n";
    }
    out += "];\n";
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("editions.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
