//! With no arguments: the app. With a subcommand: the command line, on the same engine.

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.len() > 1 {
        std::process::exit(aide_de_camp::cli::run(args));
    }
    if let Err(e) = aide_de_camp::ui::run() {
        eprintln!("error: the window could not be opened: {e}");
        std::process::exit(1);
    }
}
