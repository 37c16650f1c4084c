//! Blocks the app draws face down: the set-up's random deployment (4.0, L710-714), the Brunswick
//! infantry (4.1, L786-796) and the Reinforcements from a Reserve Pool (5.0, L817-859; 6.1 B,
//! L861-867). A block stands face down on the table, so each draw is seen by its owner only: the
//! log keeps a commitment to it, the record names it only on the machine that holds the seed, and
//! its owner reveals it when the rules turn it face up (the Showdown, 6.2.3.1.3, L1005-1007).
//!
//! The blocks waiting for a draw sit in cups on the record: a set-up group of each Faction, Corps
//! colour and type (`AddBlock` puts a block there), the two Brunswick infantry, and each Faction's
//! Reserve Pool. The effects name a drawn block by its draw (`DrawnRef`), never by name.

use super::activation::strategic_value;
use super::blocks::{TYPES, attribute, state, type_label};
use super::side_label;
use crate::engine::draws::{DrawSlot, DrawnRef};
use crate::engine::input::{Field, FieldKind, Input, InputError, UnitOf, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, Lasts, Record};
use crate::engine::symbol::Symbol;
use crate::engine::table_set::TableSet;

/// Where a block deployed at set-up went, as the Area of its icon. The record does not follow
/// the blocks' moves on the map: this is where the block started.
pub const DEPLOYED_IN: &str = "deployed in";

/// The state of a block waiting for the set-up draw of its group.
pub const TO_DRAW: &str = "to be drawn at set-up";

/// The cup of a Faction's Reserve Pool, face down (L735-736, L746-748).
pub fn reserve_cup(faction: &str) -> String {
    format!("{} Reserve Pool", side_label(faction))
}

/// The cup holding the two Brunswick infantry until the set-up draws one (L786-796).
pub const BRUNSWICK_CUP: &str = "Brunswick infantry";

/// The Corps colour of a block's corps as the sticker reads ("Light Blue, Picton" is light blue).
pub fn corps_colour(corps: &str) -> String {
    corps.split(',').next().unwrap_or("").trim().to_lowercase()
}

/// The cup of a set-up group: the blocks of one Faction, Corps colour and type (L710-714).
pub fn setup_cup(faction: &str, colour: &str, kind: &str) -> String {
    format!(
        "{} set-up: {} {}",
        side_label(faction),
        colour.trim().to_lowercase(),
        type_label(kind)
    )
}

/// Where a block added from its sticker waits to be drawn: its set-up group, the Brunswick
/// infantry's cup, or its Reserve Pool.
pub fn cup_for(
    faction: &str,
    where_: &str,
    corps: &str,
    kind: &str,
    brunswick: bool,
) -> Option<String> {
    match where_ {
        TO_DRAW if brunswick && kind == "infantry" => Some(BRUNSWICK_CUP.to_string()),
        TO_DRAW => Some(setup_cup(faction, &corps_colour(corps), kind)),
        state::RESERVE => Some(reserve_cup(faction)),
        state::NOT_ARRIVED if matches!(kind, "cavalry" | "infantry") => {
            super::arrivals::prussian_colour(corps)
                .map(|colour| super::arrivals::arrival_cup(colour, kind))
        }
        _ => None,
    }
}

/// The set-up groups of `faction` still holding blocks, as (colour, type).
fn groups_left(record: &Record, faction: &str) -> Vec<(String, &'static str)> {
    let prefix = format!("{} set-up: ", side_label(faction));
    record
        .cups
        .iter()
        .filter(|(_, chits)| !chits.is_empty())
        .filter_map(|(cup, _)| {
            let group = cup.strip_prefix(prefix.as_str())?;
            TYPES.iter().find_map(|(kind, label)| {
                let colour = group.strip_suffix(label)?.trim();
                Some((colour.to_string(), *kind))
            })
        })
        .collect()
}

/// How many blocks a cup on the record holds.
fn held(record: &Record, cup: &str) -> usize {
    record.cups.get(cup).map_or(0, Vec::len)
}

/// The Areas typed in a field, one per icon: "27, 28, 28".
fn areas(input: &Input, field: &str) -> Vec<String> {
    input
        .text(field)
        .split([',', ' ', ';'])
        .map(|area| area.trim().trim_start_matches("Area").trim().to_string())
        .filter(|area| !area.is_empty())
        .collect()
}

