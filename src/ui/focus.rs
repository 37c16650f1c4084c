//! Keyboard focus a player can follow: a clear ring around the focused widget while the keyboard
//! is in use (egui's own hint is faint, and frameless buttons have none), and the scroll areas
//! bring a widget into view when Tab moves the focus onto it.

/// Where the app remembers whether the keyboard or the pointer was used last.
fn keyboard_flag() -> egui::Id {
    egui::Id::unique("keyboard_navigation")
}

/// Call once a frame, after everything is drawn: notes whether the keyboard is in use, and rings
/// the focused widget if it is.
pub fn draw_focus_ring(ctx: &egui::Context) {
    let (tabbed, pointed) = ctx.input(|i| (i.key_pressed(egui::Key::Tab), i.pointer.any_pressed()));
    let mut keyboard = ctx.data(|d| d.get_temp(keyboard_flag())).unwrap_or(false);
    if tabbed {
        keyboard = true;
    } else if pointed {
        keyboard = false;
    }
    ctx.data_mut(|d| d.insert_temp(keyboard_flag(), keyboard));
    if !keyboard {
        return;
    }
    let Some(focused) = ctx
        .memory(|m| m.focused())
        .and_then(|id| ctx.read_response(id))
    else {
        return;
    };
    let ring = egui::Stroke::new(2.0, ctx.global_style().visuals.selection.stroke.color);
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::unique("focus_ring"),
    ));
    painter.rect_stroke(
        focused.rect.expand(2.0),
        3.0,
        ring,
        egui::StrokeKind::Inside,
    );
}

/// Call at the end of a scroll area's contents: if Tab has just moved the focus onto a widget of
/// this area that is out of view, scroll to it. A click never scrolls anything.
pub fn follow_keyboard_focus(ui: &egui::Ui) {
    if !ui.data(|d| d.get_temp(keyboard_flag())).unwrap_or(false) {
        return;
    }
    let Some(focused) = ui
        .memory(|m| m.focused())
        .and_then(|id| ui.ctx().read_response(id))
    else {
        return;
    };
    let inside = ui.min_rect().contains(focused.rect.center());
    if inside && focused.gained_focus() && !ui.clip_rect().contains_rect(focused.rect) {
        ui.scroll_to_rect(focused.rect, None);
    }
}
