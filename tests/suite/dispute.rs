//! The dispute view: every column is the procedure resolved with its reading, and the readings
//! that matter under the facts are the ones marked as differing.

use crate::support::{enemy_mistakes, number, run_binary, text, waterloo_campaign};
use aide_de_camp::engine::dispute::{Dispute, Reading, compare_readings};
use aide_de_camp::engine::input::{Input, Value};
use aide_de_camp::engine::procedure::{Procedure, odds, resolve_checked};
use aide_de_camp::engine::record::Cups;
use aide_de_camp::engine::table_set::TableSet;
use aide_de_camp::games::Game;
use std::path::Path;

/// The form's input with `reading`'s settings put in.
fn input_of(form: &Input, reading: &Reading) -> Input {
    let mut input = form.clone();
    for setting in &reading.settings {
        input.set(&setting.id, Value::Text(setting.value.as_str().into()));
    }
    input
}

/// Checks every column of `dispute` against the procedure resolved on its own with that column's
/// settings: the modifiers, the resolution with `faces` and the odds.
fn assert_each_column_resolves_as_its_setting(
    dispute: &Dispute,
    procedure: &dyn Procedure,
    form: &Input,
    tables: &TableSet,
    faces: &[u8],
) {
    for reading in &dispute.readings {
        let input = input_of(form, reading);
        let resolution = resolve_checked(procedure, &input, tables, faces)
            .unwrap_or_else(|e| panic!("{}: {e}", reading.title()));
        assert_eq!(
            reading.resolution.as_ref(),
            Some(&resolution),
            "{}",
            reading.title()
        );
        assert_eq!(
            reading.modifiers,
            procedure.modifiers_read(&input, tables),
            "{}",
            reading.title()
        );
        assert_eq!(
            reading.odds,
            odds(procedure, &input, tables).expect("the odds"),
            "{}",
            reading.title()
        );
        assert_eq!(reading.refused, None);
    }
}

fn reading<'a>(dispute: &'a Dispute, setting: &str, value: &str) -> &'a Reading {
    dispute
        .readings
        .iter()
        .find(|r| {
            r.changed
                .as_ref()
                .is_some_and(|c| c.id == setting && c.value == value)
        })
        .unwrap_or_else(|| panic!("no reading with {setting} = {value}"))
}

/// A French Corps attacks with Napoleon's HQ in range (1 star) and two more stars from another
/// HQ in Battle mode: the HQ stars setting (A-1, L701-708) decides whether those two count.
fn attack_with_two_hqs() -> Input {
    let attack = waterloo_campaign::procedure("attack");
    let mut input = Input::defaults(attack.fields());
    for (id, value) in [
        ("attacker_side", text("french")),
        ("attacker_name", text("II Corps")),
        ("attacker_type", text("infantry")),
        ("attacker_hq_stars", number(1)),
        ("attacker_more_hq_stars", number(2)),
        ("defender_name", text("Hill Corps")),
        ("defender_type", text("infantry")),
        ("hex_type", text("neither")),
        ("grand_battery", text("none")),
    ] {
        input.set(id, value);
    }
    input
}

#[test]
fn a_waterloo_campaign_attack_is_resolved_under_each_setting_that_bears_on_it() {
    let game: &Game = waterloo_campaign::game();
    let attack = waterloo_campaign::procedure("attack");
    let tables = waterloo_campaign::tables();
    let form = attack_with_two_hqs();
    let settings = game.settings_bearing_on(attack);
    let ids: Vec<&str> = settings.iter().map(|f| f.id).collect();
    assert_eq!(ids, ["recall_wait", "chateau_defence", "hq_stars"]);

    let faces = [3, 3];
    let dispute = compare_readings(
        attack,
        &settings,
        &form,
        &tables,
        &Cups::default(),
        Some(&faces),
    );
    // The form's reading, then each setting's other choice: every setting here has two.
    assert_eq!(dispute.readings.len(), 4);
    assert_eq!(dispute.readings[0].changed, None);
    assert_each_column_resolves_as_its_setting(&dispute, attack, &form, &tables, &faces);

    // Every HQ's stars added: the attacker's total is 2 higher, and the result moves with it.
    let best = &dispute.readings[0];
    let sum = reading(&dispute, "hq_stars", "sum");
    let attacker_total = |r: &Reading| {
        r.resolution
            .as_ref()
            .and_then(|res| res.totals.iter().find(|t| t.side == "Attacker"))
            .map(|t| t.total)
            .expect("an attacker total")
    };
    assert_eq!(attacker_total(sum), attacker_total(best) + 2);
    assert!(!sum.same_as_form);
    assert_ne!(sum.odds, best.odds);
    // Neither a chateau nor a Recall is in these facts: those readings change nothing.
    assert!(reading(&dispute, "chateau_defence", "loses_stars").same_as_form);
    assert!(reading(&dispute, "recall_wait", "one_full_turn").same_as_form);
    // Each column names its reading's rule lines.
    assert!(
        sum.changed
            .as_ref()
            .expect("changed")
            .rule
            .contains("L701-708")
    );
}

