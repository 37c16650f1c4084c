//! Integration tests of the command line: the real binary, run as a user would run it.
//!
//! Every command runs with `AIDE_DE_CAMP_DATA` pointing at the test run's own data folder (or one the
//! test prepared), so no test ever reads the user's own owner tables, keys or recovery file. The
//! run's folder keeps the game keys the commands make, as a user's machine does, so that a session
//! made by one command goes on in the next; no test puts tables in it.

use aide_de_camp::engine::roller::Seed;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const GAME: &str = "waterloo-campaign-1815";
const BIN: &str = env!("CARGO_BIN_EXE_aide-de-camp");

/// The designer's-notes example: I Corps attacks the Reserve Corps at La Haye Sainte.
fn la_haye_sainte() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/la_haye_sainte.toml")
}

/// The built-in Combat Results Table, as shipped.
fn builtin_crt() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/waterloo-campaign-1815/crt.toml"),
    )
    .expect("the built-in CRT is readable")
}

/// What one run of the binary did.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    command: String,
}

impl Run {
    fn ok(&self) -> &Self {
        assert_eq!(
            self.code,
            Some(0),
            "`{}` should succeed\nstdout:\n{}\nstderr:\n{}",
            self.command,
            self.stdout,
            self.stderr
        );
        self
    }

    /// A refusal: a non-zero exit code (never a crash by signal).
    fn fails(&self) -> &Self {
        assert!(
            matches!(self.code, Some(c) if c != 0),
            "`{}` should fail with a non-zero exit code, got {:?}\nstdout:\n{}\nstderr:\n{}",
            self.command,
            self.code,
            self.stdout,
            self.stderr
        );
        self
    }

    /// A refusal with exactly one clear message on standard error.
    fn fails_with_one_message(&self) -> &Self {
        self.fails();
        let lines: Vec<&str> = self
            .stderr
            .lines()
            .filter(|l| !l.trim().is_empty())
            .collect();
        assert_eq!(
            lines.len(),
            1,
            "`{}` should print exactly one message on stderr, got:\n{}",
            self.command,
            self.stderr
        );
        assert!(
            lines[0].starts_with("error: "),
            "`{}`: the message should start with `error: `: {}",
            self.command,
            lines[0]
        );
        self
    }

    /// A mistake in the arguments: one line naming it, then one line of hint.
    fn fails_with_a_hint(&self) -> &Self {
        assert_eq!(self.code, Some(2), "`{}`: {}", self.command, self.stderr);
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert!(
            lines.len() == 2 && lines[0].starts_with("error: ") && lines[1].starts_with("hint: "),
            "`{}` should print an error line and a hint line, got:\n{}",
            self.command,
            self.stderr
        );
        self
    }

    fn stderr_has(&self, needle: &str) -> &Self {
        assert!(
            self.stderr.contains(needle),
            "`{}`: stderr should contain {needle:?}, got:\n{}",
            self.command,
            self.stderr
        );
        self
    }

    fn stdout_has(&self, needle: &str) -> &Self {
        assert!(
            self.stdout.contains(needle),
            "`{}`: stdout should contain {needle:?}, got:\n{}",
            self.command,
            self.stdout
        );
        self
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "`{}`: stdout is not JSON ({e}):\n{}",
                self.command, self.stdout
            )
        })
    }

    /// Everything the command printed, for reports that may go to either stream.
    fn all_output(&self) -> String {
        format!("{}\n{}", self.stdout, self.stderr)
    }
}

/// Runs the binary in `cwd` with `data` as its data folder.
fn run_in(data: &Path, cwd: &Path, args: &[&str]) -> Run {
    run_to(data, cwd, args, Stdio::piped())
}

/// Runs the binary as `run_in` does, its standard output going to `stdout`.
fn run_to(data: &Path, cwd: &Path, args: &[&str], stdout: Stdio) -> Run {
    let output = Command::new(BIN)
        .args(args)
        .current_dir(cwd)
        .env("AIDE_DE_CAMP_DATA", data)
        .stdout(stdout)
        .output()
        .expect("the binary runs");
    let run = Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        command: format!("aide-de-camp {}", args.join(" ")),
    };
    assert!(
        !run.stderr.contains("panicked") && !run.stdout.contains("panicked"),
        "`{}` panicked:\n{}",
        run.command,
        run.stderr
    );
    assert!(
        run.code.is_some(),
        "`{}` was killed by a signal:\n{}",
        run.command,
        run.stderr
    );
    run
}

/// The data folder of this test run: it holds the game keys the commands make, and nothing else.
fn run_data() -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-data");
    std::fs::create_dir_all(&folder).expect("the test run's data folder");
    folder
}

/// Runs the binary with the test run's data folder.
fn adc(args: &[&str]) -> Run {
    let cwd = std::env::temp_dir();
    run_in(&run_data(), &cwd, args)
}

