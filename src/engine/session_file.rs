//! The session file: a format version and the log's events, as TOML an umpire can read.
//!
//! Writing is atomic: a temporary file beside the target, flushed to disk, renamed over it, so a
//! crash mid-save never leaves a half-written game. The temporary file has an unpredictable name
//! and is created only where nothing is, so a file or link planted beside the target is never
//! written through. Reading never writes anything.
//!
//! Reading a long game is dominated by TOML parsing, so a file this app wrote is parsed in blocks
//! of events on every core. That is exactly equivalent to parsing the whole document: a line that
//! starts with `[[events]]` is a table header unless it lies inside a multi-line string, and the
//! fast path is taken only when the file has none. Any problem sends the file through the whole-
//! document parser, whose error names the line.

use super::log::Event;
use super::signatures::Signature;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The session file format this version writes, and the newest it reads. Format 2 added the
/// signatures and the sealed seed; format 1 files (an open seed, no signature) still read.
pub const FORMAT_VERSION: u32 = 2;

/// Events per block when parsing in parallel: small enough to bound the parser's working memory
/// and to spread even a short game over every core.
const EVENTS_PER_BLOCK: usize = 250;

#[derive(Serialize, Deserialize)]
struct SessionFile {
    format_version: u32,
    app: String,
    #[serde(default)]
    signatures: Vec<Signature>,
    #[serde(default)]
    events: Vec<Event>,
}

/// The part of a file before its first event. Unknown keys are refused, so that an event this
/// split did not see (an indented header) sends the file to the whole-document parser instead.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    format_version: u32,
    #[allow(dead_code)]
    app: Option<String>,
    #[serde(default)]
    signatures: Vec<Signature>,
}

/// What a session file holds: the log and the signatures of its saved states.
#[derive(Debug, Default)]
pub struct SessionText {
    pub events: Vec<Event>,
    pub signatures: Vec<Signature>,
}

#[derive(Serialize, Deserialize)]
struct EventsOnly<E> {
    events: E,
}

/// A session file that cannot be read or written, naming the file and, where known, the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl SessionError {
    /// The message with its line, without the file: for a list that names the file already.
    pub fn in_file(&self) -> String {
        match self.line {
            Some(line) => format!("line {line}: {}", self.message),
            None => self.message.clone(),
        }
    }
}

impl std::error::Error for SessionError {}

/// The text of a session file holding `events` and the `signatures` of its saved states. The
/// signatures come before the events, so that a recovery journal can append events to the file.
pub fn to_text(events: &[Event], signatures: &[Signature]) -> Result<String, String> {
    #[derive(Serialize)]
    struct Header<'a> {
        format_version: u32,
        app: String,
        #[serde(skip_serializing_if = "<[Signature]>::is_empty")]
        signatures: &'a [Signature],
    }
    let mut text = toml::to_string(&Header {
        format_version: FORMAT_VERSION,
        app: format!("aide-de-camp {}", env!("CARGO_PKG_VERSION")),
        signatures,
    })
    .map_err(|e| format!("the session could not be written as TOML: {e}"))?;
    // Blocks of events are written on every core; each block is `[[events]]` tables, so the
    // blocks joined are the same document as the events written at once.
    let blocks: Vec<&[Event]> = events.chunks(EVENTS_PER_BLOCK).collect();
    for block in in_parallel(&blocks, |block| {
        toml::to_string(&EventsOnly { events: *block })
            .map_err(|e| format!("the session could not be written as TOML: {e}"))
    }) {
        text.push('\n');
        text.push_str(&block.unwrap_or_else(|| Err("a writer thread stopped".into()))?);
    }
    Ok(text)
}

/// Runs `work` on every item using every core and returns the results in the items' order;
/// `None` where a worker thread stopped without a result.
fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<Option<R>> {
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, items.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let finished: Vec<Vec<(usize, R)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(index) else {
                            break;
                        };
                        done.push((index, work(item)));
                    }
                    done
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    for (index, result) in finished.into_iter().flatten() {
        if let Some(slot) = results.get_mut(index) {
            *slot = Some(result);
        }
    }
    results
}

/// The text of one event as it stands in a session file (for appending to a journal).
pub fn event_text(event: &Event) -> Result<String, String> {
    toml::to_string(&EventsOnly {
        events: std::slice::from_ref(event),
    })
    .map_err(|e| format!("event {} could not be written as TOML: {e}", event.seq))
}

