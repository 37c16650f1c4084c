//! Aide-de-camp: a digital player aid and adjudicator for Waterloo board wargames.
//!
//! Layers depend one way: `ui -> games -> engine` and `cli -> games -> engine`.

pub mod cli;
pub mod data_folder;
pub mod engine;
pub mod games;
pub mod ui;
