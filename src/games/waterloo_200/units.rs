//! The roster: the blocks on the record. The rulebook names the three Strategic Leaders and the
//! Tactical Leaders of the order of battle (L2-49, L412-413, L553-579); the set-up puts those on
//! the record with their ladders not entered. Every other block, and every ladder, the players
//! enter from the stickers: the text prints none (digest §4 item 1).

use super::blocks::{LADDER_HELP, Ladder, TYPES, attribute, state, type_label};
use super::deployment::{TO_DRAW, cup_for};
use super::{SIDES, side_label};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, NOT_ENTERED, Record};
use crate::engine::table_set::TableSet;

const BLOCK_RULE: &str = "3.0 Units, L382-413; 3.2 Strength, L485-491";

/// Where a block starts.
const WHERE: &[(&str, &str)] = &[
    (state::ON_MAP, "On the map"),
    (TO_DRAW, "Drawn at set-up onto an icon of its group"),
    (state::RESERVE, "In the Reserve Pool"),
    (state::NOT_ARRIVED, "Not yet arrived"),
];

const ADD_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Block",
        kind: FieldKind::Choice(SIDES),
        rule: "Two Sides - Three Factions, L98-139",
        help: "Blue blocks French, red British, black Prussian.",
    },
    Field {
        id: "name",
        label: "Name",
        group: "Block",
        kind: FieldKind::Text { max_len: 40 },
        rule: "3.1 Unit Size and Name, L450-455",
        help: "As the sticker shows it, e.g. \"1/20\" or \"Grenadiers\".",
    },
    Field {
        id: "type",
        label: "Type",
        group: "Block",
        kind: FieldKind::Choice(TYPES),
        rule: "3.0 Units, L387-398; 3.10 Artillery, L660-671",
        help: "As the sticker shows it.",
    },
    Field {
        id: "corps",
        label: "Corps",
        group: "Block",
        kind: FieldKind::Text { max_len: 40 },
        rule: "3.0 Units, L405-413",
        help: "The corps colour of the sticker first, then its leader, e.g. \"Light Blue, Picton\": the Chemin Creux draws by colour.",
    },
    Field {
        id: "ladder",
        label: "Strength ladder",
        group: "Block",
        kind: FieldKind::Text { max_len: 11 },
        rule: "3.2 Strength, L485-491; 3.5 Hits and Damage, L409-431",
        help: LADDER_HELP,
    },
    Field {
        id: "levels_lost",
        label: "Levels lost so far",
        group: "Block",
        kind: FieldKind::Count { max: 3 },
        rule: "3.5 Hits and Damage, L400-403",
        help: "0 for a block at full strength.",
    },
    Field::flag(
        "brunswick",
        "A Brunswick unit",
        "Block",
        "4.1 Brunswick Units, L786-796",
        "The Brunswick infantry enters only in Area 13, never by the Chemin Creux.",
    ),
    Field {
        id: "where",
        label: "Where it is",
        group: "Block",
        kind: FieldKind::Choice(WHERE),
        rule: "4.0 Setup, L733-748",
        help: "On the map, waiting for the set-up draw of its Corps colour and type, face down in its Reserve Pool, or (the Prussians) not yet arrived.",
    },
];

/// Puts a block on the record from its sticker.
pub struct AddBlock;