const SETUP_RULE: &str = "4.0 Setup, L710-714";

const FACTIONS_AT_SETUP: &[(&str, &str)] = &[("french", "French"), ("british", "British")];

const SETUP_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Group",
        kind: FieldKind::Choice(FACTIONS_AT_SETUP),
        rule: "4.0 Setup, L710-714",
        help: "Setup is made by the French and the British at the same time.",
    },
    Field {
        id: "colour",
        label: "Corps colour",
        group: "Group",
        kind: FieldKind::Text { max_len: 30 },
        rule: SETUP_RULE,
        help: "Filled in with the next group still to deploy: the colour as the corps field of its blocks begins.",
    },
    Field {
        id: "type",
        label: "Type",
        group: "Group",
        kind: FieldKind::Choice(TYPES),
        rule: SETUP_RULE,
        help: "The type of the group's blocks and of its icons.",
    },
    Field {
        id: "icons",
        label: "Areas of the group's icons",
        group: "Icons",
        kind: FieldKind::Text { max_len: 200 },
        rule: SETUP_RULE,
        help: "One Area number per icon of this colour and type, as the map shows them: \"27, 28, 28\" for one icon in Area 27 and two in Area 28. A block is drawn for each.",
    },
];

/// The set-up's random deployment of one group: a block drawn face down for each icon.
pub struct SetUpDraw;

impl Procedure for SetUpDraw {
    fn about(&self) -> &About {
        &About {
            id: "set-up-draw",
            title: "Set-up: draw a group onto its icons",
            rule: SETUP_RULE,
            summary: "Draws, face down, a block of the group for each icon of its Corps colour and type; its owner sees which.",
            fields: SETUP_FIELDS,
        }
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        if let Some((colour, kind)) = groups_left(record, input.text("side")).into_iter().next() {
            input.set("colour", Value::Text(colour.as_str().into()));
            input.set("type", Value::Text(kind.into()));
        }
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if areas(input, "icons").is_empty() {
            return Err(InputError::new(
                "icons",
                "give the Area of each icon, e.g. \"27, 28, 28\"",
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let cup = setup_cup(side, input.text("colour"), input.text("type"));
        let icons = areas(input, "icons").len();
        match held(record, &cup) {
            0 => Err(InputError::new(
                "colour",
                format!(
                    "no block waits in {cup}: add the group's blocks \"to be drawn at set-up\""
                ),
            )),
            blocks if blocks < icons => Err(InputError::new(
                "icons",
                format!("{cup} holds {blocks} block(s), fewer than {icons} icons"),
            )),
            _ => Ok(()),
        }
    }
    fn draws(&self, input: &Input) -> Vec<DrawSlot> {
        let side = input.text("side");
        let cup = setup_cup(side, input.text("colour"), input.text("type"));
        areas(input, "icons")
            .iter()
            .map(|area| DrawSlot::hidden(&format!("Block for the icon in Area {area}"), &cup, side))
            .collect()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let icons = areas(input, "icons");
        if faces.chits().len() != icons.len() {
            return Err(RuleError::Draw(format!(
                "{} block(s) drawn for {} icon(s)",
                faces.chits().len(),
                icons.len()
            )));
        }
        let mut effects = Vec::new();
        for (slot, area) in icons.iter().enumerate() {
            let block = DrawnRef::OfThis(slot).name();
            effects.push(Effect::set_state(side, &block, state::ON_MAP, SETUP_RULE));
            effects.push(Effect::set_attribute(
                side,
                &block,
                DEPLOYED_IN,
                format!("Area {area}"),
                SETUP_RULE,
            ));
        }
        effects.push(Effect::reminder(
            &format!(
                "The {} set each block at full strength on its icon, face down; \"Show the {} their blocks\" names them",
                side_label(side),
                side_label(side)
            ),
            "4.0 Setup, L710-714, L733-748",
        ));
        Ok(Resolution::book_keeping(
            "set-up-draw",
            format!(
                "{} {} {} block(s) drawn face down for the {}, one to each icon: Area {}",
                icons.len(),
                input.text("colour").trim(),
                type_label(input.text("type")),
                side_label(side),
                icons.join(", ")
            ),
            effects,
        ))
    }
}

const REST_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Reserve Pool",
        kind: FieldKind::Choice(FACTIONS_AT_SETUP),
        rule: "4.0 Setup, L733-748",
        help: "Once every icon of the Faction holds a block.",
    },
    Field {
        id: "blocks",
        label: "Blocks left undrawn",
        group: "Reserve Pool",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("state", TO_DRAW)],
        },
        rule: "4.0 Setup, L733-748",
        help: "Filled in from the record: every block of the Faction still waiting for a set-up draw.",
    },
    Field {
        id: "groups",
        label: "Their set-up groups",
        group: "Reserve Pool",
        kind: FieldKind::Text { max_len: 2000 },
        rule: SETUP_RULE,
        help: "Filled in from the record: the groups' cups, emptied into the Reserve Pool.",
    },
];

