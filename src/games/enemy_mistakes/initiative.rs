//! Phase 1, Initiative (L644-660): each army draws command markers, 1 die plus its corps Generals
//! on the battlefield (L648), into its Commander in Chief's box; from turn II the armies bid for
//! Initiative in secret (L652-660).
//!
//! Readings taken:
//! - The bids are sealed choices: each army enters its bid on its own, the log keeps only a
//!   commitment, and all are revealed together, so no bid can follow another (L652).
//! - A tie for second place is broken like a tie for first, by last turn's order (L660; digest §7.16).
//! - With two players the English player bids for both allied armies; the app still takes one
//!   sealed bid per army (digest §3.3).
//! - A reserve too small for the markers drawn gives what it holds: the text has no rule for running
//!   out (digest §1), so the result says so.

use super::roster::{self, attribute, commander_in_chief};
use super::{SIDES, army_label};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{
    About, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
};
use crate::engine::record::{Effect, Record};
use crate::engine::table_set::TableSet;
use crate::engine::tables::AppliedLimit;

const MARKERS_RULE: &str = "1. Initiative, markers, L648";

const MARKER_FIELDS: &[Field] = &[
    Field {
        id: "side",
        label: "Army",
        group: "Markers",
        kind: FieldKind::Choice(SIDES),
        rule: MARKERS_RULE,
        help: "Every army on the battlefield draws its markers.",
    },
    Field {
        id: "generals",
        label: "Its Generals of an Army Corps on the battlefield",
        group: "Markers",
        kind: FieldKind::Count { max: 7 },
        rule: MARKERS_RULE,
        help: "+1 marker each. Ney has no Army Corps and does not count. Filled in from the record.",
    },
    Field {
        id: "no_die",
        label: "Blücher has been removed: no die",
        group: "Markers",
        kind: FieldKind::Flag,
        rule: "Commander in Chief Blücher, L337",
        help: "The Prussians then get only the markers of their Generals.",
    },
    Field {
        id: "reserve",
        label: "Markers left in the army's reserve",
        group: "Markers",
        kind: FieldKind::Count { max: 36 },
        rule: "Components, L150, L200, L246",
        help: "The army's own colour: 36 blue, 26 red, 21 black, less those in its boxes. Filled in from the record.",
    },
];

/// Each army's command markers for the turn.
pub struct InitiativeMarkers;

impl Procedure for InitiativeMarkers {
    fn about(&self) -> &About {
        &About {
            id: "initiative-markers",
            title: "Command markers",
            rule: MARKERS_RULE,
            summary: "An army rolls 1 die and adds its corps Generals on the battlefield: that many markers go from its reserve to its Commander in Chief's box.",
            fields: MARKER_FIELDS,
        }
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        self.follow("side", input, record);
    }
    fn follow(&self, changed: &str, input: &mut Input, record: &Record) {
        if changed != "side" {
            return;
        }
        let side = input.text("side").to_string();
        let count = |n: i32| Value::Number(i64::from(n.max(0)));
        input.set(
            "generals",
            count(roster::corps_generals_on_battlefield(record, &side)),
        );
        input.set("reserve", count(roster::reserve(record, &side)));
        let blucher_removed = side == "prussian"
            && record
                .unit(&side, roster::BLUCHER)
                .is_some_and(roster::is_removed);
        input.set("no_die", Value::Flag(blucher_removed));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        if !roster::army_in_play(record, side) {
            return Err(InputError::new(
                "side",
                format!("{} is not on the battlefield yet (L658)", army_label(side)),
            ));
        }
        Ok(())
    }
    fn dice(&self, input: &Input) -> DiceSpec {
        if input.flag("no_die") {
            DiceSpec::default()
        } else {
            DiceSpec::new(&[("Die", Die::D6)])
        }
    }
    fn modifiers(&self, input: &Input) -> Vec<Modifier> {
        vec![Modifier::new(
            army_label(input.text("side")),
            "Generals of an Army Corps on the battlefield",
            input.number("generals"),
            MARKERS_RULE,
        )]
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        faces: &[u8],
    ) -> Result<Resolution, RuleError> {
        let side = input.text("side");
        let label = army_label(side);
        let die = faces.first().map(|f| i32::from(*f));
        let modifiers = self.modifiers(input);
        let wanted = die.unwrap_or(0) + input.number("generals");
        let reserve = input.number("reserve");
        let drawn = wanted.min(reserve);
        let mut limits = Vec::new();
        if drawn < wanted {
            limits.push(AppliedLimit {
                description: format!(
                    "{wanted} markers called for, but the reserve holds only {reserve}: the text has no rule for running out"
                ),
                rule: "Components, L150, L200, L246".into(),
            });
        }
        let commander = commander_in_chief(side);
        Ok(Resolution {
            modifiers: modifiers.clone(),
            totals: vec![SideTotal {
                side: label.into(),
                die,
                modifiers: input.number("generals"),
                total: wanted,
            }],
            limits,
            cell: None,
            outcome: Outcome {
                key: format!("{drawn} markers"),
                rank: -drawn,
                headline: format!("{label} draws {drawn} command markers into {commander}'s box"),
            },
            effects: vec![Effect::add_to(
                side,
                commander,
                attribute::MARKERS,
                i64::from(drawn),
                MARKERS_RULE,
            )],
        })
    }
}

