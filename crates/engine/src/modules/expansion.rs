//! The layout constraints of the 2023 expansion sheets (collector expansions §2.2, §3.2, §5.2,
//! §4.2, §6.2, §7.2, §9.2):
//! what the rules text and the sheet's plan cards imply about a layout whose picture is not
//! known. The shipped stand-ins meet them, and so must a layout a table enters; a layout that
//! breaks one is refused with the constraint's name.

use crate::edition::{SheetLayout, Side};
use crate::modules::module::Module;

/// Checks `layout` against the constraints of its expansion.
pub fn check(layout: &SheetLayout, module: Module) -> Result<(), String> {
    if !layout.has(module) {
        return Err(format!(
            "the {module:?} expansion sheet must switch on the {module:?} rules"
        ));
    }
    match module {
        Module::Roundabouts => Err("roundabouts are a variant, not an expansion sheet".into()),
        Module::Easter => easter(layout),
        Module::IceCream => ice_cream(layout),
        Module::Christmas => Ok(()),
        Module::Atomic => atomic(layout),
        Module::Halloween => halloween(layout),
        Module::Roswell => roswell(layout),
        Module::CoinCoin => coin_coin(layout),
        Module::AmericanDream => american_dream(layout),
        Module::Zombies => zombies(layout),
    }
}

/// Zombies (§8.2): a horde at each street end whose arrows move inward to houses of its
/// street, enough unbarricaded houses for plans ZO-C2 and ZO-C5, enough ammo boxes for
/// ZO-C4, and three Zombie cards.
fn zombies(layout: &SheetLayout) -> Result<(), String> {
    let Some(v) = &layout.zombies else {
        return Err("a Zombies sheet needs its zombies values".into());
    };
    let streets = layout.streets.len();
    if v.hordes.len() != 2 * streets {
        return Err(format!(
            "ZOM-L1: {} hordes for {streets} streets; one stands at each street end",
            v.hordes.len()
        ));
    }
    let mut seen = 0u16;
    for h in &v.hordes {
        let Some(st) = layout.streets.get(h.street.wrapping_sub(1) as usize) else {
            return Err(format!(
                "ZOM-L1: a horde stands in street {}, which the sheet lacks",
                h.street
            ));
        };
        let i = crate::modules::zombies::values::index(h.street - 1, h.side);
        if seen >> i & 1 == 1 {
            return Err(format!(
                "ZOM-L1: street {} has two hordes at one end",
                h.street
            ));
        }
        seen |= 1 << i;
        if h.arrivals.is_empty() || h.arrivals.len() > 15 {
            return Err(format!(
                "ZOM-L1: the {:?} horde of street {} needs 1 to 15 arrows",
                h.side, h.street
            ));
        }
        if h.arrivals.iter().any(|&a| a == 0 || a > st.houses) {
            return Err(format!(
                "ZOM-L1: an arrow of the {:?} horde of street {} ends off the street",
                h.side, h.street
            ));
        }
        let inward = match h.side {
            Side::Left => h.arrivals.windows(2).all(|w| w[0] < w[1]),
            Side::Right => h.arrivals.windows(2).all(|w| w[0] > w[1]),
        };
        if !inward {
            return Err(format!(
                "ZOM-L1: the arrows of the {:?} horde of street {} must move inward, one house further each",
                h.side, h.street
            ));
        }
    }
    let open: usize = layout.streets.iter().map(|st| st.unbarricaded.len()).sum();
    if open < 5 {
        return Err(format!(
            "ZOM-L2: the sheet has {open} unbarricaded houses; plans ZO-C2 and ZO-C5 need at least 5"
        ));
    }
    let boxes = v.ammo_boxes.len() as u8;
    if v.ammo_start + boxes < 4 || v.ammo_stock < v.ammo_start + boxes {
        return Err(format!(
            "ZOM-L3: {} ammo at the start and {boxes} ammo boxes with a stock of {}: plan ZO-C4 needs 4 ammo in all, and the stock holds them all",
            v.ammo_start, v.ammo_stock
        ));
    }
    for &[size, b] in &v.ammo_boxes {
        let fits = layout
            .real_estate
            .get((size as usize).wrapping_sub(1))
            .is_some_and(|t| (1..=t.boxes()).contains(&b));
        if !fits {
            return Err(format!(
                "ZOM-L3: ammo box [{size}, {b}] is not a box of the improvement columns"
            ));
        }
    }
    if v.cards.len() != 3 {
        return Err(format!(
            "ZOM-L4: {} Zombie cards; the game has 3",
            v.cards.len()
        ));
    }
    if v.packet == 0 {
        return Err("ZOM-L4: pile 1's packets hold at least one construction card".into());
    }
    Ok(())
}

