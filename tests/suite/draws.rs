//! Draws in the play pipeline, on a small game made for the test (its cups, chits and procedures
//! are fictional): a cup is filled by an effect, a procedure draws from it as it rolls a die, the
//! odds enumerate the cup, `verify` re-derives every draw and catches an edited one, and a chit
//! drawn face down stays out of the log's text and the export until it is revealed. A form may
//! also list the chits it draws from, a cup that is not on the record.

use crate::support;

use aide_de_camp::engine::dice::{DiceSpec, Die};
use aide_de_camp::engine::dice_stats::DiceStatistics;
use aide_de_camp::engine::draws::{DrawSlot, DrawnRef};
use aide_de_camp::engine::export::{ExportFormat, ExportSources, export};
use aide_de_camp::engine::input::{Field, FieldKind, Input, Value};
use aide_de_camp::engine::keys::GameKey;
use aide_de_camp::engine::log::EventBody;
use aide_de_camp::engine::play::{Command, CommandError, Dice, Executed};
use aide_de_camp::engine::procedure::{
    About, Faces, Procedure, Resolution, RuleError, odds, odds_drawing,
};
use aide_de_camp::engine::record::{Effect, Position, Record, UnitRecord};
use aide_de_camp::engine::roller::Seed;
use aide_de_camp::engine::session::Session;
use aide_de_camp::engine::symbol::Symbol;
use aide_de_camp::engine::table_set::TableSet;
use aide_de_camp::engine::turns::{Phase, Repeat, Scenario, Step, TurnNote, TurnSequence};
use aide_de_camp::games::Game;
use support::forgery::{rechain, session_from_events};

const LIM_CUP: &str = "Test cup";
const POOL: &str = "Test pool";
const LIMS: [&str; 3] = ["Chit A", "Chit B", "Chit C"];
const BLOCKS: [&str; 3] = ["Block 1", "Block 2", "Block 3"];

/// Fills both cups.
struct FillCups;

