//! Photo evidence: a photo attached to a log entry sits beside the session file, the log keeps
//! its hash, and `verify` notices a photo missing or altered, naming the entry.

use crate::support::{Play, run_binary};
use aide_de_camp::engine::photos::{self, Photo};
use aide_de_camp::engine::play::{Command, Executed};
use std::path::{Path, PathBuf};

/// A small PNG drawn here: a 40 by 30 gradient.
pub fn test_png() -> Vec<u8> {
    let image = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8 * 6, y as u8 * 8, 90]));
    let mut png = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut png, image::ImageFormat::Png)
        .expect("a PNG");
    png.into_inner()
}

/// A saved June 16-18 game with a photo attached to its set-up (event 2), in `dir`.
fn game_with_a_photo(dir: &Path) -> (PathBuf, PathBuf, u64) {
    let mut play = Play::start("waterloo-campaign-1815", "june-16-18");
    let game_file = dir.join("game.toml");
    let source = dir.join("table.png");
    std::fs::write(&source, test_png()).expect("written");
    let photo = Photo::read(&source).expect("a PNG");
    let file = photo.file_name(2);
    let stored = photos::store(&game_file, &file, &photo).expect("stored");
    let executed = play
        .session
        .execute(
            play.game,
            &play.tables,
            Command::AttachPhoto {
                event: 2,
                file,
                sha256: photo.sha256.clone(),
            },
        )
        .expect("attached");
    let Executed::Logged { event } = executed else {
        panic!("logged");
    };
    play.session.save(&game_file).expect("saved");
    (game_file, stored, event)
}

/// `verify` of `game_file`, with a data folder beside it.
fn verify(game_file: &Path) -> (Option<i32>, String, String) {
    let path = game_file.to_str().expect("UTF-8");
    run_binary(&game_file.with_file_name("data"), &["verify", path])
}

#[test]
fn a_photo_sits_beside_the_session_and_verifies_with_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let (game_file, stored, _) = game_with_a_photo(dir.path());
    assert_eq!(
        stored.parent(),
        Some(dir.path().join("game.photos").as_path())
    );
    let (code, stdout, stderr) = verify(&game_file);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("1 photos"), "{stdout}");
}

#[test]
fn an_altered_photo_fails_verify_naming_its_entry() {
    let dir = tempfile::tempdir().expect("a folder");
    let (game_file, stored, event) = game_with_a_photo(dir.path());
    let mut bytes = std::fs::read(&stored).expect("read");
    let last = bytes.len() - 20;
    bytes[last] ^= 0xff;
    std::fs::write(&stored, bytes).expect("altered");
    let (code, _, stderr) = verify(&game_file);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains(&format!(
            "event {event}: the photo of event 2 has been altered"
        )),
        "{stderr}"
    );
}

#[test]
fn a_missing_photo_fails_verify_naming_its_entry() {
    let dir = tempfile::tempdir().expect("a folder");
    let (game_file, stored, event) = game_with_a_photo(dir.path());
    std::fs::remove_file(&stored).expect("removed");
    let (code, _, stderr) = verify(&game_file);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains(&format!("event {event}: the photo of event 2 is missing")),
        "{stderr}"
    );
}

#[test]
fn only_a_png_or_jpeg_image_is_taken_as_a_photo() {
    let dir = tempfile::tempdir().expect("a folder");
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "not an image").expect("written");
    let refused = Photo::read(&notes).expect_err("refused");
    assert!(
        refused.contains("notes.txt: is not a PNG or JPEG image"),
        "{refused}"
    );
    // A PNG cut short is damaged.
    let cut = dir.path().join("cut.png");
    std::fs::write(&cut, &test_png()[..60]).expect("written");
    let refused = Photo::read(&cut).expect_err("refused");
    assert!(refused.contains("cut.png: is a damaged image"), "{refused}");
    // A thumbnail fits in 160 pixels a side; a smaller photo keeps its size.
    let large = image::RgbImage::from_fn(400, 300, |x, _| image::Rgb([x as u8, 0, 0]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    large
        .write_to(&mut bytes, image::ImageFormat::Png)
        .expect("a PNG");
    let size = |png: &[u8]| {
        let image = image::load_from_memory(png).expect("an image");
        (image.width(), image.height())
    };
    let thumbnail = photos::thumbnail(&bytes.into_inner()).expect("a thumbnail");
    assert_eq!(size(&thumbnail), (160, 120));
    assert_eq!(
        size(&photos::thumbnail(&test_png()).expect("a thumbnail")),
        (40, 30)
    );
}

#[test]
fn a_log_naming_a_photo_outside_its_folder_is_refused() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut play = Play::start("waterloo-campaign-1815", "june-16-18");
    let game_file = dir.path().join("game.toml");
    play.session
        .execute(
            play.game,
            &play.tables,
            Command::AttachPhoto {
                event: 1,
                file: "../elsewhere.png".into(),
                sha256: "00".into(),
            },
        )
        .expect("logged");
    play.session.save(&game_file).expect("saved");
    let (code, _, stderr) = verify(&game_file);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("which is not a file beside the session"),
        "{stderr}"
    );
}

#[test]
fn verifying_a_folder_checks_each_games_photos() {
    let dir = tempfile::tempdir().expect("a folder");
    let (_, stored, event) = game_with_a_photo(dir.path());
    let folder = |dir: &Path| {
        let (code, stdout, _) =
            run_binary(&dir.join("data"), &["verify", dir.to_str().expect("UTF-8")]);
        (code, stdout)
    };
    let (code, stdout) = folder(dir.path());
    assert_eq!(code, Some(0), "{stdout}");
    let row = stdout
        .lines()
        .find(|l| l.starts_with("game.toml"))
        .expect("its row");
    assert!(row.contains("its photo checked"), "{row}");
    // The photo is a file of its own folder, not of the one verified; table.png is not a session.
    assert!(stdout.contains("table.png"), "{stdout}");

    std::fs::write(&stored, b"not the photo").expect("replaced");
    let (code, stdout) = folder(dir.path());
    assert_eq!(code, Some(1));
    let row = stdout
        .lines()
        .find(|l| l.starts_with("game.toml"))
        .expect("its row");
    assert!(
        row.contains(&format!(
            "FAILED at event {event}: the photo of event 2 has been altered"
        )),
        "{row}"
    );
}

#[test]
fn saving_elsewhere_takes_the_photos_along_and_names_one_that_cannot_come() {
    let dir = tempfile::tempdir().expect("a folder");
    let (game_file, stored, _) = game_with_a_photo(dir.path());
    let session = aide_de_camp::engine::session::Session::load(&game_file).expect("loads");
    let elsewhere = dir.path().join("copy").join("game-2.toml");
    std::fs::create_dir_all(elsewhere.parent().expect("a folder")).expect("made");
    assert_eq!(
        photos::copy_photos(session.events(), &game_file, &elsewhere),
        Ok(1)
    );
    let copied = photos::photo_folder(&elsewhere).join(stored.file_name().expect("a name"));
    assert_eq!(std::fs::read(&copied).ok(), std::fs::read(&stored).ok());

    // A photo altered beside the first file is not copied, and the error names it.
    std::fs::write(&stored, b"altered").expect("altered");
    let third = dir.path().join("third.toml");
    let refused = photos::copy_photos(session.events(), &game_file, &third).expect_err("refused");
    assert!(refused.contains("has been altered"), "{refused}");
    assert!(
        !photos::photo_folder(&third)
            .join(stored.file_name().expect("a name"))
            .exists()
    );
}
