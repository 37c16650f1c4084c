//! The Basic Game's set-up (27.2.1-27.2.2, L2254-2388): the printed listings (read from the
//! scenario's data file, `listing`) put on the record, with the places the players choose.
//!
//! Readings (the campaign addendum's S19 and A.2):
//! - The listings print no Deployment Mode (5.3, L796-812). Every Formation starts in March Order,
//!   the front of its marker (5.3.4, L804), and each player picks his own Formations' mode in
//!   Set-up choices, before play begins.
//! - Every Formation starts in supply, as no Out of Supply marker is placed.
//! - The Armée du Nord's parenthesis closes after the 4CF Corps (27.2.1, L2266): the 1CF Infantry
//!   Division, the 1CF National Guard and the Wagon printed after it start un-brigaded in its
//!   area. The setting `armee_du_nord_members` reads them as its members instead; Set-up choices
//!   applies it. The set-up itself, made as the session opens and before any setting can be
//!   recorded, always puts them un-brigaded.
//! - The National Guard garrisons go one to a Fortress, the 1CF units to the first five
//!   Fortresses in the printed order, which the French player may exchange two at a time before
//!   play begins (`garrisons`). Those eleven are the Fortresses the record knows as play
//!   begins, held by the French (`fortresses`): the map's others are named in no listing.
//! - A unit listed only by type ("3x Cavalry Corps") goes on the record with no CF and marked
//!   `BY_TYPE`: its counter is drawn at random (27.0, L2178) with the Set-up draw
//!   (`set_up_draw`), or the players enter its values from the counter they drew.

use super::fortresses;
use super::listing::{self, Kind, Location, Piece, PoolBox, ScenarioListing, Side, Size};
use super::settings::{ARMEE_DU_NORD_MEMBERS, on_form};
use super::training::STAGE;
use super::war_chest;
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{About, Faces, Procedure, Resolution, RuleError};
use crate::engine::record::{Effect, NOT_ENTERED, Record};
use crate::engine::settings::prefill_setting;
use crate::engine::table_set::TableSet;
use crate::engine::tables::TableError;
use crate::games::beyond_waterloo::roster::{MODES, attribute, halves_text, leader_values, state};

const RULE: &str = "27.2.1-27.2.2, L2254-2388";

/// "yes" for a Minor Allied unit (3.5, L578-584).
pub const MINOR: &str = "minor";
/// The first turn a piece may move, where the scenario holds it back (27.2.2, L2310).
pub const MOVES_FROM_TURN: &str = "moves_from_turn";
/// The Off-Board Movement display a piece stands on, if it stands off the map (2.1.1, L438).
pub const TRACK: &str = "off_board_track";
/// "yes" for a Troop unit the listing gives only by type, "a Cavalry Corps": its counter is drawn
/// at random (27.0, L2178).
pub const BY_TYPE: &str = "listed_by_type";
/// The counter drawn for a unit listed only by type (27.0, L2178), as its owner names it.
pub const COUNTER: &str = "counter";

/// The display a location off the map lies on.
fn track(at: &Location) -> Option<&str> {
    match at {
        Location::OffBoard { display, name } => Some(display.as_deref().unwrap_or(name)),
        _ => None,
    }
}

/// The places the players choose (27.2.1, L2266; 27.2.2, L2312, L2348), as the data file's
/// choices offer them; a test keeps the two the same.
const ARMEE_DU_NORD: &[(&str, &str)] = &[("Paris (G5)", "Paris (G5)"), ("Laon (H3)", "Laon (H3)")];
const SPANISH_ARMY: &[(&str, &str)] = &[
    ("Basque Country (C12)", "Basque Country (C12)"),
    ("Catalonia (G13)", "Catalonia (G13)"),
];
const NORTH_GERMANY: &[(&str, &str)] = &[
    ("Ciney (P7)", "Ciney (P7)"),
    ("Eifel (P17)", "Eifel (P17)"),
    ("Marche (P18)", "Marche (P18)"),
];