fn s(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

/// `resolve` of the La Haye Sainte fixture with extra arguments, as JSON.
fn resolve_json(extra: &[&str]) -> serde_json::Value {
    let input = la_haye_sainte();
    let mut args = vec!["resolve", GAME, "attack", "--input", s(&input), "--json"];
    args.extend_from_slice(extra);
    adc(&args).ok().json()
}

fn faces(json: &serde_json::Value) -> Vec<u64> {
    json["dice"]
        .as_array()
        .expect("dice is a list")
        .iter()
        .map(|d| d["face"].as_u64().expect("a face is a number"))
        .collect()
}

fn draw_indexes(json: &serde_json::Value) -> Vec<Option<u64>> {
    json["dice"]
        .as_array()
        .expect("dice is a list")
        .iter()
        .map(|d| d["draw_index"].as_u64())
        .collect()
}

/// A session file read as plain TOML.
fn session_toml(path: &Path) -> toml::Table {
    std::fs::read_to_string(path)
        .expect("the session file exists")
        .parse()
        .expect("the session file is TOML")
}

fn events(path: &Path) -> Vec<toml::Value> {
    session_toml(path)["events"]
        .as_array()
        .expect("events is an array")
        .clone()
}

fn kind(event: &toml::Value) -> &str {
    event["body"]["kind"]
        .as_str()
        .expect("every event has a kind")
}

/// Whether `text` names "event N" (and not, say, "event N0").
fn names_event(text: &str, n: u64) -> bool {
    let needle = format!("event {n}");
    text.match_indices(&needle).any(|(at, _)| {
        !text[at + needle.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

/// Whether `text` contains `file:LINE:` with some line number, and which.
fn line_named_for(text: &str, file: &str) -> Option<usize> {
    text.match_indices(&format!("{file}:")).find_map(|(at, m)| {
        let rest = &text[at + m.len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && rest[digits.len()..].starts_with(':') {
            digits.parse().ok()
        } else {
            None
        }
    })
}

/// A session in `dir` with eight events, seed 0x717 (1815): 1 session_started, 2 and 3 the scenario's
/// set-up resolved and applied, 4 app roll, 5 physical dice 5 and 2, 6 app roll, 7 applied (event 6),
/// 8 app roll.
fn session_with_several_events(dir: &Path) -> PathBuf {
    let path = dir.join("game.toml");
    let input = la_haye_sainte();
    let resolve = |extra: &[&str]| {
        let mut args = vec![
            "resolve",
            GAME,
            "attack",
            "--input",
            s(&input),
            "--session",
            s(&path),
        ];
        args.extend_from_slice(extra);
        run_in(&run_data(), dir, &args).ok();
    };
    resolve(&["--seed", "1815"]); // event 4 (events 1-3 start and set up the session)
    resolve(&["--dice", "5,2"]); // event 5: physical dice
    resolve(&["--apply"]); // events 6 and 7: app roll, applied
    resolve(&[]); // event 8
    let logged = events(&path);
    assert_eq!(logged.len(), 8, "the fixture session has eight events");
    path
}

// ---------------------------------------------------------------------------
// 1. games and procedures
// ---------------------------------------------------------------------------

#[test]
fn games_lists_exactly_the_five_ids() {
    let run = adc(&["games"]);
    run.ok();
    let ids: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        ids,
        [
            "waterloo-campaign-1815",
            "battles-of-waterloo",
            "beyond-waterloo",
            "enemy-mistakes",
            "waterloo-200"
        ]
    );
}

#[test]
fn procedures_lists_the_games_procedures() {
    let run = adc(&["procedures", GAME]);
    run.ok();
    let ids: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| !l.starts_with(char::is_whitespace))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        ids,
        [
            "set-up",
            "deluge",
            "hq-placement",
            "blown-return",
            "cavalry-recovery",
            "detachment-placement",
            "detachment-recall",
            "line-of-communication",
            "advance-formation",
            "battle-formation",
            "withdrawal",
            "withdrawal-pass",
            "move",
            "movement-pass",
            "road-congestion",
            "concentrating-the-army",
            "attack",
            "attack-pass",
            "end-of-turn",
            "victory",
            "roster-entry",
            "add-detachment",
            "settings"
        ]
    );

    // Beyond Waterloo lists its Battle Sequence.
    adc(&["procedures", "beyond-waterloo"])
        .ok()
        .stdout_has("combat-round")
        .stdout_has("take-losses");
}

// ---------------------------------------------------------------------------
// 2. template
// ---------------------------------------------------------------------------

#[test]
fn the_template_parses_and_resolves_with_every_field_at_its_default() {
    let run = adc(&["template", GAME, "attack"]);
    run.ok();
    let table: toml::Table = run.stdout.parse().expect("the template is TOML");
    for key in [
        "attacker_side",
        "attacker_name",
        "attacker_type",
        "attacker_stars",
        "defender_type",
        "defender_stars",
        "hex_type",
        "soft_ground",
        "turn",
    ] {
        assert!(table.contains_key(key), "the template lacks `{key}`");
    }
    assert_eq!(table["attacker_stars"].as_integer(), Some(0));
    assert_eq!(table["turn"].as_integer(), Some(1));
    assert_eq!(table["attacker_side"].as_str(), Some("french"));
    // It tells the user the order of the dice for --dice.
    run.stdout_has("--dice")
        .stdout_has("Attacker die")
        .stdout_has("Defender die");

    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("attack.toml");
    std::fs::write(&input, &run.stdout).unwrap();
    let json = adc(&[
        "resolve",
        GAME,
        "attack",
        "--input",
        s(&input),
        "--dice",
        "3,3",
        "--json",
    ])
    .ok()
    .json();
    // At their defaults no field earns a modifier: 3 against 3 is a stalemate.
    assert_eq!(json["modifiers"].as_array().map(Vec::len), Some(0));
    assert_eq!(faces(&json), [3, 3]);
    assert_eq!(json["table_cell"]["row"], "0");
    assert!(
        json["result"]
            .as_str()
            .is_some_and(|r| r.contains("Stalemate")),
        "{json}"
    );
}

// ---------------------------------------------------------------------------
// 3. The designer's-notes example (seed 000, L1515-1522)
// ---------------------------------------------------------------------------

#[test]
fn la_haye_sainte_matches_the_designers_notes() {
    let json = resolve_json(&["--dice", "3,1"]);

    for key in ["result", "modifiers", "dice", "table_cell"] {
        assert!(json.get(key).is_some(), "the JSON lacks `{key}`: {json}");
    }
    let modifiers = json["modifiers"].as_array().expect("modifiers is a list");
    assert!(!modifiers.is_empty());
    for m in modifiers {
        assert!(m["label"].as_str().is_some_and(|l| !l.is_empty()), "{m}");
        assert!(m["value"].as_i64().is_some(), "{m}");
        assert!(m["rule"].as_str().is_some_and(|r| !r.is_empty()), "{m}");
    }
    let sum = |side: &str| -> i64 {
        modifiers
            .iter()
            .filter(|m| m["side"] == side)
            .map(|m| m["value"].as_i64().unwrap())
            .sum()
    };
    assert_eq!(sum("Defender"), 6, "the British total +6: {json}");
    assert_eq!(sum("Attacker"), 4, "the French total +4: {json}");
    assert_eq!(sum("Attacker") + sum("Defender"), {
        modifiers
            .iter()
            .map(|m| m["value"].as_i64().unwrap())
            .sum::<i64>()
    });

    let dice = json["dice"].as_array().unwrap();
    assert_eq!(faces(&json), [3, 1]);
    for d in dice {
        assert_eq!(d["source"], "physical", "{d}");
        assert!(d["draw_index"].is_null(), "{d}");
    }
    assert_eq!(dice[0]["label"], "Attacker die");
    assert_eq!(dice[1]["label"], "Defender die");

    // 3 + 4 = 1 + 6: a stalemate, row 0 of the CRT.
    assert_eq!(json["table_cell"]["row"], "0");
    assert_eq!(json["table_cell"]["result"], "S");
    assert!(
        json["result"]
            .as_str()
            .is_some_and(|r| r.contains("Stalemate")),
        "{json}"
    );
    assert!(json["session_event"].is_null());

    // The text form explains the same numbers.
    let input = la_haye_sainte();
    adc(&[
        "resolve",
        GAME,
        "attack",
        "--input",
        s(&input),
        "--dice",
        "3,1",
    ])
    .ok()
    .stdout_has("Stalemate")
    .stdout_has("Attacker: die 3 +4 = 7")
    .stdout_has("Defender: die 1 +6 = 7")
    .stdout_has("(physical)");
}

// ---------------------------------------------------------------------------
// 4. --seed without a session
// ---------------------------------------------------------------------------

#[test]
fn a_seed_without_a_session_is_reproducible() {
    let first = resolve_json(&["--seed", "42"]);
    let again = resolve_json(&["--seed", "42"]);
    assert_eq!(faces(&first), faces(&again));
    assert_eq!(first["result"], again["result"]);
    for d in first["dice"].as_array().unwrap() {
        assert_eq!(d["source"], "app", "{d}");
        let face = d["face"].as_u64().unwrap();
        assert!((1..=6).contains(&face), "{d}");
    }
    assert_eq!(draw_indexes(&first), [Some(0), Some(1)]);

    // Some other seed rolls something else.
    let differs = (43..83).any(|seed| {
        let other = resolve_json(&["--seed", &seed.to_string()]);
        faces(&other) != faces(&first)
    });
    assert!(differs, "forty other seeds all rolled {:?}", faces(&first));

    // The text form tells how to repeat the roll.
    let input = la_haye_sainte();
    adc(&[
        "resolve",
        GAME,
        "attack",
        "--input",
        s(&input),
        "--seed",
        "42",
    ])
    .ok()
    .stdout_has("--seed 42")
    .stdout_has("(app)");
}

// ---------------------------------------------------------------------------
// 5. Sessions
// ---------------------------------------------------------------------------

#[test]
fn a_session_is_created_appended_to_applied_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("campaign.toml");
    let input = la_haye_sainte();
    let resolve = |extra: &[&str]| {
        let mut args = vec![
            "resolve",
            GAME,
            "attack",
            "--input",
            s(&input),
            "--session",
            s(&path),
            "--json",
        ];
        args.extend_from_slice(extra);
        adc(&args)
    };

    // Created when absent, with the seed given.
    assert!(!path.exists());
    let first = resolve(&["--seed", "42"]).ok().json();
    assert!(path.exists(), "the session file was created");
    let after_first = events(&path);
    assert_eq!(
        after_first.len(),
        4,
        "session_started, the set-up and its application, and the resolution"
    );
    assert_eq!(kind(&after_first[0]), "session_started");
    assert_eq!(after_first[1]["body"]["procedure"].as_str(), Some("set-up"));
    assert_eq!(kind(&after_first[2]), "applied");
    assert_eq!(kind(&after_first[3]), "resolved");
    // The file holds only the commitment to the seed given, never the seed.
    assert!(after_first[0]["body"].get("seed").is_none());
    assert_eq!(
        after_first[0]["body"]["seed_commitment"].as_str(),
        Some(Seed::from_u64(42).commitment().as_str())
    );
    assert_eq!(first["session_event"], 4);
    assert_eq!(draw_indexes(&first), [Some(0), Some(1)]);
    // The session's first draws are the same draws as `--seed 42` without a session.
    assert_eq!(faces(&first), faces(&resolve_json(&["--seed", "42"])));

    // A second resolve appends; the rolls continue from the log.
    let second = resolve(&[]).ok().json();
    let after_second = events(&path);
    assert_eq!(after_second.len(), 5);
    assert_eq!(
        after_second[..4],
        after_first[..],
        "earlier events are kept as they were"
    );
    assert_eq!(second["session_event"], 5);
    assert_eq!(draw_indexes(&second), [Some(2), Some(3)]);
    for d in second["dice"].as_array().unwrap() {
        assert_eq!(d["source"], "app");
    }
    let logged_faces: Vec<i64> = after_second[4]["body"]["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["face"].as_integer().unwrap())
        .collect();
    assert_eq!(
        logged_faces,
        faces(&second)
            .into_iter()
            .map(|f| f as i64)
            .collect::<Vec<_>>()
    );

    // --apply adds an applied event naming the resolution.
    let third = resolve(&["--apply"]).ok().json();
    let after_third = events(&path);
    assert_eq!(after_third.len(), 7);
    assert_eq!(third["session_event"], 6);
    assert_eq!(draw_indexes(&third), [Some(4), Some(5)]);
    assert_eq!(kind(&after_third[5]), "resolved");
    assert_eq!(kind(&after_third[6]), "applied");
    assert_eq!(after_third[6]["body"]["resolution"].as_integer(), Some(6));

    // verify says so and exits 0.
    adc(&["verify", s(&path)])
        .ok()
        .stdout_has("verified")
        .stdout_has("7 events");

    // --seed with an existing session is refused and the file is untouched.
    let before = std::fs::read(&path).unwrap();
    resolve(&["--seed", "7"])
        .fails_with_one_message()
        .stderr_has("--seed");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the session is byte-identical"
    );
    // ... also with the text output.
    let mut args = vec!["resolve", GAME, "attack", "--input"];
    args.extend([s(&input), "--session", s(&path), "--seed", "7"]);
    adc(&args).fails_with_one_message();
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // Typed-in dice go into the same session without using a draw.
    let physical = resolve(&["--dice", "6,6"]).ok().json();
    assert_eq!(draw_indexes(&physical), [None, None]);
    let next = resolve(&[]).ok().json();
    assert_eq!(draw_indexes(&next), [Some(6), Some(7)]);
    adc(&["verify", s(&path)])
        .ok()
        .stdout_has("9 events")
        .stdout_has("2 physical");
}

#[test]
fn apply_needs_a_session_and_dice_conflict_with_a_seed() {
    let dir = tempfile::tempdir().unwrap();
    let input = la_haye_sainte();
    adc(&[
        "resolve",
        GAME,
        "attack",
        "--input",
        s(&input),
        "--dice",
        "3,1",
        "--apply",
    ])
    .fails();
    let path = dir.path().join("s.toml");
    adc(&[
        "resolve",
        GAME,
        "attack",
        "--input",
        s(&input),
        "--dice",
        "3,1",
        "--seed",
        "4",
        "--session",
        s(&path),
    ])
    .fails();
    assert!(!path.exists(), "nothing was written");
}

#[cfg(unix)]
#[test]
fn a_linked_session_is_written_through_and_a_read_only_one_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = session_with_several_events(dir.path());
    let link = dir.path().join("link.toml");
    std::os::unix::fs::symlink("game.toml", &link).unwrap();
    let input = la_haye_sainte();
    let resolve = |session: &Path| {
        let mut args = vec!["resolve", GAME, "attack", "--input", s(&input)];
        args.extend(["--session", s(session), "--dice", "3,1"]);
        run_in(&run_data(), dir.path(), &args)
    };

    // Through the link: the file it points to gets the event, and the link stays a link.
    resolve(&link).ok().stdout_has("Logged as event 9");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(events(&path).len(), 9);
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(names, ["game.toml", "link.toml"]);

    // Without write permission: refused, naming the file, and left as it was.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read(&path).unwrap();
    for session in [&path, &link] {
        resolve(session)
            .fails_with_one_message()
            .stderr_has(&format!("{}: is read-only", s(session)));
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o444);
    }
}

