//! A Fire or Shock Table result applied to a unit, code by code in printed order (R 9.12-9.17,
//! L1441-1542; digest, Corrections "Order of a combined result"): steps lost, retreats, Disorder
//! and Rout, automatic or checked. A 'd' or 'r' check rolls one of the dice the procedure threw
//! for it, so a resolution carries its whole result; each check says its roll.

use super::checks::{self, TestKind, ZeroPasses};
use super::forms::Piece;
use crate::engine::procedure::Modifier;
use crate::engine::record::Effect;
use crate::engine::tables::Token;

const STEPS_RULE: &str = "Step losses, R 9.13, L1459-1466";
const RETREAT_RULE: &str = "Retreat, R 9.14, L1468-1482";
const CHECK_RULE: &str = "'d' and 'r', R 9.12C-D, L1452-1457";
const FURTHER_RULE: &str = "Heavy Cavalry against Disordered infantry, R 8.66A, L1208";

/// The unit a result strikes, as the form states it.
pub struct Struck<'a> {
    pub piece: Piece<'a>,
    pub cohesion: i32,
    /// Steps it can still lose before it is eliminated, if known.
    pub steps_left: Option<i32>,
    /// The modifiers of its own Disorder and Rout checks: Shaken +1 to Disorder rolls (L1640),
    /// Square -1 to every Cohesion Check (L1301).
    pub shaken: bool,
    pub square: bool,
    /// The target is a chateau's CID, whose results convert (R 8.93C, L1392-1406).
    pub chateau: bool,
    /// Further modifiers of its checks that the combat gives (Lancers, Cuirassiers, a River
    /// Bridge: L761, L1210-1212).
    pub check_modifiers: Vec<CheckModifier>,
    /// Any further Disorder, a 'D' or a failed 'd', Routs it instead: Disordered infantry
    /// Charged by Heavy Cavalry (R 8.66A, L1208).
    pub further_disorder_routs: bool,
}

/// A modifier of the 'd' checks, or of the 'd' and 'r' checks, a combat gives a unit.
#[derive(Clone)]
pub struct CheckModifier {
    /// The check codes it modifies: "d", or "d" and "r".
    pub codes: &'static [&'static str],
    pub modifier: Modifier,
}

/// What a result did: the record's changes and the result card's words.
#[derive(Default)]
pub struct Applied {
    pub effects: Vec<Effect>,
    pub words: Vec<String>,
    /// The check dice it rolled.
    pub dice_used: usize,
    /// Its Disorder afterwards ("none", "D-1", "D-2", "routed" or "eliminated").
    pub disorder_after: String,
    /// Whether it left its hex: a retreat, a Rout or its elimination, or a further Disorder of
    /// D-1 cavalry or artillery (L1506-1512).
    pub left_hex: bool,
    /// The steps it can still lose afterwards, if known.
    pub steps_left: Option<i32>,
}