const ARMEE_DU_NORD_AREA: Field = Field {
    id: "armee-du-nord-area",
    label: "Armée du Nord sets up in",
    group: "French choices",
    kind: FieldKind::Choice(ARMEE_DU_NORD),
    rule: "27.2.1, L2266",
    help: "Napoleon's Formation and the units listed with it.",
};
const SPANISH_ARMY_AREA: Field = Field {
    id: "spanish-army-area",
    label: "The Spanish Army sets up in",
    group: "Allied choices",
    kind: FieldKind::Choice(SPANISH_ARMY),
    rule: "27.2.2, L2312",
    help: "The Allied player's choice.",
};
const NORTH_GERMANY_AREA: Field = Field {
    id: "north-germany-area",
    label: "The Army of North Germany sets up in",
    group: "Allied choices",
    kind: FieldKind::Choice(NORTH_GERMANY),
    rule: "27.2.2, L2348",
    help: "Any of the three areas.",
};

/// The places the players choose, as the set-up reads them.
const PLACES: &[Field] = &[ARMEE_DU_NORD_AREA, SPANISH_ARMY_AREA, NORTH_GERMANY_AREA];

/// The rule the starting Deployment Mode follows: the modes (5.3, L796-812), which the listings
/// leave unstated (27.2, L2250-2388; the addendum's S19).
const MODE_RULE: &str = "5.3, L796-812; 27.2, L2250-2388 (unstated)";

const FRENCH_MODE: Field = Field {
    id: "french_mode",
    label: "The French Formations start in",
    group: "French choices",
    kind: FieldKind::Choice(MODES),
    rule: MODE_RULE,
    help: "The listing gives no Deployment Mode: the French player picks his Formations' (March Order unless he picks another).",
};
const ALLIED_MODE: Field = Field {
    id: "allied_mode",
    label: "The Allied Formations start in",
    group: "Allied choices",
    kind: FieldKind::Choice(MODES),
    rule: MODE_RULE,
    help: "The listing gives no Deployment Mode: the Allied player picks his Formations' (March Order unless he picks another).",
};

/// The field of a side's starting Deployment Mode.
fn mode_field(side: &str) -> &'static Field {
    if side == "french" {
        &FRENCH_MODE
    } else {
        &ALLIED_MODE
    }
}

/// The set-up choices: the places, each side's starting Deployment Mode, and the reading of the
/// Armée du Nord's parenthesis.
const CHOICES: &[Field] = &[
    ARMEE_DU_NORD_AREA,
    FRENCH_MODE,
    SPANISH_ARMY_AREA,
    NORTH_GERMANY_AREA,
    ALLIED_MODE,
    on_form(ARMEE_DU_NORD_MEMBERS),
];

/// The id the record gives a nation: "british", "north-german". The Cossack Cavalry Corps is
/// Russian, listed in Barclay's Russian army (L2378): the listing names it Cossack only so that
/// its counter reads as printed.
fn nation_id(nation: listing::Nation) -> String {
    match nation {
        listing::Nation::Cossack => "russian".to_string(),
        _ => nation.label().to_lowercase().replace(' ', "-"),
    }
}

fn side_id(side: Side) -> &'static str {
    match side {
        Side::French => "french",
        Side::Allied => "allied",
    }
}

/// Puts the Basic Game's listings on the record.
pub struct CampaignSetUp;

impl CampaignSetUp {
    fn listing() -> Result<ScenarioListing, RuleError> {
        listing::basic_27_2().map_err(|e| {
            RuleError::Table(TableError {
                file: e.file.clone(),
                line: e.line,
                message: e.to_string(),
            })
        })
    }
}

/// Where a Formation marker or a piece stands, as the record names it, for the players' choices.
fn place(at: &Location, input: &Input) -> Option<String> {
    match at {
        Location::Area(area) => Some(area.clone()),
        Location::Chosen(choice) => Some(input.text(choice).to_string()),
        Location::OffBoard { display, name } => Some(match display {
            Some(display) => format!("{name}, {display}"),
            None => name.clone(),
        }),
        Location::Pool(_) | Location::Garrison => None,
    }
}

