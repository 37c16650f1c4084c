//! The desktop app (egui). It draws and collects input; the rules live in `games`, the mechanisms
//! in `engine`.

pub mod app;
pub mod chart_editor;
pub mod confirm;
pub mod dispute_view;
pub mod files;
pub mod focus;
pub mod folder_check;
pub mod game_view;
pub mod hand_panel;
pub mod help;
pub mod log_view;
pub mod notice;
pub mod photo_view;
pub mod roster_editor;
pub mod sealed_panel;
pub mod start;
pub mod style;
pub mod table_viewer;
pub mod workspace;

pub use app::AideApp;

/// The app id: the Wayland app id, the desktop file's name and the preferences folder.
pub const APP_ID: &str = "org.aidedecamp.AideDeCamp";

/// Opens the window, on the saved game `open` if one is given. The glow renderer is used: it
/// builds quickly and runs on Mesa's software GL where there is no GPU.
pub fn run(open: Option<std::path::PathBuf>) -> eframe::Result {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Aide-de-camp")
        .with_app_id(APP_ID)
        .with_inner_size([1440.0, 900.0])
        .with_min_inner_size([1000.0, 640.0]);
    if let Ok(icon) = eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon.png")) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        APP_ID,
        options,
        Box::new(|cc| {
            let mut app = AideApp::new(cc);
            if let Some(path) = open {
                app.open_at_start(&path);
            }
            Ok(Box::new(app))
        }),
    )
}
