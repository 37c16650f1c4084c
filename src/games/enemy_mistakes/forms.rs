//! What the procedures' forms share: a Unit's name in the text, the two armies of a fight, the
//! choices of class and General, the checks of a named Unit against the record, and what a result
//! does to a Unit: on the record if the players named it, in words otherwise.

use super::roster::{self, ARTILLERY_TYPES, CLASSES, attribute, kind, state};
use super::{SIDES, army_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::record::{Effect, Record, UnitRecord};

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

/// A Unit a result changes: on the record if the players named it, in words otherwise.
pub struct Named<'a> {
    pub side: &'a str,
    pub name: Option<&'a str>,
    /// Its name, or what the result calls it ("The target").
    pub called: &'a str,
}

impl<'a> Named<'a> {
    /// The Unit a form names `name` (perhaps nothing), called `called` in the result.
    pub fn new(side: &'a str, name: &'a str, called: &'a str) -> Named<'a> {
        Named {
            side,
            name: given(name),
            called,
        }
    }

    /// One more yellow marker; a second one Routs the Unit (L787).
    pub fn shaken(&self, rule: &str) -> Vec<Effect> {
        let mut effects = match self.name {
            Some(name) => vec![
                Effect::add_to(self.side, name, attribute::YELLOW, 1, rule),
                Effect::cap(
                    self.side,
                    name,
                    attribute::YELLOW,
                    roster::ROUTED_YELLOW,
                    "Routed, L787",
                ),
            ],
            None => Vec::new(),
        };
        effects.push(Effect::reminder(
            &format!(
                "{} receives 1 yellow marker (Shaken); with a second one it is Routed: it Withdraws 2, or is captured if it cannot, and is eliminated at the end of the turn",
                self.called
            ),
            &format!("{rule}; Routed, L787"),
        ));
        effects
    }

    /// A Smoke token, kept only for a Unit named.
    pub fn smoke(&self, rule: &str) -> Option<Effect> {
        self.name
            .map(|name| Effect::set_attribute(self.side, name, attribute::SMOKE, "yes", rule))
    }

    /// `losses` Loss tokens on a Unit that could still sustain `left`: at zero it is eliminated,
    /// and the other friendly Units in its column become Shaken (L672). A Unit never carries more
    /// Losses than its capacity (L697, L914): it takes at most `left`, the rest going unsuffered.
    pub fn losses(&self, losses: i32, left: i32, rule: &str) -> Vec<Effect> {
        if losses <= 0 {
            return Vec::new();
        }
        let placed = losses.min(left).max(0);
        let tokens = if placed == 1 { "token" } else { "tokens" };
        let mut effects = Vec::new();
        if placed > 0 {
            effects.push(match self.name {
                Some(name) => {
                    Effect::add_to(self.side, name, attribute::LOSSES, i64::from(placed), rule)
                }
                None => Effect::reminder(
                    &format!("Place {placed} Loss {tokens} on {}", self.called),
                    rule,
                ),
            });
        }
        if placed < losses {
            effects.push(Effect::reminder(
                &format!(
                    "{} can sustain only {placed} more Losses: the other {} go unsuffered, since no Unit suffers more Losses than its capacity",
                    self.called,
                    losses - placed
                ),
                &format!("{rule}; Suffer Damages, L914"),
            ));
        }
        if losses >= left {
            if let Some(name) = self.name {
                effects.push(Effect::set_state(self.side, name, state::ELIMINATED, rule));
            }
            effects.push(Effect::reminder(
                &format!(
                    "{} is eliminated; the other friendly Units in its column become Shaken (1 yellow marker if they have none)",
                    self.called
                ),
                &format!("{rule}; Elimination, L672"),
            ));
        }
        effects
    }

    /// An Artillery Unit fastens its Horse Team (L763, L803, L998).
    pub fn fasten(&self, rule: &str) -> Vec<Effect> {
        match self.name {
            Some(name) => roster::fasten_horse_team(self.side, name, rule).to_vec(),
            None => vec![Effect::reminder(
                &format!("{} fastens its Horse Team", self.called),
                rule,
            )],
        }
    }
}

/// Fills in field `left` with the Losses the Unit of field `unit` can still sustain, if the record
/// knows its capacity; never below `at_least`, the field's own minimum.
pub fn fill_losses_left(
    input: &mut Input,
    record: &Record,
    (side, unit, left): (&str, &str, &str),
    at_least: i32,
) {
    let known = given(input.text(unit))
        .and_then(|name| record.unit(input.text(side), name))
        .and_then(roster::losses_left);
    if let Some(known) = known {
        input.set(left, Value::Number(i64::from(known.max(at_least))));
    }
}

/// What `fill_losses_left` filled in must still be the record's: a count edited away from it could
/// let a Unit pass its capacity without being eliminated.
pub fn check_losses_left(
    input: &Input,
    record: &Record,
    ids: (&str, &str, &str),
    at_least: i32,
) -> Result<(), InputError> {
    let (_, unit, left) = ids;
    check_filled(
        input,
        &[left],
        |refilled| fill_losses_left(refilled, record, ids, at_least),
        |known| {
            format!(
                "the record says {} can still sustain {} Losses (L463): choose it again to fill this in",
                input.text(unit).trim(),
                known
            )
        },
    )
}

/// Fields a form fills in from the record must still hold what the record says when the form is
/// resolved: `fill` fills them in again on a copy, and the first of `fields` that differs is
/// refused with `message` about the record's value.
pub fn check_filled(
    input: &Input,
    fields: &[&str],
    fill: impl FnOnce(&mut Input),
    message: impl Fn(&Value) -> String,
) -> Result<(), InputError> {
    let mut refilled = input.clone();
    fill(&mut refilled);
    for field in fields {
        if let Some(known) = refilled.get(field)
            && input.get(field) != Some(known)
        {
            return Err(InputError::new(field, message(known)));
        }
    }
    Ok(())
}

/// The record's entry for a Unit of `side` on the battlefield named in `field`, for a procedure
/// that changes it on the record.
pub fn unit_on_battlefield<'a>(
    record: &'a Record,
    side: &str,
    name: &str,
    field: &str,
) -> Result<&'a UnitRecord, InputError> {
    required(record, (side, name, field), UNITS_ON_BATTLEFIELD, "a Unit")
}