/// The record's facts about one piece.
fn piece_effects(side: &str, piece: &Piece, at: Option<&str>) -> Vec<Effect> {
    let name = piece.name.as_str();
    let set = |attribute: &str, value: &str| {
        Effect::set_attribute(side, name, attribute, value, &piece.rule)
    };
    let (piece_state, stage) = match &piece.at {
        Location::Pool(PoolBox::ForcePool) => (state::FORCE_POOL, None),
        Location::Pool(PoolBox::DivisionsPool) => (state::DIVISIONS_POOL, None),
        Location::Pool(PoolBox::Eliminated) => (state::ELIMINATED, None),
        Location::Pool(PoolBox::Training(n)) => (state::TRAINING, Some(n.to_string())),
        _ => (state::IN_PLAY, None),
    };
    let (kind, size) = match (piece.kind, piece.size) {
        (Kind::Infantry, Some(Size::Corps)) => ("infantry", "corps"),
        (Kind::Infantry, _) => ("infantry", "division"),
        (Kind::Cavalry, Some(Size::Corps)) => ("cavalry", "corps"),
        (Kind::Cavalry, _) => ("cavalry", "division"),
        (Kind::NationalGuard, _) => ("infantry", "national-guard"),
        (Kind::Wagon, _) => ("wagon", ""),
        (Kind::Magazine, _) => ("magazine", ""),
    };
    let mut effects = vec![
        Effect::set_state(side, name, piece_state, &piece.rule),
        set(attribute::TYPE, kind),
        set(attribute::NATION, &nation_id(piece.nation)),
        set(
            attribute::FORMATION,
            piece.formation.as_deref().unwrap_or(""),
        ),
        set(attribute::AREA, at.unwrap_or("")),
    ];
    if let Some(stage) = stage {
        effects.push(set(STAGE, &stage));
    }
    if piece.guard {
        effects.push(set(attribute::GUARD, "yes"));
    }
    if piece.minor {
        effects.push(set(MINOR, "yes"));
    }
    if let Some(turn) = piece.frozen_until_turn {
        effects.push(set(MOVES_FROM_TURN, &turn.to_string()));
    }
    if let Some(track) = track(&piece.at) {
        effects.push(set(TRACK, track));
    }
    if matches!(piece.kind, Kind::Wagon | Kind::Magazine) {
        return effects;
    }
    if piece.cf_halves.is_none() && matches!(piece.kind, Kind::Infantry | Kind::Cavalry) {
        effects.push(set(BY_TYPE, "yes"));
    }
    let cf = piece
        .cf_halves
        .map_or_else(|| NOT_ENTERED.to_string(), halves_text);
    effects.extend([
        set(attribute::SIZE, size),
        set(attribute::FACE, "full"),
        set(attribute::CF, &cf),
        set(attribute::REDUCED_CF, NOT_ENTERED),
    ]);
    // National Guard print no Morale (2.2.2, L456).
    if piece.kind != Kind::NationalGuard {
        effects.extend([
            set(attribute::MORALE, NOT_ENTERED),
            set(attribute::REDUCED_MORALE, NOT_ENTERED),
        ]);
    }
    effects
}

/// A Leader on the record: his state, nation and Formation, his counter values to enter.
fn leader_effects(
    side: &str,
    leader: &str,
    leader_state: &str,
    nation: listing::Nation,
    formation: &str,
    rule: &str,
) -> Vec<Effect> {
    let set =
        |attribute: &str, value: &str| Effect::set_attribute(side, leader, attribute, value, rule);
    let mut effects = vec![
        Effect::set_state(side, leader, leader_state, rule),
        set(attribute::TYPE, "leader"),
        set(attribute::NATION, &nation_id(nation)),
        set(attribute::FORMATION, formation),
        set(attribute::WOUNDED, "no"),
    ];
    for (value, _) in leader_values() {
        effects.push(set(value, NOT_ENTERED));
    }
    effects
}

