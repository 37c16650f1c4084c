//! The Waterloo Campaign 1815 attack procedure checked against its rulebook.
//!
//! Specification: the rulebook `shared/seeds/000_8fb68a0da552406e.txt` (cited as Lnnn, its line
//! numbers as `cat -n` prints them) and its digest `shared/rules/seed000_waterloo_campaign.md`
//! (§3.1, §3.2, §6.1, §6.2, §7.3 A-1..A-12). Where the two disagree the rulebook wins.
//!
//! Every expected number below is worked out from the rulebook by hand (or quoted from the digest's
//! test vectors, which were re-derived from the rulebook), never read back from the code.

use crate::support;

use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::procedure::{
    Modifier, Procedure, Resolution, RuleError, odds, resolve_checked,
};
use aide_de_camp::engine::record::Effect;
use support::set::{flag as set_flag, number as set_num, text as set_text};
use support::text;
use support::waterloo_campaign::{procedure, tables};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn attack() -> &'static dyn Procedure {
    procedure("attack")
}

/// A French infantry Corps (0 stars) attacks a Coalition infantry Corps (0 stars) in clear terrain,
/// with no HQ, no support, dry ground, not the last day.
fn base() -> Input {
    let mut input = Input::defaults(attack().fields());
    input.set("attacker_side", text("french"));
    input.set("attacker_name", text("II Corps"));
    input.set("attacker_type", text("infantry"));
    input.set("defender_name", text("Hill Corps"));
    input.set("defender_type", text("infantry"));
    input.set("hex_type", text("neither"));
    input.set("grand_battery", text("none"));
    input
}

/// The designer's-notes La Haye Sainte attack, from the fixture (L1515-1522).
fn la_haye_sainte() -> Input {
    aide_de_camp::engine::procedure::parse_input(
        attack(),
        "la_haye_sainte.toml",
        include_str!("../fixtures/la_haye_sainte.toml"),
    )
    .expect("the fixture is a valid attack input")
}

fn resolve(input: &Input, attacker_die: u8, defender_die: u8) -> Resolution {
    resolve_checked(attack(), input, &tables(), &[attacker_die, defender_die])
        .unwrap_or_else(|e| panic!("resolving with dice {attacker_die},{defender_die}: {e}"))
}

/// The line ranges a rule reference cites: "Battle Stars, L700-701; L790" -> [(700,701),(790,790)].
fn cited_lines(rule: &str) -> Vec<(u32, u32)> {
    let bytes = rule.as_bytes();
    let mut out = Vec::new();
    let number_at = |mut i: usize| -> Option<(u32, usize)> {
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        (i > start).then(|| (rule[start..i].parse().expect("digits"), i))
    };
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'L'
            && let Some((lo, end)) = number_at(i + 1)
        {
            let (hi, end) = if end < bytes.len() && bytes[end] == b'-' {
                number_at(end + 1).unwrap_or((lo, end))
            } else {
                (lo, end)
            };
            out.push((lo, hi));
            i = end;
            continue;
        }
        i += 1;
    }
    out
}

/// Whether `rule` cites a rulebook line range that overlaps `lo..=hi`.
fn cites(rule: &str, lo: u32, hi: u32) -> bool {
    cited_lines(rule).iter().any(|&(a, b)| a <= hi && b >= lo)
}

fn modifier_sum(res: &Resolution, side: &str) -> i32 {
    res.modifiers
        .iter()
        .filter(|m| m.side == side)
        .map(|m| m.value)
        .sum()
}

/// The one modifier of `side` whose label contains `word` (case-insensitive).
fn modifier<'a>(res: &'a Resolution, side: &str, word: &str) -> &'a Modifier {
    let found: Vec<_> = res
        .modifiers
        .iter()
        .filter(|m| m.side == side && m.label.to_lowercase().contains(&word.to_lowercase()))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "expected exactly one {side} modifier about {word:?}, got {:#?}",
        res.modifiers
    );
    found[0]
}

fn total(res: &Resolution, side: &str) -> i32 {
    res.totals
        .iter()
        .find(|t| t.side == side)
        .unwrap_or_else(|| panic!("no total for {side}"))
        .total
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    Retreat,
    Recalled,
    Blown,
    Eliminated,
}

/// The fates (not the cavalry exhaustion) the resolution gives each unit, in order. A named unit's
/// new state is on the record; a retreat, which the record cannot follow, is a reminder naming it.
fn fates(res: &Resolution) -> Vec<(String, Fate)> {
    res.effects
        .iter()
        .filter_map(|e| match e {
            Effect::UnitState { unit, state, .. } => {
                let fate = match state.as_str() {
                    "Eliminated" => Fate::Eliminated,
                    "Recalled" => Fate::Recalled,
                    "Blown" => Fate::Blown,
                    _ => return None,
                };
                Some((unit.to_string(), fate))
            }
            Effect::Reminder { text, .. } => text
                .split_once(" retreats 3 hexes")
                .map(|(unit, _)| (unit.to_string(), Fate::Retreat)),
            _ => None,
        })
        .collect()
}

fn exhausted_units(res: &Resolution) -> Vec<String> {
    res.effects
        .iter()
        .filter_map(|e| match e {
            Effect::UnitAttribute {
                unit,
                attribute,
                value,
                ..
            } if attribute == "condition" && value == "Exhausted" => Some(unit.to_string()),
            _ => None,
        })
        .collect()
}

/// (side, points) of every victory-point effect.
fn victory_points(res: &Resolution) -> Vec<(String, i32)> {
    res.effects
        .iter()
        .filter_map(|e| match e {
            Effect::VictoryPoints { side, points, .. } => Some((side.to_string(), *points)),
            _ => None,
        })
        .collect()
}

fn vp_total(res: &Resolution, side: &str) -> i32 {
    victory_points(res)
        .iter()
        .filter(|(s, _)| s == side)
        .map(|(_, p)| p)
        .sum()
}

fn reminders(res: &Resolution) -> Vec<(&str, &str)> {
    res.effects
        .iter()
        .filter_map(|e| match e {
            Effect::Reminder { text, rule } => Some((text.as_str(), rule.as_str())),
            _ => None,
        })
        .collect()
}

/// A pursuit reminder (Pursuit, L827-830).
fn has_pursuit(res: &Resolution) -> bool {
    reminders(res)
        .iter()
        .any(|(text, rule)| cites(rule, 827, 830) && text.contains("Pursuit"))
}

fn has_limit_citing(res: &Resolution, lo: u32, hi: u32) -> bool {
    res.limits.iter().any(|l| cites(&l.rule, lo, hi))
}

fn cell(res: &Resolution) -> (&str, &str) {
    let cell = res.cell.as_ref().expect("the CRT was read");
    assert_eq!(cell.table, "crt");
    (cell.row.as_str(), cell.result.as_str())
}

/// Bands in the digest's order: A wins 5+, A 3-4, A 1-2, Stalemate, D 1-2, D 3-4, D 5+.
/// An outcome key reads "Stalemate" or "<Attacker|Defender> <CRT row>...", the row labelled as the
/// rulebook's table prints it (L776-786): "+1, +2", "+3, +4", "+5 or more".
fn band(key: &str) -> usize {
    if key.starts_with("Stalemate") {
        return 3;
    }
    let (winner, rest) = key
        .split_once(' ')
        .unwrap_or_else(|| panic!("unexpected key {key:?}"));
    let step = [("+1, +2", 0), ("+3, +4", 1), ("+5 or more", 2)]
        .iter()
        .find(|(row, _)| rest.starts_with(row))
        .map(|&(_, step)| step)
        .unwrap_or_else(|| panic!("no CRT row at the start of {rest:?} in key {key:?}"));
    match winner {
        "Attacker" => 2 - step,
        "Defender" => 4 + step,
        _ => panic!("unexpected winner in key {key:?}"),
    }
}

fn counts_by_band(input: &Input) -> [u64; 7] {
    let lines = odds(attack(), input, &tables()).expect("odds");
    let mut counts = [0u64; 7];
    for line in &lines {
        counts[band(&line.key)] += line.count;
        assert!(
            (line.probability - line.count as f64 / 36.0).abs() < 1e-12,
            "{line:?}: probability is not count/36"
        );
    }
    assert_eq!(counts.iter().sum::<u64>(), 36, "{lines:#?}");
    counts
}

