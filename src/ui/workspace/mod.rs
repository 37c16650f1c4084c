//! The procedure workspace: the generic form built from a procedure's field descriptions, the live
//! modifier breakdown, the odds before the roll, the result card, and the action bar that rolls
//! and applies. Nothing here knows any game's rules.
//!
//! The layout follows the room it has: two columns (the form, then the resolution) where the
//! centre is wide enough, one column below that; the action bar sits at the bottom in both, so
//! Roll and Apply never move and never scroll away.

mod actions;
mod form;
mod resolution;

use crate::engine::dispute::compare_readings;
use crate::engine::input::{FieldKind, Input, UnitOf};
use crate::engine::log::RolledDie;
use crate::engine::procedure::{OddsLine, Procedure, Resolution, odds, opening_input};
use crate::engine::record::Record;
use crate::engine::session::Session;
use crate::engine::table_set::TableSet;
use crate::engine::tables::CellRef;
use crate::games::Game;
use crate::ui::dispute_view::DisputeWindow;
use crate::ui::hand_panel::{HandAction, HandPanel};
use crate::ui::sealed_panel::{SealedAction, SealedPanel};

pub use actions::{APPLY_SHORTCUT, ROLL_AND_APPLY_SHORTCUT, ROLL_SHORTCUT};

/// Below this width the form and the resolution share one column.
const TWO_COLUMNS_FROM: f32 = 560.0;

/// A resolution on screen, already in the log.
pub struct ShownResult {
    pub event: u64,
    pub resolution: Resolution,
    pub dice: Vec<RolledDie>,
    pub applied_as: Option<u64>,
    /// Set when the result first appears, so the card scrolls into view once.
    pub reveal: bool,
    /// For each effect, whether it changes the record as it stood when the result was rolled;
    /// the card folds those that do not.
    pub changes: Vec<bool>,
}

impl ShownResult {
    /// A result just logged, its effects weighed against `record` as it stood before them.
    pub fn new(
        event: u64,
        resolution: Resolution,
        dice: Vec<RolledDie>,
        record: &Record,
    ) -> ShownResult {
        // In order, each against the record the effects before it leave.
        let mut running = record.clone();
        let changes = resolution
            .effects
            .iter()
            .map(|effect| {
                let changes = running.changed_by(effect);
                running.apply(std::slice::from_ref(effect), event);
                changes
            })
            .collect();
        ShownResult {
            event,
            resolution,
            dice,
            applied_as: None,
            reveal: true,
            changes,
        }
    }
}

/// What the player asked for this frame; the game view carries it out.
pub enum WorkspaceAction {
    /// Roll with the app's dice (or resolve a procedure without dice), and apply at once if asked.
    Roll {
        apply: bool,
    },
    UsePhysicalDice(Vec<u8>),
    Apply,
    ShowCell(CellRef),
    /// Open the chart editor on this table: the procedure needs a chart not yet entered.
    EnterChart(String),
    /// A secret choice was sealed, or all were revealed (round, what to log).
    Sealed(String, SealedAction),
    /// A hand of cards was sealed, or cards from it turned up.
    Hand(HandAction),
}

pub struct Workspace {
    game: &'static Game,
    pub procedure: &'static dyn Procedure,
    pub input: Input,
    /// The form as it opened (defaults plus what the record knows), for Reset.
    opening_input: Input,
    pub physical_dice: String,
    /// Why the last roll or key press did nothing; cleared when the form changes.
    pub dice_error: Option<String>,
    pub result: Option<ShownResult>,
    odds_cache: Option<(Input, Result<Vec<OddsLine>, String>)>,
    /// The secret choices, for a procedure that has some (an Initiative bid).
    sealed: Option<SealedPanel>,
    /// The hand of cards, for a procedure that has one (a battle's Battle Tactics cards).
    hand: Option<HandPanel>,
    /// The readings compared, while the dispute view is open.
    dispute: Option<DisputeWindow>,
    /// The players asked to compare the readings this frame.
    dispute_asked: bool,
}

impl Workspace {
    pub fn new(
        game: &'static Game,
        procedure: &'static dyn Procedure,
        record: &Record,
    ) -> Workspace {
        let mut input = opening_input(procedure, record);
        let round = procedure.sealed_round(record);
        let mut sealed = SealedPanel::new(procedure, record, round);
        // Choices the log has already revealed stay: the form never asks for them again.
        if let Some(sealed) = &mut sealed {
            sealed.restore(procedure, record, &mut input);
        }
        Workspace {
            sealed,
            hand: procedure
                .hand(&input, record)
                .map(|hand| HandPanel::new(hand, record)),
            game,
            procedure,
            opening_input: input.clone(),
            input,
            physical_dice: String::new(),
            dice_error: None,
            result: None,
            odds_cache: None,
            dispute: None,
            dispute_asked: false,
        }
    }

    /// Fills in again what the record knows of the units the form names, after the record learnt
    /// more about them (a counter value entered in the roster).
    pub fn refollow_units(&mut self, record: &Record) {
        for field in self.procedure.fields() {
            if matches!(field.kind, FieldKind::Unit { .. }) && !self.input.text(field.id).is_empty()
            {
                self.procedure.follow(field.id, &mut self.input, record);
            }
        }
    }

