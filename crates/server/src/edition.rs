//! The edition data the browser draws and plays with, taken from the engine so that the app
//! keeps no copy of it: every edition with its sheets (streets, features, tracks, score rows),
//! City Plans (with their text), deck, game modes (with the seat counts the engine allows) and
//! tie-break rule. Served as JSON (`GET /api/editions`, `GET /api/editions/{edition}`, and the
//! default edition at `GET /api/edition`) and as an ES module (`/edition.js`).

use crate::error::ApiError;
use axum::extract::Path;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::LazyLock;
use welcome_engine::modules::module::ModuleCard;
use welcome_engine::{
    Edition, EditionId, Effect, Game, Mode, OfferShape, Options, PlanCard, SheetId, SheetLayout,
    TieBreak,
};

/// A sheet with the plans that can be dealt with it.
#[derive(Serialize)]
struct SheetOut<'a> {
    #[serde(flatten)]
    layout: &'a SheetLayout,
    /// Plan ids that may be plan n°1, n°2, n°3 with this sheet (advanced plans included: they
    /// say so themselves), per `Edition::plans_of`.
    stacks: [Vec<u8>; 3],
    /// The edition's modes the engine sets a game up in on this sheet (Zombies: not every
    /// one yet).
    modes: Vec<Mode>,
    /// What a round of each of those modes offers a seat (`Mode::offer_shape`), keyed by the
    /// mode's id: `{"combinations": 3}`, or `{"hand": {"cards": 3, "runs_out": false}}`.
    offers: BTreeMap<String, OfferShape>,
    /// The cards the sheet's rule modules add to the game, in words, keyed by the id records
    /// and turns spell them with (the Zombie cards); absent when they add none.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    module_cards: BTreeMap<&'static str, ModuleCard>,
    /// AAA solo: the card a rule module adds to the AAA's pile beyond the deck, and at most
    /// how many (`Module::aaa_pile_card`, a module's own cards written as `0-surveyor`);
    /// absent when none does.
    #[serde(skip_serializing_if = "Option::is_none")]
    aaa_pile_card: Option<AaaPileCard>,
}

/// A card a rule module adds to the AAA's pile.
#[derive(Serialize)]
struct AaaPileCard {
    card: welcome_engine::Card,
    most: usize,
}

/// A City Plan card with its text for people.
#[derive(Serialize)]
struct PlanOut {
    #[serde(flatten)]
    card: &'static PlanCard,
    text: String,
}

/// A game mode and the seat counts the engine allows for it.
#[derive(Serialize)]
struct ModeOut {
    id: Mode,
    name: &'static str,
    description: &'static str,
    min_seats: usize,
    max_seats: usize,
    /// Whether the first-plan reshuffle can be offered (never in solo).
    reshuffle: bool,
}

#[derive(Serialize)]
struct EditionOut {
    id: EditionId,
    name: &'static str,
    /// The sheet played when none is named.
    default_sheet: SheetId,
    /// Every sheet, the default one first.
    sheets: Vec<SheetOut<'static>>,
    plans: Vec<PlanOut>,
    /// For each house number, the effects on the backs of its cards.
    deck: BTreeMap<u8, Vec<Effect>>,
    /// The effects on the backs of the 9¾ cards a table may add (collector expansions §11);
    /// empty in an edition without them.
    nine_three_quarters: Vec<Effect>,
    modes: Vec<ModeOut>,
    /// How a tie on the total is broken (Ruling 16; collector C18).
    tie_break: &'static str,
    /// The rules that differ between editions (plan letters, optional temps, dealer…).
    rules: welcome_engine::EditionRules,
    /// Where the edition's values come from: which are verified and which are placeholders.
    provenance: &'static [welcome_engine::Provenance],
    /// The AAA solo automa (collector §15): its opponent cards, one per level; `null` in
    /// editions without it.
    aaa: Option<AaaOut>,
}