// ---------------------------------------------------------------------------------------------
// 1. The La Haye Sainte example (designer's notes, L1515-1522; digest §6.1)
// ---------------------------------------------------------------------------------------------

/// L1517-1522: "the British would get +4 additional DRM (two Wellington HQ, +1 chateau, +1 Cavalry
/// support) for a total of +6 DRM. The French would get an additional +3 DRM (Napoleon HQ, Grand
/// Battery, +1 Cavalry support) ... yielding a total of +4 DRM."
#[test]
fn l1515_la_haye_sainte_defender_plus_6_attacker_plus_4() {
    let input = la_haye_sainte();
    let res = resolve(&input, 3, 1);

    // Defender (British Reserve Corps): +6.
    let stars = modifier(&res, "Defender", "Battle Stars of");
    assert_eq!(
        stars.value, 2,
        "Reserve Corps two stars (L1518-1519, L705-706)"
    );
    assert!(cites(&stars.rule, 705, 706), "{}", stars.rule);
    let hq = modifier(&res, "Defender", "HQ");
    assert_eq!(hq.value, 2, "two Wellington HQ (L1519, L706-708)");
    assert!(cites(&hq.rule, 706, 708), "{}", hq.rule);
    let terrain = modifier(&res, "Defender", "Terrain");
    assert_eq!(terrain.value, 1, "+1 chateau (L1520, L691-694)");
    assert!(cites(&terrain.rule, 691, 694), "{}", terrain.rule);
    let cavalry = modifier(&res, "Defender", "Cavalry support");
    assert_eq!(cavalry.value, 1, "+1 Cavalry support (L1520, L744-747)");
    assert!(cites(&cavalry.rule, 744, 747), "{}", cavalry.rule);
    assert_eq!(
        res.modifiers
            .iter()
            .filter(|m| m.side == "Defender")
            .count(),
        4
    );
    assert_eq!(modifier_sum(&res, "Defender"), 6);

    // Attacker (French I Corps): +4.
    let stars = modifier(&res, "Attacker", "Battle Stars of");
    assert_eq!(stars.value, 1, "one-star quality (L1517, L700-701)");
    assert!(cites(&stars.rule, 700, 701), "{}", stars.rule);
    let hq = modifier(&res, "Attacker", "HQ");
    assert_eq!(hq.value, 1, "Napoleon HQ (L1521, L701-703)");
    assert!(cites(&hq.rule, 701, 703), "{}", hq.rule);
    let battery = modifier(&res, "Attacker", "Grand Battery");
    assert_eq!(
        battery.value, 1,
        "Grand Battery counted once (L1521, L392-394, L721-723; A-3)"
    );
    assert!(
        cites(&battery.rule, 392, 394) || cites(&battery.rule, 721, 723),
        "{}",
        battery.rule
    );
    let cavalry = modifier(&res, "Attacker", "Cavalry support");
    assert_eq!(cavalry.value, 1, "+1 Cavalry support (L1522, L738-741)");
    assert!(cites(&cavalry.rule, 738, 741), "{}", cavalry.rule);
    assert_eq!(
        res.modifiers
            .iter()
            .filter(|m| m.side == "Attacker")
            .count(),
        4
    );
    assert_eq!(modifier_sum(&res, "Attacker"), 4);

    // The totals carry the same sums.
    for t in &res.totals {
        let expected = if t.side == "Attacker" { 4 } else { 6 };
        assert_eq!(t.modifiers, expected, "{t:?}");
        assert_eq!(Some(t.total), t.die.map(|d| d + expected), "{t:?}");
    }
    // The live breakdown before rolling is the same list.
    assert_eq!(attack().modifiers(&input), res.modifiers);
}

/// Every itemised modifier names its rule with a rulebook line citation ("L" and a number).
#[test]
fn l1515_la_haye_sainte_every_modifier_cites_a_rulebook_line() {
    let res = resolve(&la_haye_sainte(), 3, 1);
    assert!(!res.modifiers.is_empty());
    for m in &res.modifiers {
        assert!(
            !cited_lines(&m.rule).is_empty(),
            "modifier {:?} has no L-line citation in its rule {:?}",
            m.label,
            m.rule
        );
        assert!(
            cited_lines(&m.rule)
                .iter()
                .all(|&(lo, hi)| (1..=1642).contains(&lo) && lo <= hi && hi <= 1642),
            "modifier {:?} cites a line outside the 1642-line rulebook: {:?}",
            m.label,
            m.rule
        );
    }
}

/// L711-713: no cavalry charge into a town or chateau. La Haye Sainte is a chateau, so even a Fresh
/// supporting cavalry's stars add nothing; the attacker stays at +4 and the limit is reported.
#[test]
fn l711_no_charge_stars_into_the_la_haye_sainte_chateau() {
    let mut input = la_haye_sainte();
    set_num(&mut input, "charge_stars", 2);
    let res = resolve(&input, 3, 1);
    assert_eq!(modifier_sum(&res, "Attacker"), 4, "{:#?}", res.modifiers);
    assert!(
        !res.modifiers
            .iter()
            .any(|m| m.label.to_lowercase().contains("charge")),
        "{:#?}",
        res.modifiers
    );
    assert!(has_limit_citing(&res, 711, 713), "{:#?}", res.limits);
    // The cavalry's +1 support still counts into a chateau (L712-713).
    assert_eq!(modifier(&res, "Attacker", "Cavalry support").value, 1);
}

/// A-2 (L729-732 read with the example L1521-1522): the attacking Corps is not counted in its own
/// Attack Support. The example gives no Attack Support at all, and one other Infantry Corps in the
/// defender's ZoC adds exactly +1 (not +2 for it and the attacker).
#[test]
fn a2_l729_attacker_does_not_count_towards_its_own_attack_support() {
    let input = la_haye_sainte();
    let res = resolve(&input, 3, 1);
    assert!(
        !res.modifiers.iter().any(|m| cites(&m.rule, 729, 732)),
        "no Attack Support in the La Haye Sainte example: {:#?}",
        res.modifiers
    );

    let mut one_other = input.clone();
    set_num(&mut one_other, "attack_support", 1);
    let res = resolve(&one_other, 3, 1);
    let support = modifier(&res, "Attacker", "Attack Support");
    assert_eq!(support.value, 1);
    assert!(cites(&support.rule, 729, 732), "{}", support.rule);
    assert_eq!(modifier_sum(&res, "Attacker"), 5);
}

// ---------------------------------------------------------------------------------------------
// 2. Digest §6.1 test vectors TV1-TV7: La Haye Sainte on the last day, GB stacked with I Corps
// ---------------------------------------------------------------------------------------------

/// TV1: French 3, British 1 -> 7/7, Stalemate (L683-684, L797): no effect; both sides' supporting
/// cavalry flips to Exhausted (L738-747, L1592); the GB stays and is recalled at the end of the
/// turn (L398-399). No pursuit: nobody vacated (L827-830).
#[test]
fn tv1_l797_stalemate_no_effect_cavalry_exhausted_gb_stays() {
    let res = resolve(&la_haye_sainte(), 3, 1);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (7, 7));
    assert_eq!(cell(&res), ("0", "S"));
    assert_eq!(res.cell.as_ref().unwrap().result_label, "Stalemate");
    assert!(fates(&res).is_empty(), "{:#?}", res.effects);
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
    assert!(!has_pursuit(&res));
    let rem = reminders(&res);
    assert!(
        rem.iter().any(|(text, rule)| text.contains("Exhausted")
            && text.contains('2')
            && (cites(rule, 738, 747) || cites(rule, 1587, 1592))),
        "both supporting Cavalry Corps flip to Exhausted: {rem:#?}"
    );
    assert!(
        rem.iter().any(|(_, rule)| cites(rule, 398, 399)),
        "GB stays and is recalled at the end of the turn: {rem:#?}"
    );
}

