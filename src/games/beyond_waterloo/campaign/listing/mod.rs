//! A scenario's printed set-up (27.0, L2170-2180), read from a data file into typed pieces.
//!
//! The data file (`scenarios/beyond-waterloo/basic-27-2.toml` for the Basic Game, 27.2,
//! L2250-2388) copies the listings as printed: each Formation with its Leader and units, the units
//! in no Formation (in an area, an off-board box or a pool box), the French National Guard
//! garrisons, the Leader Pools and the places a player picks at set-up. Its header says how to read
//! it. This module checks the file and expands every "2x 6CF Infantry Corps" into pieces, each with
//! a name of its own ("Left Wing 6CF Inf Corps 1", "Left Wing 6CF Inf Corps 2"), so the players and
//! the app can speak of one counter.
//!
//! Nothing here holds a counter's printed value beyond what the listing gives: a unit listed only
//! by type ("Cavalry Corps") has no combat factor, because the players draw one at random (L2178).

use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use toml::Spanned;

/// Where the Basic Game's data file stands in the repository, for messages.
pub const BASIC_27_2_FILE: &str = "scenarios/beyond-waterloo/basic-27-2.toml";

/// The Basic Game's data file, built into the app.
const BASIC_27_2_TEXT: &str =
    include_str!("../../../../../scenarios/beyond-waterloo/basic-27-2.toml");

/// The set-up of scenario 27.2, the Basic Game (L2250-2388).
pub fn basic_27_2() -> Result<ScenarioListing, ListingError> {
    parse(BASIC_27_2_FILE, BASIC_27_2_TEXT)
}

/// Reads a scenario listing from `text`; `file` names it in messages. The first problem found is
/// returned, with its line and, where known, its field.
pub fn parse(file: &str, text: &str) -> Result<ScenarioListing, ListingError> {
    let read: FileIn = toml::from_str(text).map_err(|e| {
        let span = e.span();
        ListingError {
            file: file.to_string(),
            line: span.as_ref().map(|s| line_at(text, s.start)),
            field: span.and_then(|s| key_before(text, s.start)),
            message: e.message().trim_end().to_string(),
        }
    })?;
    Reader { file, text }.listing(read)
}

// ---------------------------------------------------------------------------------------------
// The listing, as the rest of the app reads it
// ---------------------------------------------------------------------------------------------

/// A scenario's whole set-up: both sides and the choices the players make before play.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioListing {
    /// The French side first, then the Allied, as printed (L2174).
    pub sides: Vec<SideListing>,
    /// The places a player picks at set-up, e.g. "Paris (G5) or Laon (H3)" (L2266).
    pub choices: Vec<Choice>,
}

/// A place the player picks at set-up. Formations and pieces standing there say
/// `Location::Chosen` with this choice's id, so that all of them follow the one pick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// Short and stable, for the data file and saved games: "armee-du-nord-area".
    pub id: String,
    /// The areas offered, as printed; the first is the default.
    pub options: Vec<String>,
    /// The Case and line that offer the choice.
    pub rule: String,
}

/// The two players (§1.0, L378).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    French,
    Allied,
}

/// One player's set-up.
#[derive(Debug, Clone, PartialEq)]
pub struct SideListing {
    pub side: Side,
    /// The Case and lines of this side's listing.
    pub rule: String,
    /// Resource Points on the War Chest track at start (L2176).
    pub rp: u32,
    /// Victory Points at start (L2176).
    pub vp: u32,
    /// The Morale level every Formation begins at (L2176).
    pub morale: u32,
    /// The French War Minister; the Allies have none.
    pub war_minister: Option<String>,
    /// The Leaders in the Leader Pool. The Allies have one pool for all nations (L2174).
    pub leader_pool: Vec<PoolLeader>,
    /// The Formations listed with their Leader and units, in printed order.
    pub formations: Vec<FormationListing>,
    /// Every unit, wagon and magazine, one per counter: those brigaded to a Formation (its name in
    /// `formation`), in the Formations' order, then those in no Formation, in the file's order.
    /// The garrison's are in `garrison`.
    pub pieces: Vec<Piece>,
    /// The French National Guard garrisons, whose sites the player assigns (L2286).
    pub garrison: Option<Garrison>,
}

/// A Leader of the Leader Pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolLeader {
    pub name: String,
    /// The national section that lists the Leader (a Leader commands his own nation, L652).
    pub nation: Nation,
    /// The Case and line that list him.
    pub rule: String,
}