impl Procedure for CampaignSetUp {
    fn about(&self) -> &About {
        &About {
            id: "campaign-set-up",
            title: "Campaign set-up",
            rule: RULE,
            summary: "Puts the Basic Game's Formations, Leaders, Troop units, Wagons, Magazines, pools and War Chests on the record, as the 27.2 listings print them, with the places each player chooses.",
            fields: PLACES,
        }
    }
    /// Only as the scenario starts, before anything is on the record.
    fn applies(&self, record: &Record) -> bool {
        record.counters.is_empty() && record.units.is_empty()
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let listing = Self::listing()?;
        let mut effects = Vec::new();
        let (mut formations, mut pieces) = (0, 0);
        let mut chests = Vec::new();
        for listed in &listing.sides {
            let side = side_id(listed.side);
            chests.push(format!(
                "the {} {} RP and {} VP",
                crate::games::beyond_waterloo::people(side),
                listed.rp,
                listed.vp
            ));
            effects.extend(war_chest::opening(
                side,
                i64::from(listed.rp),
                i32::try_from(listed.vp).unwrap_or(0),
                &listed.rule,
            ));
            for formation in &listed.formations {
                let name = formation.name.as_str();
                let set = |attribute: &str, value: &str| {
                    Effect::set_attribute(side, name, attribute, value, &formation.rule)
                };
                effects.extend([
                    Effect::set_state(side, name, state::IN_PLAY, &formation.rule),
                    set(attribute::TYPE, "formation"),
                    set(attribute::LEADER, &formation.leader),
                    set(attribute::NATION, &nation_id(formation.nation)),
                    set(
                        attribute::AREA,
                        &place(&formation.at, input).unwrap_or_default(),
                    ),
                    set(attribute::MODE, "march_order"),
                    set(attribute::FORMATION_MORALE, &listed.morale.to_string()),
                ]);
                if let Some(turn) = formation.frozen_until_turn {
                    effects.push(set(MOVES_FROM_TURN, &turn.to_string()));
                }
                if let Some(track) = track(&formation.at) {
                    effects.push(set(TRACK, track));
                }
                effects.extend(leader_effects(
                    side,
                    &formation.leader,
                    state::IN_PLAY,
                    formation.nation,
                    name,
                    &formation.rule,
                ));
                formations += 1;
            }
            for leader in &listed.leader_pool {
                effects.extend(leader_effects(
                    side,
                    &leader.name,
                    state::LEADER_POOL,
                    leader.nation,
                    "",
                    &leader.rule,
                ));
            }
            if let Some(minister) = &listed.war_minister {
                effects.extend(leader_effects(
                    side,
                    minister,
                    state::WAR_MINISTER,
                    listing::Nation::French,
                    "",
                    "4.4.1, L694; 27.2.1, L2288",
                ));
            }
            for piece in &listed.pieces {
                let at = place(&piece.at, input);
                effects.extend(piece_effects(side, piece, at.as_deref()));
                pieces += 1;
            }
            if let Some(garrison) = &listed.garrison {
                let placed = garrison
                    .assign(&garrison.default_assignment())
                    .map_err(RuleError::Draw)?;
                for (site, piece) in garrison.sites.iter().zip(&placed) {
                    effects.extend(piece_effects(side, piece, Some(site)));
                    pieces += 1;
                }
                // The garrisons' areas are the side's Fortresses as play begins (L2286).
                for site in &garrison.sites {
                    effects.push(Effect::Mark {
                        name: fortresses::held_mark(site, side).as_str().into(),
                        rule: garrison.rule.as_str().into(),
                    });
                }
            }
        }
        Ok(Resolution::book_keeping(
            "set-up",
            format!(
                "{formations} Formations, their Leaders and {pieces} pieces on the record; the War Chests filled: {}. Enter the values the counters print",
                chests.join(", ")
            ),
            effects,
        ))
    }
}

/// Whether play stands where the set-up's choices and draws are made: a campaign at its scenario's
/// first step, before play begins.
pub(super) fn before_play(record: &Record) -> bool {
    super::is_campaign(record) && record.position == super::BASIC_SCENARIO.start
}

/// Refuses `what`, a part of the set-up, once play has begun.
pub(super) fn check_before_play(record: &Record, what: &str) -> Result<(), InputError> {
    if before_play(record) {
        Ok(())
    } else {
        Err(InputError::new(
            "",
            format!(
                "{what} are made before play begins, at the June Mobilization Phase's first segment"
            ),
        ))
    }
}

/// The players' set-up choices, made or changed once the listings are on the record and before
/// play begins: each Formation and piece the choice places moves to the area picked, each side's
/// Formations take the Deployment Mode its player picks, and the pieces printed beside the Armée
/// du Nord join it or stay un-brigaded as the setting reads the listing (S19).
pub struct SetUpChoices;

