//! The adjudication engine. It names no game: games register procedures, tables and turn
//! sequences with it, and the GUI and the CLI drive it.

pub mod dice;
pub mod dice_stats;
pub mod dispute;
pub mod draws;
pub mod export;
pub mod hand;
pub mod input;
pub mod keys;
pub mod log;
pub mod photos;
pub mod play;
pub mod procedure;
pub mod record;
pub mod recovery;
pub mod roller;
pub mod roster_file;
pub mod sealed;
pub mod session;
pub mod session_file;
pub mod settings;
pub mod signatures;
pub mod symbol;
pub mod table_set;
pub mod tables;
pub mod turn_summary;
pub mod turns;