/// TV2: French 4, British 1 -> 8/7, F+1 Retreat (L779-780): the Reserve Corps retreats 3 hexes
/// (L800-806), no VP; I Corps must pursue (L827-830); if it advances the GB, left alone, is
/// Recalled (L394-396), and is not eliminated.
#[test]
fn tv2_l800_defender_retreats_attacker_pursues_gb_recalled_on_advance() {
    let res = resolve(&la_haye_sainte(), 4, 1);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (8, 7));
    assert_eq!(cell(&res), ("+1, +2", "R"));
    assert_eq!(
        fates(&res),
        vec![("Reserve Corps".to_string(), Fate::Retreat)]
    );
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
    assert!(has_pursuit(&res), "{:#?}", res.effects);
    assert!(
        reminders(&res)
            .iter()
            .any(|(text, rule)| cites(rule, 394, 396) && text.contains("Recalled")),
        "{:#?}",
        res.effects
    );
}

/// TV2, retreat impossible: Retreat becomes Blown (L805-806), and on the last day Blown is
/// Eliminated (L814-815): +3 VP to the French (L820-821).
#[test]
fn tv2_l805_l814_defender_cannot_retreat_on_last_day_is_eliminated() {
    let mut input = la_haye_sainte();
    set_flag(&mut input, "defender_cannot_retreat");
    let res = resolve(&input, 4, 1);
    assert_eq!(cell(&res), ("+1, +2", "R"));
    assert_eq!(
        fates(&res),
        vec![("Reserve Corps".to_string(), Fate::Eliminated)]
    );
    assert_eq!(victory_points(&res), vec![("french".to_string(), 3)]);
    assert!(has_limit_citing(&res, 805, 806), "{:#?}", res.limits);
    assert!(has_limit_citing(&res, 814, 815), "{:#?}", res.limits);
    assert!(has_pursuit(&res));
}

/// TV3: French 6, British 1 -> 10/7, F+3 Blown (L782-783) -> last day -> Eliminated (L814-815):
/// Reserve Corps removed, French +3 VP (L820-821, L875). Pursuit as in TV2.
#[test]
fn tv3_l814_blown_on_last_day_is_eliminated_plus_3_vp_french() {
    let res = resolve(&la_haye_sainte(), 6, 1);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (10, 7));
    assert_eq!(cell(&res), ("+3, +4", "B"));
    assert_eq!(
        fates(&res),
        vec![("Reserve Corps".to_string(), Fate::Eliminated)]
    );
    assert_eq!(victory_points(&res), vec![("french".to_string(), 3)]);
    assert!(has_pursuit(&res));
}

/// TV3 before the last day: the Reserve Corps is Blown (L811-814), goes on the track, no VP.
#[test]
fn tv3_l811_blown_before_the_last_day_stays_blown() {
    let mut input = la_haye_sainte();
    input.set("turn", Value::Number(4));
    let res = resolve(&input, 6, 1);
    assert_eq!(cell(&res), ("+3, +4", "B"));
    assert_eq!(
        fates(&res),
        vec![("Reserve Corps".to_string(), Fate::Blown)]
    );
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
    assert!(
        has_pursuit(&res),
        "a Blown defender vacates its hex (L827-830)"
    );
}

/// TV4: French 6, British 1 without cavalry support and chateau (British +4) -> 10/5, F+5
/// Eliminated (L785-786): +3 VP French (L820-821).
#[test]
fn tv4_l785_difference_5_eliminates_plus_3_vp_french() {
    let mut input = la_haye_sainte();
    input.set("terrain_bonus", Value::Flag(false));
    set_text(&mut input, "hex_type", "neither");
    set_num(&mut input, "defender_cavalry_support", 0);
    let res = resolve(&input, 6, 1);
    assert_eq!(modifier_sum(&res, "Defender"), 4);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (10, 5));
    assert_eq!(cell(&res), ("+5 or more", "E"));
    assert_eq!(
        fates(&res),
        vec![("Reserve Corps".to_string(), Fate::Eliminated)]
    );
    assert_eq!(victory_points(&res), vec![("french".to_string(), 3)]);
    assert!(has_pursuit(&res));
}

/// TV5: French 2, British 2 -> 6/8, British +2: I Corps retreats (L800-806); the GB is left alone
/// by a combat result and is eliminated, +2 VP Coalition (L396-398, L885-886). No pursuit: only
/// the attacker pursues (L828).
#[test]
fn tv5_l396_attacker_retreats_grand_battery_eliminated_no_pursuit() {
    let res = resolve(&la_haye_sainte(), 2, 2);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (6, 8));
    assert_eq!(cell(&res), ("+1, +2", "R"));
    let fates = fates(&res);
    assert!(
        fates.contains(&("I Corps".to_string(), Fate::Retreat)),
        "{fates:?}"
    );
    assert!(
        fates
            .iter()
            .any(|(unit, fate)| unit.contains("Grand Battery") && *fate == Fate::Eliminated),
        "{fates:?}"
    );
    assert!(
        !fates.iter().any(|(unit, _)| unit == "Reserve Corps"),
        "{fates:?}"
    );
    assert_eq!(victory_points(&res), vec![("coalition".to_string(), 2)]);
    assert!(!has_pursuit(&res), "{:#?}", res.effects);
}

/// TV6: French 1, British 6 -> 5/12, British +7 Eliminated: I Corps eliminated, +3 VP Coalition
/// (L819-821); the GB is left alone and eliminated, +2 VP Coalition (L396-398, L885-886).
#[test]
fn tv6_l819_l885_i_corps_and_grand_battery_eliminated_plus_5_vp_coalition() {
    let res = resolve(&la_haye_sainte(), 1, 6);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (5, 12));
    assert_eq!(cell(&res), ("+5 or more", "E"));
    let fates = fates(&res);
    assert!(
        fates.contains(&("I Corps".to_string(), Fate::Eliminated)),
        "{fates:?}"
    );
    assert!(
        fates
            .iter()
            .any(|(unit, fate)| unit.contains("Grand Battery") && *fate == Fate::Eliminated),
        "{fates:?}"
    );
    let mut vp = victory_points(&res);
    vp.sort();
    assert_eq!(
        vp,
        vec![("coalition".to_string(), 2), ("coalition".to_string(), 3)]
    );
    assert_eq!(vp_total(&res, "coalition"), 5);
    assert_eq!(vp_total(&res, "french"), 0);
    assert!(!has_pursuit(&res));
}

/// TV7: French 3, British 4 -> 7/10, British +3 Blown (L782-783) -> last day -> Eliminated
/// (L814-815): as TV6, +5 VP Coalition in all.
#[test]
fn tv7_l814_attacker_blown_on_last_day_eliminated_as_tv6() {
    let res = resolve(&la_haye_sainte(), 3, 4);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (7, 10));
    assert_eq!(cell(&res), ("+3, +4", "B"));
    let fates = fates(&res);
    assert!(
        fates.contains(&("I Corps".to_string(), Fate::Eliminated)),
        "{fates:?}"
    );
    assert!(
        fates
            .iter()
            .any(|(unit, fate)| unit.contains("Grand Battery") && *fate == Fate::Eliminated),
        "{fates:?}"
    );
    assert_eq!(vp_total(&res, "coalition"), 5);
    assert!(has_limit_citing(&res, 814, 815), "{:#?}", res.limits);
    assert!(!has_pursuit(&res));
}

/// TV7 before the last day: I Corps is Blown (L811-814), no VP for it; the GB still dies because
/// its Corps received "any other combat result" (L396-398): +2 VP Coalition only.
#[test]
fn tv7_l396_attacker_blown_before_last_day_gb_still_eliminated() {
    let mut input = la_haye_sainte();
    input.set("turn", Value::Number(4));
    let res = resolve(&input, 3, 4);
    let fates = fates(&res);
    assert!(
        fates.contains(&("I Corps".to_string(), Fate::Blown)),
        "{fates:?}"
    );
    assert_eq!(victory_points(&res), vec![("coalition".to_string(), 2)]);
}