/// The blocks no icon took go face down to their Faction's Reserve Pool.
pub struct SetUpReservePool;

/// The set-up cups of `faction` that still hold blocks, joined for the form.
fn groups_text(record: &Record, faction: &str) -> String {
    groups_left(record, faction)
        .iter()
        .map(|(colour, kind)| setup_cup(faction, colour, kind))
        .collect::<Vec<_>>()
        .join("; ")
}

impl Procedure for SetUpReservePool {
    fn about(&self) -> &About {
        &About {
            id: "set-up-reserve-pool",
            title: "Set-up: the blocks left to the Reserve Pool",
            rule: "4.0 Setup, L733-748",
            summary: "Once every icon holds a block, the Faction's blocks left over go face down to its Reserve Pool: 9 British, 19 French.",
            fields: REST_FIELDS,
        }
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let side = input.text("side").to_string();
        let blocks: Vec<Symbol> = record
            .units_where(Some(&side), &[("state", TO_DRAW)])
            .map(|(_, name, _)| name.into())
            .collect();
        input.set("blocks", Value::List(blocks));
        input.set(
            "groups",
            Value::Text(groups_text(record, &side).as_str().into()),
        );
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        if side == "british" && held(record, BRUNSWICK_CUP) > 0 {
            return Err(InputError::new(
                "side",
                "draw the Brunswick infantry first: one goes to Area 13 (4.1, L786-796)",
            ));
        }
        let waiting: Vec<&str> = record
            .units_where(Some(side), &[("state", TO_DRAW)])
            .map(|(_, name, _)| name)
            .collect();
        let listed: Vec<&str> = input.list("blocks").iter().map(Symbol::as_str).collect();
        if waiting.is_empty() {
            return Err(InputError::new(
                "blocks",
                format!("no {} block waits for a set-up draw", side_label(side)),
            ));
        }
        if listed != waiting {
            return Err(InputError::new(
                "blocks",
                format!("the record has these waiting: {}", waiting.join(", ")),
            ));
        }
        if input.text("groups") != groups_text(record, side) {
            return Err(InputError::new(
                "groups",
                format!("the record has these groups: {}", groups_text(record, side)),
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
        let side = input.text("side");
        let rule = "4.0 Setup, L733-748";
        let blocks = input.list("blocks");
        let mut effects: Vec<Effect> = input
            .text("groups")
            .split("; ")
            .filter(|cup| !cup.is_empty())
            .map(|cup| Effect::EmptyCup {
                cup: cup.into(),
                rule: rule.into(),
            })
            .collect();
        effects.extend(
            blocks
                .iter()
                .map(|name| Effect::set_state(side, name, state::RESERVE, rule)),
        );
        effects.push(Effect::PutInCup {
            cup: reserve_cup(side).as_str().into(),
            chits: blocks.to_vec(),
            rule: rule.into(),
        });
        let expected = if side == "french" {
            "19: 18 Infantry and 1 Guard Artillery (L744-748)"
        } else {
            "9 (L733-736)"
        };
        Ok(Resolution::book_keeping(
            "set-up-reserve-pool",
            format!(
                "{} {} block(s) go face down to the Reserve Pool; the rulebook's set-up leaves {expected}",
                blocks.len(),
                side_label(side)
            ),
            effects,
        ))
    }
}

const BRUNSWICK_RULE: &str = "4.1 Brunswick Units, L786-796";

/// The Brunswick Cavalry's companion: one of the two Brunswick infantry, drawn at random, goes to
/// Area 13; the other to the British Reserve Pool. Both draws are face down, so neither gives the
/// other away.
pub struct BrunswickDraw;

impl Procedure for BrunswickDraw {
    fn about(&self) -> &About {
        &About {
            id: "brunswick-draw",
            title: "Set-up: the Brunswick infantry",
            rule: BRUNSWICK_RULE,
            summary: "One of the two Brunswick infantry, drawn at random, deploys in Area 13 with the Brunswick Cavalry; the other goes to the British Reserve Pool.",
            fields: &[],
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "british".into()
    }
    fn check_record(&self, _input: &Input, record: &Record) -> Result<(), InputError> {
        match held(record, BRUNSWICK_CUP) {
            2 => Ok(()),
            n => Err(InputError::new(
                "side",
                format!(
                    "{BRUNSWICK_CUP} holds {n} block(s): add the two Brunswick infantry \"to be drawn at set-up\", marked as Brunswick"
                ),
            )),
        }
    }
    fn draws(&self, _input: &Input) -> Vec<DrawSlot> {
        vec![
            DrawSlot::hidden("Brunswick infantry for Area 13", BRUNSWICK_CUP, "british"),
            DrawSlot::hidden(
                "Brunswick infantry for the Reserve Pool",
                BRUNSWICK_CUP,
                "british",
            ),
        ]
    }
    fn resolve(
        &self,
        _input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let (deployed, kept) = (DrawnRef::OfThis(0).name(), DrawnRef::OfThis(1).name());
        Ok(Resolution::book_keeping(
            "brunswick-draw",
            "One Brunswick infantry is drawn face down for Area 13; the other goes to the British Reserve Pool".into(),
            vec![
                Effect::set_state("british", &deployed, state::ON_MAP, BRUNSWICK_RULE),
                Effect::set_attribute("british", &deployed, DEPLOYED_IN, "Area 13", BRUNSWICK_RULE),
                Effect::set_state("british", &kept, state::RESERVE, BRUNSWICK_RULE),
                Effect::PutInCup {
                    cup: reserve_cup("british").as_str().into(),
                    chits: vec![kept],
                    rule: BRUNSWICK_RULE.into(),
                },
                Effect::reminder(
                    "Deploy it in Area 13 with the Brunswick Cavalry; from the Pool it may come back only in Area 13, never by the Chemin Creux",
                    BRUNSWICK_RULE,
                ),
            ],
        ))
    }
}

const REINFORCEMENT_RULE: &str = "5.0 Reinforcements, L817-859";

/// The record's counter of when a Faction last called Reinforcements this turn: 0 in the
/// Reorganization, else the Impulse's number.
fn reinforced(faction: &str) -> String {
    format!("{} Reinforcements called", side_label(faction))
}

/// Whether `block` of `faction` is in its Reserve Pool on the record: by name, or by the draw
/// that keeps it face down.
fn in_pool(record: &Record, faction: &str, block: &str) -> bool {
    // Named, a face-down block would go into the log: it is chosen by its draw.
    let hidden_name = record
        .face_down
        .contains_key(&(faction.into(), block.into()));
    !hidden_name
        && record
            .named(faction, block)
            .and_then(|name| record.unit(faction, name))
            .is_some_and(|unit| unit.state.as_ref() == state::RESERVE)
}

/// The record's count of a Faction's Reinforcements just drawn, which may go back to the Pool.
fn to_deploy(faction: &str) -> String {
    format!("{} Reinforcements to deploy", side_label(faction))
}

/// Whether the Faction's Strategic Leader is activated in this Reorganization: he has rotations
/// to give, which declining does not leave (6.4, L1080-1083, L1181-1183).
fn reorganizing(record: &Record, faction: &str) -> bool {
    record
        .counters
        .get(super::reorganization::done(faction).as_str())
        .is_some_and(|n| *n == 1)
        && record
            .counters
            .contains_key(super::reorganization::rotations_left(faction).as_str())
}

/// The Impulse a Strategic Action's Reinforcements come in, as the form carries it.
fn input_impulse(input: &Input) -> i64 {
    i64::from(input.number("impulse"))
}

const OCCASIONS: &[(&str, &str)] = &[
    (
        "reorganization",
        "Reorganization: the Strategic Leader activated (5.0 A)",
    ),
    (
        "strategic-action",
        "Strategic Action B: the Disc played (6.1 B)",
    ),
];

const FACTIONS: &[(&str, &str)] = super::SIDES;

const REINFORCEMENT_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Reinforcements",
        kind: FieldKind::Choice(FACTIONS),
        rule: REINFORCEMENT_RULE,
        help: "Wellington and Blücher call their own, each by his Strategic Value.",
    },
    Field {
        id: "occasion",
        label: "Called",
        group: "Reinforcements",
        kind: FieldKind::Choice(OCCASIONS),
        rule: "5.0, L817-837; 6.1 B, L861-867",
        help: "In the Reorganization Phase, as many as the Strategic Value; by a Strategic Action B, up to it.",
    },
    Field::flag(
        "hq",
        "The Strategic Leader is in his General HQ, not embattled",
        "Reinforcements",
        "5.0, L817-820; 6.4, L1106-1108",
        "Rossomme (Area 100), Mont St. Jean (Area 3), Bois de Paris (Area 50).",
    ),
    Field {
        id: "impulse",
        label: "Impulse",
        group: "Reinforcements",
        kind: FieldKind::Count { max: 99 },
        rule: "6.0, L770-773",
        help: "Filled in from the record: the Impulse being played, for a Strategic Action B.",
    },
    Field {
        id: "count",
        label: "Blocks to draw",
        group: "Reinforcements",
        kind: FieldKind::Count { max: 4 },
        rule: "5.0, L838-843; 6.1 B, L862-864",
        help: "Filled in with the Strategic Value; fewer only by a Strategic Action, or if the Pool holds fewer.",
    },
    Field::flag(
        "chosen",
        "Chosen, not drawn (Free Setup)",
        "Free Setup",
        "OR 1.0 Free Setup, L1272-1276, L1283-1286",
        "The optional rule lets a player (or only the less experienced one) choose his Reinforcements instead of drawing them.",
    ),
    Field {
        id: "blocks",
        label: "The blocks chosen",
        group: "Free Setup",
        kind: FieldKind::Units {
            of: UnitOf::Side("side"),
            only: &[("state", state::RESERVE)],
        },
        rule: "OR 1.0 Free Setup, L1272-1276",
        help: "Under Free Setup only: as many of the Pool's blocks as the number to draw. They go on the record by name (a block face down in the Pool by its draw).",
    },
];

/// Reinforcements drawn face down from a Faction's Reserve Pool (5.0, 6.1 B).
pub struct Reinforcements;

impl Procedure for Reinforcements {
    fn about(&self) -> &About {
        &About {
            id: "reinforcements",
            title: "Reinforcements from the Reserve Pool",
            rule: REINFORCEMENT_RULE,
            summary: "Draws, face down, as many blocks as the Strategic Leader's value from the Faction's Reserve Pool; they deploy at full strength, and one that cannot goes back.",
            fields: REINFORCEMENT_FIELDS,
        }
    }
    fn frequent(&self) -> &'static [&'static str] {
        &["side", "occasion", "hq", "count", "chosen", "blocks"]
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        let chosen = input.list("blocks").len();
        if !input.flag("chosen") && chosen > 0 {
            return Err(InputError::new(
                "blocks",
                "Reinforcements are drawn at random (5.0, L838-843): choose them only under Free Setup",
            ));
        }
        if input.flag("chosen") && i32::try_from(chosen).ok() != Some(input.number("count")) {
            return Err(InputError::new(
                "blocks",
                format!(
                    "choose {} block(s), the number to draw",
                    input.number("count")
                ),
            ));
        }
        Ok(())
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").into()
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let side = input.text("side").to_string();
        let side = side.as_str();
        let count = strategic_value(record, side).min(held(record, &reserve_cup(side)) as i64);
        input.set("count", Value::Number(count.max(0)));
        let occasion = if reorganizing(record, side) {
            "reorganization"
        } else {
            "strategic-action"
        };
        input.set("occasion", Value::Text(occasion.into()));
        input.set("impulse", Value::Number(super::impulse::impulses(record)));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        if !input.flag("hq") {
            return Err(InputError::new(
                "hq",
                "Reinforcements come only while the Strategic Leader is in his General HQ and not embattled (5.0, L817-820)",
            ));
        }
        let called = record.counters.get(reinforced(side).as_str()).copied();
        let (once, when) = if input.text("occasion") == "reorganization" {
            (0, "Reorganization")
        } else {
            (super::impulse::impulses(record), "Impulse")
        };
        if called == Some(once) {
            return Err(InputError::new(
                "occasion",
                format!(
                    "the {} have called their Reinforcements in this {when}",
                    side_label(side)
                ),
            ));
        }
        match input.text("occasion") {
            "reorganization" => {
                if !reorganizing(record, side) {
                    return Err(InputError::new(
                        "occasion",
                        format!(
                            "the {} Strategic Leader is not activated for Reorganization on the record (6.4, L1128-1129)",
                            side_label(side)
                        ),
                    ));
                }
            }
            _ => {
                let reinforcing = record
                    .marks
                    .contains(super::impulse::action_mark("strategic-reinforce").as_str());
                // The Side whose Impulse is being played.
                let of_phasing = super::impulse::last_side(record)
                    .is_some_and(|phasing| (side == "french") == (phasing == "french"));
                if !reinforcing || !of_phasing {
                    return Err(InputError::new(
                        "occasion",
                        "the record has no Strategic Action B being played by this Faction's Side (6.1 B, L861-867)",
                    ));
                }
                let impulse = super::impulse::impulses(record);
                if input_impulse(input) != impulse {
                    return Err(InputError::new(
                        "impulse",
                        format!("the record is at Impulse {impulse}"),
                    ));
                }
            }
        }
        let value = strategic_value(record, side);
        let pool = held(record, &reserve_cup(side)) as i64;
        let count = i64::from(input.number("count"));
        if pool == 0 {
            return Err(InputError::new(
                "side",
                format!(
                    "the {} Reserve Pool is empty on the record",
                    side_label(side)
                ),
            ));
        }
        if count == 0 {
            return Err(InputError::new("count", "draw at least one block"));
        }
        if count > value {
            return Err(InputError::new(
                "count",
                format!(
                    "the {} Strategic Value is {value} on the record (5.0, L838-843)",
                    side_label(side)
                ),
            ));
        }
        if count > pool {
            return Err(InputError::new(
                "count",
                format!("the Reserve Pool holds {pool} block(s)"),
            ));
        }
        if let Some(block) = input
            .list("blocks")
            .iter()
            .find(|block| !in_pool(record, side, block))
        {
            return Err(InputError::new(
                "blocks",
                format!("{block} is not in the {} Reserve Pool", side_label(side)),
            ));
        }
        if input.text("occasion") == "reorganization" && count < value.min(pool) {
            return Err(InputError::new(
                "count",
                format!(
                    "in the Reorganization Phase the number equals the Strategic Value, {} here (5.0, L838-843)",
                    value.min(pool)
                ),
            ));
        }
        Ok(())
    }
    fn draws(&self, input: &Input) -> Vec<DrawSlot> {
        if input.flag("chosen") {
            return Vec::new();
        }
        let side = input.text("side");
        let cup = reserve_cup(side);
        (1..=input.number("count"))
            .map(|n| DrawSlot::hidden(&format!("Reinforcement {n}"), &cup, side))
            .collect()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let mut effects = Vec::new();
        // Chosen under Free Setup, they leave the Pool by name (or by their earlier draw).
        let blocks: Vec<Symbol> = if input.flag("chosen") {
            let chosen = input.list("blocks").to_vec();
            effects.extend(chosen.iter().map(|block| Effect::TakeFromCup {
                cup: reserve_cup(side).as_str().into(),
                chit: block.clone(),
                rule: "OR 1.0 Free Setup, L1272-1276".into(),
            }));
            chosen
        } else {
            (0..faces.chits().len())
                .map(|slot| DrawnRef::OfThis(slot).name())
                .collect()
        };
        for block in &blocks {
            effects.push(Effect::set_state(
                side,
                block,
                state::ON_MAP,
                "5.0, L838-848",
            ));
            effects.push(Effect::set_attribute(
                side,
                block,
                attribute::LEVELS_LOST,
                0,
                "6.1 B, L865",
            ));
        }
        // Those drawn may go back, if they cannot deploy, until play moves on.
        effects.push(Effect::SetCounter {
            name: to_deploy(side).as_str().into(),
            value: blocks.len() as i64,
            rule: "5.0, L857-859".into(),
            lasts: Lasts::Step,
        });
        // In which Reorganization (0) or Impulse they were called, so that they are called once.
        effects.push(Effect::SetCounter {
            name: reinforced(side).as_str().into(),
            value: if input.text("occasion") == "reorganization" {
                0
            } else {
                input_impulse(input)
            },
            rule: REINFORCEMENT_RULE.into(),
            lasts: Lasts::Turn,
        });
        let placement = if side == "prussian" {
            "in the Black Area (L844-845)"
        } else {
            "on a controlled Area's icon of its Corps colour and type, 1 per icon, without overstacking (L845-848)"
        };
        effects.push(Effect::reminder(
            &format!(
                "Deploy each at full strength {placement}; one that cannot be deployed goes back to the Reserve Pool with \"A Reinforcement back to the Reserve Pool\", and no other is drawn (L857-859)"
            ),
            REINFORCEMENT_RULE,
        ));
        if side == "british" {
            effects.push(Effect::reminder(
                "A Brunswick infantry may enter only in Area 13, never by the Chemin Creux",
                BRUNSWICK_RULE,
            ));
        }
        Ok(Resolution::book_keeping(
            "reinforcements",
            if input.flag("chosen") {
                format!(
                    "{} Reinforcement(s) chosen from the {} Reserve Pool (Free Setup)",
                    blocks.len(),
                    side_label(side)
                )
            } else {
                format!(
                    "{} Reinforcement(s) drawn face down from the {} Reserve Pool",
                    blocks.len(),
                    side_label(side)
                )
            },
            effects,
        ))
    }
}

const RETURN_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Faction",
        group: "Reinforcement",
        kind: FieldKind::Choice(FACTIONS),
        rule: "5.0, L857-859",
        help: "The Faction whose Reinforcement cannot be deployed.",
    },
    Field {
        id: "block",
        label: "Block",
        group: "Reinforcement",
        kind: FieldKind::Unit {
            of: UnitOf::Side("side"),
            only: &[("state", state::ON_MAP)],
            max_len: 40,
        },
        rule: "5.0, L857-859",
        help: "The Reinforcement just drawn, by its draw (\"face-down block #12.1\") as the list offers it: its name stays hidden.",
    },
];

