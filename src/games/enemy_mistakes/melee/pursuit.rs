//! Pursuit (L958-977): after a melee won by 2 or more (not in Step D), the winner rolls 1 die for a
//! type of Unit that took part. On a success all those Units must Charge the enemy Unit in
//! Withdraw: Infantry by Charge 1, Cavalry by Charge 2.
//!
//! Readings taken:
//! - "Its General" (L975-976) is the pursuing Units' General.
//! - The ±1 and ±2 are the player's to add or subtract; since the roll only decides whether the
//!   Units pursue, a player adds them all to pursue or subtracts them all to hold back. The ±2 of a
//!   General of the setting's rank replaces his ±1. A Commander in Chief counts five stars (L331).
//! - The terrain modifier used in the combat is subtracted with its sign (L977).
//! - Infantry never charges Cavalry in a Pursuit (L962). When the enemy Unit in Withdraw is Cavalry,
//!   charging it "is not possible" for Infantry, so by default it charges an enemy Unit in
//!   Formation that is not Cavalry instead (L960); the setting `infantry_pursuit_of_cavalry` can
//!   read L962 as ending the Pursuit. The automatic success of L967 is against the Unit that
//!   withdrew, so it never serves Infantry against Cavalry.
//! - The automatic success of L967 needs no roll, so no threshold either.

use super::class_label;
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use crate::engine::tables::AppliedLimit;
use crate::games::enemy_mistakes::forms::{self, CLASS_CHOICES, join};
use crate::games::enemy_mistakes::roster::{self, class_at_least};
use crate::games::enemy_mistakes::{SIDES, army_label, charge, options};

const PURSUERS: &[(&str, &str)] = &[
    ("cavalry", "Its Cavalry Units"),
    ("infantry", "Its Infantry Units"),
];

const TARGETS: &[(&str, &str)] = &[
    ("infantry", "Infantry"),
    ("cavalry", "Cavalry"),
    ("artillery", "Artillery"),
];

const WISHES: &[(&str, &str)] = &[
    ("pursue", "Adds them: it wants to pursue"),
    ("hold", "Subtracts them: it wants to hold back"),
];

const PURSUIT: &str = "Pursuit";

const SITUATION: &[Field] = &[
    Field {
        id: "side",
        label: "Pursuing army",
        group: PURSUIT,
        kind: FieldKind::Choice(SIDES),
        rule: "Pursuit, L960",
        help: "The winner of a melee by 2 or more, outside Step D.",
    },
    Field {
        id: "pursuers",
        label: "Pursuing with",
        group: PURSUIT,
        kind: FieldKind::Choice(PURSUERS),
        rule: "Pursuit, L960-965",
        help: "A type of Unit that took part in the melee, not Artillery. Roll again for the other type if needed.",
    },
    Field {
        id: "target",
        label: "The enemy Unit in Withdraw is",
        group: PURSUIT,
        kind: FieldKind::Choice(TARGETS),
        rule: "Pursuit, L960-962",
        help: "Infantry pursues by Charge 1, never against Cavalry: by default it then charges an enemy Unit in Formation (see the setting).",
    },
    Field {
        id: "in_contact",
        label: "They are still in contact with the enemy Unit that withdrew",
        group: PURSUIT,
        kind: FieldKind::Flag,
        rule: "Pursuit, exceptions, L967",
        help: "The Pursuit of that Unit then succeeds without a roll.",
    },
    Field {
        id: "in_recovery",
        label: "Their Formation is in Recovery (orange marker)",
        group: PURSUIT,
        kind: FieldKind::Flag,
        rule: "Pursuit, L965",
        help: "Units of a Formation in Recovery cannot pursue.",
    },
    Field {
        id: "shaken",
        label: "A pursuing Unit is Shaken (yellow marker)",
        group: PURSUIT,
        kind: FieldKind::Flag,
        rule: "Pursuit, die modifiers, L971",
        help: "-2.",
    },
    Field {
        id: "class",
        label: "Class of the pursuing Units",
        group: PURSUIT,
        kind: FieldKind::Choice(CLASS_CHOICES),
        rule: "Pursuit, die modifiers, L972",
        help: "-1 for the class the setting names.",
    },
    Field {
        id: "target_class",
        label: "Class of the pursued Unit",
        group: PURSUIT,
        kind: FieldKind::Choice(CLASS_CHOICES),
        rule: "Pursuit, die modifiers, L974",
        help: "±1 for the class the setting names or higher.",
    },
    Field {
        id: "general",
        label: "Their General within 2 UoM",
        group: PURSUIT,
        kind: FieldKind::Choice(forms::GENERAL_RANKS),
        rule: "Pursuit, die modifiers, L975-976; Commanders in Chief, L331",
        help: "±1; ±2 for a General of the rank the setting names or higher.",
    },
    Field {
        id: "wish",
        label: "The ±1 and ±2: its player",
        group: PURSUIT,
        kind: FieldKind::Choice(WISHES),
        rule: "Pursuit, die modifiers, L974-976",
        help: "As the player wants: whoever wants to pursue adds them all; whoever holds back subtracts them all.",
    },
    Field {
        id: "terrain_used",
        label: "Terrain modifier a Unit of their Formation used in the combat",
        group: PURSUIT,
        kind: FieldKind::Number { min: -1, max: 2 },
        rule: "Pursuit, die modifiers, L977",
        help: "Subtracted.",
    },
];