/// Reads the events and signatures of a session file; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<SessionText, SessionError> {
    let parsed = match parse_in_blocks(text) {
        Some(Ok(read)) => Ok(read),
        Some(Err(version)) => Err(newer_version(file, version)),
        None => parse_whole(file, text),
    };
    if text.len() > LARGE_FILE {
        release_free_memory();
    }
    parsed
}

/// Files above this size leave enough freed parser memory behind to be worth returning.
const LARGE_FILE: usize = 8 << 20;

/// Large temporary work (parsing, verifying a long game) is freed, but glibc keeps the pages in
/// its per-thread arenas; a long game would otherwise hold tens of megabytes it no longer uses.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn release_free_memory() {
    unsafe extern "C" {
        fn malloc_trim(pad: usize) -> i32;
    }
    // SAFETY: malloc_trim only returns free heap memory to the system; it touches no live data.
    unsafe {
        malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn release_free_memory() {}

fn parse_whole(file: &str, text: &str) -> Result<SessionText, SessionError> {
    match toml::from_str::<SessionFile>(text) {
        Ok(parsed) if parsed.format_version > FORMAT_VERSION => {
            Err(newer_version(file, parsed.format_version))
        }
        Ok(parsed) => Ok(SessionText {
            events: parsed.events,
            signatures: parsed.signatures,
        }),
        Err(e) => {
            // A file from a newer version may not parse at all: say so rather than "damaged".
            if let Some(version) = declared_version(text)
                && version > FORMAT_VERSION
            {
                return Err(newer_version(file, version));
            }
            Err(SessionError {
                file: file.to_string(),
                line: e.span().map(|span| line_of(text, span.start)),
                message: format!("the session file is damaged: {}", e.message().trim_end()),
            })
        }
    }
}

/// The fast path: `None` if it does not apply or anything fails (then the whole-document parser
/// reads the file and reports the problem); `Some(Err(version))` for a file from a newer version.
fn parse_in_blocks(text: &str) -> Option<Result<SessionText, u32>> {
    if text.contains("\"\"\"") || text.contains("'''") {
        return None;
    }
    let mut starts: Vec<usize> = text
        .match_indices("\n[[events]]")
        .map(|(i, _)| i + 1)
        .collect();
    if text.starts_with("[[events]]") {
        starts.insert(0, 0);
    }
    let first = *starts.first()?;
    let header: Header = toml::from_str(text.get(..first)?).ok()?;
    if header.format_version > FORMAT_VERSION {
        return Some(Err(header.format_version));
    }
    let mut bounds: Vec<usize> = starts.iter().copied().step_by(EVENTS_PER_BLOCK).collect();
    bounds.push(text.len());
    let blocks: Vec<&str> = bounds
        .iter()
        .zip(bounds.iter().skip(1))
        .map(|(&start, &end)| text.get(start..end))
        .collect::<Option<_>>()?;

    let parsed = in_parallel(&blocks, |block| {
        toml::from_str::<EventsOnly<Vec<Event>>>(block)
            .ok()
            .map(|e| e.events)
    });
    let mut events = Vec::with_capacity(starts.len());
    for block in parsed {
        events.extend(block.flatten()?);
    }
    Some(Ok(SessionText {
        events,
        signatures: header.signatures,
    }))
}

fn line_of(text: &str, byte: usize) -> usize {
    text.as_bytes()
        .iter()
        .take(byte)
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

fn declared_version(text: &str) -> Option<u32> {
    text.lines().find_map(version_of_line)
}

/// The version a `format_version = N` line declares.
fn version_of_line(line: &str) -> Option<u32> {
    line.trim()
        .strip_prefix("format_version")
        .and_then(|rest| rest.trim().strip_prefix('='))
        .and_then(|n| n.trim().parse().ok())
}

/// How many bytes of a file `begins_as_session` needs: the header's first two lines.
pub const HEADER_BYTES: u64 = 256;

/// Whether `start`, the first bytes of a file, begins as every session file this app wrote does:
/// a format version, then the app's name. Such a file that cannot be read is a damaged session,
/// not some other file.
pub fn begins_as_session(start: &[u8]) -> bool {
    let text = String::from_utf8_lossy(start);
    let mut lines = text.lines();
    lines.next().and_then(version_of_line).is_some()
        && lines
            .next()
            .is_some_and(|line| line.starts_with("app = \"aide-de-camp"))
}

fn newer_version(file: &str, version: u32) -> SessionError {
    SessionError {
        file: file.to_string(),
        line: None,
        message: format!(
            "this session was saved by a newer version of Aide-de-camp (file format {version}); this version reads format {FORMAT_VERSION} and older. Update Aide-de-camp to open it; the file was not changed"
        ),
    }
}

/// Writes `bytes` to `path` via a temporary file in the same folder, flushed, then renamed over it.
/// A link is written through: the file it points to gets the new content and the link stays a
/// link. A file without write permission is refused, not replaced; a file that is replaced keeps
/// its permissions.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), SessionError> {
    write_via_temporary(path, bytes, Existing::Replace)
}

/// As `write_atomically`, for a file that must not exist yet: a file already at `path` (or one
/// that appears there meanwhile) is never replaced.
pub fn write_new_atomically(path: &Path, bytes: &[u8]) -> Result<(), SessionError> {
    write_via_temporary(path, bytes, Existing::Keep)
}

/// What an atomic write does with a file already at its path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Existing {
    Replace,
    Keep,
}