// ---------------------------------------------------------------------------
// 6. Tampering
// ---------------------------------------------------------------------------

/// The byte offset of the start of event `seq`'s block in a session file.
fn event_start(text: &str, seq: u64) -> usize {
    let marker = format!("[[events]]\nseq = {seq}\n");
    text.find(&marker)
        .unwrap_or_else(|| panic!("event {seq} is in the file:\n{text}"))
}

/// The end of event `seq`'s block (the start of the next event, or the end of the file).
fn event_end(text: &str, seq: u64) -> usize {
    let start = event_start(text, seq);
    text[start + 1..]
        .find("[[events]]\n")
        .map(|i| start + 1 + i)
        .unwrap_or(text.len())
}

/// Replaces the single byte at `at` with `with`, checking it changed.
fn change_byte(text: &str, at: usize, with: u8) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    assert_ne!(bytes[at], with, "the tamper must change the byte");
    bytes[at] = with;
    bytes
}

/// Writes `bytes` over `path`, runs verify, and checks it fails naming event `seq`.
fn assert_verify_names(dir: &Path, path: &Path, bytes: &[u8], seq: u64, what: &str) {
    let tampered = dir.join(format!("tampered-{seq}-{}.toml", what.replace(' ', "-")));
    std::fs::write(&tampered, bytes).unwrap();
    assert_eq!(
        std::fs::read(&tampered).unwrap().len(),
        std::fs::read(path).unwrap().len(),
        "one byte changed, none added"
    );
    let run = adc(&["verify", s(&tampered)]);
    run.fails();
    let text = run.all_output();
    assert!(
        names_event(&text, seq),
        "{what}: verify should name event {seq}, said:\n{text}"
    );
    for other in 1..=6 {
        if other != seq {
            assert!(
                !run.stderr.contains(&format!("at event {other}:")),
                "{what}: verify blamed event {other}:\n{text}"
            );
        }
    }
    assert_eq!(
        std::fs::read(&tampered).unwrap(),
        bytes,
        "verify wrote nothing"
    );
}

#[test]
fn verify_names_the_event_whose_byte_was_changed() {
    let dir = tempfile::tempdir().unwrap();
    let path = session_with_several_events(dir.path());
    adc(&["verify", s(&path)]).ok().stdout_has("verified");
    let text = std::fs::read_to_string(&path).unwrap();

    // A die face of event 5 (physical dice: only the hash chain can catch it).
    let (start, end) = (event_start(&text, 5), event_end(&text, 5));
    let at = start
        + text[start..end]
            .find("face = ")
            .expect("event 5 has a face")
        + 7;
    let face = text.as_bytes()[at];
    let other = if face == b'6' { b'1' } else { face + 1 };
    assert_verify_names(dir.path(), &path, &change_byte(&text, at, other), 5, "face");

    // A die face of event 8 (an app roll).
    let (start, end) = (event_start(&text, 8), event_end(&text, 8));
    let at = start
        + text[start..end]
            .find("face = ")
            .expect("event 8 has a face")
        + 7;
    let face = text.as_bytes()[at];
    let other = if face == b'6' { b'1' } else { face + 1 };
    assert_verify_names(
        dir.path(),
        &path,
        &change_byte(&text, at, other),
        8,
        "app face",
    );

    // A character of the outcome of event 4.
    let (start, end) = (event_start(&text, 4), event_end(&text, 4));
    let at = start
        + text[start..end]
            .find("outcome = \"")
            .expect("event 4 has an outcome")
        + "outcome = \"".len()
        + 2;
    let c = text.as_bytes()[at];
    let other = if c == b'x' { b'y' } else { b'x' };
    assert_verify_names(
        dir.path(),
        &path,
        &change_byte(&text, at, other),
        4,
        "outcome",
    );

    // The resolution an applied event (event 7) points at.
    let (start, end) = (event_start(&text, 7), event_end(&text, 7));
    let at = start
        + text[start..end]
            .find("resolution = 6")
            .expect("event 7 applies event 6")
        + "resolution = ".len();
    assert_verify_names(
        dir.path(),
        &path,
        &change_byte(&text, at, b'5'),
        7,
        "applied resolution",
    );

    // A digit of event 6's time.
    let (start, end) = (event_start(&text, 6), event_end(&text, 6));
    let at = start
        + text[start..end]
            .find("time = \"")
            .expect("event 6 has a time")
        + 9;
    let c = text.as_bytes()[at];
    let other = if c == b'9' { b'0' } else { c + 1 };
    assert_verify_names(dir.path(), &path, &change_byte(&text, at, other), 6, "time");

    // The original still verifies: nothing above touched it.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    adc(&["verify", s(&path)]).ok();
}

#[test]
fn resolve_adds_nothing_to_a_session_that_does_not_verify() {
    let dir = tempfile::tempdir().unwrap();
    let path = session_with_several_events(dir.path());
    let text = std::fs::read_to_string(&path).unwrap();
    // A die face of event 5 (physical dice: only the hash chain can catch it).
    let (start, end) = (event_start(&text, 5), event_end(&text, 5));
    let at = start + text[start..end].find("face = ").unwrap() + 7;
    let face = text.as_bytes()[at];
    let tampered = change_byte(&text, at, if face == b'6' { b'1' } else { face + 1 });
    std::fs::write(&path, &tampered).unwrap();
    let input = la_haye_sainte();
    for extra in [&[][..], &["--dice", "3,1", "--apply"], &["--json"]] {
        let mut args = vec!["resolve", GAME, "attack", "--input", s(&input)];
        args.extend(["--session", s(&path)]);
        args.extend_from_slice(extra);
        adc(&args)
            .fails_with_one_message()
            .stderr_has(s(&path))
            .stderr_has("verification failed at event 5: its hash does not match");
        assert_eq!(std::fs::read(&path).unwrap(), tampered, "nothing appended");
    }
}

