//! With no arguments: the app. With a saved game's path: the app on that game (a file manager
//! opens a saved game so). With a subcommand: the command line, on the same engine.

use aide_de_camp::cli::{self, Launch};

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let open = match cli::launch(&args) {
        Launch::App(open) => open,
        Launch::CommandLine => std::process::exit(cli::run(args)),
    };
    if let Err(e) = aide_de_camp::ui::run(open) {
        eprintln!("error: the window could not be opened: {e}");
        std::process::exit(1);
    }
}
