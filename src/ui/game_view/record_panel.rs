//! The record on the right: the allowances and markers in play first (they change most often),
//! the victory points, then every unit with its state as the game defines it; a click on a unit
//! opens it with the events that touched it. Last, the audit line to note down.

use super::GameView;
use crate::engine::play::Command;
use crate::engine::record::Record;
use crate::ui::style::section;

/// How many of the record's marks the panel shows open; more fold under one heading.
const MARKS_SHOWN_OPEN: usize = 4;

/// A unit opened from the record: (side id, name).
pub type OpenUnit = (String, String);

/// The opened unit's history as shown: the unit, the log's length then, and each event's line.
pub type UnitHistory = (OpenUnit, usize, Vec<(u64, String)>);

impl GameView {
    pub(super) fn record_panel(&mut self, ui: &mut egui::Ui) {
        ui.label(section("Record"));
        let spend = self.counters(ui);
        let record = self.session.record();
        // A game whose rulebook keeps no victory points (The Battles of Waterloo's Victory
        // Conditions are not in its rulebook) shows none.
        let keeps_points =
            !self.game.ends_with.is_empty() || record.victory_points.values().any(|p| *p != 0);
        if keeps_points {
            ui.add_space(6.0);
            ui.label(egui::RichText::new("Victory points").strong());
            egui::Grid::new("victory_points")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for side in self.session.sides() {
                        ui.label(&side.name);
                        let points = record.victory_points.get(side.id.as_str()).copied();
                        ui.label(points.unwrap_or(0).to_string());
                        ui.end_row();
                    }
                });
        }
        ui.add_space(6.0);
        let open_roster = self.missing_values(ui, record);
        let opened = self.unit_list(ui);
        let record = self.session.record();
        ui.add_space(8.0);
        ui.label(egui::RichText::new("Audit").strong());
        if let Some(last) = self.session.events().last() {
            ui.add(
                egui::Label::new(format!(
                    "Last event {}, hash {}",
                    last.seq,
                    last.short_hash()
                ))
                .wrap(),
            )
            .on_hover_text(
                "Note it down: verifying checks the chain of events and their signatures up to here, and every app roll once the seed is revealed",
            );
        }
        self.key_lines(ui);
        ui.add(
            egui::Label::new(format!(
                "Events logged: {}. Results applied: {}.",
                self.session.events().len(),
                record.applied
            ))
            .wrap(),
        );
        if open_roster {
            self.open_roster();
        }
        if opened.is_some() {
            self.open_unit = opened;
        }
        if let Some(counter) = spend {
            let command = Command::Tally { counter, amount: 1 };
            if let Err(e) = self.execute(command) {
                self.notice = Some((e.to_string(), true));
            }
        }
    }

    /// The allowances and markers in play, each allowance with Use one where the players spend
    /// them by hand. Returns the one spent.
    fn counters(&self, ui: &mut egui::Ui) -> Option<String> {
        let record = self.session.record();
        if record.counters.is_empty() && record.marks.is_empty() {
            return None;
        }
        let mut spend = None;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            let by_hand = self.game.counters_spent_by_hand;
            let heading = if by_hand {
                "Allowances and markers"
            } else {
                "Kept by the record"
            };
            ui.label(egui::RichText::new(heading).strong());
            for (name, left) in &record.counters {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{name}: {left}"));
                    if !by_hand {
                        return;
                    }
                    let button = ui
                        .add_enabled(*left > 0, egui::Button::new("Use one").small())
                        .accessible_name(format!("Use one: {name}"))
                        .on_hover_text(format!("Log one of \"{name}\" as used"));
                    if button.clicked() {
                        spend = Some(name.to_string());
                    }
                });
            }
            // A few marks show at once; many (a campaign's Fortresses) fold away, so that the
            // victory points and the units below stay in view on a small screen.
            let marks = |ui: &mut egui::Ui| {
                for mark in &record.marks {
                    ui.add(egui::Label::new(mark.as_str()).wrap());
                }
            };
            if record.marks.len() <= MARKS_SHOWN_OPEN {
                marks(ui);
            } else {
                egui::CollapsingHeader::new(format!("Marks ({})", record.marks.len()))
                    .id_salt("record marks")
                    .default_open(false)
                    .show(ui, marks);
            }
        });
        spend
    }

    /// The count of values printed only on the pieces and not entered yet, with the button to
    /// enter them. Returns whether it was pressed.
    fn missing_values(&self, ui: &mut egui::Ui, record: &Record) -> bool {
        let missing = record.values_not_entered();
        let Some(roster) = self.game.roster.as_ref().filter(|_| missing > 0) else {
            return false;
        };
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!(
                    "{missing} values printed only on the {}s are not entered yet.",
                    roster.piece
                ))
                .color(ui.visuals().warn_fg_color),
            )
            .wrap(),
        );
        ui.button(format!("Enter {} values", roster.piece))
            .on_hover_text(format!(
                "{} the rulebook text does not give; open a unit to see which it lacks",
                roster.what
            ))
            .clicked()
    }

    /// Every unit by side, each a button that opens it, with its state and what the game keeps
    /// about it below. Returns the unit clicked.
    fn unit_list(&mut self, ui: &mut egui::Ui) -> Option<OpenUnit> {
        let record = self.session.record();
        ui.label(egui::RichText::new("Units").strong());
        if record.units.is_empty() {
            ui.label(egui::RichText::new("No unit is on the record yet.").weak());
            return None;
        }
        ui.add(
            egui::TextEdit::singleline(&mut self.unit_filter)
                .hint_text("find a unit")
                .desired_width(ui.available_width()),
        )
        .accessible_name("Find a unit on the record");
        let wanted = self.unit_filter.trim().to_lowercase();
        let mut opened = None;
        let sides = self.session.sides().to_vec();
        for side in &sides {
            let record = self.session.record();
            // A block drawn face down shows only by its draw, below.
            let units: Vec<_> = record
                .units
                .iter()
                .filter(|(key, _)| !record.face_down.contains_key(*key))
                .filter(|((unit_side, name), _)| {
                    *unit_side == side.id && name.to_lowercase().contains(&wanted)
                })
                .collect();
            if units.is_empty() {
                self.face_down_list(ui, &side.id, &side.name);
                continue;
            }
            egui::CollapsingHeader::new(format!("{} ({})", side.name, units.len()))
                .id_salt(("record_side", side.id.as_str()))
                .default_open(true)
                .show(ui, |ui| {
                    for ((_, name), unit) in units {
                        let summary = (self.game.unit_summary)(unit);
                        let shown = if summary.is_empty() {
                            unit.state.to_string()
                        } else {
                            format!("{} · {summary}", unit.state)
                        };
                        let button = egui::Button::new(egui::RichText::new(name.as_str()).strong())
                            .frame(false)
                            .wrap();
                        if ui
                            .add(button)
                            .accessible_name(format!("Open {name}"))
                            .on_hover_text("Open the unit: what the record keeps, and its history")
                            .clicked()
                        {
                            opened = Some((side.id.to_string(), name.to_string()));
                        }
                        ui.add(egui::Label::new(egui::RichText::new(shown).weak()).wrap());
                        ui.add_space(2.0);
                    }
                });
            self.face_down_list(ui, &side.id, &side.name);
        }
        self.other_pieces(ui, &wanted);
        opened
    }

    /// What the record keeps of pieces no player owns (Waterloo 200's map Areas), each with its
    /// facts, in their numbers' order.
    fn other_pieces(&self, ui: &mut egui::Ui, wanted: &str) {
        let record = self.session.record();
        let sides = self.session.sides();
        let mut kinds: Vec<&str> = record
            .units
            .keys()
            .map(|(side, _)| side.as_str())
            .filter(|side| sides.iter().all(|s| s.id != *side))
            .collect();
        kinds.dedup();
        for kind in kinds {
            let mut pieces: Vec<(&str, String)> = record
                .units
                .iter()
                .filter(|((side, name), _)| {
                    side.as_str() == kind && name.to_lowercase().contains(wanted)
                })
                .map(|((_, name), unit)| {
                    let facts = unit
                        .attributes
                        .iter()
                        .filter(|(_, value)| !value.is_empty())
                        .map(|(fact, value)| format!("{fact} {value}"))
                        .collect::<Vec<_>>()
                        .join(" · ");
                    (name.as_str(), facts)
                })
                .collect();
            if pieces.is_empty() {
                continue;
            }
            // "Area 9" before "Area 10".
            pieces.sort_by_key(|(name, _)| (name.len(), *name));
            let mut title = kind.to_string();
            if let Some(first) = title.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            egui::CollapsingHeader::new(format!("{title} ({})", pieces.len()))
                .id_salt(("record_pieces", kind))
                .default_open(false)
                .show(ui, |ui| {
                    for (name, facts) in pieces {
                        ui.label(egui::RichText::new(name).strong());
                        ui.add(egui::Label::new(egui::RichText::new(facts).weak()).wrap());
                        ui.add_space(2.0);
                    }
                });
        }
    }

    /// The unit opened from the record: everything the record keeps about it and the events that
    /// touched it, each of which a click selects in the log.
    pub(super) fn unit_window(&mut self, ctx: &egui::Context) {
        let Some((side, name)) = self.open_unit.clone() else {
            return;
        };
        // A block drawn face down while open closes: what it shows would give the draw away.
        let key = (side.as_str().into(), name.as_str().into());
        if self.session.record().face_down.contains_key(&key) {
            self.open_unit = None;
            return;
        }
        let mut open = true;
        let mut select = None;
        let side_name = crate::engine::log::side_name(self.session.sides(), &side).to_string();
        egui::Window::new(format!("{name} ({side_name})"))
            .id(egui::Id::unique("unit_window"))
            .open(&mut open)
            .default_width(360.0)
            .max_height(ctx.content_rect().height() * 0.8)
            .show(ctx, |ui| {
                let Some(unit) = self.session.record().unit(&side, &name) else {
                    ui.label("The record no longer knows this unit.");
                    return;
                };

                egui::Grid::new("unit_facts")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        ui.label("State");
                        ui.label(unit.state.as_str());
                        ui.end_row();
                        for (fact, value) in &unit.attributes {
                            ui.label(fact.as_str());
                            ui.label(value.as_str());
                            ui.end_row();
                        }
                    });
                ui.add_space(6.0);
                ui.label(egui::RichText::new("History").strong());
                // Worked out again only when the log grows or another unit opens: a long log
                // is not searched every frame.
                let logged = self.session.events().len();
                let stale = self.unit_history.as_ref().is_none_or(|(unit, length, _)| {
                    *length != logged || *unit != (side.clone(), name.clone())
                });
                if stale {
                    let lines = self
                        .session
                        .events_touching(&side, &name)
                        .into_iter()
                        .map(|event| {
                            (
                                event.seq,
                                format!("#{} {}", event.seq, self.game.summary(event)),
                            )
                        })
                        .collect();
                    self.unit_history = Some(((side.clone(), name.clone()), logged, lines));
                }
                let history = self
                    .unit_history
                    .as_ref()
                    .map_or(&[][..], |(_, _, lines)| lines);
                egui::ScrollArea::vertical()
                    .max_height(260.0)
                    .show(ui, |ui| {
                        for (seq, line) in history {
                            let button =
                                egui::Button::selectable(self.log.selected == Some(*seq), line)
                                    .wrap();
                            if ui
                                .add(button)
                                .on_hover_text("Select it in the log")
                                .clicked()
                            {
                                select = Some(*seq);
                            }
                        }
                    });
            });
        if let Some(seq) = select {
            self.log.selected = Some(seq);
        }
        if !open {
            self.open_unit = None;
        }
    }
}