/// A Formation as listed: its marker goes on the map (or in an off-board box) and its Leader and
/// units in its Organization Display box (L2172). Its units are the pieces whose `formation` is
/// this name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormationListing {
    /// As printed: "Armée du Nord", "Army of the Lower Rhine".
    pub name: String,
    pub leader: String,
    /// The Formation's nation, which its Leader commands (L652).
    pub nation: Nation,
    /// Where its marker stands.
    pub at: Location,
    /// The Case and line that list it.
    pub rule: String,
    /// What else the listing says of it ("This is the Army of Switzerland").
    pub note: Option<String>,
    /// The first turn it may move, where the listing holds it back (L2310).
    pub frozen_until_turn: Option<u32>,
}

/// One counter: a troop unit, a wagon or a magazine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// Unique within its side, readable at the table: "Left Wing 6CF Inf Corps 2". It is the
    /// Formation's or place's name, the unit's nation where that is not the Formation's or
    /// place's (always for a Minor Allied unit, and for every unit in an Allied pool), what the
    /// listing says of the unit, then a number when more than one would share the name.
    pub name: String,
    pub kind: Kind,
    /// Corps or Division for troop units; none for National Guard, wagons and magazines.
    pub size: Option<Size>,
    /// The printed combat factor in half points ("½" = 1, "4" = 8), so that ½CF National Guard
    /// add up exactly. None where the listing gives only a type: the counter is drawn at random.
    pub cf_halves: Option<u32>,
    /// Guards or Imperial Guard (Catastrophic Failure watches them, L2394-2395).
    pub guard: bool,
    /// A Minor Allied unit (§3.5; no replacements for them, L1447).
    pub minor: bool,
    pub nation: Nation,
    /// The Formation it is brigaded to; none for an un-brigaded unit or one in a pool box.
    pub formation: Option<String>,
    /// The Formation another reading of the listing puts it in, where the printed listing can be
    /// read two ways: the Armée du Nord's parenthesis (27.2.1, L2266; setting S19).
    pub alternative_formation: Option<String>,
    pub at: Location,
    /// The first turn it may move, where the listing holds it back (L2310).
    pub frozen_until_turn: Option<u32>,
    /// The Case and line that list it.
    pub rule: String,
    /// How the listing was read where it is not plain, e.g. an arm the text does not print.
    pub note: Option<String>,
}

/// Where a Formation marker or a piece starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A map area, as printed: "Doullens (H2)".
    Area(String),
    /// The area the player picks in the choice with this id (`ScenarioListing::choice`).
    Chosen(String),
    /// A box of an off-board movement display or track: "Vienna Box" on the "Austrian Off-Board
    /// Movement Display". The display is not printed for every box.
    OffBoard {
        display: Option<String>,
        name: String,
    },
    /// A box of the side's pools or of its Unit Training Track.
    Pool(PoolBox),
    /// One of the garrison's Fortress areas, not yet assigned (`Garrison::assign`).
    Garrison,
}

/// The off-map boxes that hold units waiting to come into play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PoolBox {
    /// Units that may be recruited (§12.2).
    ForcePool,
    /// Divisions for replacing Corps, Corps Breakdown and Replacements (3.6.4, L594).
    DivisionsPool,
    /// French units to be admitted to the Force Pool through the FRAT (L2174).
    Eliminated,
    /// A numbered stage box of the Unit Training Track (§12.2.6).
    Training(u32),
}

/// What a counter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Infantry,
    Cavalry,
    NationalGuard,
    Wagon,
    Magazine,
}

/// The size of a troop unit (L2178).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Size {
    Corps,
    Division,
}

/// A unit's nationality as the listings print it. `Minor` is the Minor Allied Divisions that serve
/// all Minor Allies (L2336); `Cossack` marks the Russians' Cossack Cavalry Corps (L2378).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Nation {
    French,
    Spanish,
    Austrian,
    Swiss,
    Baden,
    #[serde(rename = "württemberg")]
    Wurttemberg,
    Bavarian,
    Sardinian,
    Neapolitan,
    Prussian,
    Saxon,
    NorthGerman,
    Hesse,
    British,
    Hanoverian,
    DutchBelgian,
    BrunswickNassau,
    Kgl,
    Russian,
    Cossack,
    Minor,
}

/// The French National Guard garrisons: one unit to each listed Fortress area, the player choosing
/// which unit goes where (L2286).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Garrison {
    /// The Fortress areas in printed order.
    pub sites: Vec<String>,
    /// The units, at `Location::Garrison` until assigned.
    pub pieces: Vec<Piece>,
    /// The Case and line that list them.
    pub rule: String,
}

/// One garrison unit at one site, as the player assigns them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GarrisonPost {
    pub site: String,
    /// The piece's name.
    pub piece: String,
}

/// A listing file that cannot be read, with where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingError {
    pub file: String,
    /// The 1-based line the problem is on, where known.
    pub line: Option<usize>,
    /// The field at fault, where known: "count".
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for ListingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ": `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ListingError {}

