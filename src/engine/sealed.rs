//! Sealed choices: several players each enter a secret choice at one screen.
//!
//! When a choice is sealed the log records only a commitment, SHA-256 over a random salt and the
//! choice. Once every player has sealed, the choices and salts are revealed together, and anyone can
//! check each reveal against its commitment: nobody could change a choice after seeing another.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

#[expect(
    clippy::indexing_slicing,
    reason = "`byte >> 4` and `byte & 0xf` are below 16, the length of DIGITS"
)]
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(DIGITS[usize::from(byte >> 4)] as char);
        text.push(DIGITS[usize::from(byte & 0xf)] as char);
    }
    text
}

/// The `N` bytes written as `2 * N` hexadecimal digits in `text`, or `None` if it is anything else.
pub fn from_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != N * 2 || !text.is_ascii() {
        return None;
    }
    let mut bytes = [0u8; N];
    for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(bytes)
}

/// The commitment to `choice` under `salt`: hex SHA-256 of the salt, a separator, and the choice.
pub fn commitment(salt: &str, choice: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(salt.as_bytes());
    hasher.update(b"\n");
    hasher.update(choice.as_bytes());
    hex(&hasher.finalize())
}

/// A fresh random salt (128 bits, hex) from the operating system.
pub fn fresh_salt() -> String {
    use rand_core::TryRngCore;
    let mut bytes = [0u8; 16];
    if rand_core::OsRng.try_fill_bytes(&mut bytes).is_err() {
        // Without the OS generator, fall back to the clock: weaker against guessing, still binding.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        bytes = nanos.to_le_bytes();
    }
    hex(&bytes)
}

/// A player's choice while it is secret: the log sees only `commitment`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedChoice {
    pub player: String,
    pub commitment: String,
}

/// The reveal of a sealed choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub player: String,
    pub choice: String,
    pub salt: String,
}

impl Reveal {
    pub fn matches(&self, sealed: &SealedChoice) -> bool {
        self.player == sealed.player && commitment(&self.salt, &self.choice) == sealed.commitment
    }
}

/// A round of sealed choices at one screen: the choices stay in memory until all are in.
#[derive(Debug, Clone, Default)]
pub struct SealedRound {
    players: Vec<String>,
    secrets: Vec<Option<Reveal>>,
}

impl SealedRound {
    pub fn new(players: &[&str]) -> SealedRound {
        SealedRound {
            players: players.iter().map(|p| (*p).to_string()).collect(),
            secrets: vec![None; players.len()],
        }
    }

    /// Seals `player`'s choice and returns the commitment for the log.
    pub fn seal(&mut self, player: &str, choice: &str) -> Option<SealedChoice> {
        let (_, secret) = self
            .players
            .iter()
            .zip(&mut self.secrets)
            .find(|(p, _)| *p == player)?;
        let salt = fresh_salt();
        let sealed = SealedChoice {
            player: player.to_string(),
            commitment: commitment(&salt, choice),
        };
        *secret = Some(Reveal {
            player: player.to_string(),
            choice: choice.to_string(),
            salt,
        });
        Some(sealed)
    }

    pub fn is_sealed(&self, player: &str) -> bool {
        self.players
            .iter()
            .zip(&self.secrets)
            .find(|(p, _)| *p == player)
            .is_some_and(|(_, secret)| secret.is_some())
    }

    /// All the reveals, once every player has sealed; `None` before that.
    pub fn reveal(&self) -> Option<Vec<Reveal>> {
        self.secrets.iter().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reveals_only_when_all_have_sealed_and_each_matches() {
        let mut round = SealedRound::new(&["French", "British", "Prussian"]);
        let sealed_french = round.seal("French", "3").expect("a player");
        assert!(round.reveal().is_none());
        let sealed_british = round.seal("British", "1").expect("a player");
        assert!(round.seal("Austrian", "9").is_none());
        let sealed_prussian = round.seal("Prussian", "2").expect("a player");
        let reveals = round.reveal().expect("all sealed");
        assert_eq!(reveals.len(), 3);
        assert!(reveals[0].matches(&sealed_french));
        assert!(reveals[1].matches(&sealed_british));
        assert!(reveals[2].matches(&sealed_prussian));
        assert!(!reveals[0].matches(&sealed_british));
        // A changed choice does not match its commitment.
        let mut forged = reveals[0].clone();
        forged.choice = "4".into();
        assert!(!forged.matches(&sealed_french));
    }

    #[test]
    fn commitment_is_known_sha256() {
        // SHA-256 of "s", a newline and "c", as `printf 's\nc' | sha256sum` prints it.
        assert_eq!(
            commitment("s", "c"),
            "a953fc7aaf4dad2f37d610b0c6b1463de252b749bff0e7fb1e2b39876247f4d6"
        );
    }
}
