//! `--edition-data DIR`: editions read from data files instead of (or besides) the built-in
//! ones, so that an owner of the box can play with the values printed on their own cards
//! without rebuilding (collector spec §18.5). DIR is one edition's folder (`edition.json` and
//! `sheets/*.json`, the layout of `crates/engine/data/editions/`) or a folder of such folders.

use crate::error::CliError;
use std::path::Path;
use welcome_engine::Edition;

fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|source| CliError::Read {
        path: path.display().to_string(),
        source,
    })
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
