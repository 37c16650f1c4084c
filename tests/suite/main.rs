//! The integration tests, one module per concern, linked into one test binary: each binary links
//! the whole app and its GUI stack, so one binary keeps the build small and the link fast.

// Test code: a failed unwrap, expect, index or panic is a failed test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod support;

mod cli;
mod dice_stats;
mod dispute;
mod draws;
mod gui;
mod gui_battles_of_waterloo_operations;
mod gui_beyond_waterloo;
mod gui_beyond_waterloo_campaign;
mod gui_charts;
mod gui_folder_check;
mod gui_roster_file;
mod gui_small_screen;
mod gui_umpire;
mod gui_waterloo_200;
mod hash_encoding;
mod photos;
mod play;
mod procedures;
mod roster_file;
mod rulebook_battles_of_waterloo;
mod rulebook_battles_of_waterloo_charge;
mod rulebook_battles_of_waterloo_command;
mod rulebook_battles_of_waterloo_fire;
mod rulebook_battles_of_waterloo_leaders;
mod rulebook_battles_of_waterloo_lims;
mod rulebook_battles_of_waterloo_morale;
mod rulebook_battles_of_waterloo_roster;
mod rulebook_battles_of_waterloo_shock;
mod rulebook_battles_of_waterloo_units;
mod rulebook_beyond_waterloo;
mod rulebook_beyond_waterloo_campaign;
mod rulebook_beyond_waterloo_campaign_battles;
mod rulebook_beyond_waterloo_campaign_months;
mod rulebook_beyond_waterloo_campaign_organization;
mod rulebook_beyond_waterloo_campaign_victory;
mod rulebook_enemy_mistakes;
mod rulebook_enemy_mistakes_command;
mod rulebook_enemy_mistakes_generals;
mod rulebook_enemy_mistakes_maneuver;
mod rulebook_enemy_mistakes_melee;
mod rulebook_waterloo_200;
mod rulebook_waterloo_200_draws;
mod rulebook_waterloo_200_map;
mod rulebook_waterloo_campaign;
mod rulebook_waterloo_campaign_game;
mod rulebook_waterloo_campaign_turn;
mod session;
mod tables;
mod trust;
