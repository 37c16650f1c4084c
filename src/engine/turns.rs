//! Turn sequences as data: phases and steps that the app walks through as a checklist, and the
//! scenarios that say where play starts and ends.

use super::record::{Position, Record};

/// One step of a phase, with the procedures a player may need there.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    pub title: &'static str,
    pub rule: &'static str,
    /// Procedure ids offered at this step.
    pub procedures: &'static [&'static str],
    /// What the players do here, in a sentence.
    pub guidance: &'static str,
    /// Whether play comes back to this step, or to an earlier one, instead of moving on.
    pub repeats: Option<Repeat>,
    /// Whether the step is played where the record stands; `None`: always. A step that is not
    /// (a segment of the Advanced Game in a Basic Game) stays on the checklist, and Next step
    /// passes over it.
    pub in_force: Option<fn(&Record) -> bool>,
}

/// How a step comes round again.
#[derive(Debug, Clone, Copy)]
pub enum Repeat {
    /// A cup on the record that the step draws from, one pass each: the step comes round again
    /// while the cup holds a chit (a LIM drawn, its owner acts, the next is drawn).
    WhileCupHolds(&'static str),
    /// Play goes back to an earlier step of the same phase, or stays, while the record says
    /// there is more to do (the Combat Segment's next battle, picked when the last one is over;
    /// a battle to finish before the Phase ends): `to` names the step and what Next step's
    /// button says ("Next battle"). Staying, the button waits: nothing is skipped.
    BackTo {
        to: fn(&Record) -> Option<(usize, &'static str)>,
    },
}

impl Step {
    pub fn is_in_force(&self, record: &Record) -> bool {
        self.in_force.is_none_or(|in_force| in_force(record))
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Phase {
    pub title: &'static str,
    pub rule: &'static str,
    pub steps: &'static [Step],
}

/// A special rule in force this turn, shown above the checklist so nobody forgets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnNote {
    pub text: String,
    pub rule: &'static str,
}

/// A scenario: where play starts, how long it lasts.
#[derive(Debug, Clone, Copy)]
pub struct Scenario {
    pub id: &'static str,
    pub title: &'static str,
    pub rule: &'static str,
    pub summary: &'static str,
    pub start: Position,
    pub last_turn: u32,
    /// The scenario's own sequence of play, where it differs from the game's (a campaign beside
    /// a one-battle game).
    pub sequence: Option<&'static TurnSequence>,
    /// The procedure that puts the scenario's pieces on the record, where it differs from the
    /// game's (`Game::set_up`).
    pub set_up: Option<&'static str>,
}

/// A game's sequence of play and the names of its turns.
#[derive(Debug, Clone, Copy)]
pub struct TurnSequence {
    pub phases: &'static [Phase],
    /// `turn_names[0]` names turn 1.
    pub turn_names: &'static [&'static str],
}

impl TurnSequence {
    pub fn step(&self, position: Position) -> Option<&'static Step> {
        self.phases
            .get(position.phase)
            .and_then(|p| p.steps.get(position.step))
    }

    pub fn turn_name(&self, turn: u32) -> String {
        let name = turn
            .checked_sub(1)
            .and_then(|i| self.turn_names.get(i as usize));
        match name {
            Some(name) => format!("Turn {turn} ({name})"),
            None => format!("Turn {turn}"),
        }
    }

    /// The position after `position`, or `None` at the end of the scenario's last turn.
    pub fn next(&self, position: Position, last_turn: u32) -> Option<Position> {
        let phase = self.phases.get(position.phase)?;
        if position.step + 1 < phase.steps.len() {
            return Some(Position {
                step: position.step + 1,
                ..position
            });
        }
        if position.phase + 1 < self.phases.len() {
            return Some(Position {
                phase: position.phase + 1,
                step: 0,
                ..position
            });
        }
        (position.turn < last_turn).then_some(Position {
            turn: position.turn + 1,
            phase: 0,
            step: 0,
        })
    }

    /// Where play comes round again from where the record stands, if it does: the same step
    /// while the cup it draws from holds a chit, or an earlier step while there is more to do.
    pub fn again(&self, record: &Record) -> Option<(Position, Repeat)> {
        let repeat = self.step(record.position)?.repeats?;
        let again = match repeat {
            Repeat::WhileCupHolds(cup) => record
                .cups
                .get(cup)
                .is_some_and(|chits| !chits.is_empty())
                .then_some(record.position),
            Repeat::BackTo { to } => to(record).map(|(step, _)| Position {
                step,
                ..record.position
            }),
        };
        again.map(|position| (position, repeat))
    }

    /// Where play goes from where the record stands: round again where a step repeats
    /// (`again`), otherwise the next step in force (`next`, passing over the others).
    pub fn after(&self, record: &Record, last_turn: u32) -> Option<Position> {
        if let Some((position, _)) = self.again(record) {
            return Some(position);
        }
        let mut position = self.next(record.position, last_turn)?;
        while self.step(position).is_some_and(|s| !s.is_in_force(record)) {
            position = self.next(position, last_turn)?;
        }
        Some(position)
    }

    /// The titles of the steps of one turn that lie strictly between two positions of it, in
    /// play order, whichever of the two comes first: what a jump from one to the other skips or
    /// goes back over. Steps not in force on `record` are not played, so not named.
    pub fn steps_between(&self, a: Position, b: Position, record: &Record) -> Vec<&'static str> {
        let index = |p: Position| (p.phase, p.step);
        let (low, high) = if index(a) <= index(b) {
            (index(a), index(b))
        } else {
            (index(b), index(a))
        };
        self.phases
            .iter()
            .enumerate()
            .flat_map(|(phase, p)| {
                p.steps
                    .iter()
                    .enumerate()
                    .map(move |(step, s)| ((phase, step), s))
            })
            .filter(|(at, s)| *at > low && *at < high && s.is_in_force(record))
            .map(|(_, s)| s.title)
            .collect()
    }