/// L1587-1592: "Cavalry becomes exhausted whenever it participates in combat, as attacker,
/// defender, or as support" -- whatever the result, a stalemate included.
#[test]
fn l1592_attacking_and_defending_cavalry_exhausted_whatever_the_result() {
    let mut input = base();
    set_text(&mut input, "attacker_type", "cavalry");
    set_text(&mut input, "attacker_name", "Res Cav Corps");
    set_text(&mut input, "defender_type", "cavalry");
    set_text(&mut input, "defender_name", "Uxbridge Cav Corps");
    for (a, d) in [(3, 3), (6, 1), (1, 6)] {
        let res = resolve(&input, a, d);
        let exhausted = exhausted_units(&res);
        assert!(
            exhausted.contains(&"Res Cav Corps".to_string())
                && exhausted.contains(&"Uxbridge Cav Corps".to_string()),
            "dice {a},{d}: {:#?}",
            res.effects
        );
    }
    // Infantry is never "exhausted".
    let res = resolve(&base(), 6, 1);
    assert!(exhausted_units(&res).is_empty(), "{:#?}", res.effects);
}

/// Pursuit (L827-830) only when the defending unit vacates its hex: never for a stalemate, never
/// when the attacker loses; always when the defender Retreats, is Blown or Eliminated.
#[test]
fn l827_pursuit_reminder_only_when_the_defender_vacates() {
    let input = base();
    // Totals are the bare dice: a - d.
    for (a, d, pursuit) in [
        (3, 3, false),
        (4, 3, true),
        (6, 3, true),
        (6, 1, true),
        (3, 4, false),
        (1, 4, false),
        (1, 6, false),
    ] {
        let res = resolve(&input, a, d);
        assert_eq!(
            has_pursuit(&res),
            pursuit,
            "dice {a},{d}: {:#?}",
            res.effects
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 3. Exact distributions (CRT L771-787, one d6 each side L682-685; digest §6.1)
// ---------------------------------------------------------------------------------------------

/// Digest §6.1: at net -2 (La Haye Sainte, +4 vs +6), out of 36: French wins by 5+ 0, by 3-4 1,
/// by 1-2 5, stalemate 4, British wins by 1-2 11, by 3-4 9, by 5+ 6.
#[test]
fn l1515_net_minus_2_distribution_0_1_5_4_11_9_6() {
    let input = la_haye_sainte();
    assert_eq!(counts_by_band(&input), [0, 1, 5, 4, 11, 9, 6]);
    // P(French success) = 6/36 and P(I Corps Retreat or worse) = 26/36 (digest §6.1).
    let lines = odds(attack(), &input, &tables()).expect("odds");
    let attacker_wins: u64 = lines
        .iter()
        .filter(|l| l.key.starts_with("Attacker"))
        .map(|l| l.count)
        .sum();
    let defender_wins: u64 = lines
        .iter()
        .filter(|l| l.key.starts_with("Defender"))
        .map(|l| l.count)
        .sum();
    assert_eq!((attacker_wins, defender_wins), (6, 26));
}

/// The odds agree with resolving each of the 36 die pairs one by one.
#[test]
fn l682_odds_agree_with_resolving_every_die_pair() {
    let input = la_haye_sainte();
    let mut counts = [0u64; 7];
    for a in 1..=6u8 {
        for d in 1..=6u8 {
            counts[band(&resolve(&input, a, d).outcome.key)] += 1;
        }
    }
    assert_eq!(counts, counts_by_band(&input));
}

const GENERAL_TABLE: [(i32, [u64; 7]); 9] = [
    (-4, [0, 0, 1, 2, 7, 11, 15]),
    (-3, [0, 0, 3, 3, 9, 11, 10]),
    (-2, [0, 1, 5, 4, 11, 9, 6]),
    (-1, [0, 3, 7, 5, 11, 7, 3]),
    (0, [1, 5, 9, 6, 9, 5, 1]),
    (1, [3, 7, 11, 5, 7, 3, 0]),
    (2, [6, 9, 11, 4, 5, 1, 0]),
    (3, [10, 11, 9, 3, 3, 0, 0]),
    (4, [15, 11, 7, 2, 1, 0, 0]),
];

fn assert_net(input: &Input, n: i32) {
    let res = resolve(input, 1, 1);
    assert_eq!(
        modifier_sum(&res, "Attacker") - modifier_sum(&res, "Defender"),
        n,
        "{:#?}",
        res.modifiers
    );
}

/// Digest §6.1 general table, n = -4..+4, net made of Battle Stars only (L700-701, L705-706).
#[test]
fn l771_general_distribution_by_net_modifier_from_battle_stars() {
    for (n, expected) in GENERAL_TABLE {
        let mut input = base();
        set_num(&mut input, "attacker_stars", i64::from(n.max(0)));
        set_num(&mut input, "defender_stars", i64::from((-n).max(0)));
        assert_net(&input, n);
        assert_eq!(counts_by_band(&input), expected, "net {n:+}");
    }
}

/// The same table with the net built from other modifiers: two adjacent Cavalry Corps for the
/// attacker (L738-741) and soft ground (-1, L1094-1096, on turn 5, when rain can fall) against
/// terrain (+1, L691-694) and the defender's stars; plus the Coalition attacking, so the sides do
/// not matter.
#[test]
fn l771_general_distribution_by_net_modifier_from_mixed_modifiers() {
    for (n, expected) in GENERAL_TABLE {
        let mut input = base();
        set_num(&mut input, "turn", 5);
        set_text(&mut input, "attacker_side", "coalition");
        set_num(&mut input, "attacker_stars", i64::from(n.max(0)));
        set_num(&mut input, "attacker_cavalry_support", 2);
        set_flag(&mut input, "soft_ground");
        set_flag(&mut input, "terrain_bonus");
        set_num(&mut input, "defender_stars", i64::from((-n).max(0)));
        assert_net(&input, n);
        assert_eq!(counts_by_band(&input), expected, "net {n:+}");
    }
}

// ---------------------------------------------------------------------------------------------
// 4. CRT boundaries (L771-787), through the procedure
// ---------------------------------------------------------------------------------------------

/// Differences 0, 1, 2, 3, 4, 5 and 15 read the rows "0", "+1, +2", "+3, +4", "+5 or more" as the
/// rulebook prints them, with S, R, R, B, B, E, E.
/// (stars and HQ stars of the attacker, attacker die, defender die, difference, row, row index,
/// result code, result label).
type CrtCase = (
    i64,
    u8,
    u8,
    i32,
    &'static str,
    usize,
    &'static str,
    &'static str,
);

#[test]
fn l776_crt_boundaries_attacker_wins() {
    let cases: [CrtCase; 7] = [
        (0, 3, 3, 0, "0", 0, "S", "Stalemate"),
        (0, 4, 3, 1, "+1, +2", 1, "R", "Retreat"),
        (0, 5, 3, 2, "+1, +2", 1, "R", "Retreat"),
        (0, 6, 3, 3, "+3, +4", 2, "B", "Blown"),
        (0, 6, 2, 4, "+3, +4", 2, "B", "Blown"),
        (0, 6, 1, 5, "+5 or more", 3, "E", "Eliminated"),
        (5, 6, 1, 15, "+5 or more", 3, "E", "Eliminated"),
    ];
    for (stars, a, d, difference, row, row_index, code, label) in cases {
        let mut input = base();
        set_num(&mut input, "attacker_stars", stars);
        set_num(&mut input, "attacker_hq_stars", stars);
        let res = resolve(&input, a, d);
        assert_eq!(
            total(&res, "Attacker") - total(&res, "Defender"),
            difference
        );
        let c = res.cell.as_ref().expect("cell");
        assert_eq!(
            (
                c.row.as_str(),
                c.row_index,
                c.result.as_str(),
                c.result_label.as_str()
            ),
            (row, row_index, code, label),
            "difference {difference}"
        );
    }
}

/// The same rows when the defender wins: the difference is the higher total minus the lower
/// (L684), so the result falls on the attacking Corps.
#[test]
fn l684_crt_boundaries_defender_wins() {
    let cases: [(i64, u8, u8, &str, &str, Fate); 6] = [
        (0, 3, 4, "+1, +2", "R", Fate::Retreat),
        (0, 3, 5, "+1, +2", "R", Fate::Retreat),
        (0, 3, 6, "+3, +4", "B", Fate::Blown),
        (0, 2, 6, "+3, +4", "B", Fate::Blown),
        (0, 1, 6, "+5 or more", "E", Fate::Eliminated),
        (5, 1, 6, "+5 or more", "E", Fate::Eliminated),
    ];
    for (stars, a, d, row, code, fate) in cases {
        let mut input = base();
        set_num(&mut input, "defender_stars", stars);
        let res = resolve(&input, a, d);
        assert_eq!(cell(&res), (row, code), "dice {a},{d} stars {stars}");
        assert_eq!(fates(&res), vec![("II Corps".to_string(), fate)]);
    }
}

// ---------------------------------------------------------------------------------------------
// 5. Digest §6.2 V1-V7: Detachments, Old Guard, Grand Battery, charges, defending cavalry
// ---------------------------------------------------------------------------------------------

/// A French 0-star Corps attacks a lone Coalition Detachment (0 stars) in +1 terrain.
fn corps_vs_lone_detachment() -> Input {
    let mut input = base();
    set_text(&mut input, "defender_type", "detachment");
    set_text(&mut input, "defender_name", "Perponcher Detachment");
    set_flag(&mut input, "terrain_bonus");
    input
}

/// V1: A 1+0+2 = 3 vs D 6+1 = 7: the Detachment wins by 4, "Blown", but a Corps that attacks a
/// Detachment "must Retreat instead" (L815); +2 for attacking a Detachment (L763-765).
#[test]
fn v1_l815_corps_blown_by_lone_detachment_retreats_instead() {
    let res = resolve(&corps_vs_lone_detachment(), 1, 6);
    let plus_two = modifier(&res, "Attacker", "Detachment");
    assert_eq!(plus_two.value, 2);
    assert!(cites(&plus_two.rule, 763, 765), "{}", plus_two.rule);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (3, 7));
    assert_eq!(cell(&res), ("+3, +4", "B"));
    assert_eq!(fates(&res), vec![("II Corps".to_string(), Fate::Retreat)]);
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
    assert!(has_limit_citing(&res, 815, 815), "{:#?}", res.limits);
}

/// V1 on the last day: the Blown result is still converted to Retreat (L815), not Eliminated.
#[test]
fn v1_l815_corps_blown_by_lone_detachment_retreats_even_on_last_day() {
    let mut input = corps_vs_lone_detachment();
    set_num(&mut input, "turn", 7);
    let res = resolve(&input, 1, 6);
    assert_eq!(fates(&res), vec![("II Corps".to_string(), Fate::Retreat)]);
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
}

/// L819-820: "If a Corps attacks a Detachment and receives an Eliminated result, the Corps must
/// Retreat instead." Detachment with 2 stars in +1 terrain: A 1+2 = 3 vs D 6+2+1 = 9, by 6.
#[test]
fn v1_l819_corps_eliminated_by_lone_detachment_retreats_instead() {
    let mut input = corps_vs_lone_detachment();
    set_num(&mut input, "defender_stars", 2);
    set_num(&mut input, "turn", 7);
    let res = resolve(&input, 1, 6);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (3, 9));
    assert_eq!(cell(&res), ("+5 or more", "E"));
    assert_eq!(fates(&res), vec![("II Corps".to_string(), Fate::Retreat)]);
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
    assert!(has_limit_citing(&res, 819, 820), "{:#?}", res.limits);
}

/// the converted Retreat is impossible -> Blown (L805-806), not converted again.
#[test]
fn v1_a12_converted_retreat_impossible_is_blown() {
    let mut input = corps_vs_lone_detachment();
    set_flag(&mut input, "attacker_cannot_retreat");
    let res = resolve(&input, 1, 6);
    assert_eq!(fates(&res), vec![("II Corps".to_string(), Fate::Blown)]);
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
    assert!(has_limit_citing(&res, 805, 806), "{:#?}", res.limits);
}

/// A-12 on the last day: Blown is Eliminated (L814-815), +3 VP to the Coalition (L820-821).
#[test]
fn v1_a12_converted_retreat_impossible_on_last_day_is_eliminated() {
    let mut input = corps_vs_lone_detachment();
    set_flag(&mut input, "attacker_cannot_retreat");
    set_num(&mut input, "turn", 7);
    let res = resolve(&input, 1, 6);
    assert_eq!(
        fates(&res),
        vec![("II Corps".to_string(), Fate::Eliminated)]
    );
    assert_eq!(victory_points(&res), vec![("coalition".to_string(), 3)]);
}

/// L815, L819-820 say "a Detachment", without the "not stacked" of L765: a Corps that attacks a
/// Detachment stacked with a Corps and receives Blown must still Retreat instead.
/// Stacked: no +2 (L765), no stars (L410-412). A 1 vs D 4+1 = 5: by 4, Blown.
#[test]
fn l815_corps_blown_attacking_a_stacked_detachment_retreats_instead() {
    let mut input = corps_vs_lone_detachment();
    set_flag(&mut input, "defender_stacked");
    let res = resolve(&input, 1, 4);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (1, 5));
    assert_eq!(cell(&res), ("+3, +4", "B"));
    assert_eq!(fates(&res), vec![("II Corps".to_string(), Fate::Retreat)]);
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
}

