//! The Help menu's pages: a quick start for players who have never seen the app, every keyboard
//! shortcut (read from the shortcuts the screens use, so the list cannot drift), and About.

use super::game_view::{NEXT_STEP_SHORTCUT, UNDO_SHORTCUT};
use super::workspace::{APPLY_SHORTCUT, ROLL_AND_APPLY_SHORTCUT, ROLL_SHORTCUT};

pub const SAVE: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::S);
pub const OPEN: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::O);
pub const NEW: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::N);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HelpPage {
    QuickStart,
    Shortcuts,
    About,
}

impl HelpPage {
    pub const ALL: [HelpPage; 3] = [HelpPage::QuickStart, HelpPage::Shortcuts, HelpPage::About];

    pub fn title(self) -> &'static str {
        match self {
            HelpPage::QuickStart => "Quick start",
            HelpPage::Shortcuts => "Keyboard shortcuts",
            HelpPage::About => "About Aide-de-camp",
        }
    }
}

/// The steps of a turn at the table, in the order a new player meets them.
const QUICK_START: &[(&str, &str)] = &[
    (
        "Start",
        "Pick the game and the scenario on the start screen, name the players, and press Start the game. The map and the counters stay on the table; the app keeps the record.",
    ),
    (
        "Follow the turn",
        "The turn sequence on the left shows where play stands and what to do. Next step, at its top, moves on. A click on any other step asks first.",
    ),
    (
        "Resolve",
        "Each step opens its procedure in the centre. Pick the units from the record, give the facts of the map, and watch the modifiers and the odds change. The rarer facts are under More facts.",
    ),
    (
        "Enter what only the game's pieces print",
        "Where a game's counters or cards carry values the rulebook does not print, the roster editor (Counter values) asks for them once, and the chart editor (Tables > Enter the ...) takes a chart printed only on a player-aid card. Tables > Save the roster to a file... and Load a roster from a file... carry a group's counters into its next game; a chart is exported and imported from its editor.",
    ),
    (
        "Roll and apply",
        "Roll the dice, or type the faces of real dice. The result card names the table cell read; Apply to the record puts it on the record. Roll and apply does both at once.",
    ),
    (
        "Mend a mistake",
        "Undo takes back the last event unless it was a roll. A roll stays in the log: select it there and correct it, giving a reason.",
    ),
    (
        "Keep the game",
        "Save with Ctrl+S. The app also keeps unsaved changes and offers them back after a crash. File > Verify this game checks every roll and signature.",
    ),
];

/// Every shortcut with what it does.
fn shortcuts(ui: &egui::Ui) -> Vec<(String, &'static str)> {
    let key = |shortcut: &egui::KeyboardShortcut| ui.format_shortcut(shortcut);
    vec![
        (
            key(&ROLL_SHORTCUT),
            "Roll the dice (or resolve a form without dice)",
        ),
        (
            key(&ROLL_AND_APPLY_SHORTCUT),
            "Roll and apply the result at once",
        ),
        (
            key(&APPLY_SHORTCUT),
            "Apply the result on the card to the record",
        ),
        (key(&NEXT_STEP_SHORTCUT), "Next step of the turn sequence"),
        (key(&UNDO_SHORTCUT), "Undo the last event (not a roll)"),
        (key(&SAVE), "Save the game"),
        (key(&OPEN), "Open a saved game"),
        (key(&NEW), "Start a new game"),
        ("Escape".into(), "Close the window or question on top"),
        ("Tab".into(), "Move to the next input; Shift+Tab goes back"),
    ]
}

/// Shows `page`; `page` becomes None when the players close it (Escape is the app's to route).
pub fn show(ctx: &egui::Context, page: &mut Option<HelpPage>) {
    let Some(shown) = *page else {
        return;
    };
    let mut open = true;
    egui::Window::new(shown.title())
        .id(egui::Id::unique("help_window"))
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .max_height(ctx.content_rect().height() * 0.85)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for other in HelpPage::ALL {
                    if ui.selectable_label(shown == other, other.title()).clicked() {
                        *page = Some(other);
                    }
                }
            });
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| match shown {
                HelpPage::QuickStart => {
                    for (number, (title, text)) in QUICK_START.iter().enumerate() {
                        ui.label(egui::RichText::new(format!("{}. {title}", number + 1)).strong());
                        ui.add(egui::Label::new(*text).wrap());
                        ui.add_space(4.0);
                    }
                }
                HelpPage::Shortcuts => {
                    egui::Grid::new("shortcuts")
                        .num_columns(2)
                        .striped(true)
                        .show(ui, |ui| {
                            for (keys, what) in shortcuts(ui) {
                                ui.label(egui::RichText::new(keys).monospace());
                                ui.label(what);
                                ui.end_row();
                            }
                        });
                }
                HelpPage::About => {
                    ui.label(format!("Aide-de-camp {}", env!("CARGO_PKG_VERSION")));
                    ui.add(
                        egui::Label::new(
                            "A player aid and adjudicator for Waterloo board wargames. Every modifier names its rule; every roll is on the record and can be verified.",
                        )
                        .wrap(),
                    );
                }
            });
        });
    if !open {
        *page = None;
    }
}