const BID_RULE: &str = "1. Initiative, the bid, L652-660";

/// Each army's bid, and last turn's place in the order of Initiative (for ties).
const BIDS: &[(&str, &str, &str)] = &[
    ("french", "french_bid", "french_last"),
    ("british", "british_bid", "british_last"),
    ("prussian", "prussian_bid", "prussian_last"),
];

const fn bid_field(id: &'static str, label: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Sealed bids",
        kind: FieldKind::Count { max: 36 },
        rule: BID_RULE,
        help: "At least 1 marker, at most those in the Commander in Chief's box. Entered in secret.",
    }
}

const fn last_field(id: &'static str, label: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Last turn",
        kind: FieldKind::Count { max: 3 },
        rule: "Ties, L660",
        help: "1 acted first. Filled in from the record; 0 if the army did not take part.",
    }
}

const BID_FIELDS: &[Field] = &[
    bid_field("french_bid", "French (blue) bid"),
    bid_field("british_bid", "English (red) bid"),
    bid_field("prussian_bid", "Prussian (black) bid"),
    last_field("french_last", "French place last turn"),
    last_field("british_last", "English place last turn"),
    last_field("prussian_last", "Prussian place last turn"),
    Field {
        id: "prussians_in",
        label: "The Prussian army is on the battlefield",
        group: "Last turn",
        kind: FieldKind::Flag,
        rule: "Initiative marker 2, L658",
        help: "Then the second highest bid wins Initiative 2 and 1 extra marker. Filled in from the record.",
    },
];

/// Every army in play bids at least 1 marker (L652).
fn at_least_one(side: &str, field: &str, input: &Input) -> Result<(), InputError> {
    if input.number(field) < 1 {
        return Err(InputError::new(
            field,
            format!("{} must bid at least 1 marker (L652)", army_label(side)),
        ));
    }
    Ok(())
}

/// The secret bid for Initiative, from turn II.
pub struct InitiativeBid;

impl InitiativeBid {
    /// The armies that bid: the Prussians only once on the battlefield.
    fn bidders(
        input: &Input,
    ) -> impl Iterator<Item = &'static (&'static str, &'static str, &'static str)> + '_ {
        BIDS.iter()
            .filter(|(side, _, _)| *side != "prussian" || input.flag("prussians_in"))
    }
}

