//! Procedures: the adjudications a game registers (attack, pass allowance, bombardment...).
//!
//! `resolve` is a pure function of the input, the tables and the dice faces. Because of that, the
//! exact odds of every outcome come from running it over every face combination.

use super::dice::{DiceError, DiceSpec};
use super::draws::{CupDraw, DrawSlot, take_one, with_listed};
use super::input::{Field, Input, InputError};
use super::record::{Cups, Effect, Record};
use super::symbol::Symbol;
use super::table_set::{TableRead, TableSet};
use super::tables::{AppliedLimit, CellRef, TableError};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Deref;

/// One itemised die-roll modifier, with the rule that grants it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// Whose roll it modifies ("Attacker", "Defender").
    pub side: String,
    pub label: String,
    pub value: i32,
    pub rule: String,
}

impl Modifier {
    pub fn new(side: &str, label: impl Into<String>, value: i32, rule: &str) -> Modifier {
        Modifier {
            side: side.to_string(),
            label: label.into(),
            value,
            rule: rule.to_string(),
        }
    }
}

/// One side's roll: its die, its modifiers' sum and its total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideTotal {
    pub side: String,
    /// The die face; `None` for a procedure that rolls no dice.
    pub die: Option<i32>,
    pub modifiers: i32,
    pub total: i32,
}

impl SideTotal {
    /// "Attacker: die 3 +4 = 7", or "French: 14" where no die is rolled.
    pub fn describe(&self) -> String {
        match self.die {
            Some(die) => format!(
                "{}: die {die} {:+} = {}",
                self.side, self.modifiers, self.total
            ),
            None => format!("{}: {}", self.side, self.total),
        }
    }
}

/// What happened, in a form the odds can group by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Outcomes with the same key are the same outcome for the odds ("Attacker wins by 1-2").
    pub key: String,
    /// Sorts outcomes for display, best for the acting side first.
    pub rank: i32,
    /// The result in one line, after every conversion ("Defender retreats 3 hexes").
    pub headline: String,
}

/// Everything a resolution found: the explanation, the result, and what it does to the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub modifiers: Vec<Modifier>,
    pub totals: Vec<SideTotal>,
    /// Caps, clamps and conversions actually applied, with their rules.
    pub limits: Vec<AppliedLimit>,
    pub cell: Option<CellRef>,
    pub outcome: Outcome,
    pub effects: Vec<Effect>,
}

impl Resolution {
    /// A resolution that rolls nothing and only keeps the books: a headline and its effects.
    pub fn book_keeping(key: &str, headline: String, effects: Vec<Effect>) -> Resolution {
        Resolution {
            outcome: Outcome {
                key: key.to_string(),
                rank: 0,
                headline,
            },
            modifiers: Vec::new(),
            totals: Vec::new(),
            limits: Vec::new(),
            cell: None,
            effects,
        }
    }
}

/// Why a resolution could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    Input(InputError),
    Dice(DiceError),
    /// The chits drawn are not what the procedure's draws allow.
    Draw(String),
    Table(TableError),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Input(e) => e.fmt(f),
            RuleError::Dice(e) => e.fmt(f),
            RuleError::Draw(message) => f.write_str(message),
            RuleError::Table(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RuleError {}

impl From<InputError> for RuleError {
    fn from(e: InputError) -> Self {
        RuleError::Input(e)
    }
}
impl From<DiceError> for RuleError {
    fn from(e: DiceError) -> Self {
        RuleError::Dice(e)
    }
}
impl From<TableError> for RuleError {
    fn from(e: TableError) -> Self {
        RuleError::Table(e)
    }
}

/// The dice faces and drawn chits a resolution reads. Only the engine makes one, after checking
/// the faces against the procedure's dice and the chits against its draws, so `resolve` never sees
/// an impossible face or a chit that was not in its cup. It reads as the faces (`faces[0]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Faces {
    dice: Vec<u8>,
    chits: Vec<Symbol>,
}

impl Deref for Faces {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.dice
    }
}

impl Faces {
    /// The chits drawn, one per draw of the procedure, in order.
    pub fn chits(&self) -> &[Symbol] {
        &self.chits
    }