#[test]
fn an_enemy_mistakes_melee_losses_roll_is_resolved_under_each_reading_of_the_loss_faces() {
    let game: &Game = enemy_mistakes::game();
    let losses = enemy_mistakes::procedure("melee-losses");
    let tables = enemy_mistakes::tables();
    let mut form = Input::defaults(losses.fields());
    form.set("side", text("french"));
    form.set("enemy_units", number(3));
    form.set("own_units", number(1));
    let settings = game.settings_bearing_on(losses);
    let ids: Vec<&str> = settings.iter().map(|f| f.id).collect();
    assert_eq!(ids, ["melee_loss_faces"]);

    // Three dice: a 5, a 6 and a 2 (L911, L1184: the Loss faces were lost from the text).
    let faces = [5, 6, 2];
    let dispute = compare_readings(
        losses,
        &settings,
        &form,
        &tables,
        &Cups::default(),
        Some(&faces),
    );
    assert_eq!(dispute.readings.len(), 2);
    assert_each_column_resolves_as_its_setting(&dispute, losses, &form, &tables, &faces);
    let five_or_six = &dispute.readings[0];
    let six_only = reading(&dispute, "melee_loss_faces", "6");
    let headline = |r: &Reading| {
        r.resolution
            .as_ref()
            .expect("resolved")
            .outcome
            .headline
            .clone()
    };
    assert!(
        headline(five_or_six).contains('2'),
        "{}",
        headline(five_or_six)
    );
    assert!(headline(six_only).contains('1'), "{}", headline(six_only));
    assert!(!six_only.same_as_form);
    // Each die is a Loss on 5-6 with chance 1/3, on 6 alone 1/6: no Loss at all with three dice
    // is (2/3)^3 = 8/27 against (5/6)^3 = 125/216.
    let none = |r: &Reading| {
        r.odds
            .iter()
            .find(|l| l.key.contains('0'))
            .map(|l| l.probability)
            .expect("an outcome with no Loss")
    };
    assert!((none(five_or_six) - 8.0 / 27.0).abs() < 1e-12);
    assert!((none(six_only) - 125.0 / 216.0).abs() < 1e-12);
}

#[test]
fn without_dice_the_readings_give_their_odds_only() {
    let game: &Game = waterloo_campaign::game();
    let attack = waterloo_campaign::procedure("attack");
    let tables = waterloo_campaign::tables();
    let form = attack_with_two_hqs();
    let dispute = compare_readings(
        attack,
        &game.settings_bearing_on(attack),
        &form,
        &tables,
        &Cups::default(),
        None,
    );
    assert!(dispute.readings.iter().all(|r| r.resolution.is_none()));
    assert!(dispute.readings.iter().all(|r| !r.odds.is_empty()));
    let markdown = dispute.to_markdown();
    assert!(!markdown.contains("Cell read"), "{markdown}");
    assert!(markdown.contains("No dice given"), "{markdown}");
}

#[test]
fn the_settings_procedure_has_no_readings_to_compare() {
    let game: &Game = waterloo_campaign::game();
    let settings = waterloo_campaign::procedure("settings");
    assert!(game.settings_bearing_on(settings).is_empty());
}

#[test]
fn the_command_line_prints_the_comparison_as_text_markdown_html_and_json() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // The designers' notes' La Haye Sainte attack (L1515-1522), with two more HQ stars in range.
    let fixture = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/la_haye_sainte.toml"),
    )
    .expect("the fixture");
    let input = dir.path().join("attack.toml");
    std::fs::write(
        &input,
        fixture.replace("attacker_more_hq_stars = 0", "attacker_more_hq_stars = 2"),
    )
    .expect("written");
    let input = input.to_str().expect("a UTF-8 path");
    let common = [
        "dispute",
        "waterloo-campaign-1815",
        "attack",
        "--input",
        input,
    ];
    let with = |extra: &[&str]| {
        let args: Vec<&str> = common.iter().chain(extra).copied().collect();
        run_binary(dir.path(), &args)
    };

    let (code, json, stderr) = with(&["--dice", "4,2", "--json"]);
    assert_eq!(code, Some(0), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let readings = json["readings"].as_array().expect("readings");
    assert_eq!(readings.len(), 4);
    let headline = |index: usize| readings[index]["resolution"]["outcome"]["headline"].clone();
    let sum = readings
        .iter()
        .position(|r| r["changed"]["value"] == "sum")
        .expect("the sum reading");
    assert_ne!(headline(0), headline(sum));

    let (code, markdown, _) = with(&["--dice", "4,2", "--format", "markdown"]);
    assert_eq!(code, Some(0));
    let header = markdown
        .lines()
        .find(|l| l.starts_with("| |"))
        .expect("a table header");
    assert!(header.contains("As the form reads"), "{header}");
    assert!(header.contains("Every HQ's in range, added up"), "{header}");
    assert!(markdown.contains("| **Cell read** |"), "{markdown}");
    assert!(markdown.contains("Dice: 4, 2"), "{markdown}");

    let (code, html, _) = with(&["--format", "html"]);
    assert_eq!(code, Some(0));
    assert!(html.starts_with("<!DOCTYPE html>"));
    // The corner and the four readings, then a row each for the settings, modifiers, odds and
    // the comparison.
    assert_eq!(html.matches("<th>").count(), 1 + 4 + 4, "{html}");

    let (code, text, _) = with(&[]);
    assert_eq!(code, Some(0));
    assert_eq!(text.matches("\n== ").count(), 4, "{text}");

    let (code, _, stderr) = with(&["--dice", "4,9"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("--dice"), "{stderr}");
}
