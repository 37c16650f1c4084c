//! Shock strength and odds (R 8.52, L1048-1054; R 8.53E, L1090): each side's Strength Points after
//! every adjustment the rules make per unit, and the odds read from them.
//!
//! Readings taken (the first two: digest, Corrections):
//! - Halving is per unit, after any charge multiplier, each rounded down (L761, L1160, L1300).
//! - "Rounding in favour of" a side moves to the neighbouring column that favours it (L1050-1054);
//!   beyond 6-1 or 1-4 the ratio is rounded the same way before its levels are counted (L1090).
//! - Artillery alone in a hex defends at 1 (L1325), a rule per hex; the form lists the units of
//!   the hexes attacked without their hex. So artillery counts 1 in all only when every defender
//!   is artillery; among other defenders it is taken as stacked with them and adds 0 (L1327),
//!   even if it is alone in a second hex attacked. Likewise the attacker's 'd' against
//!   unsupported artillery (L1335) is read only when every defender is artillery.

use super::Situation;
use crate::engine::procedure::Modifier;

const CHARGE_RULE: &str = "Charge Strength Multipliers, R 8.62, L1141-1160";

/// A side's Shock strength, and the adjustments that made it.
pub struct Strength {
    pub total: u32,
    pub adjustments: Vec<Modifier>,
}

/// How many times a charging cavalry unit's strength counts (R 8.62, L1152-1158; R 8.63B, L1166;
/// R 8.64B, L1191), or 1.
fn charge_multiplier(situation: &Situation, kind: &str) -> u32 {
    if !situation.charge_multiplies() {
        return 1;
    }
    match (kind, situation.charge) {
        ("heavy_cavalry", "flank" | "front_unsupported") => 3,
        ("heavy_cavalry", "rear") => 2,
        ("light_cavalry", "flank") => 2,
        // Light Cavalry gets the unsupported-flank benefit only in a Reaction Charge, at x2
        // (L1168, L1191).
        ("light_cavalry", "front_unsupported") if situation.reaction_charge => 2,
        _ => 1,
    }
}

pub fn attack(situation: &Situation) -> Strength {
    let mut adjustments = Vec::new();
    let mut total = 0u32;
    let side = "Attacking strength";
    for fighter in &situation.attackers {
        let printed = u32::try_from(fighter.strength).unwrap_or(0);
        let mut strength = printed;
        if fighter.cavalry() && situation.chateau() {
            strength = 1;
            adjustments.push(Modifier::new(
                side,
                format!(
                    "{}: cavalry against a chateau, {printed} SP count 1",
                    fighter.name
                ),
                1 - i32::try_from(printed).unwrap_or(0),
                "Chateaux, R 8.66F, L1220",
            ));
            total += strength;
            continue;
        }
        let times = if fighter.cavalry() {
            charge_multiplier(situation, &fighter.kind)
        } else {
            1
        };
        if times > 1 {
            strength *= times;
            adjustments.push(Modifier::new(
                side,
                format!(
                    "{}: charge x{times}, {printed} SP count {strength}",
                    fighter.name
                ),
                i32::try_from(strength - printed).unwrap_or(0),
                CHARGE_RULE,
            ));
        }
        if fighter.cavalry() && situation.defenders.iter().any(|d| d.square) {
            let before = strength;
            strength /= 2;
            adjustments.push(Modifier::new(
                side,
                format!("{}: cavalry against a Square, halved", fighter.name),
                i32::try_from(strength).unwrap_or(0) - i32::try_from(before).unwrap_or(0),
                "Square, R 8.73C, L1300",
            ));
        }
        if situation.across_bridge {
            let before = strength;
            strength /= 2;
            adjustments.push(Modifier::new(
                side,
                format!("{}: across a River Bridge, halved", fighter.name),
                i32::try_from(strength).unwrap_or(0) - i32::try_from(before).unwrap_or(0),
                "River Bridge, R 7.32E, L761",
            ));
        }
        total += strength;
    }
    Strength { total, adjustments }
}

