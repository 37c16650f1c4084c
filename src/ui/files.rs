//! Choosing files. The app's own path dialog always works; the system picker (rfd) is offered as
//! "Browse…" and may be absent (no desktop portal), in which case the typed path still saves.

use std::path::{Path, PathBuf};

/// The system's file picker, behind a trait so tests and portal-less machines can do without it.
pub trait FilePicker {
    fn pick_open(&self, folder: Option<&Path>) -> Option<PathBuf>;
    /// A photo of the table to attach: a PNG or JPEG image.
    fn pick_image(&self, folder: Option<&Path>) -> Option<PathBuf>;
    fn pick_save(&self, folder: Option<&Path>, file_name: &str) -> Option<PathBuf>;
    fn pick_folder(&self, folder: Option<&Path>) -> Option<PathBuf>;
}

/// The desktop's native dialog via rfd.
pub struct SystemPicker;

impl FilePicker for SystemPicker {
    fn pick_open(&self, folder: Option<&Path>) -> Option<PathBuf> {
        let mut dialog = rfd::FileDialog::new().add_filter("Aide-de-camp session", &["toml"]);
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        dialog.pick_file()
    }

    fn pick_image(&self, folder: Option<&Path>) -> Option<PathBuf> {
        let mut dialog =
            rfd::FileDialog::new().add_filter("Photo (PNG or JPEG)", &["png", "jpg", "jpeg"]);
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        dialog.pick_file()
    }

    fn pick_save(&self, folder: Option<&Path>, file_name: &str) -> Option<PathBuf> {
        let mut dialog = rfd::FileDialog::new()
            .add_filter("Aide-de-camp session", &["toml"])
            .set_file_name(file_name);
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        dialog.save_file()
    }

    fn pick_folder(&self, folder: Option<&Path>) -> Option<PathBuf> {
        let mut dialog = rfd::FileDialog::new();
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        dialog.pick_folder()
    }
}

/// No system picker: the typed path is the only way (tests use this).
pub struct NoPicker;

impl FilePicker for NoPicker {
    fn pick_open(&self, _folder: Option<&Path>) -> Option<PathBuf> {
        None
    }
    fn pick_image(&self, _folder: Option<&Path>) -> Option<PathBuf> {
        None
    }
    fn pick_save(&self, _folder: Option<&Path>, _file_name: &str) -> Option<PathBuf> {
        None
    }
    fn pick_folder(&self, _folder: Option<&Path>) -> Option<PathBuf> {
        None
    }
}

/// What the path dialog is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathPurpose {
    Open,
    SaveAs,
    Export(crate::engine::export::ExportFormat),
    /// Write the game's key to a new file.
    ExportKey,
    /// Read a game's key from a file exported elsewhere.
    ImportKey,
    /// Write an owner's chart to a file another group can import.
    ExportChart,
    /// Read an owner's chart exported elsewhere.
    ImportChart,
    /// Write the game's roster to a file, to load into another game.
    SaveRoster,
    /// Load a roster saved from another game into this one.
    LoadRoster,
    /// Attach a photo of the table to this event of the log.
    AttachPhoto(u64),
    /// Verify every saved game in a folder.
    VerifyFolder,
}

impl PathPurpose {
    pub fn title(self) -> &'static str {
        match self {
            PathPurpose::Open => "Open a saved game",
            PathPurpose::SaveAs => "Save the game as",
            PathPurpose::Export(_) => "Export the log to",
            PathPurpose::ExportKey => "Export the game's key to",
            PathPurpose::ImportKey => "Import a game's key from",
            PathPurpose::ExportChart => "Export the chart to",
            PathPurpose::ImportChart => "Import a chart from",
            PathPurpose::SaveRoster => "Save the roster to",
            PathPurpose::LoadRoster => "Load a roster from",
            PathPurpose::AttachPhoto(_) => "Attach a photo of the table (PNG or JPEG) from",
            PathPurpose::VerifyFolder => "Verify every saved game in a folder",
        }
    }
    pub fn action(self) -> &'static str {
        match self {
            PathPurpose::Open => "Open",
            PathPurpose::SaveAs => "Save",
            PathPurpose::Export(_) => "Export",
            PathPurpose::ExportKey => "Export the key",
            PathPurpose::ImportKey | PathPurpose::ImportChart => "Import",
            PathPurpose::ExportChart => "Export the chart",
            PathPurpose::SaveRoster => "Save the roster",
            PathPurpose::LoadRoster => "Load the roster",
            PathPurpose::AttachPhoto(_) => "Attach the photo",
            PathPurpose::VerifyFolder => "Verify the folder",
        }
    }

    /// Whether the path is read, not written: nothing is written over, so nothing is asked.
    fn reads(self) -> bool {
        matches!(
            self,
            PathPurpose::Open
                | PathPurpose::ImportKey
                | PathPurpose::ImportChart
                | PathPurpose::LoadRoster
                | PathPurpose::VerifyFolder
                | PathPurpose::AttachPhoto(_)
        )
    }
}