impl ScenarioListing {
    /// A side's listing.
    pub fn side(&self, side: Side) -> Option<&SideListing> {
        self.sides.iter().find(|s| s.side == side)
    }

    /// A choice by its id.
    pub fn choice(&self, id: &str) -> Option<&Choice> {
        self.choices.iter().find(|c| c.id == id)
    }
}

impl Choice {
    /// The option taken when the player does not choose: the first printed.
    pub fn default_option(&self) -> Option<&str> {
        self.options.first().map(String::as_str)
    }
}

impl SideListing {
    /// A Formation by its name.
    pub fn formation(&self, name: &str) -> Option<&FormationListing> {
        self.formations.iter().find(|f| f.name == name)
    }

    /// The pieces brigaded to a Formation.
    pub fn pieces_of<'a>(&'a self, formation: &'a str) -> impl Iterator<Item = &'a Piece> {
        self.pieces
            .iter()
            .filter(move |p| p.formation.as_deref() == Some(formation))
    }

    /// The pieces in no Formation at a location.
    pub fn unbrigaded_at<'a>(&'a self, at: &'a Location) -> impl Iterator<Item = &'a Piece> {
        self.pieces
            .iter()
            .filter(move |p| p.formation.is_none() && p.at == *at)
    }

    /// A piece by its name, the garrison's included.
    pub fn piece(&self, name: &str) -> Option<&Piece> {
        self.all_pieces().find(|p| p.name == name)
    }

    /// Every piece of the side, the garrison's last.
    pub fn all_pieces(&self) -> impl Iterator<Item = &Piece> {
        let garrison = self.garrison.iter().flat_map(|g| g.pieces.iter());
        self.pieces.iter().chain(garrison)
    }
}

impl Side {
    /// The nation of every unit this side lists in a pool, where it has one: the French. The
    /// Allies' pools hold every nation's units (L2174), so their pieces there name their nation.
    pub fn home_nation(self) -> Option<Nation> {
        match self {
            Side::French => Some(Nation::French),
            Side::Allied => None,
        }
    }
}

impl Nation {
    /// The word a piece's name uses for its nation.
    pub fn label(self) -> &'static str {
        match self {
            Nation::French => "French",
            Nation::Spanish => "Spanish",
            Nation::Austrian => "Austrian",
            Nation::Swiss => "Swiss",
            Nation::Baden => "Baden",
            Nation::Wurttemberg => "Württemberg",
            Nation::Bavarian => "Bavarian",
            Nation::Sardinian => "Sardinian",
            Nation::Neapolitan => "Neapolitan",
            Nation::Prussian => "Prussian",
            Nation::Saxon => "Saxon",
            Nation::NorthGerman => "North German",
            Nation::Hesse => "Hesse",
            Nation::British => "British",
            Nation::Hanoverian => "Hanoverian",
            Nation::DutchBelgian => "Dutch-Belgian",
            Nation::BrunswickNassau => "Brunswick-Nassau",
            Nation::Kgl => "KGL",
            Nation::Russian => "Russian",
            Nation::Cossack => "Cossack",
            Nation::Minor => "Minor",
        }
    }
}

impl PoolBox {
    /// The box's name, as the pieces' names use it: "Force Pool", "Stage 1".
    pub fn label(self) -> String {
        match self {
            PoolBox::ForcePool => "Force Pool".to_string(),
            PoolBox::DivisionsPool => "Divisions Pool".to_string(),
            PoolBox::Eliminated => "Eliminated".to_string(),
            PoolBox::Training(stage) => format!("Stage {stage}"),
        }
    }

    /// Reads the data file's name for a box: "force-pool", "training-1".
    fn from_id(id: &str) -> Option<PoolBox> {
        match id {
            "force-pool" => Some(PoolBox::ForcePool),
            "divisions-pool" => Some(PoolBox::DivisionsPool),
            "eliminated" => Some(PoolBox::Eliminated),
            _ => id
                .strip_prefix("training-")
                .and_then(|stage| stage.parse().ok())
                .filter(|stage| *stage > 0)
                .map(PoolBox::Training),
        }
    }
}

impl Garrison {
    /// The assignment taken when the player does not choose: the units in listed order (the 1CF
    /// before the ½CF) to the sites in printed order.
    pub fn default_assignment(&self) -> Vec<GarrisonPost> {
        let mut units: Vec<&Piece> = self.pieces.iter().collect();
        units.sort_by_key(|p| std::cmp::Reverse(p.cf_halves.unwrap_or(0)));
        self.sites
            .iter()
            .zip(units)
            .map(|(site, piece)| GarrisonPost {
                site: site.clone(),
                piece: piece.name.clone(),
            })
            .collect()
    }