impl Procedure for AddBlock {
    fn about(&self) -> &About {
        &About {
            id: "add-block",
            title: "Add a block from its sticker",
            rule: BLOCK_RULE,
            summary: "Puts a block on the record with its type, corps and strength ladder, as its sticker shows them.",
            fields: ADD_FIELDS,
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let name = input.text("name").trim();
        if name.is_empty() {
            return Err(InputError::new(
                "name",
                "name the block as its sticker does",
            ));
        }
        if name.contains(';') {
            return Err(InputError::new("name", "a name cannot hold a semicolon"));
        }
        if input.flag("brunswick")
            && input.text("where") == TO_DRAW
            && input.text("type") != "infantry"
        {
            return Err(InputError::new(
                "where",
                "the Brunswick Cavalry deploys in Area 13, not by a draw (4.1, L786-790): add it on the map",
            ));
        }
        let ladder = Ladder::parse(input.text("ladder"), input.text("type"))
            .map_err(|message| InputError::new("ladder", message))?;
        if usize::try_from(input.number("levels_lost")).unwrap_or(0) >= ladder.0.len() {
            return Err(InputError::new(
                "levels_lost",
                format!("the ladder {ladder} has {} level(s)", ladder.0.len()),
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let (side, name) = (input.text("side"), input.text("name").trim());
        if record.unit(side, name).is_some() {
            return Err(InputError::new(
                "name",
                format!(
                    "{name} of the {} is already on the record",
                    side_label(side)
                ),
            ));
        }
        Ok(())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (side, name) = (input.text("side"), input.text("name").trim());
        let kind = input.text("type");
        let ladder = Ladder::parse(input.text("ladder"), kind)
            .map_err(|message| InputError::new("ladder", message))?;
        let set = |attribute: &str, value: &str| {
            Effect::set_attribute(side, name, attribute, value, BLOCK_RULE)
        };
        let mut effects = vec![
            Effect::set_state(side, name, input.text("where"), "4.0 Setup, L733-748"),
            set(attribute::TYPE, kind),
            set(attribute::CORPS, input.text("corps").trim()),
            set(attribute::LADDER, &ladder.to_string()),
            set(
                attribute::LEVELS_LOST,
                &input.number("levels_lost").to_string(),
            ),
        ];
        if side == "british" {
            // Leaders and Artillery speak English (L1288); the others' tag comes from the sticker.
            let language = if super::blocks::english_by_rule(kind) {
                "english"
            } else {
                NOT_ENTERED
            };
            effects.push(set(attribute::LANGUAGE, language));
        }
        let brunswick = input.flag("brunswick");
        if let Some(cup) = cup_for(
            side,
            input.text("where"),
            input.text("corps"),
            kind,
            brunswick,
        ) {
            effects.push(Effect::PutInCup {
                cup: cup.as_str().into(),
                chits: vec![name.into()],
                rule: "4.0 Setup, L710-714, L733-748; 4.1, L786-796".into(),
            });
        }
        if brunswick {
            effects.push(Effect::set_attribute(
                side,
                name,
                super::chemin_creux::BRUNSWICK,
                "yes",
                "4.1 Brunswick Units, L786-796",
            ));
        }
        Ok(Resolution::book_keeping(
            "add-block",
            format!("{name} ({}, {ladder}) added", type_label(kind)),
            effects,
        ))
    }
}

/// The roster editor's columns: the ladder the sticker prints, and where the block stands on it
/// (for a game taken up part-way, or a rotation made on the table by mistake).
const BLOCK_VALUES: &[(&str, &str)] = &[
    (attribute::LADDER, "Strength ladder"),
    (attribute::LEVELS_LOST, "Levels lost"),
    (attribute::LANGUAGE, "Language (British)"),
];

const ENTRY_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Block",
        kind: FieldKind::Choice(SIDES),
        rule: "Two Sides - Three Factions, L98-139",
        help: "The faction the block belongs to.",
    },
    Field {
        id: "unit",
        label: "Block",
        group: "Block",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[],
            max_len: 40,
        },
        rule: BLOCK_RULE,
        help: "A block on the record.",
    },
    Field {
        id: "value_of",
        label: "Value",
        group: "Block",
        kind: FieldKind::Choice(BLOCK_VALUES),
        rule: BLOCK_RULE,
        help: "The ladder the sticker shows, or how many levels the block has lost.",
    },
    Field {
        id: "value",
        label: "Value",
        group: "Block",
        kind: FieldKind::Text { max_len: 11 },
        rule: "3.2 Strength, L485-491; 3.5 Hits and Damage, L400-431",
        help: "A ladder as the sticker shows it (4w-3-2-1: a digit is the strength, w white dots, r red, P Pawn, H Heart), the levels lost (0 at full strength), or a British block's language (English, German or Dutch: pink, black or blue tag).",
    },
];

/// Enters or corrects a block's strength ladder or the levels it has lost (the roster editor's
/// cells).
pub struct BlockValue;

/// A block value checked against the block's type and ladder, as the record keeps it.
fn checked_value(input: &Input, record: &Record) -> Result<String, InputError> {
    let (side, name) = (input.text("side"), input.text("unit").trim());
    let Some(unit) = record.unit(side, name) else {
        return Err(InputError::new(
            "unit",
            format!(
                "{name} is not a block of the {} on the record",
                side_label(side)
            ),
        ));
    };
    let kind = unit.attribute(attribute::TYPE).unwrap_or("");
    let value = input.text("value").trim();
    if input.text("value_of") == attribute::LANGUAGE {
        if side != "british" {
            return Err(InputError::new(
                "value_of",
                "only British blocks carry a language tag (OR 6.0, L1262-1270)",
            ));
        }
        let Some(language) = super::blocks::language(value) else {
            return Err(InputError::new(
                "value",
                "English (pink), German (black) or Dutch (blue), as the sticker's tag shows",
            ));
        };
        if super::blocks::english_by_rule(kind) && language != "english" {
            return Err(InputError::new(
                "value",
                "British Leaders and Artillery are English-speaking (L1288)",
            ));
        }
        return Ok(language.to_string());
    }
    if input.text("value_of") == attribute::LADDER {
        let ladder = Ladder::parse(value, kind).map_err(|m| InputError::new("value", m))?;
        let lost: usize = unit
            .attribute(attribute::LEVELS_LOST)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        if lost >= ladder.0.len() {
            return Err(InputError::new(
                "value",
                format!(
                    "{name} has lost {lost} level(s), more than {ladder} leaves: correct its levels lost first"
                ),
            ));
        }
        return Ok(ladder.to_string());
    }
    let levels = unit
        .attribute(attribute::LADDER)
        .and_then(|ladder| Ladder::parse(ladder, kind).ok())
        .map_or(0, |ladder| ladder.0.len());
    match value.parse::<usize>() {
        Ok(lost) if lost < levels => Ok(lost.to_string()),
        Ok(_) if levels == 0 => Err(InputError::new(
            "value",
            format!("enter the ladder of {name} first"),
        )),
        _ => Err(InputError::new(
            "value",
            format!(
                "{name} has {levels} level(s): it can have lost 0 to {}",
                levels.saturating_sub(1)
            ),
        )),
    }
}

impl Procedure for BlockValue {
    fn about(&self) -> &About {
        &About {
            id: "block-value",
            title: "Roster: a block's ladder or level",
            rule: BLOCK_RULE,
            summary: "Enters or corrects a block's strength ladder as its sticker shows it, or the levels it has lost.",
            fields: ENTRY_FIELDS,
        }
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        checked_value(input, record).map(|_| ())
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (side, name) = (input.text("side"), input.text("unit").trim());
        let value_of = input.text("value_of");
        let value = input.text("value").trim();
        let title = BLOCK_VALUES
            .iter()
            .find(|(id, _)| *id == value_of)
            .map_or(value_of, |(_, title)| title);
        Ok(Resolution::book_keeping(
            "block-value",
            format!("{name}: {title} {value}"),
            vec![Effect::set_attribute(
                side,
                name,
                value_of,
                value,
                "Entered from the sticker and the table",
            )],
        ))
    }
}

/// The leaders the text names, by faction, type and corps (L2-49, L412-413, L553-579). The French
/// have six Tactical Leaders (L577); the text names four.
const NAMED_LEADERS: &[(&str, &str, &str, &str)] = &[
    ("french", "Napoleon", "strategic-leader", "French Army"),
    ("french", "D'Erlon", "tactical-leader", "1st Corps, Orange"),
    ("french", "Reille", "tactical-leader", "II Corps, Green"),
    ("french", "Lobeau", "tactical-leader", "6th Corps, Yellow"),
    (
        "french",
        "Kellerman",
        "tactical-leader",
        "3rd Cav Corps, Pink",
    ),
    (
        "british",
        "Wellington",
        "strategic-leader",
        "British-Dutch Army",
    ),
    (
        "british",
        "Prince of Orange",
        "tactical-leader",
        "1st Corps, Orange",
    ),
    ("british", "Hill", "tactical-leader", "2nd Corps, Green"),
    (
        "british",
        "Picton",
        "tactical-leader",
        "R Corps, Light Blue",
    ),
    ("british", "Uxbridge", "tactical-leader", "Cav Corps, Red"),
    ("prussian", "Blücher", "strategic-leader", "Prussian Army"),
    ("prussian", "Ziethen", "tactical-leader", "1st Corps, Blue"),
    ("prussian", "Pirch", "tactical-leader", "2nd Corps, Green"),
    ("prussian", "Bülow", "tactical-leader", "4th Corps, Red"),
];

/// Puts the named leaders on the record as the game starts. No Prussian is on the map before
/// turn 3 (L777).
pub struct SetUp;

impl Procedure for SetUp {
    fn about(&self) -> &About {
        &About {
            id: "set-up",
            title: "Set-up",
            rule: "4.0 Setup, L696-777",
            summary: "Puts the leaders the rulebook names on the record; their ladders are entered from the stickers.",
            fields: &[],
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        _input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let mut effects = Vec::new();
        for (side, name, kind, corps) in NAMED_LEADERS {
            let place = if *side == "prussian" {
                state::NOT_ARRIVED
            } else {
                state::ON_MAP
            };
            let rule = "Order of battle, L2-49; 3.9 Leaders, L553-579";
            effects.extend([
                Effect::set_state(side, name, place, "4.0 Setup, L733-777"),
                Effect::set_attribute(side, name, attribute::TYPE, kind, rule),
                Effect::set_attribute(side, name, attribute::CORPS, corps, rule),
                Effect::set_attribute(side, name, attribute::LADDER, NOT_ENTERED, rule),
                Effect::set_attribute(side, name, attribute::LEVELS_LOST, 0, rule),
            ]);
            if *side == "british" {
                effects.push(Effect::set_attribute(
                    side,
                    name,
                    attribute::LANGUAGE,
                    "english",
                    "OR 6.0 Languages, L1288",
                ));
            }
        }
        // What the text gives of the map.
        for given in super::map::GIVEN {
            let name = super::map::area_name(given.area);
            let set = |attribute: &str, value: &str| {
                Effect::set_attribute(super::map::MAP, &name, attribute, value, given.rule)
            };
            if let Some(colour) = given.colour {
                effects.push(set(super::map::attribute::COLOUR, colour));
            }
            if let Some(bonus) = given.terrain_bonus {
                effects.push(set(
                    super::map::attribute::TERRAIN_BONUS,
                    &bonus.to_string(),
                ));
            }
            if let Some(adjacent) = given.adjacent {
                effects.push(set(super::map::attribute::ADJACENT, adjacent));
            }
        }
        // The Prussian corps' leaders, for the arrival order the optional rule 10.0 draws.
        effects.push(Effect::PutInCup {
            cup: super::arrivals::ORDER_CUP.into(),
            chits: ["Bülow", "Pirch", "Ziethen"].map(Into::into).to_vec(),
            rule: "OR 10.0 Prussian Arrivals, L1371-1375".into(),
        });
        // The French hold the Initiative Disc (L775-776).
        effects.push(Effect::Mark {
            name: super::impulse::disc_mark("french").as_str().into(),
            rule: "6.0, L775-776".into(),
        });
        // Mont St. Jean is north of the Red Line, British, and Rossomme south of it, French
        // (L344-348, L697-698, L708-709); the players enter the other Victory Areas' control from
        // the map.
        for (area, holder) in [("Mont St. Jean", "allies"), ("Rossomme", "french")] {
            effects.push(Effect::Mark {
                name: super::victory::held_mark(area, holder).as_str().into(),
                rule: "1.5.1 Start Line, L344-348; 4.0 Setup, L697-698, L708-709".into(),
            });
        }
        Ok(Resolution::book_keeping(
            "set-up",
            format!(
                "{} leaders on the record; enter their ladders and add the other blocks",
                NAMED_LEADERS.len()
            ),
            effects,
        ))
    }
}