/// Applies `tokens` to `unit` in order, rolling its checks on `dice`. `ranged_artillery`: artillery
/// fire from two or more hexes, after which a further Disorder on D-1 artillery is ignored (L1512).
pub fn apply(
    tokens: &[Token],
    unit: &Struck,
    dice: &[u8],
    zero: ZeroPasses,
    rule: &str,
    ranged_artillery: bool,
) -> Applied {
    let mut applied = Applied::default();
    let mut disorder: &str = unit.piece.disorder;
    let mut left = unit.steps_left;
    let called = unit.piece.called();
    let converted;
    let tokens = if unit.chateau {
        converted = against_a_chateau(tokens);
        applied.words.push(format!(
            "{called} is a chateau: its results convert (L1392-1406)"
        ));
        converted.as_slice()
    } else {
        tokens
    };
    for token in tokens {
        if disorder == "eliminated" {
            break;
        }
        let piece = Piece {
            disorder,
            ..unit.piece.clone_ref()
        };
        match token.code.as_str() {
            "1" | "2" => {
                let steps: i32 = if token.code == "1" { 1 } else { 2 };
                for _ in 0..steps {
                    applied.effects.extend(piece.step_lost(STEPS_RULE));
                }
                left = left.map(|l| l - steps);
                if left.is_some_and(|l| l <= 0) {
                    applied
                        .words
                        .push(format!("{called} loses its last step: eliminated"));
                    applied.effects.extend(piece.eliminated(STEPS_RULE));
                    disorder = "eliminated";
                } else {
                    applied
                        .words
                        .push(format!("{called} loses {steps} step(s)"));
                }
            }
            "B" => {
                applied.left_hex = true;
                applied.words.push(format!("{called} retreats 1 hex"));
                applied.effects.push(Effect::reminder(
                    &format!("{called} retreats 1 hex away from the enemy; if it cannot, it stays and loses 1 more step (or the player takes a 1 instead)"),
                    RETREAT_RULE,
                ));
                if piece.kind == "artillery" && !(ranged_artillery && disorder == "D-1") {
                    applied
                        .words
                        .push(format!("{called}, artillery that retreats, is Disordered"));
                    let rule = "Artillery, R 8.82A, L1331";
                    disorder = disorder_once(&piece, &mut applied, &mut left, rule, unit.chateau);
                }
            }
            "D" => {
                if ranged_artillery && piece.kind == "artillery" && disorder == "D-1" {
                    applied.words.push(format!(
                        "{called} is already D-1: a further Disorder from ranged artillery fire is ignored"
                    ));
                    continue;
                }
                if unit.further_disorder_routs {
                    applied
                        .words
                        .push(format!("{called} is Disordered again: it Routs (L1208)"));
                    applied.effects.extend(piece.routs(FURTHER_RULE));
                    disorder = "routed";
                    continue;
                }
                applied.words.push(format!("{called} is Disordered"));
                disorder = disorder_once(&piece, &mut applied, &mut left, rule, unit.chateau);
            }
            "R" => {
                applied.words.push(format!("{called} Routs"));
                applied.effects.extend(piece.routs(rule));
                disorder = if piece.kind == "artillery" {
                    "eliminated"
                } else {
                    "routed"
                };
            }
            "d" | "r" => {
                let Some(die) = dice.get(applied.dice_used).copied() else {
                    applied.effects.push(Effect::reminder(
                        &format!(
                            "{called} takes one more '{}' check: resolve it as a Cohesion Check",
                            token.code
                        ),
                        CHECK_RULE,
                    ));
                    continue;
                };
                applied.dice_used += 1;
                let mut modifiers = Vec::new();
                if token.modifier != 0 {
                    modifiers.push(Modifier::new(
                        &called,
                        "The result's own modifier",
                        token.modifier,
                        CHECK_RULE,
                    ));
                }
                if token.code == "d" && unit.shaken {
                    modifiers.push(Modifier::new(
                        &called,
                        "Shaken Command",
                        1,
                        "Shaken, R 10.21, L1640",
                    ));
                }
                if unit.square {
                    modifiers.push(Modifier::new(
                        &called,
                        "In Square",
                        -1,
                        "Square, R 8.73D, L1301",
                    ));
                }
                modifiers.extend(
                    unit.check_modifiers
                        .iter()
                        .filter(|m| m.codes.contains(&token.code.as_str()))
                        .map(|m| m.modifier.clone()),
                );
                let tested = checks::roll_under(
                    die,
                    unit.cohesion,
                    &modifiers,
                    TestKind::CohesionCheck,
                    zero,
                );
                let check = format!("'{}' check, {}", token.code, tested.describe());
                if tested.passed {
                    applied.words.push(format!("{called} passes its {check}"));
                } else if token.code == "d" {
                    if ranged_artillery && piece.kind == "artillery" && disorder == "D-1" {
                        applied.words.push(format!("{called} fails its {check}, but a further Disorder from ranged artillery fire is ignored"));
                        continue;
                    }
                    if unit.further_disorder_routs {
                        applied.words.push(format!(
                            "{called} fails its {check}: Disordered again, it Routs (L1208)"
                        ));
                        applied.effects.extend(piece.routs(FURTHER_RULE));
                        disorder = "routed";
                        continue;
                    }
                    applied
                        .words
                        .push(format!("{called} fails its {check}: Disordered"));
                    disorder =
                        disorder_once(&piece, &mut applied, &mut left, CHECK_RULE, unit.chateau);
                } else {
                    applied
                        .words
                        .push(format!("{called} fails its {check}: it Routs"));
                    applied.effects.extend(piece.routs(CHECK_RULE));
                    disorder = if piece.kind == "artillery" {
                        "eliminated"
                    } else {
                        "routed"
                    };
                }
            }
            _ => {}
        }
    }
    applied.left_hex |=
        matches!(disorder, "routed" | "eliminated") && disorder != unit.piece.disorder;
    applied.disorder_after = disorder.to_string();
    applied.steps_left = left;
    applied
}