fn write_via_temporary(path: &Path, bytes: &[u8], existing: Existing) -> Result<(), SessionError> {
    let error = |message: String| SessionError {
        file: path.display().to_string(),
        line: None,
        message,
    };
    let (target, permissions) = match existing {
        Existing::Replace => replaceable(path).map_err(error)?,
        Existing::Keep if std::fs::symlink_metadata(path).is_ok() => {
            return Err(error(NEVER_OVERWRITTEN.into()));
        }
        Existing::Keep => (path.to_path_buf(), None),
    };
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().chars().take(100).collect::<String>())
        .unwrap_or_else(|| "session".into());
    sweep_temporaries(&folder, &name);
    let temporary = folder.join(temporary_name(&name).map_err(|e| error(not_saved(&e)))?);
    let mut file = create_new(&temporary).map_err(|e| error(not_saved(&e)))?;
    // From here on the temporary file is ours, and it goes on any failure.
    let result = (|| -> std::io::Result<()> {
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        match existing {
            Existing::Replace => std::fs::rename(&temporary, &target)?,
            Existing::Keep => publish_new(&temporary, &target)?,
        }
        // Make the rename itself durable; not every platform can open a folder, so best effort.
        if let Ok(dir) = std::fs::File::open(&folder) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        match e.kind() {
            std::io::ErrorKind::AlreadyExists => error(NEVER_OVERWRITTEN.into()),
            _ => error(not_saved(&e)),
        }
    })
}

const NEVER_OVERWRITTEN: &str = "already exists, and an existing file is never overwritten";

fn not_saved(e: &std::io::Error) -> String {
    format!("could not be saved: {e}")
}

/// The file to write in place of `path` (the one a link points to), and the permissions it keeps;
/// refused if it may not be written.
fn replaceable(path: &Path) -> Result<(PathBuf, Option<std::fs::Permissions>), String> {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link {
        std::fs::canonicalize(path)
            .map_err(|e| format!("is a link to a file that cannot be reached: {e}"))?
    } else {
        path.to_path_buf()
    };
    match std::fs::metadata(&target) {
        Ok(metadata) if metadata.permissions().readonly() => Err(
            "is read-only, so it was not saved: make it writable, or save under another name"
                .into(),
        ),
        Ok(metadata) => Ok((target, Some(metadata.permissions()))),
        Err(_) => Ok((target, None)),
    }
}

/// A name for a temporary file beside `name`, unpredictable: the suffix comes from the operating
/// system's random generator, so nobody can plant a file or a link under it beforehand.
fn temporary_name(name: &str) -> std::io::Result<String> {
    use rand_core::TryRngCore;
    let suffix = rand_core::OsRng
        .try_next_u64()
        .map_err(|e| std::io::Error::other(format!("the system's random generator failed: {e}")))?;
    Ok(format!(".{name}.{suffix:016x}.tmp"))
}

