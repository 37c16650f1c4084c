//! The play table on the small laptop beside the map (1024×700): every input of the frequent
//! forms can be reached and none is drawn over another, and the frequent procedures take as few
//! interactions as the facts allow, counted as a player makes them (a click, a typed entry, a key,
//! a scroll to bring something into view).

use crate::support;

use aide_de_camp::engine::input::FieldKind;
use aide_de_camp::ui::AideApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT as _, Queryable};
use support::gui::{
    add_tile, app_harness_sized, click, next_step, radio, record, start_at_the_attacks,
};

const SMALL: egui::Vec2 = egui::vec2(1024.0, 700.0);

/// The inputs with a role a player acts on.
const INPUT_ROLES: &[egui::Role] = &[
    egui::Role::Button,
    egui::Role::CheckBox,
    egui::Role::ComboBox,
    egui::Role::RadioGroup,
    egui::Role::RadioButton,
    egui::Role::SpinButton,
    egui::Role::TextInput,
];

/// A widget a player acts on, laid out this frame.
fn is_input(node: &egui_kittest::Node<'_>) -> bool {
    let node = node.accesskit_node();
    INPUT_ROLES.contains(&node.role()) && node.bounding_box().is_some()
}

/// A field's input, or for a group of radio buttons or numbers, each of them.
fn inputs<'t>(harness: &'t Harness<'_, AideApp>, label: &'t str) -> Vec<egui_kittest::Node<'t>> {
    let mut found = Vec::new();
    for node in harness.query_all_by_label(label) {
        if is_input(&node) {
            found.push(node);
        } else if node.accesskit_node().role() == egui::Role::RadioGroup {
            let laid_out = By::new().predicate(|n| n.bounding_box().is_some());
            found.extend(node.query_all(laid_out));
        }
    }
    found
}

/// Where the form may draw: left of the resolution column, above the action bar, in the window.
fn form_area(harness: &Harness<'_, AideApp>) -> egui::Rect {
    let column_left = harness.get_by_label("Modifiers").rect().left();
    let bar_top = harness
        .get_all(By::new().role(egui::Role::Button))
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("Roll the dice") || l.starts_with("Resolve Ctrl"))
        })
        .map(|n| n.rect().top())
        .fold(f32::INFINITY, f32::min);
    egui::Rect::from_min_max(
        egui::pos2(0.0, 0.0),
        egui::pos2(column_left, bar_top.min(SMALL.y)),
    )
}

/// Every input of the open form can be scrolled into the form's area, and no two inputs of the
/// form overlap. Returns how many inputs were checked.
fn assert_form_fits(harness: &mut Harness<'_, AideApp>) -> usize {
    let workspace = harness
        .state()
        .game_view()
        .and_then(|v| v.workspace.as_ref())
        .expect("a form is open");
    let procedure = workspace.procedure;
    let input = workspace.input.clone();
    let labels: Vec<&str> = procedure
        .fields()
        .iter()
        .filter(|f| procedure.shows(f.id, &input) && !matches!(f.kind, FieldKind::Units { .. }))
        .map(|f| f.label)
        .collect();
    // The rarer facts are folded: unfold them to reach them.
    let more = || {
        By::new()
            .role(egui::Role::DisclosureTriangle)
            .label_contains("More facts (")
    };
    let folded = harness.query(more()).is_some();
    if folded {
        harness.get(more()).scroll_to_me();
        harness.run();
        harness.get(more()).click();
        harness.run();
    }
    for label in &labels {
        let ids: Vec<_> = inputs(harness, label)
            .iter()
            .map(|n| n.accesskit_node().id())
            .collect();
        assert!(!ids.is_empty(), "no input for \"{label}\"");
        for id in ids {
            let this = move || By::new().predicate(move |n| n.id() == id);
            harness.get(this()).scroll_to_me();
            harness.run();
            let area = form_area(harness);
            let input = harness.get(this()).rect();
            assert!(
                area.contains_rect(input),
                "\"{label}\" at {input:?} is not inside the form's area {area:?}"
            );
        }
    }
    // In one frame, so every rect has the same scroll offset.
    let all: Vec<(&str, egui::Rect)> = labels
        .iter()
        .flat_map(|label| {
            inputs(harness, label)
                .into_iter()
                .map(move |n| (*label, n.rect()))
        })
        .collect();
    for (i, (a, ra)) in all.iter().enumerate() {
        for (b, rb) in all.iter().skip(i + 1) {
            assert!(
                !ra.shrink(0.5).intersects(rb.shrink(0.5)),
                "\"{a}\" {ra:?} overlaps \"{b}\" {rb:?}"
            );
        }
    }
    // Back as the form opened: folded, at its top.
    if folded {
        harness.get(more()).scroll_to_me();
        harness.run();
        harness.get(more()).click();
        harness.run();
    }
    harness
        .get(By::new().role(egui::Role::Label).label(procedure.title()))
        .scroll_to_me();
    harness.run();
    all.len()
}