impl Procedure for SetUpChoices {
    fn about(&self) -> &About {
        &About {
            id: "set-up-choices",
            title: "Set-up choices",
            rule: "27.2.1, L2266; 27.2.2, L2312, L2348; 5.3, L796-812",
            summary: "Where the Armée du Nord, the Spanish Army and the Army of North Germany set up, each with the units listed beside it, and the Deployment Mode each side's Formations start in: the players' choices before play begins.",
            fields: CHOICES,
        }
    }
    /// Only at the scenario's first step, before play begins.
    fn applies(&self, record: &Record) -> bool {
        before_play(record)
    }
    /// The setting from the record, and each side's mode as its Formations stand.
    fn prefill(&self, input: &mut Input, record: &Record) {
        prefill_setting(input, record, &ARMEE_DU_NORD_MEMBERS);
        // Each place as the record has it, so that choosing again changes only what is changed.
        let chosen = CampaignSetUp::listing().into_iter().flat_map(|listing| {
            listing.sides.into_iter().flat_map(|listed| {
                let side = side_id(listed.side);
                listed
                    .formations
                    .into_iter()
                    .filter_map(move |f| match f.at {
                        Location::Chosen(choice) => Some((side, f.name, choice)),
                        _ => None,
                    })
            })
        });
        for (side, formation, choice) in chosen {
            let offered = |area: &str| {
                PLACES.iter().any(|field| {
                    field.id == choice
                        && matches!(field.kind, FieldKind::Choice(options)
                            if options.iter().any(|(id, _)| *id == area))
                })
            };
            if let Some(area) = record
                .unit(side, &formation)
                .and_then(|f| f.attribute(attribute::AREA))
                .filter(|area| offered(area))
            {
                input.set(&choice, Value::Text(area.into()));
            }
        }
        for side in crate::games::beyond_waterloo::SIDE_IDS {
            let mode = record
                .units_where(Some(side), &[(attribute::TYPE, "formation")])
                .find_map(|(_, _, formation)| formation.attribute(attribute::MODE))
                .filter(|mode| MODES.iter().any(|(id, _)| id == mode));
            if let Some(mode) = mode {
                input.set(mode_field(side).id, Value::Text(mode.into()));
            }
        }
    }
    fn check_record(&self, _input: &Input, record: &Record) -> Result<(), InputError> {
        check_before_play(record, "the set-up choices")
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let listing = CampaignSetUp::listing()?;
        let members = input.text(ARMEE_DU_NORD_MEMBERS.id) == "members";
        let mut effects = Vec::new();
        for listed in &listing.sides {
            let side = side_id(listed.side);
            let chosen = listed
                .formations
                .iter()
                .map(|f| (f.name.as_str(), &f.at, f.rule.as_str()))
                .chain(
                    listed
                        .pieces
                        .iter()
                        .map(|p| (p.name.as_str(), &p.at, p.rule.as_str())),
                )
                .filter(|(_, at, _)| matches!(at, Location::Chosen(_)));
            for (name, at, rule) in chosen {
                if let Some(area) = place(at, input) {
                    effects.push(Effect::set_attribute(
                        side,
                        name,
                        attribute::AREA,
                        &area,
                        rule,
                    ));
                }
            }
            let mode = input.text(mode_field(side).id);
            effects.extend(listed.formations.iter().map(|formation| {
                Effect::set_attribute(side, &formation.name, attribute::MODE, mode, MODE_RULE)
            }));
            for piece in &listed.pieces {
                if let Some(alternative) = &piece.alternative_formation {
                    let formation = if members {
                        alternative.as_str()
                    } else {
                        piece.formation.as_deref().unwrap_or("")
                    };
                    effects.push(Effect::set_attribute(
                        side,
                        &piece.name,
                        attribute::FORMATION,
                        formation,
                        ARMEE_DU_NORD_MEMBERS.rule,
                    ));
                }
            }
        }
        let shown = |field: &Field| {
            input
                .get(field.id)
                .map_or_else(String::new, |value| field.display(value))
        };
        let places: Vec<String> = PLACES.iter().map(shown).collect();
        Ok(Resolution::book_keeping(
            "set-up choices",
            format!(
                "Set up in {}; the French Formations start in {}, the Allied in {}; the 1CF Infantry Division, National Guard and Wagon beside the Armée du Nord are {}",
                places.join("; "),
                shown(&FRENCH_MODE),
                shown(&ALLIED_MODE),
                shown(&ARMEE_DU_NORD_MEMBERS)
            ),
            effects,
        ))
    }
}