/// American Dream (§10.2): five streets whose houses form columns, each of a family, with
/// the four colours the plans name, a 3 × 3 block and three refusal boxes.
fn american_dream(layout: &SheetLayout) -> Result<(), String> {
    use crate::card::Effect;
    let Some(values) = &layout.american_dream else {
        return Err("an American Dream sheet needs its american_dream values".into());
    };
    if layout.streets.len() != 5 {
        return Err(format!(
            "ADR-L1: the sheet has {} streets; American Dream has 5",
            layout.streets.len()
        ));
    }
    for (i, st) in layout.streets.iter().enumerate() {
        if st.families.len() != st.houses as usize {
            return Err(format!(
                "ADR-L1: street {} has {} houses but {} families",
                i + 1,
                st.houses,
                st.families.len()
            ));
        }
    }
    let columns = layout.streets.iter().map(|s| s.houses).max().unwrap_or(0);
    if columns < 4 {
        return Err(format!(
            "ADR-L2: the sheet has {columns} columns; plan AD-B2 needs at least 4"
        ));
    }
    for colour in ["green", "red", "blue", "orange"] {
        let Some(c) = values.colours.iter().find(|c| c.colour == colour) else {
            return Err(format!("ADR-L3: no family is printed {colour}"));
        };
        if !layout
            .streets
            .iter()
            .any(|s| s.families.contains(&c.family))
        {
            return Err(format!("ADR-L3: no house is {colour}"));
        }
    }
    let mut families: Vec<Effect> = values.colours.iter().map(|c| c.family).collect();
    families.sort_unstable();
    if families.windows(2).any(|w| w[0] == w[1]) {
        return Err("ADR-L3: a family is given two colours".into());
    }
    let block = (0..3).any(|s0| {
        let width = layout.streets[s0..s0 + 3]
            .iter()
            .map(|s| s.houses)
            .min()
            .unwrap_or(0);
        width >= 3
    });
    if !block {
        return Err("ADR-L4: no 3 × 3 block of houses (plan AD-C3)".into());
    }
    if layout.refusals.boxes() != 3 {
        return Err(format!(
            "ADR-L5: the refusal track has {} boxes, not 3",
            layout.refusals.boxes()
        ));
    }
    if layout.advanced {
        return Err(
            "American Dream is never played with the Advanced variant (\"advanced\": false)".into(),
        );
    }
    Ok(())
}

fn easter(layout: &SheetLayout) -> Result<(), String> {
    let all = || layout.streets.iter().flat_map(|s| s.eggs.iter());
    if all().any(|e| !(1..=2).contains(&e.eggs) || e.colour.trim().is_empty()) {
        return Err("EGG-L1: every egg house shows 1 or 2 eggs of one colour".into());
    }
    for colour in ["orange", "pink"] {
        if !all().any(|e| e.colour == colour) {
            return Err(format!(
                "EGG-L2: the sheet needs {colour} eggs (plan EG-C3 asks for every orange and pink egg)"
            ));
        }
    }
    for (i, s) in layout.streets.iter().enumerate() {
        let mut colours: Vec<&str> = s.eggs.iter().map(|e| e.colour.as_str()).collect();
        colours.sort_unstable();
        colours.dedup();
        if colours.len() < 3 {
            return Err(format!(
                "EGG-L3: street {} has eggs of {} colours; plan EG-C4 needs 3 in every street",
                i + 1,
                colours.len()
            ));
        }
    }
    if layout.streets.get(2).is_none_or(|s| s.eggs.is_empty()) {
        return Err("EGG-L4: street 3 needs an egg house (plan EG-C5)".into());
    }
    let eggs: u32 = all().map(|e| u32::from(e.eggs)).sum();
    if eggs < 18 {
        return Err(format!(
            "EGG-L5: the sheet holds {eggs} eggs; 18 are needed to reach the last egg threshold"
        ));
    }
    Ok(())
}