/// The AAA's opponent cards (name, level, validation icons, values or temp table, and each
/// value's provenance) and the printed range of each value, for the lobby and the values form.
#[derive(Serialize)]
struct AaaOut {
    best_estates: u8,
    opponents: &'static [welcome_engine::AaaOpponent],
    /// Each per-card value's printed range, `[min, max]` (FR2 652–675).
    ranges: BTreeMap<&'static str, [u8; 2]>,
}

/// A sheet of `edition` in the form the edition data gives its sheets (with its `stacks`):
/// how a table shows the layout its host entered.
pub fn sheet_json(edition: &Edition, layout: &SheetLayout) -> serde_json::Value {
    serde_json::to_value(sheet_out(edition, layout)).unwrap_or_default()
}

/// The edition played when a request names none.
pub fn default_edition() -> &'static Edition {
    Edition::by_id(EditionId::default().as_str())
        .or_else(|| Edition::all().first())
        .expect("the engine has at least one edition")
}

fn sheet_out<'a>(e: &'a Edition, layout: &'a SheetLayout) -> SheetOut<'a> {
    let modes: Vec<Mode> = Mode::ALL
        .iter()
        .copied()
        .filter(|&m| m.available(e) && check_sheet_mode(e, layout, m).is_ok())
        .collect();
    SheetOut {
        layout,
        stacks: std::array::from_fn(|i| {
            e.plans_of(layout)
                .filter(|p| p.stack as usize == i + 1)
                .map(|p| p.id)
                .collect()
        }),
        offers: modes
            .iter()
            .map(|&m| (mode_id(m), m.offer_shape(layout)))
            .collect(),
        modes,
        module_cards: layout
            .modules
            .iter()
            .flat_map(|m| m.cards())
            .map(|c| (c.id, *c))
            .collect(),
        aaa_pile_card: layout
            .modules
            .iter()
            .find_map(|m| m.aaa_pile_card(layout))
            .map(|(card, most)| AaaPileCard { card, most }),
    }
}