/// A player's interactions, counted: each click, each entry typed, each key, and each scroll
/// needed to bring a widget into view.
struct Player {
    harness: Harness<'static, AideApp>,
    interactions: usize,
}

impl Player {
    /// Clicks a node of the form, scrolling it into the form's area first if it is not there
    /// (one interaction more).
    fn click(&mut self, by: By<'_>) {
        let area = form_area(&self.harness);
        self.bring_into(by.clone(), area);
        self.harness.get(by).click();
        self.harness.run();
        self.interactions += 1;
    }

    /// Scrolls the node into view unless it is already inside `area`, counting the scroll.
    fn bring_into(&mut self, by: By<'_>, area: egui::Rect) {
        if !area.contains_rect(self.harness.get(by.clone()).rect()) {
            self.harness.get(by).scroll_to_me();
            self.harness.run();
            self.interactions += 1;
        }
    }

    /// Opens the unit picker labelled `label` and clicks `unit` in its list, scrolling the list
    /// first if the unit lies below what the drop-down shows.
    fn pick(&mut self, label: &str, unit: &str) {
        let picker = By::new().role(egui::Role::ComboBox).label(label);
        self.click(picker.clone());
        let below = self.harness.get(picker).rect().bottom();
        // The drop-down shows the filter box and at most 360 points of names.
        let shown = egui::Rect::from_min_max(
            egui::Pos2::ZERO,
            egui::pos2(SMALL.x, (below + 400.0).min(SMALL.y)),
        );
        let item = By::new().role(egui::Role::Button).label(unit);
        self.bring_into(item.clone(), shown);
        self.harness.get(item).click();
        self.harness.run();
        self.interactions += 1;
    }

    /// Roll and apply, by its shortcut (one interaction).
    fn roll_and_apply(&mut self) {
        self.harness.key_press_modifiers(
            egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
            egui::Key::R,
        );
        self.harness.run();
        self.interactions += 1;
    }
}

/// Waterloo Campaign at 1024×700, the Attack Phase of June 16 AM: the Attack form is open as the
/// step begins, every input fits, and d'Erlon's attack on Wellington's Reserve Corps, both on the
/// record with their stars (L1517-1519), with an HQ of 1 star in range, is applied in six.
#[test]
fn a_waterloo_campaign_attack_fits_and_takes_six_interactions() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness_sized(folder.path(), SMALL);
    start_at_the_attacks(&mut harness);
    let open = harness
        .state()
        .game_view()
        .and_then(|v| v.workspace.as_ref())
        .map(|w| w.procedure.id());
    assert_eq!(open, Some("attack"), "the step opens its first procedure");
    let checked = assert_form_fits(&mut harness);
    assert!(checked >= 15, "only {checked} inputs were checked");

    let applied_before = record(&harness).applied;
    let mut player = Player {
        harness,
        interactions: 0,
    };
    player.pick("Attacking Corps", "I Corps (d'Erlon)");
    player.pick("Defending unit", "Reserve Corps (Wellington)");
    let hq_stars = By::new()
        .role(egui::Role::RadioGroup)
        .label("Attacker's HQ Battle Stars");
    let one = player
        .harness
        .get(hq_stars)
        .get_by_label("1")
        .accesskit_node()
        .id();
    player.click(By::new().predicate(move |n| n.id() == one));
    player.roll_and_apply();
    let record = record(&player.harness);
    assert_eq!(record.applied, applied_before + 1, "the result was applied");
    let input = &player.harness.state().game_view().unwrap().session.events();
    assert!(
        input
            .iter()
            .rev()
            .any(|e| format!("{:?}", e.body).contains("I Corps (d'Erlon)")),
        "the attack is in the log"
    );
    assert!(
        player.interactions <= 6,
        "{} interactions",
        player.interactions
    );
    eprintln!(
        "Waterloo Campaign attack: {} interactions",
        player.interactions
    );
}

