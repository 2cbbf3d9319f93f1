//! Rebuild when the browser app changes: its files are embedded in release builds, and a file
//! added to the folder is not otherwise noticed.
fn main() {
    println!("cargo:rerun-if-changed=static");
    println!("cargo:rerun-if-changed=migrations");
}
