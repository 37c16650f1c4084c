//! The Generals and Commanders in Chief as casualties (Attach, L408-416; Unattached Generals,
//! L418-427) and their Substitutes (L699-703, L365, L373, L377). An attached commander whose Unit
//! takes Damage from a bombardment, or whose Formation takes part in a combat, rolls 2 dice (L408,
//! L1000); an unattached one who is the target of a combat rolls 1 die (L422). A modified 1 or less
//! removes him. A removed General's Substitute, the back of his counter, enters after a roll at the
//! end of an Initiative phase.
//!
//! A removal is recorded as the commander's state; the victory count reads the states at the end
//! (see `victory`), so no points are scored here.
//!
//! Readings taken:
//! - The modifiers are negative: their minus signs were lost (L412-416, L426-427), and a modified
//!   1 or less on two dice (L408) can only come from negative modifiers.
//! - "Already participated in melee, in the same turn" (L416) is read literally: at the Result of
//!   Combat (L1000) the melee just fought counts, so the form ticks it for a combat. Never for a
//!   bombardment, which comes before any melee of the turn (L634).
//! - Only a ★★ General takes the -1 of L415; ★, ★★★ and ★★★★ take nothing, as printed.
//! - Whether a Routed Unit also counts as Shaken is the setting `options::ROUTED_AND_SHAKEN`.
//! - A commander whose Formation takes part in a combat loses the markers of his box whatever his
//!   roll (L404); a Commander in Chief too, following the rules of a ★★★★★ General (L331). The
//!   text says nothing of the box of a commander removed otherwise: the record leaves it as it is.
//! - A captured Napoleon or Wellington ends the game as his removal does (L289, L291, L422).
//! - A Substitute who is removed in turn is not replaced: the Substitute is the back of the
//!   General's counter (L365), and a counter has only one back (digest §7.19).
//! - Substitution: try k succeeds on 6-k or more: 5-6, then 4-6, 3-6, 2-6, then without a roll
//!   (L703, "lowering the valid results by 1"; the text's example is garbled).

use super::roster::{self, BLUCHER, NAPOLEON, NEY, WELLINGTON, attribute, kind, state};
use super::{SIDES, army_label, options};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record, UnitRecord};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;

/// The mark on the record when Napoleon is removed: the game is over (L289).
pub const NAPOLEON_REMOVED: &str = "Napoleon is removed: the game ends and the English win";
/// The mark on the record when Wellington is removed: the game is over (L291).
pub const WELLINGTON_REMOVED: &str = "Wellington is removed: the game ends and the French win";

/// The Commanders in Chief whose removal ends the game: the mark it leaves on the record, the
/// headline's words, the rule.
const GAME_ENDERS: &[(&str, &str, &str, &str)] = &[
    (
        NAPOLEON,
        NAPOLEON_REMOVED,
        "the game ends and the English win",
        "Victory Conditions, L289",
    ),
    (
        WELLINGTON,
        WELLINGTON_REMOVED,
        "the game ends and the French win",
        "Victory Conditions, L291",
    ),
];

/// The value of the `substitute` attribute of a General whose Substitute is on the battlefield.
pub const YES: &str = "yes";

/// A roll whose modified result is this or less removes the commander (L408, L422).
const REMOVED_AT: i32 = 1;

/// Whose roll the modifiers change.
const GENERAL: &str = "General";

/// The General named on the form: a field of the record's commanders of the form's army.
const fn general_field(
    only: &'static [(&'static str, &'static str)],
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id: "general",
        label: "General or Commander in Chief",
        group: "General",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only,
            max_len: 40,
        },
        rule,
        help,
    }
}

const SIDE_FIELD: Field = Field {
    id: "side",
    label: "His army",
    group: "General",
    kind: FieldKind::Choice(SIDES),
    rule: "Commanders in Chief, L329; Generals, L343",
    help: "Its player rolls.",
};

/// The commanders a casualty roll is for: those on the battlefield.
const ON_BATTLEFIELD: &[(&str, &str)] = &[
    (attribute::KIND, "General|Commander in Chief"),
    ("state", state::ON_BATTLEFIELD),
];

const SUBSTITUTE_FIELD: Field = Field {
    id: "substitute",
    label: "He is a Substitute General",
    group: "General",
    kind: FieldKind::Flag,
    rule: "Generals, L365; Substitute Generals, L703",
    help: "A Substitute removed in turn is not replaced. Filled in from the record.",
};

