//! A game's secret: the key that signs its saved states and the seeds of its app rolls.
//!
//! The secret never goes into the session file. The file holds the key's public half and a
//! commitment to each seed, so that anyone can check that the file was signed by the game's key
//! and, once a seed is revealed in the log, that every app roll came from it; but nobody holding
//! only the file can forge an event or foresee a roll. The secret lives in the data folder
//! (`keys/<public key>.toml`), one file per game, and moves to another machine as that file.

use super::roller::Seed;
use super::sealed::{from_hex, hex};
use super::session_file::{SessionError, write_atomically, write_new_atomically};
use ed25519_dalek::{Signer, SigningKey, Verifier, VerifyingKey};
use rand_core::TryRngCore;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What a session signature signs before the event's number and hash, so that no other message
/// signed with a game key can pass for one.
const SIGNATURE_CONTEXT: &str = "aide-de-camp signed session v1";

/// What a sealing salt hashes before the secret, so that no other use of the key gives its bytes.
const SEALING_CONTEXT: &str = "aide-de-camp sealing salt v1";

/// The key file format this version writes and reads.
const KEY_FILE_VERSION: u32 = 1;

/// A game's secret: its signing key and every seed this machine drew for it.
#[derive(Clone)]
pub struct GameKey {
    signing: SigningKey,
    /// The seed a session started or continued with this key rolls from.
    newest: Seed,
    /// The seeds before it, oldest first: a seed is added when the one before is revealed.
    earlier: Vec<Seed>,
}

/// Never printed: the secret in a message or a debug dump would let anyone forge the game.
impl std::fmt::Debug for GameKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameKey({}, ..)", self.public_key())
    }
}

impl PartialEq for GameKey {
    fn eq(&self, other: &GameKey) -> bool {
        self.signing.to_bytes() == other.signing.to_bytes()
            && self.newest == other.newest
            && self.earlier == other.earlier
    }
}

impl GameKey {
    /// A new key and a new seed from the operating system's generator.
    pub fn generate() -> Result<GameKey, String> {
        GameKey::generate_with_seed(Seed::fresh())
    }

    /// A new key from the operating system's generator, with `seed` for its app rolls.
    pub fn generate_with_seed(seed: Seed) -> Result<GameKey, String> {
        let mut secret = [0u8; 32];
        rand_core::OsRng
            .try_fill_bytes(&mut secret)
            .map_err(|e| format!("the operating system gave no random bytes for a key: {e}"))?;
        Ok(GameKey::from_parts(secret, seed))
    }

    /// The key with secret `secret` and first seed `seed` (tests pin both to get known rolls).
    pub fn from_parts(secret: [u8; 32], seed: Seed) -> GameKey {
        GameKey {
            signing: SigningKey::from_bytes(&secret),
            newest: seed,
            earlier: Vec::new(),
        }
    }

    /// The public half, as the log holds it: 64 hexadecimal digits.
    pub fn public_key(&self) -> String {
        hex(self.signing.verifying_key().as_bytes())
    }

    /// The newest seed: the one a session started or continued with this key rolls from.
    pub fn newest_seed(&self) -> Seed {
        self.newest
    }

    /// Every seed, oldest first.
    fn seeds(&self) -> impl Iterator<Item = &Seed> {
        self.earlier.iter().chain(std::iter::once(&self.newest))
    }

    /// Makes `seed` the newest, unless the key holds it already.
    fn add_seed(&mut self, seed: Seed) {
        if !self.seeds().any(|held| *held == seed) {
            let before = std::mem::replace(&mut self.newest, seed);
            self.earlier.push(before);
        }
    }

    /// The seed whose commitment is `commitment`, if this key holds it.
    pub fn seed_for(&self, commitment: &str) -> Option<Seed> {
        self.seeds()
            .find(|seed| seed.commitment() == commitment)
            .copied()
    }