    /// Checks `faces` against `spec`, and each chit against its draw: the cup the slot names, and
    /// among that cup's contents before the draw. A draw from a cup the form lists must have
    /// drawn from that list, less what the draws before it took.
    fn checked(
        spec: &DiceSpec,
        faces: &[u8],
        slots: &[DrawSlot],
        draws: &[(&CupDraw, Symbol)],
    ) -> Result<Faces, RuleError> {
        spec.check(faces)?;
        if draws.len() != slots.len() {
            return Err(RuleError::Draw(format!(
                "expected {} draw(s) but {} were given",
                slots.len(),
                draws.len()
            )));
        }
        let mut listed = with_listed(&Cups::default(), slots);
        for (slot, (draw, chit)) in slots.iter().zip(draws) {
            if draw.cup != slot.cup {
                return Err(RuleError::Draw(format!(
                    "the {} is drawn from {}, not from {}",
                    slot.label, slot.cup, draw.cup
                )));
            }
            if !draw.contents_before.contains(chit) {
                return Err(RuleError::Draw(format!(
                    "\"{chit}\" was not in {} for the {}",
                    draw.cup, slot.label
                )));
            }
            match slot.listed.as_ref().and(listed.get_mut(&slot.cup)) {
                Some(left) => {
                    if !draw.listed || (draw.taken_before == 0 && draw.contents_before != *left) {
                        return Err(RuleError::Draw(format!(
                            "the {} was not drawn from the {} the form lists",
                            slot.label, slot.cup
                        )));
                    }
                    take_one(left, chit);
                }
                None if draw.listed => {
                    return Err(RuleError::Draw(format!(
                        "the {} is drawn from {} on the record, not from a list",
                        slot.label, slot.cup
                    )));
                }
                None => {}
            }
        }
        Ok(Faces {
            dice: faces.to_vec(),
            chits: draws.iter().map(|(_, chit)| chit.clone()).collect(),
        })
    }
}

/// What a procedure is, stated once: the accessors of `Procedure` read it.
#[derive(Debug)]
pub struct About {
    /// The id used on the command line and in the log: "attack", "movement-pass".
    pub id: &'static str,
    pub title: &'static str,
    /// Where the rulebook states the procedure.
    pub rule: &'static str,
    /// One or two sentences for the form's header and `procedures` listing.
    pub summary: &'static str,
    pub fields: &'static [Field],
}

/// A procedure the rules allow once in a step or once in a turn, with the rule that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Once {
    PerStep {
        rule: &'static str,
    },
    /// Once in a step by each side: each player pays his own maintenance once a segment.
    PerStepEachSide {
        rule: &'static str,
    },
    PerTurn {
        rule: &'static str,
    },
}

