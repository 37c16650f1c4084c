//! The Basic Game's turn as the checklist: the Mobilization Phase's segments (8.2.1, L1202-1215),
//! OPs Phases 1 and 2 (17.1.2, L1581-1586), the Administration Phase's segments (8.3.1,
//! L1223-1234) and OPs Phase 3, then the next Game Turn (17.1.4, L1588). The Advanced Game's
//! segments keep their printed places and are passed over in the Basic Game.

use super::{advanced_game, battles};
use crate::engine::turns::{Phase, Repeat, Step, TurnSequence};
use crate::games::beyond_waterloo::{
    ADJUSTMENTS, BATTLE_WINNER, FIRST_ROUND, POST_DISPLAY, REACTION, SECOND_ROUND,
};

/// A segment of a Strategic Phase, played in both games.
const fn segment(
    title: &'static str,
    rule: &'static str,
    procedures: &'static [&'static str],
    guidance: &'static str,
) -> Step {
    Step {
        title,
        rule,
        procedures,
        guidance,
        repeats: None,
        in_force: None,
    }
}

/// A segment of the Advanced Game only (8.2.1, L1205-1206; 8.3.1, L1226, L1229-1230).
const fn advanced_segment(title: &'static str, rule: &'static str) -> Step {
    Step {
        title,
        rule,
        procedures: &[],
        guidance: "Advanced Game only: the Basic Game passes over this segment.",
        repeats: None,
        in_force: Some(advanced_game),
    }
}

/// The Organize/Reorganize Segment's title (Module 13, L1399-1427).
pub const ORGANIZE_TITLE: &str = "Organize/Reorganize Segment";

/// The Rebuild Troop Units Segment's title (Module 14, L1429-1463).
pub const REBUILD_TITLE: &str = "Rebuild Troop Units Segment";

const AP_RESET: Step = segment(
    "AP Reset Segment",
    "4.2.7, L678; 8.2.1, L1204; 8.3.1, L1225",
    &["set-up-choices", "set-up-draw", "garrison-swap", "ap-reset"],
    "Each Formation's Administrative Points go back to its Leader's AP rating. A Leader appointed since the last reset counts from now (4.2.8, L680).",
);

/// The Attrition Segments' title, by which the losses module knows an attrition loss.
pub const ATTRITION_TITLE: &str = "Attrition Segment";

const ATTRITION: Step = segment(
    ATTRITION_TITLE,
    "9.1, L1240-1264",
    &["attrition", "take-losses"],
    "Each Formation sharing its area with another Formation, under a Force March marker or Out of Supply rolls once on the Attrition Table, less its Leader's AP rating (the Senior Leader's when brigaded). Each step lost gives the opponent 1 VP.",
);

/// The Leader Segments' title, by which wound recovery knows one (4.6.3, L736).
pub const LEADER_SEGMENT: &str = "Leader Segment";

const LEADER_GUIDANCE_MOBILIZATION: &str = "Each player may replace one Leader with one who started the segment in the Leader Pool, or exchange the Leaders of two Formations in the same area (4.5.2, L710). Each wounded Leader, in a Formation or in the Pool, may roll to recover.";

const TRAINING: Step = segment(
    "Training Segment",
    "12.2.7-12.2.8, L1356-1358",
    &["training"],
    "Units in the Deployable box at the start of the segment deploy: the French to a friendly Depot, the Allies to their nation's Entry Zone. Every other unit in training advances one stage, except those recruited in this Phase.",
);

/// The Off-Board Movement Segments' title.
pub const OFF_BOARD_TITLE: &str = "Off-Board Movement Segment";

const OFF_BOARD: Step = segment(
    OFF_BOARD_TITLE,
    "15.1, L1469-1481",
    &["off-board-move"],
    "Each off-board force may move one box along its track; from the last box it enters its Entry Zone, and the map in the next OPs Phase. In the Basic Game only the Allies move off-board.",
);

