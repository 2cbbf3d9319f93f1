//! The Zombies sheet in the sheet file (collector expansions §8): each street's barricades,
//! arrows traced and X marks, the ammo gained and used.

use super::drawing::Slowed;
use crate::edition::SheetLayout;
use crate::house::{HouseRef, Side, MAX_ESTATE};
use crate::sheet::{House, Sheet};
use crate::sheet_file::data::{house_at, SheetData, SheetFileError, StreetData};

/// Zombies: the X marks of slowed hordes, which the sheet file keeps per street (`slowed`, left
/// and right) and the game keeps in its turns.
impl SheetData {
    /// The X marks this file writes, by horde.
    pub fn slowed(&self) -> Slowed {
        let mut out = [0; 16];
        for (s, st) in self.streets.iter().enumerate().take(8) {
            out[2 * s] = st.slowed[0];
            out[2 * s + 1] = st.slowed[1];
        }
        out
    }

    /// Writes the X marks into the file's streets.
    pub fn set_slowed(&mut self, slowed: &Slowed) {
        for (s, st) in self.streets.iter_mut().enumerate().take(8) {
            st.slowed = [slowed[2 * s], slowed[2 * s + 1]];
        }
    }
}

/// The Zombies marks of one street (collector expansions §8): barricades built in front of
/// numbered houses printed without one; no more arrows traced than a horde has, each traced
/// arrow ending at a house it could not invade (a roundabout, a barricade) or invaded (`Z`);
/// every `Z` at the end of a traced arrow; X marks only on a printed horde.
pub fn check_street(
    layout: &SheetLayout,
    sheet: &mut Sheet,
    st: &StreetData,
    s: u8,
) -> Result<(), SheetFileError> {
    let street = s as usize + 1;
    let bad = |what: String| Err(SheetFileError::Feature { street, what });
    let len = sheet.len(s);
    let invaded: Vec<u8> = (0..len)
        .filter(|&i| sheet.is_invaded(HouseRef::new(s, i)))
        .collect();
    if super::values(layout).is_none() {
        if !st.barricades.is_empty() || st.hordes != [0, 0] || st.slowed != [0, 0] {
            return bad(format!(
                "the {} sheet has no hordes or barricades",
                layout.name
            ));
        }
        if let Some(i) = invaded.first() {
            return bad(format!(
                "house {}: only a horde invades a house (Z), and the {} sheet has none",
                i + 1,
                layout.name
            ));
        }
        return Ok(());
    }
    for &b in &st.barricades {
        let h = house_at(s, len, "barricade", b)?;
        if layout.unbarricaded(s) >> h.house & 1 == 0 {
            return bad(format!(
                "house {b} is printed with a barricade: only a house printed without one takes a built barricade"
            ));
        }
        if !matches!(sheet.house(h), House::Number { bis: false, .. }) {
            return bad(format!(
                "house {b} has a barricade built but holds no number of its own: a barricade is built by the Surveyor's number"
            ));
        }
        sheet.build_barricade(h);
    }
    let mut reached = 0u16;
    for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        let h = super::index(s, side);
        let arrows = super::horde(layout, h).map_or(&[][..], |x| &x.arrivals[..]);
        let (traced, slowed) = (st.hordes[k], st.slowed[k]);
        let name = match side {
            Side::Left => "left",
            Side::Right => "right",
        };
        if usize::from(traced) > arrows.len() {
            return bad(format!(
                "the {name} horde traced {traced} arrows, but it has {}",
                arrows.len()
            ));
        }
        if slowed > 0 && arrows.is_empty() {
            return bad(format!("there is no {name} horde to slow"));
        }
        for &house in &arrows[..usize::from(traced)] {
            let at = HouseRef::new(s, house.wrapping_sub(1));
            reached |= 1 << at.house;
            let stopped = super::is_barricaded(layout, sheet, at)
                || matches!(sheet.house(at), House::Roundabout | House::Invaded);
            if !stopped {
                return bad(format!(
                    "the {name} horde's arrow to house {house} is traced, so house {house} is invaded (Z), a roundabout or barricaded"
                ));
            }
        }
        sheet.set_horde_steps(h, traced);
    }
    for i in invaded {
        if super::is_barricaded(layout, sheet, HouseRef::new(s, i)) {
            return bad(format!(
                "house {} is invaded (Z), but it stands behind a barricade that stops hordes",
                i + 1
            ));
        }
        if reached >> i & 1 == 0 {
            return bad(format!(
                "house {} is invaded (Z), but no traced arrow of a horde ends there",
                i + 1
            ));
        }
    }
    Ok(())
}

/// Zombies: ammo circled from the improvement boxes crossed (no more than those boxes,
/// nor than the stock holds) and ammo used (no more than circled, and at least the X
/// marks drawn on the hordes' arrows).
pub fn set_ammo(
    data: &SheetData,
    layout: &SheetLayout,
    sheet: &mut Sheet,
) -> Result<(), SheetFileError> {
    let bad = |what: String| Err(SheetFileError::Feature { street: 1, what });
    let Some(v) = super::values(layout) else {
        if data.ammo_gained > 0 || data.ammo_used > 0 {
            return bad(format!("the {} sheet has no ammo", layout.name));
        }
        return Ok(());
    };
    let crossed = v
        .ammo_boxes
        .iter()
        .filter(|&&[size, k]| {
            (1..=MAX_ESTATE as u8).contains(&size) && sheet.real_estate(size as usize) >= k
        })
        .count();
    let most = crossed.min(usize::from(v.ammo_stock.saturating_sub(v.ammo_start)));
    if usize::from(data.ammo_gained) > most {
        return bad(format!(
            "{} ammo gained, but the improvement boxes crossed circle {most}",
            data.ammo_gained
        ));
    }
    let circled = v.ammo_start.saturating_add(data.ammo_gained);
    if data.ammo_used > circled {
        return bad(format!(
            "{} ammo used, but only {circled} are circled",
            data.ammo_used
        ));
    }
    let marks: u32 = data
        .streets
        .iter()
        .flat_map(|st| st.slowed)
        .map(u32::from)
        .sum();
    if marks > u32::from(data.ammo_used) {
        return bad(format!(
            "{marks} X marks on the hordes' arrows, but {} ammo used: each mark crosses one",
            data.ammo_used
        ));
    }
    sheet.set_ammo(data.ammo_gained, data.ammo_used);
    Ok(())
}
