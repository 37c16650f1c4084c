//! A one-line message for the players (saved, verified, refused...), with a button to dismiss it.

/// A message and whether it reports a problem.
pub type Notice = Option<(String, bool)>;

/// Draws `notice`, if any, and clears it when the players dismiss it.
pub fn notice_bar(ui: &mut egui::Ui, notice: &mut Notice) {
    let Some((text, is_error)) = notice.as_ref() else {
        return;
    };
    let mut dismissed = false;
    ui.horizontal_wrapped(|ui| {
        let color = if *is_error {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().text_color()
        };
        ui.colored_label(color, text);
        dismissed = ui.small_button("Dismiss message").clicked();
    });
    if dismissed {
        *notice = None;
    }
}