const MOBILIZATION: Phase = Phase {
    title: "Mobilization Phase",
    rule: "8.2, L1198-1217",
    steps: &[
        AP_RESET,
        advanced_segment("Autonomous Diplomatic Segment", "21.3, L1836-1842"),
        advanced_segment("Spanish/Portuguese Segment", "21.7, L1905-1914"),
        ATTRITION,
        segment(
            "Field Maintenance Segment",
            "11.1, L1312-1324",
            &["field-maintenance", "disband"],
            "Each player pays the RP Costs Chart's maintenance for every Formation box that holds Troop units, on the map and off it, brigaded Formations each on their own. A player who cannot pay disbands Formations of his choice until he can.",
        ),
        segment(
            LEADER_SEGMENT,
            "4.5.2, L710; 4.6.3, L736; 8.2.1, L1209",
            &["leader-change", "wound-recovery"],
            LEADER_GUIDANCE_MOBILIZATION,
        ),
        TRAINING,
        segment(
            "Purchase Segment",
            "12.2, L1342-1366; 16.3.3, L1526-1535; 3.4.1, L564",
            &["purchase", "magazine"],
            "Buy Wagons and recruit units into Training Stage 1 at the RP Costs Chart's prices: the French from their Force Pool only, the Allies from the Force or Divisions Pool. Guards go straight to Deployable; French National Guard go onto a friendly Fortress or Depot, at most 2 CF a site. Wagons may be turned into Magazines, and Magazines removed to buy their Wagons again.",
        ),
        segment(
            "French Recruitment Authorization Segment",
            "12.3, L1377-1397",
            &["frat", "frat-transfer"],
            "The French only: 2D6 plus the War Minister's AP rating (and 1 VP spent for +1, declared first) on the FRAT's column of French VP less Allied VP. The result in Division-equivalents moves from the Eliminated box or the Divisions Pool to the Force Pool, to be recruited from next turn.",
        ),
        segment(
            ORGANIZE_TITLE,
            "13.1-13.2, L1401-1427",
            &[
                "reorganize-unit",
                "brigade-formation",
                "corps-breakdown",
                "corps-buildup",
                "new-formation",
                "spend-ap",
            ],
            "Redistribute units between Formations in the same area, brigade or unbrigade (1 AP each), break down or build up Corps, or create a new Formation for 2 RP. An Out of Supply Formation does none of these.",
        ),
        segment(
            REBUILD_TITLE,
            "14.1-14.3, L1431-1463",
            &["replacement", "recombination", "spend-ap"],
            "At most two replacement steps a side (one an Allied nation, none for Minor Allies), each 1 AP and its RP price, for units in supply; and recombination.",
        ),
        OFF_BOARD,
    ],
};

/// A step of the Battle Sequence, played while a battle is being fought (6.1.5, L846).
const fn in_battle(step: Step, guidance: &'static str) -> Step {
    Step {
        guidance,
        in_force: Some(battles::battle_open),
        ..step
    }
}

/// The OPs Phase's last step's title, by which morale recovery knows it.
pub const END_OF_OPS: &str = "End of the OPs Phase";

/// A campaign Combat Round's procedures: the Combat Game's, and the Catastrophic Failure roll
/// a Guards loss calls for (27.2.3, L2395).
const BATTLE_ROUND: &[&str] = &[
    "combat-round",
    "cavalry-battle",
    "take-losses",
    "leader-casualty",
    "catastrophic-failure",
];

/// The OPs Phase's steps: Movement, then the Combat Segment, which picks a battle, plays its
/// Battle Sequence and comes back for the next while contested areas remain (6.16.9-6.16.10,
/// L1156-1158), then the end of the Phase.
const OPS_STEPS: &[Step] = &[
    Step {
        title: "Movement Segment",
        rule: "17.1.2a, L1583; 18.1, L1594-1624",
        procedures: &[
            "flip-force-march",
            "move-formation",
            "cavalry-screen",
            "magazine",
            "capture",
            "minor-allied-regrouping",
        ],
        guidance: "Flip every Force March marker to its front. The Initiative player moves any, all or none of his Formations and un-brigaded units; then the other player moves.",
        repeats: None,
        in_force: None,
    },
    Step {
        title: "Combat Segment: pick a battle",
        rule: "17.1.2b, L1584; 6.1, L836-846",
        procedures: &["open-battle", "spend-ap"],
        guidance: "Every area that holds forces of both sides is a mandatory battle. The Initiative player picks the first; after each battle the player who did not pick it picks the next. With no contested area left, Next step ends the Combat Segment.",
        repeats: Some(Repeat::BackTo {
            to: battles::before_picking,
        }),
        in_force: None,
    },
    in_battle(
        POST_DISPLAY,
        "Each side posts every Formation in the area: its Lead Formation and Deployment Mode, the Supporting Formations, the Lead's Cavalry Screen and any cavalry in the Cavalry Charge box. Each picks a Grand Tactic chit and Battle Tactics cards face down on the Combat Round's form.",
    ),
    Step {
        procedures: BATTLE_ROUND,
        ..in_battle(
            FIRST_ROUND,
            "Reveal the Grand Tactics, read both Matrices, reveal the cards (the Initiative player first), then both roll 2D6 on the FERT. A Force Marched or Out of Supply Formation fights at half its CF. Losses go to the Lead Formation first; the side that suffered more loses a Morale level. A Guards unit's loss calls for a Catastrophic Failure roll (27.2.3).",
        )
    },
    in_battle(
        REACTION,
        "The Initiative player first: Formations within their Leader's Reaction range may move into the battle, each for 1 AP of its own (4.2.3, L666); a larger enemy Cavalry Screen calls for a roll on the Reaction Move Table.",
    ),
    Step {
        procedures: &["post-battle", "siege"],
        ..in_battle(
            ADJUSTMENTS,
            "Determine the Initiative. Each side picks a new Grand Tactic and may change its Lead Formation and Deployment Mode. The side attacking an enemy Fortress may pay 3 RP for siege equipment to destroy it (19.1.8, L1736).",
        )
    },
    Step {
        procedures: BATTLE_ROUND,
        ..in_battle(SECOND_ROUND, SECOND_ROUND.guidance)
    },
    Step {
        procedures: &[
            "battle-winner",
            "take-losses",
            "move-formation",
            "capture",
            "minor-allied-regrouping",
            "catastrophic-failure",
        ],
        repeats: Some(Repeat::BackTo {
            to: battles::after_the_winner,
        }),
        ..in_battle(
            BATTLE_WINNER,
            "The side that inflicted more step losses over both rounds wins: +1 VP and +1 Morale to its Formations, -1 to the loser's. Record the loser's withdrawal with Move a Formation (6.11, L1054-1074); a French Formation led by Napoleon or holding Imperial Guard units that withdraws rolls for Catastrophic Failure (27.2.3). Then the player who did not pick this battle picks the next.",
        )
    },
    Step {
        title: END_OF_OPS,
        rule: "5.2.9, L790; 17.1.3, L1586",
        procedures: &["morale-recovery", "campaign-end"],
        guidance: "Each player: every Formation below Morale 3 that neither moved nor fought this OPs Phase gains 1 Morale level, to at most 3 (or rolls for it under the optional rule 5.2.10).",
        repeats: None,
        in_force: None,
    },
];