/// One Disorder that is no table result (Automatic Disorder, L923, L1228) on `piece`, with
/// `steps_left` steps: up the ladder as a 'D' (L1504-1512), a Routed unit losing a step instead
/// (L1523); in a chateau, the CID's ladder (L1406).
pub fn disorder(piece: &Piece, steps_left: Option<i32>, rule: &str, chateau: bool) -> Applied {
    let mut applied = Applied::default();
    let mut left = steps_left;
    let after = disorder_once(piece, &mut applied, &mut left, rule, chateau);
    applied.left_hex |= after != piece.disorder && matches!(after, "routed" | "eliminated");
    applied.disorder_after = after.to_string();
    applied.steps_left = left;
    applied
}

/// A result against Blown cavalry (R 8.67B, L1236): its 'd' and 'r' become automatic 'D' and
/// 'R', and a result with any automatic part costs one more step, once (digest, Corrections: the
/// rulebook's `1BDr` costs 2 steps).
pub fn against_blown(tokens: &[Token]) -> Vec<Token> {
    let mut converted: Vec<Token> = tokens
        .iter()
        .map(|t| match t.code.as_str() {
            "d" => Token {
                code: "D".into(),
                modifier: 0,
            },
            "r" => Token {
                code: "R".into(),
                modifier: 0,
            },
            _ => t.clone(),
        })
        .collect();
    if converted.iter().any(|t| t.code != "-") {
        converted.insert(
            0,
            Token {
                code: "1".into(),
                modifier: 0,
            },
        );
    }
    converted
}

/// One Disorder result on `piece`: its new Disorder. Where the Disorder costs a step instead (a
/// Routed unit, L1523; D-1 artillery, L1512; a chateau's CID at D-2, L1406), the step counts
/// toward elimination.
fn disorder_once(
    piece: &Piece,
    applied: &mut Applied,
    left: &mut Option<i32>,
    rule: &str,
    chateau: bool,
) -> &'static str {
    let called = piece.called();
    if chateau && piece.disorder == "D-2" {
        applied
            .words
            .push(format!("{called}, a CID at D-2, loses a step instead"));
        applied
            .effects
            .extend(piece.step_lost("Chateaux, R 8.93C, L1406"));
    } else {
        applied.effects.extend(piece.disordered(rule));
        // D-1 cavalry retreats or Routs on its roll, D-1 artillery retreats and loses a step
        // (L1506-1512): either way it leaves its hex.
        if piece.disorder == "D-1" && piece.kind != "infantry" {
            applied.left_hex = true;
        }
        if !piece.disorder_costs_step() {
            return piece.after_disorder();
        }
    }
    *left = left.map(|l| l - 1);
    if left.is_some_and(|l| l <= 0) {
        applied
            .words
            .push(format!("{called} loses its last step: eliminated"));
        applied.effects.extend(piece.eliminated(STEPS_RULE));
        return "eliminated";
    }
    piece.disorder_level()
}

/// A result against a chateau's CID (R 8.93C, L1392-1406): a B is ignored, a D is read as a 'd'
/// at +3, an 'r' as a D, an R as a step lost; step losses and 'd' stand.
fn against_a_chateau(tokens: &[Token]) -> Vec<Token> {
    tokens
        .iter()
        .filter_map(|t| match t.code.as_str() {
            "B" => None,
            "D" => Some(Token {
                code: "d".into(),
                modifier: 3,
            }),
            "r" => Some(Token {
                code: "D".into(),
                modifier: 0,
            }),
            "R" => Some(Token {
                code: "1".into(),
                modifier: 0,
            }),
            _ => Some(t.clone()),
        })
        .collect()
}