/// V2: a Corps beats a lone Detachment by 1: Retreat -> the Detachment is Recalled (L807-808),
/// no VP; it vacates, so the attacker pursues (L827-830). A 2+2 = 4 vs D 2+1 = 3.
#[test]
fn v2_l807_lone_detachment_retreat_is_recalled_and_attacker_pursues() {
    let res = resolve(&corps_vs_lone_detachment(), 2, 2);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (4, 3));
    assert_eq!(cell(&res), ("+1, +2", "R"));
    assert_eq!(
        fates(&res),
        vec![("Perponcher Detachment".to_string(), Fate::Recalled)]
    );
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
    assert!(has_limit_citing(&res, 807, 808), "{:#?}", res.limits);
    assert!(has_pursuit(&res));
}

/// V2 with no legal retreat for the Detachment: it is Recalled all the same (L807-808 do not
/// depend on a retreat path), and the last day changes nothing.
#[test]
fn v2_l807_lone_detachment_is_recalled_whatever_its_retreat_path() {
    let mut input = corps_vs_lone_detachment();
    set_flag(&mut input, "defender_cannot_retreat");
    set_num(&mut input, "turn", 7);
    let res = resolve(&input, 2, 2);
    assert_eq!(
        fates(&res),
        vec![("Perponcher Detachment".to_string(), Fate::Recalled)]
    );
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
}

/// L807-808: a Detachment stacked with a friendly Corps that receives a Retreat is Eliminated,
/// +1 VP (L820-821). Stacked: no +2 for the attacker (L765), its stars do not count (L410-412).
/// The Corps stays in the hex, so there is nothing to pursue into. A 4 vs D 2+1 = 3.
#[test]
fn l807_stacked_detachment_retreat_is_eliminated_plus_1_vp() {
    let mut input = corps_vs_lone_detachment();
    set_flag(&mut input, "defender_stacked");
    set_num(&mut input, "defender_stars", 1);
    let res = resolve(&input, 4, 2);
    assert_eq!(modifier_sum(&res, "Attacker"), 0, "{:#?}", res.modifiers);
    assert_eq!(modifier_sum(&res, "Defender"), 1, "terrain only");
    assert_eq!(cell(&res), ("+1, +2", "R"));
    assert_eq!(
        fates(&res),
        vec![("Perponcher Detachment".to_string(), Fate::Eliminated)]
    );
    assert_eq!(victory_points(&res), vec![("french".to_string(), 1)]);
    assert!(has_limit_citing(&res, 807, 808), "{:#?}", res.limits);
    assert!(!has_pursuit(&res), "{:#?}", res.effects);
}

/// V3: a Corps beats a lone Detachment by 3 -> Blown -> Detachments that receive a Blown result
/// are Eliminated (L816): +1 VP (L820-821). A 4+2 = 6 vs D 2+1 = 3.
#[test]
fn v3_l816_lone_detachment_blown_is_eliminated_plus_1_vp() {
    let res = resolve(&corps_vs_lone_detachment(), 4, 2);
    assert_eq!((total(&res, "Attacker"), total(&res, "Defender")), (6, 3));
    assert_eq!(cell(&res), ("+3, +4", "B"));
    assert_eq!(
        fates(&res),
        vec![("Perponcher Detachment".to_string(), Fate::Eliminated)]
    );
    assert_eq!(victory_points(&res), vec![("french".to_string(), 1)]);
    assert!(has_limit_citing(&res, 816, 816), "{:#?}", res.limits);
    assert!(has_pursuit(&res));
}