    /// The salt of `player`'s `nth` secret choice in `round`, derived from the secret: the machine
    /// that holds the key finds a choice again from its commitment (a card kept face down from
    /// one round to the next, or over a restart of the app), while whoever holds only the file
    /// cannot guess the salt, and so cannot test the choices against the commitment. Each seal of
    /// the same player and round has its own salt, so a revealed one opens no other.
    pub fn sealing_salt(&self, round: &str, player: &str, nth: usize) -> String {
        use sha2::{Digest, Sha256};
        // The fields, each with its length, hashed first; then the secret and that digest, whose
        // fixed length leaves no room to extend a revealed salt into another.
        let mut fields = Sha256::new();
        fields.update(SEALING_CONTEXT.as_bytes());
        for part in [round.as_bytes(), player.as_bytes(), &nth.to_le_bytes()] {
            fields.update((part.len() as u64).to_le_bytes());
            fields.update(part);
        }
        let mut salt = Sha256::new();
        salt.update(self.signing.to_bytes());
        salt.update(fields.finalize());
        hex(&salt.finalize())
    }

    /// Adds a fresh seed, for play after the current one is revealed, and returns it.
    pub fn add_fresh_seed(&mut self) -> Seed {
        let seed = Seed::fresh();
        self.add_seed(seed);
        seed
    }

    /// The signature of the state ending at event `through`, whose hash is `hash`, with the
    /// fingerprints `events` of the events it adds (see [`signed_message`]), hex.
    pub fn sign(&self, through: u64, hash: &str, events: &str) -> String {
        hex(&self
            .signing
            .sign(signed_message(through, hash, events).as_bytes())
            .to_bytes())
    }

    /// The key file's text.
    pub fn to_text(&self, game: &str) -> Result<String, String> {
        let file = KeyFile {
            format_version: KEY_FILE_VERSION,
            game: game.to_string(),
            public_key: self.public_key(),
            signing_key: hex(&self.signing.to_bytes()),
            seeds: self
                .seeds()
                .map(|seed| KeyFileSeed {
                    commitment: seed.commitment(),
                    seed: seed.to_hex(),
                })
                .collect(),
        };
        let body =
            toml::to_string(&file).map_err(|e| format!("the key could not be written: {e}"))?;
        Ok(format!(
            "# The secret of one game of Aide-de-camp: the key that signs its saves and the seeds of\n\
             # its app rolls. Whoever holds this file can forge the game's log and foresee its rolls:\n\
             # keep it away from the players. Moving the game to another machine takes this file.\n{body}"
        ))
    }

    /// Reads a key file; `file` names it in errors. The public key and every commitment written in
    /// it must match the secrets, so a damaged file is refused rather than trusted.
    pub fn from_text(file: &str, text: &str) -> Result<(String, GameKey), SessionError> {
        let error = |line: Option<usize>, message: String| SessionError {
            file: file.to_string(),
            line,
            message,
        };
        let parsed: KeyFile = toml::from_str(text).map_err(|e| {
            error(
                e.span().map(|span| line_of(text, span.start)),
                format!("the key file is damaged: {}", e.message().trim_end()),
            )
        })?;
        if parsed.format_version > KEY_FILE_VERSION {
            return Err(error(
                None,
                format!(
                    "the key file has format version {}, newer than this version reads ({KEY_FILE_VERSION})",
                    parsed.format_version
                ),
            ));
        }
        let secret = from_hex::<32>(&parsed.signing_key)
            .ok_or_else(|| error(None, "signing_key is not 64 hexadecimal digits".into()))?;
        let mut seeds = Vec::new();
        for (index, entry) in parsed.seeds.iter().enumerate() {
            let seed = Seed::from_hex(&entry.seed).filter(|_| entry.seed.len() == 64);
            let seed = seed.ok_or_else(|| {
                error(
                    None,
                    format!("seeds[{index}].seed is not 64 hexadecimal digits"),
                )
            })?;
            if seed.commitment() != entry.commitment {
                return Err(error(
                    None,
                    format!("seeds[{index}]: the seed does not match its commitment"),
                ));
            }
            seeds.push(seed);
        }
        let Some(newest) = seeds.pop() else {
            return Err(error(None, "the key file holds no seed".into()));
        };
        let key = GameKey {
            signing: SigningKey::from_bytes(&secret),
            newest,
            earlier: seeds,
        };
        if key.public_key() != parsed.public_key {
            return Err(error(
                None,
                "public_key does not match signing_key: the file was altered".into(),
            ));
        }
        Ok((parsed.game, key))
    }
}

