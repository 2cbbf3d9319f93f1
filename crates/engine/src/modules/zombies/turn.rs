//! The turn machine's Zombies stage (collector expansions §8.3.3–4): each Zombie card of the
//! round is resolved at the start of the turn, the hordes to slow with ammo chosen first.

use crate::edition::ZombieCard;
use crate::legal::TurnContext;
use crate::machine::{Decision, Stage, TurnMachine};
use crate::sheet::Sheet;
use crate::turn::Hordes;
use crate::turn_error::TurnError;
use serde::{Deserialize, Serialize};

impl TurnMachine<'_> {
    /// The ammo stage's options: every legal set of moving hordes to slow as Zombie card
    /// `card` of the round comes up.
    pub(crate) fn for_each_ammo(&self, card: u8, f: impl FnMut(Decision)) {
        if let Some(&z) = self.ctx.zombies.get(card as usize) {
            let choices = super::ammo_choices(self.ctx.layout, &self.sheet, z);
            choices.into_iter().map(Decision::Ammo).for_each(f);
        }
    }

    /// Slows `slowed` and moves the other hordes of Zombie card `card`; the turn proper
    /// starts once the round's last Zombie card is resolved.
    pub(crate) fn apply_ammo(&mut self, card: u8, slowed: Hordes) -> Result<(), TurnError> {
        let ctx = self.ctx;
        let z = ctx.zombies[card as usize];
        super::check_ammo(ctx.layout, &self.sheet, z, slowed)?;
        super::resolve(ctx.layout, &mut self.sheet, z, slowed);
        self.turn.ammo.push(slowed);
        self.stage = if (card as usize) + 1 < ctx.zombies.len() {
            Stage::Ammo { card: card + 1 }
        } else {
            self.first_stage()
        };
        Ok(())
    }
}

/// The ammo stage of a Zombies turn: Zombie card `index` of `cards` this round (1-based)
/// comes up.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct AmmoStageOut {
    pub card: ZombieCard,
    pub index: u8,
    pub cards: u8,
    /// The hordes it moves that still have an arrow to trace.
    pub moving: Hordes,
    /// Ammo circled and not used yet: at most that many hordes are slowed.
    pub left: u8,
    /// Every legal set of moving hordes to slow, the empty set first, then by size.
    pub choices: Vec<Hordes>,
}

impl AmmoStageOut {
    /// The stage as Zombie card `card` (0-based) of the round comes up on `sheet`, its
    /// choices still to list.
    pub fn new(ctx: &TurnContext<'_>, sheet: &Sheet, card: u8) -> AmmoStageOut {
        let z = ctx.zombies[card as usize];
        AmmoStageOut {
            card: z,
            index: card + 1,
            cards: ctx.zombies.len() as u8,
            moving: super::moving(ctx.layout, sheet, z),
            left: super::ammo_left(ctx.layout, sheet),
            choices: Vec::new(),
        }
    }
}
