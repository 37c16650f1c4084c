//! What the procedures' forms share: a Unit's name in the text, the two armies of a fight, the
//! choices of class and General, and the checks of a named Unit against the record.

use super::roster::{self, ARTILLERY_TYPES, CLASSES, attribute, kind, state};
use super::{SIDES, army_label};
use crate::engine::input::{Field, FieldKind, Input, InputError};
use crate::engine::record::{Record, UnitRecord};

/// The name the players gave, or `otherwise` ("The defending Unit") if they gave none.
pub fn named(name: &str, otherwise: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        otherwise.to_string()
    } else {
        name.to_string()
    }
}

/// A name the players gave, if any: only a named Unit or Formation is changed on the record.
pub fn given(name: &str) -> Option<&str> {
    Some(name.trim()).filter(|n| !n.is_empty())
}

/// The armies a defending army may be: the English first, since the French attack by default.
pub const ENEMY_SIDES: &[(&str, &str)] = &[SIDES[1], SIDES[2], SIDES[0]];

/// The English and the Prussians are allies (L321): every fight has the French on one side.
pub fn check_enemies(input: &Input, side: &str, enemy: &str) -> Result<(), InputError> {
    let (a, b) = (input.text(side), input.text(enemy));
    if a == b {
        return Err(InputError::new(enemy, "an army does not fight itself"));
    }
    if a != "french" && b != "french" {
        return Err(InputError::new(
            enemy,
            "the English and the Prussians are allies (L321): one of the two armies is the French",
        ));
    }
    Ok(())
}

/// The scenarios, as the set-up and the Victory forms offer them (L1058-1094).
pub const SCENARIO_CHOICES: &[(&str, &str)] = &[
    ("historical", "The complete historical scenario"),
    ("short", "Short Alternative Scenario"),
    ("free", "Free Scenario"),
    ("three-players", "Scenario Ready for Three Players"),
    ("free-deployment", "Scenario With Free Deployment"),
    (
        "free-deployment-three",
        "Scenario With Free Deployment, Three Player Version",
    ),
];

/// The classes with Regulars first, so that a blank form earns no class modifier (L457 lists
/// them from the highest).
pub const CLASS_CHOICES: &[(&str, &str)] =
    &[CLASSES[3], CLASSES[0], CLASSES[1], CLASSES[2], CLASSES[4]];

/// An attached or nearby General by his stars (L347-361), or a Commander in Chief, whose rank each
/// rule states: five stars (L331), but 4 in the Result of Combat (L985).
pub const GENERAL_RANKS: &[(&str, &str)] = &[
    ("none", "None"),
    ("1", "★"),
    ("2", "★★"),
    ("3", "★★★"),
    ("4", "★★★★"),
    (COMMANDER, "The Commander in Chief"),
];
pub const COMMANDER: &str = "commander";

/// A General's rank from a `GENERAL_RANKS` choice, the Commander in Chief counting
/// `commander_rank`; `None` when there is no General.
pub fn general_rank(choice: &str, commander_rank: i32) -> Option<i32> {
    match choice {
        COMMANDER => Some(commander_rank),
        stars => stars.parse().ok(),
    }
}

/// The value of a session setting carried on a form (see `options::on_form`).
pub fn setting<'a>(input: &'a Input, field: &Field) -> &'a str {
    input.text(field.id)
}

/// The Units a form offers: those on the battlefield.
pub const UNITS_ON_BATTLEFIELD: &[(&str, &str)] = &[
    (attribute::KIND, kind::UNIT),
    ("state", state::ON_BATTLEFIELD),
];

pub const FORMATIONS: &[(&str, &str)] = &[(attribute::KIND, kind::FORMATION)];

/// The Artillery Units a form offers: those on the battlefield.
pub const ARTILLERY_ON_BATTLEFIELD: &[(&str, &str)] = &[
    (attribute::KIND, kind::UNIT),
    (attribute::TYPE, ARTILLERY_TYPES),
    ("state", state::ON_BATTLEFIELD),
];

/// The record's entry for an Artillery Unit of `side` on the battlefield named in `field`: its
/// Horse Team is kept on the record, so the Unit must be there.
pub fn artillery<'a>(
    record: &'a Record,
    side: &str,
    name: &str,
    field: &str,
) -> Result<&'a UnitRecord, InputError> {
    record
        .unit(side, name)
        .filter(|unit| unit.matches(ARTILLERY_ON_BATTLEFIELD))
        .ok_or_else(|| {
            InputError::new(
                field,
                format!(
                    "{name} is not an Artillery Unit of {} on the battlefield",
                    army_label(side)
                ),
            )
        })
}

/// A Unit the record knows must be a Unit on the battlefield. A name the record does not know is
/// the players' own and passes.
pub fn check_unit(record: &Record, side: &str, name: &str, field: &str) -> Result<(), InputError> {
    let Some(unit) = given(name).and_then(|name| record.unit(side, name)) else {
        return Ok(());
    };
    match unit.attribute(attribute::KIND) {
        Some(what) if what != kind::UNIT => Err(InputError::new(
            field,
            format!("{name} is a {what}, not a Unit"),
        )),
        _ if !roster::is_on_battlefield(unit) => Err(InputError::new(
            field,
            format!("{name} is {}, not on the battlefield", unit.state),
        )),
        _ => Ok(()),
    }
}

/// Formations named must be Formations on the record, made with the Formation procedure, so that
/// the markers they receive are kept.
pub fn check_formations(
    record: &Record,
    side: &str,
    input: &Input,
    field: &str,
) -> Result<(), InputError> {
    for name in input.list(field) {
        match record
            .unit(side, name)
            .map(|unit| unit.attribute(attribute::KIND).unwrap_or_default())
        {
            Some(kind::FORMATION) => {}
            Some(what) => {
                return Err(InputError::new(
                    field,
                    format!("{name} is a {what}, not a Formation"),
                ));
            }
            None => {
                return Err(InputError::new(
                    field,
                    format!(
                        "{name} is not a Formation on the record: make it with the Formation procedure, or leave the names empty"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// `N` fields in one list, from a form's parts (its situation, each side's fields, its settings),
/// so that fields alike for both sides are written once. Checked while compiling.
pub const fn join<const N: usize>(parts: &[&[Field]]) -> [Field; N] {
    let mut fields = [PLACEHOLDER; N];
    let (mut count, mut part) = (0, 0);
    while part < parts.len() {
        let mut i = 0;
        while i < parts[part].len() {
            fields[count] = parts[part][i];
            count += 1;
            i += 1;
        }
        part += 1;
    }
    assert!(count == N, "the form's length is the sum of its parts");
    fields
}

const PLACEHOLDER: Field = Field {
    id: "",
    label: "",
    group: "",
    kind: FieldKind::Flag,
    rule: "",
    help: "",
};
