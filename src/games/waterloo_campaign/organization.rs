//! Formations and withdrawal: Steps F to H of the Organization Phase (L454-497), and the standing
//! rule that infantry in an enemy ZoC is in Battle formation (clarification L1594-1608).
//!
//! Reading taken: a withdrawing Corps that cannot make a legal 3-hex retreat is Blown
//! and returns two turns later; on the last day, or when that return would fall after the last turn,
//! it is eliminated instead ("if not possible, the Corps is eliminated", L497).

use super::roster::{self, attribute, set, set_state, state};
use super::{
    LAST_DAY_FIRST_TURN, SIDE_FIELD, TURN_FIELD, opponent, prefill_turn, side_label,
    withdrawals_left,
};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Record};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;

/// The last turn of both scenarios (L970-971, L1115-1116).
const LAST_TURN: i32 = 8;

/// A step that flips infantry formations: Step F to Advance, Step G (and the standing rule) to
/// Battle. Both are one procedure over different units.
pub struct FormationChange {
    about: About,
    to: &'static str,
    /// Whether every candidate starts ticked (Step F: all not in an enemy ZoC go to Advance).
    all_ticked: bool,
}

const IN_BATTLE: &[(&str, &str)] = &[("state", state::ON_MAP), (attribute::FORMATION, "Battle")];
const IN_ADVANCE: &[(&str, &str)] = &[("state", state::ON_MAP), (attribute::FORMATION, "Advance")];

pub static ADVANCE_FORMATION: FormationChange = FormationChange {
    about: About {
        id: "advance-formation",
        title: "Advance formation",
        rule: "F. Advance Formation, L462-477",
        summary: "Every Infantry Corps not in an enemy ZoC flips to Advance formation; this is the only time a Corps leaves Battle formation.",
        fields: &[
            SIDE_FIELD,
            Field {
                id: "units",
                label: "Infantry Corps in Battle formation not in an enemy ZoC",
                group: "Formation",
                kind: FieldKind::Units {
                    of: UnitOf::Side("side"),
                    only: IN_BATTLE,
                },
                rule: "F. Advance Formation, L464-477",
                help: "All are ticked; untick those in an enemy ZoC (a ZoI does not matter). The ticked ones flip to Advance.",
            },
        ],
    },
    to: "Advance",
    all_ticked: true,
};

pub static BATTLE_FORMATION: FormationChange = FormationChange {
    about: About {
        id: "battle-formation",
        title: "Battle formation",
        rule: "G. Battle Formation, L479-485; clarification L1594-1608",
        summary: "Every Infantry Corps in an enemy ZoC is in Battle formation: in Step G, and at once whenever a move or a retreat puts it there.",
        fields: &[
            SIDE_FIELD,
            Field {
                id: "units",
                label: "Infantry Corps in Advance formation in an enemy ZoC",
                group: "Formation",
                kind: FieldKind::Units {
                    of: UnitOf::Side("side"),
                    only: IN_ADVANCE,
                },
                rule: "G. Battle Formation, L481-485",
                help: "Tick those in an enemy ZoC; they flip to Battle.",
            },
        ],
    },
    to: "Battle",
    all_ticked: false,
};

impl FormationChange {
    fn candidates(&self) -> &'static [(&'static str, &'static str)] {
        if self.to == "Advance" {
            IN_BATTLE
        } else {
            IN_ADVANCE
        }
    }
}

impl Procedure for FormationChange {
    fn about(&self) -> &About {
        &self.about
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let units = if self.all_ticked {
            record
                .units_where(Some(input.text("side")), self.candidates())
                .map(|(_, name, _)| Symbol::new(name))
                .collect()
        } else {
            Vec::new()
        };
        input.set("units", Value::List(units));
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let units = input.list("units");
        let effects = units
            .iter()
            .map(|name| set(side, name, attribute::FORMATION, self.to, self.rule()))
            .collect();
        let headline = match units {
            [] => format!("No {} Corps changes formation", side_label(side)),
            [name] => format!("{name} goes to {} formation", self.to),
            several => format!(
                "{} {} Corps go to {} formation",
                several.len(),
                side_label(side),
                self.to
            ),
        };
        Ok(Resolution::book_keeping(self.to, headline, effects))
    }
}

/// Step H: one Corps in an enemy ZoC withdraws (L487-497).
pub struct Withdrawal;

const WITHDRAWAL_FIELDS: &[Field] = &[
    SIDE_FIELD,
    Field {
        id: "corps",
        label: "Corps withdrawing",
        group: "Withdrawal",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("state", state::ON_MAP)],
            max_len: 60,
        },
        rule: "H. Withdrawal, L489-492",
        help: "A friendly Corps, infantry or cavalry, in an enemy ZoC.",
    },
    Field {
        id: "cannot_retreat",
        label: "It cannot make a legal 3-hex retreat",
        group: "Withdrawal",
        kind: FieldKind::Flag,
        rule: "H. Withdrawal, L495-497; Retreat, L800-806",
        help: "A retreat never enters a Corps' hex or an enemy ZoC. A Corps that cannot retreat is Blown.",
    },
    TURN_FIELD,
];

impl Procedure for Withdrawal {
    fn about(&self) -> &'static About {
        &About {
            id: "withdrawal",
            title: "Withdrawal",
            rule: "H. Withdrawal, L487-497",
            summary: "A side withdraws one of its Corps from an enemy ZoC with a 3-hex retreat, or passes. A Corps that cannot retreat is Blown.",
            fields: WITHDRAWAL_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_turn(input, record);
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.text("corps").trim().is_empty() {
            return Err(InputError::new("corps", "name the Corps that withdraws"));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let corps = input.text("corps").trim();
        let turn = input.number("turn");
        let rule = "H. Withdrawal, L495-497";
        let mut effects = Vec::new();
        let headline = if !input.flag("cannot_retreat") {
            effects.push(Effect::Reminder {
                text: format!("{corps} retreats 3 hexes, away from the enemy, never into a Corps or an enemy ZoC").into(),
                rule: "H. Withdrawal, L489-492; Retreat, L800-806".into(),
            });
            format!("{corps} withdraws 3 hexes")
        } else if turn >= LAST_DAY_FIRST_TURN || turn + 2 > LAST_TURN {
            effects.push(set_state(side, corps, state::ELIMINATED, rule));
            effects.push(set(side, corps, attribute::HEX, "", rule));
            let (points, vp_rule) = roster::victory_points(corps);
            effects.push(Effect::VictoryPoints {
                side: opponent(side).into(),
                points,
                reason: format!("{corps} eliminated withdrawing").into(),
                rule: format!("{rule}; Blown, L814-815; {vp_rule}").into(),
            });
            format!("{corps} cannot retreat and cannot be Blown this late: Eliminated")
        } else {
            effects.push(set_state(side, corps, state::BLOWN, rule));
            effects.push(set(side, corps, attribute::RETURNS_ON_TURN, turn + 2, rule));
            effects.push(set(side, corps, attribute::HEX, "", rule));
            format!(
                "{corps} cannot retreat: Blown, returns on turn {}",
                turn + 2
            )
        };
        effects.push(Effect::UseCounter {
            name: withdrawals_left(side).into(),
            rule: "H. Withdrawal, L494-495".into(),
        });
        Ok(Resolution::book_keeping("withdrawal", headline, effects))
    }
}
