//! Layouts a table enters (collector expansions §0 and Ruling X40, base spec §18.5 and C29):
//! the positions of an expansion sheet's features (eggs, cones, shelters, saucers, ducklings,
//! the American Dream grid…) are only known from pictures, so the engine ships stand-ins marked
//! placeholder, and a table that owns the printed sheet may play with its own.
//!
//! An entered layout is a sheet file, the same JSON as the sheet's data file (a host copies the
//! shipped file and edits it), parsed and checked by the code that loads the shipped sheets:
//! every edition check and the expansion's layout constraints, refused with the constraint's
//! name (`ATO-L1`, `ROS-L2`, …). It changes the layout and the printed values of the sheet,
//! never its rules: its modules, expansion, Advanced switch, tie-break and own plan cards stay
//! as shipped (a table enters plan points as plan values, `TableValues::plans`).
//!
//! A game holds its sheet as a [`LayoutRef`] (`Position`, `PlayerView`, the bots, the server,
//! the Python bindings read it through `Deref<Target = SheetLayout>`): a shipped sheet is a
//! plain `&'static SheetLayout`, copied without any atomic operation, so the positions a search
//! clones by the thousand cost what they did; an entered layout is an `Arc<SheetLayout>`, freed
//! when the last game, view, position or table holding it is dropped. Two handles are equal
//! when they point at the same layout, so equal content must mean one copy: the process keeps
//! an interner of the entered layouts in use, a list of content hashes and `Weak` references.
//! Entering a layout equal to one in use gives the same `Arc`; a layout equal to the shipped
//! sheet is the shipped sheet itself; an entry whose layout every holder has dropped is pruned
//! the next time the interner is used (its content is already freed then, only the `Arc`'s
//! small block waits). Leaked `&'static` copies, as the engine first kept, cannot be freed
//! without unsafe code, and one `Arc` for every sheet would make each copy of a position of a
//! shipped sheet an atomic increment and decrement on one shared counter, which the search
//! bots' threads would contend for: hence the two kinds.
//!
//! The interner is bounded: at most [`MAX_ENTERED_LAYOUTS`] different layouts in use at once
//! ([`live_entered_layouts`]); one more is refused `layouts_full` until a holder lets go of
//! one. A layout is only interned when a game is set up with it ([`CheckedLayout::enter`]),
//! so a host trying layouts before the start keeps nothing.

use crate::edition::{Edition, EditionError, SheetLayout};
use crate::id::{EditionId, SheetId};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// Longest sheet file a table may enter, in bytes (the shipped files are under 10 KiB).
pub const MAX_LAYOUT_BYTES: usize = 64 * 1024;

/// Most different entered layouts one process keeps in use at once (each a few KiB, freed when
/// no game holds it any more): a club that plays its own printed sheets needs one per sheet;
/// the bound only stops a process that is fed a new layout for every game it keeps from
/// growing without end.
pub const MAX_ENTERED_LAYOUTS: usize = 1024;

/// Why an entered layout is refused; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    #[error("the layout is {bytes} bytes long; a sheet file has at most {MAX_LAYOUT_BYTES}")]
    TooLong { bytes: usize },
    #[error("the layout is not a sheet file: {0}")]
    Json(String),
    #[error("edition {edition} has no sheet {sheet:?}")]
    UnknownSheet { edition: String, sheet: String },
    #[error("the layout is for sheet {entered:?} but the table plays sheet {played:?}")]
    OtherSheet { entered: String, played: String },
    #[error(
        "sheet {sheet} has no placeholder value: its printed layout is known and already shipped"
    )]
    Verified { sheet: String },
    #[error("{field}: an entered layout changes where the features are and the values printed on the sheet, not its rules; keep the shipped {field}{hint}")]
    Rules {
        field: &'static str,
        hint: &'static str,
    },
    #[error("the layout of sheet {sheet} is refused: {message}")]
    Constraint { sheet: String, message: String },
    #[error("this server already keeps {MAX_ENTERED_LAYOUTS} different entered layouts in use and takes no new one until fewer are")]
    Full,
}

impl LayoutError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            LayoutError::TooLong { .. } => "layout_too_long",
            LayoutError::Json(_) => "layout_json",
            LayoutError::UnknownSheet { .. } => "unknown_sheet",
            LayoutError::OtherSheet { .. } => "layout_other_sheet",
            LayoutError::Verified { .. } => "layout_verified",
            LayoutError::Rules { .. } => "layout_rules",
            LayoutError::Constraint { .. } => "layout_constraint",
            LayoutError::Full => "layouts_full",
        }
    }

    /// The name of the layout constraint broken (`"ATO-L1"`), when a named one is.
    pub fn rule(&self) -> Option<&str> {
        let LayoutError::Constraint { message, .. } = self else {
            return None;
        };
        message
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .find(|w| is_rule_name(w))
    }
}