    /// A one-line label for a position: "Turn 3 (June 16 AM), Command Phase, D. Detachment Placement".
    pub fn label(&self, position: Position) -> String {
        let phase = self
            .phases
            .get(position.phase)
            .map(|p| p.title)
            .unwrap_or("?");
        let step = self.step(position).map(|s| s.title).unwrap_or("?");
        format!("{}, {phase}: {step}", self.turn_name(position.turn))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEQUENCE: TurnSequence = TurnSequence {
        phases: &[
            Phase {
                title: "P1",
                rule: "",
                steps: &[
                    Step {
                        title: "a",
                        rule: "",
                        procedures: &[],
                        guidance: "",
                        repeats: None,
                        in_force: None,
                    },
                    Step {
                        title: "b",
                        rule: "",
                        procedures: &[],
                        guidance: "",
                        repeats: Some(Repeat::WhileCupHolds("cup")),
                        in_force: None,
                    },
                ],
            },
            Phase {
                title: "P2",
                rule: "",
                steps: &[Step {
                    title: "c",
                    rule: "",
                    procedures: &[],
                    guidance: "",
                    repeats: None,
                    in_force: None,
                }],
            },
        ],
        turn_names: &["first", "second"],
    };

    #[test]
    fn a_jump_names_the_steps_it_passes_over_either_way() {
        let at = |phase, step| Position {
            turn: 1,
            phase,
            step,
        };
        let record = Record::default();
        assert_eq!(
            SEQUENCE.steps_between(at(0, 0), at(1, 0), &record),
            vec!["b"]
        );
        assert_eq!(
            SEQUENCE.steps_between(at(1, 0), at(0, 0), &record),
            vec!["b"]
        );
        assert!(
            SEQUENCE
                .steps_between(at(0, 0), at(0, 1), &record)
                .is_empty()
        );
    }

    #[test]
    fn walks_steps_phases_and_turns_then_stops() {
        let mut position = Position {
            turn: 1,
            phase: 0,
            step: 0,
        };
        let mut labels = vec![SEQUENCE.label(position)];
        while let Some(next) = SEQUENCE.next(position, 2) {
            position = next;
            labels.push(SEQUENCE.label(position));
        }
        assert_eq!(
            labels,
            vec![
                "Turn 1 (first), P1: a",
                "Turn 1 (first), P1: b",
                "Turn 1 (first), P2: c",
                "Turn 2 (second), P1: a",
                "Turn 2 (second), P1: b",
                "Turn 2 (second), P2: c",
            ]
        );
        assert_eq!(SEQUENCE.turn_name(9), "Turn 9");
    }

    #[test]
    fn a_step_that_draws_comes_round_again_until_its_cup_is_empty() {
        let mut record = Record {
            position: Position {
                turn: 1,
                phase: 0,
                step: 1,
            },
            ..Record::default()
        };
        record.cups.insert("cup".into(), vec!["chit".into()]);
        assert_eq!(SEQUENCE.after(&record, 2), Some(record.position));
        record.take_from_cup("cup", "chit");
        let next = SEQUENCE.after(&record, 2).expect("a next step");
        assert_eq!(SEQUENCE.label(next), "Turn 1 (first), P2: c");
        // A step that draws nothing moves on whatever the cups hold.
        record.cups.insert("cup".into(), vec!["chit".into()]);
        record.position.step = 0;
        assert_eq!(SEQUENCE.after(&record, 2).map(|p| p.step), Some(1));
    }

    #[test]
    fn a_step_that_goes_back_does_so_while_there_is_more_to_do() {
        const LOOP: TurnSequence = TurnSequence {
            phases: &[Phase {
                title: "P",
                rule: "",
                steps: &[
                    Step {
                        title: "pick",
                        rule: "",
                        procedures: &[],
                        guidance: "",
                        repeats: None,
                        in_force: None,
                    },
                    Step {
                        title: "fight",
                        rule: "",
                        procedures: &[],
                        guidance: "",
                        repeats: Some(Repeat::BackTo {
                            to: |record| {
                                record.marks.contains("more").then_some((0, "Next battle"))
                            },
                        }),
                        in_force: None,
                    },
                    Step {
                        title: "end",
                        rule: "",
                        procedures: &[],
                        guidance: "",
                        repeats: None,
                        in_force: None,
                    },
                ],
            }],
            turn_names: &[],
        };
        let mut record = Record::default();
        record.position.turn = 1;
        record.position.step = 1;
        assert_eq!(LOOP.after(&record, 1).map(|p| p.step), Some(2));
        record.marks.insert("more".into());
        assert_eq!(LOOP.after(&record, 1).map(|p| p.step), Some(0));
        assert!(matches!(
            LOOP.again(&record),
            Some((_, Repeat::BackTo { .. }))
        ));
        // Only the step that goes back does.
        record.position.step = 0;
        assert_eq!(LOOP.after(&record, 1).map(|p| p.step), Some(1));
    }

    #[test]
    fn next_step_passes_over_a_step_not_in_force_and_stops_at_it_again_when_it_is() {
        const SKIPPED: TurnSequence = TurnSequence {
            phases: &[Phase {
                title: "P",
                rule: "",
                steps: &[
                    Step {
                        title: "a",
                        rule: "",
                        procedures: &[],
                        guidance: "",
                        repeats: None,
                        in_force: None,
                    },
                    Step {
                        title: "only with the mark",
                        rule: "",
                        procedures: &[],
                        guidance: "",
                        repeats: None,
                        in_force: Some(|record| record.marks.contains("advanced")),
                    },
                    Step {
                        title: "c",
                        rule: "",
                        procedures: &[],
                        guidance: "",
                        repeats: None,
                        in_force: None,
                    },
                ],
            }],
            turn_names: &[],
        };
        let mut record = Record::default();
        record.position.turn = 1;
        assert_eq!(SKIPPED.after(&record, 1).map(|p| p.step), Some(2));
        // A jump over it does not name it as skipped.
        let end = Position {
            turn: 1,
            phase: 0,
            step: 2,
        };
        assert!(
            SKIPPED
                .steps_between(record.position, end, &record)
                .is_empty()
        );
        record.marks.insert("advanced".into());
        assert_eq!(
            SKIPPED.steps_between(record.position, end, &record),
            vec!["only with the mark"]
        );
        assert_eq!(SKIPPED.after(&record, 1).map(|p| p.step), Some(1));
        // The last step not in force: the scenario ends there.
        record.marks.clear();
        record.position.step = 2;
        assert_eq!(SKIPPED.after(&record, 1), None);
    }
}