impl Procedure for InitiativeBid {
    fn about(&self) -> &About {
        &About {
            id: "initiative",
            title: "Initiative bid",
            rule: BID_RULE,
            summary: "Each army bids at least 1 marker in secret. The highest bid acts first and gets 2 extra markers; with the Prussians on the battlefield the second gets 1. Bids go back to the reserve.",
            fields: BID_FIELDS,
        }
    }
    /// On turn I the French hold Initiative 1 without a bid (L283, L650).
    fn applies(&self, record: &Record) -> bool {
        record.position.turn >= 2
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        for (side, _, last) in BIDS {
            input.set(
                last,
                Value::Number(i64::from(roster::initiative(record, side))),
            );
        }
        input.set(
            "prussians_in",
            Value::Flag(roster::army_in_play(record, "prussian")),
        );
    }
    fn sealed_fields(&self, record: &Record) -> Vec<(&'static str, &'static str)> {
        BIDS.iter()
            .filter(|(side, _, _)| roster::army_in_play(record, side))
            .map(|(side, bid, _)| (*side, *bid))
            .collect()
    }
    fn check_sealed(&self, field: &str, input: &Input, record: &Record) -> Result<(), InputError> {
        let Some((side, _, _)) = BIDS.iter().find(|(_, bid, _)| *bid == field) else {
            return Ok(());
        };
        at_least_one(side, field, input)?;
        let bid = input.number(field);
        let commander = commander_in_chief(side);
        let held = roster::number_of(record, side, commander, attribute::MARKERS);
        if bid > held {
            return Err(InputError::new(
                field,
                format!(
                    "{} bids {bid} markers but holds only {held} in {commander}'s box (L652)",
                    army_label(side)
                ),
            ));
        }
        Ok(())
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        if !self.applies(record) {
            return Err(InputError::new(
                "french_bid",
                "on turn I the French hold Initiative 1 without a bid (L283, L650)",
            ));
        }
        for (_, bid, _) in Self::bidders(input) {
            self.check_sealed(bid, input, record)?;
        }
        Ok(())
    }
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        for (side, bid, _) in Self::bidders(input) {
            at_least_one(side, bid, input)?;
        }
        if !input.flag("prussians_in") && input.number("prussian_bid") > 0 {
            return Err(InputError::new(
                "prussian_bid",
                "the Prussians bid only once on the battlefield (L658)",
            ));
        }
        Ok(())
    }
    fn acting_side(&self, _input: &Input) -> String {
        SIDES[0].0.into()
    }
    fn resolve(
        &self,
        input: &Input,
        _tables: &TableSet,
        _faces: &[u8],
    ) -> Result<Resolution, RuleError> {
        // Highest bid first; a tie goes to the better place last turn (0: none, so last).
        let mut order: Vec<(&str, i32, i32)> = Self::bidders(input)
            .map(|(side, bid, last)| {
                let last = match input.number(last) {
                    0 => i32::MAX,
                    place => place,
                };
                (*side, input.number(bid), last)
            })
            .collect();
        order.sort_by_key(|(_, bid, last)| (-bid, *last));
        let tie_broken = order.windows(2).any(|pair| pair[0].1 == pair[1].1);
        let mut effects = Vec::new();
        let mut places = Vec::new();
        for (index, (side, bid, _)) in order.iter().enumerate() {
            let place = index + 1;
            let bonus = match place {
                1 => 2,
                2 if input.flag("prussians_in") => 1,
                _ => 0,
            };
            effects.push(Effect::add_to(
                side,
                commander_in_chief(side),
                attribute::MARKERS,
                i64::from(bonus - bid),
                BID_RULE,
            ));
            effects.push(Effect::set_attribute(
                side,
                commander_in_chief(side),
                attribute::INITIATIVE,
                place,
                BID_RULE,
            ));
            let reward = if bonus > 0 {
                format!(", +{bonus} markers")
            } else {
                String::new()
            };
            places.push(format!("{place}. {} (bid {bid}{reward})", army_label(side)));
        }
        let limits = if tie_broken {
            vec![AppliedLimit {
                description: "Equal bids: the better place last turn wins".into(),
                rule: "Ties, L660".into(),
            }]
        } else {
            Vec::new()
        };
        let leader = order.first().map_or("", |(side, _, _)| side);
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: order
                .iter()
                .map(|(side, bid, _)| SideTotal {
                    side: army_label(side).into(),
                    die: None,
                    modifiers: 0,
                    total: *bid,
                })
                .collect(),
            limits,
            cell: None,
            outcome: Outcome {
                key: format!("{leader} first"),
                rank: 0,
                headline: format!("Initiative: {}", places.join("; ")),
            },
            effects,
        })
    }
}