/// `ATO-L1`, `ADR-L5`: three capitals, `-L`, a number.
fn is_rule_name(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() >= 6
        && b[..3].iter().all(u8::is_ascii_uppercase)
        && &b[3..5] == b"-L"
        && b[5..].iter().all(u8::is_ascii_digit)
}

/// A layout checked for one sheet of one edition, not in use yet: what a host has entered
/// before the start, free to change it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedLayout {
    edition: EditionId,
    layout: SheetLayout,
}

impl CheckedLayout {
    /// Parses `text`, a sheet file entered for sheet `sheet` of `edition`, and checks it as the
    /// edition's own sheet files are checked.
    pub fn parse(
        edition: &Edition,
        sheet: SheetId,
        text: &str,
    ) -> Result<CheckedLayout, LayoutError> {
        if text.len() > MAX_LAYOUT_BYTES {
            return Err(LayoutError::TooLong { bytes: text.len() });
        }
        let shipped = edition
            .sheet(sheet)
            .ok_or_else(|| LayoutError::UnknownSheet {
                edition: edition.id.to_string(),
                sheet: sheet.to_string(),
            })?;
        if !shipped.has_placeholders() {
            return Err(LayoutError::Verified {
                sheet: sheet.to_string(),
            });
        }
        let layout = SheetLayout::from_file(text, edition.rules).map_err(|e| match e {
            EditionError::SheetJson(m) | EditionError::Json(m) | EditionError::Inconsistent(m) => {
                LayoutError::Json(m)
            }
        })?;
        if layout.id != sheet {
            return Err(LayoutError::OtherSheet {
                entered: layout.id.to_string(),
                played: sheet.to_string(),
            });
        }
        same_rules(shipped, &layout)?;
        edition
            .check_with(&layout)
            .map_err(|e| LayoutError::Constraint {
                sheet: sheet.to_string(),
                message: match e {
                    EditionError::Inconsistent(m) => {
                        let prefix = format!("sheet {sheet}: ");
                        m.strip_prefix(&prefix).map(str::to_string).unwrap_or(m)
                    }
                    e => e.to_string(),
                },
            })?;
        Ok(CheckedLayout {
            edition: edition.id,
            layout,
        })
    }

    /// The layout entered.
    pub fn layout(&self) -> &SheetLayout {
        &self.layout
    }

    /// The edition it was checked for.
    pub fn edition(&self) -> EditionId {
        self.edition
    }

    /// The layout as a sheet file (its data file's form, indented): what a host edits.
    pub fn to_json(&self) -> String {
        file_text(&self.layout)
    }

    /// Whether this layout is in use in the process: entered, and held still by some game,
    /// view, position, table or handle. A layout equal to the shipped sheet never is (it is
    /// the shipped sheet).
    pub fn in_use(&self) -> bool {
        let hash = content_hash(&self.layout);
        entered()
            .iter()
            .filter(|e| e.hash == hash)
            .filter_map(|e| e.layout.upgrade())
            .any(|l| *l == self.layout)
    }

    /// The layout for games: the process's one copy of it (see the module's comment), or
    /// `LayoutError::Full` when too many different ones are in use already.
    pub fn enter(&self) -> Result<EnteredLayout, LayoutError> {
        Ok(EnteredLayout {
            edition: self.edition,
            layout: intern(self.edition, &self.layout)?,
        })
    }
}

/// What a layout may not change: the sheet's rules.
fn same_rules(shipped: &SheetLayout, entered: &SheetLayout) -> Result<(), LayoutError> {
    let rules = |field, hint| Err(LayoutError::Rules { field, hint });
    if entered.modules != shipped.modules {
        return rules("modules", "");
    }
    if entered.expansion != shipped.expansion {
        return rules("expansion", "");
    }
    if entered.advanced != shipped.advanced {
        return rules("advanced", "");
    }
    if entered.tie_break != shipped.tie_break {
        return rules("tie_break", "");
    }
    if entered.own_stacks != shipped.own_stacks || entered.plans != shipped.plans {
        return rules(
            "plans",
            " (enter the points printed on your plan cards as the table's plan values)",
        );
    }
    Ok(())
}