pub fn defence(situation: &Situation) -> Strength {
    let side = "Defending strength";
    if situation.chateau() {
        let mut adjustments = vec![Modifier::new(
            side,
            format!(
                "A chateau defends with its CID Strength, {}, not its units' (L1354, L1386)",
                situation.cid_strength
            ),
            0,
            "Chateaux, R 8.92C, L1354; R 8.93B, L1386-1388",
        )];
        let mut total = situation.cid_strength;
        if let Some(outside) = situation
            .defenders
            .first()
            .filter(|_| situation.supported_from_outside())
        {
            let strength = u32::try_from(outside.strength).unwrap_or(0);
            total += strength;
            adjustments.push(Modifier::new(
                side,
                format!(
                    "{}, supporting from outside and assaulted with the chateau, adds its {strength} SP",
                    outside.name
                ),
                i32::try_from(strength).unwrap_or(0),
                "Chateaux, R 8.93B, L1388",
            ));
        }
        return Strength { total, adjustments };
    }
    let printed: u32 = situation
        .defenders
        .iter()
        .map(|f| u32::try_from(f.strength).unwrap_or(0))
        .sum();
    if situation.defenders.iter().all(|f| f.kind == "artillery") {
        return Strength {
            total: 1,
            adjustments: vec![Modifier::new(
                side,
                "Artillery defending alone: a total Shock strength of 1",
                1 - i32::try_from(printed).unwrap_or(0),
                "Artillery in Shock, R 8.81B, L1325",
            )],
        };
    }
    let mut adjustments = Vec::new();
    let mut total = 0;
    for fighter in &situation.defenders {
        if fighter.kind == "artillery" {
            adjustments.push(Modifier::new(
                side,
                format!(
                    "{}: artillery stacked with other units adds 0",
                    fighter.name
                ),
                -i32::try_from(fighter.strength).unwrap_or(0),
                "Artillery in Shock, R 8.81C, L1327",
            ));
        } else {
            total += u32::try_from(fighter.strength).unwrap_or(0);
        }
    }
    Strength { total, adjustments }
}

/// Which side the odds round for (R 8.52, L1050-1054).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Favour {
    Attacker,
    Defender,
}

/// The DRM of odds beyond the table (R 8.53E, L1090): -1 for each level above 6-1, +1 for each
/// below 1-4, at most 6 either way. A level is one whole step of the ratio, rounded for the
/// favoured side: 10-1 is -4 and 1-10 is +6, as the rule's examples.
pub fn beyond_the_table(attack: u32, defence: u32, favour: Favour) -> i32 {
    let (a, d) = (u64::from(attack), u64::from(defence));
    if d == 0 || a == 0 {
        return 0;
    }
    let ceil = |x: u64, y: u64| x.div_ceil(y);
    let levels = if a >= 6 * d {
        let ratio = match favour {
            Favour::Attacker => ceil(a, d),
            Favour::Defender => a / d,
        };
        -i64::try_from(ratio.saturating_sub(6)).unwrap_or(6)
    } else if 4 * a <= d {
        let ratio = match favour {
            Favour::Attacker => d / a,
            Favour::Defender => ceil(d, a),
        };
        i64::try_from(ratio.saturating_sub(4)).unwrap_or(6)
    } else {
        0
    };
    i32::try_from(levels.clamp(-6, 6)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R 8.53E, L1090: "10-1 ... -4"; "1-10 ... +6".
    #[test]
    fn the_rules_examples_of_odds_beyond_the_table() {
        for favour in [Favour::Attacker, Favour::Defender] {
            assert_eq!(beyond_the_table(10, 1, favour), -4);
            assert_eq!(beyond_the_table(1, 10, favour), 6);
            assert_eq!(beyond_the_table(6, 1, favour), 0);
            assert_eq!(beyond_the_table(1, 4, favour), 0);
            assert_eq!(beyond_the_table(3, 1, favour), 0);
        }
        assert_eq!(beyond_the_table(100, 1, Favour::Attacker), -6);
        assert_eq!(beyond_the_table(1, 100, Favour::Defender), 6);
    }

    /// Digest, Corrections: 13:2 is 7-1 (-1) in the attacker's favour and 6-1 (0) in the
    /// defender's; 2:9 is 1-4 (0) in the attacker's favour and 1-5 (+1) in the defender's.
    #[test]
    fn odds_beyond_the_table_round_for_the_favoured_side() {
        assert_eq!(beyond_the_table(13, 2, Favour::Attacker), -1);
        assert_eq!(beyond_the_table(13, 2, Favour::Defender), 0);
        assert_eq!(beyond_the_table(2, 9, Favour::Attacker), 0);
        assert_eq!(beyond_the_table(2, 9, Favour::Defender), 1);
    }
}
