//! Photos of the table in the log: the thumbnails of the photos attached to an event, and a
//! window showing one whole. The images are read from the folder beside the game's file and
//! checked against the hash the log keeps, so what is shown is what the log vouches for.

use crate::engine::log::{Event, EventBody};
use crate::engine::photos::{check_photo, photo_folder, thumbnail};
use crate::engine::session::Session;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The thumbnails made so far, and the photo open in full.
#[derive(Default)]
pub struct PhotoShelf {
    /// By the photo's SHA-256: its thumbnail as PNG, or why there is none.
    thumbnails: HashMap<String, Result<Arc<[u8]>, String>>,
    /// The photo shown whole: its file name and its bytes.
    open: Option<(String, Arc<[u8]>)>,
}

impl PhotoShelf {
    /// The photos attached to event `event` (or the photo that event attaches), each as a
    /// thumbnail to click; a photo missing or altered beside `game_file` says so instead.
    pub fn thumbnails_of(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        game_file: Option<&Path>,
        event: u64,
    ) {
        // (the photo event, its file name, its hash)
        let attached: Vec<(&Event, &str, &str)> = session
            .events()
            .iter()
            .filter(|e| !session.is_voided(e.seq))
            .filter_map(|e| match &e.body {
                EventBody::PhotoAttached {
                    event: shown,
                    file,
                    sha256,
                } if *shown == event || e.seq == event => Some((e, file.as_str(), sha256.as_str())),
                _ => None,
            })
            .collect();
        if attached.is_empty() {
            return;
        }
        let Some(game_file) = game_file else {
            return;
        };
        egui_extras::install_image_loaders(ui.ctx());
        ui.separator();
        ui.label(egui::RichText::new("Photos of the table").strong());
        for (photo_event, file, sha256) in attached {
            let made = self
                .thumbnails
                .entry(sha256.to_string())
                .or_insert_with(|| {
                    check_photo(game_file, photo_event)
                        .and_then(|()| read(game_file, file))
                        .and_then(|bytes| thumbnail(&bytes))
                        .map(Arc::from)
                });
            match made {
                Ok(png) => {
                    let image = egui::Image::from_bytes(
                        format!("bytes://thumbnail/{sha256}.png"),
                        Arc::clone(png),
                    )
                    // At its own size: deep in a scrolled panel, "fit the space left" is nothing.
                    .fit_to_original_size(1.0)
                    .sense(egui::Sense::click());
                    let response = ui
                        .add(image)
                        .on_hover_text("Open the photo whole")
                        .on_hover_cursor(egui::CursorIcon::PointingHand);
                    let opened = ui
                        .link(format!("{file} (event {})", photo_event.seq))
                        .on_hover_text("Open the photo whole");
                    if (response.clicked() || opened.clicked())
                        && let Ok(bytes) = read(game_file, file)
                    {
                        self.open = Some((file.to_string(), Arc::from(bytes)));
                    }
                }
                Err(why) => {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(format!("{file}: {why}"))
                                .color(ui.visuals().error_fg_color),
                        )
                        .wrap(),
                    );
                }
            }
        }
    }

    /// The photo opened from a thumbnail, whole, scaled to fit the window.
    pub fn show_open(&mut self, ctx: &egui::Context) {
        let Some((file, bytes)) = &self.open else {
            return;
        };
        let mut open = true;
        let screen = ctx.content_rect();
        egui::Window::new(format!("Photo: {file}"))
            .id(egui::Id::unique("photo-window"))
            .open(&mut open)
            .default_size(screen.size() * 0.8)
            .resizable(true)
            .show(ctx, |ui| {
                ui.add(
                    egui::Image::from_bytes(format!("bytes://photo/{file}"), Arc::clone(bytes))
                        .shrink_to_fit(),
                );
            });
        if !open {
            self.open = None;
        }
    }
}

/// The bytes of photo `file` beside `game_file`.
fn read(game_file: &Path, file: &str) -> Result<Vec<u8>, String> {
    let path: PathBuf = photo_folder(game_file).join(file);
    std::fs::read(&path).map_err(|e| format!("{} cannot be read: {e}", path.display()))
}