/// An adjudication registered by a game: an attack, a pass allowance, a bombardment, a piece of
/// book-keeping. It describes its form (`about().fields`), says which dice it rolls and which
/// chits it draws, and resolves an input and the faces thrown into a [`Resolution`]: the
/// explanation, the result and the effects offered to the record.
///
/// `resolve` is pure in the faces: the same input, tables and faces (dice and chits) always give
/// the same resolution, and it reads neither the record nor the clock. That is what lets [`odds`]
/// give the exact chance of every outcome by resolving every face combination and every draw, and
/// what lets a saved session be verified by resolving each logged input and its dice again.
///
/// The hooks are called in this order:
/// 1. while the form is filled in: `prefill` once as it opens, then `follow` after each change
///    (with `shows`, `modifiers` and `sealed_fields` to draw it, and `check_sealed` before each
///    secret choice is sealed);
/// 2. `check_combination`, once each field is valid alone;
/// 3. `check_record`, against the record where play stands (not when verifying);
/// 4. `dice` and `draws`, the dice to roll or type in and the chits to draw for this input;
/// 5. `check_with_dice`, once the faces are known (not by the odds);
/// 6. `resolve`, with those faces; then `acting_side` names who acts in the log.
///
/// [`resolve_checked`] runs the checks that do not need the record, then `resolve`.
pub trait Procedure: Sync + Send {
    fn about(&self) -> &About;
    fn id(&self) -> &'static str {
        self.about().id
    }
    fn title(&self) -> &'static str {
        self.about().title
    }
    fn rule(&self) -> &'static str {
        self.about().rule
    }
    fn summary(&self) -> &'static str {
        self.about().summary
    }
    fn fields(&self) -> &'static [Field] {
        self.about().fields
    }
    /// Whether the procedure belongs where play stands (the Deluge only on turns 5 and 6); the
    /// checklist offers only those that do.
    fn applies(&self, _record: &Record) -> bool {
        true
    }
    /// How often the rules allow it where play stands, if they limit it: a second resolution is
    /// then refused until the first is corrected. Unlimited by default.
    fn once(&self) -> Option<Once> {
        None
    }
    /// Whether field `field` bears on the form as it stands (a Charge's fields only for a
    /// Charge). The form leaves out those that do not, unless they hold a value. All by default.
    fn shows(&self, _field: &str, _input: &Input) -> bool {
        true
    }
    /// Whether the form offers unit `name` of `side` for unit field `field`, among the record's
    /// units that field's `only` already lets through: a narrower choice that depends on the
    /// form (an HQ places only Detachments of its own army). All of them by default.
    fn offers(
        &self,
        _field: &str,
        _input: &Input,
        _record: &Record,
        _side: &str,
        _name: &str,
    ) -> bool {
        true
    }
    /// Names the record suggests for free-text field `field` (the areas where pieces stand), to
    /// pick from beside typing a new one. None by default: the field is a plain text box.
    fn suggests(&self, _field: &str, _input: &Input, _record: &Record) -> Vec<String> {
        Vec::new()
    }
    /// The fields a player fills in for most resolutions, by id. The form shows them first and
    /// folds the others under "More facts". None folded by default.
    fn frequent(&self) -> &'static [&'static str] {
        &[]
    }
    /// Fills in what the record already knows (the day, the weather) when the form opens; the
    /// players can still change it.
    fn prefill(&self, _input: &mut Input, _record: &Record) {}
    /// After the players change field `changed`, fills in what the record knows that follows from
    /// it (a unit's Battle Stars once the unit is named).
    fn follow(&self, _changed: &str, _input: &mut Input, _record: &Record) {}
    /// Checks the input against the record where play stands (a Detachment must be available to be
    /// placed). Run before resolving; not when verifying, since the record has moved on by then.
    fn check_record(&self, _input: &Input, _record: &Record) -> Result<(), InputError> {
        Ok(())
    }
    /// Checks that the fields make sense together; each field alone is checked by its description.
    fn check_combination(&self, _input: &Input) -> Result<(), InputError> {
        Ok(())
    }
    /// The fields each side enters in secret, as (side, field): the app seals each choice and
    /// reveals them together before resolving (an Initiative bid). None by default.
    fn sealed_fields(&self, _record: &Record) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }
    /// The log's name for the round of secret choices the form seals where play stands. Once a
    /// round is revealed its choices are final, so the name says how often the choices are
    /// made: by default once a turn.
    fn sealed_round(&self, record: &Record) -> String {
        format!("{}, turn {}", self.title(), record.position.turn)
    }
    /// Checks one secret choice against the record before it is sealed, so a player learns at
    /// once that a choice cannot stand. The message is shown to everyone at the table: it must
    /// never give the choice away.
    fn check_sealed(
        &self,
        _field: &str,
        _input: &Input,
        _record: &Record,
    ) -> Result<(), InputError> {
        Ok(())
    }
    /// The hand of cards each side chooses in secret and plays from (see `engine::hand`), where
    /// play stands. None by default.
    fn hand(&self, _input: &Input, _record: &Record) -> Option<crate::engine::hand::Hand> {
        None
    }
    /// Why `side` may not turn up `cards` from its hand as the form and the record stand (a card
    /// whose requirement is not met), if it may not. Checked before anything is logged.
    fn check_turn_up(
        &self,
        _side: &str,
        _cards: &[String],
        _input: &Input,
        _record: &Record,
    ) -> Result<(), String> {
        Ok(())
    }
    /// Checks a logged input against what the log had revealed when it was resolved (the cards
    /// turned up), for `verify`: the form must hold what was revealed. None by default.
    fn check_revealed(&self, _input: &Input, _record: &Record) -> Result<(), String> {
        Ok(())
    }
    /// What the form does with its hand as the facts stand.
    fn hand_use(&self, _input: &Input) -> crate::engine::hand::HandUse {
        crate::engine::hand::HandUse::PickAndPlay
    }
    /// The id of the side that acts, as the log records it. By default the side the form's `side`
    /// field names; a procedure whose form has none says who acts.
    fn acting_side(&self, input: &Input) -> String {
        input.text("side").to_string()
    }
    /// The tables the procedure reads and the result codes it handles in each; a table with
    /// another code is refused when it loads. None by default.
    fn reads(&self) -> &'static [TableRead] {
        &[]
    }
    /// The dice rolled, in the order faces are given; may depend on the input. None by default:
    /// a book-keeping procedure rolls nothing.
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::default()
    }
    /// How many of the leading dice decide the outcome's key, where the others only play the
    /// result out (the checks a result calls for): the odds then enumerate every face of the
    /// deciding dice and weigh each by the throws of the others, which cannot change its key.
    /// All of them by default.
    fn deciding_dice(&self, _input: &Input) -> Option<usize> {
        None
    }
    /// Dice that fall in independent groups, each deciding its own part of the outcome whatever
    /// the others show (each side's own roll on its own column): the odds are then given for each
    /// group apart, which is both what the players ask ("what do I inflict?") and far fewer
    /// throws to try. None by default: the dice decide the outcome together.
    fn dice_groups(&self, _input: &Input) -> Vec<DiceGroup> {
        Vec::new()
    }
    /// The part of `outcome` that dice group `group` decides, and its rank among the group's
    /// parts. The whole outcome by default.
    fn group_outcome(&self, _group: usize, outcome: &Outcome) -> (String, i32) {
        (outcome.key.clone(), outcome.rank)
    }
    /// The chits drawn from cups on the record, in the order `Faces::chits` gives them; may depend
    /// on the input. None by default.
    fn draws(&self, _input: &Input) -> Vec<DrawSlot> {
        Vec::new()
    }
    /// The modifiers the input earns, before any die is rolled (the live breakdown); none by default.
    fn modifiers(&self, _input: &Input) -> Vec<Modifier> {
        Vec::new()
    }
    /// The live breakdown where some modifiers are read from the tables (a chart of DRMs the
    /// owner entered): `modifiers` unless the procedure reads them so. A table not ready yet
    /// leaves those out.
    fn modifiers_read(&self, input: &Input, _tables: &TableSet) -> Vec<Modifier> {
        self.modifiers(input)
    }
    /// Checks what the players enter once they see the dice (how the Losses rolled are shared out
    /// among their Units). Run before resolving a roll; not by the odds, which try every face.
    fn check_with_dice(&self, _input: &Input, _faces: &[u8]) -> Result<(), InputError> {
        Ok(())
    }
    /// Pure: the same input, tables and faces always give the same resolution.
    fn resolve(
        &self,
        input: &Input,
        tables: &TableSet,
        faces: &Faces,
    ) -> Result<Resolution, RuleError>;
}