/// Removes the temporary files of `name` that a save killed before its rename left in `folder`:
/// each holds a whole copy of a game, seed included. Only names `temporary_name` makes are
/// touched; a save that loses its temporary file this way fails at its rename and changes nothing.
fn sweep_temporaries(folder: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let left_behind = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(prefix.as_str()))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .is_some_and(|suffix| {
                suffix.len() == 16 && suffix.bytes().all(|b| b.is_ascii_hexdigit())
            });
        if left_behind {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Creates `path` for writing only if nothing is there: never a file already there, never
/// through a link (the exclusive create refuses any existing name, a link included).
fn create_new(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// Gives the finished `temporary` the name `target` unless a file has that name: a hard link is
/// made in one step that fails if the name is taken. A file system without hard links falls back
/// to checking, then renaming.
fn publish_new(temporary: &Path, target: &Path) -> std::io::Result<()> {
    match std::fs::hard_link(temporary, target) {
        Ok(()) => {
            // The target is complete; a temporary name left behind would only be clutter.
            let _ = std::fs::remove_file(temporary);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(e),
        Err(_) if std::fs::symlink_metadata(target).is_ok() => {
            Err(std::io::ErrorKind::AlreadyExists.into())
        }
        Err(_) => std::fs::rename(temporary, target),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::log::{EventBody, GENESIS_HASH, chain_hash};

    fn note(seq: u64, text: &str) -> Event {
        let body = EventBody::Note { text: text.into() };
        Event {
            seq,
            time: "t".into(),
            side: Default::default(),
            hash: chain_hash(GENESIS_HASH, seq, "t", "", &body),
            body,
        }
    }

    #[test]
    fn blocks_and_whole_document_read_the_same_events() {
        let events: Vec<Event> = (1..=5_000).map(|n| note(n, &format!("note {n}"))).collect();
        let signatures = vec![Signature {
            through: 5_000,
            hash: "h".into(),
            events: "0123abcd".into(),
            signature: "s".into(),
        }];
        let text = to_text(&events, &signatures).expect("text");
        let blocks = parse_in_blocks(&text).and_then(Result::ok).expect("blocks");
        assert_eq!(blocks.events, events);
        assert_eq!(blocks.signatures, signatures);
        let whole = parse_whole("f", &text).expect("parses");
        assert_eq!(whole.events, events);
        assert_eq!(whole.signatures, signatures);
    }

    #[test]
    fn a_header_inside_a_multi_line_string_is_left_to_the_whole_parser() {
        let text = "format_version = 1\napp = \"x\"\n\n[[events]]\nseq = 1\ntime = \"t\"\nside = \"\"\nhash = \"h\"\n\n[events.body]\nkind = \"note\"\ntext = \"\"\"\n[[events]]\nseq = 9\n\"\"\"\n";
        assert!(parse_in_blocks(text).is_none());
        let events = parse("f", text).expect("a valid file").events;
        assert_eq!(events.len(), 1);
        assert!(matches!(&events[0].body, EventBody::Note { text } if text.contains("seq = 9")));
    }

    /// The names in `folder`, sorted.
    fn listing(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .expect("the folder is readable")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_replaces_the_file_and_leaves_nothing_else() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("game.toml");
        std::fs::write(&path, "old").expect("written");
        write_atomically(&path, b"new").expect("saved");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        assert_eq!(listing(dir.path()), ["game.toml"]);
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("a folder");
        // The rename fails: the target is a folder that is not empty.
        let path = dir.path().join("game.toml");
        std::fs::create_dir(&path).expect("a folder");
        std::fs::write(path.join("inside"), "kept").expect("written");
        let error = write_atomically(&path, b"new").expect_err("a folder is not replaced");
        assert!(error.message.contains("could not be saved"), "{error}");
        assert_eq!(listing(dir.path()), ["game.toml"]);
        assert_eq!(listing(&path), ["inside"]);

        // A new file refused because the name is taken leaves nothing either.
        let taken = dir.path().join("taken.md");
        std::fs::write(&taken, "the owner's").expect("written");
        let error = write_new_atomically(&taken, b"export").expect_err("never overwritten");
        assert!(error.message.contains("never overwritten"), "{error}");
        assert_eq!(
            std::fs::read_to_string(&taken).expect("read"),
            "the owner's"
        );
        assert_eq!(listing(dir.path()), ["game.toml", "taken.md"]);
    }

    #[test]
    fn a_new_file_is_written_once_and_never_over_another() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("log.md");
        write_new_atomically(&path, b"first").expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "first");
        assert_eq!(listing(dir.path()), ["log.md"]);
        assert!(write_new_atomically(&path, b"second").is_err());
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "first");
    }

    #[test]
    fn a_temporary_file_left_by_a_killed_save_goes_at_the_next_save() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("game.toml");
        // What a save killed before its rename leaves: a whole copy under a temporary name.
        let stale = dir.path().join(".game.toml.0123456789abcdef.tmp");
        std::fs::write(&stale, "a whole game, seed included").expect("written");
        // Files of the players' own that merely look alike stay.
        let notes = dir.path().join(".game.toml.notes.tmp");
        std::fs::write(&notes, "kept").expect("written");
        let other = dir.path().join(".other.toml.0123456789abcdef.tmp");
        std::fs::write(&other, "kept").expect("written");
        write_atomically(&path, b"new").expect("saved");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        assert_eq!(
            listing(dir.path()),
            [
                ".game.toml.notes.tmp",
                ".other.toml.0123456789abcdef.tmp",
                "game.toml"
            ]
        );
    }

    #[test]
    fn temporary_names_are_unpredictable() {
        let names: Vec<String> = (0..4)
            .map(|_| temporary_name("game.toml").expect("a name"))
            .collect();
        for (i, name) in names.iter().enumerate() {
            assert!(
                name.starts_with(".game.toml.") && name.ends_with(".tmp"),
                "{name}"
            );
            assert!(!names[..i].contains(name), "{names:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_link_is_never_followed() {
        let dir = tempfile::tempdir().expect("a folder");
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "untouched").expect("written");
        let planted = dir.path().join(".game.toml.planted.tmp");
        std::os::unix::fs::symlink(&victim, &planted).expect("a link");
        let dangling = dir.path().join(".game.toml.dangling.tmp");
        let nowhere = dir.path().join("created-through-a-link");
        std::os::unix::fs::symlink(&nowhere, &dangling).expect("a link");
        // The temporary file is created only where nothing is, a link included.
        for link in [&planted, &dangling] {
            let error = create_new(link).expect_err("a link is refused");
            assert_eq!(error.kind(), std::io::ErrorKind::AlreadyExists);
        }
        assert!(!nowhere.exists());
        // A save beside links planted under the names a temporary file could once be given
        // writes the game only.
        let old_name = dir
            .path()
            .join(format!(".game.toml.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, &old_name).expect("a link");
        let path = dir.path().join("game.toml");
        write_atomically(&path, b"game").expect("saved");
        write_atomically(&path, b"game again").expect("saved");
        assert_eq!(std::fs::read_to_string(&victim).expect("read"), "untouched");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "game again");
        assert!(!nowhere.exists());
        assert_eq!(
            listing(dir.path()).len(),
            5,
            "the game, the victim, three links"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().expect("a folder");
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir(&elsewhere).expect("a folder");
        let real = elsewhere.join("real.toml");
        std::fs::write(&real, "old").expect("written");
        let link = dir.path().join("game.toml");
        std::os::unix::fs::symlink("elsewhere/real.toml", &link).expect("a link");
        write_atomically(&link, b"new").expect("saved");
        let metadata = std::fs::symlink_metadata(&link).expect("the link");
        assert!(metadata.file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).expect("read"), "new");
        assert_eq!(listing(dir.path()), ["elsewhere", "game.toml"]);
        assert_eq!(listing(&elsewhere), ["real.toml"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_refused_and_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("game.toml");
        std::fs::write(&path, "old").expect("written");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
        let error = write_atomically(&path, b"new").expect_err("read-only is refused");
        assert_eq!(error.file, path.display().to_string());
        assert!(error.message.contains("read-only"), "{error}");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "old");
        let mode = std::fs::metadata(&path)
            .expect("metadata")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o444);
        assert_eq!(listing(dir.path()), ["game.toml"]);

        // A writable file replaced keeps its own permissions.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        write_atomically(&path, b"new").expect("saved");
        let mode = std::fs::metadata(&path)
            .expect("metadata")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn a_damaged_block_is_reported_with_its_line_in_the_file() {
        let events: Vec<Event> = (1..=3).map(|n| note(n, "x")).collect();
        let text = to_text(&events, &[])
            .expect("text")
            .replacen("seq = 2", "seq = two", 1);
        let error = parse("game.toml", &text).expect_err("damaged");
        let line = text.lines().position(|l| l == "seq = two").map(|i| i + 1);
        assert_eq!(error.line, line, "{error}");
    }

    #[test]
    fn a_session_file_is_known_by_its_first_two_lines() {
        let text = to_text(&[note(1, "x")], &[]).expect("text");
        assert!(begins_as_session(text.as_bytes()));
        let start = text.as_bytes().get(..40).expect("a header");
        assert!(begins_as_session(start), "the first bytes are enough");
        assert!(begins_as_session(
            b"format_version = 1\napp = \"aide-de-camp 0.0.1\"\n"
        ));
        for other in [
            &b"attacker_side = \"french\"\n"[..],
            b"format_version = 2\nname = \"another program\"\n",
            b"app = \"aide-de-camp\"\nformat_version = 2\n",
            b"\xff\xd8\xff\xe0 a photo",
            b"",
        ] {
            assert!(
                !begins_as_session(other),
                "{}",
                String::from_utf8_lossy(other)
            );
        }
    }
}
