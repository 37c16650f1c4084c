//! Where the app keeps the user's files: owner-entered tables and the recovery journal.
//! Game data never goes into the GUI's preference storage.

use std::path::PathBuf;

/// The environment variable that moves the data folder (tests and portable installs use it).
pub const OVERRIDE_VARIABLE: &str = "AIDE_DE_CAMP_DATA";

/// `$AIDE_DE_CAMP_DATA`, else the platform's data folder plus `aide-de-camp`:
/// `$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support` on macOS,
/// `%APPDATA%` on Windows. `None` if no home folder is known.
pub fn data_folder() -> Option<PathBuf> {
    if let Some(folder) = std::env::var_os(OVERRIDE_VARIABLE).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(folder));
    }
    let base = if cfg!(target_os = "windows") {
        std::env::var_os("APPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        std::env::var_os("HOME").map(|h| PathBuf::from(h).join("Library/Application Support"))
    } else {
        std::env::var_os("XDG_DATA_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
    };
    base.map(|b| b.join("aide-de-camp"))
}

/// The folder of recovery journals: one per game with unsaved changes, removed once it is saved.
pub fn recovery_folder() -> Option<PathBuf> {
    data_folder().map(|d| d.join("recovery"))
}