/// The entry named `name` of `side` meeting `only` (what the form's field offers), or a refusal
/// naming `field` and `what` was wanted.
fn required<'a>(
    record: &'a Record,
    (side, name, field): (&str, &str, &str),
    only: &[(&str, &str)],
    what: &str,
) -> Result<&'a UnitRecord, InputError> {
    record
        .unit(side, name)
        .filter(|unit| unit.matches(only))
        .ok_or_else(|| {
            InputError::new(
                field,
                format!(
                    "{name} is not {what} of {} on the battlefield",
                    army_label(side)
                ),
            )
        })
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

/// Which Garrison a Unit is, if it is one (L538-540): the record tells a Garrison, not which one,
/// and the two fare differently (Hougoumont is eliminated if Routed, Haye Sainte also by a Retreat
/// from melee).
pub const NOT_A_GARRISON: &str = "no";
pub const HAYE_SAINTE: &str = "haye_sainte";
pub const GARRISONS: &[(&str, &str)] = &[
    (NOT_A_GARRISON, "No"),
    ("hougoumont", "Hougoumont (II)"),
    (HAYE_SAINTE, "Haye Sainte (IIS)"),
];

/// The scenarios, as the set-up and the Victory forms offer them (L1058-1094).
pub const SCENARIO_CHOICES: &[(&str, &str); 6] = &[
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
    required(
        record,
        (side, name, field),
        ARTILLERY_ON_BATTLEFIELD,
        "an Artillery Unit",
    )
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
            roster::not_on_battlefield(name, unit),
        )),
        _ => Ok(()),
    }
}

/// A Unit named on a form that marks it on the record must be on the record already, entered from
/// its tile: a name the record does not know would be half-recorded (a Smoke token on an entry
/// with no tile, no capacity and no state, while its yellow markers and Losses are lost). Refused,
/// naming the field; an empty name passes, and the result then speaks in words.
pub fn check_known_unit(
    record: &Record,
    side: &str,
    name: &str,
    field: &str,
) -> Result<(), InputError> {
    match given(name) {
        Some(name) if record.unit(side, name).is_none() => Err(InputError::new(
            field,
            format!(
                "{name} is not on the record of {}: add the Unit from its tile first (Add a Unit from its tile), or leave the name empty and mark the table by hand",
                army_label(side)
            ),
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
#[expect(
    clippy::indexing_slicing,
    reason = "called only to make constants: evaluated while compiling, an index out of range fails the build"
)]
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