fn file_text(layout: &SheetLayout) -> String {
    serde_json::to_string_pretty(layout).unwrap_or_default()
}

/// The sheet layout a game plays on: a shipped sheet (a `&'static` reference, copied for
/// nothing) or a layout a table entered (shared with every game that entered the same one,
/// freed with its last holder). Reads as a `SheetLayout` (`Deref`); two handles are equal when
/// they are the same layout, at the same address (see the module's comment).
#[derive(Clone)]
pub struct LayoutRef(Held);

#[derive(Clone)]
enum Held {
    Builtin(&'static SheetLayout),
    Entered(Arc<SheetLayout>),
}

impl LayoutRef {
    /// A shipped sheet (or any layout the process keeps for good).
    pub const fn builtin(layout: &'static SheetLayout) -> LayoutRef {
        LayoutRef(Held::Builtin(layout))
    }

    /// The layout, for as long as the process runs when it is a shipped sheet; `None` for an
    /// entered layout.
    pub fn as_static(&self) -> Option<&'static SheetLayout> {
        match self.0 {
            Held::Builtin(l) => Some(l),
            Held::Entered(_) => None,
        }
    }

    /// Whether it is a layout a table entered rather than a shipped sheet.
    pub fn is_entered(&self) -> bool {
        matches!(self.0, Held::Entered(_))
    }

    /// Whether `self` is `layout` itself (the same address).
    pub fn is(&self, layout: &SheetLayout) -> bool {
        std::ptr::eq(&**self, layout)
    }
}

impl Deref for LayoutRef {
    type Target = SheetLayout;

    #[inline]
    fn deref(&self) -> &SheetLayout {
        match &self.0 {
            Held::Builtin(l) => l,
            Held::Entered(l) => l,
        }
    }
}

impl AsRef<SheetLayout> for LayoutRef {
    fn as_ref(&self) -> &SheetLayout {
        self
    }
}

impl std::borrow::Borrow<SheetLayout> for LayoutRef {
    fn borrow(&self) -> &SheetLayout {
        self
    }
}

impl From<&'static SheetLayout> for LayoutRef {
    fn from(layout: &'static SheetLayout) -> LayoutRef {
        LayoutRef::builtin(layout)
    }
}

impl PartialEq for LayoutRef {
    fn eq(&self, other: &LayoutRef) -> bool {
        std::ptr::eq::<SheetLayout>(&**self, &**other)
    }
}

impl Eq for LayoutRef {}

impl Hash for LayoutRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash::<SheetLayout, H>(&**self, state);
    }
}

impl fmt::Debug for LayoutRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

/// A layout a table entered, in use: a handle to the process's one copy of it, which lives as
/// long as some handle does. Two handles are equal exactly when their layouts are (the copy
/// is shared by content).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnteredLayout {
    edition: EditionId,
    layout: LayoutRef,
}

impl EnteredLayout {
    /// Parses and checks `text` for sheet `sheet` of `edition` (`CheckedLayout::parse`), then
    /// enters it (`CheckedLayout::enter`).
    pub fn parse(
        edition: &Edition,
        sheet: SheetId,
        text: &str,
    ) -> Result<EnteredLayout, LayoutError> {
        CheckedLayout::parse(edition, sheet, text)?.enter()
    }

    /// The layout.
    pub fn layout(&self) -> &SheetLayout {
        &self.layout
    }

    /// The handle a game holds.
    pub fn layout_ref(&self) -> &LayoutRef {
        &self.layout
    }

    /// The edition it was checked for.
    pub fn edition(&self) -> EditionId {
        self.edition
    }

    /// The layout as a sheet file (indented).
    pub fn to_json(&self) -> String {
        file_text(&self.layout)
    }

    /// The layout as a JSON value: what a game record keeps (`setup.layout`).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(&*self.layout).unwrap_or_default()
    }

    /// The sheet a game of `edition` on `shipped` plays with this layout, or why it cannot.
    pub(crate) fn for_game(
        &self,
        edition: &Edition,
        shipped: &SheetLayout,
    ) -> Result<LayoutRef, LayoutError> {
        if self.edition != edition.id || self.layout.id != shipped.id {
            return Err(LayoutError::OtherSheet {
                entered: format!("{} of edition {}", self.layout.id, self.edition),
                played: format!("{} of edition {}", shipped.id, edition.id),
            });
        }
        if self.layout.rules != shipped.rules {
            // Checked for another set of rules of the same edition id (an edition file the
            // process does not play).
            return Err(LayoutError::Rules {
                field: "rules",
                hint: " of the edition this process plays",
            });
        }
        Ok(self.layout.clone())
    }
}

