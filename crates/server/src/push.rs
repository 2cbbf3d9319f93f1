//! What a table's sockets are pushed after each change (docs/protocol.md, "Pushes").
//!
//! A table's public state is rendered once per change into JSON fragments (`Snapshot`) that
//! every socket of the table shares through `Arc`s. A socket remembers what it last sent
//! (`Sent`) and sends only the fragments that differ: one whole `state` when it connects (or
//! asks for one), then `update`s whose size follows what changed, not the length of the game.
//! Unchanged fragments keep their `Arc`, so most comparisons are a pointer comparison.

use crate::view;
use crate::wire::{SeatInfo, SheetInfo, SheetSummary, TableInfo};
use std::fmt::Write;
use std::sync::Arc;
use welcome_engine::Game;

/// A piece of JSON rendered once and shared.
pub type Frag = Arc<str>;

fn frag<T: serde::Serialize>(v: &T) -> Frag {
    // Serializing these plain data types cannot fail; "null" keeps the message well-formed.
    serde_json::to_string(v)
        .unwrap_or_else(|_| "null".into())
        .into()
}

/// `frag`, written into a buffer of about the size the fragment had last time (`hint`), so that
/// a large fragment is not copied each time its buffer grows.
fn frag_sized<T: serde::Serialize>(v: &T, hint: usize) -> Frag {
    let mut out = Vec::with_capacity(hint + hint / 8 + 64);
    match serde_json::to_writer(&mut out, v).map(|()| String::from_utf8(out)) {
        Ok(Ok(text)) => text.into(),
        _ => "null".into(),
    }
}

fn same(a: &Frag, b: &Frag) -> bool {
    Arc::ptr_eq(a, b) || a == b
}

/// The table info's fields (but `seats`) by name, shared while they are unchanged.
pub type Head = Arc<Vec<(String, Frag)>>;

/// A table's public state at one change, as fragments.
#[derive(Debug)]
pub struct Snapshot {
    /// The table's change count: `seq` on the wire.
    pub seq: u64,
    /// The table info's fields but `seats`, by name; the same `Arc` while they are unchanged.
    pub head: Head,
    /// Each seat of the table info.
    pub seats: Vec<Frag>,
    pub game: Option<Arc<GameFrags>>,
    /// `view.submitted`: it changes at every confirmation, the rest of the game only when a round
    /// resolves.
    pub submitted: Frag,
}

/// The part of a view every socket shares, rendered when the game changes.
#[derive(Debug)]
pub struct GameFrags {
    /// Fields of the view shared by every socket, by name (not `offer`, `passing`, `my_turn`,
    /// `submitted`, `sheets` or `log`).
    pub fields: Vec<(&'static str, Frag)>,
    /// Every seat's whole sheet (`SheetInfo`), in seat order.
    pub whole: Vec<Frag>,
    /// Every seat's summary where other seats' sheets are summarised (large tables); empty
    /// where every sheet is sent whole.
    pub summaries: Vec<Frag>,
    /// Every resolved round of the log.
    pub log: Vec<Frag>,
    /// Changes when entries already in the log are rendered anew (an expert game's draws are
    /// shown once it is over): a socket then sends the whole log again.
    pub log_epoch: u64,
}

impl GameFrags {
    /// The sheet entry of `seat` for a socket whose own seat is `own`.
    fn sheet(&self, seat: usize, own: Option<usize>) -> &Frag {
        match self.summaries.get(seat) {
            Some(s) if own != Some(seat) => s,
            _ => &self.whole[seat],
        }
    }

    /// The field `name`, which is usually at place `i` (the fields come in a fixed order).
    fn field_at(&self, i: usize, name: &str) -> Option<&Frag> {
        match self.fields.get(i) {
            Some((k, v)) if *k == name => Some(v),
            _ => self.fields.iter().find(|(k, _)| *k == name).map(|(_, v)| v),
        }
    }
}

/// The head field `name`, which is usually at place `i`.
fn head_at<'a>(head: &'a [(String, Frag)], i: usize, name: &str) -> Option<&'a Frag> {
    match head.get(i) {
        Some((k, v)) if k == name => Some(v),
        _ => head.iter().find(|(k, _)| k == name).map(|(_, v)| v),
    }
}

/// What only one socket sees: who it is and its seat's own parts of the view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Personal {
    /// `you`, as JSON.
    pub you: String,
    /// The socket's own seat (0-based), whose sheet it always gets whole.
    pub seat: Option<usize>,
    /// `offer`, `passing` and `my_turn`, as JSON (empty before the start).
    pub offer: String,
    pub passing: String,
    pub my_turn: String,
}