const SETTINGS: &[Field] = &[
    options::on_form(options::PURSUIT_FROM),
    options::on_form(options::PURSUIT_PENALTY_CLASS),
    options::on_form(options::PURSUIT_TARGET_CLASS),
    options::on_form(options::PURSUIT_GENERAL_RANK),
    options::on_form(options::INFANTRY_PURSUIT_OF_CAVALRY),
];

const FIELDS: &[Field] = &join::<{ SITUATION.len() + charge::FIELDS.len() + SETTINGS.len() }>(&[
    SITUATION,
    &charge::FIELDS,
    SETTINGS,
]);

/// The "unset" choice of the Pursuit setting: the players have not entered the faces yet.
const UNSET: &str = "unset";

/// A Commander in Chief follows the rules of a five-star General (L331).
const PURSUIT_COMMANDER_RANK: i32 = roster::COMMANDER_RANK;

pub struct Pursuit;

impl Pursuit {
    fn automatic(input: &Input) -> bool {
        input.flag("in_contact")
    }

    /// Infantry pursuing after Cavalry withdrew: it cannot charge that Unit (L962).
    fn infantry_after_cavalry(input: &Input) -> bool {
        input.text("pursuers") == "infantry" && input.text("target") == "cavalry"
    }
}

impl Procedure for Pursuit {
    fn about(&self) -> &About {
        &About {
            id: "pursuit",
            title: "Pursuit",
            rule: "Pursuit, L958-977",
            summary: "After a melee won by 2 or more (not in Step D), the winner rolls 1 die for a type of Unit that took part. On a success all those Units must Charge the enemy Unit in Withdraw: Infantry by Charge 1, Cavalry by Charge 2.",
            fields: FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for field in SETTINGS {
            crate::engine::settings::prefill_setting(input, record, field);
        }
        charge::set_enemy(input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed == "side" {
            charge::set_enemy(input, record);
        }
        charge::follow(changed, input, record);
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        charge::check_record(input, record)
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        forms::check_enemies(input, "side", "enemy")?;
        if input.flag("in_recovery") {
            return Err(InputError::new(
                "in_recovery",
                "Units of a Formation in Recovery (orange marker) cannot pursue (L965)",
            ));
        }
        if Pursuit::infantry_after_cavalry(input) {
            if forms::setting(input, &options::INFANTRY_PURSUIT_OF_CAVALRY) == "none" {
                return Err(InputError::new(
                    "target",
                    format!(
                        "Infantry pursues by Charge 1, except against Cavalry Units (L962): it does not pursue Cavalry (the setting \"{}\")",
                        options::INFANTRY_PURSUIT_OF_CAVALRY.label
                    ),
                ));
            }
            if Pursuit::automatic(input) {
                return Err(InputError::new(
                    "in_contact",
                    "the automatic success is the Pursuit of the Unit that withdrew (L967), and Infantry does not charge Cavalry (L962): roll for its Pursuit of an enemy Unit in Formation (L960)",
                ));
            }
        }
        if !Pursuit::automatic(input) && forms::setting(input, &options::PURSUIT_FROM) == UNSET {
            return Err(InputError::new(
                options::PURSUIT_FROM.id,
                "the faces on which a Pursuit succeeds are lost from the text (L960): enter them in Settings (\"Pursuit succeeds on a final result of\") before the first Pursuit",
            ));
        }
        Ok(())
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if Pursuit::automatic(input) {
            DiceSpec::default()
        } else {
            DiceSpec::new(&[("Pursuit die", Die::D6)])
        }
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        if Pursuit::automatic(input) {
            return Vec::new();
        }
        let mut modifiers = Vec::new();
        let mut add = |label: &str, value: i32, rule: &str| {
            if value != 0 {
                modifiers.push(Modifier::new(PURSUIT, label, value, rule));
            }
        };
        if input.flag("shaken") {
            add(
                "Executed by a Shaken Unit",
                -2,
                "Pursuit, die modifiers, L971",
            );
        }
        let class = input.text("class");
        if class == forms::setting(input, &options::PURSUIT_PENALTY_CLASS) {
            add(
                &format!(
                    "Executed by a {} Unit (the class setting)",
                    class_label(class)
                ),
                -1,
                "Pursuit, die modifiers, L972",
            );
        }
        if input.text("pursuers") == "cavalry" {
            add("Executed by Cavalry", 1, "Pursuit, die modifiers, L973");
        }
        // The player's ±: all added to pursue, all subtracted to hold back.
        let sign = if input.text("wish") == "hold" { -1 } else { 1 };
        let target_class = input.text("target_class");
        if class_at_least(
            target_class,
            forms::setting(input, &options::PURSUIT_TARGET_CLASS),
        ) {
            add(
                &format!(
                    "The target is {} (the class setting or higher), as the player wants",
                    class_label(target_class)
                ),
                sign,
                "Pursuit, die modifiers, L974",
            );
        }
        if let Some(rank) = forms::general_rank(input.text("general"), PURSUIT_COMMANDER_RANK) {
            let threshold = forms::setting(input, &options::PURSUIT_GENERAL_RANK)
                .parse()
                .unwrap_or(PURSUIT_COMMANDER_RANK);
            if rank >= threshold {
                add(
                    &format!("A {rank}-star General within 2 UoM, as the player wants"),
                    2 * sign,
                    "Pursuit, die modifiers, L976",
                );
            } else {
                add(
                    "Their General within 2 UoM, as the player wants",
                    sign,
                    "Pursuit, die modifiers, L975",
                );
            }
        }
        add(
            "The terrain modifier used in the combat, subtracted",
            -input.number("terrain_used"),
            "Pursuit, die modifiers, L977",
        );
        modifiers
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        let cavalry = input.text("pursuers") == "cavalry";
        let units = if cavalry { "Cavalry" } else { "Infantry" };
        let army = army_label(input.text("side"));
        let modifiers = self.modifiers(input);
        let mut limits = Vec::new();
        let mut totals = Vec::new();
        let (success, how) = match faces.first() {
            None => {
                limits.push(AppliedLimit {
                    description: "Still in contact with the Unit that withdrew: the Pursuit of it succeeds without a roll".into(),
                    rule: "Pursuit, exceptions, L967".into(),
                });
                (true, "still in contact".to_string())
            }
            Some(face) => {
                let die = i32::from(*face);
                let applied: i32 = modifiers.iter().map(|m| m.value).sum();
                let total = die + applied;
                totals.push(SideTotal {
                    side: PURSUIT.into(),
                    die: Some(die),
                    modifiers: applied,
                    total,
                });
                let from: i32 = forms::setting(input, &options::PURSUIT_FROM)
                    .parse()
                    .map_err(|_| {
                        InputError::new(
                            options::PURSUIT_FROM.id,
                            "enter the Pursuit faces in Settings (L960)",
                        )
                    })?;
                (total >= from, format!("{total}; {from} or more pursues"))
            }
        };
        let mut effects = Vec::new();
        if success {
            let charge = if cavalry {
                "Charge 2, after moving if they like further UoM along one of their flanks and freely through friendly Units in Formation"
            } else {
                "Charge 1"
            };
            if Pursuit::infantry_after_cavalry(input) {
                effects.push(Effect::reminder(
                    &format!(
                        "{army}: all its Infantry Units that took part pursue by Charge 1, with no green marker needed, against an enemy Unit in Formation that is not Cavalry: Infantry does not charge the Cavalry in Withdraw"
                    ),
                    "Pursuit, L960, L962; the setting for Infantry pursuing Cavalry",
                ));
            } else {
                effects.push(Effect::reminder(
                    &format!(
                        "{army}: all its {units} Units that took part pursue by {charge}, with no green marker needed, against the enemy Unit in Withdraw or, if that is not possible, an enemy Unit in Formation"
                    ),
                    if cavalry {
                        "Pursuit, L960, L963"
                    } else {
                        "Pursuit, L960, L962"
                    },
                ));
            }
            if cavalry {
                effects.push(Effect::reminder(
                    "In the melee that follows, Cavalry charging in Pursuit is spared the -2 against non-Shaken Infantry",
                    "Melee modifiers for Cavalry, L1032",
                ));
            }
            // A Pursuit is a Charge (L960): the Formation it reaches is charged (L815).
            effects.extend(charge::effects(input));
        }
        effects.push(Effect::reminder(
            "If Units of the other type took part in the melee, roll for them too",
            "Pursuit, L965",
        ));
        Ok(Resolution {
            outcome: Outcome {
                key: if success { "Pursuit" } else { "No Pursuit" }.into(),
                rank: i32::from(!success),
                headline: format!(
                    "{army}: its {units} {} ({how})",
                    if success { "pursue" } else { "do not pursue" }
                ),
            },
            totals,
            modifiers,
            limits,
            cell: None,
            effects,
        })
    }
}
