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
//! - A reserve too small for the markers drawn, or for the reward of the bid, gives what it holds:
//!   the text has no rule for running out (digest §1), so the result says so.
//! - The bids go back to the reserve (L656) before the reward is drawn from it (L658): the bids are
//!   lost when they are shown, and only then is the winner known.
//! - An army draws its markers once a turn: "in this phase, each player receives" them (L648).
//! - Turn I never bids (L650): the bid form refuses turn I on its own, with or without a record; a
//!   scenario that starts later bids on its first turn only under the setting `first_turn_bid`.

use super::roster::{self, NAPOLEON, attribute, commander_in_chief};
use super::{SIDES, army_label, on_first_turn, options};
use crate::engine::dice::{DiceSpec, Die};
use crate::engine::input::{Field, FieldKind, Input, InputError, Value};
use crate::engine::procedure::{
    About, Faces, Modifier, Outcome, Procedure, Resolution, RuleError, SideTotal,
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
        rule: RESERVE_RULE,
        help: "The army's own colour: 36 blue, 26 red, 21 black, less those in its boxes. Filled in from the record.",
    },
    turn_field(
        "Markers",
        MARKERS_RULE,
        "An army draws its markers once a turn.",
    ),
];

/// The turn being played, so that what happens once a turn is kept with its turn.
const fn turn_field(group: &'static str, rule: &'static str, help: &'static str) -> Field {
    Field {
        id: "turn",
        label: "Turn",
        group,
        kind: FieldKind::Number { min: 1, max: 19 },
        rule,
        help,
    }
}

const RESERVE_RULE: &str = "Components, L150, L200, L246";

/// A number the form fills in from the record must still be the record's.
fn agrees(input: &Input, field: &str, held: i32, what: &str) -> Result<(), InputError> {
    if input.number(field) == held {
        return Ok(());
    }
    Err(InputError::new(
        field,
        format!("the record holds {held} {what}"),
    ))
}

/// A flag the form fills in from the record must still be the record's.
fn agrees_that(input: &Input, field: &str, holds: bool, fact: &str) -> Result<(), InputError> {
    if input.flag(field) == holds {
        return Ok(());
    }
    let says = if holds { "says" } else { "does not say" };
    Err(InputError::new(
        field,
        format!("the record {says} that {fact}"),
    ))
}

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
        input.set("no_die", Value::Flag(blucher_removed(record, &side)));
        input.set("turn", Value::Number(i64::from(record.position.turn)));
    }
    fn check_record(&self, input: &Input, record: &Record) -> Result<(), InputError> {
        let side = input.text("side");
        let label = army_label(side);
        if !roster::army_in_play(record, side) {
            return Err(InputError::new(
                "side",
                format!("{label} is not on the battlefield yet (L658)"),
            ));
        }
        let turn = i32::try_from(record.position.turn).unwrap_or(i32::MAX);
        let commander = commander_in_chief(side);
        if roster::number_of(record, side, commander, attribute::MARKERS_DRAWN_ON) == turn {
            return Err(InputError::new(
                "side",
                format!("{label} has drawn its markers this turn: once a turn (L648)"),
            ));
        }
        agrees(input, "turn", turn, "the turn being played")?;
        agrees(
            input,
            "generals",
            roster::corps_generals_on_battlefield(record, side),
            &format!("Generals of an Army Corps on the battlefield for {label}"),
        )?;
        agrees(
            input,
            "reserve",
            roster::reserve(record, side),
            &format!("markers in the reserve of {label}"),
        )?;
        agrees_that(
            input,
            "no_die",
            blucher_removed(record, side),
            "Blücher has been removed",
        )
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
        faces: &Faces,
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
                rule: RESERVE_RULE.into(),
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
            effects: vec![
                Effect::add_to(
                    side,
                    commander,
                    attribute::MARKERS,
                    i64::from(drawn),
                    MARKERS_RULE,
                ),
                Effect::set_attribute(
                    side,
                    commander,
                    attribute::MARKERS_DRAWN_ON,
                    input.number("turn"),
                    MARKERS_RULE,
                ),
            ],
        })
    }
}