/// The record's entry for the commander the form names, refused unless it is a General or
/// Commander in Chief of the form's army.
fn commander_on_record<'a>(
    input: &Input,
    record: &'a Record,
) -> Result<&'a UnitRecord, InputError> {
    let (side, name) = (input.text("side"), input.text("general").trim());
    record
        .unit(side, name)
        .filter(|unit| unit.matches(&[(attribute::KIND, "General|Commander in Chief")]))
        .ok_or_else(|| {
            InputError::new(
                "general",
                format!(
                    "{name} is not a General or Commander in Chief of the {} on the record",
                    army_label(side)
                ),
            )
        })
}

/// Refused unless the commander is on the battlefield and the form's facts are the record's.
fn check_on_battlefield(input: &Input, record: &Record) -> Result<(), InputError> {
    let unit = commander_on_record(input, record)?;
    let name = input.text("general").trim();
    if !roster::is_on_battlefield(unit) {
        return Err(InputError::new(
            "general",
            roster::not_on_battlefield(name, unit),
        ));
    }
    let substitute = unit.attribute(attribute::SUBSTITUTE) == Some(YES);
    if input.flag("substitute") != substitute {
        let is = if substitute { "is" } else { "is not" };
        return Err(InputError::new(
            "substitute",
            format!("the record says {name} {is} a Substitute"),
        ));
    }
    Ok(())
}

/// Fills in what the record knows of the commander once he is named.
fn follow_commander(changed: &str, input: &mut Input, record: &Record) {
    if changed != "general" && changed != "side" {
        return;
    }
    let Some(unit) = record.unit(input.text("side"), input.text("general").trim()) else {
        return;
    };
    let substitute = unit.attribute(attribute::SUBSTITUTE) == Some(YES);
    let commander_in_chief = unit.attribute(attribute::KIND) == Some(kind::COMMANDER);
    let rank = roster::number(unit, attribute::RANK).clamp(1, roster::COMMANDER_RANK);
    input.set("substitute", Value::Flag(substitute));
    input.set("commander_in_chief", Value::Flag(commander_in_chief));
    input.set("rank", Value::Number(i64::from(rank)));
}

fn named_general(input: &Input) -> Result<(), InputError> {
    if input.text("general").trim().is_empty() {
        return Err(InputError::new(
            "general",
            "name the General or Commander in Chief",
        ));
    }
    Ok(())
}

/// What a commander's removal does, eliminated or captured: the effects and a sentence for the
/// headline.
fn removal(input: &Input, removed: &str, rule: &str) -> (String, Vec<Effect>) {
    let (side, name) = (input.text("side"), input.text("general").trim());
    let captured = removed == state::CAPTURED;
    let mut effects = vec![
        Effect::set_state(side, name, removed, rule),
        Effect::set_attribute(side, name, attribute::ATTACHED_TO, "", rule),
    ];
    if let Some((_, mark, sentence, rule)) = GAME_ENDERS.iter().find(|(who, ..)| *who == name) {
        let rule = if captured {
            format!("{rule}; Unattached Generals, L422")
        } else {
            rule.to_string()
        };
        effects.push(Effect::Mark {
            name: (*mark).into(),
            rule: rule.into(),
        });
        return ((*sentence).to_string(), effects);
    }
    let capture_rule = if captured {
        "Capture, L674"
    } else {
        "Elimination, L672"
    };
    let points = roster::commander_spec(name).map_or(0, |c| c.victory_points);
    let points = if captured { points * 2 } else { points };
    let sentence = match name {
        BLUCHER => {
            effects.push(Effect::reminder(
                "The Prussians no longer roll the die for their command markers: they get only one for each General on the battlefield",
                "Commander in Chief Blücher, L337",
            ));
            format!(
                "the Prussians no longer roll for markers; {points} VP to the French at the count ({capture_rule})"
            )
        }
        NEY => {
            effects.push(Effect::reminder(
                "No Substitute replaces Ney: every turn Napoleon loses the 2 markers he would have given him",
                "General Ney, L373",
            ));
            "no Substitute replaces him".to_string()
        }
        _ if input.flag("substitute") => {
            effects.push(Effect::reminder(
                &format!(
                    "{name}'s counter has no other back: no Substitute replaces this Substitute"
                ),
                "Generals, L365",
            ));
            "no Substitute replaces a Substitute".to_string()
        }
        _ => {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::SUBSTITUTION_TRIES,
                0,
                "Substitute Generals, L703",
            ));
            effects.push(Effect::reminder(
                &format!("{name}'s Substitute is rolled for at the end of the next Initiative phase; if every Unit of his Army Corps is removed, he cannot be substituted"),
                "Substitute Generals, L703; Army Corps, L377",
            ));
            "his Substitute is rolled for next turn".to_string()
        }
    };
    (sentence, effects)
}

