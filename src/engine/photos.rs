//! Photo evidence: a photo of the table (PNG or JPEG) attached to a log entry. The log keeps the
//! photo's SHA-256 and its file name; the image sits in a folder beside the session file
//! (`game.toml` keeps its photos in `game.photos/`), so the session file stays small and text.
//! `verify` then checks that every photo the log names is there and unaltered.
//!
//! A photo's file name is the event it shows and the start of its hash, so two photos never
//! share a name, and the same photo attached twice to one event is one file.

use super::log::{Event, EventBody, short_hash};
use super::sealed::hex;
use super::session::VerifyFailure;
use super::session_file::write_new_atomically;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The longest side of a thumbnail, in pixels.
pub const THUMBNAIL_SIZE: u32 = 160;

/// A photo read and checked, ready to attach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Photo {
    pub bytes: Vec<u8>,
    /// "png" or "jpg".
    pub extension: &'static str,
    /// The SHA-256 of the bytes, in hexadecimal.
    pub sha256: String,
}

impl Photo {
    /// Reads the image file `path`, refusing anything that is not a PNG or JPEG image that
    /// decodes.
    pub fn read(path: &Path) -> Result<Photo, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("{}: cannot be read: {e}", path.display()))?;
        Photo::from_bytes(bytes).map_err(|why| format!("{}: {why}", path.display()))
    }

    /// Checks `bytes` are a PNG or JPEG image that decodes.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Photo, String> {
        let extension = match image::guess_format(&bytes) {
            Ok(image::ImageFormat::Png) => "png",
            Ok(image::ImageFormat::Jpeg) => "jpg",
            _ => return Err("is not a PNG or JPEG image".into()),
        };
        image::load_from_memory(&bytes).map_err(|e| format!("is a damaged image: {e}"))?;
        let sha256 = hex(&Sha256::digest(&bytes));
        Ok(Photo {
            bytes,
            extension,
            sha256,
        })
    }

    /// The file name the photo takes when attached to event `event`.
    pub fn file_name(&self, event: u64) -> String {
        format!(
            "event-{event}-{}.{}",
            short_hash(&self.sha256),
            self.extension
        )
    }
}

/// The folder beside `session` that keeps its photos.
pub fn photo_folder(session: &Path) -> PathBuf {
    let stem = session
        .file_stem()
        .map_or_else(|| "session".into(), |s| s.to_string_lossy().into_owned());
    session.with_file_name(format!("{stem}.photos"))
}

/// Puts `photo` in the photo folder of `session` under `file_name`. A file already there with
/// the same content is kept as it is; another file of that name is never written over.
pub fn store(session: &Path, file_name: &str, photo: &Photo) -> Result<PathBuf, String> {
    let folder = photo_folder(session);
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("{}: the photo folder cannot be made: {e}", folder.display()))?;
    let path = folder.join(file_name);
    if path.exists() {
        return match std::fs::read(&path) {
            Ok(held) if held == photo.bytes => Ok(path),
            _ => Err(format!(
                "{}: another file already has this name; the photo was not attached",
                path.display()
            )),
        };
    }
    write_new_atomically(&path, &photo.bytes).map_err(|e| e.to_string())?;
    Ok(path)
}

/// Copies every photo `events` attach from beside `from` to beside `to` (a Save As to another
/// place), so the saved game keeps its evidence: each checked against its hash, byte for byte.
/// Photos already there are kept. A photo that cannot be copied does not stop the others; the
/// error names each.
pub fn copy_photos(events: &[Event], from: &Path, to: &Path) -> Result<usize, String> {
    let (source, target) = (photo_folder(from), photo_folder(to));
    if source == target {
        return Ok(0);
    }
    let mut copied = 0;
    let mut failed = Vec::new();
    for (file, sha256) in attached(events) {
        let copy = read_checked(from, file, sha256).and_then(|bytes| {
            std::fs::create_dir_all(&target)
                .map_err(|e| format!("{}: cannot be made: {e}", target.display()))?;
            let path = target.join(file);
            match std::fs::read(&path) {
                Ok(held) if held == bytes => Ok(()),
                Ok(_) => Err(format!("{}: another file has this name", path.display())),
                Err(_) => write_new_atomically(&path, &bytes).map_err(|e| e.to_string()),
            }
        });
        match copy {
            Ok(()) => copied += 1,
            Err(why) => failed.push(why),
        }
    }
    if failed.is_empty() {
        Ok(copied)
    } else {
        Err(failed.join("; "))
    }
}