/// Enemy Mistakes at 1024×700, the Bombardment step: the form is open as the step begins, every
/// input fits, and Unit 23's fire on Unit 8 is applied in six (the target's army stays in view
/// for a fire at the Prussians, so the target field is one scroll down at this size). The Units' Loss capacity (4) and
/// victory points (10) are FICTIONAL: the text prints no tile but the sample (L459-465).
#[test]
fn an_enemy_mistakes_bombardment_fits_and_takes_six_interactions() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness_sized(folder.path(), SMALL);
    radio(&mut harness, "Waterloo: Enemy Mistakes");
    click(&mut harness, "Start the game");
    add_tile(
        &mut harness,
        "French (blue)",
        23.0,
        "Artillery on Foot",
        "I",
    );
    add_tile(&mut harness, "English (red)", 8.0, "Infantry", "I");
    // Turn I: the French hold the Initiative without a bid; on to the Bombardment.
    while harness
        .state()
        .game_view()
        .and_then(|v| v.workspace.as_ref())
        .is_none_or(|w| w.procedure.id() != "bombardment")
    {
        next_step(&mut harness);
        assert!(record(&harness).position.turn <= 2, "no Bombardment step");
    }
    let checked = assert_form_fits(&mut harness);
    assert!(checked >= 10, "only {checked} inputs were checked");

    let applied_before = record(&harness).applied;
    let mut player = Player {
        harness,
        interactions: 0,
    };
    player.pick("Artillery Unit bombarding", "Unit 23");
    player.pick("Target Unit", "Unit 8");
    player.roll_and_apply();
    let record = record(&player.harness);
    assert_eq!(record.applied, applied_before + 1, "the result was applied");
    assert_eq!(
        record
            .unit("french", "Unit 23")
            .and_then(|u| u.attribute("Smoke").map(str::to_string)),
        Some("yes".into()),
        "the Smoke token of the fire is on the record"
    );
    assert!(
        player.interactions <= 6,
        "{} interactions",
        player.interactions
    );
    eprintln!(
        "Enemy Mistakes bombardment: {} interactions",
        player.interactions
    );
}

/// Tab walks through every widget of the game screen at 1024×700, and each one it lands on is
/// brought into view (a widget in a scrolled list too), so the focus is never lost off screen.
#[test]
fn tab_keeps_the_focused_widget_in_view() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let mut harness = app_harness_sized(folder.path(), SMALL);
    click(&mut harness, "Start the game");
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, SMALL);
    let mut seen = 0;
    for press in 0..60 {
        harness.key_press(egui::Key::Tab);
        harness.run();
        let focused: Vec<(String, egui::Rect)> = harness
            .query_all(By::new().predicate(|n| n.is_focused()))
            .map(|n| (format!("{:?}", n.accesskit_node().label()), n.rect()))
            .collect();
        let Some((label, rect)) = focused.first() else {
            continue;
        };
        seen += 1;
        assert!(
            window.contains_rect(*rect),
            "Tab {press}: the focus is on {label} at {rect:?}, out of view"
        );
    }
    assert!(seen >= 50, "the focus was found {seen} times in 60 presses");
}
