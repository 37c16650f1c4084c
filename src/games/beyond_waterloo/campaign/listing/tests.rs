//! The 27.2 listing against the printed set-up (L2250-2388), each test citing its lines.
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
    // The setting's other reading puts the same three in the Armée du Nord.
    assert!(
        unbrigaded
            .iter()
            .all(|p| p.alternative_formation.as_deref() == Some("Armée du Nord"))
    );
    assert!(
        f.all_pieces()
            .filter(|p| p.alternative_formation.is_some())
            .count()
            == 3
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
            .filter(|p| matches!(p.kind, Kind::Infantry | Kind::Cavalry) && p.cf_halves.is_none())
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
    // The Formation another reading puts a place's units in must be listed, where they stand.
    let formation = "[[side.formation]]\nname = \"Army\"\nleader = \"L\"\nnation = \"prussian\"\nchoice = \"a\"\nrule = \"t\"\nunits = []\n\n";
    let place = |alternative: &str, choice: &str| {
        format!(
            "{head}{formation}[[side.place]]\nchoice = \"{choice}\"\nalternative_formation = \"{alternative}\"\nnation = \"prussian\"\nrule = \"t\"\nunits = [{{ count = 1, kind = \"wagon\" }}]\n"
        )
    };
    let side = parse("ok.toml", &place("Army", "a")).unwrap().sides[0].clone();
    assert_eq!(
        side.pieces[0].alternative_formation.as_deref(),
        Some("Army")
    );
    assert_eq!(side.pieces[0].formation, None);
    let error = parse("bad.toml", &place("Navy", "a")).unwrap_err();
    assert_eq!(
        (error.line, error.field.as_deref()),
        (Some(23), Some("alternative_formation"))
    );
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
