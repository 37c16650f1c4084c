//! Form fields several campaign procedures share: the side acting, the facts a form holds from
//! the record, and the pickers of Troop units and Formations in play.

use crate::engine::input::{Field, FieldKind, UnitOf};
use crate::games::beyond_waterloo::SIDES;
use crate::games::beyond_waterloo::roster::{attribute, state};

/// The group of the facts a form holds from the record, which `check_record` compares.
pub(super) const KNOWN: &str = "What the record knows";

/// The side acting, in the form's first group.
pub(super) const fn side(group: &'static str, rule: &'static str, help: &'static str) -> Field {
    Field {
        id: "side",
        label: "Side",
        group,
        kind: FieldKind::Choice(SIDES),
        rule,
        help,
    }
}

/// A fact the form holds from the record, as text.
pub(super) const fn known_text(
    id: &'static str,
    label: &'static str,
    max_len: usize,
    rule: &'static str,
    help: &'static str,
) -> Field {
    Field {
        id,
        label,
        group: KNOWN,
        kind: FieldKind::Text { max_len },
        rule,
        help,
    }
}

/// The turn play stands in, which the form holds from the record.
pub(super) const fn this_turn(rule: &'static str) -> Field {
    Field {
        id: "turn",
        label: "This turn",
        group: KNOWN,
        kind: FieldKind::Count {
            max: super::LAST_TURN,
        },
        rule,
        help: "From the record.",
    }
}

/// The AP the paying Formation has left: with none its Leader cannot act (4.2.6, L676).
pub(super) const fn payer_ap(rule: &'static str) -> Field {
    Field {
        id: "payer_ap",
        label: "AP it has left",
        group: KNOWN,
        kind: FieldKind::Count { max: 9 },
        rule,
        help: "From the record: with none left its Leader cannot act.",
    }
}

/// A picker of the side's Formations in play.
pub(super) const FORMATION_IN_PLAY: FieldKind = FieldKind::Unit {
    of: UnitOf::Side("side"),
    only: &[(attribute::TYPE, "formation"), ("state", state::IN_PLAY)],
    max_len: crate::engine::input::UNIT_NAME_MAX,
};

/// A picker of the side's Troop units in play.
pub(super) const TROOP_IN_PLAY: FieldKind = FieldKind::Unit {
    of: UnitOf::Side("side"),
    only: &[
        ("state", state::IN_PLAY),
        (attribute::TYPE, "infantry|cavalry"),
    ],
    max_len: crate::engine::input::UNIT_NAME_MAX,
};

/// A picker of the side's reduced Troop units in play.
pub(super) const REDUCED_TROOP: FieldKind = FieldKind::Unit {
    of: UnitOf::Side("side"),
    only: &[
        ("state", state::IN_PLAY),
        (attribute::FACE, "reduced"),
        (attribute::TYPE, "infantry|cavalry"),
    ],
    max_len: crate::engine::input::UNIT_NAME_MAX,
};