/// A table's render cache: the last snapshot and the fragments it reuses while they are
/// unchanged.
#[derive(Debug, Default)]
pub struct Renderer {
    seq: u64,
    snapshot: Option<Arc<Snapshot>>,
    /// The game's fragments last rendered: current while `game_current`, and otherwise what
    /// the next rendering keeps of them where they are unchanged.
    game: Option<Arc<GameFrags>>,
    game_current: bool,
    seats: Vec<(SeatInfo, Frag)>,
    /// The table info (without its seats) the head was rendered from.
    head: Option<(TableInfo, Head)>,
    log: Vec<Frag>,
    log_hidden: bool,
    log_epoch: u64,
}

impl Renderer {
    /// Something visible changed; `minor` if only seat flags, connections or the table info did
    /// (the game's sheets, plans and log stay).
    pub fn changed(&mut self, minor: bool) {
        self.seq += 1;
        self.snapshot = None;
        if !minor {
            self.game_current = false;
        }
    }

    /// The last snapshot, if nothing changed since it was rendered.
    pub fn current(&self) -> Option<Arc<Snapshot>> {
        self.snapshot.clone()
    }

    /// The snapshot of the table now, rendered if anything changed since the last one.
    /// `whole_up_to`: tables of at most this many seats send every sheet whole.
    pub fn snapshot(
        &mut self,
        mut info: TableInfo,
        game: Option<(&Game, &[String])>,
        whole_up_to: usize,
    ) -> Arc<Snapshot> {
        if let Some(s) = &self.snapshot {
            return s.clone();
        }
        let seats = std::mem::take(&mut info.seats);
        let mut frags = Vec::with_capacity(seats.len());
        for (i, s) in seats.into_iter().enumerate() {
            match self.seats.get(i) {
                Some((old, f)) if *old == s => frags.push(f.clone()),
                _ => frags.push(frag(&s)),
            }
            let f = frags[i].clone();
            match self.seats.get_mut(i) {
                Some(slot) => *slot = (s, f),
                None => self.seats.push((s, f)),
            }
        }
        self.seats.truncate(frags.len());
        // Most changes (a confirmation, a connection) leave the table info as it was.
        let head = match &self.head {
            Some((old, head)) if *old == info => head.clone(),
            _ => {
                let before = self.head.as_ref().map(|(_, h)| h.as_slice()).unwrap_or(&[]);
                // Unchanged fields keep their fragment, so sockets compare pointers.
                let head: Head = Arc::new(match serde_json::to_value(&info) {
                    Ok(serde_json::Value::Object(map)) => map
                        .into_iter()
                        .filter(|(k, _)| k != "seats")
                        .enumerate()
                        .map(|(i, (k, v))| {
                            let new = frag(&v);
                            let f = match head_at(before, i, &k) {
                                Some(f) if *f == new => f.clone(),
                                _ => new,
                            };
                            (k, f)
                        })
                        .collect(),
                    _ => Vec::new(),
                });
                self.head = Some((info, head.clone()));
                head
            }
        };
        let game_frags = match game {
            None => None,
            Some((g, names)) => Some(match &self.game {
                Some(f) if self.game_current => f.clone(),
                _ => {
                    let f = Arc::new(self.render_game(g, names, whole_up_to));
                    self.game = Some(f.clone());
                    self.game_current = true;
                    f
                }
            }),
        };
        let submitted = match game {
            Some((g, _)) => frag(
                &(0..g.players())
                    .map(|s| g.has_submitted(s))
                    .collect::<Vec<_>>(),
            ),
            None => "null".into(),
        };
        let s = Arc::new(Snapshot {
            seq: self.seq,
            head,
            seats: frags,
            game: game_frags,
            submitted,
        });
        self.snapshot = Some(s.clone());
        s
    }