/// `text` without the signatures of the states after event `seq`, as someone who cut the file
/// there would leave it to make it verify.
fn without_signatures_after(text: &str, seq: u64) -> String {
    let mut kept = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let through = lines
            .peek()
            .and_then(|next| next.strip_prefix("through = "))
            .map(|n| n.parse::<u64>().unwrap());
        if line == "[[signatures]]" && through.is_some_and(|through| through > seq) {
            while lines.next_if(|l| !l.starts_with("[[")).is_some() {}
            continue;
        }
        kept.push(line);
    }
    kept.join("\n") + "\n"
}

/// A folder as an umpire collects it: a good game, one tampered with, one cut short in the middle
/// of an event, one cut at an event boundary (as it stands, and with its later signatures dropped),
/// other files, and a subfolder that is not looked into. Returns the folder, the hash of the good
/// game's event 5, and how many lines the file cut mid-event has.
fn umpires_folder(dir: &Path) -> (PathBuf, String, usize) {
    let made = dir.join("made");
    std::fs::create_dir(&made).unwrap();
    let original = session_with_several_events(&made);
    let text = std::fs::read_to_string(&original).unwrap();
    let hash_5 = events(&original)[4]["hash"].as_str().unwrap().to_string();
    let folder = dir.join("collected");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("game.toml"), &text).unwrap();

    let (start, end) = (event_start(&text, 5), event_end(&text, 5));
    let at = start + text[start..end].find("face = ").unwrap() + 7;
    let face = text.as_bytes()[at];
    let tampered = change_byte(&text, at, if face == b'6' { b'1' } else { face + 1 });
    std::fs::write(folder.join("tampered.toml"), tampered).unwrap();

    let start = event_start(&text, 6);
    let mid_event = start + text[start..].find("outcome = \"").unwrap() + 15;
    std::fs::write(folder.join("truncated.toml"), &text[..mid_event]).unwrap();

    let boundary = event_end(&text, 5);
    std::fs::write(folder.join("cut-after-5.toml"), &text[..boundary]).unwrap();
    std::fs::write(
        folder.join("cut-after-5-signatures-dropped.toml"),
        without_signatures_after(&text[..boundary], 5),
    )
    .unwrap();

    std::fs::write(folder.join("notes.txt"), "Turn 3: Ney attacks at 14:00.\n").unwrap();
    std::fs::write(
        folder.join("photo.jpg"),
        b"\xff\xd8\xff\xe0\x00\x10JFIF\x00",
    )
    .unwrap();
    std::fs::copy(la_haye_sainte(), folder.join("input.toml")).unwrap();
    std::fs::create_dir(folder.join("older")).unwrap();
    std::fs::write(folder.join("older/tampered.toml"), &text[..mid_event]).unwrap();
    (folder, hash_5, text[..mid_event].lines().count())
}

#[test]
fn verify_a_folder_lists_every_file_and_fails_if_a_session_does() {
    let dir = tempfile::tempdir().unwrap();
    let (folder, hash_5, truncated_lines) = umpires_folder(dir.path());
    let before: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&folder)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| (e.path(), std::fs::read(e.path()).unwrap()))
        .collect();

    let run = adc(&["verify", s(&folder)]);
    assert_eq!(run.code, Some(1), "{run:?}");
    run.fails_with_one_message().stderr_has(&format!(
        "{}: 3 of its sessions failed or are damaged",
        s(&folder)
    ));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines.len(),
        10,
        "a heading, a line per file, the count:\n{}",
        run.stdout
    );
    let columns = |line: &str| -> Vec<String> {
        line.split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(String::from)
            .collect()
    };
    assert_eq!(
        columns(lines[0]),
        [
            "FILE", "GAME", "SCENARIO", "EVENTS", "LAST", "HASH", "VERDICT"
        ]
    );
    // The columns line up: the text ones start where their heading does.
    for heading in ["GAME", "SCENARIO", "HASH", "VERDICT"] {
        let at = lines[0].find(heading).unwrap();
        let column = columns(lines[0]).iter().position(|h| h == heading).unwrap();
        for line in &lines[1..9] {
            assert!(
                line[at..].starts_with(&columns(line)[column]),
                "{heading} is not at {at} in:\n{line}"
            );
        }
    }
    let hash_of = |seq: usize| {
        events(&folder.join("game.toml"))[seq - 1]["hash"]
            .as_str()
            .unwrap()[..12]
            .to_string()
    };
    let session_row = |file: &str, events: &str, last: usize, verdict: &str| {
        vec![
            file.to_string(),
            "Waterloo Campaign 1815".to_string(),
            "The Waterloo Campaign: June 16-18, 1815".to_string(),
            events.to_string(),
            last.to_string(),
            hash_of(last),
            verdict.to_string(),
        ]
    };
    let not_a_session = |file: &str| {
        [file, "-", "-", "-", "-", "-", "not a session file"]
            .map(String::from)
            .to_vec()
    };
    let waiting = "verified; 6 app rolls and draws wait for the seed";
    assert_eq!(
        columns(lines[1]),
        session_row(
            "cut-after-5-signatures-dropped.toml",
            "5",
            5,
            "verified; 2 app rolls and draws wait for the seed"
        )
    );
    assert_eq!(hash_of(5), hash_5[..12]);
    assert_eq!(
        columns(lines[2]),
        session_row(
            "cut-after-5.toml",
            "5",
            5,
            "FAILED at event 6: the game's key signed it through event 7, but the file ends at event 5: events 6-7 were cut off"
        )
    );
    assert_eq!(columns(lines[3]), session_row("game.toml", "8", 8, waiting));
    assert_eq!(columns(lines[4]), not_a_session("input.toml"));
    assert_eq!(columns(lines[5]), not_a_session("notes.txt"));
    assert_eq!(columns(lines[6]), not_a_session("photo.jpg"));
    let tampered = columns(lines[7]);
    assert_eq!(tampered[..4], session_row("tampered.toml", "8", 8, "")[..4]);
    assert!(
        tampered[6].starts_with("FAILED at event 5: its hash does not match"),
        "{tampered:?}"
    );
    let truncated = columns(lines[8]);
    assert_eq!(truncated[..6], ["truncated.toml", "-", "-", "-", "-", "-"]);
    let line: usize = truncated[6]
        .strip_prefix("damaged: line ")
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{truncated:?}"));
    assert!(line <= truncated_lines, "{truncated:?}");
    assert!(
        truncated[6].contains("the session file is damaged"),
        "{truncated:?}"
    );
    assert_eq!(
        lines[9], "2 verified, 3 failed, 3 not sessions",
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("older"),
        "subfolders are not looked into"
    );

    // JSON: the same rows, the hash whole.
    let run = adc(&["verify", s(&folder), "--json"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    let rows = run.json();
    let rows = rows.as_array().unwrap();
    let files: Vec<&str> = rows.iter().map(|r| r["file"].as_str().unwrap()).collect();
    assert_eq!(
        files,
        [
            "cut-after-5-signatures-dropped.toml",
            "cut-after-5.toml",
            "game.toml",
            "input.toml",
            "notes.txt",
            "photo.jpg",
            "tampered.toml",
            "truncated.toml"
        ]
    );
    let verdicts: Vec<&str> = rows
        .iter()
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        [
            "verified",
            "failed",
            "verified",
            "not_session",
            "not_session",
            "not_session",
            "failed",
            "damaged"
        ]
    );
    let cut = &rows[0];
    assert_eq!(cut["game"], "Waterloo Campaign 1815");
    assert_eq!(cut["events"], 5);
    assert_eq!(cut["last_event"], 5);
    assert_eq!(cut["last_hash"], hash_5.as_str());
    assert_eq!(cut["failed_at"], serde_json::Value::Null);
    assert_eq!(cut["detail"], "2 app rolls and draws wait for the seed");
    assert_eq!(rows[1]["failed_at"], 6);
    assert_eq!(rows[6]["failed_at"], 5);
    assert!(
        rows[6]["detail"]
            .as_str()
            .unwrap()
            .starts_with("its hash does not match")
    );
    for other in &rows[3..6] {
        for field in [
            "game",
            "scenario",
            "events",
            "last_event",
            "last_hash",
            "failed_at",
            "detail",
        ] {
            assert_eq!(other[field], serde_json::Value::Null, "{other}");
        }
    }
    assert!(rows[7]["detail"].as_str().unwrap().starts_with("line "));

    // Verifying wrote nothing.
    for (path, bytes) in &before {
        assert_eq!(&std::fs::read(path).unwrap(), bytes, "{}", path.display());
    }

    // Without the failing sessions the folder verifies, its other files listed.
    for failing in ["tampered.toml", "truncated.toml", "cut-after-5.toml"] {
        std::fs::remove_file(folder.join(failing)).unwrap();
    }
    let run = adc(&["verify", s(&folder)]);
    run.ok().stdout_has("2 verified, 0 failed, 3 not sessions");
    assert_eq!(run.stderr, "");

    // A file with --json is one row; a path that is not there is bad input, named.
    let run = adc(&["verify", s(&folder.join("game.toml")), "--json"]);
    assert_eq!(run.ok().json()[0]["last_event"], 8);
    let missing = folder.join("elsewhere");
    for args in [
        vec!["verify", s(&missing)],
        vec!["verify", s(&missing), "--json"],
    ] {
        let run = adc(&args);
        assert_eq!(run.code, Some(2), "{run:?}");
        run.fails_with_one_message()
            .stderr_has(&format!("{}: there is no such file or folder", s(&missing)));
    }
}