/// V3 with the Old Guard and the Grand Battery: eliminated, they score 2 VP instead of 1 for the
/// Coalition (L885-886). The Coalition attacks: A 4+2 = 6 vs OG 1+2 = 3 (by 3); the Grand Battery,
/// never alone in its hex (L384-399), is stacked with a Corps: A 4 vs GB 1 (by 3), and any loss
/// eliminates it (L807-808).
#[test]
fn v3_l885_old_guard_and_grand_battery_score_2_vp_for_the_coalition() {
    for (kind, defender_die) in [("old_guard", 1), ("grand_battery", 1)] {
        let mut input = base();
        set_text(&mut input, "attacker_side", "coalition");
        set_text(&mut input, "attacker_name", "Reserve Corps");
        set_text(&mut input, "defender_type", kind);
        set_text(&mut input, "defender_name", kind);
        if kind == "grand_battery" {
            set_flag(&mut input, "defender_stacked");
        }
        let res = resolve(&input, 4, defender_die);
        assert_eq!(
            fates(&res),
            vec![(kind.to_string(), Fate::Eliminated)],
            "{kind}"
        );
        assert_eq!(
            victory_points(&res),
            vec![("coalition".to_string(), 2)],
            "{kind}"
        );
        let Some(Effect::VictoryPoints { rule, .. }) = res
            .effects
            .iter()
            .find(|e| matches!(e, Effect::VictoryPoints { .. }))
        else {
            unreachable!()
        };
        assert!(cites(rule, 885, 886), "{kind}: {rule}");
    }
}

/// V4: Old Guard alone has two Battle Stars (L409-410), whatever is entered for its stars, plus
/// Napoleon's HQ (L706-708) = +3; a 1-star Corps +1, +2 against a Detachment (L763-765) = +3: net 0.
#[test]
fn v4_l409_old_guard_alone_two_stars_net_zero() {
    let mut input = base();
    set_text(&mut input, "attacker_side", "coalition");
    set_text(&mut input, "attacker_name", "Prussian II Corps");
    set_num(&mut input, "attacker_stars", 1);
    set_text(&mut input, "defender_type", "old_guard");
    set_text(&mut input, "defender_name", "Old Guard");
    set_num(&mut input, "defender_hq_stars", 1);
    let res = resolve(&input, 3, 3);
    let og = res
        .modifiers
        .iter()
        .find(|m| m.side == "Defender" && cites(&m.rule, 409, 410))
        .unwrap_or_else(|| panic!("no Old Guard stars: {:#?}", res.modifiers));
    assert_eq!(og.value, 2);
    assert_eq!(modifier_sum(&res, "Defender"), 3);
    assert_eq!(modifier_sum(&res, "Attacker"), 3);
    assert_eq!(cell(&res), ("0", "S"));
    assert_eq!(counts_by_band(&input), GENERAL_TABLE[4].1);
}

/// L410-412: stacked with a friendly Corps, the Old Guard "does not add its Battle Stars", and
/// the attacker gets no +2 (L765).
#[test]
fn l410_old_guard_stacked_adds_no_stars() {
    let mut input = base();
    set_text(&mut input, "attacker_side", "coalition");
    set_num(&mut input, "attacker_stars", 1);
    set_text(&mut input, "defender_type", "old_guard");
    set_text(&mut input, "defender_name", "Old Guard");
    set_num(&mut input, "defender_stars", 2);
    set_flag(&mut input, "defender_stacked");
    set_num(&mut input, "defender_hq_stars", 1);
    let res = resolve(&input, 3, 3);
    assert_eq!(
        modifier_sum(&res, "Defender"),
        1,
        "HQ only: {:#?}",
        res.modifiers
    );
    assert_eq!(
        modifier_sum(&res, "Attacker"),
        1,
        "stars only: {:#?}",
        res.modifiers
    );
    assert!(has_limit_citing(&res, 410, 412), "{:#?}", res.limits);
}

/// L392-394: the Grand Battery "only modifies attacks, not defense". It defends stacked with a
/// Corps, never alone (L384-399).
#[test]
fn l394_grand_battery_adds_nothing_in_defence() {
    let mut input = base();
    set_text(&mut input, "attacker_side", "coalition");
    set_flag(&mut input, "defender_stacked");
    set_text(&mut input, "defender_type", "grand_battery");
    set_text(&mut input, "defender_name", "Grand Battery");
    set_num(&mut input, "defender_stars", 1);
    let res = resolve(&input, 3, 3);
    assert_eq!(modifier_sum(&res, "Defender"), 0, "{:#?}", res.modifiers);
}

/// V5: infantry 1 star, one adjacent Fresh cavalry (2 stars) that would charge, defender in a town:
/// +1 stars +1 cavalry support, no charge (L711-713); the cavalry still flips (L716-718, L1592).
#[test]
fn v5_l711_no_charge_into_a_town() {
    let mut input = base();
    set_num(&mut input, "attacker_stars", 1);
    set_num(&mut input, "attacker_cavalry_support", 1);
    set_num(&mut input, "charge_stars", 2);
    set_text(&mut input, "hex_type", "town");
    let res = resolve(&input, 3, 3);
    assert_eq!(modifier_sum(&res, "Attacker"), 2, "{:#?}", res.modifiers);
    assert_eq!(modifier(&res, "Attacker", "Cavalry support").value, 1);
    assert!(has_limit_citing(&res, 711, 713), "{:#?}", res.limits);
    assert!(
        reminders(&res)
            .iter()
            .any(|(text, _)| text.contains("Exhausted")),
        "{:#?}",
        res.effects
    );
}

/// V6: the same outside a town or chateau, charge elected: +1 +1 +2 = +4 (L716-718, L738-741).
#[test]
fn v6_l716_charge_in_the_open_adds_the_cavalry_stars() {
    let mut input = base();
    set_num(&mut input, "attacker_stars", 1);
    set_num(&mut input, "attacker_cavalry_support", 1);
    set_num(&mut input, "charge_stars", 2);
    let res = resolve(&input, 3, 3);
    assert_eq!(modifier_sum(&res, "Attacker"), 4, "{:#?}", res.modifiers);
    let charge = modifier(&res, "Attacker", "Charge");
    assert_eq!(charge.value, 2);
    assert!(cites(&charge.rule, 716, 718), "{}", charge.rule);
    assert!(
        reminders(&res)
            .iter()
            .any(|(text, _)| text.contains("Exhausted")),
        "{:#?}",
        res.effects
    );
}

/// L716-718: only "a Fresh Cavalry Corps ... supporting the attack" may add its stars as a charge;
/// supporting cavalry is the cavalry adjacent to the attacking Corps (L738-741). With no Cavalry
/// Corps adjacent there is nobody to charge: the input must be refused or the charge not counted.
#[test]
fn l716_no_charge_without_a_supporting_cavalry_corps() {
    let mut input = base();
    set_num(&mut input, "attacker_stars", 1);
    set_num(&mut input, "attacker_cavalry_support", 0);
    set_num(&mut input, "charge_stars", 2);
    match resolve_checked(attack(), &input, &tables(), &[3, 3]) {
        Err(_) => {}
        Ok(res) => assert_eq!(
            modifier_sum(&res, "Attacker"),
            1,
            "a charge was counted without a supporting Cavalry Corps: {:#?}",
            res.modifiers
        ),
    }
}

/// L711-712: an attacking Cavalry Corps into a town or a chateau does not add its own stars;
/// in the open it does (L700-701).
#[test]
fn l711_attacking_cavalry_adds_no_stars_into_town_or_chateau() {
    for (hex, expected) in [("town", 0), ("chateau", 0), ("neither", 2)] {
        let mut input = base();
        set_text(&mut input, "attacker_type", "cavalry");
        set_num(&mut input, "attacker_stars", 2);
        set_text(&mut input, "hex_type", hex);
        let res = resolve(&input, 3, 3);
        assert_eq!(
            modifier_sum(&res, "Attacker"),
            expected,
            "{hex}: {:#?}",
            res.modifiers
        );
        assert_eq!(has_limit_citing(&res, 711, 712), expected == 0, "{hex}");
    }
}

