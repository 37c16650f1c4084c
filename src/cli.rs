//! The command line: the same engine and games as the GUI, for scripts, umpires and tests.
//!
//! Every failure prints one clear message naming the file and line or the field, and exits
//! non-zero; nothing the user owns is written over.

use crate::data_folder::data_folder;
use crate::engine::dice_stats::DiceStatistics;
use crate::engine::dispute::compare_readings;
use crate::engine::export::{ExportFormat, ExportSources, export};
use crate::engine::keys::KeyStore;
use crate::engine::log::{Event, RolledDie, SideName, side_name};
use crate::engine::play::{self, CommandError, Dice, Executed};
use crate::engine::procedure::{Procedure, Resolution, odds, parse_input};
use crate::engine::record::Cups;
use crate::engine::roller::{Seed, fresh_number};
use crate::engine::session::{Session, VerifyReport, write_new_atomically};
use crate::engine::table_set::{TableOrigin, TableSet};
use crate::engine::tables::{Table, TableStatus};
use crate::games::folder::{self, FileCheck, Verdict};
use crate::games::{self, Game, explain};
use clap::{CommandFactory, Parser, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Parser)]
#[command(
    name = "aide-de-camp",
    version,
    about = "A player aid and adjudicator for Waterloo board wargames. With no subcommand it opens the app."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the game ids.
    Games,
    /// List a game's procedures.
    Procedures { game: String },
    /// Print a TOML input for a procedure, every field at its default, with help as comments.
    Template { game: String, procedure: String },
    /// Resolve a procedure: roll (or take typed-in dice), explain every number, and optionally log it.
    Resolve {
        game: String,
        procedure: String,
        /// The input file (see `template`).
        #[arg(long)]
        input: PathBuf,
        /// Faces of physical dice, in the order the template lists the dice, e.g. "3,5".
        // Values that start with a hyphen ("-1,2") reach the checks that name the option.
        #[arg(long, conflicts_with = "seed", allow_hyphen_values = true)]
        dice: Option<String>,
        /// Seed for the app's roller (only without a session, or when creating one: that session's
        /// seed is then known to whoever chose it).
        #[arg(long, allow_hyphen_values = true)]
        seed: Option<String>,
        /// Append the resolution to this session file, creating it if it does not exist. The game's
        /// key is kept in the data folder, and each save is signed with it.
        #[arg(long)]
        session: Option<PathBuf>,
        /// With --session: the game's key is not on this machine (or the session was saved by an
        /// earlier version), so go on under a new key and a new sealed seed, which the log records.
        #[arg(long, requires = "session")]
        new_key: bool,
        /// With --session: also apply the result's effects to the record.
        #[arg(long, requires = "session")]
        apply: bool,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The exact odds of every outcome, by enumerating every face.
    Odds {
        game: String,
        procedure: String,
        #[arg(long)]
        input: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// The same facts resolved under every reading of every setting that bears on the procedure,
    /// side by side: modifiers, totals, the cell read, the result and the odds.
    Dispute {
        game: String,
        procedure: String,
        #[arg(long)]
        input: PathBuf,
        /// Faces of the dice thrown, in the order `template` lists them, e.g. "3,5"; without them,
        /// the readings' odds only.
        #[arg(long)]
        dice: Option<String>,
        /// Markdown or HTML, for posting; plain text by default.
        #[arg(long, value_parser = ["markdown", "html"], conflicts_with = "json")]
        format: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Work with table files.
    Tables {
        #[command(subcommand)]
        command: TablesCommand,
    },
    /// Check a session file: the hash chain, the signatures, every app roll whose seed is revealed,
    /// every physical die, draw and reveal, and every result. Given a folder, check every file in
    /// it: one line each and a count; exit 1 if a session fails or is damaged (other files are
    /// listed, and do not fail it).
    Verify {
        /// A session file, or a folder of them.
        path: PathBuf,
        /// Print JSON instead of text: an array with an object per file.
        #[arg(long)]
        json: bool,
    },
    /// A session's dice statistics: each side's faces per kind of die against their expectation,
    /// with a chi-square test, and how lucky each resolution's roll was.
    Stats {
        session: PathBuf,
        /// Print JSON instead of text (`export --format faces-csv` or `luck-csv` for CSV).
        #[arg(long)]
        json: bool,
    },
    /// Reveal the seed of a session's app rolls (at the end of the game, or for an umpire), so that
    /// verify re-derives them; later rolls come from a new sealed seed.
    RevealSeed { session: PathBuf },
    /// Move a game's key between machines.
    Key {
        #[command(subcommand)]
        command: KeyCommand,
    },
    /// Export a session's log (markdown, html), its dice (csv), its dice statistics' face
    /// counts (faces-csv) and luck (luck-csv), or each turn's summary (summary: a campaign's
    /// month by month) to standard output or a file.
    Export {
        session: PathBuf,
        #[arg(long, value_parser = ExportFormat::NAMES)]
        format: String,
        /// Write here instead of standard output (an existing file is not overwritten).
        #[arg(long)]
        output: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum KeyCommand {
    /// Write the key of SESSION's game to a new file, to take the game to another machine.
    Export {
        session: PathBuf,
        #[arg(long)]
        output: PathBuf,
    },
    /// Keep a key file exported on another machine, so that its game can go on here.
    Import { file: PathBuf },
}

#[derive(Subcommand)]
enum TablesCommand {
    /// Validate table files: PATH (a file or a folder), or every game's tables as the app loads them.
    Check { path: Option<PathBuf> },
}

/// Exit codes: 0 success, 1 a check failed (verify, tables check), 2 bad input, 3 the output could
/// not be written.
pub const EXIT_CHECK_FAILED: i32 = 1;
pub const EXIT_BAD_INPUT: i32 = 2;
pub const EXIT_OUTPUT_FAILED: i32 = 3;

/// Why a command did not succeed.
#[derive(Debug)]
enum Failure {
    /// Refused: the exit code and the message for standard error.
    Refused(i32, String),
    /// Standard output could not be written. Only writes to standard output are `?`-ed into this:
    /// every other I/O error is turned into a message naming its file.
    Output(std::io::Error),
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::Output(e)
    }
}

type CliResult = Result<(), Failure>;

fn bad(message: impl Into<String>) -> Failure {
    Failure::Refused(EXIT_BAD_INPUT, message.into())
}

fn check_failed(message: impl Into<String>) -> Failure {
    Failure::Refused(EXIT_CHECK_FAILED, message.into())
}

/// What the program was started to do.
#[derive(Debug, PartialEq, Eq)]
pub enum Launch {
    /// Open the app, on this saved game if one is given.
    App(Option<PathBuf>),
    /// Run the command line.
    CommandLine,
}

/// Decides from `args` (including the program name) between the app and the command line. No
/// arguments open the app; so does a single argument naming an existing file, which is how a file
/// manager opens a saved game. A subcommand's name or a flag stays with the command line even if a
/// file of that name exists, and so does anything else, to be run or refused there.
pub fn launch(args: &[std::ffi::OsString]) -> Launch {
    match args {
        [] | [_] => Launch::App(None),
        [_, arg] => {
            let command_line = arg
                .to_str()
                .is_some_and(|arg| arg.starts_with('-') || is_subcommand(arg));
            let path = PathBuf::from(arg);
            if !command_line && path.is_file() {
                Launch::App(Some(path))
            } else {
                Launch::CommandLine
            }
        }
        _ => Launch::CommandLine,
    }
}

/// Whether `name` is one of the command line's subcommands, `help` included.
fn is_subcommand(name: &str) -> bool {
    let mut command = Cli::command();
    // Building adds the generated `help` subcommand.
    command.build();
    command.find_subcommand(name).is_some()
}

/// Runs the command line with `args` (including the program name) and returns the exit code.
/// Everything goes to a locked standard output whose every write is checked: a reader that closed
/// the pipe ends the command quietly; any other failure to write is reported on standard error.
pub fn run(args: Vec<std::ffi::OsString>) -> i32 {
    let mut out = std::io::stdout().lock();
    let result = match Cli::try_parse_from(args) {
        Ok(cli) => execute(cli.command, &mut out),
        Err(e) if e.use_stderr() => Err(bad(usage_error(&e))),
        // --help and --version go to standard output.
        Err(e) => write!(out, "{}", e.render()).map_err(Failure::Output),
    };
    let result = result.and_then(|()| out.flush().map_err(Failure::Output));
    let (code, message) = match result {
        Ok(()) => return 0,
        Err(Failure::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => return 0,
        Err(Failure::Output(e)) => (
            EXIT_OUTPUT_FAILED,
            format!("the output could not be written: {e}"),
        ),
        Err(Failure::Refused(code, message)) => (code, message),
    };
    // Standard error may be gone too; there is nowhere left to say so.
    let _ = writeln!(std::io::stderr(), "error: {message}");
    code
}

/// A mistake in the arguments as one line, then a hint: clap's tip ("a similar argument exists")
/// where it has one, else the command's usage.
fn usage_error(e: &clap::Error) -> String {
    let text = e.render().to_string();
    // clap's message is paragraphs: the error (its details indented below it), tips, the usage.
    let mut paragraphs = text
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>());
    let first = paragraphs.next().unwrap_or_default().join(" ");
    let message = match e.kind() {
        // clap shows the help here; its first paragraph is the command's description.
        clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => "a command is missing",
        _ => first.strip_prefix("error: ").unwrap_or(&first),
    };
    let rest: Vec<String> = paragraphs.map(|words| words.join(" ")).collect();
    let hint = rest
        .iter()
        .find_map(|p| p.strip_prefix("tip: "))
        .map(|tip| tip.split(" tip: ").next().unwrap_or(tip).to_string())
        .or_else(|| {
            rest.iter()
                .find_map(|p| p.strip_prefix("Usage: "))
                .map(|usage| format!("usage: {usage}"))
        })
        .unwrap_or_else(|| "--help after the command lists its options".into());
    format!("{message}\nhint: {hint}")
}

fn execute(command: Command, out: &mut dyn Write) -> CliResult {
    match command {
        Command::Games => {
            for game in games::GAMES {
                writeln!(out, "{:<24} {}", game.id, game.title)?;
            }
            Ok(())
        }
        Command::Procedures { game } => {
            let game = games::find(&game).map_err(bad)?;
            for p in game.procedures {
                writeln!(
                    out,
                    "{:<22} {} ({})\n{:<22} {}",
                    p.id(),
                    p.title(),
                    p.rule(),
                    "",
                    p.summary()
                )?;
            }
            Ok(())
        }
        Command::Template { game, procedure } => {
            let game = games::find(&game).map_err(bad)?;
            let p = game.procedure(&procedure).map_err(bad)?;
            let mut text = crate::engine::input::template(
                &format!("{}, {} ({})", game.title, p.title(), p.rule()),
                p.fields(),
            );
            let spec = p.dice(&crate::engine::input::Input::defaults(p.fields()));
            if spec.is_empty() {
                text.push_str("\n# This procedure rolls no dice.\n");
            } else {
                text.push_str(&format!(
                    "\n# Dice for --dice, in this order: {}\n",
                    spec.slots
                        .iter()
                        .map(|s| format!(
                            "{} ({}, {})",
                            s.label,
                            s.die.name(),
                            s.die.face_range_text()
                        ))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            write!(out, "{text}")?;
            Ok(())
        }
        Command::Resolve {
            game,
            procedure,
            input,
            dice,
            seed,
            session,
            new_key,
            apply,
            json,
        } => resolve(
            out,
            &game,
            &procedure,
            &input,
            dice.as_deref(),
            seed.as_deref().map(parse_seed).transpose()?,
            session.as_deref().map(|path| (path, new_key)),
            apply,
            json,
        ),
        Command::Odds {
            game,
            procedure,
            input,
            json,
        } => {
            let (game, p, input) = game_procedure_input(&game, &procedure, &input)?;
            let tables = load_tables(game);
            let lines = odds(p, &input, &tables).map_err(|e| bad(e.to_string()))?;
            if json {
                let value = serde_json::json!({
                    "game": game.id,
                    "procedure": p.id(),
                    "combinations": p.dice(&input).combination_count(),
                    "outcomes": lines,
                });
                writeln!(
                    out,
                    "{}",
                    serde_json::to_string_pretty(&value).unwrap_or_default()
                )?;
            } else {
                writeln!(
                    out,
                    "{}: {} combinations of dice",
                    p.title(),
                    p.dice(&input).combination_count()
                )?;
                for line in &lines {
                    writeln!(
                        out,
                        "{:>6.2}%  {:>4}  {}",
                        line.probability * 100.0,
                        line.count,
                        line.key
                    )?;
                }
            }
            Ok(())
        }
        Command::Dispute {
            game,
            procedure,
            input,
            dice,
            format,
            json,
        } => {
            let (game, p, input) = game_procedure_input(&game, &procedure, &input)?;
            let faces = dice
                .map(|text| {
                    p.dice(&input)
                        .parse(&text)
                        .map_err(|e| bad(format!("--dice: {e}")))
                })
                .transpose()?;
            let tables = load_tables(game);
            let dispute = compare_readings(
                p,
                &game.settings_bearing_on(p),
                &input,
                &tables,
                &Cups::default(),
                faces.as_deref(),
            );
            let text = match (json, format.as_deref()) {
                (true, _) => serde_json::to_string_pretty(&dispute).unwrap_or_default() + "\n",
                (false, Some("markdown")) => dispute.to_markdown(),
                (false, Some("html")) => dispute.to_html(),
                (false, _) => dispute.to_text(),
            };
            write!(out, "{text}")?;
            Ok(())
        }
        Command::Tables {
            command: TablesCommand::Check { path },
        } => tables_check(out, path.as_deref()),
        Command::Verify { path, json } if json || path.is_dir() => verify_each(out, &path, json),
        Command::Verify {
            path: session,
            json: _,
        } => {
            if !session.exists() {
                return Err(no_such_path(&session));
            }
            let (loaded, game) = session_and_game(&session, EXIT_CHECK_FAILED)?;
            let tables = load_tables(game);
            let report = verified(game, &loaded, &tables, &session)?;
            let last = loaded.events().last();
            writeln!(
                out,
                "{}: verified {} events: {} app rolls ({} re-derived from a revealed seed), {} physical dice checked, {} draws, {} reveals, {} photos; every result re-derived from its input and dice. The chain is intact up to event {}, hash {}.",
                session.display(),
                report.events,
                report.app_rolls,
                report.app_rolls - report.app_rolls_sealed,
                report.physical_rolls,
                report.draws,
                report.reveals,
                report.photos,
                last.map(|e| e.seq).unwrap_or(0),
                last.map_or("", Event::short_hash)
            )?;
            for line in report.trust_lines() {
                writeln!(out, "  {line}")?;
            }
            Ok(())
        }
        Command::Stats { session, json } => {
            let (loaded, game) = session_and_game(&session, EXIT_BAD_INPUT)?;
            let tables = load_tables(game);
            let stats = DiceStatistics::of(&loaded, game, &tables);
            let name = |id: &str| loaded.side_name(id).to_string();
            let text = if json {
                serde_json::to_string_pretty(&stats).unwrap_or_default() + "\n"
            } else {
                stats_text(&stats, &name)
            };
            write!(out, "{text}")?;
            Ok(())
        }
        Command::RevealSeed { session: path } => {
            let (mut session, game) = session_and_game(&path, EXIT_BAD_INPUT)?;
            let tables = load_tables(game);
            verified(game, &session, &tables, &path)?;
            let store = key_store()?;
            unlock(&store, &mut session, &path, false, game, &tables)?;
            let event = play::reveal_seed(&store, &mut session, game, &tables)
                .map_err(|e| bad(format!("{}: {e}", path.display())))?;
            session.save(&path).map_err(|e| bad(e.to_string()))?;
            writeln!(
                out,
                "The dice seed is revealed as event {event} in {}: verify now re-derives every app roll before it. Later rolls come from a new sealed seed.",
                path.display()
            )?;
            Ok(())
        }
        Command::Key {
            command: KeyCommand::Export { session, output },
        } => {
            let (loaded, game) = session_and_game(&session, EXIT_BAD_INPUT)?;
            key_store()?
                .export(game.id, loaded.public_key(), &output)
                .map_err(|e| bad(e.to_string()))?;
            writeln!(
                out,
                "The key of {} is in {}. Keep it away from the players: whoever holds it can forge the game and foresee its rolls.",
                session.display(),
                output.display()
            )?;
            Ok(())
        }
        Command::Key {
            command: KeyCommand::Import { file },
        } => {
            let (game, key) = key_store()?.import(&file).map_err(|e| bad(e.to_string()))?;
            writeln!(
                out,
                "Kept the key {} of a game of {game}: its sessions can go on here.",
                crate::engine::keys::fingerprint(&key.public_key())
            )?;
            Ok(())
        }
        Command::Export {
            session,
            format,
            output,
        } => {
            let (loaded, game) = session_and_game(&session, EXIT_BAD_INPUT)?;
            let format = ExportFormat::parse(&format).ok_or_else(|| {
                bad(format!(
                    "--format: one of {}",
                    ExportFormat::NAMES.join(", ")
                ))
            })?;
            let tables = load_tables(game);
            let title = format!("{}: {}", game.title, session.display());
            let sources = ExportSources {
                describe: &|e| game.describe(e, &tables, &loaded),
                statistics: &|| DiceStatistics::of(&loaded, game, &tables),
                summaries: &|| game.turn_summaries(&loaded),
            };
            let text = export(&loaded, format, &title, &sources);
            match output {
                Some(path) => {
                    write_new_atomically(&path, text.as_bytes()).map_err(|e| bad(e.to_string()))
                }
                None => {
                    write!(out, "{text}")?;
                    Ok(())
                }
            }
        }
    }
}

fn parse_seed(text: &str) -> Result<u64, Failure> {
    text.parse().map_err(|_| {
        bad(format!(
            "--seed: \"{text}\" is not a seed: give a whole number from 0 to {}",
            u64::MAX
        ))
    })
}

/// The dice statistics for a terminal.
fn stats_text(stats: &DiceStatistics, side_name: &dyn Fn(&str) -> String) -> String {
    let mut text = String::from("Faces, by the side the log names as acting:\n");
    if stats.faces.is_empty() {
        text.push_str("  No dice rolled yet.\n");
    }
    for counts in &stats.faces {
        let faces: Vec<String> = counts.counts.iter().map(u64::to_string).collect();
        text.push_str(&format!(
            "  {}, {}: {} rolls; each face {} (expected {:.1} each); chi-square {:.2} with {} degrees of freedom, p = {:.3}{}\n",
            side_name(&counts.side),
            counts.die.name(),
            counts.rolls,
            faces.join(" "),
            counts.expected(),
            counts.chi_square.statistic,
            counts.chi_square.degrees_of_freedom,
            counts.chi_square.p_value,
            if counts.few() { " (too few rolls for the test to say much)" } else { "" }
        ));
    }
    text.push_str("Luck: the chance of a result at least as good as the one rolled\n");
    for side in &stats.sides {
        text.push_str(&format!(
            "  {}: {} resolutions, mean {:.1}% (fair dice: {:.1}%)\n",
            side_name(&side.side),
            side.resolutions,
            side.mean * 100.0,
            side.expected * 100.0
        ));
    }
    for luck in &stats.luck {
        let part = if luck.part.is_empty() {
            String::new()
        } else {
            format!(" ({})", luck.part)
        };
        text.push_str(&format!(
            "  event {} {}{part}, {}: {}, {:.1}%\n",
            luck.event,
            luck.title,
            side_name(&luck.side),
            luck.outcome,
            luck.at_least_this_good * 100.0
        ));
    }
    text
}

/// A path that is neither a file nor a folder, named.
fn no_such_path(path: &Path) -> Failure {
    bad(format!(
        "{}: there is no such file or folder",
        path.display()
    ))
}

/// `verify` of a folder, or of a file with `--json`: a row per file (see `games::folder`), then,
/// as text, a count. Fails if a session failed or is damaged, or if the one file named is not a
/// session.
fn verify_each(out: &mut dyn Write, path: &Path, json: bool) -> CliResult {
    let checks = if path.is_dir() {
        folder::verify(path, &mut load_tables).map_err(bad)?
    } else if path.exists() {
        let check = folder::verify_file(path, &mut load_tables);
        if check.verdict == Verdict::NotSession {
            return Err(check_failed(format!(
                "{}: not a session file",
                path.display()
            )));
        }
        vec![check]
    } else {
        return Err(no_such_path(path));
    };
    if json {
        let rows: Vec<serde_json::Value> = checks.iter().map(check_json).collect();
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&rows).unwrap_or_default()
        )?;
    } else {
        print_checks(out, &checks)?;
        writeln!(out, "{}", folder::counts(&checks))?;
    }
    match checks.iter().filter(|c| c.verdict.fails()).count() {
        0 => Ok(()),
        failed if path.is_dir() => Err(check_failed(format!(
            "{}: {failed} of its sessions failed or are damaged",
            path.display()
        ))),
        _ => Err(check_failed(format!(
            "{}: verification failed",
            path.display()
        ))),
    }
}

/// The rows of `verify FOLDER`, in aligned columns under a heading; "-" where a file is not a
/// session that could be read.
fn print_checks(out: &mut dyn Write, checks: &[FileCheck]) -> std::io::Result<()> {
    let heading = [
        "FILE", "GAME", "SCENARIO", "EVENTS", "LAST", "HASH", "VERDICT",
    ];
    let rows: Vec<[String; 7]> = checks.iter().map(FileCheck::texts).collect();
    let mut widths = heading.map(str::len);
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let [file, game, scenario, events, last, hash, _] = widths;
    let line = |out: &mut dyn Write, cells: [&str; 7]| {
        let [f, g, s, e, l, h, v] = cells;
        writeln!(
            out,
            "{f:<file$}  {g:<game$}  {s:<scenario$}  {e:>events$}  {l:>last$}  {h:<hash$}  {v}"
        )
    };
    line(out, heading)?;
    for row in &rows {
        line(out, row.each_ref().map(String::as_str))?;
    }
    Ok(())
}

/// A row of `verify --json`: the hash whole, `null` where the file holds no readable session.
fn check_json(check: &FileCheck) -> serde_json::Value {
    let facts = check.session.as_ref();
    serde_json::json!({
        "file": check.file,
        "game": facts.map(|f| &f.game),
        "scenario": facts.map(|f| &f.scenario),
        "events": facts.map(|f| f.events),
        "last_event": facts.map(|f| f.last_seq),
        "last_hash": facts.map(|f| &f.last_hash),
        "verdict": check.verdict.kind(),
        "failed_at": check.verdict.failed_at(),
        "detail": check.verdict.detail(),
    })
}

/// Loads the session file `path` and finds its game; a failure, with exit code `code`, names the
/// file.
fn session_and_game(path: &Path, code: i32) -> Result<(Session, &'static Game), Failure> {
    let refused = |message: String| Failure::Refused(code, message);
    let session = Session::load(path).map_err(|e| refused(e.to_string()))?;
    let game =
        games::find(session.game()).map_err(|e| refused(format!("{}: {e}", path.display())))?;
    Ok((session, game))
}

/// The data folder's key store; refused where the system names no data folder.
fn key_store() -> Result<KeyStore, Failure> {
    data_folder()
        .map(|folder| KeyStore::in_data_folder(&folder))
        .ok_or_else(|| {
            bad(format!(
                "no data folder to keep the game's key in: set {}",
                crate::data_folder::OVERRIDE_VARIABLE
            ))
        })
}

/// Gives `session` (read from `path`) its key from `store`; without it, goes on under a new key
/// if `new_key`, or refuses saying how to go on.
fn unlock(
    store: &KeyStore,
    session: &mut Session,
    path: &Path,
    new_key: bool,
    game: &Game,
    tables: &TableSet,
) -> CliResult {
    let found = store
        .find(session.public_key())
        .map_err(|e| bad(e.to_string()))?;
    if let Some(key) = found {
        session
            .attach_key(key)
            .map_err(|e| bad(format!("{}: {e}", path.display())))?;
    }
    let Some(why) = session.why_locked() else {
        return Ok(());
    };
    if !new_key {
        return Err(bad(format!(
            "{}: {why}. Import the key with `key import FILE`, or pass --new-key to continue under a new key",
            path.display()
        )));
    }
    play::rekey(store, session, game, tables).map_err(bad)?;
    Ok(())
}

/// Verifies `session`, read from `path`; a failure names the event and what does not hold.
fn verified(
    game: &Game,
    session: &Session,
    tables: &TableSet,
    path: &Path,
) -> Result<VerifyReport, Failure> {
    game.verify_file(session, tables, path).map_err(|failure| {
        check_failed(format!(
            "{}: verification failed at {failure}",
            path.display()
        ))
    })
}

/// The game's tables as the app loads them. An owner's file with a problem is set aside for the
/// built-in table, with a warning naming the file and line.
fn load_tables(game: &'static Game) -> TableSet {
    let (tables, problems) = game.load_tables(data_folder().as_deref());
    for problem in problems {
        let _ = writeln!(
            std::io::stderr(),
            "warning: {problem}; the built-in table is used instead"
        );
    }
    tables
}

fn game_procedure_input(
    game: &str,
    procedure: &str,
    input: &Path,
) -> Result<
    (
        &'static Game,
        &'static dyn Procedure,
        crate::engine::input::Input,
    ),
    Failure,
> {
    let game = games::find(game).map_err(bad)?;
    let p = game.procedure(procedure).map_err(bad)?;
    let text = std::fs::read_to_string(input)
        .map_err(|e| bad(format!("{}: cannot be read: {e}", input.display())))?;
    let parsed = parse_input(p, &input.display().to_string(), &text).map_err(bad)?;
    Ok((game, p, parsed))
}

#[allow(clippy::too_many_arguments)]
fn resolve(
    out: &mut dyn Write,
    game: &str,
    procedure: &str,
    input_path: &Path,
    dice: Option<&str>,
    seed: Option<u64>,
    session_path: Option<(&Path, bool)>,
    apply: bool,
    json: bool,
) -> CliResult {
    let (game, p, input) = game_procedure_input(game, procedure, input_path)?;
    let tables = load_tables(game);
    let spec = p.dice(&input);
    let new_key = session_path.is_some_and(|(_, new_key)| new_key);
    let session_path = session_path.map(|(path, _)| path);

    let mut session = match session_path {
        Some(path) if path.exists() => {
            let loaded = Session::load(path).map_err(|e| bad(e.to_string()))?;
            if loaded.game() != game.id {
                return Err(bad(format!(
                    "{}: this session is a game of {}, not {}",
                    path.display(),
                    loaded.game(),
                    game.id
                )));
            }
            if seed.is_some() {
                return Err(bad(format!(
                    "--seed: {} already has its own seed; rolls continue from it",
                    path.display()
                )));
            }
            // Nothing is added to a log that does not hold.
            verified(game, &loaded, &tables, path)?;
            let mut loaded = loaded;
            unlock(&key_store()?, &mut loaded, path, new_key, game, &tables)?;
            Some(loaded)
        }
        Some(_) => {
            let sides = game.sides_named(&[]);
            // A session made from the command line plays the game's first scenario.
            let scenario = game
                .scenarios
                .first()
                .ok_or_else(|| bad(format!("{} has no scenario to play", game.id)))?;
            let store = key_store()?;
            let key = store
                .new_key(game.id, seed.map_or_else(Seed::fresh, Seed::from_u64))
                .map_err(bad)?;
            Some(
                game.start_session(scenario, sides, key, &tables)
                    .map_err(bad)?,
            )
        }
        None => None,
    };

    // Faces typed in from physical dice, if given.
    let typed = dice
        .map(|text| spec.parse(text).map_err(|e| bad(format!("--dice: {e}"))))
        .transpose()?;
    // The seed the app's dice came from, so that a roll made without a session can be repeated. A
    // session's seed is sealed, and never printed.
    let mut roll_seed: Option<u64> = None;
    let mut applied: Option<u64> = None;
    let (rolled, resolution, logged) = match (session.as_mut(), session_path) {
        (Some(session), Some(path)) => {
            let command = play::Command::Resolve {
                procedure: p.id().to_string(),
                input,
                dice: typed.map_or(Dice::App, Dice::Physical),
                apply,
            };
            let executed = session
                .execute(game, &tables, command)
                .map_err(|e| match e {
                    CommandError::Record(e) => bad(format!("{}: {e}", input_path.display())),
                    e => bad(e.to_string()),
                })?;
            // The game's end reveals the dice seed, so every app roll can be re-derived.
            if game.ends_with.contains(&p.id()) {
                play::reveal_seed(&key_store()?, session, game, &tables).map_err(bad)?;
            }
            session.save(path).map_err(|e| bad(e.to_string()))?;
            let Executed::Resolved {
                event,
                resolution,
                dice,
                applied: applied_as,
            } = executed
            else {
                return Err(bad("the resolution was not logged"));
            };
            applied = applied_as;
            (dice, resolution, Some(event))
        }
        _ => {
            // Without a session nothing is played: the procedure is only resolved.
            let number = seed.unwrap_or_else(fresh_number);
            let dice = match typed {
                Some(faces) => Dice::Physical(faces),
                None => {
                    roll_seed = Some(number);
                    if !json && !spec.is_empty() {
                        writeln!(
                            out,
                            "Rolled by the app with seed {number} (repeat with --seed {number})."
                        )?;
                    }
                    Dice::App
                }
            };
            let (rolled, resolution) =
                play::resolve_once(p, &input, &tables, dice, Seed::from_u64(number))
                    .map_err(|e| bad(e.to_string()))?;
            (rolled, resolution, None)
        }
    };

    let printed = if json {
        print_json(out, game, p, &rolled, &resolution, logged, roll_seed)
    } else {
        let sides: Vec<SideName> = match &session {
            Some(s) => s.sides().to_vec(),
            None => game.sides_named(&[]),
        };
        print_text(out, p, &rolled, &resolution, logged, session_path, &sides)
    }
    .and_then(|()| out.flush());
    match (printed, logged, session_path) {
        // The roll is in the session already: a script that took the failure for a refusal and
        // ran the command again would log the roll twice.
        (Err(e), Some(seq), Some(path)) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let applied = applied.map_or(String::new(), |a| format!(" and applied as event {a}"));
            Err(Failure::Refused(
                EXIT_OUTPUT_FAILED,
                format!(
                    "the result could not be printed ({e}), but it was saved as event {seq}{applied} in {}: do not resolve it again",
                    path.display()
                ),
            ))
        }
        (printed, ..) => Ok(printed?),
    }
}

fn print_json(
    out: &mut dyn Write,
    game: &Game,
    p: &dyn Procedure,
    dice: &[RolledDie],
    resolution: &Resolution,
    logged: Option<u64>,
    seed: Option<u64>,
) -> std::io::Result<()> {
    let value = serde_json::json!({
        "game": game.id,
        "procedure": p.id(),
        "result": resolution.outcome.headline,
        "outcome": resolution.outcome.key,
        "modifiers": resolution.modifiers.iter().map(|m| serde_json::json!({
            "side": m.side, "label": m.label, "value": m.value, "rule": m.rule,
        })).collect::<Vec<_>>(),
        "totals": resolution.totals,
        "limits": resolution.limits,
        "dice": dice.iter().map(|d| serde_json::json!({
            "label": d.label, "die": d.die.name(), "face": d.face, "source": d.source(), "draw_index": d.draw_index,
        })).collect::<Vec<_>>(),
        "table_cell": resolution.cell,
        "effects": resolution.effects,
        "session_event": logged,
        "seed": seed.map(|number| format!("{number:016x}")),
    });
    writeln!(
        out,
        "{}",
        serde_json::to_string_pretty(&value).unwrap_or_default()
    )
}

fn print_text(
    out: &mut dyn Write,
    p: &dyn Procedure,
    dice: &[RolledDie],
    resolution: &Resolution,
    logged: Option<u64>,
    path: Option<&Path>,
    sides: &[SideName],
) -> std::io::Result<()> {
    writeln!(out, "{}: {}", p.title(), resolution.outcome.headline)?;
    for d in dice {
        writeln!(out, "  {}: {} ({})", d.label, d.face, d.source())?;
    }
    for line in explain(resolution) {
        writeln!(out, "  {line}")?;
    }
    for effect in &resolution.effects {
        writeln!(
            out,
            "  Effect: {}",
            effect.describe_with(&|id| side_name(sides, id).to_string())
        )?;
    }
    if let (Some(seq), Some(path)) = (logged, path) {
        writeln!(out, "Logged as event {seq} in {}.", path.display())?;
    }
    Ok(())
}

fn tables_check(out: &mut dyn Write, path: Option<&Path>) -> CliResult {
    let mut problems = Vec::new();
    match path {
        Some(path) => {
            let files = table_files(path).map_err(bad)?;
            if files.is_empty() {
                return Err(bad(format!(
                    "{}: no .toml table files found",
                    path.display()
                )));
            }
            for file in files {
                match Table::load(&file) {
                    Ok(table) => table_checked(out, &file.display().to_string(), &table)?,
                    Err(mut found) => problems.append(&mut found),
                }
            }
        }
        None => {
            let data = data_folder();
            for game in games::GAMES {
                let (tables, mut found) = game.load_tables(data.as_deref());
                problems.append(&mut found);
                for loaded in tables.all() {
                    let name = match &loaded.origin {
                        TableOrigin::Override(path) => path.display().to_string(),
                        TableOrigin::Builtin => format!("{}/{}", game.id, loaded.table.source),
                    };
                    table_checked(out, &name, &loaded.table)?;
                }
            }
        }
    }
    for problem in &problems {
        writeln!(out, "error {problem}")?;
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(check_failed(format!(
            "{} problem(s) in the tables",
            problems.len()
        )))
    }
}

/// The line of `tables check` for a table without problems.
fn table_checked(out: &mut dyn Write, name: &str, table: &Table) -> std::io::Result<()> {
    let note = match table.status {
        TableStatus::Template => format!(
            ": a template; enter the chart \"{}\" from the player-aid card to use it",
            table.title
        ),
        _ => String::new(),
    };
    writeln!(
        out,
        "ok    {name}: {} ({}, {}){note}",
        table.title,
        table.kind.name(),
        table.status.name()
    )
}

fn table_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    let mut folders = vec![path.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(&folder)
            .map_err(|e| format!("{}: cannot be read: {e}", folder.display()))?;
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                folders.push(p);
            } else if p.extension().is_some_and(|e| e == "toml") {
                files.push(p);
            }
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::{Launch, launch};
    use std::ffi::OsString;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn a_single_existing_file_opens_the_app_and_everything_else_is_the_command_line() {
        let folder = tempfile::tempdir().expect("temporary folder");
        let game = folder.path().join("game.toml");
        std::fs::write(&game, "").expect("write");
        let game_arg = game.to_str().expect("a UTF-8 path");
        let folder_arg = folder.path().to_str().expect("a UTF-8 path");
        let missing = folder.path().join("missing.toml");
        let missing_arg = missing.to_str().expect("a UTF-8 path");

        assert_eq!(launch(&args(&["aide-de-camp"])), Launch::App(None));
        assert_eq!(
            launch(&args(&["aide-de-camp", game_arg])),
            Launch::App(Some(game.clone()))
        );
        for not_a_file in [
            vec!["aide-de-camp", "games"],
            vec!["aide-de-camp", "help"],
            vec!["aide-de-camp", "reveal-seed"],
            vec!["aide-de-camp", "--version"],
            vec!["aide-de-camp", "-V"],
            vec!["aide-de-camp", missing_arg],
            vec!["aide-de-camp", folder_arg],
            vec!["aide-de-camp", "verify", game_arg],
        ] {
            assert_eq!(
                launch(&args(&not_a_file)),
                Launch::CommandLine,
                "{not_a_file:?}"
            );
        }
    }
}