// ---------------------------------------------------------------------------
// 7. Export
// ---------------------------------------------------------------------------

#[test]
fn export_markdown_html_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let path = session_with_several_events(dir.path());
    let logged = events(&path);

    // Markdown: one line per event.
    let md = adc(&["export", s(&path), "--format", "markdown"]);
    md.ok();
    for seq in 1..=logged.len() {
        md.stdout_has(&format!("**#{seq}**"));
    }
    md.stdout_has("Session started")
        .stdout_has("Applied the result of event 6")
        .stdout_has("Attacker die: 5 (physical die)");
    // The seed stays out of an export: with it, anyone could work out the next roll.
    assert!(!md.stdout.contains("0000000000000717"), "{}", md.stdout);

    // HTML: a whole document.
    let html = adc(&["export", s(&path), "--format", "html"]);
    html.ok();
    assert!(!html.stdout.contains("0000000000000717"), "{}", html.stdout);
    assert!(
        html.stdout.starts_with("<!DOCTYPE html>"),
        "{}",
        html.stdout
    );
    assert!(
        html.stdout.trim_end().ends_with("</html>"),
        "{}",
        html.stdout
    );
    html.stdout_has("<title>").stdout_has("<body>");
    for seq in 1..=logged.len() {
        html.stdout_has(&format!("<li value=\"{seq}\""));
    }

    // CSV: the header, then one row per die.
    let csv = adc(&["export", s(&path), "--format", "csv"]);
    csv.ok();
    let mut lines = csv.stdout.lines();
    assert_eq!(
        lines.next(),
        Some("event,time,side,procedure,die_label,die,face,source,draw_index,corrected")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let mut expected = Vec::new();
    for event in &logged {
        if kind(event) == "resolved" {
            for die in event["body"]["dice"].as_array().unwrap() {
                expected.push((
                    event["seq"].as_integer().unwrap().to_string(),
                    die["face"].as_integer().unwrap().to_string(),
                    die.get("draw_index")
                        .and_then(toml::Value::as_integer)
                        .map(|i| i.to_string())
                        .unwrap_or_default(),
                ));
            }
        }
    }
    assert_eq!(
        rows.len(),
        expected.len(),
        "one row per die:\n{}",
        csv.stdout
    );
    assert_eq!(rows.len(), 8, "four resolutions of two dice");
    for (row, (seq, face, draw)) in rows.iter().zip(&expected) {
        assert_eq!(row.len(), 10, "{row:?}");
        assert_eq!(row[0], seq);
        assert_eq!(row[3], "attack");
        assert_eq!(row[5], "d6");
        assert_eq!(row[6], face);
        assert_eq!(row[7], if draw.is_empty() { "physical" } else { "app" });
        assert_eq!(row[8], draw);
        assert_eq!(row[9], "false");
    }

    // --output writes a new file with the same text...
    let out = dir.path().join("log.md");
    adc(&[
        "export",
        s(&path),
        "--format",
        "markdown",
        "--output",
        s(&out),
    ])
    .ok();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), md.stdout);

    // ... and never overwrites one.
    for format in ["markdown", "html", "csv"] {
        adc(&["export", s(&path), "--format", format, "--output", s(&out)])
            .fails_with_one_message()
            .stderr_has(s(&out));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), md.stdout);
    }
    let mine = dir.path().join("mine.csv");
    std::fs::write(&mine, "the owner's own notes\n").unwrap();
    adc(&["export", s(&path), "--format", "csv", "--output", s(&mine)]).fails_with_one_message();
    assert_eq!(
        std::fs::read_to_string(&mine).unwrap(),
        "the owner's own notes\n"
    );

    // An unknown format is refused.
    adc(&["export", s(&path), "--format", "pdf"]).fails();
}

/// A pipe whose reader has gone, as when `| head -c1` stops reading.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    writer.into()
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let path = session_with_several_events(dir.path());
    for args in [
        &["export", s(&path), "--format", "markdown"][..],
        &["export", s(&path), "--format", "csv"],
        &["games"],
        &["verify", s(&path)],
        &["template", GAME, "attack"],
    ] {
        let run = run_to(&run_data(), dir.path(), args, closed_pipe());
        run.ok();
        assert_eq!(run.stderr, "", "`{}` said something", run.command);
    }
}

/// Standard output on a full device: every write fails with "no space left".
#[cfg(target_os = "linux")]
fn full_device() -> Stdio {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap()
        .into()
}

#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_one_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = session_with_several_events(dir.path());
    for args in [
        &["games"][..],
        &["export", s(&path), "--format", "html"],
        &["verify", s(&path)],
        &["--help"],
    ] {
        run_to(&run_data(), dir.path(), args, full_device())
            .fails_with_one_message()
            .stderr_has("could not be written");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_roll_saved_but_not_printed_names_its_event() {
    let dir = tempfile::tempdir().unwrap();
    let path = session_with_several_events(dir.path());
    let input = la_haye_sainte();
    let mut logged = 8;
    for format in [&[][..], &["--json"]] {
        let mut args = vec!["resolve", GAME, "attack", "--input", s(&input)];
        args.extend(["--session", s(&path), "--apply"]);
        args.extend_from_slice(format);
        let run = run_to(&run_data(), dir.path(), &args, full_device());
        // The roll and its application are saved, and the message says so, naming both events,
        // so that nobody resolves it again.
        assert_eq!(events(&path).len(), logged + 2);
        run.fails_with_one_message()
            .stderr_has("could not be printed")
            .stderr_has(&format!("saved as event {}", logged + 1))
            .stderr_has(&format!("applied as event {}", logged + 2))
            .stderr_has(s(&path))
            .stderr_has("do not resolve it again");
        logged += 2;
    }
    adc(&["verify", s(&path)]).ok().stdout_has("12 events");
}

#[cfg(unix)]
#[test]
fn a_failed_export_leaves_no_partial_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = session_with_several_events(dir.path());
    let folder = dir.path().join("exports");
    std::fs::create_dir(&folder).unwrap();
    let out = folder.join("log.html");
    let whole = adc(&["export", s(&path), "--format", "html"])
        .ok()
        .stdout
        .clone();
    assert!(whole.len() > 4096, "the export outgrows the limit below");

    // Files may grow to one block only, so the write fails part-way (with SIGXFSZ ignored, the
    // write returns the error instead of killing the process).
    let output = Command::new("sh")
        .args(["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\""])
        .arg(BIN)
        .args(["export", s(&path), "--format", "html", "--output", s(&out)])
        .env("AIDE_DE_CAMP_DATA", dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(s(&out)), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(&folder).unwrap().collect();
    assert!(
        left.is_empty(),
        "no partial file, no temporary file: {left:?}"
    );

    // Without the limit the whole export is written.
    adc(&["export", s(&path), "--format", "html", "--output", s(&out)]).ok();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), whole);
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1);
}

// ---------------------------------------------------------------------------
// 8. Odds
// ---------------------------------------------------------------------------

#[test]
fn odds_sum_to_one_over_36_combinations() {
    let input = la_haye_sainte();
    let json = adc(&["odds", GAME, "attack", "--input", s(&input), "--json"])
        .ok()
        .json();
    assert_eq!(json["combinations"], 36);
    let outcomes = json["outcomes"].as_array().expect("outcomes is a list");
    assert!(outcomes.len() > 1, "{json}");
    let probability: f64 = outcomes
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .sum();
    let count: u64 = outcomes.iter().map(|o| o["count"].as_u64().unwrap()).sum();
    assert!((probability - 1.0).abs() < 1e-9, "sum {probability}");
    assert_eq!(count, 36);
    for o in outcomes {
        let p = o["probability"].as_f64().unwrap();
        let c = o["count"].as_u64().unwrap();
        assert!((p - c as f64 / 36.0).abs() < 1e-12, "{o}");
        assert!(o["key"].as_str().is_some_and(|k| !k.is_empty()), "{o}");
    }
    // +4 against +6 ties when the attacker rolls 2 more: 3-1, 4-2, 5-3, 6-4, so 4 in 36.
    let stalemate = outcomes
        .iter()
        .find(|o| o["key"] == "Stalemate")
        .expect("a stalemate is possible");
    assert_eq!(stalemate["count"], 4);

    adc(&["odds", GAME, "attack", "--input", s(&input)])
        .ok()
        .stdout_has("36 combinations");
}

