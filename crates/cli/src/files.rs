//! Reading inputs and writing output files without ever leaving a partial file behind.

use crate::error::CliError;
use std::io::{Read, Write};
use std::path::Path;

/// The text of `path`, or of standard input when `path` is `-`.
pub fn read_input(path: &str) -> Result<String, CliError> {
    let mut text = String::new();
    let result = if path == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    result.map_err(|source| CliError::Read {
        path: display_name(path).to_string(),
        source,
    })?;
    Ok(text)
}

/// `path` as it would be typed in a shell: quoted when it holds anything but plain characters.
pub fn shell_word(path: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./+,:@".contains(c);
    if !path.is_empty() && path.chars().all(plain) {
        path.to_string()
    } else {
        format!("'{}'", path.replace('\'', "'\\''"))
    }
}

/// How an input is named in messages.
pub fn display_name(path: &str) -> &str {
    if path == "-" {
        "standard input"
    } else {
        path
    }
}

/// Writes `bytes` to a temporary file in the target's directory, then renames it into place,
/// so a reader (or a crash) never sees half a file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    write_whole(path, bytes, true)
}

/// `write_atomic` for a file that must not exist yet: an existing one is left as it is and
/// the error names it.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    write_whole(path, bytes, false)
}

fn write_whole(path: &Path, bytes: &[u8], replace: bool) -> Result<(), CliError> {
    let err = |source| CliError::Write {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".welcome-").suffix(".tmp");
    // Temporary files are private by default; the result is an ordinary file, so let the
    // umask decide as it would for any new file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(err)?;
    // No fsync: the rename already hides half-written files from readers, and simulations
    // write thousands of records.
    tmp.write_all(bytes).map_err(err)?;
    // On failure the temporary file is dropped, which deletes it.
    if replace {
        tmp.persist(path).map_err(|e| err(e.error))?;
    } else {
        tmp.persist_noclobber(path)
            .map_err(|e| match e.error.kind() {
                std::io::ErrorKind::AlreadyExists => CliError::Exists {
                    path: path.to_path_buf(),
                    more: 0,
                },
                _ => err(e.error),
            })?;
    }
    Ok(())
}

/// Makes `dir` (and its parents) unless it exists; refuses a path that is not a directory.
pub fn ensure_dir(dir: &Path) -> Result<(), CliError> {
    if dir.exists() && !dir.is_dir() {
        return Err(CliError::NotADirectory {
            path: dir.to_path_buf(),
        });
    }
    std::fs::create_dir_all(dir).map_err(|source| CliError::Write {
        path: dir.to_path_buf(),
        source,
    })
}
