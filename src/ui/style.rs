//! The few text styles the screens share, so a rule reference or a hint reads the same everywhere
//! and stays legible in both themes.

/// A rule reference ("Battle Stars, L700-703"): smaller than the text it annotates, but never so
/// faint or small that it cannot be read beside the map.
pub fn rule_text(ui: &egui::Ui, rule: &str) -> egui::RichText {
    let color = ui.visuals().text_color().gamma_multiply(0.78);
    egui::RichText::new(rule).size(12.5).color(color)
}

/// Draws a rule reference that wraps in narrow columns.
pub fn rule_label(ui: &mut egui::Ui, rule: &str) -> egui::Response {
    let text = rule_text(ui, rule);
    ui.add(egui::Label::new(text).wrap())
}

/// A heading inside a panel ("Modifiers", "Record").
pub fn section(text: &str) -> egui::RichText {
    egui::RichText::new(text).strong().size(16.0)
}