/// V7: Cavalry defending in a town adds no Battle Stars (L1641); terrain +1 still applies
/// (L691-694); it flips to Exhausted (L1592). In a chateau its stars count (L1641 names only
/// towns; A-7).
#[test]
fn v7_l1641_defending_cavalry_no_stars_in_town_but_in_chateau() {
    let mut input = base();
    set_text(&mut input, "defender_type", "cavalry");
    set_text(&mut input, "defender_name", "Uxbridge Cav Corps");
    set_num(&mut input, "defender_stars", 2);
    set_flag(&mut input, "terrain_bonus");
    set_text(&mut input, "hex_type", "town");
    let res = resolve(&input, 3, 3);
    assert_eq!(modifier_sum(&res, "Defender"), 1, "{:#?}", res.modifiers);
    assert!(has_limit_citing(&res, 1641, 1641), "{:#?}", res.limits);
    assert!(exhausted_units(&res).contains(&"Uxbridge Cav Corps".to_string()));

    set_text(&mut input, "hex_type", "chateau");
    let res = resolve(&input, 3, 3);
    assert_eq!(modifier_sum(&res, "Defender"), 3, "{:#?}", res.modifiers);
    assert_eq!(modifier(&res, "Defender", "Battle Stars of").value, 2);

    // The session setting that extends the town rule to chateaux takes the stars away there too.
    set_text(&mut input, "chateau_defence", "loses_stars");
    let res = resolve(&input, 3, 3);
    assert_eq!(modifier_sum(&res, "Defender"), 1, "{:#?}", res.modifiers);
    assert!(
        res.limits.iter().any(|l| l.rule.contains("A-7")),
        "{:#?}",
        res.limits
    );
    // A town is a town under either reading.
    set_text(&mut input, "hex_type", "town");
    assert_eq!(modifier_sum(&resolve(&input, 3, 3), "Defender"), 1);
}

// ---------------------------------------------------------------------------------------------
// 6. Conversions and other modifiers
// ---------------------------------------------------------------------------------------------

/// L805-806: a Corps that cannot retreat "becomes Blown instead" -- not on the last day it stays
/// Blown (no VP); the attacker's retreat too.
#[test]
fn l805_retreat_impossible_is_blown() {
    let mut input = base();
    set_flag(&mut input, "defender_cannot_retreat");
    let res = resolve(&input, 4, 3);
    assert_eq!(cell(&res), ("+1, +2", "R"));
    assert_eq!(fates(&res), vec![("Hill Corps".to_string(), Fate::Blown)]);
    assert!(victory_points(&res).is_empty());
    assert!(has_limit_citing(&res, 805, 806), "{:#?}", res.limits);

    let mut input = base();
    set_flag(&mut input, "attacker_cannot_retreat");
    let res = resolve(&input, 3, 4);
    assert_eq!(fates(&res), vec![("II Corps".to_string(), Fate::Blown)]);
    assert!(victory_points(&res).is_empty());
}

/// The retreat flag of the winner changes nothing (L805: "If a unit cannot Retreat" is the loser).
#[test]
fn l805_only_the_losers_retreat_path_matters() {
    let mut input = base();
    set_flag(&mut input, "attacker_cannot_retreat");
    let res = resolve(&input, 4, 3);
    assert_eq!(fates(&res), vec![("Hill Corps".to_string(), Fate::Retreat)]);
}

/// L814-815: "During the last day of a scenario, all Blown results are instead treated as
/// Eliminated" -- +3 VP (L820-821); before the last day, Blown.
#[test]
fn l814_blown_is_eliminated_on_the_last_day_only() {
    let res = resolve(&base(), 6, 3);
    assert_eq!(fates(&res), vec![("Hill Corps".to_string(), Fate::Blown)]);
    assert!(victory_points(&res).is_empty());

    let mut input = base();
    set_num(&mut input, "turn", 7);
    let res = resolve(&input, 6, 3);
    assert_eq!(
        fates(&res),
        vec![("Hill Corps".to_string(), Fate::Eliminated)]
    );
    assert_eq!(victory_points(&res), vec![("french".to_string(), 3)]);

    // The Coalition attacking and losing on the last day: the French score.
    let mut input = base();
    set_text(&mut input, "attacker_side", "coalition");
    set_num(&mut input, "turn", 7);
    let res = resolve(&input, 3, 6);
    assert_eq!(
        fates(&res),
        vec![("II Corps".to_string(), Fate::Eliminated)]
    );
    assert_eq!(victory_points(&res), vec![("french".to_string(), 3)]);
}

/// L1094-1096 (erratum): on soft ground "the attackers subtract 1 from their attack roll"; the
/// defender's roll is unchanged, whichever side attacks. Turn 5, when rain can fall (L1074-1087).
#[test]
fn l1094_soft_ground_minus_1_to_the_attacker_only() {
    for side in ["french", "coalition"] {
        let mut input = base();
        set_num(&mut input, "turn", 5);
        set_text(&mut input, "attacker_side", side);
        set_num(&mut input, "attacker_stars", 2);
        set_num(&mut input, "defender_stars", 1);
        let dry = resolve(&input, 4, 4);
        set_flag(&mut input, "soft_ground");
        let wet = resolve(&input, 4, 4);
        assert_eq!(
            total(&wet, "Attacker"),
            total(&dry, "Attacker") - 1,
            "{side}"
        );
        assert_eq!(total(&wet, "Defender"), total(&dry, "Defender"), "{side}");
        let soft = wet
            .modifiers
            .iter()
            .find(|m| cites(&m.rule, 1094, 1096))
            .unwrap_or_else(|| panic!("no soft-ground modifier: {:#?}", wet.modifiers));
        assert_eq!((soft.side.as_str(), soft.value), ("Attacker", -1));
    }
}

/// L692-694: "A maximum of +1 applies to the defense roll for terrain" -- a chateau or town with
/// the TEC's +1 gives +1 in all, never +2.
#[test]
fn l693_terrain_at_most_plus_1() {
    for hex in ["neither", "town", "chateau"] {
        let mut input = base();
        set_flag(&mut input, "terrain_bonus");
        set_text(&mut input, "hex_type", hex);
        let res = resolve(&input, 3, 3);
        let terrain: i32 = res
            .modifiers
            .iter()
            .filter(|m| cites(&m.rule, 691, 694))
            .map(|m| m.value)
            .sum();
        assert_eq!(terrain, 1, "{hex}: {:#?}", res.modifiers);
        assert_eq!(modifier_sum(&res, "Defender"), 1, "{hex}");
        // Terrain never helps the attacker (L692 "the defender (only)").
        assert_eq!(modifier_sum(&res, "Attacker"), 0, "{hex}");
    }
}

/// L877-879: the French Imperial Guard Infantry and Cavalry Corps score 5 VP instead of 3 for the
/// Coalition if Eliminated -- as attacker or as defender.
#[test]
fn l877_guard_corps_eliminated_scores_5_vp() {
    for kind in ["guard_infantry", "guard_cavalry"] {
        // French Guard attacks and loses by 5.
        let mut input = base();
        set_text(&mut input, "attacker_type", kind);
        set_text(&mut input, "attacker_name", "Guard");
        let res = resolve(&input, 1, 6);
        assert!(
            fates(&res).contains(&("Guard".to_string(), Fate::Eliminated)),
            "{kind}: {:#?}",
            res.effects
        );
        assert_eq!(
            victory_points(&res),
            vec![("coalition".to_string(), 5)],
            "{kind}"
        );

        // French Guard defends and loses by 5.
        let mut input = base();
        set_text(&mut input, "attacker_side", "coalition");
        set_text(&mut input, "defender_type", kind);
        set_text(&mut input, "defender_name", "Guard");
        let res = resolve(&input, 6, 1);
        assert!(
            fates(&res).contains(&("Guard".to_string(), Fate::Eliminated)),
            "{kind}: {:#?}",
            res.effects
        );
        assert_eq!(
            victory_points(&res),
            vec![("coalition".to_string(), 5)],
            "{kind}"
        );
        let Some(Effect::VictoryPoints { rule, .. }) = res
            .effects
            .iter()
            .find(|e| matches!(e, Effect::VictoryPoints { .. }))
        else {
            unreachable!()
        };
        assert!(cites(rule, 877, 879), "{kind}: {rule}");
    }
    // A Guard Corps Blown on the last day is Eliminated (L814-815) and still scores 5.
    let mut input = base();
    set_text(&mut input, "attacker_type", "guard_infantry");
    set_text(&mut input, "attacker_name", "Guard");
    set_num(&mut input, "turn", 7);
    let res = resolve(&input, 3, 6);
    assert_eq!(cell(&res), ("+3, +4", "B"));
    assert_eq!(fates(&res), vec![("Guard".to_string(), Fate::Eliminated)]);
    assert_eq!(victory_points(&res), vec![("coalition".to_string(), 5)]);
    // An ordinary Cavalry Corps scores 3 (L875, L820-821).
    let mut input = base();
    set_text(&mut input, "attacker_type", "cavalry");
    let res = resolve(&input, 1, 6);
    assert_eq!(victory_points(&res), vec![("coalition".to_string(), 3)]);
}

