//! PlayerView: what one seat may see. Never the pile order, other seats' hands or other seats'
//! unresolved turns (spec §3.6, §11).

use crate::aaa::AaaView;
use crate::card::Card;
use crate::edition::{Edition, PlanCard};
use crate::layout::LayoutRef;
use crate::legal::{Offer, PlanSlot, TurnContext};
use crate::public::{EndReason, NextCard, Pile};
use crate::score::{score_all, Score, Table, Temps};
use crate::setup::{Mode, Options};
use crate::sheet::Sheet;
use crate::turn::Turn;

/// One seat's view of the game.
#[derive(Clone, Debug)]
pub struct PlayerView {
    pub edition: &'static Edition,
    /// The sheet every seat plays on.
    pub layout: LayoutRef,
    pub options: Options,
    pub seat: usize,
    pub round: u16,
    /// What this seat is offered (its own hand in expert mode).
    pub offer: Offer,
    /// Standard game: the effects the stacks offer next round (Ruling 28).
    pub next_effects: Option<crate::legal::Effects>,
    pub plans: [PlanSlot; 3],
    /// Every seat's sheet as of the last resolved round.
    pub sheets: Vec<Sheet>,
    /// Which seats have submitted this round (not what they chose).
    pub submitted: Vec<bool>,
    /// This seat's own submitted turn, if any.
    pub my_turn: Option<Turn>,
    pub reshuffle_offered: bool,
    /// Cards in the draw pile and in the discard pile.
    pub pile: usize,
    pub discard: usize,
    pub solo_card_drawn: bool,
    /// The cards this seat cannot locate, sorted (see `Position::unseen`): what a
    /// determinised search deals the piles and other hands from.
    pub unseen: Vec<Card>,
    /// The cards face up in front of the seat (`Position::face_up`).
    pub face_up: Vec<Card>,
    /// The discard pile when it is face up (standard and solo), else empty.
    pub discard_cards: Vec<Card>,
    /// Expert: the card this seat passed last round, now in its neighbour's hand.
    pub passed: Option<Card>,
    /// Collector standard game: each pile's stack (once reshuffled) and discard, all public.
    pub piles: Vec<Pile>,
    /// Collector solo and expert: what the top of the draw pile shows (Ruling C26).
    pub next: Option<NextCard>,
    /// AAA solo: the automa as the player sees it.
    pub aaa: Option<AaaView>,
    /// Values the table entered from its own cards.
    pub values: crate::values::TableValues,
    /// Zombies: pile 1's Zombie cards, this round's among them.
    pub zombie_pile: Option<crate::public::ZombiePile>,
    pub end: Vec<EndReason>,
}

impl PlayerView {
    /// The card of plan n° `slot + 1`.
    pub fn plan_card(&self, slot: usize) -> Option<&'static PlanCard> {
        self.edition.plan(self.plans.get(slot)?.card)
    }

    /// This seat's sheet.
    pub fn sheet(&self) -> &Sheet {
        &self.sheets[self.seat]
    }

    /// How this seat's temps score: against the table, by the solo threshold, or against the
    /// AAA. `None` means ranked across `sheets`.
    pub fn solo_temps(&self) -> Option<Temps<'static>> {
        match (&self.aaa, self.options.mode) {
            (Some(a), _) => Some(crate::aaa::temps_rule(&self.layout, &a.card, &a.given)),
            (None, Mode::Solo) => Some(Temps::Solo),
            _ => None,
        }
    }

    /// Scores `sheets` (every seat's, in seat order) as the game would.
    pub fn score_sheets(&self, sheets: &[Sheet]) -> Vec<Score> {
        let table = match &self.aaa {
            Some(a) => Some(crate::aaa::table_rule(
                &self.layout,
                &a.card,
                &a.given,
                &a.halves,
            )),
            None => self.solo_temps().map(Table::from),
        };
        match table {
            Some(t) => sheets
                .iter()
                .map(|s| Score::of(&self.layout, s, t))
                .collect(),
            None => score_all(&self.layout, sheets, false),
        }
    }

    /// AAA solo, level 1 and above: the AAA's score as the player can work it out (everything
    /// it needs is public, Ruling C26).
    pub fn aaa_score(&self) -> Option<crate::aaa::AaaScore> {
        let a = self.aaa.as_ref()?;
        let best = self.edition.aaa.as_ref()?.best_estates;
        Some(crate::aaa::AaaScore::against(
            a.card.scoring.as_ref()?,
            &a.given,
            a.plans,
            &self.layout,
            &a.halves,
            self.sheets.first()?,
            best as usize,
        ))
    }

    /// The same legality context the game uses for this seat.
    pub fn context(&self) -> TurnContext<'_> {
        TurnContext::new(
            self.edition,
            &self.layout,
            &self.options,
            self.offer,
            &self.plans,
            self.reshuffle_offered,
        )
        .with_zombies(self.zombie_pile.as_ref().map(|z| z.now).unwrap_or_default())
    }
}