/// The message a session signature signs: a context line, the number and hash of the last event
/// signed, and the fingerprints of the events this signature adds.
pub fn signed_message(through: u64, hash: &str, events: &str) -> String {
    format!("{SIGNATURE_CONTEXT}\n{through}\n{hash}\n{events}")
}

/// Whether `signature` (hex) is `public_key`'s (hex) signature of `message`.
pub fn signature_holds(public_key: &str, message: &str, signature: &str) -> bool {
    let Some(public) = from_hex::<32>(public_key).and_then(|b| VerifyingKey::from_bytes(&b).ok())
    else {
        return false;
    };
    let Some(signature) = from_hex::<64>(signature) else {
        return false;
    };
    public
        .verify(
            message.as_bytes(),
            &ed25519_dalek::Signature::from_bytes(&signature),
        )
        .is_ok()
}

/// Whether `text` is a public key as the log holds it.
pub fn is_public_key(text: &str) -> bool {
    from_hex::<32>(text).is_some_and(|b| VerifyingKey::from_bytes(&b).is_ok())
}

/// A short form of a public key or commitment for people to compare: its first 16 digits in
/// groups of four.
pub fn fingerprint(text: &str) -> String {
    let digits: Vec<char> = text.chars().take(16).collect();
    digits
        .chunks(4)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(1, |before| before.lines().count().max(1))
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyFile {
    format_version: u32,
    game: String,
    public_key: String,
    signing_key: String,
    seeds: Vec<KeyFileSeed>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyFileSeed {
    commitment: String,
    seed: String,
}

/// The folder of game keys in the data folder.
#[derive(Debug, Clone)]
pub struct KeyStore {
    folder: PathBuf,
}

impl KeyStore {
    /// The key store of the data folder `data_folder`.
    pub fn in_data_folder(data_folder: &Path) -> KeyStore {
        KeyStore {
            folder: data_folder.join("keys"),
        }
    }

    /// Where the key whose public half is `public_key` is kept.
    pub fn path_of(&self, public_key: &str) -> PathBuf {
        self.folder.join(format!("{public_key}.toml"))
    }

    /// The key whose public half is `public_key`, if this machine holds it. A key file that is
    /// there but damaged is an error, never taken for a missing key.
    pub fn find(&self, public_key: &str) -> Result<Option<GameKey>, SessionError> {
        if !is_public_key(public_key) {
            return Ok(None);
        }
        let path = self.path_of(public_key);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(SessionError {
                    file: path.display().to_string(),
                    line: None,
                    message: format!("cannot be read: {e}"),
                });
            }
        };
        let (_, key) = GameKey::from_text(&path.display().to_string(), &text)?;
        if key.public_key() != public_key {
            return Err(SessionError {
                file: path.display().to_string(),
                line: None,
                message: "the key in this file is not the one its name says".into(),
            });
        }
        Ok(Some(key))
    }

    /// Keeps `key` of game `game`, replacing an older copy of the same key (one with fewer seeds).
    /// Written atomically and readable by its owner only.
    pub fn keep(&self, game: &str, key: &GameKey) -> Result<PathBuf, SessionError> {
        let path = self.path_of(&key.public_key());
        let error = |message: String| SessionError {
            file: path.display().to_string(),
            line: None,
            message,
        };
        std::fs::create_dir_all(&self.folder).map_err(|e| SessionError {
            file: self.folder.display().to_string(),
            line: None,
            message: format!("cannot create the key folder: {e}"),
        })?;
        let text = key.to_text(game).map_err(error)?;
        if path.exists() {
            write_atomically(&path, text.as_bytes())?;
        } else {
            write_new_atomically(&path, text.as_bytes())?;
        }
        restrict_to_owner(&path).map_err(|e| error(format!("cannot make it private: {e}")))?;
        Ok(path)
    }

    /// A new key for a game of `game`, rolling from `seed`, kept here before anything is logged
    /// under it.
    pub fn new_key(&self, game: &str, seed: Seed) -> Result<GameKey, String> {
        let key = GameKey::generate_with_seed(seed)?;
        self.keep(game, &key).map_err(|e| e.to_string())?;
        Ok(key)
    }

    /// Reads a key file from anywhere (one exported on another machine) and keeps it here.
    pub fn import(&self, from: &Path) -> Result<(String, GameKey), SessionError> {
        let text = std::fs::read_to_string(from).map_err(|e| SessionError {
            file: from.display().to_string(),
            line: None,
            message: format!("cannot be read: {e}"),
        })?;
        let (game, key) = GameKey::from_text(&from.display().to_string(), &text)?;
        // A copy already here may hold seeds added since the file was exported: keep every seed.
        let merged = match self.find(&key.public_key())? {
            Some(mut here) => {
                for seed in key.seeds() {
                    here.add_seed(*seed);
                }
                here
            }
            None => key,
        };
        self.keep(&game, &merged)?;
        Ok((game, merged))
    }

    /// Writes the key whose public half is `public_key` to `to`, a new file.
    pub fn export(&self, game: &str, public_key: &str, to: &Path) -> Result<(), SessionError> {
        let key = self.find(public_key)?.ok_or_else(|| SessionError {
            file: self.path_of(public_key).display().to_string(),
            line: None,
            message: "this machine does not hold the game's key".into(),
        })?;
        let text = key.to_text(game).map_err(|message| SessionError {
            file: to.display().to_string(),
            line: None,
            message,
        })?;
        write_new_atomically(to, text.as_bytes())?;
        restrict_to_owner(to).map_err(|e| SessionError {
            file: to.display().to_string(),
            line: None,
            message: format!("cannot make it private: {e}"),
        })
    }
}