    /// Checks a player's assignment, one unit to each site and every unit placed (L2286), and
    /// returns the garrison's pieces standing in their areas, in the sites' printed order. Every
    /// problem is named.
    pub fn assign(&self, posts: &[GarrisonPost]) -> Result<Vec<Piece>, String> {
        let mut problems = Vec::new();
        let mut by_site: HashMap<&str, &str> = HashMap::new();
        let mut by_piece: HashMap<&str, &str> = HashMap::new();
        for post in posts {
            if !self.sites.contains(&post.site) {
                problems.push(format!("{} is not one of the Fortress areas", post.site));
                continue;
            }
            if !self.pieces.iter().any(|p| p.name == post.piece) {
                problems.push(format!("{} is not a garrison unit", post.piece));
                continue;
            }
            if let Some(other) = by_site.insert(&post.site, &post.piece) {
                problems.push(format!(
                    "{} is given two units, {other} and {}",
                    post.site, post.piece
                ));
            }
            if let Some(other) = by_piece.insert(&post.piece, &post.site) {
                problems.push(format!(
                    "{} is placed twice, in {other} and in {}",
                    post.piece, post.site
                ));
            }
        }
        for site in &self.sites {
            if !by_site.contains_key(site.as_str()) {
                problems.push(format!("{site} has no unit"));
            }
        }
        for piece in &self.pieces {
            if !by_piece.contains_key(piece.name.as_str()) {
                problems.push(format!("{} is not placed", piece.name));
            }
        }
        if !problems.is_empty() {
            return Err(format!(
                "the National Guard garrisons go one unit to each Fortress area ({}): {}",
                self.rule,
                problems.join("; ")
            ));
        }
        let mut placed = Vec::new();
        for site in &self.sites {
            let name = by_site.get(site.as_str()).copied().unwrap_or_default();
            if let Some(piece) = self.pieces.iter().find(|p| p.name == name) {
                placed.push(Piece {
                    at: Location::Area(site.clone()),
                    ..piece.clone()
                });
            }
        }
        Ok(placed)
    }
}