/// The truck directions are printed rules (FR2 1076): S1 and S3 drive left to right (parked at
/// the left end), S2 right to left.
const TRUCKS: [Side; 3] = [Side::Left, Side::Right, Side::Left];

fn ice_cream(layout: &SheetLayout) -> Result<(), String> {
    let mut three = 0;
    let mut pool_cones = 0;
    if layout.streets.len() != TRUCKS.len() {
        return Err("ICE-L3: the Ice Cream sheet has three streets, one truck each".into());
    }
    for (i, (s, side)) in layout.streets.iter().zip(TRUCKS).enumerate() {
        let n = i + 1;
        if s.cones.iter().any(|c| !(1..=3).contains(&c.scoops)) {
            return Err(format!(
                "ICE-L1: street {n} has a cone of other than 1, 2 or 3 scoops"
            ));
        }
        let mut houses: Vec<u8> = s.cones.iter().map(|c| c.house).collect();
        houses.sort_unstable();
        if houses.windows(2).any(|w| w[0] == w[1]) {
            return Err(format!("ICE-L1: street {n} has two cones on one house"));
        }
        if s.cones.is_empty() {
            return Err(format!(
                "ICE-L2: street {n} has no cone, so its route has no end"
            ));
        }
        if s.trucks != [side] {
            return Err(format!(
                "ICE-L3: street {n}'s truck is parked at its {} end (the rules print S1 and S3 left to right, S2 right to left)",
                if side == Side::Left { "left" } else { "right" }
            ));
        }
        three += s.cones.iter().filter(|c| c.scoops == 3).count();
        pool_cones += s
            .cones
            .iter()
            .filter(|c| s.pools.contains(&c.house))
            .count();
    }
    if three < 5 {
        return Err(format!(
            "ICE-L4: {three} cones have 3 scoops; plan IC-C4 needs at least 5"
        ));
    }
    if pool_cones < 3 {
        return Err(format!(
            "ICE-L5: {pool_cones} houses have both a pool and a cone; plan IC-C3 needs at least 3"
        ));
    }
    Ok(())
}

fn atomic(layout: &SheetLayout) -> Result<(), String> {
    let Some(values) = &layout.atomic else {
        return Err(
            "the Atomic War sheet needs its street bonuses, optimism and AAA values".into(),
        );
    };
    let streets = layout.streets.len();
    if values.street_bonus.len() != streets || values.aaa_first.len() != streets {
        return Err(format!(
            "the Atomic War values need one street bonus and one AAA first shelter per street ({streets})"
        ));
    }
    if values.street_bonus.iter().any(|&b| b < 0) || values.optimism < 0 {
        return Err("Atomic War bonuses are not negative".into());
    }
    let mut all = 0;
    for (i, s) in layout.streets.iter().enumerate() {
        let n = i + 1;
        if s.shelters.is_empty() {
            return Err(format!(
                "ATO-L1: street {n} has no shelter; the AAA starts in each street's first one"
            ));
        }
        if s.shelters.windows(2).any(|w| w[0] >= w[1]) {
            return Err(format!(
                "ATO-L1: street {n}'s shelters are listed left to right, at most one per house"
            ));
        }
        if s.shelters.iter().any(|&h| h == 0 || h > s.houses) {
            return Err(format!("ATO-L1: street {n} has a shelter off the street"));
        }
        if s.shelters.len() < 2 {
            return Err(format!(
                "ATO-L3: street {n} has one shelter; the AAA's Validation shelter needs a second"
            ));
        }
        all += s.shelters.len();
    }
    if all < 4 {
        return Err(format!(
            "ATO-L2: the sheet has {all} shelters; plan AT-C1 needs at least 4"
        ));
    }
    Ok(())
}