/// L790: "Supporting units are never affected by the combat result": a Grand Battery stacked with
/// a supporting Corps (one Attack Support, L729-732) adds +1 (L721-723) and survives the attacker's
/// defeat (A 1+1+1 = 3 vs D 6: by 3, the attacking Corps is Blown).
#[test]
fn l790_grand_battery_with_a_supporting_corps_survives_a_defeat() {
    let mut input = base();
    set_text(&mut input, "grand_battery", "with_supporter");
    set_num(&mut input, "attack_support", 1);
    let res = resolve(&input, 1, 6);
    assert_eq!(modifier(&res, "Attacker", "Grand Battery").value, 1);
    assert!(
        !fates(&res)
            .iter()
            .any(|(unit, _)| unit.contains("Grand Battery")),
        "{:#?}",
        res.effects
    );
    assert_eq!(fates(&res), vec![("II Corps".to_string(), Fate::Blown)]);
    assert!(victory_points(&res).is_empty(), "{:#?}", res.effects);
}

// ---------------------------------------------------------------------------------------------
// 7. Impossible dice (one d6 per side, L142-146, L682)
// ---------------------------------------------------------------------------------------------

#[test]
fn l682_impossible_faces_are_an_error_naming_the_die() {
    let input = base();
    let tables = tables();
    for (faces, die) in [
        ([0u8, 3u8], "Attacker die"),
        ([7, 3], "Attacker die"),
        ([3, 0], "Defender die"),
        ([3, 7], "Defender die"),
    ] {
        let err = resolve_checked(attack(), &input, &tables, &faces)
            .expect_err("an impossible face must be refused");
        assert!(matches!(err, RuleError::Dice(_)), "{faces:?}: {err:?}");
        let text = err.to_string();
        assert!(
            text.contains(die),
            "{faces:?}: {text:?} should name the {die}"
        );
        assert!(
            text.contains(
                &faces
                    .iter()
                    .find(|f| !(1..=6).contains(*f))
                    .unwrap()
                    .to_string()
            ),
            "{faces:?}: {text:?} should name the face"
        );
        // Nothing else reaches the procedure: `resolve` takes only faces the engine checked.
    }
    // One face for two dice is refused as well.
    assert!(matches!(
        resolve_checked(attack(), &input, &tables, &[3]),
        Err(RuleError::Dice(_))
    ));
}

/// T1 = June 15 AM ... T7 = June 18 AM, T8 = June 18 PM (L970-971, L1115-1116): the attack form
/// opens on the record's turn, and Blown becomes Eliminated on turns 7 and 8 only (L814-815).
#[test]
fn l814_the_form_knows_the_last_day_from_the_turn() {
    use aide_de_camp::engine::record::{Position, Record};
    for (turn, last_day) in [(1, false), (3, false), (6, false), (7, true), (8, true)] {
        let mut input = Input::defaults(attack().fields());
        let record = Record {
            position: Position {
                turn,
                phase: 3,
                step: 0,
            },
            ..Record::default()
        };
        attack().prefill(&mut input, &record);
        assert_eq!(input.number("turn"), turn as i32, "turn {turn}");
        set_text(&mut input, "attacker_name", "II Corps");
        set_text(&mut input, "defender_name", "Hill Corps");
        // Attacker wins by 3 (CRT +3, +4: Blown, L771-787).
        let res = resolve(&input, 4, 1);
        let expected = if last_day {
            Fate::Eliminated
        } else {
            Fate::Blown
        };
        assert_eq!(
            fates(&res),
            vec![("Hill Corps".to_string(), expected)],
            "turn {turn}"
        );
    }
}

/// "If the attacking Corps is in Command Range of an associated HQ in Battle mode, add the HQ's
/// Battle Stars as well" (L701-703; the same for the defender, L706-708): the text speaks of one
/// HQ. A French Corps in range of Napoleon (1 star) and Ney (1 star, L1545-1547) adds one HQ's
/// stars, the best, by default; the setting, on the form and among the session's settings,
/// can add them all. Other HQs entered without the best one's stars are refused, naming the field.
#[test]
fn l702_several_hqs_in_range_add_the_best_ones_stars_or_all() {
    let mut input = base();
    assert_eq!(input.text("hq_stars"), "best", "the default");
    assert!(
        procedure("settings")
            .fields()
            .iter()
            .any(|f| f.id == "hq_stars")
    );
    set_num(&mut input, "attacker_hq_stars", 1);
    set_num(&mut input, "attacker_more_hq_stars", 1);
    set_num(&mut input, "defender_hq_stars", 2);
    set_num(&mut input, "defender_more_hq_stars", 1);
    let best = resolve(&input, 3, 3);
    assert_eq!(modifier_sum(&best, "Attacker"), 1, "{:#?}", best.modifiers);
    assert_eq!(modifier_sum(&best, "Defender"), 2, "{:#?}", best.modifiers);
    assert!(has_limit_citing(&best, 701, 708), "{:#?}", best.limits);

    set_text(&mut input, "hq_stars", "sum");
    let sum = resolve(&input, 3, 3);
    assert_eq!(modifier_sum(&sum, "Attacker"), 2, "{:#?}", sum.modifiers);
    assert_eq!(modifier_sum(&sum, "Defender"), 3, "{:#?}", sum.modifiers);
    assert!(!has_limit_citing(&sum, 701, 708), "{:#?}", sum.limits);

    set_num(&mut input, "attacker_hq_stars", 0);
    let refused = resolve_checked(attack(), &input, &tables(), &[3, 3])
        .expect_err("the best HQ's stars first")
        .to_string();
    assert!(refused.contains("field `attacker_hq_stars`"), "{refused}");
}

/// The Grand Battery is placed "to the same hex as any friendly unit" (L384-386) and, left alone, is
/// at once Recalled or eliminated (L394-399): it never defends alone, and the form refuses a lone
/// one, naming the field. Stacked "with the attacking Corps or any of the Corps supporting the
/// attack" it adds its star (L721-723): with a supporting Corps it needs one counted, under Attack
/// Support (L729-732) or Cavalry Support (L738-741).
#[test]
fn l384_l721_the_grand_battery_is_never_alone() {
    let mut lone = base();
    set_text(&mut lone, "attacker_side", "coalition");
    set_text(&mut lone, "defender_type", "grand_battery");
    let refused = resolve_checked(attack(), &lone, &tables(), &[3, 3])
        .expect_err("a lone Grand Battery")
        .to_string();
    assert!(refused.contains("field `defender_stacked`"), "{refused}");
    assert!(refused.contains("L384-386"), "{refused}");
    set_flag(&mut lone, "defender_stacked");
    assert!(resolve_checked(attack(), &lone, &tables(), &[3, 3]).is_ok());

    let mut unsupported = base();
    set_text(&mut unsupported, "grand_battery", "with_supporter");
    let refused = resolve_checked(attack(), &unsupported, &tables(), &[3, 3])
        .expect_err("no supporter counted")
        .to_string();
    assert!(refused.contains("field `grand_battery`"), "{refused}");
    assert!(refused.contains("L721-723"), "{refused}");
    for support in ["attack_support", "attacker_cavalry_support"] {
        let mut supported = unsupported.clone();
        set_num(&mut supported, support, 1);
        let res = resolve(&supported, 3, 3);
        assert_eq!(
            modifier(&res, "Attacker", "Grand Battery").value,
            1,
            "{support}"
        );
    }
}