// ---------------------------------------------------------------------------
// 9. Tables
// ---------------------------------------------------------------------------

/// A CRT whose third row overlaps the second; returns the text and the line of the bad row.
fn overlapping_crt() -> (String, usize) {
    let text = "\
id = \"crt\"
title = \"Combat Results Table\"
kind = \"differential\"
status = \"complete\"

[provenance]
rulebook = \"Waterloo Campaign 1815\"
rule = \"Combat Result Explanation\"

[[results]]
code = \"S\"
label = \"Stalemate\"

[[results]]
code = \"R\"
label = \"Retreat\"

[[rows]]
min = 0
max = 0
result = \"S\"

[[rows]]
min = 1
max = 3
result = \"R\"

[[rows]]
min = 2
result = \"R\"
";
    // The error points at the row's `[[rows]]` header, the line before `min = 2`: its 1-based
    // number is the 0-based index of `min = 2`.
    let line = text
        .lines()
        .position(|l| l == "min = 2")
        .expect("the overlapping row");
    (text.to_string(), line)
}

/// A matrix whose second row has one cell too few; returns the text and the line of its cells.
fn ragged_matrix() -> (String, usize) {
    let text = "\
id = \"orders\"
title = \"Orders Matrix\"
kind = \"matrix\"
status = \"complete\"
row_choices = [\"Attack\", \"Probe\"]
column_choices = [\"Defend\", \"Withdraw\"]

[provenance]
rulebook = \"Test\"
rule = \"Orders\"

[[results]]
code = \"A\"
label = \"Advance\"

[[results]]
code = \"H\"
label = \"Hold\"

[[rows]]
choice = \"Attack\"
cells = [\"A\", \"H\"]

[[rows]]
choice = \"Probe\"
cells = [\"H\"]
";
    let line = text
        .lines()
        .position(|l| l == "cells = [\"H\"]")
        .expect("the ragged row")
        + 1;
    (text.to_string(), line)
}

#[test]
fn tables_check_passes_the_builtin_tables() {
    adc(&["tables", "check"])
        .ok()
        .stdout_has("crt")
        .stdout_has("Combat Results Table");
}

#[test]
fn tables_check_names_the_file_and_line_of_a_malformed_table() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("tables");
    std::fs::create_dir_all(folder.join("nested")).unwrap();
    std::fs::write(folder.join("good.toml"), builtin_crt()).unwrap();
    let (overlap, overlap_header) = overlapping_crt();
    std::fs::write(folder.join("nested/overlap.toml"), &overlap).unwrap();
    let (ragged, ragged_line) = ragged_matrix();
    std::fs::write(folder.join("ragged.toml"), &ragged).unwrap();
    let before: Vec<Vec<u8>> = ["good.toml", "nested/overlap.toml", "ragged.toml"]
        .iter()
        .map(|f| std::fs::read(folder.join(f)).unwrap())
        .collect();

    let run = adc(&["tables", "check", s(&folder)]);
    run.fails();
    let out = run.all_output();
    assert!(out.contains("good.toml"), "the good file is listed:\n{out}");

    // The overlap names the file and the `[[rows]]` header of the offending row.
    assert_eq!(
        line_named_for(&out, "overlap.toml"),
        Some(overlap_header),
        "the overlap's file and line:\n{out}"
    );
    assert!(out.contains("overlap"), "{out}");
    // The ragged row names the file and the line of its cells.
    assert_eq!(
        line_named_for(&out, "ragged.toml"),
        Some(ragged_line),
        "the ragged row's file and line:\n{out}"
    );

    // A single file may be checked too.
    let single = adc(&["tables", "check", s(&folder.join("nested/overlap.toml"))]);
    single.fails();
    assert_eq!(
        line_named_for(&single.all_output(), "overlap.toml"),
        Some(overlap_header)
    );
    adc(&["tables", "check", s(&folder.join("good.toml"))]).ok();

    // Checking writes nothing.
    let after: Vec<Vec<u8>> = ["good.toml", "nested/overlap.toml", "ragged.toml"]
        .iter()
        .map(|f| std::fs::read(folder.join(f)).unwrap())
        .collect();
    assert_eq!(before, after);

    // A folder without tables, and a missing path, are refused.
    let empty = dir.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    adc(&["tables", "check", s(&empty)]).fails_with_one_message();
    adc(&["tables", "check", s(&dir.path().join("absent"))]).fails_with_one_message();
}

#[test]
fn a_broken_owner_table_gives_way_to_the_built_in_one_and_a_valid_one_is_used() {
    let data = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let owner_folder = data.path().join("tables").join(GAME);
    std::fs::create_dir_all(&owner_folder).unwrap();
    let owner = owner_folder.join("crt.toml");
    let input = la_haye_sainte();
    let session = work.path().join("s.toml");
    let (overlap, overlap_header) = overlapping_crt();
    let resolve = |extra: &[&str]| {
        let mut args = vec!["resolve", GAME, "attack", "--input", s(&input)];
        args.extend_from_slice(extra);
        run_in(data.path(), work.path(), &args)
    };
    // One warning on stderr, naming the owner's file and line, and nothing else.
    let warned = |run: &Run| {
        let lines: Vec<&str> = run.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "`{}`:\n{}", run.command, run.stderr);
        assert!(lines[0].starts_with("warning: "), "{}", run.stderr);
        assert!(
            lines[0].contains("built-in table is used"),
            "{}",
            run.stderr
        );
        assert_eq!(
            line_named_for(&run.stderr, s(&owner)),
            Some(overlap_header),
            "the owner's file and line:\n{}",
            run.stderr
        );
    };

    // Malformed: resolve warns, naming the owner's file and line, and plays with the built-in table.
    std::fs::write(&owner, &overlap).unwrap();
    let run = resolve(&["--dice", "3,1", "--session", s(&session), "--json"]);
    run.ok();
    warned(&run);
    assert_eq!(
        run.json()["table_cell"]["table_title"],
        "Combat Results Table"
    );
    assert_eq!(run.json()["session_event"], 4);
    assert_eq!(std::fs::read_to_string(&owner).unwrap(), overlap);
    // verify, export and odds carry on with the same warning.
    let verify = run_in(data.path(), work.path(), &["verify", s(&session)]);
    verify.ok().stdout_has("verified 4 events");
    warned(&verify);
    let export = ["export", s(&session), "--format", "markdown"];
    warned(run_in(data.path(), work.path(), &export).ok());
    let odds = ["odds", GAME, "attack", "--input", s(&input)];
    warned(run_in(data.path(), work.path(), &odds).ok());
    // tables check reports the problem and fails, and says the built-in table is the one used.
    let check = run_in(data.path(), work.path(), &["tables", "check"]);
    check
        .fails()
        .stdout_has(&format!("ok    {GAME}/crt.toml (built in)"));
    assert_eq!(
        line_named_for(&check.all_output(), s(&owner)),
        Some(overlap_header)
    );

    // Valid: the owner's table is the one read.
    let mine = builtin_crt().replace(
        "title = \"Combat Results Table\"",
        "title = \"Owner's Combat Results Table\"",
    );
    assert_ne!(mine, builtin_crt());
    std::fs::write(&owner, &mine).unwrap();
    let json = resolve(&["--dice", "3,1", "--json"]).ok().json();
    assert_eq!(
        json["table_cell"]["table_title"], "Owner's Combat Results Table",
        "{json}"
    );
    assert_eq!(json["table_cell"]["row"], "0");
    run_in(data.path(), work.path(), &["tables", "check"])
        .ok()
        .stdout_has(s(&owner))
        .stdout_has("Owner's Combat Results Table");

    // And with no override the built-in one is read.
    let builtin = resolve_json(&["--dice", "3,1"]);
    assert_eq!(builtin["table_cell"]["table_title"], "Combat Results Table");
}

// ---------------------------------------------------------------------------
// 10. Bad input: one clear message, non-zero, nothing written over
// ---------------------------------------------------------------------------

/// Runs `resolve` with the given input and dice, asking to log into a session that does not exist,
/// and checks the refusal wrote no session.
fn refused_resolve(game: &str, procedure: &str, input: &Path, dice: &str) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("never.toml");
    let run = adc(&[
        "resolve",
        game,
        procedure,
        "--input",
        s(input),
        "--dice",
        dice,
        "--session",
        s(&session),
    ]);
    run.fails_with_one_message();
    assert!(
        !session.exists(),
        "`{}` wrote a session though it failed",
        run.command
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
    assert!(leftovers.is_empty(), "left behind: {leftovers:?}");
    run
}

#[test]
fn unknown_game_and_procedure_are_refused() {
    let input = la_haye_sainte();
    refused_resolve("waterloo-1816", "attack", &input, "3,1")
        .stderr_has("waterloo-1816")
        .stderr_has("unknown game")
        .stderr_has(GAME);
    refused_resolve(GAME, "bombard", &input, "3,1")
        .stderr_has("bombard")
        .stderr_has("unknown procedure")
        .stderr_has("attack");
    refused_resolve("beyond-waterloo", "attack", &input, "3,1")
        .stderr_has("unknown procedure")
        .stderr_has("combat-round");

    adc(&["procedures", "waterloo-1816"])
        .fails_with_one_message()
        .stderr_has("waterloo-1816");
    adc(&["template", "waterloo-1816", "attack"])
        .fails_with_one_message()
        .stderr_has("waterloo-1816");
    adc(&["template", GAME, "bombard"])
        .fails_with_one_message()
        .stderr_has("bombard");
    adc(&["odds", GAME, "bombard", "--input", s(&input)])
        .fails_with_one_message()
        .stderr_has("bombard");
}

#[test]
fn bad_input_files_are_refused_naming_the_field_or_line() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = std::fs::read_to_string(la_haye_sainte()).unwrap();

    // A missing field: the message names it.
    let missing = dir.path().join("missing.toml");
    let text: String = fixture
        .lines()
        .filter(|l| !l.starts_with("defender_hq_stars"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(text, fixture);
    std::fs::write(&missing, &text).unwrap();
    refused_resolve(GAME, "attack", &missing, "3,1")
        .stderr_has("defender_hq_stars")
        .stderr_has("missing")
        .stderr_has("missing.toml");

    // An unknown extra field: named.
    let extra = dir.path().join("extra.toml");
    std::fs::write(&extra, format!("{fixture}defender_morale = 3\n")).unwrap();
    refused_resolve(GAME, "attack", &extra, "3,1")
        .stderr_has("defender_morale")
        .stderr_has("extra.toml");

    // A value out of range: named.
    let range = dir.path().join("range.toml");
    std::fs::write(
        &range,
        fixture.replace("attacker_stars = 1 ", "attacker_stars = 9 "),
    )
    .unwrap();
    refused_resolve(GAME, "attack", &range, "3,1").stderr_has("attacker_stars");

    // Not TOML: the file and the line.
    let garbled = dir.path().join("garbled.toml");
    let mut lines: Vec<&str> = fixture.lines().collect();
    lines.insert(6, "attacker stars is one");
    std::fs::write(&garbled, lines.join("\n")).unwrap();
    let run = refused_resolve(GAME, "attack", &garbled, "3,1");
    assert_eq!(
        line_named_for(&run.stderr, "garbled.toml"),
        Some(7),
        "{}",
        run.stderr
    );

    // Typographic quotes, as a word processor writes them: the file and the line.
    let smart = dir.path().join("smart.toml");
    let curly = fixture.replace(
        "attacker_name = \"I Corps\"",
        "attacker_name = \u{201c}I Corps\u{201d}",
    );
    assert_ne!(curly, fixture);
    std::fs::write(&smart, &curly).unwrap();
    let run = refused_resolve(GAME, "attack", &smart, "3,1");
    let expected = fixture
        .lines()
        .position(|l| l.starts_with("attacker_name"))
        .unwrap()
        + 1;
    assert_eq!(
        line_named_for(&run.stderr, "smart.toml"),
        Some(expected),
        "{}",
        run.stderr
    );

    // A missing input file: named.
    let absent = dir.path().join("absent.toml");
    refused_resolve(GAME, "attack", &absent, "3,1").stderr_has("absent.toml");
    adc(&["odds", GAME, "attack", "--input", s(&absent)])
        .fails_with_one_message()
        .stderr_has("absent.toml");

    // None of the inputs was changed.
    assert_eq!(std::fs::read_to_string(&missing).unwrap(), text);
    assert_eq!(std::fs::read_to_string(&garbled).unwrap(), lines.join("\n"));
}

#[test]
fn a_name_with_an_invisible_mark_is_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = std::fs::read_to_string(la_haye_sainte()).unwrap();
    let input = dir.path().join("marked.toml");
    // A right-to-left override, an isolate, a direction mark and a line separator.
    for mark in ['\u{202E}', '\u{2066}', '\u{200F}', '\u{2028}'] {
        let marked = fixture.replace(
            "attacker_name = \"I Corps\"",
            &format!("attacker_name = \"I {mark}Corps\""),
        );
        assert_ne!(marked, fixture);
        std::fs::write(&input, &marked).unwrap();
        refused_resolve(GAME, "attack", &input, "3,1")
            .stderr_has("field `attacker_name`")
            .stderr_has(&format!("U+{:04X}", u32::from(mark)));
    }
}

#[test]
fn bad_dice_are_refused_naming_the_die_and_the_range() {
    let input = la_haye_sainte();
    refused_resolve(GAME, "attack", &input, "3,7")
        .stderr_has("--dice")
        .stderr_has("7")
        .stderr_has("Defender die")
        .stderr_has("1 to 6");
    refused_resolve(GAME, "attack", &input, "0,3")
        .stderr_has("Attacker die")
        .stderr_has("1 to 6");
    refused_resolve(GAME, "attack", &input, "three,1").stderr_has("Attacker die");
    refused_resolve(GAME, "attack", &input, "3")
        .stderr_has("--dice")
        .stderr_has("expected 2")
        .stderr_has("1 were given");
    refused_resolve(GAME, "attack", &input, "3,1,2")
        .stderr_has("expected 2")
        .stderr_has("3 were given");
    refused_resolve(GAME, "attack", &input, "").stderr_has("expected 2");
}

#[test]
fn dice_and_seeds_that_look_like_options_are_refused_naming_the_option() {
    let input = la_haye_sainte();
    let resolve = |option: &str, value: &str| {
        adc(&[
            "resolve",
            GAME,
            "attack",
            "--input",
            s(&input),
            option,
            value,
        ])
    };
    resolve("--dice", "-1,2")
        .fails_with_one_message()
        .stderr_has("error: --dice: -1 is not a face of the Attacker die");
    for seed in ["-1", "abc", "18446744073709551616"] {
        resolve("--seed", seed)
            .fails_with_one_message()
            .stderr_has(&format!("error: --seed: \"{seed}\" is not a seed"));
    }
}

#[test]
fn argument_mistakes_are_one_line_and_a_hint() {
    let input = la_haye_sainte();
    let resolve = ["resolve", GAME, "attack", "--input", s(&input)];
    adc(&[&resolve[..], &["--dcie", "3,1"]].concat())
        .fails_with_a_hint()
        .stderr_has("'--dcie'")
        .stderr_has("hint: a similar argument exists: '--dice'");
    adc(&["resolv"])
        .fails_with_a_hint()
        .stderr_has("hint: a similar subcommand exists: 'resolve'");
    adc(&["resolve", GAME, "attack"])
        .fails_with_a_hint()
        .stderr_has("not provided: --input")
        .stderr_has("hint: usage: aide-de-camp resolve --input");
    adc(&[&resolve[..], &["--dice", "3,1", "--seed", "4"]].concat())
        .fails_with_a_hint()
        .stderr_has("'--dice <DICE>' cannot be used with '--seed <SEED>'");
    adc(&["export", "game.toml", "--format", "pdf"])
        .fails_with_a_hint()
        .stderr_has("[possible values: markdown, html, csv, faces-csv, luck-csv, summary]");
    adc(&["tables"])
        .fails_with_a_hint()
        .stderr_has("error: a command is missing")
        .stderr_has("hint: usage: aide-de-camp tables <COMMAND>");
    // Help is not a mistake: it goes to standard output.
    adc(&["resolve", "--help"]).ok().stdout_has("--dice");
}

#[test]
fn a_session_of_an_unknown_game_is_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let original = session_with_several_events(dir.path());
    let text = std::fs::read_to_string(&original).unwrap();
    let unknown = dir.path().join("unknown.toml");
    std::fs::write(
        &unknown,
        text.replacen(&format!("game = \"{GAME}\""), "game = \"waterloo-1816\"", 1),
    )
    .unwrap();
    let runs = refused_everywhere(dir.path(), &unknown);
    for run in &runs[..3] {
        run.stderr_has(&format!("{}: unknown game \"waterloo-1816\"", s(&unknown)));
    }
}

/// Runs verify, export and `resolve --session` on `path` and checks each refuses without writing.
fn refused_everywhere(dir: &Path, path: &Path) -> Vec<Run> {
    let before = std::fs::read(path).unwrap();
    let listing = |d: &Path| -> Vec<PathBuf> {
        let mut names: Vec<PathBuf> = std::fs::read_dir(d)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        names.sort();
        names
    };
    let files_before = listing(dir);
    let input = la_haye_sainte();
    let runs = vec![
        adc(&["verify", s(path)]),
        adc(&["export", s(path), "--format", "csv"]),
        adc(&["export", s(path), "--format", "markdown"]),
        adc(&[
            "resolve",
            GAME,
            "attack",
            "--input",
            s(&input),
            "--session",
            s(path),
        ]),
        adc(&[
            "resolve",
            GAME,
            "attack",
            "--input",
            s(&input),
            "--session",
            s(path),
            "--dice",
            "3,1",
            "--apply",
        ]),
    ];
    for run in &runs {
        run.fails_with_one_message().stderr_has(s(path));
        assert_eq!(
            std::fs::read(path).unwrap(),
            before,
            "`{}` changed the file",
            run.command
        );
    }
    assert_eq!(listing(dir), files_before, "no file was added or removed");
    runs
}

#[test]
fn a_damaged_session_is_refused_naming_the_file_and_line_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let original = session_with_several_events(dir.path());
    let text = std::fs::read_to_string(&original).unwrap();

    // Truncated in the middle of a line of a later event.
    let truncated = dir.path().join("truncated.toml");
    let (start, end) = (event_start(&text, 6), event_end(&text, 6));
    let cut = start + text[start..end].find("outcome = \"").unwrap() + 15;
    std::fs::write(&truncated, &text[..cut]).unwrap();
    let cut_line = text[..cut].matches('\n').count() + 1;
    for run in refused_everywhere(dir.path(), &truncated) {
        let line = line_named_for(&run.stderr, s(&truncated));
        assert!(
            line.is_some_and(|l| (1..=cut_line).contains(&l)),
            "`{}` should name the file and a line:\n{}",
            run.command,
            run.stderr
        );
    }

    // Truncated at the end of a line, leaving an event without its required fields.
    let short = dir.path().join("short.toml");
    let cut = start + text[start..end].find("\nhash = ").unwrap() + 1;
    std::fs::write(&short, &text[..cut]).unwrap();
    for run in refused_everywhere(dir.path(), &short) {
        assert!(
            line_named_for(&run.stderr, s(&short)).is_some(),
            "`{}` should name the file and a line:\n{}",
            run.command,
            run.stderr
        );
    }

    // Garbage inserted as a line of its own.
    let garbage = dir.path().join("garbage.toml");
    let mut lines: Vec<&str> = text.lines().collect();
    let at = lines.len() / 2;
    lines.insert(at, "@@ not a session @@");
    std::fs::write(&garbage, lines.join("\n") + "\n").unwrap();
    for run in refused_everywhere(dir.path(), &garbage) {
        assert_eq!(
            line_named_for(&run.stderr, s(&garbage)),
            Some(at + 1),
            "`{}` should name the inserted line:\n{}",
            run.command,
            run.stderr
        );
        run.stderr_has("damaged");
    }

    // Not a session at all, and an empty file.
    let empty = dir.path().join("empty.toml");
    std::fs::write(&empty, "").unwrap();
    refused_everywhere(dir.path(), &empty);
    let input_as_session = dir.path().join("input.toml");
    std::fs::copy(la_haye_sainte(), &input_as_session).unwrap();
    refused_everywhere(dir.path(), &input_as_session);

    // The original is fine all along.
    adc(&["verify", s(&original)]).ok();
}