fn halloween(layout: &SheetLayout) -> Result<(), String> {
    use crate::edition::Bonus;
    let Some(v) = &layout.halloween else {
        return Err("the Halloween sheet needs its ghost and candy tiers".into());
    };
    let houses: usize = layout.streets.iter().map(|s| s.ghost_candy.len()).sum();
    if houses != 13 {
        return Err(format!(
            "HAL-L1: the sheet has {houses} ghost/candy houses; the rules print 13"
        ));
    }
    for (i, s) in layout.streets.iter().enumerate() {
        if s.ghost_candy.windows(2).any(|w| w[0] >= w[1]) {
            return Err(format!(
                "HAL-L1: street {}'s ghost/candy houses are listed left to right, one per house",
                i + 1
            ));
        }
    }
    let streets = layout
        .streets
        .iter()
        .filter(|s| !s.ghost_candy.is_empty())
        .count();
    if streets < 2
        || layout
            .streets
            .get(2)
            .is_none_or(|s| s.ghost_candy.is_empty())
    {
        return Err(
            "HAL-L2: ghost/candy houses lie in at least 2 streets, street 3 among them (plans HAL-C4, HAL-C5)"
                .into(),
        );
    }
    let needs = [4, 6, 9];
    let ghost: Vec<u8> = v.ghost_tiers.iter().map(|t| t.need).collect();
    let candy: Vec<u8> = v.candy_tiers.iter().map(|t| t.need).collect();
    if ghost != needs || candy != needs {
        return Err("the ghost and candy tiers need exactly 4, 6 and 9 (FR2 1155)".into());
    }
    let verified: [[&[Bonus]; 2]; 3] = [
        [&[Bonus::Pool], &[Bonus::Park]],
        [&[Bonus::Pool, Bonus::Pool], &[Bonus::Extension]],
        [
            &[Bonus::Park, Bonus::Park, Bonus::Park],
            &[Bonus::Extension, Bonus::Extension],
        ],
    ];
    for (t, want) in v.ghost_tiers.iter().zip(verified) {
        if t.options.len() != 2 || t.options[0] != want[0] || t.options[1] != want[1] {
            return Err(format!(
                "the {}-ghost tier's bonus options are printed as {:?} or {:?} (FR2 1167–1169)",
                t.need, want[0], want[1]
            ));
        }
    }
    let points: Vec<i32> = v.candy_tiers.iter().map(|t| t.points).collect();
    if points.iter().any(|&p| p < 0) || points.windows(2).any(|w| w[1] < w[0]) {
        return Err(format!(
            "HAL-L3: candy tier points {points:?} are not negative and never go down"
        ));
    }
    if v.aaa_per_crossed_tier < 0 {
        return Err("the AAA's points per crossed tier are not negative".into());
    }
    Ok(())
}

fn roswell(layout: &SheetLayout) -> Result<(), String> {
    let Some(v) = &layout.roswell else {
        return Err("the Roswell sheet needs its infiltration objectives".into());
    };
    let o = &v.objectives;
    let points: Vec<i32> = o.iter().map(|o| o.points).collect();
    let covers = o.len() == 4
        && o[0].from == 3
        && o[0].to == Some(4)
        && o[3].from == 9
        && o[3].to.is_none()
        && o.windows(2).all(|w| {
            w[0].to
                .is_some_and(|to| to >= w[0].from && w[1].from == to + 1)
        });
    if !covers || points != [4, 5, 6, 7] {
        return Err(
            "ROS-L1: 4 objectives with ranges in order from 3–4 to 9+, no gap or overlap, worth 4, 5, 6 and 7"
                .into(),
        );
    }
    if v.failure != 2 || v.max_estate != 6 || v.aaa_per_card != 5 {
        return Err(
            "the Roswell rules print 2 points per estate on failure, estates of at most 6 houses and 5 AAA points per upside-down card (FR2 1389, 1407, 1444)"
                .into(),
        );
    }
    let mut all = 0;
    for (i, s) in layout.streets.iter().enumerate() {
        if s.saucers.windows(2).any(|w| w[0] >= w[1])
            || s.saucers.iter().any(|&h| h == 0 || h > s.houses)
        {
            return Err(format!(
                "ROS-L2: street {}'s saucers are listed left to right, one per house of the street",
                i + 1
            ));
        }
        all += s.saucers.len();
    }
    if all < 9 {
        return Err(format!(
            "ROS-L2: the sheet has {all} saucers; the 9+ objective needs at least 9"
        ));
    }
    let longest = layout.streets.iter().map(|s| s.houses).max().unwrap_or(0);
    let columns = (1..=longest)
        .filter(|c| {
            layout
                .streets
                .iter()
                .filter(|s| s.saucers.contains(c))
                .count()
                >= 2
        })
        .count();
    if columns < 3 {
        return Err(format!(
            "ROS-L3: {columns} columns hold 2 saucers or more; plan RO-C5 needs 3"
        ));
    }
    Ok(())
}