    fn render_game(&mut self, g: &Game, names: &[String], whole_up_to: usize) -> GameFrags {
        let old = self.game.take();
        let sheets = view::sheets(g, names);
        // Each fragment is rendered into a buffer of its last size, and kept if unchanged.
        fn render<T: serde::Serialize>(i: usize, v: &T, old: Option<&Vec<Frag>>) -> Frag {
            let old = old.and_then(|o| o.get(i));
            let new = frag_sized(v, old.map_or(1024, |f| f.len()));
            match old {
                Some(f) if **f == *new => f.clone(),
                _ => new,
            }
        }
        let whole: Vec<Frag> = sheets
            .iter()
            .enumerate()
            .map(|(i, s)| render(i, s, old.as_ref().map(|o| &o.whole)))
            .collect();
        let summaries: Vec<Frag> = if summarised(g, whole_up_to) {
            sheets
                .iter()
                .enumerate()
                .map(|(i, s)| render(i, &summary(s), old.as_ref().map(|o| &o.summaries)))
                .collect()
        } else {
            Vec::new()
        };
        // The log only grows, except that an expert game shows its draws once it is over.
        let hidden = view::log_hidden(g);
        if hidden != self.log_hidden {
            self.log.clear();
            self.log_hidden = hidden;
            self.log_epoch += 1;
        }
        let log = view::log_from(g, self.log.len());
        self.log.extend(log.iter().map(frag));
        let (pile, discard) = g.pile_sizes();
        let mut fields: Vec<(&'static str, Frag)> = vec![
            ("round", frag(&g.round())),
            ("next_effects", frag(&g.next_effects())),
            ("plans", frag(&view::plans(g))),
            ("reshuffle_offered", frag(&g.reshuffle_offered())),
            ("pile", frag(&pile)),
            ("discard", frag(&discard)),
            ("solo_card_drawn", frag(&g.solo_card_drawn())),
            ("next", frag(&g.next_card())),
            ("aaa", frag(&view::aaa(g))),
            ("result", frag(&view::result(g, names))),
        ];
        if let Some(z) = g.zombie_pile() {
            fields.push(("zombie_pile", frag(&z)));
        }
        // Unchanged fields keep their fragment, so sockets compare pointers.
        if let Some(o) = &old {
            for (i, (k, v)) in fields.iter_mut().enumerate() {
                if let Some(f) = o.field_at(i, k).filter(|f| *f == v) {
                    *v = f.clone();
                }
            }
        }
        GameFrags {
            fields,
            whole,
            summaries,
            log: self.log.clone(),
            log_epoch: self.log_epoch,
        }
    }
}

/// The summary of a seat's sheet sent where the whole sheet is not (docs/protocol.md).
fn summary(s: &SheetInfo) -> SheetSummary {
    let houses = s
        .sheet
        .streets
        .iter()
        .flat_map(|st| st.houses.iter())
        .filter(|h| !matches!(h.as_str(), "" | "R" | "Z" | "Zb"))
        .count();
    SheetSummary {
        seat: s.seat,
        name: s.name.clone(),
        houses,
        plans: s.sheet.plans,
        points: s.score.rows.iter().map(|r| r.points).collect(),
        total: s.score.total,
    }
}

/// What one socket last sent: the snapshot its client holds, as it saw it.
#[derive(Debug)]
pub struct Sent {
    seq: u64,
    snapshot: Arc<Snapshot>,
    personal: Personal,
    /// The longest update sent so far: the next one's buffer is made this large at once.
    longest: usize,
}

/// The next message for a socket that last sent `sent` (none yet: `None`), or `None` when
/// nothing it shows changed. A whole `state` when `whole` is asked for, on the first push,
/// when the socket's role changed and when the game starts; an `update` otherwise.
pub fn next(
    sent: &mut Option<Sent>,
    snapshot: Arc<Snapshot>,
    personal: Personal,
    whole: bool,
) -> Option<String> {
    let (text, longest) = match sent.as_ref() {
        Some(s)
            if !whole
                && s.personal.you == personal.you
                && s.snapshot.game.is_some() == snapshot.game.is_some() =>
        {
            let text = update(s, &snapshot, &personal, s.longest)?;
            let longest = s.longest.max(text.len());
            (text, longest)
        }
        _ => (state(&snapshot, &personal), 0),
    };
    *sent = Some(Sent {
        seq: snapshot.seq,
        snapshot,
        personal,
        longest,
    });
    Some(text)
}

/// The whole `state` message.
pub fn state(s: &Snapshot, p: &Personal) -> String {
    let mut out = String::with_capacity(4096);
    let _ = write!(out, "{{\"type\":\"state\",\"seq\":{},\"table\":{{", s.seq);
    for (k, v) in s.head.iter() {
        let _ = write!(out, "\"{k}\":{v},");
    }
    out.push_str("\"seats\":");
    list(&mut out, s.seats.iter());
    let _ = write!(out, "}},\"you\":{},\"view\":", p.you);
    match &s.game {
        None => out.push_str("null"),
        Some(g) => {
            out.push('{');
            for (k, v) in &g.fields {
                let _ = write!(out, "\"{k}\":{v},");
            }
            let _ = write!(
                out,
                "\"offer\":{},\"passing\":{},\"my_turn\":{},\"submitted\":{},\"sheets\":",
                p.offer, p.passing, p.my_turn, s.submitted
            );
            list(&mut out, (0..g.whole.len()).map(|i| g.sheet(i, p.seat)));
            out.push_str(",\"log\":");
            list(&mut out, g.log.iter());
            out.push('}');
        }
    }
    out.push('}');
    out
}