#[cfg(unix)]
fn restrict_to_owner(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
}

#[cfg(not(unix))]
fn restrict_to_owner(_path: &Path) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_file_round_trips_and_refuses_an_altered_copy() {
        let mut key = GameKey::generate().expect("a key");
        key.add_fresh_seed();
        let text = key.to_text("waterloo-campaign-1815").expect("text");
        let (game, read) = GameKey::from_text("k.toml", &text).expect("reads");
        assert_eq!(game, "waterloo-campaign-1815");
        assert_eq!(read, key);
        let public = key.public_key();
        let other = GameKey::generate().expect("a key").public_key();
        let altered = text.replace(&public, &other);
        let refused = GameKey::from_text("k.toml", &altered).expect_err("altered");
        assert!(refused.message.contains("does not match"), "{refused}");
        let damaged = GameKey::from_text("k.toml", "format_version = \n").expect_err("damaged");
        assert_eq!(damaged.line, Some(1), "{damaged}");
    }

    #[test]
    fn a_signature_holds_only_for_its_key_and_message() {
        let key = GameKey::generate().expect("a key");
        let signature = key.sign(7, "abc", "0011");
        let message = signed_message(7, "abc", "0011");
        assert!(signature_holds(&key.public_key(), &message, &signature));
        assert!(!signature_holds(
            &key.public_key(),
            &signed_message(8, "abc", "0011"),
            &signature
        ));
        let other = GameKey::generate().expect("a key");
        assert!(!signature_holds(&other.public_key(), &message, &signature));
        assert!(!signature_holds(&key.public_key(), &message, "zz"));
    }

    #[test]
    fn the_debug_form_shows_no_secret() {
        let key = GameKey::generate().expect("a key");
        let shown = format!("{key:?}");
        assert!(!shown.contains(&hex(&key.signing.to_bytes())));
        assert!(!shown.contains(&key.newest_seed().to_hex()));
    }
}