/// A mode's id as the wire spells it (`standard`, `solo`, `expert`).
pub fn mode_id(mode: Mode) -> String {
    serde_json::to_value(mode)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Whether the web app plays `mode` on `layout`: the engine must set a game up in it (only
/// its `sheet_mode_unavailable` refusal is looked for: a game set up here has the fewest seats
/// the mode allows).
pub fn check_sheet_mode(e: &Edition, layout: &SheetLayout, mode: Mode) -> Result<(), ApiError> {
    const CODE: &str = "sheet_mode_unavailable";
    let mut o = Options::new(mode);
    o.edition = e.id;
    o.sheet = layout.id;
    match Game::new(o, mode.seats(e).0.max(1), 0) {
        Err(err) if err.code() == CODE => Err(ApiError::bad_request(CODE, err.to_string())),
        _ => Ok(()),
    }
}

fn edition_out(e: &'static Edition) -> EditionOut {
    let mut deck: BTreeMap<u8, Vec<Effect>> = BTreeMap::new();
    for c in &e.deck {
        let effects = deck.entry(c.number).or_default();
        if !effects.contains(&c.effect) {
            effects.push(c.effect);
        }
    }
    for effects in deck.values_mut() {
        effects.sort_by_key(|f| Effect::ALL.iter().position(|a| a == f));
    }
    let sheets = e.sheets.iter().map(|l| sheet_out(e, l)).collect();
    EditionOut {
        id: e.id,
        name: &e.name,
        default_sheet: e.default_sheet().id,
        sheets,
        plans: e
            .plans
            .iter()
            .map(|card| PlanOut {
                card,
                text: card.describe(),
            })
            .collect(),
        deck,
        nine_three_quarters: e.nine_three_quarters.iter().map(|c| c.effect).collect(),
        modes: Mode::ALL
            .iter()
            .filter(|m| m.available(e))
            .map(|&id| {
                let (min_seats, max_seats) = id.seats(e);
                ModeOut {
                    id,
                    name: id.name(),
                    description: id.description_in(e),
                    min_seats,
                    max_seats,
                    reshuffle: id.offers_reshuffle() && e.rules.first_plan_reshuffle,
                }
            })
            .collect(),
        tie_break: TieBreak::rule_text(e.rules.tie_break),
        rules: e.rules,
        provenance: &e.provenance,
        aaa: e.aaa.as_ref().map(|a| AaaOut {
            best_estates: a.best_estates,
            opponents: &a.opponents,
            ranges: welcome_engine::AaaScoring::RANGES
                .iter()
                .map(|&(field, min, max)| (field, [min, max]))
                .collect(),
        }),
    }
}

static EDITIONS: LazyLock<Vec<(EditionId, String)>> = LazyLock::new(|| {
    Edition::all()
        .iter()
        .map(|e| (e.id, js(&edition_out(e))))
        .collect()
});

/// The JSON of one edition.
fn edition_json(id: &str) -> Option<&'static str> {
    EDITIONS
        .iter()
        .find(|(e, _)| *e == id)
        .map(|(_, json)| json.as_str())
}

static ALL: LazyLock<String> = LazyLock::new(|| {
    let list: Vec<&str> = EDITIONS.iter().map(|(_, j)| j.as_str()).collect();
    format!(
        "{{\"default\":{},\"editions\":[{}]}}",
        js(&default_edition().id),
        list.join(",")
    )
});

/// The default edition with its default sheet as `sheet`, as `GET /api/edition` always was.
static DEFAULT: LazyLock<String> = LazyLock::new(|| {
    let e = default_edition();
    let json = edition_json(e.id.as_str()).unwrap_or("{}");
    // `sheet` is added in front of the edition's own fields.
    format!(
        "{{\"sheet\":{},{}",
        js(&sheet_out(e, e.default_sheet())),
        json.strip_prefix('{').unwrap_or("}")
    )
});

static MODULE: LazyLock<String> = LazyLock::new(|| {
    let e = default_edition();
    let plans: Vec<PlanOut> = e
        .plans
        .iter()
        .map(|card| PlanOut {
            card,
            text: card.describe(),
        })
        .collect();
    let list: Vec<&str> = EDITIONS.iter().map(|(_, j)| j.as_str()).collect();
    format!(
        "// Generated by the server from the engine's edition data; do not edit.\n\
         export const DEFAULT_EDITION = {};\n\
         export const EDITIONS = [{}];\n\
         // The default edition and its default sheet.\n\
         export const EDITION_ID = {};\n\
         export const EDITION_NAME = {};\n\
         export const LAYOUT = {};\n\
         export const PLANS = {};\n\
         export const DECK = {};\n",
        js(&e.id),
        list.join(","),
        js(&e.id),
        js(&e.name),
        js(e.default_sheet()),
        js(&plans),
        js(&edition_out(e).deck),
    )
});

/// Anything serialisable, as JSON text (which is also a JavaScript literal).
fn js<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}

/// The edition data is built once per process: served with an ETag, as the static files are.
fn respond(request: &HeaderMap, body: &'static str, content_type: &'static str) -> Response {
    crate::etag::validated_text(request, body, content_type)
}

/// `GET /api/editions`.
pub async fn all(request: HeaderMap) -> Response {
    respond(&request, ALL.as_str(), "application/json")
}

/// `GET /api/editions/{edition}`.
pub async fn one(Path(id): Path<String>, request: HeaderMap) -> Result<Response, ApiError> {
    let json = edition_json(&id).ok_or_else(|| unknown_edition(&id))?;
    Ok(respond(&request, json, "application/json"))
}

/// `GET /api/edition`: the default edition, with its default sheet as `sheet`.
pub async fn json(request: HeaderMap) -> Response {
    respond(&request, DEFAULT.as_str(), "application/json")
}

/// `/edition.js` (also `/static/edition.js`).
pub async fn module(request: HeaderMap) -> Response {
    respond(&request, MODULE.as_str(), "text/javascript; charset=utf-8")
}

