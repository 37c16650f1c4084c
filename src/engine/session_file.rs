//! The session file: a format version and the log's events, as TOML an umpire can read.
//!
//! Writing is atomic: a temporary file beside the target, flushed to disk, renamed over it, so a
//! crash mid-save never leaves a half-written game. Reading never writes anything.
//!
//! Reading a long game is dominated by TOML parsing, so a file this app wrote is parsed in blocks
//! of events on every core. That is exactly equivalent to parsing the whole document: a line that
//! starts with `[[events]]` is a table header unless it lies inside a multi-line string, and the
//! fast path is taken only when the file has none. Any problem sends the file through the whole-
//! document parser, whose error names the line.

use super::log::Event;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The session file format this version writes, and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// Events per block when parsing in parallel: small enough to bound the parser's working memory
/// and to spread even a short game over every core.
const EVENTS_PER_BLOCK: usize = 250;

#[derive(Serialize, Deserialize)]
struct SessionFile {
    format_version: u32,
    app: String,
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

impl std::error::Error for SessionError {}

/// The text of a session file holding `events`.
pub fn to_text(events: &[Event]) -> Result<String, String> {
    #[derive(Serialize)]
    struct Header {
        format_version: u32,
        app: String,
    }
    let mut text = toml::to_string(&Header {
        format_version: FORMAT_VERSION,
        app: format!("aide-de-camp {}", env!("CARGO_PKG_VERSION")),
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

/// Reads the events of a session file; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Vec<Event>, SessionError> {
    let parsed = match parse_in_blocks(text) {
        Some(Ok(events)) => Ok(events),
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

fn parse_whole(file: &str, text: &str) -> Result<Vec<Event>, SessionError> {
    match toml::from_str::<SessionFile>(text) {
        Ok(parsed) if parsed.format_version > FORMAT_VERSION => {
            Err(newer_version(file, parsed.format_version))
        }
        Ok(parsed) => Ok(parsed.events),
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
fn parse_in_blocks(text: &str) -> Option<Result<Vec<Event>, u32>> {
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
    Some(Ok(events))
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
    text.lines()
        .map(str::trim)
        .find_map(|line| line.strip_prefix("format_version"))
        .and_then(|rest| rest.trim().strip_prefix('='))
        .and_then(|n| n.trim().parse().ok())
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

/// Writes `bytes` to `path` via a temporary file in the same folder, flushed, then renamed over.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), SessionError> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "session".into());
    let temporary = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)?;
        // Make the rename itself durable; not every platform can open a folder, so best effort.
        if let Ok(dir) = std::fs::File::open(&folder) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        SessionError {
            file: path.display().to_string(),
            line: None,
            message: format!("could not be saved: {e}"),
        }
    })
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
        let text = to_text(&events).expect("text");
        assert_eq!(parse_in_blocks(&text), Some(Ok(events.clone())));
        assert_eq!(parse_whole("f", &text).expect("parses"), events);
    }

    #[test]
    fn a_header_inside_a_multi_line_string_is_left_to_the_whole_parser() {
        let text = "format_version = 1\napp = \"x\"\n\n[[events]]\nseq = 1\ntime = \"t\"\nside = \"\"\nhash = \"h\"\n\n[events.body]\nkind = \"note\"\ntext = \"\"\"\n[[events]]\nseq = 9\n\"\"\"\n";
        assert_eq!(parse_in_blocks(text), None);
        let events = parse("f", text).expect("a valid file");
        assert_eq!(events.len(), 1);
        assert!(matches!(&events[0].body, EventBody::Note { text } if text.contains("seq = 9")));
    }

    #[test]
    fn a_damaged_block_is_reported_with_its_line_in_the_file() {
        let events: Vec<Event> = (1..=3).map(|n| note(n, "x")).collect();
        let text = to_text(&events)
            .expect("text")
            .replacen("seq = 2", "seq = two", 1);
        let error = parse("game.toml", &text).expect_err("damaged");
        let line = text.lines().position(|l| l == "seq = two").map(|i| i + 1);
        assert_eq!(error.line, line, "{error}");
    }
}