/// A roll that removes the commander on a modified 1 or less, as a resolution.
fn removal_roll(
    input: &Input,
    faces: &[u8],
    modifiers: Vec<Modifier>,
    removed: &str,
    rule: &str,
    mut effects: Vec<Effect>,
    survives: Effect,
) -> Resolution {
    let natural: i32 = faces.iter().map(|f| i32::from(*f)).sum();
    let applied: i32 = modifiers.iter().map(|m| m.value).sum();
    let total = natural + applied;
    let name = input.text("general").trim();
    let (key, rank, headline) = if total <= REMOVED_AT {
        let (sentence, removal_effects) = removal(input, removed, rule);
        effects.extend(removal_effects);
        (
            removed,
            1,
            format!("{name} ({total}) is {}: {sentence}", removed.to_lowercase()),
        )
    } else {
        effects.push(survives);
        ("Survives", 0, format!("{name} ({total}) survives"))
    };
    Resolution {
        outcome: Outcome {
            key: key.into(),
            rank,
            headline,
        },
        totals: vec![SideTotal {
            side: GENERAL.into(),
            die: Some(natural),
            modifiers: applied,
            total,
        }],
        modifiers,
        limits: Vec::new(),
        cell: None,
        effects,
    }
}

// --- An attached commander's casualty roll -------------------------------------------------

const CASUALTY_RULE: &str = "Attach, L408-416; Result of Combat, L1000";

const CASUALTY_FIELDS: &[Field] = &[
    SIDE_FIELD,
    general_field(
        ON_BATTLEFIELD,
        "Attach, L408",
        "Attached to the Unit that took Damage, or to a Formation that took part in a combat.",
    ),
    Field {
        id: "commander_in_chief",
        label: "He is the Commander in Chief",
        group: "General",
        kind: FieldKind::Flag,
        rule: "Dice modifiers, L412; Commander in Chief, L331",
        help: "-2. Filled in from the record.",
    },
    Field {
        id: "rank",
        label: "His rank (stars)",
        group: "General",
        kind: FieldKind::Number { min: 1, max: 5 },
        rule: "Dice modifiers, L412, L415",
        help: "★★ -1; ★★★★★ -2. A Substitute is ★ (L703). Filled in from the record.",
    },
    SUBSTITUTE_FIELD,
    Field {
        id: "cause",
        label: "Why he rolls",
        group: "Situation",
        kind: FieldKind::Choice(&[
            ("bombardment", "His Unit took Damage from a bombardment"),
            ("combat", "His Formation took part in a combat"),
        ]),
        rule: "Attach, L408; Result of Combat, L1000",
        help: "After a combat his box's markers go back to the reserve, whatever the roll (L404).",
    },
    Field {
        id: "unit_condition",
        label: "His Unit is",
        group: "Situation",
        kind: FieldKind::Choice(&[
            ("steady", "Neither Shaken nor Routed"),
            ("shaken", "Shaken (1 yellow marker)"),
            ("routed", "Routed (2 yellow markers)"),
        ]),
        rule: "Dice modifiers, L413-414",
        help: "Routed -2, Shaken -1.",
    },
    Field {
        id: "melee_this_turn",
        label: "His Unit has already taken part in a melee this turn",
        group: "Situation",
        kind: FieldKind::Flag,
        rule: "Dice modifiers, L416",
        help: "-1. At the Result of Combat the melee just fought counts, as printed; ticked when the cause is a combat.",
    },
    options::on_form(options::ROUTED_AND_SHAKEN),
];

pub struct GeneralCasualty;