/// The Prussians roll no die for their markers once Blücher is removed (L337).
fn blucher_removed(record: &Record, side: &str) -> bool {
    side == "prussian"
        && record
            .unit(side, roster::BLUCHER)
            .is_some_and(roster::is_removed)
}

const BID_RULE: &str = "1. Initiative, the bid, L652-660";

/// The reward of first and second place, the second only with the Prussians on the battlefield
/// (L658).
const FIRST_REWARD: i32 = 2;
const SECOND_REWARD: i32 = 1;

/// An army's fields on the bid form: its sealed bid, its place last turn (for ties) and its reserve
/// (for the reward).
struct Bidder {
    side: &'static str,
    bid: &'static str,
    last: &'static str,
    reserve: &'static str,
}

const BIDDERS: &[Bidder] = &[
    Bidder {
        side: "french",
        bid: "french_bid",
        last: "french_last",
        reserve: "french_reserve",
    },
    Bidder {
        side: "british",
        bid: "british_bid",
        last: "british_last",
        reserve: "british_reserve",
    },
    Bidder {
        side: "prussian",
        bid: "prussian_bid",
        last: "prussian_last",
        reserve: "prussian_reserve",
    },
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

const fn reserve_field(id: &'static str, label: &'static str) -> Field {
    Field {
        id,
        label,
        group: "Reserves",
        kind: FieldKind::Count { max: 36 },
        rule: "Initiative, the reward from the reserve, L656-658; Components, L150, L200, L246",
        help: "The bid goes back to it, and the reward comes from it. Filled in from the record.",
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
    reserve_field("french_reserve", "French markers in the reserve"),
    reserve_field("british_reserve", "English markers in the reserve"),
    reserve_field("prussian_reserve", "Prussian markers in the reserve"),
    turn_field(
        "This turn",
        BID_RULE,
        "Initiative is bid for once a turn. Filled in from the record.",
    ),
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
    fn bidders(input: &Input) -> impl Iterator<Item = &'static Bidder> + '_ {
        BIDDERS
            .iter()
            .filter(|b| b.side != "prussian" || input.flag("prussians_in"))
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
    /// On the battle's first turn the French hold Initiative 1 without a bid (L283, L650); a scenario
    /// that starts after turn I bids on it only under the setting `first_turn_bid`.
    fn applies(&self, record: &Record) -> bool {
        let first_turn_bids = record.option(options::FIRST_TURN_BID.id, "none") == "bid";
        record.position.turn >= 2 && (!on_first_turn(record) || first_turn_bids)
    }
    fn prefill(&self, input: &mut Input, record: &Record) {
        let count = |n: i32| Value::Number(i64::from(n.max(0)));
        for bidder in BIDDERS {
            input.set(bidder.last, count(roster::initiative(record, bidder.side)));
            input.set(bidder.reserve, count(roster::reserve(record, bidder.side)));
        }
        input.set(
            "prussians_in",
            Value::Flag(roster::army_in_play(record, "prussian")),
        );
        input.set("turn", Value::Number(i64::from(record.position.turn)));
    }
    fn sealed_fields(&self, record: &Record) -> Vec<(&'static str, &'static str)> {
        BIDDERS
            .iter()
            .filter(|b| roster::army_in_play(record, b.side))
            .map(|b| (b.side, b.bid))
            .collect()
    }
    fn check_sealed(&self, field: &str, input: &Input, record: &Record) -> Result<(), InputError> {
        let Some(bidder) = BIDDERS.iter().find(|b| b.bid == field) else {
            return Ok(());
        };
        let side = bidder.side;
        at_least_one(side, field, input)?;
        let bid = input.number(field);
        let commander = commander_in_chief(side);
        let held = roster::number_of(record, side, commander, attribute::MARKERS);
        if bid > held {
            return Err(InputError::new(
                field,
                // The bid stays secret: the message names the markers held, never the bid.
                format!(
                    "{}'s bid is more than the {held} markers in {commander}'s box (L652)",
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
                "on the battle's first turn the French hold Initiative 1 without a bid (L283, L650; see the setting for a scenario that starts after turn I)",
            ));
        }
        let turn = i32::try_from(record.position.turn).unwrap_or(i32::MAX);
        if roster::number_of(record, SIDES[0].0, NAPOLEON, attribute::INITIATIVE_BID_ON) == turn {
            return Err(InputError::new(
                "french_bid",
                "Initiative has been bid for this turn: once a turn (L652-654)",
            ));
        }
        agrees(input, "turn", turn, "the turn being played")?;
        agrees_that(
            input,
            "prussians_in",
            roster::army_in_play(record, "prussian"),
            "the Prussian army is on the battlefield",
        )?;
        for bidder in BIDDERS {
            let label = army_label(bidder.side);
            agrees(
                input,
                bidder.last,
                roster::initiative(record, bidder.side),
                &format!("as the place of {label} last turn"),
            )?;
            agrees(
                input,
                bidder.reserve,
                roster::reserve(record, bidder.side),
                &format!("markers in the reserve of {label}"),
            )?;
        }
        for bidder in Self::bidders(input) {
            self.check_sealed(bidder.bid, input, record)?;
        }
        Ok(())
    }
    /// Turn I never bids (L650), whatever the record says: the form's turn is enough to refuse,
    /// so that a bid resolved without a session is refused too.
    fn check_combination(&self, input: &Input) -> Result<(), InputError> {
        if input.number("turn") <= 1 {
            return Err(InputError::new(
                "turn",
                "on turn I the players do not compete for Initiative: the French hold it by the Preparation (L283, L650)",
            ));
        }
        for bidder in Self::bidders(input) {
            at_least_one(bidder.side, bidder.bid, input)?;
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
        _faces: &Faces,
    ) -> Result<Resolution, RuleError> {
        // Highest bid first; a tie goes to the better place last turn (0: none, so last).
        let mut order: Vec<(&Bidder, i32, i32)> = Self::bidders(input)
            .map(|bidder| {
                let last = match input.number(bidder.last) {
                    0 => i32::MAX,
                    place => place,
                };
                (bidder, input.number(bidder.bid), last)
            })
            .collect();
        order.sort_by_key(|(_, bid, last)| (-bid, *last));
        let mut limits = Vec::new();
        if order
            .iter()
            .zip(order.iter().skip(1))
            .any(|(earlier, later)| earlier.1 == later.1)
        {
            limits.push(AppliedLimit {
                description: "Equal bids: the better place last turn wins".into(),
                rule: "Ties, L660".into(),
            });
        }
        let mut effects = Vec::new();
        let mut places = Vec::new();
        for (index, (bidder, bid, _)) in order.iter().enumerate() {
            let (side, label) = (bidder.side, army_label(bidder.side));
            let place = index + 1;
            let earned = match place {
                1 => FIRST_REWARD,
                2 if input.flag("prussians_in") => SECOND_REWARD,
                _ => 0,
            };
            // The bid is back in the reserve before the reward is drawn from it (L656-658).
            let reserve = input.number(bidder.reserve) + bid;
            let reward = earned.min(reserve);
            if reward < earned {
                limits.push(AppliedLimit {
                    description: format!(
                        "{label} earns {earned} extra markers but its reserve holds only {reserve}: the text has no rule for running out"
                    ),
                    rule: RESERVE_RULE.into(),
                });
            }
            effects.push(Effect::add_to(
                side,
                commander_in_chief(side),
                attribute::MARKERS,
                i64::from(reward - bid),
                BID_RULE,
            ));
            effects.push(Effect::set_attribute(
                side,
                commander_in_chief(side),
                attribute::INITIATIVE,
                place,
                BID_RULE,
            ));
            let reward = match (reward, earned) {
                (0, 0) => String::new(),
                (r, e) if r == e => format!(", +{r} markers"),
                (r, e) => format!(", +{r} of {e} markers: the reserve is empty"),
            };
            places.push(format!("{place}. {label} (bid {bid}{reward})"));
        }
        // Kept with the French Commander in Chief, who is on the record in every scenario.
        effects.push(Effect::set_attribute(
            SIDES[0].0,
            NAPOLEON,
            attribute::INITIATIVE_BID_ON,
            input.number("turn"),
            BID_RULE,
        ));
        let leader = order.first().map_or("", |(bidder, _, _)| bidder.side);
        Ok(Resolution {
            modifiers: Vec::new(),
            totals: order
                .iter()
                .map(|(bidder, bid, _)| SideTotal {
                    side: army_label(bidder.side).into(),
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
