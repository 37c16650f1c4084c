//! Photos of the table in the log: the thumbnails of the photos attached to an event, and a
//! window showing one whole. The images are read from the folder beside the game's file and
//! checked against the hash the log keeps, so what is shown is what the log vouches for.

use crate::engine::log::{Event, EventBody};
use crate::engine::photos::{photo_bytes, thumbnail, within};
use crate::engine::session::Session;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// The thumbnails made so far, and the photo open in full.
#[derive(Default)]
pub struct PhotoShelf {
    /// By the photo event's number: its thumbnail as PNG, or why there is none.
    thumbnails: HashMap<u64, Result<Arc<[u8]>, String>>,
    /// The photo shown whole: its file name, its hash and the image, scaled to what the screen
    /// can show.
    open: Option<(String, String, Arc<[u8]>)>,
    /// Why the photo clicked could not be opened.
    failed_to_open: Option<String>,
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
        let largest = ui.ctx().input(|i| i.max_texture_side);
        for (photo_event, file, sha256) in attached {
            let made = self.thumbnails.entry(photo_event.seq).or_insert_with(|| {
                photo_bytes(game_file, photo_event)
                    .and_then(|bytes| thumbnail(&bytes))
                    .map(Arc::from)
            });
            match made {
                Ok(png) => {
                    let image = egui::Image::from_bytes(
                        // Named by the hash its bytes were checked against: one name, one image.
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
                    if response.clicked() || opened.clicked() {
                        // Read and checked again: the file may have changed since the thumbnail.
                        let whole = photo_bytes(game_file, photo_event).and_then(|bytes| {
                            within(&bytes, u32::try_from(largest).unwrap_or(2048))
                        });
                        match whole {
                            Ok(png) => {
                                self.open =
                                    Some((file.to_string(), sha256.to_string(), Arc::from(png)));
                                self.failed_to_open = None;
                            }
                            Err(why) => self.failed_to_open = Some(format!("{file}: {why}")),
                        }
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
        if let Some(why) = &self.failed_to_open {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("Not opened: {why}"))
                        .color(ui.visuals().error_fg_color),
                )
                .wrap(),
            );
        }
    }

    /// The photo opened from a thumbnail, whole, scaled to fit the window.
    pub fn show_open(&mut self, ctx: &egui::Context) {
        let Some((file, sha256, bytes)) = &self.open else {
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
                    egui::Image::from_bytes(
                        format!("bytes://photo/{sha256}.png"),
                        Arc::clone(bytes),
                    )
                    .shrink_to_fit(),
                );
            });
        if !open {
            self.open = None;
        }
    }
}