impl Procedure for GeneralCasualty {
    fn about(&self) -> &About {
        &About {
            id: "general-casualty",
            title: "Attached General's casualty roll",
            rule: CASUALTY_RULE,
            summary: "A General or Commander in Chief attached to a Unit that took bombardment Damage, or whose Formation took part in a combat, rolls 2 dice: a modified 1 or less eliminates him.",
            fields: CASUALTY_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &options::ROUTED_AND_SHAKEN);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        follow_commander(changed, input, record);
        if changed == "cause" {
            let combat = input.text("cause") == "combat";
            input.set("melee_this_turn", Value::Flag(combat));
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_on_battlefield(input, record)?;
        let unit = commander_on_record(input, record)?;
        let name = input.text("general").trim();
        if input.number("rank") != roster::number(unit, attribute::RANK) {
            return Err(InputError::new(
                "rank",
                format!(
                    "the record gives {name} {} stars",
                    roster::number(unit, attribute::RANK)
                ),
            ));
        }
        let commander_in_chief = unit.attribute(attribute::KIND) == Some(kind::COMMANDER);
        if input.flag("commander_in_chief") != commander_in_chief {
            let is = if commander_in_chief { "is" } else { "is not" };
            return Err(InputError::new(
                "commander_in_chief",
                format!("the record says {name} {is} a Commander in Chief"),
            ));
        }
        Ok(())
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        named_general(input)?;
        if input.text("cause") == "bombardment" && input.flag("melee_this_turn") {
            return Err(InputError::new(
                "melee_this_turn",
                "the Bombardment phase comes before any melee of the turn (L634)",
            ));
        }
        Ok(())
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("First die", Die::D6), ("Second die", Die::D6)])
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        let mut modifiers = Vec::new();
        let mut add = |label: &str, value: i32, rule: &str| {
            modifiers.push(Modifier::new(GENERAL, label, value, rule));
        };
        let rank = input.number("rank");
        if input.flag("commander_in_chief") || rank >= roster::COMMANDER_RANK {
            add(
                "A ★★★★★ General or the Commander in Chief",
                -2,
                "Dice modifiers, L412; Commander in Chief, L331",
            );
        }
        let routed = input.text("unit_condition") == "routed";
        if routed {
            add("His Unit is Routed", -2, "Dice modifiers, L413");
        }
        let routed_counts_shaken = input.text(options::ROUTED_AND_SHAKEN.id) == "both";
        if input.text("unit_condition") == "shaken" || (routed && routed_counts_shaken) {
            let rule = if routed {
                "Dice modifiers, L414; setting: a Routed Unit counts as Shaken"
            } else {
                "Dice modifiers, L414"
            };
            add("His Unit is Shaken", -1, rule);
        }
        if rank == 2 {
            add("A ★★ General", -1, "Dice modifiers, L415");
        }
        if input.flag("melee_this_turn") {
            add(
                "His Unit has already taken part in a melee this turn",
                -1,
                "Dice modifiers, L416",
            );
        }
        modifiers
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (side, name) = (input.text("side"), input.text("general").trim());
        let mut effects = Vec::new();
        if input.text("cause") == "combat" {
            effects.push(Effect::set_attribute(
                side,
                name,
                attribute::MARKERS,
                0,
                "Attach, L404",
            ));
            effects.push(Effect::reminder(
                &format!("The markers in {name}'s box of the Command Table go back to the reserve"),
                "Attach, L404",
            ));
        }
        Ok(removal_roll(
            input,
            faces,
            self.modifiers(input),
            state::ELIMINATED,
            CASUALTY_RULE,
            effects,
            Effect::reminder(
                &format!("{name} survives and stays attached"),
                "Attach, L408",
            ),
        ))
    }
}

// --- An unattached commander in a combat ---------------------------------------------------

const UNATTACHED_RULE: &str = "Unattached Generals, L418-427";

const UNATTACHED_FIELDS: &[Field] = &[
    SIDE_FIELD,
    general_field(
        ON_BATTLEFIELD,
        "Unattached Generals, L422",
        "An unattached General or Commander in Chief who is the target of a combat. An unattached one cannot be bombarded (L420).",
    ),
    SUBSTITUTE_FIELD,
    Field {
        id: "enemy",
        label: "The enemy Unit is",
        group: "Situation",
        kind: FieldKind::Choice(&[
            ("other", "Infantry, or any Unit but Cavalry"),
            ("medium_heavy", "Medium or Heavy Cavalry"),
            ("light", "Light Cavalry"),
        ]),
        rule: "Die modifiers, L426-427",
        help: "Medium or Heavy Cavalry -1, Light Cavalry -2.",
    },
];

pub struct UnattachedGeneral;