fn list<'a>(out: &mut String, items: impl Iterator<Item = &'a Frag>) {
    out.push('[');
    for (i, f) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(f);
    }
    out.push(']');
}

/// An object of named fragments, `,"name":{…}`, left out when empty.
struct Object<'a> {
    out: &'a mut String,
    name: &'static str,
    open: bool,
    close: char,
}

impl<'a> Object<'a> {
    fn new(out: &'a mut String, name: &'static str, close: char) -> Object<'a> {
        Object {
            out,
            name,
            open: false,
            close,
        }
    }

    fn start(&mut self) {
        if self.open {
            self.out.push(',');
        } else {
            let open = if self.close == '}' { '{' } else { '[' };
            let _ = write!(self.out, ",\"{}\":{open}", self.name);
            self.open = true;
        }
    }

    fn field(&mut self, k: &str, v: &str) {
        self.start();
        let _ = write!(self.out, "\"{k}\":{v}");
    }

    fn item(&mut self, v: &str) {
        self.start();
        self.out.push_str(v);
    }

    fn end(self) {
        if self.open {
            self.out.push(self.close);
        }
    }
}

/// The `update` from what `sent` holds to `now`, or `None` if this socket sees no difference.
fn update(sent: &Sent, now: &Snapshot, p: &Personal, capacity: usize) -> Option<String> {
    let was = &sent.snapshot;
    let mut out = String::with_capacity(capacity.max(256));
    let _ = write!(
        out,
        "{{\"type\":\"update\",\"seq\":{},\"base\":{}",
        now.seq, sent.seq
    );
    let envelope = out.len();

    let mut table = Object::new(&mut out, "table", '}');
    let head_changed = !Arc::ptr_eq(&now.head, &was.head);
    for (i, (k, v)) in now.head.iter().enumerate().filter(|_| head_changed) {
        match head_at(&was.head, i, k) {
            Some(old) if same(old, v) => {}
            _ => table.field(k, v),
        }
    }
    for (k, _) in was.head.iter().filter(|_| head_changed) {
        if !now.head.iter().any(|(n, _)| n == k) {
            table.field(k, "null");
        }
    }
    table.end();

    let mut seats = Object::new(&mut out, "seats", ']');
    for (i, v) in now.seats.iter().enumerate() {
        if was.seats.get(i).is_none_or(|old| !same(old, v)) {
            seats.item(v);
        }
    }
    seats.end();

    if let (Some(g), Some(old)) = (&now.game, &was.game) {
        let mut view = Object::new(&mut out, "view", '}');
        for (i, (k, v)) in g.fields.iter().enumerate() {
            match old.field_at(i, k) {
                Some(o) if same(o, v) => {}
                _ => view.field(k, v),
            }
        }
        for (k, v, o) in [
            ("offer", &p.offer, &sent.personal.offer),
            ("passing", &p.passing, &sent.personal.passing),
            ("my_turn", &p.my_turn, &sent.personal.my_turn),
        ] {
            if v != o {
                view.field(k, v);
            }
        }
        let new_entries = if g.log_epoch == old.log_epoch && g.log.len() >= old.log.len() {
            &g.log[old.log.len()..]
        } else {
            let mut all = String::new();
            list(&mut all, g.log.iter());
            view.field("log", &all);
            &[]
        };
        view.end();

        // A sheet rendered anew is one that changed (`Renderer::render_game` keeps the
        // fragment of an unchanged one), so pointers are compared, not texts.
        let mut sheets = Object::new(&mut out, "sheets", ']');
        for i in 0..g.whole.len() {
            let v = g.sheet(i, p.seat);
            let before = (i < old.whole.len()).then(|| old.sheet(i, sent.personal.seat));
            if before.is_none_or(|o| !Arc::ptr_eq(o, v)) {
                sheets.item(v);
            }
        }
        sheets.end();

        let mut log = Object::new(&mut out, "log", ']');
        for e in new_entries {
            log.item(e);
        }
        log.end();
    }
    if out.len() == envelope {
        return None;
    }
    out.push('}');
    Some(out)
}

/// The answer to a `sheet` request: a seat's whole sheet as of the snapshot `seq`.
pub fn sheet_answer(request: Option<u64>, seq: u64, sheet: &Frag) -> String {
    let request = request.map_or_else(|| "null".to_string(), |r| r.to_string());
    format!("{{\"type\":\"sheet\",\"request\":{request},\"seq\":{seq},\"sheet\":{sheet}}}")
}

/// Whether a game's sheets are summarised for sockets of other seats: at large tables, the end
/// of the game included (its last push would otherwise hold every sheet, for every socket).
fn summarised(g: &Game, whole_up_to: usize) -> bool {
    g.players() > whole_up_to
}