/// The form as a procedure opens it: its defaults, then what the record already knows.
pub fn opening_input(procedure: &dyn Procedure, record: &Record) -> Input {
    let mut input = Input::defaults(procedure.fields());
    procedure.prefill(&mut input, record);
    input
}

/// Checks input and faces, then resolves a procedure that draws nothing.
pub fn resolve_checked(
    procedure: &dyn Procedure,
    input: &Input,
    tables: &TableSet,
    faces: &[u8],
) -> Result<Resolution, RuleError> {
    resolve_drawn(procedure, input, tables, faces, &[])
}

/// Checks input, faces and the chits drawn (each draw with its chit, named even where the log
/// keeps it hidden), then resolves.
pub fn resolve_drawn(
    procedure: &dyn Procedure,
    input: &Input,
    tables: &TableSet,
    faces: &[u8],
    draws: &[(&CupDraw, Symbol)],
) -> Result<Resolution, RuleError> {
    input.check(procedure.fields())?;
    procedure.check_combination(input)?;
    let faces = Faces::checked(
        &procedure.dice(input),
        faces,
        &procedure.draws(input),
        draws,
    )?;
    procedure.check_with_dice(input, &faces)?;
    procedure.resolve(input, tables, &faces)
}

/// Dice of a procedure that decide one part of its outcome on their own (see
/// [`Procedure::dice_groups`]): their slots in the dice spec, and whose they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceGroup {
    pub label: String,
    pub slots: std::ops::Range<usize>,
    /// The id of the side that throws them: the dice statistics count them, and their luck, for
    /// that side.
    pub side: &'static str,
}