// ---------------------------------------------------------------------------------------------
// The data file as written, before it is checked
// ---------------------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    #[serde(default)]
    choice: Vec<Spanned<ChoiceIn>>,
    side: Vec<Spanned<SideIn>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChoiceIn {
    id: String,
    options: Vec<String>,
    rule: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideIn {
    side: Side,
    rule: String,
    rp: u32,
    vp: u32,
    morale: u32,
    war_minister: Option<String>,
    #[serde(default)]
    leader_pool: Vec<Spanned<LeadersIn>>,
    #[serde(default)]
    formation: Vec<Spanned<FormationIn>>,
    #[serde(default)]
    place: Vec<Spanned<PlaceIn>>,
    garrison: Option<Spanned<GarrisonIn>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeadersIn {
    nation: Option<Nation>,
    names: Vec<String>,
    rule: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormationIn {
    name: Spanned<String>,
    leader: String,
    nation: Nation,
    at: Option<Spanned<String>>,
    choice: Option<Spanned<String>>,
    offboard: Option<Spanned<String>>,
    display: Option<String>,
    pool: Option<Spanned<String>>,
    note: Option<String>,
    frozen_until_turn: Option<u32>,
    rule: String,
    units: Vec<Spanned<UnitIn>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaceIn {
    at: Option<Spanned<String>>,
    choice: Option<Spanned<String>>,
    offboard: Option<Spanned<String>>,
    display: Option<String>,
    pool: Option<Spanned<String>>,
    /// The name its pieces' names begin with, where the default does not suit.
    label: Option<String>,
    /// The Formation another reading of the listing puts these units in (setting S19).
    alternative_formation: Option<Spanned<String>>,
    nation: Option<Nation>,
    frozen_until_turn: Option<u32>,
    rule: String,
    units: Vec<Spanned<UnitIn>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GarrisonIn {
    sites: Vec<String>,
    nation: Option<Nation>,
    rule: String,
    units: Vec<Spanned<UnitIn>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitIn {
    count: u32,
    cf: Option<Spanned<String>>,
    kind: Kind,
    size: Option<Size>,
    #[serde(default)]
    guard: bool,
    #[serde(default)]
    minor: bool,
    nation: Option<Nation>,
    note: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Checking the file and expanding its units into pieces
// ---------------------------------------------------------------------------------------------

/// The most units one line of a listing may count; the listings print at most "5x".
const MAX_COUNT: u32 = 99;

/// The file being read, for messages.
struct Reader<'a> {
    file: &'a str,
    text: &'a str,
}

/// The fields that say where a Formation or a place stands.
struct Whereabouts<'a> {
    at: Option<&'a Spanned<String>>,
    choice: Option<&'a Spanned<String>>,
    offboard: Option<&'a Spanned<String>>,
    display: Option<&'a String>,
    pool: Option<&'a Spanned<String>>,
}

/// A piece before it has its final name: the name it shares with its twins, if any.
struct Draft {
    base: String,
    piece: Piece,
}

/// What a listing line gives the units it lists.
struct Listed<'a> {
    /// The Formation's or the place's name, which begins the pieces' names.
    prefix: &'a str,
    formation: Option<&'a str>,
    /// The Formation another reading puts the units in (`Piece::alternative_formation`).
    alternative_formation: Option<&'a str>,
    at: &'a Location,
    /// The units' nation where a unit does not give one.
    nation: Option<Nation>,
    /// The nation the pieces' names leave out.
    usual_nation: Option<Nation>,
    frozen_until_turn: Option<u32>,
    rule: &'a str,
}

impl Reader<'_> {
    fn error(&self, span: Range<usize>, field: Option<&str>, message: String) -> ListingError {
        ListingError {
            file: self.file.to_string(),
            line: Some(line_at(self.text, span.start)),
            field: field.map(str::to_string),
            message,
        }
    }

    fn listing(&self, read: FileIn) -> Result<ScenarioListing, ListingError> {
        let mut choices: Vec<Choice> = Vec::new();
        for choice in read.choice {
            let span = choice.span();
            let choice = choice.into_inner();
            if choices.iter().any(|c| c.id == choice.id) {
                let message = format!("the choice \"{}\" is listed twice", choice.id);
                return Err(self.error(span, Some("id"), message));
            }
            if choice.options.len() < 2 {
                let message = "a choice offers at least two options".to_string();
                return Err(self.error(span, Some("options"), message));
            }
            choices.push(Choice {
                id: choice.id,
                options: choice.options,
                rule: choice.rule,
            });
        }
        let mut sides: Vec<SideListing> = Vec::new();
        for side in read.side {
            let span = side.span();
            let side = self.side(side.into_inner(), &choices)?;
            if sides.iter().any(|s| s.side == side.side) {
                let message = format!("the side {:?} is listed twice", side.side);
                return Err(self.error(span, Some("side"), message));
            }
            sides.push(side);
        }
        Ok(ScenarioListing { sides, choices })
    }

    fn side(&self, read: SideIn, choices: &[Choice]) -> Result<SideListing, ListingError> {
        let home = read.side.home_nation();
        let mut leader_pool = Vec::new();
        for leaders in read.leader_pool {
            leader_pool.extend(self.leaders(leaders, home)?);
        }
        let mut formations: Vec<FormationListing> = Vec::new();
        let mut drafts = Vec::new();
        for formation in &read.formation {
            let name = formation.get_ref().name.get_ref();
            if formations.iter().any(|other| &other.name == name) {
                let message = format!("the Formation {name} is listed twice");
                let span = formation.get_ref().name.span();
                return Err(self.error(span, Some("name"), message));
            }
            formations.push(self.formation(formation, choices, &mut drafts)?);
        }
        for place in &read.place {
            self.place(place, home, choices, &formations, &mut drafts)?;
        }
        // The garrison's pieces are named with the others, so that no name is used twice; they
        // are the last drafts.
        let garrison_drafts = drafts.len();
        let garrison = match read.garrison {
            Some(garrison) => Some(self.garrison(garrison, home, &mut drafts)?),
            None => None,
        };

        let mut pieces = name_pieces(drafts);
        if let Some(twin) = first_twin(&pieces) {
            return Err(ListingError {
                file: self.file.to_string(),
                line: None,
                field: None,
                message: format!(
                    "two pieces of the {:?} side would be named {twin}",
                    read.side
                ),
            });
        }
        let garrison = garrison.map(|(sites, rule)| Garrison {
            sites,
            pieces: pieces.split_off(garrison_drafts.min(pieces.len())),
            rule,
        });

        Ok(SideListing {
            side: read.side,
            rule: read.rule,
            rp: read.rp,
            vp: read.vp,
            morale: read.morale,
            war_minister: read.war_minister,
            leader_pool,
            formations,
            pieces,
            garrison,
        })
    }

    /// One line of a Leader Pool, its nation that of the line or the side's.
    fn leaders(
        &self,
        leaders: Spanned<LeadersIn>,
        home: Option<Nation>,
    ) -> Result<Vec<PoolLeader>, ListingError> {
        let span = leaders.span();
        let leaders = leaders.into_inner();
        let Some(nation) = leaders.nation.or(home) else {
            let message = "an Allied Leader Pool line names its nation".to_string();
            return Err(self.error(span, Some("nation"), message));
        };
        Ok(leaders
            .names
            .into_iter()
            .map(|name| PoolLeader {
                name,
                nation,
                rule: leaders.rule.clone(),
            })
            .collect())
    }

    /// A Formation, its units added to `drafts`.
    fn formation(
        &self,
        formation: &Spanned<FormationIn>,
        choices: &[Choice],
        drafts: &mut Vec<Draft>,
    ) -> Result<FormationListing, ListingError> {
        let f = formation.get_ref();
        let whereabouts = Whereabouts {
            at: f.at.as_ref(),
            choice: f.choice.as_ref(),
            offboard: f.offboard.as_ref(),
            display: f.display.as_ref(),
            pool: f.pool.as_ref(),
        };
        let at = self.location(formation.span(), &whereabouts, choices)?;
        if let Some(pool) = &f.pool {
            let message =
                "a Formation's marker stands in an area or an off-board box, not in a pool";
            return Err(self.error(pool.span(), Some("pool"), message.to_string()));
        }
        let name = f.name.get_ref();
        let listed = Listed {
            prefix: name,
            formation: Some(name),
            alternative_formation: None,
            at: &at,
            nation: Some(f.nation),
            usual_nation: Some(f.nation),
            frozen_until_turn: f.frozen_until_turn,
            rule: &f.rule,
        };
        for unit in &f.units {
            drafts.extend(self.units(unit, &listed)?);
        }
        Ok(FormationListing {
            name: name.clone(),
            leader: f.leader.clone(),
            nation: f.nation,
            at,
            rule: f.rule.clone(),
            note: f.note.clone(),
            frozen_until_turn: f.frozen_until_turn,
        })
    }

    /// Units in no Formation, added to `drafts`. The Formation another reading puts them in must
    /// be listed already and stand where they do.
    fn place(
        &self,
        place: &Spanned<PlaceIn>,
        home: Option<Nation>,
        choices: &[Choice],
        formations: &[FormationListing],
        drafts: &mut Vec<Draft>,
    ) -> Result<(), ListingError> {
        let p = place.get_ref();
        let whereabouts = Whereabouts {
            at: p.at.as_ref(),
            choice: p.choice.as_ref(),
            offboard: p.offboard.as_ref(),
            display: p.display.as_ref(),
            pool: p.pool.as_ref(),
        };
        let at = self.location(place.span(), &whereabouts, choices)?;
        if let Some(name) = &p.alternative_formation {
            let beside = formations
                .iter()
                .any(|f| &f.name == name.get_ref() && f.at == at);
            if !beside {
                let message = format!(
                    "no Formation named {} is listed before this place, standing where it does",
                    name.get_ref()
                );
                return Err(self.error(name.span(), Some("alternative_formation"), message));
            }
        }
        let prefix = match &p.label {
            Some(label) => label.clone(),
            None => location_label(&at, choices),
        };
        let nation = p.nation.or(home);
        let listed = Listed {
            prefix: &prefix,
            formation: None,
            alternative_formation: p
                .alternative_formation
                .as_ref()
                .map(|f| f.get_ref().as_str()),
            at: &at,
            nation,
            // A pool holds all the side's nations (L2174); elsewhere the place's nation goes
            // without saying.
            usual_nation: if matches!(at, Location::Pool(_)) {
                home
            } else {
                nation
            },
            frozen_until_turn: p.frozen_until_turn,
            rule: &p.rule,
        };
        for unit in &p.units {
            drafts.extend(self.units(unit, &listed)?);
        }
        Ok(())
    }

    /// The garrison's sites and rule, its units added to `drafts`: as many units as sites, one to
    /// an area (L2286).
    fn garrison(
        &self,
        garrison: Spanned<GarrisonIn>,
        home: Option<Nation>,
        drafts: &mut Vec<Draft>,
    ) -> Result<(Vec<String>, String), ListingError> {
        let span = garrison.span();
        let g = garrison.into_inner();
        let listed = Listed {
            prefix: "Garrison",
            formation: None,
            alternative_formation: None,
            at: &Location::Garrison,
            nation: g.nation.or(home),
            usual_nation: home,
            frozen_until_turn: None,
            rule: &g.rule,
        };
        let mut units = 0;
        for unit in &g.units {
            let pieces = self.units(unit, &listed)?;
            units += pieces.len();
            drafts.extend(pieces);
        }
        if units != g.sites.len() {
            let message = format!(
                "a garrison places one unit in each area: {units} units for {} sites",
                g.sites.len()
            );
            return Err(self.error(span, Some("units"), message));
        }
        for (index, site) in g.sites.iter().enumerate() {
            if g.sites.iter().skip(index + 1).any(|other| other == site) {
                let message = format!("the site {site} is listed twice");
                return Err(self.error(span, Some("sites"), message));
            }
        }
        Ok((g.sites, g.rule))
    }

    /// Where a Formation or a place stands: exactly one of `at`, `choice`, `offboard` or `pool`.
    fn location(
        &self,
        span: Range<usize>,
        w: &Whereabouts,
        choices: &[Choice],
    ) -> Result<Location, ListingError> {
        let given = [w.at, w.choice, w.offboard, w.pool]
            .iter()
            .filter(|f| f.is_some())
            .count();
        if given != 1 {
            let message =
                format!("give exactly one of `at`, `choice`, `offboard` or `pool` (here {given})");
            return Err(self.error(span, None, message));
        }
        if w.display.is_some() && w.offboard.is_none() {
            let message = "`display` names the display of an `offboard` box".to_string();
            return Err(self.error(span, Some("display"), message));
        }
        if let Some(area) = w.at {
            return Ok(Location::Area(area.get_ref().clone()));
        }
        if let Some(choice) = w.choice {
            let id = choice.get_ref();
            if !choices.iter().any(|c| &c.id == id) {
                let known: Vec<&str> = choices.iter().map(|c| c.id.as_str()).collect();
                let message = format!(
                    "no [[choice]] has the id \"{id}\" (the choices: {})",
                    known.join(", ")
                );
                return Err(self.error(choice.span(), Some("choice"), message));
            }
            return Ok(Location::Chosen(id.clone()));
        }
        if let Some(name) = w.offboard {
            return Ok(Location::OffBoard {
                display: w.display.cloned(),
                name: name.get_ref().clone(),
            });
        }
        match w.pool {
            Some(pool) => match PoolBox::from_id(pool.get_ref()) {
                Some(pool_box) => Ok(Location::Pool(pool_box)),
                None => {
                    let message = format!(
                        "\"{}\" is not a pool box: force-pool, divisions-pool, eliminated or \
                         training-N",
                        pool.get_ref()
                    );
                    Err(self.error(pool.span(), Some("pool"), message))
                }
            },
            None => Err(self.error(span, None, "no location".to_string())),
        }
    }

    /// One line of a listing ("2x 6CF Infantry Corps"), checked and expanded into its pieces.
    fn units(&self, unit: &Spanned<UnitIn>, listed: &Listed) -> Result<Vec<Draft>, ListingError> {
        let span = unit.span();
        let u = unit.get_ref();
        let troop = matches!(u.kind, Kind::Infantry | Kind::Cavalry);
        if !(1..=MAX_COUNT).contains(&u.count) {
            let message = format!(
                "a listing line counts 1 to {MAX_COUNT} units, not {}",
                u.count
            );
            return Err(self.error(span, Some("count"), message));
        }
        if troop && u.size.is_none() {
            let message = "a troop unit is a Corps or a Division".to_string();
            return Err(self.error(span, Some("size"), message));
        }
        if !troop && u.size.is_some() {
            let message = "only a troop unit has a size".to_string();
            return Err(self.error(span, Some("size"), message));
        }
        if !troop && u.guard {
            let message = "only a troop unit is Guards".to_string();
            return Err(self.error(span, Some("guard"), message));
        }
        let cf_halves = match &u.cf {
            Some(cf) => match cf_halves(cf.get_ref()) {
                Some(halves) if matches!(u.kind, Kind::Wagon | Kind::Magazine) => {
                    let message = format!("a wagon or magazine has no combat factor ({halves})");
                    return Err(self.error(cf.span(), Some("cf"), message));
                }
                Some(halves) => Some(halves),
                None => {
                    let message = format!(
                        "\"{}\" is not a combat factor: a whole number, \"½\" or e.g. \"1½\"",
                        cf.get_ref()
                    );
                    return Err(self.error(cf.span(), Some("cf"), message));
                }
            },
            None if u.kind == Kind::NationalGuard => {
                let message = "the listings give every National Guard unit its CF".to_string();
                return Err(self.error(span, Some("cf"), message));
            }
            None => None,
        };
        let Some(nation) = u.nation.or(listed.nation) else {
            let message = "no nation: give it here or on the place".to_string();
            return Err(self.error(span, Some("nation"), message));
        };
        let piece = Piece {
            name: String::new(),
            kind: u.kind,
            size: u.size,
            cf_halves,
            guard: u.guard,
            minor: u.minor,
            nation,
            formation: listed.formation.map(str::to_string),
            alternative_formation: listed.alternative_formation.map(str::to_string),
            at: listed.at.clone(),
            frozen_until_turn: listed.frozen_until_turn,
            rule: listed.rule.to_string(),
            note: u.note.clone(),
        };
        // A Minor Allied counter is told apart by its nationality, so its name always says it.
        let show_nation = u.minor || listed.usual_nation != Some(nation);
        let base = format!("{} {}", listed.prefix, designation(&piece, show_nation));
        let count = usize::try_from(u.count).unwrap_or(usize::MAX);
        Ok(std::iter::repeat_n(piece, count)
            .map(|piece| Draft {
                base: base.clone(),
                piece,
            })
            .collect())
    }
}

/// What a piece's name says of it: "Cossack Cav Corps", "6CF Guard Inf Corps", "NG ½CF", "Wagon".
fn designation(piece: &Piece, show_nation: bool) -> String {
    let mut words: Vec<String> = Vec::new();
    if show_nation {
        words.push(piece.nation.label().to_string());
    }
    let cf = piece.cf_halves.map(|h| format!("{}CF", cf_text(h)));
    match piece.kind {
        Kind::Infantry | Kind::Cavalry => {
            words.extend(cf);
            if piece.guard {
                words.push("Guard".to_string());
            }
            let arm = if piece.kind == Kind::Infantry {
                "Inf"
            } else {
                "Cav"
            };
            words.push(arm.to_string());
            match piece.size {
                Some(Size::Corps) => words.push("Corps".to_string()),
                Some(Size::Division) => words.push("Div".to_string()),
                None => {}
            }
        }
        Kind::NationalGuard => {
            words.push("NG".to_string());
            words.extend(cf);
        }
        Kind::Wagon => words.push("Wagon".to_string()),
        Kind::Magazine => words.push("Magazine".to_string()),
    }
    words.join(" ")
}

/// Gives each draft its final name, numbering those that share one in listed order.
fn name_pieces(drafts: Vec<Draft>) -> Vec<Piece> {
    let mut totals: HashMap<String, usize> = HashMap::new();
    for draft in &drafts {
        *totals.entry(draft.base.clone()).or_default() += 1;
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    drafts
        .into_iter()
        .map(|draft| {
            let total = totals.get(&draft.base).copied().unwrap_or(1);
            let name = if total > 1 {
                let number = seen.entry(draft.base.clone()).or_default();
                *number += 1;
                format!("{} {number}", draft.base)
            } else {
                draft.base
            };
            Piece {
                name,
                ..draft.piece
            }
        })
        .collect()
}

/// A name two pieces share, if any.
fn first_twin(pieces: &[Piece]) -> Option<String> {
    let mut names = std::collections::HashSet::new();
    pieces
        .iter()
        .find(|p| !names.insert(p.name.as_str()))
        .map(|p| p.name.clone())
}

/// The name a location gives the pieces in no Formation there: "Milan", "Vienna", "Force Pool",
/// "Paris or Laon".
fn location_label(at: &Location, choices: &[Choice]) -> String {
    match at {
        Location::Area(area) => short_area(area).to_string(),
        Location::Chosen(id) => {
            let options: Vec<&str> = choices
                .iter()
                .find(|c| &c.id == id)
                .map(|c| c.options.iter().map(|o| short_area(o)).collect())
                .unwrap_or_default();
            match options.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("{} or {last}", rest.join(", "))
                }
                _ => options.join(""),
            }
        }
        Location::OffBoard { name, .. } => name.strip_suffix(" Box").unwrap_or(name).to_string(),
        Location::Pool(pool_box) => pool_box.label(),
        Location::Garrison => "Garrison".to_string(),
    }
}

/// An area's name without its map code: "Paris (G5)" is "Paris".
fn short_area(area: &str) -> &str {
    match area.rfind(" (") {
        Some(at) if area.ends_with(')') => area.get(..at).unwrap_or(area),
        _ => area,
    }
}

/// A printed combat factor in half points: "½" is 1, "4" is 8, "1½" is 3. None for anything else,
/// zero included.
pub(crate) fn cf_halves(text: &str) -> Option<u32> {
    let (whole, half) = match text.strip_suffix('½') {
        Some(whole) => (whole, 1),
        None => (text, 0),
    };
    let whole: u32 = if whole.is_empty() && half == 1 {
        0
    } else if whole.chars().all(|c| c.is_ascii_digit()) {
        whole.parse().ok()?
    } else {
        return None;
    };
    Some(whole.checked_mul(2)?.checked_add(half)?).filter(|halves| *halves > 0)
}

/// A combat factor in half points as printed: 1 is "½", 3 is "1½", 8 is "4".
fn cf_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, _) => "½".to_string(),
        (whole, 0) => whole.to_string(),
        (whole, _) => format!("{whole}½"),
    }
}

/// The 1-based line of a byte offset.
fn line_at(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(1, |before| before.matches('\n').count() + 1)
}

/// The key whose value starts at `offset` (`count = "two"` gives "count"), for messages.
fn key_before(text: &str, offset: usize) -> Option<String> {
    let before = text.get(..offset)?.trim_end();
    let before = before.strip_suffix('=')?.trim_end();
    let key: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    (!key.is_empty()).then_some(key)
}

#[cfg(test)]
mod tests;