/// A Reinforcement that cannot be deployed goes back to the Reserve Pool (5.0, L857-859), named
/// by its draw while it is face down.
pub struct ReturnToPool;

impl Procedure for ReturnToPool {
    fn about(&self) -> &About {
        &About {
            id: "return-to-pool",
            title: "A Reinforcement back to the Reserve Pool",
            rule: "5.0, L857-859",
            summary: "A Reinforcement that has no icon, Area or room to deploy in goes back face down to the Reserve Pool; no other is drawn.",
            fields: RETURN_FIELDS,
        }
    }
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").into()
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let block = input.text("block").trim();
        if record
            .counters
            .get(to_deploy(side).as_str())
            .is_none_or(|n| *n <= 0)
        {
            return Err(InputError::new(
                "block",
                format!(
                    "no {} Reinforcement drawn just now waits to deploy (5.0, L857-859)",
                    side_label(side)
                ),
            ));
        }
        // Named, a face-down block's name would go into the log.
        if record.face_down.contains_key(&(side.into(), block.into())) {
            return Err(InputError::new(
                "block",
                format!("{block} is face down: name it by its draw, as the list offers it"),
            ));
        }
        // By its draw while face down, or by name if chosen under Free Setup.
        let on_map = record
            .named(side, block)
            .and_then(|name| record.unit(side, name))
            .is_some_and(|u| u.state.as_ref() == state::ON_MAP);
        if on_map {
            Ok(())
        } else {
            Err(InputError::new(
                "block",
                format!(
                    "{block} is not a {} Reinforcement on the map",
                    side_label(side)
                ),
            ))
        }
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let block = input.text("block").trim();
        let rule = "5.0, L857-859";
        Ok(Resolution::book_keeping(
            "return-to-pool",
            format!("{block} goes back to the {} Reserve Pool", side_label(side)),
            vec![
                Effect::set_state(side, block, state::RESERVE, rule),
                Effect::UseCounter {
                    name: to_deploy(side).as_str().into(),
                    rule: rule.into(),
                },
                Effect::PutInCup {
                    cup: reserve_cup(side).as_str().into(),
                    chits: vec![block.into()],
                    rule: rule.into(),
                },
            ],
        ))
    }
}