#[test]
fn a_session_from_a_newer_version_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let original = session_with_several_events(dir.path());
    let text = std::fs::read_to_string(&original).unwrap();
    assert!(text.starts_with("format_version = 2\n"), "{text}");

    // A newer version that this one could otherwise parse.
    let newer = dir.path().join("newer.toml");
    std::fs::write(
        &newer,
        text.replacen("format_version = 2\n", "format_version = 99\n", 1),
    )
    .unwrap();
    for run in refused_everywhere(dir.path(), &newer) {
        run.stderr_has("newer version").stderr_has("99");
    }

    // A newer version whose events this version cannot read.
    let stranger = dir.path().join("stranger.toml");
    std::fs::write(
        &stranger,
        text.replacen("format_version = 2\n", "format_version = 99\n", 1)
            .replace("kind = \"resolved\"", "kind = \"resolved_v99\""),
    )
    .unwrap();
    for run in refused_everywhere(dir.path(), &stranger) {
        run.stderr_has("newer version");
    }
}

#[test]
fn a_session_of_another_game_is_not_mixed_up() {
    // A session whose first event names another game: resolving an attack of the
    // Waterloo Campaign into it is refused, and the file is left alone.
    let dir = tempfile::tempdir().unwrap();
    let original = session_with_several_events(dir.path());
    let text = std::fs::read_to_string(&original).unwrap();
    let other = dir.path().join("other.toml");
    std::fs::write(
        &other,
        text.replacen(
            "game = \"waterloo-campaign-1815\"",
            "game = \"waterloo-200\"",
            1,
        ),
    )
    .unwrap();
    let before = std::fs::read(&other).unwrap();
    let input = la_haye_sainte();
    adc(&[
        "resolve",
        GAME,
        "attack",
        "--input",
        s(&input),
        "--session",
        s(&other),
        "--dice",
        "3,1",
    ])
    .fails_with_one_message()
    .stderr_has("waterloo-200");
    assert_eq!(std::fs::read(&other).unwrap(), before);
    // Its chain no longer holds either: the game is part of event 1.
    let run = adc(&["verify", s(&other)]);
    run.fails();
    assert!(names_event(&run.stderr, 1), "{}", run.stderr);
}