/// A request named an edition the server does not have.
pub fn unknown_edition(id: &str) -> ApiError {
    let known: Vec<&str> = Edition::all().iter().map(|e| e.id.as_str()).collect();
    ApiError::bad_request(
        "unknown_edition",
        format!("there is no edition {id:?} (there is {})", known.join(", ")),
    )
}

/// The edition and sheet a request names (`None`: the defaults), or a clear refusal with a
/// stable code: `unknown_edition` or `unknown_sheet`.
pub fn choose(
    edition: Option<&str>,
    sheet: Option<&str>,
) -> Result<(&'static Edition, &'static SheetLayout), ApiError> {
    let e = match edition {
        None => default_edition(),
        Some(id) => Edition::by_id(id).ok_or_else(|| unknown_edition(id))?,
    };
    let layout = match sheet {
        None => e.default_sheet(),
        Some(id) => SheetId::new(id)
            .ok()
            .and_then(|s| e.sheet(s))
            .ok_or_else(|| {
                let known: Vec<&str> = e.sheets.iter().map(|s| s.id.as_str()).collect();
                ApiError::bad_request(
                    "unknown_sheet",
                    format!(
                        "the edition {} has no sheet {id:?} (it has {})",
                        e.id,
                        known.join(", ")
                    ),
                )
            })?,
    };
    Ok((e, layout))
}

#[cfg(test)]
mod tests {
    use super::*;
    use welcome_engine::game::MAX_PLAYERS;