/// An OPs Phase (17.1.2, L1581-1586).
const fn ops_phase(title: &'static str) -> Phase {
    Phase {
        title,
        rule: "17.1.2-17.1.3, L1581-1586",
        steps: OPS_STEPS,
    }
}

/// The Administration Phase's title, by which attrition knows to take the Force March markers off.
pub const ADMINISTRATION_TITLE: &str = "Administration Phase";

const ADMINISTRATION: Phase = Phase {
    title: ADMINISTRATION_TITLE,
    rule: "8.3, L1219-1236",
    steps: &[
        Step {
            procedures: &["ap-reset", "france-entered"],
            guidance: "Each Formation's Administrative Points go back to its Leader's AP rating (4.2.8, L680). If a Formation of a Major Allied Power first entered an area of France this turn, the Allies score 5 VP now (20.3, L1768).",
            ..AP_RESET
        },
        advanced_segment("Autonomous Diplomatic Segment", "21.3, L1836-1842"),
        segment(
            "Supply Segment",
            "16.1-16.5, L1491-1571; 8.3.1, L1227",
            &["supply", "take-losses", "magazine"],
            "Convert Wagons to Magazines first. Then each player states which of his Formations are in supply: in a friendly intact Fortress, and un-brigaded units, always are. An Out of Supply Formation loses a step and gives the opponent 1 VP.",
        ),
        Step {
            guidance: "As in the Mobilization Phase. At the end of the segment, remove every Force March marker (9.1.10, L1264).",
            ..ATTRITION
        },
        advanced_segment("Political Actions Segment", "26.1-26.3, L2106-2148"),
        advanced_segment("Vendée Revolt Segment", "26.4, L2150-2168"),
        segment(
            "Accumulate RP Segment",
            "10.2, L1288-1306",
            &["rp-accumulation"],
            "Each player rolls 2D6 on the RP Acquisition Chart's column of the VP difference: the French add their War Minister's AP rating, the Allies the AP rating of a Senior Leader on the map, and either may spend 1 VP for +4.",
        ),
        OFF_BOARD,
        TRAINING,
        segment(
            LEADER_SEGMENT,
            "4.5.3, L712-716; 4.6.3, L736",
            &["leader-change", "wound-recovery"],
            "Each player may replace two Leaders, or replace one and exchange one pair, or exchange one or two pairs that started the Phase in the same area (4.5.3, L712-716). Each wounded Leader may roll to recover.",
        ),
    ],
};

/// The Basic Game's turn (7.0 Game Play Note, L1182).
pub const SEQUENCE: TurnSequence = TurnSequence {
    phases: &[
        MOBILIZATION,
        ops_phase("OPs Phase 1"),
        ops_phase("OPs Phase 2"),
        ADMINISTRATION,
        ops_phase("OPs Phase 3"),
    ],
    turn_names: &[
        "March 1815",
        "April 1815",
        "May 1815",
        "June 1815",
        "July 1815",
        "August 1815",
        "September 1815",
        "October 1815",
        "November 1815",
        "December 1815",
    ],
};