#[test]
fn a_session_moves_with_its_key_or_goes_on_under_a_new_key_and_its_seed_is_revealed() {
    let home = tempfile::tempdir().unwrap();
    let away = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let path = work.path().join("game.toml");
    let input = la_haye_sainte();
    let resolve = |data: &Path, extra: &[&str]| {
        let mut args = vec!["resolve", GAME, "attack", "--input", s(&input)];
        args.extend(["--session", s(&path)]);
        args.extend_from_slice(extra);
        run_in(data, work.path(), &args)
    };
    resolve(home.path(), &[]).ok();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[[signatures]]"), "{text}");

    // On a machine without the key, nothing is appended until the players choose.
    let before = std::fs::read(&path).unwrap();
    resolve(away.path(), &[])
        .fails_with_one_message()
        .stderr_has("key is not on this machine")
        .stderr_has("--new-key");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // The key exported at home and imported away lets the game go on under its own key.
    let key_file = work.path().join("game.key.toml");
    run_in(
        home.path(),
        work.path(),
        &["key", "export", s(&path), "--output", s(&key_file)],
    )
    .ok();
    run_in(away.path(), work.path(), &["key", "import", s(&key_file)]).ok();
    resolve(away.path(), &[])
        .ok()
        .stdout_has("Logged as event 5");
    let verified = run_in(away.path(), work.path(), &["verify", s(&path)]);
    verified
        .ok()
        .stdout_has("Events 1-5: signed by the game's key");

    // A third machine without the key goes on under a new key, and verify says where.
    let third = tempfile::tempdir().unwrap();
    resolve(third.path(), &["--new-key"])
        .ok()
        .stdout_has("Logged as event 7");
    adc(&["verify", s(&path)])
        .ok()
        .stdout_has("a new key")
        .stdout_has("from event 6");

    // The seed revealed: verify re-derives the rolls of the third machine's seed.
    run_in(third.path(), work.path(), &["reveal-seed", s(&path)])
        .ok()
        .stdout_has("revealed as event 8");
    adc(&["verify", s(&path)])
        .ok()
        .stdout_has("re-derived from the seed revealed at event 8");
    // The first seed's key is elsewhere: its rolls still wait, and verify says so.
    adc(&["verify", s(&path)])
        .ok()
        .stdout_has("wait for the seed");
}

#[test]
fn the_victory_determination_ends_the_game_and_reveals_the_seed() {
    let work = tempfile::tempdir().unwrap();
    let path = work.path().join("game.toml");
    let input = la_haye_sainte();
    let attack = [
        "resolve",
        GAME,
        "attack",
        "--input",
        s(&input),
        "--session",
        s(&path),
    ];
    adc(&attack).ok();
    adc(&["verify", s(&path)])
        .ok()
        .stdout_has("wait for the seed");
    let victory = work.path().join("victory.toml");
    let template = adc(&["template", GAME, "victory"]).ok().stdout.clone();
    std::fs::write(&victory, template).unwrap();
    adc(&[
        "resolve",
        GAME,
        "victory",
        "--input",
        s(&victory),
        "--session",
        s(&path),
    ])
    .ok();
    let logged = events(&path);
    assert_eq!(kind(&logged[logged.len() - 1]), "seed_revealed");
    adc(&["verify", s(&path)])
        .ok()
        .stdout_has("2 app rolls and draws re-derived from the seed revealed at event 6");
}