/// One outcome's share of every face combination.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsLine {
    pub key: String,
    pub rank: i32,
    pub count: u64,
    pub probability: f64,
}

/// The exact distribution of outcomes, by enumerating every face combination, sorted by rank. A
/// procedure that draws is given no cups here: see `odds_drawing`.
pub fn odds(
    procedure: &dyn Procedure,
    input: &Input,
    tables: &TableSet,
) -> Result<Vec<OddsLine>, RuleError> {
    odds_drawing(procedure, input, tables, &Cups::default())
}

/// The exact distribution of outcomes, by enumerating every face combination and every order in
/// which the procedure's draws can take chits from `cups`, sorted by rank.
pub fn odds_drawing(
    procedure: &dyn Procedure,
    input: &Input,
    tables: &TableSet,
    cups: &Cups,
) -> Result<Vec<OddsLine>, RuleError> {
    input.check(procedure.fields())?;
    procedure.check_combination(input)?;
    let groups = procedure.dice_groups(input);
    if partitions(&groups, procedure.dice(input).slots.len()) && procedure.draws(input).is_empty() {
        return odds_by_group(procedure, input, tables, &groups);
    }
    let spec = procedure.dice(input);
    let draw_orders = draw_orders(&procedure.draws(input), cups)?;
    let total = spec.combination_count() * draw_orders.len() as u64;
    // The dice that cannot change the key each show their first face, weighted by their throws.
    let deciding = procedure
        .deciding_dice(input)
        .unwrap_or(spec.slots.len())
        .min(spec.slots.len());
    let (leading, rest) = spec.slots.split_at(deciding);
    let enumerated = DiceSpec {
        slots: leading.to_vec(),
        pool: spec.pool,
    };
    let rest_faces: Vec<u8> = rest.iter().map(|s| s.die.face_at(0)).collect();
    let rest_weight: u64 = rest.iter().map(|s| u64::from(s.die.face_count())).product();
    let mut lines: Vec<OddsLine> = Vec::new();
    let mut failure = None;
    enumerated.for_each_weighted(|dice, weight| {
        let weight = weight * rest_weight;
        for chits in &draw_orders {
            if failure.is_some() {
                return;
            }
            // Every combination is a possible throw and draw: it needs no checking.
            let mut thrown = dice.to_vec();
            thrown.extend_from_slice(&rest_faces);
            let faces = Faces {
                dice: thrown,
                chits: chits.clone(),
            };
            match procedure.resolve(input, tables, &faces) {
                Ok(resolution) => {
                    let outcome = resolution.outcome;
                    match lines.iter_mut().find(|l| l.key == outcome.key) {
                        Some(line) => line.count += weight,
                        None => lines.push(OddsLine {
                            key: outcome.key,
                            rank: outcome.rank,
                            count: weight,
                            probability: 0.0,
                        }),
                    }
                }
                Err(e) => failure = Some(e),
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    for line in &mut lines {
        line.probability = line.count as f64 / total as f64;
    }
    lines.sort_by_key(|l| l.rank);
    Ok(lines)
}

/// Whether `groups` split the `dice` slots between them, each die in one group: only then are the
/// odds given group by group.
fn partitions(groups: &[DiceGroup], dice: usize) -> bool {
    let mut covered = vec![false; dice];
    for group in groups {
        for slot in group.slots.clone() {
            match covered.get_mut(slot) {
                Some(seen) if !*seen => *seen = true,
                _ => return false,
            }
        }
    }
    !groups.is_empty() && covered.iter().all(|seen| *seen)
}

/// The odds of each dice group's part of the outcome, the group's dice enumerated while the others
/// show their first face: the groups' lines in turn, each group's summing to one.
fn odds_by_group(
    procedure: &dyn Procedure,
    input: &Input,
    tables: &TableSet,
    groups: &[DiceGroup],
) -> Result<Vec<OddsLine>, RuleError> {
    let spec = procedure.dice(input);
    let resting: Vec<u8> = spec.slots.iter().map(|s| s.die.face_at(0)).collect();
    let mut lines: Vec<OddsLine> = Vec::new();
    for (index, group) in groups.iter().enumerate() {
        let slots = spec.slots.get(group.slots.clone()).unwrap_or(&[]);
        let enumerated = DiceSpec {
            slots: slots.to_vec(),
            pool: false,
        };
        let total = enumerated.combination_count();
        let mut group_lines: Vec<OddsLine> = Vec::new();
        let mut failure = None;
        enumerated.for_each_weighted(|dice, weight| {
            if failure.is_some() {
                return;
            }
            let mut thrown = resting.clone();
            for (slot, face) in group.slots.clone().zip(dice) {
                if let Some(at) = thrown.get_mut(slot) {
                    *at = *face;
                }
            }
            let faces = Faces {
                dice: thrown,
                chits: Vec::new(),
            };
            match procedure.resolve(input, tables, &faces) {
                Ok(resolution) => {
                    let (part, rank) = procedure.group_outcome(index, &resolution.outcome);
                    let key = format!("{}: {part}", group.label);
                    match group_lines.iter_mut().find(|l| l.key == key) {
                        Some(line) => line.count += weight,
                        None => group_lines.push(OddsLine {
                            key,
                            rank,
                            count: weight,
                            probability: 0.0,
                        }),
                    }
                }
                Err(e) => failure = Some(e),
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        for line in &mut group_lines {
            line.probability = line.count as f64 / total.max(1) as f64;
        }
        group_lines.sort_by_key(|l| l.rank);
        lines.extend(group_lines);
    }
    Ok(lines)
}

/// Every sequence of chits `slots` can draw from `cups` (or from the lists the form gives),
/// without replacement, each equally likely.
fn draw_orders(slots: &[DrawSlot], cups: &Cups) -> Result<Vec<Vec<Symbol>>, RuleError> {
    let mut orders: Vec<(Vec<Symbol>, Cups)> = vec![(Vec::new(), with_listed(cups, slots))];
    for slot in slots {
        let mut next = Vec::new();
        for (drawn, left) in &orders {
            let contents = left.get(&slot.cup).map(Vec::as_slice).unwrap_or(&[]);
            for (i, chit) in contents.iter().enumerate() {
                let mut left = left.clone();
                if let Some(cup) = left.get_mut(&slot.cup) {
                    cup.remove(i);
                }
                let mut drawn = drawn.clone();
                drawn.push(chit.clone());
                next.push((drawn, left));
            }
        }
        if next.is_empty() {
            return Err(RuleError::Draw(format!(
                "{} is empty: the {} has nothing to draw",
                slot.cup, slot.label
            )));
        }
        orders = next;
    }
    Ok(orders.into_iter().map(|(drawn, _)| drawn).collect())
}

/// Input for a procedure read from TOML text, every field present and valid.
pub fn parse_input(procedure: &dyn Procedure, file: &str, text: &str) -> Result<Input, String> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
        match line {
            Some(line) => format!("{file}:{line}: not valid TOML: {}", e.message().trim_end()),
            None => format!("{file}: not valid TOML: {}", e.message().trim_end()),
        }
    })?;
    Input::from_toml(procedure.fields(), &table).map_err(|errors| {
        errors
            .iter()
            .map(|e| format!("{file}: {e}"))
            .collect::<Vec<_>>()
            .join("\n")
    })
}
