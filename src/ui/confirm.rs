//! The app's questions: a modal window with a heading, the consequences in plain words, and a row
//! of answers. Escape or a click beside it gives the last answer, which is always the one that
//! changes nothing.

/// Shows the question; returns the index of the answer chosen this frame, if any.
pub fn ask(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    text: &str,
    answers: &[&str],
) -> Option<usize> {
    let mut chosen = None;
    let modal = egui::Modal::new(egui::Id::unique(("question", id))).show(ctx, |ui| {
        // Narrower than the smallest window the app supports, with room for the margins.
        ui.set_width(ctx.content_rect().width().min(520.0) - 60.0);
        ui.spacing_mut().button_padding = egui::vec2(12.0, 6.0);
        ui.add(egui::Label::new(egui::RichText::new(title).heading()).wrap());
        ui.add_space(6.0);
        ui.add(egui::Label::new(text).wrap());
        ui.add_space(12.0);
        ui.horizontal_wrapped(|ui| {
            for (index, answer) in answers.iter().enumerate() {
                if ui.button(*answer).clicked() {
                    chosen = Some(index);
                }
            }
        });
    });
    if modal.should_close() && chosen.is_none() {
        chosen = answers.len().checked_sub(1);
    }
    chosen
}
