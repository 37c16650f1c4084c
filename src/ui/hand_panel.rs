//! The hand panel: where a procedure has a hand of cards (a battle's Battle Tactics cards), each
//! player in turn picks cards face down and seals them, and later, in the order the hand gives,
//! shows his own face-down cards to himself and turns up the ones he plays. See `engine::hand`.

use std::collections::BTreeSet;

use crate::engine::hand::{self, Hand, HandSide, HandUse};
use crate::engine::input::Input;
use crate::engine::log::{SideName, side_name};
use crate::engine::procedure::Procedure;
use crate::engine::record::Record;
use crate::engine::sealed::{Reveal, SealedChoice};
use crate::engine::session::Session;

/// What the players asked the game view to log: each as (round, what).
pub enum HandAction {
    Seal {
        side: String,
        seals: Vec<(String, SealedChoice)>,
    },
    TurnUp(Vec<(String, Reveal)>),
}

pub struct HandPanel {
    pub hand: Hand,
    /// The cards each side has ticked before sealing, by the hand's side order.
    picks: Vec<BTreeSet<String>>,
    /// What each side turned up for this round, once it has: the cards' labels (none: plays none).
    turned: Vec<Option<Vec<String>>>,
    /// The side whose face-down cards are on screen for its owner, with them as found.
    shown: Option<(usize, Vec<(String, Reveal)>)>,
    ticked: BTreeSet<String>,
    problem: Option<String>,
    /// The form's field to fill in again from the record once a turn-up is logged.
    refresh: Option<&'static str>,
}

impl HandPanel {
    /// The panel for `hand`; a side that has already turned up cards this round (before the
    /// form was closed, or the app restarted) shows them as turned up, and so does every side
    /// before one that has: the order of turning up is not gone through again.
    pub fn new(hand: Hand, record: &Record) -> HandPanel {
        let mut turned: Vec<Option<Vec<String>>> = hand
            .sides
            .iter()
            .map(|part| {
                let cards: Vec<String> = record
                    .turned_up(&hand.name, part.side, hand.slots, hand.played_state)
                    .iter()
                    .map(|card| label_of(part, card))
                    .collect();
                (!cards.is_empty()).then_some(cards)
            })
            .collect();
        if let Some(last) = turned.iter().rposition(Option::is_some) {
            for earlier in turned.iter_mut().take(last) {
                earlier.get_or_insert_with(Vec::new);
            }
        }
        HandPanel {
            picks: vec![BTreeSet::new(); hand.sides.len()],
            turned,
            shown: None,
            ticked: BTreeSet::new(),
            problem: None,
            refresh: None,
            hand,
        }
    }

    /// Whether every side has picked its hand and turned up its cards for this round.
    pub fn is_complete(&self, session: &Session, procedure: &dyn Procedure, input: &Input) -> bool {
        match procedure.hand_use(input) {
            // A battle whose cards were never picked plays none.
            HandUse::PickAndPlay if !self.hand.choosing && !self.all_sealed(session) => true,
            HandUse::PickAndPlay => {
                self.all_sealed(session) && self.turned.iter().all(Option::is_some)
            }
            HandUse::PickOnly(_) => self.all_sealed(session) || !self.hand.choosing,
            HandUse::Idle(_) => true,
        }
    }