impl Procedure for UnattachedGeneral {
    fn about(&self) -> &About {
        &About {
            id: "unattached-general",
            title: "Unattached General in a combat",
            rule: UNATTACHED_RULE,
            summary: "An unattached General or Commander in Chief who is the target of a combat rolls 1 die: a modified 1 or less captures him; otherwise he may move up to 2 UoM.",
            fields: UNATTACHED_FIELDS,
        }
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        follow_commander(changed, input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        check_on_battlefield(input, record)?;
        let unit = commander_on_record(input, record)?;
        match unit.attribute(attribute::ATTACHED_TO) {
            Some(to) if !to.is_empty() => Err(InputError::new(
                "general",
                format!(
                    "{} is attached to {to}: he rolls the attached General's casualty roll (L408)",
                    input.text("general").trim()
                ),
            )),
            _ => Ok(()),
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        named_general(input)
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("Die", Die::D6)])
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        match input.text("enemy") {
            "medium_heavy" => vec![Modifier::new(
                GENERAL,
                "The enemy is Medium or Heavy Cavalry",
                -1,
                "Die modifiers, L426",
            )],
            "light" => vec![Modifier::new(
                GENERAL,
                "The enemy is Light Cavalry",
                -2,
                "Die modifiers, L427",
            )],
            _ => Vec::new(),
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let name = input.text("general").trim();
        Ok(removal_roll(
            input,
            faces,
            self.modifiers(input),
            state::CAPTURED,
            UNATTACHED_RULE,
            Vec::new(),
            Effect::reminder(
                &format!("{name}'s counter may move up to 2 Units of Measurement"),
                "Unattached Generals, L422",
            ),
        ))
    }
}

// --- The Substitute General ----------------------------------------------------------------

/// Whether every Unit of the General's Army Corps that the record knows is removed: then he
/// cannot be substituted (L377). A corps whose Units are not on the record is not known removed.
fn corps_removed(record: &Record, side: &str, general: &UnitRecord) -> bool {
    let corps = general.attribute(attribute::CORPS).unwrap_or("");
    let of_corps = [(attribute::KIND, kind::UNIT), (attribute::CORPS, corps)];
    let mut units = record.units_where(Some(side), &of_corps).peekable();
    units.peek().is_some() && units.all(|(_, _, u)| roster::is_removed(u))
}

const SUBSTITUTION_RULE: &str = "Substitute Generals, L699-703";

/// The fifth try needs no roll: 6 - 5 = 1 (L703).
const MOST_FAILED_TRIES: u32 = 4;

/// The lowest face that brings the Substitute on the try after `failed` failures (L703).
fn substitute_needs(failed: i32) -> i32 {
    6 - (failed + 1)
}

const SUBSTITUTION_FIELDS: &[Field] = &[
    SIDE_FIELD,
    general_field(
        &[
            (attribute::KIND, kind::GENERAL),
            ("state", "Eliminated|Captured|Out of field"),
        ],
        "Generals, L365; Substitute Generals, L703",
        "A General removed from the battlefield. Not Ney (L373), not a Commander in Chief.",
    ),
    Field {
        id: "tries_failed",
        label: "Substitution rolls failed so far",
        group: "General",
        kind: FieldKind::Count {
            max: MOST_FAILED_TRIES,
        },
        rule: "Substitute Generals, L703",
        help: "The first try needs 5 or 6; each failure widens it by one face; the fifth needs no roll. Filled in from the record.",
    },
];

pub struct SubstituteGeneral;

impl Procedure for SubstituteGeneral {
    fn about(&self) -> &About {
        &About {
            id: "substitute-general",
            title: "Substitute General",
            rule: SUBSTITUTION_RULE,
            summary: "At the end of the Initiative phase, each removed General's player rolls 1 die for his Substitute: 5 or 6 the first time, one face more at each further try. Until then his Army Corps is without command.",
            fields: SUBSTITUTION_FIELDS,
        }
    }
    /// While some General is removed and neither replaced nor beyond replacing.
    fn applies(&self, record: &Record) -> bool {
        record
            .units_where(None, &[(attribute::KIND, kind::GENERAL)])
            .any(|(side, name, unit)| {
                roster::is_removed(unit)
                    && name != NEY
                    && unit.attribute(attribute::SUBSTITUTE) != Some(YES)
                    && !corps_removed(record, side, unit)
            })
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "general" && changed != "side" {
            return;
        }
        let failed = roster::number_of(
            record,
            input.text("side"),
            input.text("general").trim(),
            attribute::SUBSTITUTION_TRIES,
        );
        input.set("tries_failed", Value::Number(i64::from(failed.max(0))));
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        named_general(input)?;
        let name = input.text("general").trim();
        if name == NEY {
            return Err(InputError::new(
                "general",
                "no Substitute replaces Ney (L373)",
            ));
        }
        if roster::commander_spec(name).is_some_and(|c| c.is_commander_in_chief()) {
            return Err(InputError::new(
                "general",
                format!(
                    "{name} is a Commander in Chief: the rules give him no Substitute (L289-291, L337)"
                ),
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let unit = commander_on_record(input, record)?;
        let (side, name) = (input.text("side"), input.text("general").trim());
        if !roster::is_removed(unit) {
            return Err(InputError::new(
                "general",
                format!(
                    "{name} is {}: only a General removed from the battlefield is substituted (L365)",
                    unit.state
                ),
            ));
        }
        if unit.attribute(attribute::SUBSTITUTE) == Some(YES) {
            return Err(InputError::new(
                "general",
                format!(
                    "{name}'s Substitute was removed: he was the back of the counter, and there is no other (L365)"
                ),
            ));
        }
        if corps_removed(record, side, unit) {
            let corps = unit.attribute(attribute::CORPS).unwrap_or("");
            return Err(InputError::new(
                "general",
                format!(
                    "every Unit of the {corps} Corps is removed: {name} cannot be substituted (L377)"
                ),
            ));
        }
        let failed = roster::number(unit, attribute::SUBSTITUTION_TRIES);
        if input.number("tries_failed") != failed {
            return Err(InputError::new(
                "tries_failed",
                format!("the record counts {failed} failed rolls for {name}"),
            ));
        }
        Ok(())
    }
    /// No die once the try succeeds on any face.
    fn dice(&self, input: &Input) -> DiceSpec {
        if substitute_needs(input.number("tries_failed")) > 1 {
            DiceSpec::new(&[("Die", Die::D6)])
        } else {
            DiceSpec::default()
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (side, name) = (input.text("side"), input.text("general").trim());
        let failed = input.number("tries_failed");
        let needs = substitute_needs(failed);
        let face = faces.first().map(|f| i32::from(*f));
        let rule = SUBSTITUTION_RULE;
        let corps = format!("{name}'s Army Corps");
        let (key, rank, headline, effects) = if face.is_none_or(|f| f >= needs) {
            let effects = vec![
                Effect::set_state(side, name, state::ON_BATTLEFIELD, rule),
                Effect::set_attribute(side, name, attribute::SUBSTITUTE, YES, rule),
                Effect::set_attribute(side, name, attribute::RANK, 1, rule),
                Effect::set_attribute(side, name, attribute::GENERATES, 0, rule),
                Effect::set_attribute(side, name, attribute::SUBSTITUTION_TRIES, "", rule),
                Effect::set_attribute(side, name, attribute::ATTACHED_TO, "", rule),
                Effect::reminder(
                    &format!(
                        "Place {name}'s Substitute counter within 2 Units of Measurement of any Unit of his Army Corps. He is ★ and generates 0 Command points for the rest of the battle"
                    ),
                    rule,
                ),
            ];
            (
                "Substitute enters",
                0,
                format!("{name}'s Substitute enters: ★, generating 0 Command points"),
                effects,
            )
        } else {
            let effects = vec![
                Effect::set_attribute(side, name, attribute::SUBSTITUTION_TRIES, failed + 1, rule),
                Effect::reminder(
                    &format!("{corps} is without command this turn; {}", next_try(needs)),
                    rule,
                ),
            ];
            (
                "No Substitute yet",
                1,
                format!("No Substitute for {name} this turn: {corps} is without command"),
                effects,
            )
        };
        Ok(Resolution {
            outcome: Outcome {
                key: key.into(),
                rank,
                headline: format!("{headline} ({})", roll_text(face, needs)),
            },
            totals: face
                .map(|f| SideTotal {
                    side: GENERAL.into(),
                    die: Some(f),
                    modifiers: 0,
                    total: f,
                })
                .into_iter()
                .collect(),
            modifiers: Vec::new(),
            limits: Vec::new(),
            cell: None,
            effects,
        })
    }
}

/// What the try after a failure at `needs` will need: one face fewer (L640, L703).
pub(super) fn next_try(needs: i32) -> String {
    match needs - 1 {
        next if next > 1 => format!("the next try needs {next} or more"),
        _ => "the next try needs no roll".into(),
    }
}

/// "rolled 4, needing 4 or more", or "no roll needed".
pub(super) fn roll_text(face: Option<i32>, needs: i32) -> String {
    match face {
        Some(face) => format!("rolled {face}, needing {needs} or more"),
        None => "no roll needed".into(),
    }
}