fn coin_coin(layout: &SheetLayout) -> Result<(), String> {
    use crate::edition::DuckColour::{Black, Yellow};
    let Some(d) = &layout.ducks else {
        return Err(
            "the Coin Coin sheet needs its ducklings between streets and its parents".into(),
        );
    };
    let in_street = |s: usize, c| {
        layout.streets.get(s).map_or(0, |st| {
            st.ducklings.iter().filter(|d| d.colour == c).count()
        })
    };
    if in_street(2, Yellow) != 2 {
        return Err("DUC-L1: street 3 has exactly 2 yellow ducklings (plan CC-C4)".into());
    }
    if in_street(0, Black) != 2 {
        return Err("DUC-L2: street 1 has exactly 2 black ducklings (plan CC-C4)".into());
    }
    let between = |c| d.between.iter().filter(|b| b.colour == c).count();
    if between(Yellow) != 2 || between(Black) != 3 {
        return Err(
            "DUC-L3: exactly 2 yellow and 3 black ducklings lie between the streets (plan CC-C5)"
                .into(),
        );
    }
    for c in [Yellow, Black] {
        let all = (0..layout.streets.len())
            .map(|s| in_street(s, c))
            .sum::<usize>()
            + between(c);
        if all < 5 {
            return Err(format!(
                "DUC-L4: {all} {c:?} ducklings; plan CC-C2 needs at least 5 of each colour"
            ));
        }
    }
    if layout
        .streets
        .iter()
        .filter(|s| !s.ducklings.is_empty())
        .count()
        < 2
    {
        return Err("DUC-L5: at least 2 streets have ducklings of their own (plan CC-C3)".into());
    }
    for (i, s) in layout.streets.iter().enumerate() {
        let mut slots: Vec<u8> = s.ducklings.iter().map(|d| d.slot).collect();
        slots.sort_unstable();
        if slots.windows(2).any(|w| w[0] == w[1]) || slots.iter().any(|&k| k == 0 || k >= s.houses)
        {
            return Err(format!(
                "DUC-L6: street {}'s ducklings sit on distinct slots between two of its houses",
                i + 1
            ));
        }
    }
    let house_ok = |h: crate::sheet::HouseRef| {
        layout
            .streets
            .get(h.street as usize)
            .is_some_and(|s| h.house < s.houses)
    };
    let mut pairs = Vec::new();
    for b in &d.between {
        if !house_ok(b.upper) || !house_ok(b.lower) || b.upper.street + 1 != b.lower.street {
            return Err(
                "DUC-L6: a duckling between streets joins a house to one of the street below"
                    .into(),
            );
        }
        pairs.push((b.upper.street, b.upper.house, b.lower.house));
    }
    pairs.sort_unstable();
    if pairs.windows(2).any(|w| w[0] == w[1]) {
        return Err("DUC-L6: at most one duckling per pair of houses".into());
    }
    for c in [Yellow, Black] {
        let parents: Vec<_> = d.parents.iter().filter(|p| p.colour == c).collect();
        if parents.len() != 1
            || parents[0].touches.is_empty()
            || !parents[0].touches.iter().all(|&h| house_ok(h))
        {
            return Err(format!(
                "DUC-L6: one {c:?} parent, touching at least one house of the sheet"
            ));
        }
    }
    if d.aaa_cards_per_point != 2 {
        return Err("the AAA scores a point per pair of cards given (FR2 1695)".into());
    }
    Ok(())
}