/// The photos `events` attach, as (file name, SHA-256).
fn attached(events: &[Event]) -> impl Iterator<Item = (&str, &str)> {
    events.iter().filter_map(|event| match &event.body {
        EventBody::PhotoAttached { file, sha256, .. } => Some((file.as_str(), sha256.as_str())),
        _ => None,
    })
}

/// `file` if it is a bare file name: a log naming a path elsewhere is not followed.
fn plain_file_name(file: &str) -> Option<&str> {
    let path = Path::new(file);
    (path.file_name().is_some_and(|name| name == file) && !file.starts_with('.')).then_some(file)
}

/// Why the photo event `event` attaches cannot be trusted beside `session`, if it cannot: its
/// file is missing, or is not the image the log's hash names.
pub fn check_photo(session: &Path, event: &Event) -> Result<(), String> {
    photo_bytes(session, event).map(|_| ())
}

/// The bytes of the photo that event `event` attaches, read from beside `session` and checked
/// against the log's hash: what is shown is what the log vouches for.
pub fn photo_bytes(session: &Path, event: &Event) -> Result<Vec<u8>, String> {
    let EventBody::PhotoAttached {
        event: shown,
        file,
        sha256,
    } = &event.body
    else {
        return Err(format!("event {} attaches no photo", event.seq));
    };
    read_checked(session, file, sha256).map_err(|why| format!("the photo of event {shown} {why}"))
}

/// The bytes of photo `file` beside `session`, if the file is there, named as a plain file of
/// the photo folder, and holds the image whose hash is `sha256`; else why not, to follow "the
/// photo of event N".
fn read_checked(session: &Path, file: &str, sha256: &str) -> Result<Vec<u8>, String> {
    let Some(name) = plain_file_name(file) else {
        return Err(format!(
            "is named \"{file}\", which is not a file beside the session"
        ));
    };
    let path = photo_folder(session).join(name);
    let bytes = std::fs::read(&path)
        .map_err(|e| format!("is missing: {} cannot be read ({e})", path.display()))?;
    if hex(&Sha256::digest(&bytes)) != sha256 {
        return Err(format!(
            "has been altered: {} is not the image the log's hash names",
            path.display()
        ));
    }
    Ok(bytes)
}

/// Checks every photo `events` attach against the files beside `session`: the number checked, or
/// the first photo event that does not hold.
pub fn check_all(session: &Path, events: &[Event]) -> Result<usize, VerifyFailure> {
    let mut checked = 0;
    for event in events {
        if matches!(event.body, EventBody::PhotoAttached { .. }) {
            check_photo(session, event).map_err(|message| VerifyFailure {
                seq: event.seq,
                message,
            })?;
            checked += 1;
        }
    }
    Ok(checked)
}

/// A small PNG of the image `bytes`, at most `THUMBNAIL_SIZE` on its longest side.
pub fn thumbnail(bytes: &[u8]) -> Result<Vec<u8>, String> {
    within(bytes, THUMBNAIL_SIZE)
}

/// The image `bytes` as a PNG at most `side` pixels on its longest side (a photo wider than the
/// graphics card takes is shown scaled down); a smaller image keeps its size.
pub fn within(bytes: &[u8], side: u32) -> Result<Vec<u8>, String> {
    let image = image::load_from_memory(bytes).map_err(|e| format!("a damaged image: {e}"))?;
    let image = if image.width() > side || image.height() > side {
        image.thumbnail(side, side)
    } else {
        image
    };
    let mut png = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| format!("the image could not be made smaller: {e}"))?;
    Ok(png.into_inner())
}