/// One entered layout the interner knows: its content's hash and a reference that does not
/// keep it alive.
struct Interned {
    hash: u64,
    layout: Weak<SheetLayout>,
}

/// The process's entered layouts (see the module's comment).
static ENTERED: Mutex<Vec<Interned>> = Mutex::new(Vec::new());

/// The interner's list. A panic while the lock was held cannot have left it half changed (a
/// push or a prune of dead entries is the only change), so a poisoned lock is still good.
fn entered() -> std::sync::MutexGuard<'static, Vec<Interned>> {
    ENTERED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// How many different entered layouts are in use in this process (held by some game, view,
/// position, table or handle); at most [`MAX_ENTERED_LAYOUTS`].
pub fn live_entered_layouts() -> usize {
    let mut all = entered();
    all.retain(|e| e.layout.strong_count() > 0);
    all.len()
}

/// A hash of the layout's content (its sheet file; the edition's rules it was read with are
/// compared when the hashes are equal).
fn content_hash(layout: &SheetLayout) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    serde_json::to_vec(layout).unwrap_or_default().hash(&mut h);
    h.finish()
}

fn intern(edition: EditionId, layout: &SheetLayout) -> Result<LayoutRef, LayoutError> {
    if let Some(shipped) = Edition::by_id(edition.as_str())
        .and_then(|e| e.sheet(layout.id))
        .filter(|s| *s == layout)
    {
        return Ok(LayoutRef::builtin(shipped));
    }
    let hash = content_hash(layout);
    // A layout whose last holder lets go while the lock is held is dropped here as anywhere:
    // nothing in its drop takes the lock.
    let mut all = entered();
    all.retain(|e| e.layout.strong_count() > 0);
    if let Some(l) = all
        .iter()
        .filter(|e| e.hash == hash)
        .filter_map(|e| e.layout.upgrade())
        .find(|l| **l == *layout)
    {
        return Ok(LayoutRef(Held::Entered(l)));
    }
    if all.len() >= MAX_ENTERED_LAYOUTS {
        return Err(LayoutError::Full);
    }
    let l = Arc::new(layout.clone());
    all.push(Interned {
        hash,
        layout: Arc::downgrade(&l),
    });
    Ok(LayoutRef(Held::Entered(l)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collector() -> &'static Edition {
        Edition::by_id("collector").unwrap()
    }

    fn sheet(id: &str) -> SheetId {
        id.parse().unwrap()
    }

    #[test]
    fn every_shipped_placeholder_sheet_reads_back_as_itself() {
        for e in Edition::all() {
            for s in &e.sheets {
                let text = file_text(s);
                match CheckedLayout::parse(e, s.id, &text) {
                    Ok(c) => {
                        assert_eq!(c.layout(), s, "{} {}", e.id, s.id);
                        let entered = c.enter().unwrap();
                        // The shipped sheet itself: nothing is kept.
                        assert!(std::ptr::eq(entered.layout(), s));
                        assert!(!entered.layout_ref().is_entered());
                    }
                    Err(err) => {
                        assert!(!s.has_placeholders(), "{} {}: {err}", e.id, s.id);
                        assert_eq!(err.code(), "layout_verified");
                    }
                }
            }
        }
    }

    #[test]
    fn rule_names_are_found_in_the_message() {
        let e = LayoutError::Constraint {
            sheet: "atomic-war".into(),
            message: "ATO-L3: street 2 has one shelter".into(),
        };
        assert_eq!(e.rule(), Some("ATO-L3"));
        assert_eq!(LayoutError::Full.rule(), None);
        assert!(!is_rule_name("AT-L1"));
        assert!(!is_rule_name("ATO-L"));
    }

    #[test]
    fn equal_layouts_share_one_copy() {
        let e = collector();
        let mut v: serde_json::Value =
            serde_json::from_str(&file_text(e.sheet(sheet("roswell")).unwrap())).unwrap();
        v["name"] = "Roswell (our box)".into();
        let text = v.to_string();
        let a = EnteredLayout::parse(e, sheet("roswell"), &text).unwrap();
        let b = EnteredLayout::parse(e, sheet("roswell"), &a.to_json()).unwrap();
        assert_eq!(a, b);
        assert!(std::ptr::eq(a.layout(), b.layout()));
        assert_eq!(a.layout().name, "Roswell (our box)");
    }
}