    /// Whether every side has sealed its hand.
    pub fn all_sealed(&self, session: &Session) -> bool {
        let record = session.record();
        self.hand
            .sides
            .iter()
            .all(|s| record.hand_sealed(&self.hand.name, s.side))
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        procedure: &dyn Procedure,
        input: &mut Input,
        session: &Session,
        sides: &[SideName],
        may_turn_up: bool,
    ) -> Option<HandAction> {
        if let Some(field) = self.refresh.take() {
            procedure.follow(field, input, session.record());
        }
        ui.label(egui::RichText::new(self.hand.title).strong().size(16.0));
        let hand = self.hand.clone();
        let hand = &hand;
        let action = if let HandUse::Idle(why) = procedure.hand_use(input) {
            ui.label(why);
            None
        } else if let (true, HandUse::PickOnly(why)) =
            (self.all_sealed(session), procedure.hand_use(input))
        {
            ui.label(format!("Sealed, face down. {why}"));
            None
        } else if self.all_sealed(session) && !may_turn_up {
            ui.label("Sealed, face down. They are turned up once the secret choices are revealed.");
            None
        } else if self.all_sealed(session) {
            self.turn_up(ui, hand, procedure, input, session, sides)
        } else if hand.choosing {
            self.pick(ui, hand, session, sides)
        } else {
            ui.add(
                egui::Label::new(
                    "No cards were picked face down in this battle's first round: none are played.",
                )
                .wrap(),
            );
            None
        };
        if let Some(problem) = &self.problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
        action
    }

