//! `--edition-data DIR`: editions read from data files instead of (or besides) the built-in
//! ones, so that an owner of the box can play with the values printed on their own cards
//! without rebuilding (collector spec §18.5). DIR is one edition's folder (`edition.json` and
//! `sheets/*.json`, the layout of `crates/engine/data/editions/`) or a folder of such folders.

use crate::error::CliError;
use std::io::Read;
use std::path::Path;
use welcome_engine::Edition;

/// The largest data file read: the built-in ones are under 20 KB. A bound, so that a path
/// that is no data file (a link to `/dev/zero`, a log) cannot fill the memory.
pub const MAX_FILE: u64 = 1 << 20;

/// The most sheet files one edition's folder may hold (the built-in editions have 4 and 11).
pub const MAX_SHEETS: usize = 64;

/// The most edition folders read from one `--edition-data` folder.
pub const MAX_EDITIONS: usize = 16;

/// A data file's text, refused past `MAX_FILE` bytes without reading further.
fn read(path: &Path) -> Result<String, CliError> {
    let io = |source| CliError::Read {
        path: path.display().to_string(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut text = String::new();
    // One byte more than the bound tells a file at the bound from a longer one.
    file.take(MAX_FILE + 1)
        .read_to_string(&mut text)
        .map_err(io)?;
    if text.len() as u64 > MAX_FILE {
        return Err(CliError::EditionData {
            path: path.display().to_string(),
            message: format!("a data file has at most {MAX_FILE} bytes (1 MiB); this one has more"),
        });
    }
    Ok(text)
}

/// One edition's folder, checked as the built-in data is (§18.4).
fn load_one(dir: &Path) -> Result<Edition, CliError> {
    let edition = read(&dir.join("edition.json"))?;
    let sheets_dir = dir.join("sheets");
    let entries = std::fs::read_dir(&sheets_dir).map_err(|source| CliError::Read {
        path: sheets_dir.display().to_string(),
        source,
    })?;
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    if paths.len() > MAX_SHEETS {
        return Err(CliError::EditionData {
            path: sheets_dir.display().to_string(),
            message: format!(
                "{} sheet files; an edition has at most {MAX_SHEETS}",
                paths.len()
            ),
        });
    }
    paths.sort();
    let sheets = paths
        .iter()
        .map(|p| read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let refs: Vec<&str> = sheets.iter().map(String::as_str).collect();
    Edition::from_json(&edition, &refs).map_err(|e| CliError::EditionData {
        path: dir.display().to_string(),
        message: e.to_string(),
    })
}

/// Every edition under `dir`.
pub fn load(dir: &Path) -> Result<Vec<Edition>, CliError> {
    if dir.join("edition.json").is_file() {
        return Ok(vec![load_one(dir)?]);
    }
    let entries = std::fs::read_dir(dir).map_err(|source| CliError::Read {
        path: dir.display().to_string(),
        source,
    })?;
    let mut dirs: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("edition.json").is_file())
        .collect();
    dirs.sort();
    if dirs.len() > MAX_EDITIONS {
        return Err(CliError::EditionData {
            path: dir.display().to_string(),
            message: format!(
                "{} edition folders; at most {MAX_EDITIONS} are read",
                dirs.len()
            ),
        });
    }
    if dirs.is_empty() {
        return Err(CliError::EditionData {
            path: dir.display().to_string(),
            message: "no edition.json here nor in any folder inside".into(),
        });
    }
    dirs.iter().map(|d| load_one(d)).collect()
}

/// Loads the editions under `dir` and puts them in place of the built-in ones of the same id.
pub fn install(dir: &Path) -> Result<(), CliError> {
    let editions = load(dir)?;
    Edition::install(editions).map_err(|e| CliError::EditionData {
        path: dir.display().to_string(),
        message: e.to_string(),
    })
}