impl Procedure for FillCups {
    fn about(&self) -> &About {
        &About {
            id: "fill-cups",
            title: "Fill the cups",
            rule: "fictional",
            summary: "Puts the test chits and blocks in their cups.",
            fields: &[],
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn resolve(&self, _: &Input, _: &TableSet, _: &Faces) -> Result<Resolution, RuleError> {
        let put = |cup: &str, chits: [&str; 3]| Effect::PutInCup {
            cup: cup.into(),
            chits: chits.into_iter().map(Into::into).collect(),
            rule: "fictional".into(),
        };
        Ok(Resolution::book_keeping(
            "filled",
            "The cups are filled".into(),
            vec![put(LIM_CUP, LIMS), put(POOL, BLOCKS)],
        ))
    }
}

/// Rolls a die and draws a chit everyone sees: the chit decides the outcome.
struct DrawChit;

impl Procedure for DrawChit {
    fn about(&self) -> &About {
        &About {
            id: "draw-chit",
            title: "Draw a chit",
            rule: "fictional",
            summary: "Rolls a die and draws a chit from the test cup.",
            fields: &[],
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn dice(&self, _input: &Input) -> DiceSpec {
        DiceSpec::new(&[("Test die", Die::D6)])
    }
    fn draws(&self, _input: &Input) -> Vec<DrawSlot> {
        vec![DrawSlot::open("Chit", LIM_CUP)]
    }
    fn resolve(&self, _: &Input, _: &TableSet, faces: &Faces) -> Result<Resolution, RuleError> {
        let chit = faces.chits()[0].to_string();
        let mut resolution =
            Resolution::book_keeping(&chit, format!("{chit}, die {}", faces[0]), Vec::new());
        resolution.outcome.rank = LIMS.iter().position(|c| *c == chit).unwrap_or(9) as i32;
        Ok(resolution)
    }
}

/// Draws a block face down, which only the Allied side sees.
struct DrawBlock;

impl Procedure for DrawBlock {
    fn about(&self) -> &About {
        &About {
            id: "draw-block",
            title: "Draw a block",
            rule: "fictional",
            summary: "Draws a block from the test pool, face down.",
            fields: &[],
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "allied".into()
    }
    fn draws(&self, _input: &Input) -> Vec<DrawSlot> {
        vec![DrawSlot::hidden("Block", POOL, "allied")]
    }
    fn resolve(&self, _: &Input, _: &TableSet, _: &Faces) -> Result<Resolution, RuleError> {
        // The outcome names no block: the players see only that one was drawn.
        Ok(Resolution::book_keeping(
            "drawn",
            "A block is drawn face down".into(),
            Vec::new(),
        ))
    }
}

/// Deploys two blocks face down, drawn in a row: the effects name each by its draw.
struct DeployBlocks;

impl Procedure for DeployBlocks {
    fn about(&self) -> &About {
        &About {
            id: "deploy-blocks",
            title: "Deploy two blocks",
            rule: "fictional",
            summary: "Draws two blocks from the test pool, face down, and deploys them.",
            fields: &[],
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "allied".into()
    }
    fn draws(&self, _input: &Input) -> Vec<DrawSlot> {
        vec![
            DrawSlot::hidden("First block", POOL, "allied"),
            DrawSlot::hidden("Second block", POOL, "allied"),
        ]
    }
    fn resolve(&self, _: &Input, _: &TableSet, _: &Faces) -> Result<Resolution, RuleError> {
        let effects = (0..2)
            .map(|slot| {
                Effect::set_state(
                    "allied",
                    &DrawnRef::OfThis(slot).name(),
                    "deployed",
                    "fictional",
                )
            })
            .collect();
        Ok(Resolution::book_keeping(
            "deployed",
            "Two blocks are deployed face down".into(),
            effects,
        ))
    }
}

/// The cup a form lists.
const LISTED_CUP: &str = "Test list";

const LISTED_FIELDS: &[Field] = &[Field {
    id: "chits",
    label: "Chits to draw from",
    group: "Draw",
    kind: FieldKind::Text { max_len: 100 },
    rule: "fictional",
    help: "Separated by commas.",
}];

/// Draws two chits everyone sees from the chits its form lists.
struct DrawListed;

impl Procedure for DrawListed {
    fn about(&self) -> &About {
        &About {
            id: "draw-listed",
            title: "Draw from a list",
            rule: "fictional",
            summary: "Draws two chits from those the form lists.",
            fields: LISTED_FIELDS,
        }
    }
    fn acting_side(&self, _input: &Input) -> String {
        "french".into()
    }
    fn draws(&self, input: &Input) -> Vec<DrawSlot> {
        let chits: Vec<Symbol> = input
            .text("chits")
            .split(',')
            .map(|chit| chit.trim().into())
            .collect();
        ["First", "Second"]
            .iter()
            .map(|label| DrawSlot::from_list(label, LISTED_CUP, &chits))
            .collect()
    }
    fn resolve(&self, _: &Input, _: &TableSet, faces: &Faces) -> Result<Resolution, RuleError> {
        let drawn: Vec<&str> = faces.chits().iter().map(Symbol::as_str).collect();
        Ok(Resolution::book_keeping(
            &drawn.join(" then "),
            format!("Drawn: {}", drawn.join(" then ")),
            Vec::new(),
        ))
    }
}

const NO_FIELDS: &[Field] = &[];

fn no_notes(_: &Record) -> Vec<TurnNote> {
    Vec::new()
}
fn no_summary(_: &UnitRecord) -> String {
    String::new()
}
fn never_over(_: &Record) -> Option<String> {
    None
}

static GAME: Game = Game {
    id: "draw-test",
    title: "A game of chits (test fixture)",
    rulebook: "",
    sides: &[("french", "French"), ("allied", "Allied")],
    scenarios: &[Scenario {
        id: "only",
        title: "The only scenario",
        rule: "fictional",
        summary: "",
        start: Position {
            turn: 1,
            phase: 0,
            step: 0,
        },
        last_turn: 1,
        sequence: None,
        set_up: None,
    }],
    sequence: TurnSequence {
        phases: &[Phase {
            title: "Draws",
            rule: "fictional",
            steps: &[Step {
                title: "Draw",
                rule: "fictional",
                procedures: &["draw-chit"],
                guidance: "",
                repeats: Some(Repeat::WhileCupHolds(LIM_CUP)),
                in_force: None,
            }],
        }],
        turn_names: &[],
    },
    procedures: &[&FillCups, &DrawChit, &DrawBlock, &DeployBlocks, &DrawListed],
    tables: &[],
    set_up: None,
    roster: None,
    settings: None,
    turn_notes: no_notes,
    unit_summary: no_summary,
    game_over: never_over,
    after_the_end: &[],
    ends_with: &[],
    entered_last_turn: |_| None,
    counters_spent_by_hand: true,
    summarized: &[],
};

/// Resolves `procedure` with the app's dice and draws; applies its effects if it fills.
fn resolve(procedure: &str) -> Command {
    Command::Resolve {
        procedure: procedure.into(),
        input: Input::defaults(NO_FIELDS),
        dice: Dice::App,
        apply: procedure == "fill-cups" || procedure == "deploy-blocks",
    }
}

/// A session with both cups filled.
fn filled(seed: u64) -> Session {
    let scenario = &GAME.scenarios[0];
    let mut session = Session::new(
        GAME.id,
        scenario.id,
        scenario.start,
        GAME.sides_named(&[]),
        GameKey::from_parts([7; 32], Seed::from_u64(seed)),
    );
    session
        .execute(&GAME, &TableSet::default(), resolve("fill-cups"))
        .expect("the cups fill");
    session
}

fn cup<'a>(session: &'a Session, name: &str) -> Vec<&'a str> {
    session.record().cups[name]
        .iter()
        .map(|c| c.as_str())
        .collect()
}

#[test]
fn a_draw_takes_a_chit_from_the_cup_on_the_record_until_it_is_empty() {
    let tables = TableSet::default();
    let mut session = filled(41);
    assert_eq!(cup(&session, LIM_CUP), LIMS);
    let mut drawn = Vec::new();
    for n in 0..3u64 {
        let Executed::Resolved {
            event,
            dice,
            resolution,
            ..
        } = session
            .execute(&GAME, &tables, resolve("draw-chit"))
            .expect("a chit is left")
        else {
            panic!("not a resolution");
        };
        let Some(EventBody::Resolved { draws, .. }) = session.event(event).map(|e| &e.body) else {
            panic!("the resolution is logged");
        };
        // The die takes the generator's next draw, the chit the one after it.
        assert_eq!(dice[0].draw_index, Some(2 * n));
        assert_eq!(draws[0].draw_index, 2 * n + 1);
        assert_eq!(draws[0].contents_before.len(), 3 - n as usize);
        assert!(
            resolution
                .outcome
                .headline
                .starts_with(draws[0].drawn.as_str())
        );
        drawn.push(draws[0].drawn.to_string());
        assert_eq!(cup(&session, LIM_CUP).len(), 2 - n as usize);
        assert!(!cup(&session, LIM_CUP).contains(&drawn[n as usize].as_str()));
        // A draw is random: it is mended by a correction, never undone.
        assert!(!session.can_undo());
        // The step comes round again while the cup holds a chit, and play moves on after.
        let after = GAME.sequence.after(session.record(), 1);
        if n < 2 {
            assert_eq!(after, Some(session.record().position));
            session
                .execute(
                    &GAME,
                    &tables,
                    Command::MoveTo {
                        position: after.expect("again"),
                    },
                )
                .expect("the next pass");
        } else {
            assert_eq!(
                after, None,
                "the cup is empty and the scenario's last step is done"
            );
        }
    }
    drawn.sort();
    assert_eq!(drawn, LIMS);
    // The empty cup is refused, and nothing is logged.
    let events = session.events().len();
    let refused = session
        .execute(&GAME, &tables, resolve("draw-chit"))
        .expect_err("the cup is empty");
    assert!(
        matches!(&refused, CommandError::Rule(RuleError::Draw(m)) if m.contains("Test cup is empty")),
        "{refused}"
    );
    assert_eq!(session.events().len(), events);
    let report = GAME.verify(&session, &tables).expect("verifies");
    assert_eq!((report.app_rolls, report.draws), (3, 3));
}

#[test]
fn the_odds_enumerate_the_cup_and_every_face() {
    let tables = TableSet::default();
    let mut session = filled(42);
    let input = Input::defaults(NO_FIELDS);
    let odds = odds_drawing(&DrawChit, &input, &tables, &session.record().cups).expect("odds");
    let shares: Vec<(&str, u64, f64)> = odds
        .iter()
        .map(|l| (l.key.as_str(), l.count, l.probability))
        .collect();
    // Each chit, with each of the six faces: 6 of 18.
    assert_eq!(
        shares,
        [
            ("Chit A", 6, 1.0 / 3.0),
            ("Chit B", 6, 1.0 / 3.0),
            ("Chit C", 6, 1.0 / 3.0)
        ]
    );
    session
        .execute(&GAME, &tables, resolve("draw-chit"))
        .expect("drawn");
    let odds = odds_drawing(&DrawChit, &input, &tables, &session.record().cups).expect("odds");
    assert_eq!(odds.len(), 2, "one chit has left the cup");
    assert!(odds.iter().all(|l| l.count == 6 && l.probability == 0.5));
    assert!(odds_drawing(&DrawChit, &input, &tables, &Default::default()).is_err());
}

#[test]
fn verify_rederives_each_draw_and_catches_an_edited_one() {
    let tables = TableSet::default();
    let mut session = filled(43);
    session
        .execute(&GAME, &tables, resolve("draw-chit"))
        .expect("drawn");
    let seq = session.events().len();
    assert!(GAME.verify(&session, &tables).is_ok());
    // Once the game's seed is revealed, every pick is re-derived from it.
    support::reveal_seed(&mut session, &GAME, &tables);
    let report = GAME.verify(&session, &tables).expect("verifies");
    assert_eq!((report.draws, report.draws_sealed), (1, 0));

    // Another chit from the same cup, with every hash recomputed.
    let mut events = session.events().to_vec();
    if let EventBody::Resolved { draws, .. } = &mut events[seq - 1].body {
        let other = LIMS
            .iter()
            .find(|c| **c != draws[0].drawn.as_str())
            .expect("another chit");
        draws[0].drawn = (*other).into();
    }
    rechain(&mut events);
    let failure = GAME
        .verify(&session_from_events(&events), &tables)
        .expect_err("caught");
    assert_eq!(failure.seq, seq as u64, "{failure}");
    assert!(failure.message.contains("seed picks"), "{failure}");

    // A cup that held other chits than the record says.
    let mut events = session.events().to_vec();
    if let EventBody::Resolved { draws, .. } = &mut events[seq - 1].body {
        draws[0].contents_before.pop();
    }
    rechain(&mut events);
    let failure = GAME
        .verify(&session_from_events(&events), &tables)
        .expect_err("caught");
    assert_eq!(failure.seq, seq as u64, "{failure}");
    assert!(failure.message.contains("the record held"), "{failure}");
}

#[test]
fn a_chit_drawn_face_down_stays_out_of_the_log_and_export_until_revealed() {
    let tables = TableSet::default();
    let mut session = filled(44);
    let Executed::Resolved { event, .. } = session
        .execute(&GAME, &tables, resolve("draw-block"))
        .expect("drawn")
    else {
        panic!("not a resolution");
    };
    let block = session.drawn_chit(event, 0).expect("the app knows it");
    assert!(BLOCKS.contains(&block.as_str()));
    // The block has left the pool, and the record knows who sees it.
    assert!(!cup(&session, POOL).contains(&block.as_str()));
    assert_eq!(
        session
            .record()
            .concealed
            .get(&(event, 0))
            .map(|s| s.as_str()),
        Some("allied")
    );
    let Some(EventBody::Resolved { draws, .. }) = session.event(event).map(|e| &e.body) else {
        panic!("logged");
    };
    assert!(draws[0].drawn.is_empty(), "the log names no block");
    assert!(draws[0].concealed.is_some());

    let named = format!("\"{block}\"");
    let markdown = |session: &Session| {
        let sources = ExportSources {
            describe: &|e| GAME.describe(e, &tables, session),
            statistics: &DiceStatistics::default,
            summaries: &Vec::new,
        };
        export(session, ExportFormat::Markdown, "test", &sources)
    };
    let before = markdown(&session);
    assert!(!before.contains(&named), "{before}");
    assert!(
        before.contains("face down, seen by Allied only"),
        "{before}"
    );
    assert!(GAME.verify(&session, &tables).is_ok());
    // The file alone names no block: without the game's key, its seed is sealed.
    let file = Session::from_toml("game.toml", &session.to_toml().expect("text")).expect("reads");
    assert_eq!(file.drawn_chit(event, 0), None);
    let report = GAME
        .verify(&file, &tables)
        .expect("verifies without the key");
    assert_eq!(report.resolutions_waiting, 1);

    // Revealed when the rules say so: the reveal names it, and anyone can check it.
    let revealed = session
        .execute(&GAME, &tables, Command::RevealDraw { event, draw: 0 })
        .expect("revealed");
    assert!(session.record().concealed.is_empty());
    let after = markdown(&session);
    assert!(after.contains(&format!("was {named}")), "{after}");
    let report = GAME.verify(&session, &tables).expect("verifies");
    assert_eq!(report.reveals, 1);
    assert!(
        session
            .execute(&GAME, &tables, Command::RevealDraw { event, draw: 0 })
            .is_err(),
        "a chit is revealed once"
    );

    // A reveal that names another block fails, even with every hash recomputed.
    let mut events = session.events().to_vec();
    let reveal = revealed.event().expect("logged") as usize - 1;
    if let EventBody::DrawRevealed { chit, .. } = &mut events[reveal].body {
        *chit = (*BLOCKS
            .iter()
            .find(|b| **b != block.as_str())
            .expect("another"))
        .into();
    }
    rechain(&mut events);
    let failure = GAME
        .verify(&session_from_events(&events), &tables)
        .expect_err("caught");
    assert_eq!(failure.seq, reveal as u64 + 1, "{failure}");
    assert!(failure.message.contains("committed to"), "{failure}");
}

#[test]
fn blocks_deployed_face_down_are_on_this_record_by_name_but_nowhere_in_the_log() {
    let tables = TableSet::default();
    let mut session = filled(45);
    let Executed::Resolved { event, .. } = session
        .execute(&GAME, &tables, resolve("deploy-blocks"))
        .expect("drawn")
    else {
        panic!("not a resolution");
    };
    let Some(EventBody::Resolved { draws, .. }) = session.event(event).map(|e| &e.body) else {
        panic!("logged");
    };
    // Both draws log the pool as it was before the first: the second gives the first away.
    assert_eq!(draws[0].contents_before, draws[1].contents_before);
    assert_eq!(draws[1].taken_before, 1);
    let first = session.drawn_chit(event, 0).expect("the app knows it");
    let second = session.drawn_chit(event, 1).expect("the app knows it");
    assert_ne!(first, second);
    assert_eq!(cup(&session, POOL).len(), 1);

    // This machine's record names both, and keeps them face down.
    for (slot, block) in [(0, &first), (1, &second)] {
        assert_eq!(
            session
                .record()
                .unit("allied", block)
                .map(|u| u.state.as_str()),
            Some("deployed")
        );
        assert_eq!(
            session
                .record()
                .face_down
                .get(&("allied".into(), block.clone())),
            Some(&(event, slot))
        );
    }
    // The log's effects name neither, only their draws.
    let applied = session
        .events()
        .iter()
        .find_map(|e| match &e.body {
            EventBody::Applied {
                resolution,
                effects,
            } if *resolution == event => Some(effects),
            _ => None,
        })
        .expect("applied");
    for effect in applied {
        let (_, unit) = effect.unit().expect("about a unit");
        assert!(DrawnRef::parse(unit).is_some(), "{unit}");
    }
    assert!(GAME.verify(&session, &tables).is_ok());

    // The second is revealed; a machine without the key learns it, and only it, from the file.
    session
        .execute(&GAME, &tables, Command::RevealDraw { event, draw: 1 })
        .expect("revealed");
    assert!(
        !session
            .record()
            .face_down
            .contains_key(&("allied".into(), second.clone()))
    );
    let file = Session::from_toml("game.toml", &session.to_toml().expect("text")).expect("reads");
    assert_eq!(
        file.record()
            .unit("allied", &second)
            .map(|u| u.state.as_str()),
        Some("deployed")
    );
    assert_eq!(
        file.record().units.len(),
        1,
        "the first is still unnamed there"
    );
    assert!(GAME.verify(&file, &tables).is_ok());

    // An edited run (the second draw claiming other contents) is caught.
    let mut events = session.events().to_vec();
    let index = event as usize - 1;
    if let EventBody::Resolved { draws, .. } = &mut events[index].body {
        draws[1].contents_before.pop();
    }
    rechain(&mut events);
    let failure = GAME
        .verify(&session_from_events(&events), &tables)
        .expect_err("caught");
    assert_eq!(failure.seq, event, "{failure}");
}

/// The listed draw's input: three chits.
fn listing_xyz() -> Input {
    let mut input = Input::defaults(LISTED_FIELDS);
    input.set("chits", Value::Text("X, Y, Z".into()));
    input
}

#[test]
fn a_form_may_list_the_chits_it_draws_from_without_replacement() {
    let tables = TableSet::default();
    let mut session = filled(45);
    let Executed::Resolved { event, .. } = session
        .execute(
            &GAME,
            &tables,
            Command::Resolve {
                procedure: "draw-listed".into(),
                input: listing_xyz(),
                dice: Dice::App,
                apply: false,
            },
        )
        .expect("drawn")
    else {
        panic!("not a resolution");
    };
    let Some(EventBody::Resolved { draws, outcome, .. }) = session.event(event).map(|e| &e.body)
    else {
        panic!("the resolution is logged");
    };
    // The log keeps the list as the first draw's cup, and the second draws from what is left.
    assert!(
        draws
            .iter()
            .all(|d| d.listed && d.cup.as_str() == LISTED_CUP)
    );
    let listed: Vec<&str> = draws[0]
        .contents_before
        .iter()
        .map(Symbol::as_str)
        .collect();
    assert_eq!(listed, ["X", "Y", "Z"]);
    assert_ne!(draws[0].drawn, draws[1].drawn);
    assert!(!draws[1].contents_before.contains(&draws[0].drawn));
    assert_eq!(draws[1].contents_before.len(), 2);
    assert_eq!(
        outcome.as_str(),
        format!("Drawn: {} then {}", draws[0].drawn, draws[1].drawn)
    );
    // No cup on the record is touched, and none is made.
    assert_eq!(cup(&session, LIM_CUP), LIMS);
    assert!(!session.record().cups.contains_key(LISTED_CUP));
    assert!(GAME.verify(&session, &tables).is_ok());
    support::reveal_seed(&mut session, &GAME, &tables);
    let report = GAME.verify(&session, &tables).expect("verifies");
    assert_eq!((report.draws, report.draws_sealed), (2, 0));
    // Every order of two of the three is as likely, with no cup on the record.
    let odds = odds(&DrawListed, &listing_xyz(), &tables).expect("odds");
    assert_eq!(odds.len(), 6);
    assert!(
        odds.iter()
            .all(|l| l.count == 1 && l.probability == 1.0 / 6.0)
    );
}

#[test]
fn verify_catches_a_listed_draw_whose_list_is_not_the_forms() {
    let tables = TableSet::default();
    let mut session = filled(46);
    session
        .execute(
            &GAME,
            &tables,
            Command::Resolve {
                procedure: "draw-listed".into(),
                input: listing_xyz(),
                dice: Dice::App,
                apply: false,
            },
        )
        .expect("drawn");
    let seq = session.events().len();
    // The chit neither draw took, left out of both draws' lists, with every hash recomputed: the
    // draws still follow on from each other, but not from the list the form gave.
    let mut events = session.events().to_vec();
    if let EventBody::Resolved { draws, .. } = &mut events[seq - 1].body {
        let untouched = ["X", "Y", "Z"]
            .into_iter()
            .find(|c| draws.iter().all(|d| d.drawn.as_str() != *c))
            .expect("one chit is left");
        for draw in draws.iter_mut() {
            draw.contents_before.retain(|c| c.as_str() != untouched);
        }
    }
    rechain(&mut events);
    let failure = GAME
        .verify(&session_from_events(&events), &tables)
        .expect_err("caught");
    assert_eq!(failure.seq, seq as u64, "{failure}");
    assert!(failure.message.contains("the form lists"), "{failure}");
}