    /// The shown result was applied as event `event`. The card stays to be read, and the form
    /// starts afresh from the record as it now stands: only the sides carry over, so nothing on
    /// it describes the record before the result (reserves, markers, a unit's stars).
    pub fn applied(&mut self, event: u64, record: &Record) {
        if let Some(result) = &mut self.result {
            result.applied_as = Some(event);
        }
        let mut fresh = opening_input(self.procedure, record);
        for side_field in side_fields(self.procedure) {
            if let Some(value) = self.input.get(side_field) {
                fresh.set(side_field, value.clone());
                // What the record knows follows the side kept, as when a player picks it.
                self.procedure.follow(side_field, &mut fresh, record);
            }
        }
        // Revealed secret choices stay, as Reset keeps them: they cannot be typed again.
        for field in self.procedure.fields() {
            if self.sealed.as_ref().is_some_and(|s| s.locks(field))
                && let Some(value) = self.input.get(field.id)
            {
                fresh.set(field.id, value.clone());
            }
        }
        self.input = fresh.clone();
        self.opening_input = fresh;
        self.physical_dice.clear();
    }

    /// Puts the result card away so the form can be resolved again: the players asked for a new
    /// resolution, knowing the last one is in the log.
    pub fn new_resolution(&mut self) {
        self.result = None;
        self.dice_error = None;
    }

    /// Whether the form is the game's session settings rather than a resolution.
    fn is_settings(&self) -> bool {
        self.game.settings == Some(self.procedure.id())
    }

    /// Whether the players have changed anything since the form opened.
    fn touched(&self) -> bool {
        self.input != self.opening_input
    }

    /// The tables changed (an owner's chart was saved): the odds are worked out again.
    pub fn tables_changed(&mut self) {
        self.odds_cache = None;
    }

    /// Recomputes the odds only when the input changed since the last frame.
    fn refresh_odds(&mut self, tables: &TableSet) {
        let stale = self
            .odds_cache
            .as_ref()
            .is_none_or(|(input, _)| *input != self.input);
        if stale {
            let computed = odds(self.procedure, &self.input, tables).map_err(|e| e.to_string());
            self.odds_cache = Some((self.input.clone(), computed));
        }
    }

    /// Opens the dispute view when asked, and keeps it up to date with the form and the dice on
    /// the result card while it is open.
    fn dispute_view(&mut self, ctx: &egui::Context, tables: &TableSet, session: &Session) {
        // Once applied, the form holds the next situation's facts: the card's dice are not theirs.
        let faces: Option<Vec<u8>> = self
            .result
            .as_ref()
            .filter(|r| r.applied_as.is_none())
            .map(|r| r.dice.iter().map(|d| d.face).collect());
        let open = self.dispute.as_ref().is_some_and(|w| w.open);
        let stale = self.dispute.as_ref().is_some_and(|w| {
            w.input != self.input || w.dispute.faces.as_deref() != faces.as_deref()
        });
        if std::mem::take(&mut self.dispute_asked) || (open && stale) {
            let dispute = compare_readings(
                self.procedure,
                &self.game.settings_bearing_on(self.procedure),
                &self.input,
                tables,
                &session.record().cups,
                faces.as_deref(),
            );
            self.dispute = Some(DisputeWindow::new(dispute, self.input.clone()));
        }
        if let Some(window) = &mut self.dispute {
            window.show(ctx);
        }
    }

    /// The action bar at the bottom; the form and the resolution above it, side by side where
    /// there is room.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        tables: &TableSet,
        session: &Session,
        shortcuts: bool,
    ) -> Option<WorkspaceAction> {
        let sides = session.sides();
        self.dispute_view(ui.ctx(), tables, session);
        let mut action = None;
        egui::Panel::bottom("workspace_actions").show(ui, |ui| {
            action = self.action_bar(ui, session, shortcuts);
        });
        let width = ui.available_width();
        if self.is_settings() {
            // Settings are choices, not a resolution: no modifiers, no odds, one column.
            egui::CentralPanel::default().show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("form_scroll")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        let sealed = self.form(ui, session, sides, width < 600.0);
                        action = action.take().or(sealed);
                        if let Some(result) = &self.result {
                            ui.separator();
                            ui.add(egui::Label::new(&result.resolution.outcome.headline).wrap());
                        }
                    });
            });
        } else if width >= TWO_COLUMNS_FROM {
            egui::Panel::right("resolution_column")
                .resizable(true)
                .default_size((width * 0.45).clamp(250.0, 420.0))
                .size_range(240.0..=(width * 0.6).max(240.0))
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("resolution_scroll")
                        .auto_shrink(false)
                        .show(ui, |ui| {
                            let shown = self.resolution_column(ui, tables, sides);
                            action = action.take().or(shown);
                            crate::ui::focus::follow_keyboard_focus(ui);
                        });
                });
            egui::CentralPanel::default().show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("form_scroll")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        let narrow = ui.available_width() < 440.0;
                        let sealed = self.form(ui, session, sides, narrow);
                        action = action.take().or(sealed);
                        crate::ui::focus::follow_keyboard_focus(ui);
                    });
            });
        } else {
            egui::CentralPanel::default().show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("form_scroll")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        let sealed = self.form(ui, session, sides, true);
                        ui.separator();
                        let shown = self.resolution_column(ui, tables, sides);
                        action = action.take().or(sealed).or(shown);
                        crate::ui::focus::follow_keyboard_focus(ui);
                    });
            });
        }
        action
    }
}

/// The fields that choose a side for the form's units: the players' "who acts", which carries
/// from one resolution to the next.
fn side_fields(procedure: &dyn Procedure) -> Vec<&'static str> {
    let mut found = Vec::new();
    for field in procedure.fields() {
        let of = match field.kind {
            FieldKind::Unit { of, .. }
            | FieldKind::Units { of, .. }
            | FieldKind::UnitNumbers { of, .. } => of,
            _ => continue,
        };
        if let UnitOf::Side(side) | UnitOf::OpponentOf(side) = of
            && !found.contains(&side)
        {
            found.push(side);
        }
    }
    found
}