    #[test]
    fn every_edition_and_sheet_is_served() {
        let v: serde_json::Value = serde_json::from_str(&ALL).unwrap();
        assert_eq!(v["default"], "first");
        let first = &v["editions"][0];
        let sheets: Vec<&str> = first["sheets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_str().unwrap())
            .collect();
        assert_eq!(sheets, ["classic", "christmas", "easter", "ice-cream"]);
        let easter = &first["sheets"][2];
        assert_eq!(easter["name"], "Easter egg hunt");
        assert_eq!(easter["streets"][0]["eggs"][1]["eggs"], 2);
        // Stack n°3 of a thematic sheet holds its own plans only (Ruling TR2).
        assert_eq!(easter["stacks"][2], serde_json::json!([34, 35, 36]));
        let ice = &first["sheets"][3];
        assert_eq!(
            ice["streets"][2]["trucks"],
            serde_json::json!(["left", "right"])
        );
        // The edition's 28 plans and the thematic sheets' 9, each with its text.
        let plans = first["plans"].as_array().unwrap();
        assert_eq!(plans.len(), 37);
        assert_eq!(plans.iter().filter(|p| p["sheet"].is_string()).count(), 9);
        assert!(plans
            .iter()
            .all(|p| p["text"].as_str().is_some_and(|t| !t.is_empty())));
        assert_eq!(first["deck"]["8"].as_array().unwrap().len(), 6);
        assert_eq!(first["tie_break"], TieBreak::RULE);
    }

    #[test]
    fn each_sheet_says_which_of_its_values_are_placeholders() {
        // The table page marks a sheet whose own values are stand-ins, from this list.
        let placeholders = |edition: &str, sheet: &str| -> usize {
            let v: serde_json::Value =
                serde_json::from_str(edition_json(edition).unwrap()).unwrap();
            let s = v["sheets"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["id"] == sheet)
                .unwrap();
            let list = s["provenance"].as_array().unwrap();
            assert!(!list.is_empty(), "{edition} {sheet}");
            list.iter().filter(|p| p["status"] == "placeholder").count()
        };
        assert!(placeholders("collector", "classic") > 0);
        assert!(placeholders("collector", "blueprint") > 0);
        assert_eq!(placeholders("first", "classic"), 0);
        // /edition.js carries them too
        assert!(MODULE.contains(
            "{\"what\":\"houses per street 10, 11, 12 and the pool houses\",\"status\":\"placeholder\","
        ));
    }

    #[test]
    fn the_modes_carry_the_engines_seat_counts() {
        let v: serde_json::Value = serde_json::from_str(edition_json("first").unwrap()).unwrap();
        let seats = |mode: &str| {
            let m = v["modes"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["id"] == mode)
                .unwrap();
            (
                m["min_seats"].as_u64().unwrap(),
                m["max_seats"].as_u64().unwrap(),
            )
        };
        assert_eq!(seats("solo"), (1, 1));
        assert_eq!(seats("expert"), (2, 27));
        assert_eq!(seats("standard"), (1, MAX_PLAYERS as u64));
    }

    #[test]
    fn the_default_edition_keeps_its_old_shape() {
        let v: serde_json::Value = serde_json::from_str(&DEFAULT).unwrap();
        assert_eq!(v["sheet"]["id"], "classic");
        assert_eq!(v["id"], "first");
        assert_eq!(v["sheets"].as_array().unwrap().len(), 4);
        let m = MODULE.as_str();
        assert!(m.contains("export const LAYOUT = {\"id\":\"classic\","));
        assert!(m.contains("export const EDITIONS = [{\"id\":\"first\","));
        assert!(
            m.contains("export const DECK = {\"1\":[\"surveyor\",\"real-estate\",\"landscaper\"]")
        );
    }

    #[test]
    fn each_sheet_lists_the_modes_the_engine_sets_up_on_it() {
        let v: serde_json::Value =
            serde_json::from_str(edition_json("collector").unwrap()).unwrap();
        let modes = |sheet: &str| -> Vec<String> {
            let s = v["sheets"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["id"] == sheet)
                .unwrap();
            s["modes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect()
        };
        assert_eq!(modes("classic"), ["standard", "solo", "expert"]);
        // Zombies: the expert and AAA games deal hands of two, and the turn asks for the card
        // passed on or given to the AAA.
        let zombies = modes("zombies");
        assert_eq!(zombies, ["standard", "solo", "expert"]);
        let layout = choose(Some("collector"), Some("zombies")).unwrap();
        for m in [Mode::Expert, Mode::Solo] {
            let refused = check_sheet_mode(layout.0, layout.1, m).is_err();
            assert_eq!(
                refused,
                !zombies.contains(
                    &serde_json::to_value(m)
                        .unwrap()
                        .as_str()
                        .unwrap()
                        .to_string()
                )
            );
        }
    }

    #[test]
    fn a_sheet_carries_the_words_of_the_cards_its_modules_add() {
        let v: serde_json::Value =
            serde_json::from_str(edition_json("collector").unwrap()).unwrap();
        let sheet = |id: &str| {
            v["sheets"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["id"] == id)
                .unwrap()
                .clone()
        };
        let zombies = sheet("zombies");
        let cards = zombies["module_cards"].as_object().unwrap();
        assert_eq!(cards.keys().collect::<Vec<_>>(), ["both", "left", "right"]);
        assert_eq!(cards["left"]["name"], "Left");
        assert_eq!(cards["left"]["does"], "the three left hordes move right");
        assert_eq!(cards["both"]["does"], "all six hordes move");
        assert!(sheet("classic").get("module_cards").is_none());
        assert_eq!(
            zombies["aaa_pile_card"],
            serde_json::json!({ "card": "0-surveyor", "most": 3 })
        );
        assert!(sheet("classic").get("aaa_pile_card").is_none());
    }

    #[test]
    fn unknown_editions_and_sheets_are_refused_with_their_codes() {
        assert_eq!(choose(None, None).unwrap().1.id, "classic");
        assert_eq!(
            choose(Some("first"), Some("easter")).unwrap().1.id,
            "easter"
        );
        assert_eq!(
            choose(Some("second"), None).unwrap_err().code,
            "unknown_edition"
        );
        assert_eq!(
            choose(None, Some("halloween")).unwrap_err().code,
            "unknown_sheet"
        );
        assert_eq!(
            choose(None, Some("Ice Cream")).unwrap_err().code,
            "unknown_sheet"
        );
    }
}
