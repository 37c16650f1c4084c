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
const BASIC_27_2_TEXT: &str = include_str!("../../../../scenarios/beyond-waterloo/basic-27-2.toml");

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
            self.place(place, home, choices, &mut drafts)?;
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

    /// Units in no Formation, added to `drafts`.
    fn place(
        &self,
        place: &Spanned<PlaceIn>,
        home: Option<Nation>,
        choices: &[Choice],
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
        let prefix = match &p.label {
            Some(label) => label.clone(),
            None => location_label(&at, choices),
        };
        let nation = p.nation.or(home);
        let listed = Listed {
            prefix: &prefix,
            formation: None,
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
fn cf_halves(text: &str) -> Option<u32> {
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
mod tests {
    use super::*;

    fn listing() -> ScenarioListing {
        basic_27_2().unwrap_or_else(|e| panic!("{e}"))
    }

    fn french() -> SideListing {
        listing().side(Side::French).unwrap().clone()
    }

    fn allied() -> SideListing {
        listing().side(Side::Allied).unwrap().clone()
    }

    fn names(pieces: &[&Piece]) -> Vec<String> {
        pieces.iter().map(|p| p.name.clone()).collect()
    }

    fn in_box(side: &SideListing, pool_box: PoolBox) -> Vec<&Piece> {
        side.pieces
            .iter()
            .filter(|p| p.at == Location::Pool(pool_box))
            .collect()
    }

    fn count(pieces: &[&Piece], kind: Kind, size: Option<Size>, cf: Option<u32>) -> usize {
        pieces
            .iter()
            .filter(|p| p.kind == kind && p.size == size && p.cf_halves == cf)
            .count()
    }

    #[test]
    fn the_formations_are_those_the_addendum_counts() {
        // Addendum §2.4 (27.2 opening maintenance count): 10 French and 11 Allied Formations,
        // printed at L2266-2284 and L2312-2382.
        let listing = listing();
        let french: Vec<&str> = listing
            .side(Side::French)
            .unwrap()
            .formations
            .iter()
            .map(|f| f.name.as_str())
            .collect();
        assert_eq!(
            french,
            [
                "Armée du Nord",
                "Left Wing",
                "Right Wing",
                "Armée du Rhin",
                "Armée du Jura",
                "Armée des Alpes",
                "Armée du Var",
                "Armée des Pyrénées Orientale",
                "Armée des Pyrénées Occidentale",
                "Armée de l'Ouest",
            ]
        );
        let allied: Vec<&str> = listing
            .side(Side::Allied)
            .unwrap()
            .formations
            .iter()
            .map(|f| f.name.as_str())
            .collect();
        assert_eq!(
            allied,
            [
                "Spanish Army",
                "Allied Troops 1 Army",
                "Army of the Rhine",
                "Army of Italy",
                "Army of Lower Italy",
                "Army of the Lower Rhine",
                "Army of North Germany",
                "Anglo-Dutch-Belgian Formation",
                "Army of the West",
                "Army of Poland",
                "Reserve Formation",
            ]
        );
        let leaders: Vec<&str> = listing
            .side(Side::Allied)
            .unwrap()
            .formations
            .iter()
            .map(|f| f.leader.as_str())
            .collect();
        assert_eq!(
            leaders,
            [
                "Castaños",
                "Bachmann",
                "Schwarzenberg",
                "Frimont",
                "Bianchi",
                "Blücher",
                "Kleist",
                "Wellington",
                "Barclay",
                "Winzingerode",
                "Doctorov",
            ]
        );
        // Every Formation holds units (the count of §11.1.2 is of boxes with Troop units).
        for side in &listing.sides {
            for f in &side.formations {
                assert!(side.pieces_of(&f.name).count() >= 2, "{}", f.name);
            }
        }
    }

    #[test]
    fn resource_and_victory_points_and_morale() {
        // 27.2.1: RP 85, VP 10, morale 3 (L2258-2262); 27.2.2: RP 195, VP 10, morale 3
        // (L2304-2308). Davout is the French War Minister (L2288).
        let f = french();
        assert_eq!((f.rp, f.vp, f.morale), (85, 10, 3));
        assert_eq!(f.war_minister.as_deref(), Some("Davout"));
        let a = allied();
        assert_eq!((a.rp, a.vp, a.morale), (195, 10, 3));
        assert_eq!(a.war_minister, None);
    }

    #[test]
    fn the_garrisons_are_eleven_national_guard_units_for_eleven_fortresses() {
        // L2286: 5x 1CF and 6x ½CF National Guard, one to each of 11 Fortress areas.
        let garrison = french().garrison.unwrap();
        assert_eq!(garrison.sites.len(), 11);
        assert_eq!(garrison.sites[0], "Bayonne (D12)");
        assert_eq!(garrison.sites[10], "Lille");
        let ng: Vec<&Piece> = garrison.pieces.iter().collect();
        assert_eq!(count(&ng, Kind::NationalGuard, None, Some(2)), 5);
        assert_eq!(count(&ng, Kind::NationalGuard, None, Some(1)), 6);
        assert!(ng.iter().all(|p| p.at == Location::Garrison));
        assert_eq!(garrison.pieces[0].name, "Garrison NG 1CF 1");
        assert_eq!(garrison.pieces[10].name, "Garrison NG ½CF 6");
        // 11 units, 16 half points: 5 x 1 CF + 6 x ½ CF = 8 CF.
        let total: u32 = garrison.pieces.iter().filter_map(|p| p.cf_halves).sum();
        assert_eq!(total, 16);
    }

    #[test]
    fn the_default_garrison_puts_the_1cf_units_in_the_first_five_fortresses() {
        // L2286: the player's choice; the default gives the 1CF units to the first five sites.
        let garrison = french().garrison.unwrap();
        let posts = garrison.default_assignment();
        assert_eq!(posts.len(), 11);
        let placed = garrison.assign(&posts).unwrap();
        assert_eq!(placed.len(), 11);
        for (index, piece) in placed.iter().enumerate() {
            assert_eq!(piece.at, Location::Area(garrison.sites[index].clone()));
            let expected = if index < 5 { 2 } else { 1 };
            assert_eq!(piece.cf_halves, Some(expected), "{}", piece.name);
        }
        assert_eq!(placed[4].at, Location::Area("Lyons (I8)".to_string()));
        assert_eq!(placed[5].at, Location::Area("Besançon".to_string()));
    }

    #[test]
    fn a_garrison_with_a_site_twice_or_a_unit_left_out_is_refused() {
        // L2286: "one to an area".
        let garrison = french().garrison.unwrap();
        let mut posts = garrison.default_assignment();
        // Lille's unit goes to Metz as well: Metz twice, Lille empty.
        posts[10].site = "Metz".to_string();
        let message = garrison.assign(&posts).unwrap_err();
        assert!(message.contains("Metz is given two units"), "{message}");
        assert!(message.contains("Lille has no unit"), "{message}");
        assert!(message.contains("L2286"), "{message}");

        let mut posts = garrison.default_assignment();
        let left_out = posts.pop().unwrap();
        let message = garrison.assign(&posts).unwrap_err();
        assert!(
            message.contains(&format!("{} is not placed", left_out.piece)),
            "{message}"
        );

        let mut posts = garrison.default_assignment();
        posts[0].piece = posts[1].piece.clone();
        let message = garrison.assign(&posts).unwrap_err();
        assert!(message.contains("is placed twice"), "{message}");

        let mut posts = garrison.default_assignment();
        posts[0].site = "Paris (G5)".to_string();
        let message = garrison.assign(&posts).unwrap_err();
        assert!(
            message.contains("Paris (G5) is not one of the Fortress areas"),
            "{message}"
        );
    }

    #[test]
    fn the_french_boxes_hold_what_the_text_lists() {
        let f = french();
        // Divisions Pool, L2290: 5x 2CF, 4x 1CF Infantry Divisions, 2x Cavalry Divisions.
        let divisions = in_box(&f, PoolBox::DivisionsPool);
        assert_eq!(divisions.len(), 11);
        assert_eq!(
            count(&divisions, Kind::Infantry, Some(Size::Division), Some(4)),
            5
        );
        assert_eq!(
            count(&divisions, Kind::Infantry, Some(Size::Division), Some(2)),
            4
        );
        assert_eq!(
            count(&divisions, Kind::Cavalry, Some(Size::Division), None),
            2
        );
        // Training Stage 1, L2292: a 5CF and a 3CF Infantry Corps and a 1CF Infantry Division.
        let stage_1 = in_box(&f, PoolBox::Training(1));
        assert_eq!(
            names(&stage_1),
            [
                "Stage 1 5CF Inf Corps",
                "Stage 1 3CF Inf Corps",
                "Stage 1 1CF Inf Div"
            ]
        );
        // Force Pool, L2294-2296: 1 + 2 Corps, 2 + 2 Divisions, 2 NG, 1 Wagon.
        let force = in_box(&f, PoolBox::ForcePool);
        assert_eq!(force.len(), 10);
        assert_eq!(count(&force, Kind::Infantry, Some(Size::Corps), Some(6)), 2);
        assert_eq!(count(&force, Kind::Cavalry, Some(Size::Division), None), 2);
        assert_eq!(count(&force, Kind::Wagon, None, None), 1);
        // Eliminated, L2298: 2x 5CF, 1x 4CF, 2x 3CF Corps, 1x Cavalry Corps, 1x 1CF, 1x ½CF NG.
        let eliminated = in_box(&f, PoolBox::Eliminated);
        assert_eq!(
            names(&eliminated),
            [
                "Eliminated 5CF Inf Corps 1",
                "Eliminated 5CF Inf Corps 2",
                "Eliminated 4CF Inf Corps",
                "Eliminated 3CF Inf Corps 1",
                "Eliminated 3CF Inf Corps 2",
                "Eliminated Cav Corps",
                "Eliminated NG 1CF",
                "Eliminated NG ½CF",
            ]
        );
        // Leader Pool, L2300: six names.
        let leaders: Vec<&str> = f.leader_pool.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(
            leaders,
            [
                "Gérard", "Jourdan", "Lefebvre", "Massena", "Préval", "Soult"
            ]
        );
        assert!(f.leader_pool.iter().all(|l| l.nation == Nation::French));
    }

    #[test]
    fn the_allied_pools_are_one_box_of_each_type_for_every_nation() {
        // L2174: one pool of each type. Leader Pool 2 + 2 + 3 + 2 (L2340, L2358, L2372, L2388).
        let a = allied();
        let leaders: Vec<(&str, Nation)> = a
            .leader_pool
            .iter()
            .map(|l| (l.name.as_str(), l.nation))
            .collect();
        assert_eq!(leaders.len(), 9);
        assert_eq!(leaders[0], ("Charles", Nation::Austrian));
        assert_eq!(leaders[6], ("Orange", Nation::British));
        assert_eq!(leaders[8], ("Rayevsky", Nation::Russian));
        // Divisions Pool: Spanish 2 (L2314), Austrian 3 + Minor 2 (L2336), Prussian 4 (L2354),
        // British 4 (L2368), Russian 5 (L2384).
        let divisions = in_box(&a, PoolBox::DivisionsPool);
        assert_eq!(divisions.len(), 20);
        let of = |nation| divisions.iter().filter(|p| p.nation == nation).count();
        assert_eq!(
            [
                of(Nation::Spanish),
                of(Nation::Austrian),
                of(Nation::Minor),
                of(Nation::Prussian),
                of(Nation::British),
                of(Nation::Russian)
            ],
            [2, 3, 2, 4, 4, 5]
        );
        assert!(
            divisions
                .iter()
                .filter(|p| p.nation == Nation::Minor)
                .all(|p| p.minor)
        );
        // The Prussian Divisions Pool lists "4x Infantry Divisions" with no CF (L2354).
        assert!(
            divisions
                .iter()
                .filter(|p| p.nation == Nation::Prussian)
                .all(|p| p.cf_halves.is_none())
        );
        assert_eq!(divisions[0].name, "Divisions Pool Spanish 1CF Inf Div 1");
        // Force Pool wagons: Spanish 3, Austrian 2, Prussian 1, British 1, Russian 1.
        let force = in_box(&a, PoolBox::ForcePool);
        assert_eq!(count(&force, Kind::Wagon, None, None), 8);
        assert_eq!(force.len(), 12);
        // "1x 5-Infantry Corps" (L2338) is read as a 5CF Infantry Corps, with a note.
        let five = a.piece("Force Pool Austrian 5CF Inf Corps").unwrap();
        assert!(five.note.as_deref().unwrap().contains("5-Infantry"));
    }

    #[test]
    fn the_armee_du_nord_holds_the_guard_and_the_4cf_corps_only() {
        // Setting S19 (L2266): the parenthesis closes after the 4CF Corps, so the 1CF Infantry
        // Division, the National Guard and the Wagon are un-brigaded in the same area.
        let listing = listing();
        let f = listing.side(Side::French).unwrap();
        let nord = f.formation("Armée du Nord").unwrap();
        assert_eq!(nord.leader, "Napoleon");
        assert_eq!(nord.at, Location::Chosen("armee-du-nord-area".to_string()));
        let members: Vec<&Piece> = f.pieces_of("Armée du Nord").collect();
        assert_eq!(
            names(&members),
            [
                "Armée du Nord Guard Inf Div 1",
                "Armée du Nord Guard Inf Div 2",
                "Armée du Nord Guard Cav Div",
                "Armée du Nord 4CF Inf Corps",
            ]
        );
        assert_eq!(members.iter().filter(|p| p.guard).count(), 3);
        assert!(
            members
                .iter()
                .filter(|p| p.guard)
                .all(|p| p.cf_halves.is_none())
        );
        let unbrigaded: Vec<&Piece> = f.unbrigaded_at(&nord.at).collect();
        assert_eq!(
            names(&unbrigaded),
            [
                "Paris or Laon 1CF Inf Div",
                "Paris or Laon NG 1CF",
                "Paris or Laon Wagon"
            ]
        );
        let choice = listing.choice("armee-du-nord-area").unwrap();
        assert_eq!(choice.default_option(), Some("Paris (G5)"));
        assert_eq!(choice.options, ["Paris (G5)", "Laon (H3)"]);
    }

    #[test]
    fn the_three_choices_of_the_addendum() {
        // Addendum §4: Paris or Laon (L2266), Basque Country or Catalonia (L2312), Ciney, Eifel
        // or Marche (L2348); the first option is the default.
        let listing = listing();
        let defaults: Vec<(&str, Option<&str>)> = listing
            .choices
            .iter()
            .map(|c| (c.id.as_str(), c.default_option()))
            .collect();
        assert_eq!(
            defaults,
            [
                ("armee-du-nord-area", Some("Paris (G5)")),
                ("spanish-army-area", Some("Basque Country (C12)")),
                ("north-germany-area", Some("Ciney (P7)")),
            ]
        );
        assert_eq!(
            listing.choice("north-germany-area").unwrap().options.len(),
            3
        );
        let a = listing.side(Side::Allied).unwrap();
        assert_eq!(
            a.formation("Army of North Germany").unwrap().at,
            Location::Chosen("north-germany-area".to_string())
        );
    }

    #[test]
    fn the_spanish_may_not_move_until_the_july_turn() {
        // L2310: "may not move until July 1815 turn"; June is Turn 4 (L2252), so July is Turn 5.
        let a = allied();
        assert_eq!(
            a.formation("Spanish Army").unwrap().frozen_until_turn,
            Some(5)
        );
        let spanish: Vec<&Piece> = a
            .pieces
            .iter()
            .filter(|p| p.nation == Nation::Spanish)
            .collect();
        assert_eq!(spanish.len(), 6 + 2 + 3);
        assert!(spanish.iter().all(|p| p.frozen_until_turn == Some(5)));
        let others = a.pieces.iter().filter(|p| p.nation != Nation::Spanish);
        assert!(others.into_iter().all(|p| p.frozen_until_turn.is_none()));
        assert!(
            a.formations
                .iter()
                .filter(|f| f.name != "Spanish Army")
                .all(|f| f.frozen_until_turn.is_none())
        );
    }

    #[test]
    fn names_are_unique_within_a_side_and_read_as_the_listing() {
        let listing = listing();
        for side in &listing.sides {
            let mut seen = std::collections::HashSet::new();
            for piece in side.all_pieces() {
                assert!(
                    seen.insert(piece.name.clone()),
                    "{:?}: {} twice",
                    side.side,
                    piece.name
                );
            }
        }
        let f = listing.side(Side::French).unwrap();
        for name in [
            "Left Wing 6CF Inf Corps 1",
            "Left Wing 6CF Inf Corps 2",
            "Left Wing Cav Corps 3",
            "Armée du Rhin NG ½CF",
            "Force Pool 3CF Inf Corps 2",
            "Divisions Pool 1CF Inf Div 4",
            "Divisions Pool Cav Div 2",
        ] {
            assert!(f.piece(name).is_some(), "{name}");
        }
        let a = listing.side(Side::Allied).unwrap();
        for name in [
            "Army of the West Cossack Cav Corps",
            "Army of the West 6CF Inf Corps 5",
            "Army of the Rhine Württemberg Inf Corps",
            "Allied Troops 1 Army Swiss Inf Corps 2",
            "Anglo-Dutch-Belgian Formation 5CF Guard Inf Corps",
            "Anglo-Dutch-Belgian Formation KGL Cav Div",
            "Reserve Formation 8CF Guard Inf Corps",
            "Vienna 5CF Inf Corps",
            "Prussia 4CF Inf Corps 2",
            "Army of North Germany Hesse Inf Div",
            "Mayence Inf Div",
            "Namur Magazine",
            "Force Pool Spanish Wagon 3",
        ] {
            assert!(a.piece(name).is_some(), "{name}");
        }
    }

    #[test]
    fn units_listed_by_type_have_no_cf() {
        // L2178: a unit listed by type is drawn at random; its CF is not in the listing.
        // By hand from the text: French 3 Guards (L2266), 3 + 1 + 1 + 1 Cav (L2268-2276),
        // 2 + 2 Cav Divisions (L2290, L2296), 1 Cav Corps (L2298): 14.
        // Allied: 2 Swiss, 3 minor + 2 Cav (L2322), 1 + 1 (L2326), 1 (L2328), 2 Minor Divisions
        // (L2336), 1 Cav (L2338), 1 Saxon + 2 Cav (L2346), 2 (L2348), 1 (L2352), 4 (L2354),
        // 6 (L2364), 3 (L2378), 1 (L2380), 1 (L2386): 34.
        let by_type = |side: &SideListing| {
            side.pieces
                .iter()
                .filter(|p| {
                    matches!(p.kind, Kind::Infantry | Kind::Cavalry) && p.cf_halves.is_none()
                })
                .count()
        };
        assert_eq!(by_type(&french()), 14);
        assert_eq!(by_type(&allied()), 34);
        for side in &listing().sides {
            for piece in side.all_pieces() {
                match piece.kind {
                    Kind::Wagon | Kind::Magazine => assert_eq!(piece.cf_halves, None),
                    Kind::NationalGuard => assert!(piece.cf_halves.is_some()),
                    Kind::Infantry | Kind::Cavalry => {}
                }
                assert_eq!(
                    piece.name.contains("CF"),
                    piece.cf_halves.is_some(),
                    "{}",
                    piece.name
                );
            }
        }
        // Ney's "3x Cavalry Corps" (L2268).
        let f = french();
        let left_wing: Vec<&Piece> = f.pieces_of("Left Wing").collect();
        assert_eq!(count(&left_wing, Kind::Cavalry, Some(Size::Corps), None), 3);
    }

    #[test]
    fn a_malformed_count_names_the_file_line_and_field() {
        let text = "[[side]]\nside = \"french\"\nrule = \"test\"\nrp = 1\nvp = 1\nmorale = 3\n\n\
                    [[side.place]]\npool = \"force-pool\"\nrule = \"test\"\nunits = [\n  \
                    { count = 1, kind = \"wagon\" },\n  { count = \"two\", kind = \"wagon\" },\n]\n";
        assert_eq!(
            text.lines().nth(12),
            Some("  { count = \"two\", kind = \"wagon\" },")
        );
        let error = parse("bad.toml", text).unwrap_err();
        assert_eq!(error.file, "bad.toml");
        assert_eq!(error.line, Some(13));
        assert_eq!(error.field.as_deref(), Some("count"));
        let shown = error.to_string();
        assert!(
            shown.starts_with("bad.toml:13: `count`: invalid type"),
            "{shown}"
        );
    }

    #[test]
    fn a_bad_value_the_parser_accepts_is_refused_with_its_line() {
        let head = "[[choice]]\nid = \"a\"\noptions = [\"X (A1)\", \"Y (B2)\"]\nrule = \"t\"\n\n\
                    [[side]]\nside = \"allied\"\nrule = \"t\"\nrp = 1\nvp = 1\nmorale = 3\n\n";
        // An unknown choice id, on line 14.
        let text = format!(
            "{head}[[side.place]]\nchoice = \"b\"\nnation = \"prussian\"\nrule = \"t\"\nunits = [{{ count = 1, kind = \"wagon\" }}]\n"
        );
        let error = parse("bad.toml", &text).unwrap_err();
        assert_eq!(
            (error.line, error.field.as_deref()),
            (Some(14), Some("choice"))
        );
        // A CF that is not one, on line 18.
        let text = format!(
            "{head}[[side.place]]\nchoice = \"a\"\nnation = \"prussian\"\nrule = \"t\"\nunits = [\n{{ count = 1, cf = \"x\", kind = \"infantry\", size = \"corps\" }},\n]\n"
        );
        let error = parse("bad.toml", &text).unwrap_err();
        assert_eq!((error.line, error.field.as_deref()), (Some(18), Some("cf")));
        // An Allied unit with no nation anywhere.
        let text = format!(
            "{head}[[side.place]]\npool = \"force-pool\"\nrule = \"t\"\nunits = [{{ count = 1, kind = \"wagon\" }}]\n"
        );
        let error = parse("bad.toml", &text).unwrap_err();
        assert_eq!(
            (error.line, error.field.as_deref()),
            (Some(16), Some("nation"))
        );
        // A count of none, on line 16.
        let text = format!(
            "{head}[[side.place]]\nchoice = \"a\"\nnation = \"prussian\"\nunits = [{{ count = 0, kind = \"wagon\" }}]\nrule = \"t\"\n"
        );
        let error = parse("bad.toml", &text).unwrap_err();
        assert_eq!(
            (error.line, error.field.as_deref()),
            (Some(16), Some("count"))
        );
        // A garrison of 2 units for 3 sites, its header on line 13.
        let text = format!(
            "{head}[side.garrison]\nsites = [\"A\", \"B\", \"C\"]\nnation = \"prussian\"\nrule = \"t\"\nunits = [{{ count = 2, cf = \"1\", kind = \"national-guard\" }}]\n"
        );
        let error = parse("bad.toml", &text).unwrap_err();
        assert_eq!(
            (error.line, error.field.as_deref()),
            (Some(13), Some("units"))
        );
        assert!(error.message.contains("2 units for 3 sites"), "{error}");
        // The place's own label names its pieces.
        let text = format!(
            "{head}[[side.place]]\nchoice = \"a\"\nlabel = \"Here\"\nnation = \"prussian\"\nrule = \"t\"\nunits = [{{ count = 2, kind = \"wagon\" }}]\n"
        );
        let side = parse("ok.toml", &text).unwrap().sides[0].clone();
        assert_eq!(side.pieces[1].name, "Here Wagon 2");
    }

    #[test]
    fn combat_factors_are_read_in_half_points() {
        assert_eq!(cf_halves("½"), Some(1));
        assert_eq!(cf_halves("1"), Some(2));
        assert_eq!(cf_halves("1½"), Some(3));
        assert_eq!(cf_halves("8"), Some(16));
        assert_eq!(cf_halves("0"), None);
        assert_eq!(cf_halves(""), None);
        assert_eq!(cf_halves("-1"), None);
        assert_eq!(cf_halves("five"), None);
        assert_eq!([cf_text(1), cf_text(3), cf_text(8)], ["½", "1½", "4"]);
    }
}