    /// Each side in turn ticks up to `slots` cards, out of the others' sight, and seals them.
    fn pick(
        &mut self,
        ui: &mut egui::Ui,
        hand: &Hand,
        session: &Session,
        sides: &[SideName],
    ) -> Option<HandAction> {
        ui.add(
            egui::Label::new(format!(
                "Each player in turn, with the others looking away: tick up to {} cards and seal them. The log keeps a commitment for each of {} places, so it shows neither the cards nor how many.",
                hand.slots, hand.slots
            ))
            .wrap(),
        );
        let mut action = None;
        for (at, part) in hand.sides.iter().enumerate() {
            let name = side_name(sides, part.side).to_string();
            let Some(picks) = self.picks.get_mut(at) else {
                continue;
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(&name).strong());
                if session.record().hand_sealed(&hand.name, part.side) {
                    ui.label("Sealed, face down");
                    return;
                }
                // The ticks show only while the list is open, to the player picking.
                // Not even how many: the log does not tell that either.
                let shown = if picks.is_empty() {
                    "Pick cards…"
                } else {
                    "Cards picked (hidden)"
                };
                egui::ComboBox::from_id_salt(("hand", part.side))
                    .selected_text(shown)
                    .width(170.0)
                    .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
                    .show_ui(ui, |ui| {
                        for (id, label) in &part.cards {
                            let mut on = picks.contains(id);
                            if ui.checkbox(&mut on, label).changed() {
                                if on {
                                    picks.insert(id.clone());
                                } else {
                                    picks.remove(id);
                                }
                            }
                        }
                    })
                    .response
                    .accessible_name(format!("{name}: cards to pick"));
                if ui.button(format!("Seal {name}'s cards")).clicked() {
                    let cards: Vec<String> = picks.iter().cloned().collect();
                    let sealed = if cards.len() < hand.min_cards {
                        Err(format!(
                            "pick at least {} card(s), as the settings say",
                            hand.min_cards
                        ))
                    } else {
                        hand::seal(session, &hand.name, part.side, &cards, hand.slots)
                    };
                    match sealed {
                        Ok(seals) => {
                            picks.clear();
                            self.problem = None;
                            action = Some(HandAction::Seal {
                                side: part.side.to_string(),
                                seals,
                            });
                        }
                        Err(message) => {
                            self.problem =
                                Some(format!("{name}'s cards were not sealed: {message}."));
                        }
                    }
                }
            });
        }
        action
    }

    /// In the hand's order, each side shows its own face-down cards and turns up those it plays.
    fn turn_up(
        &mut self,
        ui: &mut egui::Ui,
        hand: &Hand,
        procedure: &dyn Procedure,
        input: &Input,
        session: &Session,
        sides: &[SideName],
    ) -> Option<HandAction> {
        ui.add(
            egui::Label::new(format!(
                "In turn, {}: show your face-down cards with the others looking away, tick the ones you play this round and turn them up. Cards not turned up stay face down.",
                hand.order
            ))
            .wrap(),
        );
        let mut action = None;
        let mut earlier_done = true;
        for (at, part) in hand.sides.iter().enumerate() {
            let name = side_name(sides, part.side).to_string();
            let turned = self.turned.get(at).cloned().flatten();
            let done = turned.is_some();
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(&name).strong());
                match turned {
                    Some(cards) if cards.is_empty() => {
                        ui.label("Plays none this round.");
                        return;
                    }
                    Some(cards) => {
                        ui.label(format!("Turned up: {}.", cards.join(", ")));
                        return;
                    }
                    None => {}
                }
                if !earlier_done {
                    ui.label("Waits for the side before to turn up its cards.");
                    return;
                }
                let showing = self.shown.as_ref().is_some_and(|(side, _)| *side == at);
                if !showing
                    && ui
                        .button(format!("Show {name}'s face-down cards"))
                        .on_hover_text("Only to their owner: the others look away")
                        .clicked()
                {
                    let ids: Vec<&str> = part.cards.iter().map(|(id, _)| id.as_str()).collect();
                    let mut found =
                        hand::face_down(session, &hand.name, part.side, hand.slots, &ids);
                    // In the hand's order, not the places' random one.
                    found.sort_by_key(|(_, reveal)| ids.iter().position(|id| *id == reveal.choice));
                    self.ticked.clear();
                    self.shown = Some((at, found));
                }
            });
            if let Some((side, found)) = &self.shown
                && *side == at
                && !done
                && earlier_done
            {
                if found.is_empty() {
                    ui.label(
                        "No card is face down (or this machine does not hold the game's key).",
                    );
                }
                for (_, reveal) in found {
                    let label = label_of(part, &reveal.choice);
                    let mut on = self.ticked.contains(&reveal.choice);
                    if ui.checkbox(&mut on, label).changed() {
                        if on {
                            self.ticked.insert(reveal.choice.clone());
                        } else {
                            self.ticked.remove(&reveal.choice);
                        }
                    }
                }
                let mut finished = None;
                let mut hide = false;
                ui.horizontal_wrapped(|ui| {
                    if ui.button("Turn up the ticked cards").clicked() {
                        finished = Some(
                            found
                                .iter()
                                .filter(|(_, r)| self.ticked.contains(&r.choice))
                                .cloned()
                                .collect::<Vec<_>>(),
                        );
                    }
                    if ui.button("Play none this round").clicked() {
                        finished = Some(Vec::new());
                    }
                    if ui.button("Hide them").clicked() {
                        hide = true;
                    }
                });
                if hide {
                    // The refusal may name a face-down card: it goes with them.
                    self.problem = None;
                    self.shown = None;
                    self.ticked.clear();
                } else if let Some(reveals) = &finished
                    && let Err(why) = procedure.check_turn_up(
                        part.side,
                        &reveals
                            .iter()
                            .map(|(_, r)| r.choice.clone())
                            .collect::<Vec<_>>(),
                        input,
                        session.record(),
                    )
                {
                    self.problem = Some(format!("Not turned up: {why}."));
                } else if let Some(reveals) = finished {
                    self.problem = None;
                    self.shown = None;
                    self.ticked.clear();
                    let labels = reveals
                        .iter()
                        .map(|(_, reveal)| label_of(part, &reveal.choice))
                        .collect();
                    if let Some(turned) = self.turned.get_mut(at) {
                        *turned = Some(labels);
                    }
                    if !reveals.is_empty() {
                        self.refresh = Some(part.field);
                        action = Some(HandAction::TurnUp(reveals));
                    }
                }
            }
            earlier_done = earlier_done && self.turned.get(at).is_some_and(Option::is_some);
        }
        action
    }
}

/// A card's label as the hand offers it, or its id.
fn label_of(part: &HandSide, card: &str) -> String {
    part.cards
        .iter()
        .find(|(id, _)| id == card)
        .map_or(card, |(_, label)| label.as_str())
        .to_string()
}