/// The app's own path dialog: a path field, Browse… and the action.
#[derive(Debug, Clone)]
pub struct PathDialog {
    pub purpose: PathPurpose,
    pub path: String,
    /// The game's own file, which Save As may write over without asking.
    current: Option<PathBuf>,
    /// Another existing file the user has been warned about; confirming again writes over it.
    warned: Option<PathBuf>,
    /// The path field takes the keyboard when the dialog opens.
    focused: bool,
    /// Browse… came back without a file: the picker was cancelled, or the desktop has none.
    nothing_picked: bool,
}

/// What the user did in the path dialog this frame.
pub enum PathDialogAction {
    None,
    Confirm(PathBuf),
    Cancel,
}

impl PathDialog {
    pub fn new(purpose: PathPurpose, suggested: PathBuf) -> PathDialog {
        PathDialog {
            purpose,
            path: suggested.display().to_string(),
            current: None,
            warned: None,
            focused: false,
            nothing_picked: false,
        }
    }

    /// Names the game's own file, which may be written over without a warning.
    pub fn with_current(mut self, current: Option<PathBuf>) -> PathDialog {
        self.current = current;
        self
    }

    /// Confirms `path`, unless it would write over another file the user has not been warned of.
    fn confirm(&mut self, path: PathBuf) -> PathDialogAction {
        let other_file = path.exists() && self.current.as_ref() != Some(&path);
        if !self.purpose.reads() && other_file && self.warned.as_ref() != Some(&path) {
            self.warned = Some(path);
            return PathDialogAction::None;
        }
        PathDialogAction::Confirm(path)
    }

    pub fn show(&mut self, ctx: &egui::Context, picker: &dyn FilePicker) -> PathDialogAction {
        let mut action = PathDialogAction::None;
        let modal = egui::Modal::new(egui::Id::unique("path-dialog")).show(ctx, |ui| {
            ui.set_min_width(ctx.content_rect().width().min(560.0) - 60.0);
            ui.spacing_mut().button_padding = egui::vec2(12.0, 6.0);
            ui.heading(self.purpose.title());
            ui.add_space(8.0);
            let (label, hint) = match self.purpose {
                PathPurpose::VerifyFolder => ("Folder:", "/path/to/folder"),
                _ => ("File:", "/path/to/game.toml"),
            };
            ui.horizontal(|ui| {
                let label = ui.label(label);
                let field = ui.add(
                    egui::TextEdit::singleline(&mut self.path)
                        .desired_width(380.0)
                        .hint_text(hint),
                );
                let field = field.labelled_by(label.id);
                if !std::mem::replace(&mut self.focused, true) {
                    field.request_focus();
                }
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    action = self.confirm(PathBuf::from(self.path.trim()));
                }
                // No tooltip: one would cover the dialog's own buttons below.
                if ui.button("Browse…").clicked() {
                    let current = PathBuf::from(self.path.trim());
                    let folder = current.parent().map(Path::to_path_buf);
                    let name = current
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_else(|| "game.toml".into());
                    let picked = match self.purpose {
                        PathPurpose::Open
                        | PathPurpose::ImportKey
                        | PathPurpose::ImportChart
                        | PathPurpose::LoadRoster => {
                            picker.pick_open(folder.as_deref())
                        }
                        PathPurpose::AttachPhoto(_) => picker.pick_image(folder.as_deref()),
                        PathPurpose::VerifyFolder => picker.pick_folder(Some(&current)),
                        purpose if purpose.reads() => picker.pick_open(folder.as_deref()),
                        _ => picker.pick_save(folder.as_deref(), &name),
                    };
                    self.nothing_picked = picked.is_none();
                    if let Some(picked) = picked {
                        self.path = picked.display().to_string();
                    }
                }
            });
            if self.nothing_picked {
                ui.add(
                    egui::Label::new(
                        "Nothing was chosen. If no picker appeared, this desktop has none: type the path above.",
                    )
                    .wrap(),
                );
            }
            let typed = PathBuf::from(self.path.trim());
            let warned = self.warned.as_ref() == Some(&typed);
            if warned {
                ui.add_space(6.0);
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "That file already exists. Replace it?",
                );
            }
            ui.add_space(12.0);
            ui.horizontal(|ui| {
                let ready = !self.path.trim().is_empty();
                let label = if warned {
                    "Replace"
                } else {
                    self.purpose.action()
                };
                if ui.add_enabled(ready, egui::Button::new(label)).clicked() {
                    action = self.confirm(typed.clone());
                }
                if ui.button("Cancel").clicked() {
                    action = PathDialogAction::Cancel;
                }
            });
        });
        if modal.should_close() && matches!(action, PathDialogAction::None) {
            action = PathDialogAction::Cancel;
        }
        action
    }
}
