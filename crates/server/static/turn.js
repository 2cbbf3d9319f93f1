// One seat's turn, step by step: on the Zombies sheet first resolve the round's Zombie cards
// (which moving hordes to slow with ammo; the others move), circle a Roswell infiltration
// objective (the seat's first
// turn), cross off what the sheet owes (an Ice Cream bonus, or American Dream's street and
// column bonuses, when an AAA Validation card came up), pick a combination (or a number card
// and an effect card), write the number, answer what the number asks for (the Ice Cream truck),
// circle the ghost or the candy of a Halloween house just numbered (by the number or a copy),
// use the effect (or, under a Roswell saucer, infiltrate instead; with the Surveyor in a Zombies
// house printed without a barricade, build one instead of the fence; American Dream has no
// effect stage: the number is the whole build), on the Zombies sheet with a hand of two (expert,
// AAA) choose which of the two cards used is passed on or given to the AAA,
// optionally build a roundabout, validate plans, claim Halloween tiers and use a ghost tier's
// bonuses, confirm. Every choice offered comes from the
// server's `options` answer for the current draft (the engine's turn machine); this module
// never decides legality itself.

import { renderSheet, scoreText, COMPACT } from './sheet.js';
import { treatCounts } from './sheet/halloween.js';
import { prefs } from './api.js';
import { helpTip, effectHelp, HALLOWEEN_HELP, ROSWELL_HELP, ZOMBIES_HELP } from './help.js';
import {
  el, iconSvg, effectLabel, parseCard, numberRank, resolvePick, samePick, houseName,
  estateHouses, effectUseText, turnText, bonusesText, bonusUseText, objectiveText, objectiveRange,
  hasActions, crossItem, zombieCardText, hordeName, ZOMBIE_CARDS, plural, listText,
} from './format.js';
import { editionOfSheet } from './data.js';
import { planShort } from './plans.js';

/** The text of a button answering what a number asks for. */
function choiceButton(choice) {
  if (choice.truck === 'left') return 'Truck starts left (drives left to right)';
  if (choice.truck === 'right') return 'Truck starts right (drives right to left)';
  return JSON.stringify(choice);
}

const hk = ([s, h]) => `${s},${h}`;
/** A horde (`{street, side}`) as a key: "1:left". */
const hordeKey = (h) => `${h.street}:${h.side}`;

/** "3–7" for a run of numbers, else "3/5". */
function numberBadge(ns) {
  const run = ns.every((n, i) => i === 0 || n === ns[i - 1] + 1);
  return run && ns.length > 2 ? `${ns[0]}–${ns[ns.length - 1]}` : ns.join('/');
}
const sameHouse = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

/** What tapping a saucer does, in its name on the sheet. */
const ROSWELL_TARGET = 'Infiltrate: circle this saucer instead of using the action.';

/** What a ghost bonus does, as a heading. */
const BONUS_TITLE = {
  pool: 'Ghost bonus: circle a pool',
  park: 'Ghost bonus: cross a park',
  extension: 'Ghost bonus: an Extension copy',
};

export class TurnController {
  /**
   * @param {object} cfg
   *  controls: element for the step panel; sheetEl: element for the sheet
   *  base: SheetData as of the last resolved round; baseScore: Score; baseDerived: its derived
   *  layout: the sheet's edition data; edition?: its edition's id, which names the plans
   *  ("plan A" or "plan n°1"; else the edition `layout` comes from, if known)
   *  offer, nextEffects, advanced, expert (a refusal passes a card), round
   *  plans: [{card, text, first, second, approved}] for names
   *  requestOptions(draft) → Options; submit(turn) → Promise; restart() → Promise
   *  submitted: Turn|null; sheetLabel, city; onChange?()
   *  aaaHalves?: the AAA's halves of the sheet's split boxes as of the turn's start (AAA solo)
   *  zombieCards?: the Zombie cards that came up this round, in order (Zombies)
   */
  constructor(cfg) {
    this.cfg = cfg;
    this.reset();
    this.submitted = cfg.submitted || null;
    this.message = null;
    this.busy = false;
    this.gen = 0;
    // redraw when the screen turns between portrait and landscape
    const relayout = () => (this.dead ? COMPACT.removeEventListener('change', relayout) : this.renderSheet());
    COMPACT.addEventListener('change', relayout);
  }

  reset() {
    this.draft = { plans: [] };
    // Zombies: the hordes chosen to slow for the Zombie card resolved now ("1:left" keys)
    this.slowSel = new Set();
    this.pick = null;
    this.handNum = null;
    this.handEff = null;
    this.mode = null;
    this.effectDone = false;
    this.chooser = null;
    this.planSel = null;
    this.reshuffle = false;
    this.passCard = null;
    this.opts = null;
    this.notice = null;
    this.askSkip = false;
  }

  /** Plans the engine lists as claimable now that the draft does not validate (yet). */
  openPlans() {
    const o = this.opts;
    if (!o || this.stage() !== 'finish') return [];
    return [...new Set((o.claims || []).map((c) => c.plan))].filter((p) => !this.draft.plans.some((c) => c.plan === p));
  }

  /**
   * Confirm, but first ask when a plan could be validated or a Halloween tier claimed and is
   * not: a missed claim costs points.
   */
  confirmOrAsk() {
    if ((this.openPlans().length || this.openTiers().length) && !this.askSkip) {
      this.askSkip = true;
      this.render();
      this.cfg.controls.querySelector('[data-ctl="confirm-skip"]')?.focus();
      return;
    }
    this.askSkip = false;
    this.confirm();
  }

  /** New table state from the server (same round): keep the draft, refresh the base. */
  update(cfg) {
    const newRound = cfg.round !== this.cfg.round;
    this.cfg = { ...this.cfg, ...cfg };
    if (newRound) this.reset();
    const wasSubmitted = !!this.submitted;
    this.submitted = cfg.submitted || null;
    // a new round, a confirmation or restart seen from elsewhere, or a request lost with the
    // connection: ask again
    if (newRound || wasSubmitted !== !!this.submitted || !this.opts || this.failed) return this.refresh();
    this.render();
    return Promise.resolve();
  }

  start() {
    this.restored = this.loadDraft();
    return this.refresh();
  }

  // ----- the draft kept across a reload (one entry per table and seat, for its round) -----

  loadDraft() {
    const key = this.cfg.draftKey;
    if (!key || this.submitted) return false;
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(key) || 'null');
    } catch {
      saved = null;
    }
    if (!saved || saved.round !== this.cfg.round || !saved.draft) return false;
    const d = saved.draft;
    if (d.objective == null && !d.play && !d.roundabout && !(d.plans || []).length && !(d.cross || []).length && !(d.ammo || []).length) return false;
    this.draft = { plans: [], ...d };
    this.effectDone = !!saved.effectDone;
    this.passCard = saved.passCard ?? null;
    this.reshuffle = !!saved.reshuffle;
    return true;
  }

  saveDraft() {
    const key = this.cfg.draftKey;
    if (!key) return;
    try {
      if (this.submitted) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify({ round: this.cfg.round, draft: this.draft, effectDone: this.effectDone, passCard: this.passCard, reshuffle: this.reshuffle }));
    } catch {
      // storage full or refused: the draft simply does not outlive the page
    }
  }

  wireDraft() {
    const d = {};
    const t = this.submitted;
    if (t) {
      if (t.ammo && t.ammo.length) d.ammo = t.ammo;
      if (t.objective != null) d.objective = t.objective;
      if (t.cross && t.cross.length) d.cross = t.cross;
      if (t.roundabout) d.roundabout = t.roundabout;
      // a round the game ended before holds only the ammo
      if (t.play !== 'unplayed') d.play = t.play;
      if (t.plans && t.plans.length) d.plans = t.plans;
      if (t.circles && t.circles.length) d.circles = t.circles;
      if (t.tiers && t.tiers.length) d.tiers = t.tiers;
      return d;
    }
    if (this.draft.ammo && this.draft.ammo.length) d.ammo = this.draft.ammo;
    if (this.draft.objective != null) d.objective = this.draft.objective;
    if (this.draft.cross && this.draft.cross.length) d.cross = this.draft.cross;
    if (this.draft.roundabout) d.roundabout = this.draft.roundabout;
    if (this.draft.play) d.play = this.draft.play;
    if (this.draft.plans.length) d.plans = this.draft.plans;
    if (this.draft.circles && this.draft.circles.length) d.circles = this.draft.circles;
    if (this.draft.tiers && this.draft.tiers.length) d.tiers = this.draft.tiers;
    return d;
  }

  async refresh() {
    const gen = ++this.gen;
    this.busy = true;
    this.render();
    let opts = null;
    try {
      opts = await this.cfg.requestOptions(this.wireDraft());
    } catch (e) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.failed = true;
      this.message = { error: true, text: e.message };
      this.render();
      return;
    }
    if (gen !== this.gen) return;
    if (this.restored) {
      this.restored = false;
      // a kept draft the server no longer accepts is dropped, not shown as an error
      if (opts.error) {
        this.reset();
        return this.refresh();
      }
      this.message = { text: 'Your unconfirmed turn was kept.' };
    }
    this.busy = false;
    if (this.failed) this.message = null;
    this.failed = false;
    this.opts = opts;
    if (opts.error) this.message = { error: true, text: opts.error.message };
    this.saveDraft();
    if (!this.submitted && this.autoStep()) return this.refresh();
    this.render();
  }

  /** Steps that need no decision. Returns true when the draft changed. */
  autoStep() {
    const b = this.draft.play && this.draft.play.build;
    // the truck, a ghost or candy to circle, or a ghost bonus: asked before (or instead of) the effect
    if (!b || this.effectDone || this.stage() !== 'effect') return false;
    const eff = this.effect();
    // American Dream: no action is used; the engine circled the house if it is perfect
    if (!hasActions(this.cfg.layout)) {
      this.effectDone = true;
      this.notice = this.perfectNotice();
      return false;
    }
    // Roswell: infiltrating is a choice against the action, so nothing is taken for the player
    if (this.canInfiltrate()) return false;
    const uses = this.opts.effects || [];
    if (eff === 'temp' && !uses.includes('temp')) {
      // 1st edition: the Temp Agency is applied with the number.
      this.effectDone = true;
      this.notice = 'Temp Agency: a temp box is crossed.';
      return false;
    }
    if (eff === 'temp' && this.tempNeeded()) {
      // Collector edition: a changed number needs the temp (the engine lists no skip).
      b.effect = 'temp';
      this.effectDone = true;
      this.notice = 'Temp Agency: you changed the number, so a temp box is crossed.';
      return true;
    }
    if (uses.length === 0) {
      this.effectDone = true;
      this.notice = `The ${effectLabel(eff)} effect has no legal use here.`;
      return false;
    }
    if ((eff === 'landscaper' || eff === 'pool') && uses.length === 1 && prefs.get('autoParkPool', true)) {
      b.effect = uses[0];
      this.effectDone = true;
      this.notice = eff === 'pool' ? 'Pool built automatically.' : 'Park crossed automatically.';
      return true;
    }
    return false;
  }

  /** American Dream: whether the number just written made its house perfect, as the engine says. */
  perfectNotice() {
    const [s, h] = this.draft.play.build.house;
    const family = (this.cfg.layout.streets[s - 1].families || [])[h - 1];
    const perfect = ((this.opts.derived || {}).perfect || []).some((x) => x[0] === s && x[1] === h);
    return perfect
      ? `Street ${s} house ${h} is perfect (circled): numbered with its family's action, ${effectLabel(family)}.`
      : `Street ${s} house ${h} is a normal house: its family's action is ${effectLabel(family)}, not ${effectLabel(this.effect())}.`;
  }

  /** American Dream: a family's colour on the sheet, as the sheet data names it. */
  familyColour(family) {
    const c = ((this.cfg.layout.american_dream || {}).colours || []).find((x) => x.family === family);
    return c ? c.colour : '';
  }

  /** Roswell: the number just written is under a saucer and may infiltrate instead of the action. */
  canInfiltrate() {
    return !!this.opts && (this.opts.effects || []).includes('infiltrate');
  }

  /** Whether the number written differs from the card's, so the optional temp must be used. */
  tempNeeded() {
    const b = this.draft.play && this.draft.play.build;
    const r = b && resolvePick(this.cfg.offer, b.pick);
    return !!r && r.number !== b.number;
  }

  effect() {
    const b = this.draft.play && this.draft.play.build;
    if (!b) return null;
    const r = resolvePick(this.cfg.offer, b.pick);
    return r && r.effect;
  }

  /**
   * Zombies: the Surveyor's number was just written in a house printed without a barricade: a
   * barricade may be built there instead of the fence.
   */
  canBarricade() {
    return !!this.opts && (this.opts.effects || []).includes('barricade');
  }

  /** Zombies: the round offers nothing (pile 1 has no number left): the turn holds only ammo. */
  nothingOffered() {
    const o = this.cfg.offer || {};
    return (o.combinations && !o.combinations.length) || (o.hand && !o.hand.length);
  }

  stage() {
    if (this.submitted) return 'submitted';
    // Zombies: the round's Zombie cards are resolved before anything else, one at a time
    if (this.opts && this.opts.ammo) return 'ammo';
    if (this.opts && this.nothingOffered()) return 'unplayed';
    // Roswell, the seat's first turn: the objective comes before anything else
    if (this.opts && (this.opts.objectives || []).length && this.draft.objective == null) return 'objective';
    // the sheet owes a crossing: the engine lists nothing else until the draft has it
    if (this.opts && (this.opts.cross || []).length) return 'cross';
    if (!this.draft.play) return 'place';
    const b = this.draft.play.build;
    if (b && !b.choice && this.opts && (this.opts.choices || []).length) return 'choice';
    // Halloween: a house just numbered (by the number, a copy or a bonus copy) asks for its
    // ghost or candy; a ghost tier claimed asks for its bonuses, one at a time
    if (this.opts && this.opts.circle) return 'circle';
    if (this.opts && this.opts.bonus) return 'bonus';
    if (b && !this.effectDone) return 'effect';
    // Zombies, a hand of two (expert, AAA): which of the two cards used goes on
    if (b && b.pass == null && this.opts && (this.opts.pass || []).length) return 'pass';
    return 'finish';
  }

  change(fn) {
    this.message = null;
    this.askSkip = false;
    fn();
    return this.refresh();
  }

  // ----- actions -----

  choosePick(pick) {
    this.cfg.onAct?.();
    this.pick = pick;
    this.chooser = null;
    this.mode = null;
    this.render();
    this.showSheet();
  }

  /** On a narrow screen the sheet sits above the controls: bring it into view to tap on it. */
  showSheet() {
    if (window.matchMedia('(max-width: 1000px)').matches) {
      const r = this.cfg.sheetEl.getBoundingClientRect();
      // a phone's turn bar stays at the bottom of the screen: the sheet must be above it
      const bar = this.barTop();
      if (r.top < 0 || r.top > bar * 0.5) this.cfg.sheetEl.scrollIntoView({ block: 'start' });
    }
  }

  showControls() {
    // a phone's turn bar is always on screen
    if (this.barTop() < window.innerHeight) return;
    if (window.matchMedia('(max-width: 1000px)').matches) {
      const r = this.cfg.controls.getBoundingClientRect();
      if (r.bottom > window.innerHeight || r.top < 0) this.cfg.controls.scrollIntoView({ block: 'end' });
    }
  }

  /** Where a turn bar fixed at the bottom of the screen begins (the screen's height without one). */
  barTop() {
    const c = this.cfg.controls;
    return getComputedStyle(c).position === 'fixed' ? c.getBoundingClientRect().top : window.innerHeight;
  }

  place(house, number) {
    const pick = this.pick;
    this.change(() => {
      this.chooser = null;
      this.draft.play = { build: { pick, house, number } };
      this.effectDone = false;
      this.notice = null;
    });
  }

  /** Zombies: slows (or no longer slows) the moving horde `h` (`{street, side}`). */
  toggleSlow(h) {
    this.cfg.onAct?.();
    const k = hordeKey(h);
    if (this.slowSel.has(k)) this.slowSel.delete(k);
    else if (this.slowSel.size < ((this.opts && this.opts.ammo && this.opts.ammo.left) || 0)) this.slowSel.add(k);
    this.message = null;
    this.render();
  }

  /** The legal set of hordes the selection names, as the options list it; null when none. */
  slowChoice() {
    const a = this.opts && this.opts.ammo;
    if (!a) return null;
    return a.choices.find((c) => c.length === this.slowSel.size && c.every((h) => this.slowSel.has(hordeKey(h)))) || null;
  }

  /** Zombies: resolves the Zombie card of the ammo stage, slowing the hordes selected. */
  confirmAmmo() {
    const choice = this.slowChoice();
    if (!choice) return;
    this.cfg.onAct?.();
    this.change(() => {
      this.draft.ammo = [...(this.draft.ammo || []), choice];
      this.slowSel = new Set();
      this.notice = null;
    });
  }

  /** Zombies: the houses the hordes invaded this turn, as "street s house h". */
  invadedNow() {
    const o = this.opts;
    if (!o || !o.sheet) return [];
    const out = [];
    o.sheet.streets.forEach((st, si) => st.houses.forEach((h, i) => {
      if ((h === 'Z' || h === 'Zb') && !['Z', 'Zb'].includes(this.cfg.base.streets[si].houses[i])) out.push([si + 1, i + 1]);
    }));
    return out;
  }

  /** Circles Roswell infiltration objective `k` (1-based), once, in the seat's first turn. */
  chooseObjective(k) {
    this.cfg.onAct?.();
    this.change(() => {
      this.draft.objective = k;
    });
  }

  /**
   * Crosses off an open bonus as the sheet owes: the end-of-route bonus of street `item`
   * (1-based), or on American Dream a street's or a column's bonus (see `crossItem`).
   */
  crossBonus(item) {
    this.cfg.onAct?.();
    this.change(() => {
      this.draft.cross = [...(this.draft.cross || []), item];
      this.mode = null;
      this.notice = null;
    });
  }

  choose(choice) {
    this.change(() => {
      this.draft.play.build.choice = choice;
      this.notice = null;
    });
  }

  /** Circles the ghost or the candy of the house the options wait for. */
  circle(treat) {
    const house = this.opts && this.opts.circle;
    if (!house) return;
    this.cfg.onAct?.();
    this.change(() => {
      this.draft.circles = [...(this.draft.circles || []), { house, treat }];
    });
  }

  /** Claims a Halloween tier (a ghost tier with its bonus option); its bonuses come next. */
  claimTier(tier) {
    this.change(() => {
      const claim = { treat: tier.treat, need: tier.need, bonuses: [] };
      if (tier.option != null) claim.option = tier.option;
      this.draft.tiers = [...(this.draft.tiers || []), claim];
      this.mode = null;
      this.planSel = null;
    });
  }

  /** Uses the ghost bonus the options wait for so. */
  useBonus(use) {
    this.change(() => {
      const tiers = this.draft.tiers || [];
      tiers[tiers.length - 1].bonuses.push(use);
      this.chooser = null;
    });
  }

  /** Tiers the engine lists as claimable now. */
  openTiers() {
    const o = this.opts;
    if (!o || this.stage() !== 'finish') return [];
    return o.tiers || [];
  }

  useEffect(use) {
    this.change(() => {
      this.draft.play.build.effect = use;
      this.effectDone = true;
      this.chooser = null;
      this.notice = use === 'infiltrate'
        ? `You ${effectUseText(use)}: the ${effectLabel(this.effect())} is not used.`
        : `${effectLabel(this.effect())}: ${effectUseText(use)}.`;
    });
  }

  skipEffect() {
    this.change(() => {
      delete this.draft.play.build.effect;
      this.effectDone = true;
      this.chooser = null;
      this.notice = 'Effect not used.';
    });
  }

  /** Zombies, a hand of two: passes hand card `k` (1-based) on, or gives it to the AAA. */
  passOn(k) {
    if (!this.draft.play || !this.draft.play.build) return;
    this.cfg.onAct?.();
    this.change(() => {
      this.draft.play.build.pass = k;
    });
  }

  /** Who a hand card passed on goes to, in words: "the AAA", a seat's name, or null. */
  passTarget() {
    if (this.cfg.aaa) return 'the AAA';
    const p = this.cfg.passing;
    return p ? ((this.cfg.seatNames && this.cfg.seatNames[p.to]) || `seat ${p.to}`) : null;
  }

  /** The hand card a turn of a hand of two passes on, in words, once chosen; else null. */
  passNote() {
    const b = this.draft.play && this.draft.play.build;
    const hand = (this.cfg.offer && this.cfg.offer.hand) || [];
    if (!b || b.pass == null || hand.length !== 2) return null;
    const c = parseCard(hand[b.pass - 1]);
    const to = this.passTarget();
    return this.cfg.aaa
      ? `Card ${b.pass} (${c.number} ${effectLabel(c.effect)}) goes to the AAA.`
      : `Card ${b.pass} (${c.number} ${effectLabel(c.effect)}) is passed on${to ? ` to ${to}` : ''}.`;
  }

  refuse() {
    this.change(() => {
      this.draft.play = { refuse: this.passCard ? { pass: this.passCard } : {} };
      this.effectDone = true;
    });
  }

  roundabout(house) {
    this.change(() => {
      this.draft.roundabout = { house, when: this.draft.play ? 'after' : 'before' };
      this.mode = null;
    });
  }

  addClaim(claim) {
    this.change(() => {
      this.draft.plans.push(claim);
      this.mode = null;
      this.planSel = null;
    });
  }

  async confirm() {
    const turn = { play: this.stage() === 'unplayed' ? 'unplayed' : this.draft.play };
    if (this.draft.ammo && this.draft.ammo.length) turn.ammo = this.draft.ammo;
    if (this.draft.objective != null) turn.objective = this.draft.objective;
    if (this.draft.cross && this.draft.cross.length) turn.cross = this.draft.cross;
    if (this.draft.roundabout) turn.roundabout = this.draft.roundabout;
    if (this.draft.plans.length) turn.plans = this.draft.plans;
    if (this.draft.circles && this.draft.circles.length) turn.circles = this.draft.circles;
    if (this.draft.tiers && this.draft.tiers.length) turn.tiers = this.draft.tiers;
    if (this.reshuffle && this.opts && this.opts.reshuffle) turn.reshuffle = true;
    this.busy = true;
    this.render();
    this.message = null;
    try {
      await this.cfg.submit(turn);
    } catch (e) {
      this.message = { error: true, text: e.message };
    }
    this.busy = false;
    this.render();
  }

  async restartTurn() {
    if (this.submitted) {
      this.busy = true;
      this.render();
      try {
        await this.cfg.restart();
      } catch (e) {
        this.busy = false;
        this.message = { error: true, text: e.message };
        this.render();
        return;
      }
      this.submitted = null;
    }
    this.reset();
    this.message = { text: 'Turn restarted.' };
    await this.refresh();
  }

  // ----- targets on the sheet -----

  placementsFor(pick) {
    return ((this.opts && this.opts.placements) || []).filter((p) => samePick(p.pick, pick));
  }

  targets() {
    const t = new Map();
    const o = this.opts;
    if (!o || this.busy || this.submitted) return t;
    const stage = this.stage();
    if (stage === 'ammo') {
      // the hordes the Zombie card moves, on the sheet as in the controls
      // a horde is a target while it can be slowed, or to be let go again
      const left = o.ammo.left;
      for (const h of o.ammo.moving) {
        const on = this.slowSel.has(hordeKey(h));
        if (!on && this.slowSel.size >= left) continue;
        t.set(`z:${h.street}:${h.side}`, {
          label: on ? 'Slowed: tap to let it move.' : 'Slow it with an ammo (it stays where it is).',
          selected: on,
          activate: () => this.toggleSlow(h),
        });
      }
      return t;
    }
    if (stage === 'cross') {
      // the bonuses that may be crossed off, on the sheet as in the controls
      for (const item of o.cross) {
        const c = crossItem(item, this.cfg.layout);
        t.set(`${c.kind === 'street' ? 'b' : 'k'}:${c.n}`, { label: `Cross off the ${c.kind} ${c.n} bonus.`, activate: () => this.crossBonus(item) });
      }
      return t;
    }
    if (this.mode === 'roundabout') {
      for (const h of o.roundabouts || []) {
        t.set(`h:${h[0]}:${h[1]}`, { label: 'Build a roundabout here.', activate: () => this.roundabout(h) });
      }
      return t;
    }
    if (stage === 'place' && this.pick) {
      const byHouse = new Map();
      for (const p of this.placementsFor(this.pick)) {
        const k = hk(p.house);
        if (!byHouse.has(k)) byHouse.set(k, { house: p.house, numbers: [] });
        byHouse.get(k).numbers.push(p.number);
      }
      for (const { house, numbers } of byHouse.values()) {
        numbers.sort((a, b) => numberRank(a) - numberRank(b));
        const multi = numbers.length > 1;
        t.set(`h:${house[0]}:${house[1]}`, {
          label: multi ? `Accepts ${numbers.join(', ')}: choose a number.` : `Write ${numbers[0]} here.`,
          badge: multi ? numberBadge(numbers) : null,
          selected: this.chooser && sameHouse(this.chooser.house, house),
          activate: () => {
            if (!multi) return this.place(house, numbers[0]);
            this.chooser = { kind: 'number', house, numbers };
            this.render();
            this.cfg.controls.querySelector('.chooser button')?.focus();
          },
        });
      }
      return t;
    }
    if (stage === 'effect') {
      const eff = this.effect();
      const uses = o.effects || [];
      if (this.canInfiltrate()) {
        const [s, h] = this.draft.play.build.house;
        t.set(`u:${s}:${h}`, { label: ROSWELL_TARGET, activate: () => this.useEffect('infiltrate') });
      }
      if (this.canBarricade()) {
        const [s, h] = this.draft.play.build.house;
        t.set(`h:${s}:${h}`, { label: 'Build a barricade in front of this house instead of a fence.', badge: 'barricade', activate: () => this.useEffect('barricade') });
      }
      if (eff === 'surveyor') {
        for (const u of uses) if (u.fence) {
          const [s, k] = u.fence;
          t.set(`f:${s}:${k}`, { label: 'Draw a fence here.', activate: () => this.useEffect(u) });
        }
      } else if (eff === 'real-estate') {
        for (const u of uses) if (u['real-estate'] != null) {
          t.set(`c:${u['real-estate']}`, { label: 'Raise this column.', activate: () => this.useEffect(u) });
        }
      } else if (eff === 'bis') {
        const byTo = new Map();
        for (const u of uses) if (u.bis) {
          const k = hk(u.bis.to);
          if (!byTo.has(k)) byTo.set(k, []);
          byTo.get(k).push(u);
        }
        for (const list of byTo.values()) {
          const to = list[0].bis.to;
          const label = list.length === 1
            ? `Write a bis copy of ${houseName(list[0].bis.from)} here.`
            : 'Write a bis copy here: choose which neighbour to copy.';
          t.set(`h:${to[0]}:${to[1]}`, {
            label,
            badge: 'bis',
            selected: this.chooser && sameHouse(this.chooser.house, to),
            activate: () => {
              if (list.length === 1) return this.useEffect(list[0]);
              this.chooser = { kind: 'bis', house: to, uses: list };
              this.render();
              this.cfg.controls.querySelector('.chooser button')?.focus();
            },
          });
        }
      }
      return t;
    }
    if (stage === 'bonus') {
      const uses = o.bonuses || [];
      if (o.bonus === 'pool') {
        for (const u of uses) if (u.pool) {
          t.set(`h:${u.pool[0]}:${u.pool[1]}`, { label: 'Circle this pool (ghost bonus).', badge: 'pool', activate: () => this.useBonus(u) });
        }
      } else if (o.bonus === 'park') {
        for (const u of uses) if (u.park != null) {
          t.set(`p:${u.park}`, { label: `Cross the next park of street ${u.park} (ghost bonus).`, activate: () => this.useBonus(u) });
        }
      } else if (o.bonus === 'extension') {
        const byTo = new Map();
        for (const u of uses) if (u.extension) {
          const k = hk(u.extension.to);
          if (!byTo.has(k)) byTo.set(k, []);
          byTo.get(k).push(u);
        }
        for (const list of byTo.values()) {
          const to = list[0].extension.to;
          t.set(`h:${to[0]}:${to[1]}`, {
            label: list.length === 1
              ? `Write an Extension copy of ${houseName(list[0].extension.from)} here (ghost bonus, no box crossed).`
              : 'Write an Extension copy here (ghost bonus, no box crossed): choose which neighbour to copy.',
            badge: 'bis',
            selected: this.chooser && sameHouse(this.chooser.house, to),
            activate: () => {
              if (list.length === 1) return this.useBonus(list[0]);
              this.chooser = { kind: 'extension', house: to, uses: list };
              this.render();
              this.cfg.controls.querySelector('.chooser button')?.focus();
            },
          });
        }
      }
      return t;
    }
    if (stage === 'finish' && this.mode === 'plan' && this.planSel) {
      const claims = this.planClaims(this.planSel.plan);
      const sel = this.planSel.estates;
      const selKeys = new Set(sel.map(hk));
      const candidates = new Map();
      for (const c of claims) {
        const ks = c.estates.map(hk);
        if (![...selKeys].every((k) => ks.includes(k))) continue;
        for (const e of c.estates) candidates.set(hk(e), e);
      }
      for (const e of sel) candidates.set(hk(e), e);
      for (const first of candidates.values()) {
        const houses = estateHouses(o.derived, first);
        const chosen = selKeys.has(hk(first));
        for (const h of houses) {
          t.set(`h:${h[0]}:${h[1]}`, {
            label: `${chosen ? 'Remove' : 'Use'} the estate of ${houses.length} from ${houseName(first)} for plan ${this.planShort(this.planSel.plan)}.`,
            selected: chosen,
            activate: () => this.toggleEstate(first),
          });
        }
      }
    }
    return t;
  }

  /** Plan n° `plan` (1-based) as the edition names it after "plan": "A" or "n°1". */
  planShort(plan) {
    return planShort(this.cfg.edition ?? editionOfSheet(this.cfg.layout), plan - 1);
  }

  planClaims(plan) {
    return ((this.opts && this.opts.claims) || []).filter((c) => c.plan === plan);
  }

  toggleEstate(first) {
    const sel = this.planSel.estates;
    const i = sel.findIndex((e) => sameHouse(e, first));
    if (i >= 0) sel.splice(i, 1);
    else sel.push(first);
    const keys = new Set(sel.map(hk));
    const match = this.planClaims(this.planSel.plan).find(
      (c) => c.estates.length === sel.length && c.estates.every((e) => keys.has(hk(e))),
    );
    if (match) return this.addClaim(match);
    this.render();
  }

  // ----- drawing -----

  render() {
    if (this.dead) return;
    this.renderSheet();
    this.renderControls();
    const stage = this.opts ? this.stage() : null;
    if (stage !== this.lastStage) {
      if (this.lastStage && (stage === 'finish' || stage === 'choice' || stage === 'cross' || stage === 'circle' || stage === 'unplayed' || stage === 'effect' && !this.targets().size)) this.showControls();
      // the hordes to slow are chosen in the controls: take the keyboard there, and on to the cards
      if (stage === 'ammo') this.cfg.controls.querySelector('[data-horde]')?.focus();
      if (this.lastStage === 'ammo' && stage === 'place') this.cfg.controls.querySelector('button.card:enabled')?.focus();
      if (stage === 'unplayed') this.cfg.controls.querySelector('[data-ctl="confirm"]')?.focus();
      // the card to pass on is chosen in the controls: take the keyboard there, then on to confirm
      if (stage === 'pass') {
        this.showControls();
        this.cfg.controls.querySelector('[data-pass-card]')?.focus();
      }
      // (once the answer is in: the button is disabled while it is asked for)
      if (this.lastStage === 'pass' && stage === 'finish') this.pendingFocus = '[data-ctl="confirm"]:enabled';
      // the objective is chosen in the controls: take the keyboard there, and on to the cards
      if (stage === 'objective') this.cfg.controls.querySelector('[data-objective]')?.focus();
      if (this.lastStage === 'objective' && stage === 'place') this.cfg.controls.querySelector('button.card:enabled')?.focus();
      if (stage === 'bonus' && this.targets().size) this.showSheet();
      // the ghost or candy is chosen in the controls: take the keyboard there
      if (stage === 'circle') this.cfg.controls.querySelector('[data-treat]')?.focus();
      if (stage === 'bonus') this.cfg.controls.querySelector('[data-bonus-use]')?.focus();
      if (stage === 'effect' && this.targets().size) this.showSheet();
      // the truck question is asked in the controls: take the keyboard there
      if (stage === 'choice') this.cfg.controls.querySelector('[data-choice]')?.focus();
      if (stage === 'cross') this.cfg.controls.querySelector('[data-cross]')?.focus();
      // once crossed off, the keyboard goes on to the cards
      if (this.lastStage === 'cross' && stage === 'place') this.cfg.controls.querySelector('button.card:enabled')?.focus();
      this.lastStage = stage;
    } else if (stage === 'circle' || stage === 'bonus' || stage === 'cross' || stage === 'ammo' || stage === 'pass') {
      // a second ghost/candy house, bonus, crossing or Zombie card in a row: the keyboard stays
      // on the choice
      const c = this.cfg.controls;
      const first = { circle: '[data-treat]', bonus: '[data-bonus-use]', cross: '[data-cross]', ammo: '[data-horde]:enabled, [data-ctl="ammo-confirm"]', pass: '[data-pass-card]' }[stage];
      if (!document.activeElement || document.activeElement === document.body) c.querySelector(first)?.focus();
    }
    // a focus asked for while the controls were busy, once they are not
    if (this.pendingFocus && !this.busy) {
      const target = this.cfg.controls.querySelector(this.pendingFocus);
      this.pendingFocus = null;
      const now = document.activeElement;
      if (target && (!now || now === document.body || now.disabled || !this.cfg.controls.contains(now))) target.focus();
    }
    this.cfg.onChange?.(this);
  }

  renderSheet() {
    const o = this.opts;
    const sheet = o && o.sheet ? o.sheet : this.cfg.base;
    const score = o && o.score ? o.score : this.cfg.baseScore;
    const fresh = new Set();
    const base = this.cfg.base;
    sheet.streets.forEach((st, si) => st.houses.forEach((h, i) => {
      if (h !== base.streets[si].houses[i]) fresh.add(`${si + 1},${i + 1}`);
    }));
    const chosen = new Set();
    if (this.mode === 'plan' && this.planSel && o) {
      for (const e of this.planSel.estates) for (const h of estateHouses(o.derived, e)) chosen.add(hk(h));
    }
    if (this.chooser) chosen.add(hk(this.chooser.house));
    let pending = null;
    if (this.stage() === 'choice') {
      const b = this.draft.play.build;
      chosen.add(hk(b.house));
      pending = { house: hk(b.house), number: b.number };
    }
    let circle = null;
    if (this.stage() === 'circle') {
      circle = hk(o.circle);
      chosen.add(circle);
    }
    const saucer = this.stage() === 'effect' && this.canInfiltrate() ? hk(this.draft.play.build.house) : null;
    const derived = o && o.derived ? o.derived : this.cfg.baseDerived;
    renderSheet(this.cfg.sheetEl, { sheet, score, derived, layout: this.cfg.layout }, {
      edition: this.cfg.edition,
      targets: this.targets(),
      marks: { fresh, chosen, pending, circle, saucer },
      label: this.cfg.sheetLabel || 'Your sheet',
      city: this.cfg.city,
      solo: this.cfg.solo,
      plans: this.cfg.plans,
      aaaHalves: this.cfg.aaaHalves,
    });
    if (score) this.cfg.sheetEl.append(el('p', { class: 'score-line', id: 'my-score-line' }, scoreText(score)));
  }

  offerView() {
    const offer = this.cfg.offer;
    const o = this.opts;
    // a crossing owed or the objective to circle first: the cards wait
    const crossing = !!o && ['cross', 'objective', 'ammo', 'unplayed'].includes(this.stage());
    const locked = !!this.draft.play || this.submitted || this.busy || crossing;
    const wrap = el('div', { class: 'offer', role: 'group', 'aria-label': 'Cards this round' });
    if (this.nothingOffered()) {
      wrap.append(el('p', { class: 'hint', id: 'nothing-offered' }, offer.hand
        ? 'No cards this round: the draw pile ran out, so the game ends.'
        : 'No cards this round: pile 1 has no number left, so the game ends.'));
    }
    if (offer.combinations) {
      offer.combinations.forEach((c, i) => {
        const pick = { combination: i + 1 };
        const fits = o ? this.placementsFor(pick).length : 0;
        const next = this.cfg.nextEffects && this.cfg.nextEffects[i];
        const pressed = (this.pick && samePick(this.pick, pick)) || (this.draft.play?.build && samePick(this.draft.play.build.pick, pick));
        wrap.append(el('button', {
          class: 'card', type: 'button', 'data-combination': i + 1, 'data-ctl': `combo-${i + 1}`,
          'aria-pressed': pressed ? 'true' : 'false',
          'aria-label': `Combination ${i + 1}: number ${c.number}, ${effectLabel(c.effect)}${o && !crossing ? (fits ? `, fits in ${plural(fits, 'place')}` : ', fits nowhere') : ''}`,
          title: `${effectLabel(c.effect)}: ${effectHelp(c.effect)}`,
          disabled: locked || (o && !fits) ? true : null,
          onclick: () => this.choosePick(pick),
        },
        el('span', { class: 'tag' }, `stack ${i + 1}`),
        el('span', { class: 'num' }, c.number),
        el('span', { class: 'eff', html: `${iconSvg(c.effect, 20)}<span>${effectLabel(c.effect)}</span>` }),
        next ? el('span', { class: 'next', html: `next: ${iconSvg(next, 14)} ${effectLabel(next)}` }) : null,
        ));
      });
    } else if (offer.hand) {
      const placements = (o && o.placements) || [];
      // American Dream: the second card gives no effect, only the action that makes a house perfect
      const eff = hasActions(this.cfg.layout) ? 'effect' : 'action';
      offer.hand.forEach((text, i) => {
        const card = parseCard(text);
        const n = i + 1;
        let role = null;
        if (this.handNum === n) role = 'number';
        else if (this.handEff === n) role = 'effect';
        let playable = true;
        if (o && !locked && offer.hand.length === 2) {
          // a hand of two: a card is the number card when its number fits somewhere
          playable = this.handNum === n || placements.some((p) => p.pick.hand && p.pick.hand[0] === n);
        } else if (o && !locked) {
          if (this.handNum == null) playable = placements.some((p) => p.pick.hand && p.pick.hand[0] === n);
          else if (this.handEff == null && this.handNum !== n) playable = placements.some((p) => p.pick.hand && p.pick.hand[0] === this.handNum && p.pick.hand[1] === n);
        }
        const inPlay = this.draft.play?.build?.pick?.hand;
        if (inPlay) role = inPlay[0] === n ? 'number' : inPlay[1] === n ? 'effect' : null;
        const passed = this.draft.play?.refuse?.pass === n || (this.passCard === n && !this.draft.play)
          || this.passedCard() === n;
        const pass = this.cfg.passing;
        const who = (seat) => (this.cfg.seatNames && this.cfg.seatNames[seat]) || `seat ${seat}`;
        const arrived = pass && pass.received === n;
        wrap.append(el('button', {
          class: `card${role ? ` role-${role}` : ''}`, type: 'button', 'data-card': n, 'data-ctl': `card-${n}`,
          'aria-pressed': role ? 'true' : 'false',
          title: `${effectLabel(card.effect)}: ${effectHelp(card.effect)}`,
          'aria-label': `Card ${n}: number ${card.number}, ${eff} ${effectLabel(card.effect)}${role ? `, used for its ${role === 'effect' ? eff : role}` : ''}${passed ? (pass ? `, passed to ${who(pass.to)}` : this.cfg.aaa ? ', given to the AAA' : ', passed on') : ''}${arrived ? `, passed to you by ${who(pass.from)}` : ''}`,
          disabled: locked || !playable ? true : null,
          onclick: () => this.clickHandCard(n),
        },
        el('span', { class: 'tag' }, `${role === 'number' ? 'number ✓' : role === 'effect' ? `${eff} ✓` : ''}${role && passed ? ' · ' : ''}${passed ? (this.cfg.aaa && !pass ? 'to the AAA' : 'passed') : ''}` || `card ${n}`),
        el('span', { class: 'num' }, card.number),
        el('span', { class: 'eff', html: `${iconSvg(card.effect, 20)}<span>${effectLabel(card.effect)}</span>` }),
        passed && pass ? el('span', { class: 'pass-note', 'data-passed-to': pass.to }, `→ to ${who(pass.to)}`) : null,
        passed && !pass && this.cfg.aaa ? el('span', { class: 'pass-note', 'data-passed-to': 'aaa' }, '→ to the AAA') : null,
        arrived ? el('span', { class: 'pass-note', 'data-received-from': pass.from }, `← from ${who(pass.from)}`) : null,
        ));
      });
    }
    return wrap;
  }

  /**
   * Expert: the hand card that is neither the number nor the effect card goes to a neighbour;
   * of a hand of two (Zombies, expert and AAA), the one of the two chosen at the pass stage.
   */
  passedCard() {
    if ((this.cfg.offer.hand || []).length === 2) return this.draft.play?.build?.pass ?? null;
    if (!this.cfg.passing) return null;
    const h = this.draft.play?.build?.pick?.hand || this.pick?.hand;
    if (!h) return null;
    return [1, 2, 3].find((k) => !h.includes(k)) ?? null;
  }

  clickHandCard(n) {
    this.cfg.onAct?.();
    this.chooser = null;
    if (this.handNum === n) {
      this.handNum = null;
      this.handEff = null;
      this.pick = null;
    } else if ((this.cfg.offer.hand || []).length === 2) {
      // a hand of two (Zombies): the other card gives the effect
      this.handNum = n;
      this.handEff = 3 - n;
      this.pick = { hand: [n, this.handEff] };
    } else if (this.handNum == null) {
      this.handNum = n;
      this.handEff = null;
      this.pick = null;
    } else if (this.handEff === n) {
      this.handEff = null;
      this.pick = null;
    } else {
      this.handEff = n;
      this.pick = { hand: [this.handNum, n] };
    }
    this.render();
    if (this.pick) this.showSheet();
  }

  /**
   * The Halloween tiers that may be claimed now: one button per tier and bonus option. A ghost
   * tier's bonuses are used right after it is claimed; a candy tier scores at the end.
   */
  tierChoices(tiers, plansOpen) {
    const o = this.opts;
    const c = treatCounts(this.cfg.layout, o.sheet || this.cfg.base) || { ghosts: 0, candies: 0 };
    const candyTiers = (this.cfg.layout.halloween || {}).candy_tiers || [];
    const box = el('div', { class: 'tier-claims', role: 'group', 'aria-labelledby': 'tier-prompt' });
    const head = el('p', { class: 'hint', id: 'tier-prompt' },
      `Halloween tiers: you have ${c.ghosts} ${c.ghosts === 1 ? 'ghost' : 'ghosts'} and ${c.candies} ${c.candies === 1 ? 'candy' : 'candies'}. Claim a tier now, or keep counting (one ghost tier and one candy tier per game, the ghost tier first).`);
    head.append(helpTip('Halloween tiers', HALLOWEEN_HELP.tiers));
    box.append(head);
    if (plansOpen) box.append(el('p', { class: 'hint' }, 'Validate your plans first: once a tier is claimed, no plan can be validated this turn.'));
    const row = el('div', { class: 'choices' });
    for (const t of tiers) {
      const what = t.treat === 'ghost'
        ? bonusesText(t.gives)
        : `${candyTiers.find((x) => x.need === t.need)?.points ?? '?'} points at the end`;
      const id = `tier-${t.treat}-${t.need}${t.option != null ? `-${t.option}` : ''}`;
      row.append(el('button', {
        type: 'button', class: 'primary', 'data-ctl': id, 'data-tier': `${t.treat}-${t.need}`, 'data-option': t.option ?? null,
        'aria-label': `Claim the ${t.treat} tier ${t.need}: ${what}`,
        disabled: this.busy ? true : null,
        onclick: () => this.claimTier(t),
        html: `${iconSvg(t.treat, 18)} ${t.treat === 'ghost' ? 'Ghost' : 'Candy'} tier ${t.need}: ${what}`,
      }));
    }
    box.append(row);
    return box;
  }

  /**
   * American Dream against the AAA: a Validation card came up, so the player crosses off one
   * open street bonus, then two open column bonuses (as many as are left), one button each (or
   * the bonus tapped on the sheet), before anything else is played.
   */
  gridCrossChoices() {
    const o = this.opts;
    const v = this.cfg.layout.american_dream || {};
    const box = el('div', { class: 'cross-choices' });
    const items = o.cross.map((item) => ({ item, ...crossItem(item, this.cfg.layout) }));
    const streets = items[0] && items[0].kind === 'street';
    box.append(el('h3', { id: 'cross-prompt' }, `A Validation card came up: cross off ${streets ? 'a street bonus' : 'a column bonus'}`));
    const left = [[o.sheet?.owed || 0, 'street'], [o.sheet?.owed_columns || 0, 'column']]
      .filter(([n]) => n > 0).map(([n, kind]) => `${n} ${kind} bonus${n > 1 ? 'es' : ''}`).join(' and ');
    box.append(el('p', { class: 'hint' }, `Each Validation card has you cross off 1 street bonus and 2 column bonuses still open, before you play${left ? ` (${left} to go)` : ''}. Choose below or tap the bonus on the sheet. A crossed-off bonus is lost for good, and the AAA scores ${v.street_bonus ?? 10} per street bonus crossed off.`));
    const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'cross-prompt' });
    for (const { item, kind, n } of items) {
      row.append(el('button', {
        type: 'button', class: 'primary', 'data-ctl': `cross-${item}`, 'data-cross': item, 'data-cross-kind': kind,
        'aria-label': `Cross off the ${kind} ${n} bonus`,
        disabled: this.busy ? true : null,
        onclick: () => this.crossBonus(item),
      }, kind === 'street' ? `Street ${n} bonus (${v.street_bonus ?? ''})` : `Column ${n} bonus (×${v.column_multiplier ?? ''})`));
    }
    box.append(row);
    for (const item of this.draft.cross || []) {
      const c = crossItem(item, this.cfg.layout);
      box.append(el('p', { class: 'hint' }, `${c.kind === 'street' ? 'Street' : 'Column'} ${c.n} bonus crossed off.`));
    }
    return box;
  }

  /** Zombies: what this turn's Zombie cards did, as hints: the hordes slowed, the houses invaded. */
  ammoNotes(hint) {
    const cards = this.cfg.zombieCards || [];
    (this.draft.ammo || []).forEach((set, i) => {
      const name = (ZOMBIE_CARDS[cards[i]] || {}).name || 'Zombie';
      hint(`${name} Zombie card: ${set.length ? `slowed ${set.map(hordeName).join(' and ')}` : 'no horde slowed'}.`);
    });
    const inv = this.invadedNow();
    if (inv.length) hint(`Invaded by the hordes this turn: ${inv.map(houseName).join(', ')}.`);
  }

  /**
   * Roswell, the seat's first turn: the four infiltration objectives, one button each, before
   * anything else is played.
   */
  objectiveChoices() {
    const objectives = (this.cfg.layout.roswell || {}).objectives || [];
    const failure = (this.cfg.layout.roswell || {}).failure ?? 2;
    const box = el('div', { class: 'objective-choices' });
    const h = el('h3', { id: 'objective-prompt' }, 'Circle your infiltration objective');
    h.append(helpTip('infiltration objectives', ROSWELL_HELP.objective));
    box.append(h);
    box.append(el('p', { class: 'hint' }, `Choose it once, for the whole game, before you play your first card. At the end each infiltrated estate scores the points of your objective when their number is in its range, else ${failure}.`));
    const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'objective-prompt' });
    for (const k of this.opts.objectives) {
      const obj = objectives[k - 1];
      row.append(el('button', {
        type: 'button', class: 'primary', 'data-ctl': `objective-${k}`, 'data-objective': k,
        'aria-label': `Objective ${k}: ${obj ? objectiveText(obj) : ''}`,
        disabled: this.busy ? true : null,
        onclick: () => this.chooseObjective(k),
      }, obj ? `${objectiveRange(obj)} estates: ${obj.points} each` : `Objective ${k}`));
    }
    box.append(row);
    return box;
  }

  /**
   * Roswell: the number just written is under a saucer, so infiltrating (circling the saucer)
   * may take the place of the action. `only`: the action itself has no use here.
   */
  infiltrateHint(only) {
    const [s, h] = this.draft.play.build.house;
    const where = `Street ${s} house ${h} is under a flying saucer`;
    const text = only
      ? `${where}: infiltrate (circle the saucer), or skip. The ${effectLabel(this.effect())} has no use here.`
      : `${where}: use the ${effectLabel(this.effect())}, or infiltrate instead (circle the saucer, also on the sheet), or skip.`;
    const p = el('p', { class: 'hint', id: 'infiltrate-hint' }, text);
    p.append(helpTip('infiltration', ROSWELL_HELP.infiltrate));
    return p;
  }

  /** Zombies: the Zombie cards of the round, the one resolved now marked. */
  zombieCardsView() {
    const cards = this.cfg.zombieCards || [];
    if (!cards.length) return null;
    const now = this.opts && this.opts.ammo ? this.opts.ammo.index - 1 : cards.length;
    return el('div', { class: 'zombie-cards', role: 'group', 'aria-label': 'Zombie cards this round', id: 'zombie-cards' },
      el('span', {}, cards.length > 1 ? 'Zombie cards this round:' : 'Zombie card this round:'),
      cards.map((c, i) => el('span', {
        class: `zombie-card${i === now ? ' now' : ''}`, role: 'img', 'data-zombie-card': c, title: zombieCardText(c),
        'aria-label': `${zombieCardText(c)}${i < now ? ', resolved' : i === now ? ', resolved now' : ''}`,
      }, `${(ZOMBIE_CARDS[c] || {}).name || c}${i < now ? ' ✓' : ''}`)));
  }

  /**
   * Zombies: a Zombie card came up: one toggle per horde it moves (slowed with an ammo, it stays
   * where it is; the others trace their next arrow), then a confirmation.
   */
  ammoChoices() {
    const a = this.opts.ammo;
    const box = el('div', { class: 'ammo-choices' });
    const c = ZOMBIE_CARDS[a.card] || { name: a.card, moves: 'hordes move' };
    const h = el('h3', { id: 'ammo-prompt' }, `${a.cards > 1 ? `Zombie card ${a.index} of ${a.cards}, ` : 'Zombie card '}${c.name}: ${c.moves}`);
    h.append(helpTip('slowing hordes', ZOMBIES_HELP.ammo));
    box.append(h);
    const hordes = new Map(((this.opts.derived || {}).hordes || []).map((x) => [hordeKey(x), x]));
    const rule = 'A horde invades the house its arrow reaches unless a barricade, a roundabout or a Z stops it.';
    box.append(el('p', { class: 'hint' }, !a.moving.length
      ? 'No horde it moves has an arrow left: nothing moves.'
      : a.left
        ? `Choose the hordes to slow with your ammo, one each (${a.left} left: up to ${Math.min(a.left, a.moving.length)}), here or on the sheet; the others move along their next arrow. ${rule}`
        : `You have no ammo left to slow them: they move along their next arrow. ${rule}`));
    const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'ammo-prompt' });
    for (const m of a.moving) {
      const k = hordeKey(m);
      const x = hordes.get(k);
      const on = this.slowSel.has(k);
      const full = !on && this.slowSel.size >= a.left;
      const where = x && x.next != null ? `, next arrow to house ${x.next}${x.next_invades ? ' (it would invade it)' : ' (stopped there)'}` : '';
      row.append(el('button', {
        type: 'button', class: 'slow', 'data-ctl': `slow-${m.street}-${m.side}`, 'data-horde': k,
        'aria-pressed': on ? 'true' : 'false',
        'aria-label': `Slow ${hordeName(m)}${where}`,
        disabled: this.busy || full ? true : null,
        onclick: () => this.toggleSlow(m),
      }, `${on ? '✕ Slowed: ' : 'Slow '}street ${m.street} ${m.side}${x && x.next != null ? ` (→ house ${x.next}${x.next_invades ? ', invades' : ''})` : ''}`));
    }
    if (a.moving.length) box.append(row);
    const n = this.slowSel.size;
    box.append(el('div', { class: 'choices' }, el('button', {
      type: 'button', class: 'primary', 'data-ctl': 'ammo-confirm', 'data-action': 'ammo-confirm',
      disabled: this.busy || !this.slowChoice() ? true : null,
      onclick: () => this.confirmAmmo(),
    }, n ? `Slow ${n} ${n === 1 ? 'horde' : 'hordes'} (${n} ammo), move the others` : !a.moving.length ? 'Go on' : a.left ? 'Slow none: let them move' : 'Let them move')));
    return box;
  }

  /**
   * Zombies, a hand of two (expert, AAA): both cards were used, one for its number and the other
   * for its effect; one button per card to pass it on (or give it to the AAA), the other being
   * discarded.
   */
  passChoices() {
    const aaa = !!this.cfg.aaa;
    const to = this.passTarget();
    const eff = hasActions(this.cfg.layout) ? 'effect' : 'action';
    const box = el('div', { class: 'pass-choices' });
    const h = el('h3', { id: 'pass-prompt' }, aaa ? 'Which card do you give the AAA?' : `Which card do you pass on${to ? ` to ${to}` : ''}?`);
    h.append(helpTip('a hand of two', ZOMBIES_HELP.pass));
    box.append(h);
    if (this.notice) box.append(el('p', { class: 'hint' }, this.notice));
    box.append(el('p', { class: 'hint' }, aaa
      ? `You used both cards of your hand, one for its number and the other for its ${eff}. One of the two goes on the AAA’s pile, where its action scores for the AAA; the other is discarded.`
      : `You used both cards of your hand, one for its number and the other for its ${eff}. One of the two goes face down to ${to || 'your left neighbour'}, who plays it next turn; the other is discarded.`));
    const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'pass-prompt' });
    for (const p of this.opts.pass) {
      const what = `${p.number} ${effectLabel(p.effect)}`;
      const used = p.used === 'number' ? `you wrote its number, ${p.number}` : `you used its ${eff}`;
      row.append(el('button', {
        type: 'button', class: 'pass-card', 'data-ctl': `pass-card-${p.card}`, 'data-pass-card': p.card, 'data-used': p.used,
        'aria-label': aaa ? `Give the AAA card ${p.card}, ${what} (${used})` : `Pass card ${p.card}, ${what}, on${to ? ` to ${to}` : ''} (${used})`,
        disabled: this.busy ? true : null,
        onclick: () => this.passOn(p.card),
        html: `${iconSvg(p.effect, 18)}<span>${aaa ? 'Give the AAA' : 'Pass'} ${p.number} ${effectLabel(p.effect)}${aaa ? '' : ' on'} <span class="pass-use">(${p.used === 'number' ? 'number' : eff} card)</span></span>`,
      }));
    }
    box.append(row);
    return box;
  }

  renderControls() {
    const c = this.cfg.controls;
    const focusedId = c.contains(document.activeElement) ? document.activeElement.dataset.ctl : null;
    const o = this.opts;
    const stage = this.stage();
    const parts = [];
    const zc = this.zombieCardsView();
    if (zc) parts.push(zc);
    parts.push(this.offerView());

    const step = el('div', { class: 'step', 'aria-live': 'polite' });
    const hint = (t) => step.append(el('p', { class: 'hint' }, t));
    // how the controls work, in general: left out where room is short (a phone's bar)
    const how = (t) => step.append(el('p', { class: 'hint how' }, t));
    const buttons = el('div', { class: 'choices' });

    if (stage === 'submitted') {
      step.append(el('h3', {}, 'Turn confirmed'));
      hint(turnText(this.submitted, this.cfg.offer, (k) => this.planShort(k + 1), this.cfg.layout));
      // who the round waits for, by name: on a phone the players' list is far down the page
      const waiting = this.cfg.waitingFor;
      step.append(el('p', { class: 'hint', id: 'waiting-for' }, waiting && waiting.length
        ? `Waiting for ${listText(waiting)} to confirm.`
        : 'Waiting for the other players.'));
      how('You can still restart your turn until the round resolves.');
    } else if (!o) {
      hint(this.busy ? 'Loading…' : 'Waiting for the table…');
    } else if (stage === 'ammo') {
      step.append(this.ammoChoices());
    } else if (stage === 'unplayed') {
      step.append(el('h3', {}, 'The game ends: nothing to play'));
      hint(this.cfg.offer.hand
        ? `The draw pile ran out${this.cfg.aaa ? '' : ' for the last time'}, so this round deals no cards.${(this.cfg.zombieCards || []).length ? ' The Zombie cards that came up are resolved;' : ''} confirm to end the game.`
        : 'Pile 1 has no number left, so this round offers no cards. The Zombie cards that came up with the last flip are resolved; confirm to end the game.');
      const inv = this.invadedNow();
      if (inv.length) hint(`Invaded: ${inv.map(houseName).join(', ')}.`);
    } else if (stage === 'objective') {
      step.append(this.objectiveChoices());
    } else if (stage === 'cross' && !hasActions(this.cfg.layout)) {
      step.append(this.gridCrossChoices());
    } else if (stage === 'cross') {
      step.append(el('h3', { id: 'cross-prompt' }, 'A Validation card came up: cross off one open end-of-route bonus'));
      const owed = Math.max(1, ((o.sheet && o.sheet.owed) || 0));
      hint(`Choose the street whose bonus you cross off before you play${owed > 1 ? ` (${owed} bonuses to cross off, one at a time)` : ''}. A crossed-off bonus is lost for good.`);
      const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'cross-prompt' });
      for (const street of o.cross) {
        row.append(el('button', {
          type: 'button', class: 'primary', 'data-ctl': `cross-${street}`, 'data-cross': street,
          disabled: this.busy ? true : null,
          onclick: () => this.crossBonus(street),
        }, `Street ${street} bonus`));
      }
      step.append(row);
    } else if (stage === 'place') {
      if (o.refuse) {
        step.append(el('h3', {}, 'Nothing fits'));
        hint('None of the offered numbers can be written in any house. You must take a building-permit refusal.');
        if (o.refuse.pass) {
          hint(this.cfg.aaa ? 'AAA solo: choose the card you give to the AAA.' : 'Expert mode: choose the card you pass on.');
          const passRow = el('div', { class: 'choices', role: 'group', 'aria-label': this.cfg.aaa ? 'Card to give the AAA' : 'Card to pass' });
          (this.cfg.offer.hand || []).forEach((text, i) => {
            const c = parseCard(text);
            passRow.append(el('button', {
              type: 'button', 'data-ctl': `pass-${i + 1}`, 'aria-pressed': this.passCard === i + 1 ? 'true' : 'false',
              'aria-label': `${this.cfg.aaa ? 'Give the AAA' : 'Pass on'} card ${i + 1}: ${c.number} ${effectLabel(c.effect)}`,
              onclick: () => { this.passCard = i + 1; this.render(); },
            }, `${this.cfg.aaa ? 'Give the AAA' : 'Pass'} ${c.number} ${effectLabel(c.effect)}`));
          });
          step.append(passRow);
        }
        buttons.append(el('button', {
          type: 'button', class: 'primary', 'data-ctl': 'refuse', 'data-action': 'refuse',
          disabled: (o.refuse.pass && !this.passCard) || this.busy ? true : null,
          onclick: () => this.refuse(),
        }, 'Building-permit refusal'));
      } else if (this.mode === 'roundabout') {
        step.append(el('h3', {}, 'Roundabout'));
        hint('Choose a highlighted empty house to build a roundabout there.');
      } else if (!this.pick) {
        const actions = hasActions(this.cfg.layout);
        step.append(el('h3', {}, this.cfg.offer.hand ? (this.handNum ? `Choose the ${actions ? 'effect' : 'action'} card` : 'Choose the number card') : 'Choose a combination'));
        const two = (this.cfg.offer.hand || []).length === 2;
        // (a hand's use is told wherever it is played; picking a combination needs no telling)
        (this.cfg.offer.hand ? hint : how)(this.cfg.offer.hand
          ? (two ? `Pick the card whose number you write; the other card gives its effect. Then you choose which of the two ${this.cfg.aaa ? 'goes to the AAA' : 'you pass on'}.`
            : this.handNum ? (actions ? 'Pick a different card for its effect.' : 'Pick a different card for its action: a house of that family becomes perfect.') : 'Pick the card whose number you write.')
          : `Pick one of the ${['no', 'one', 'two', 'three'][(this.cfg.offer.combinations || []).length] || 'offered'} combinations; the houses where its number fits light up.`);
      } else {
        const r = resolvePick(this.cfg.offer, this.pick);
        const actions = hasActions(this.cfg.layout);
        step.append(el('h3', { html: `Write ${r.number}${r.effect === 'temp' && actions ? ' (±2)' : ''} ${iconSvg(r.effect, 18)} ${effectLabel(r.effect)}` }));
        how('Choose a highlighted house on the sheet (dashed outline). A house showing several numbers lets you choose.');
        if (!actions) {
          const colour = this.familyColour(r.effect);
          hint(`A house of the ${effectLabel(r.effect)} family${colour ? ` (${colour})` : ''} becomes perfect (circled) with this number; no action is used.`);
        }
        if (this.chooser && this.chooser.kind === 'number') {
          const ch = el('div', { class: 'chooser', role: 'group', 'aria-label': `Number for ${houseName(this.chooser.house)}` });
          ch.append(el('p', { class: 'hint' }, `Which number in ${houseName(this.chooser.house)}?`));
          const row = el('div', { class: 'choices' });
          for (const n of this.chooser.numbers) {
            row.append(el('button', { type: 'button', 'data-ctl': `num-${n}`, 'data-number': n, onclick: () => this.place(this.chooser.house, n) }, String(n)));
          }
          ch.append(row);
          step.append(ch);
        }
      }
      if (!o.refuse && this.cfg.advanced && !this.draft.roundabout && (o.roundabouts || []).length) {
        buttons.append(el('button', {
          type: 'button', 'data-ctl': 'roundabout', 'aria-pressed': this.mode === 'roundabout' ? 'true' : 'false',
          onclick: () => { this.mode = this.mode === 'roundabout' ? null : 'roundabout'; this.render(); },
        }, 'Roundabout first'));
      } else if (o.refuse && this.cfg.advanced && !this.draft.roundabout && (o.roundabouts || []).length) {
        buttons.append(el('button', {
          type: 'button', 'data-ctl': 'roundabout', 'aria-pressed': this.mode === 'roundabout' ? 'true' : 'false',
          onclick: () => { this.mode = this.mode === 'roundabout' ? null : 'roundabout'; this.render(); },
        }, 'Build a roundabout first'));
      }
      for (const item of this.draft.cross || []) {
        const c = crossItem(item, this.cfg.layout);
        hint(`${c.kind === 'street' ? 'Street' : 'Column'} ${c.n} bonus crossed off (a Validation card came up).`);
      }
      if (this.draft.objective != null) hint(`Infiltration objective ${this.draft.objective} circled.`);
      this.ammoNotes(hint);
    } else if (stage === 'choice') {
      const b = this.draft.play.build;
      step.append(el('h3', {}, `Which ice-cream truck drives street ${b.house[0]}?`));
      hint(`You write ${b.number} in ${houseName(b.house)}, your first number in this street: choose the truck that drives it. The other one is crossed off for good, and the chosen truck drives to this house at once.`);
      const row = el('div', { class: 'choices', role: 'group', 'aria-label': 'Truck' });
      for (const c of this.opts.choices) {
        const side = c.truck || 'other';
        row.append(el('button', { type: 'button', class: 'primary', 'data-ctl': `choice-${side}`, 'data-choice': side, onclick: () => this.choose(c) }, choiceButton(c)));
      }
      step.append(row);
    } else if (stage === 'circle') {
      const house = o.circle;
      const c = treatCounts(this.cfg.layout, o.sheet || this.cfg.base, house) || { ghosts: 0, candies: 0 };
      const h = el('h3', { id: 'circle-prompt' }, `Ghost or candy in ${houseName(house)}?`);
      h.append(helpTip('ghosts and candies', HALLOWEEN_HELP.circle));
      step.append(h);
      hint(`You numbered ${houseName(house)}, a house with a ghost and a candy: circle one of them. You must, and it is for good. So far you have ${c.ghosts} ${c.ghosts === 1 ? 'ghost' : 'ghosts'} and ${c.candies} ${c.candies === 1 ? 'candy' : 'candies'}.`);
      const needs = ((this.cfg.layout.halloween || {}).ghost_tiers || []).map((t) => t.need);
      if (needs.length) hint(`A tier is claimed with exactly ${needs.join(', ').replace(/, (\d+)$/, ' or $1')} of a kind: ghost tiers give pools, parks or Extensions at once, candy tiers score at the end.`);
      const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'circle-prompt' });
      for (const treat of ['ghost', 'candy']) {
        row.append(el('button', {
          type: 'button', class: 'primary', 'data-ctl': `treat-${treat}`, 'data-treat': treat,
          'aria-label': `Circle the ${treat} of ${houseName(house)}`,
          disabled: this.busy ? true : null,
          onclick: () => this.circle(treat),
          html: `${iconSvg(treat, 20)} Circle the ${treat}`,
        }));
      }
      step.append(row);
    } else if (stage === 'bonus') {
      const tier = (this.draft.tiers || [])[(this.draft.tiers || []).length - 1];
      const h = el('h3', { id: 'bonus-prompt' }, BONUS_TITLE[o.bonus] || `Ghost bonus: ${o.bonus}`);
      h.append(helpTip('ghost bonuses', HALLOWEEN_HELP.bonus));
      step.append(h);
      const ranks = (this.cfg.layout.halloween || {}).ghost_tiers || [];
      const gives = tier && tier.option ? (ranks.find((r) => r.need === tier.need)?.options || [])[tier.option - 1] : null;
      if (tier && gives) hint(`The ${tier.need}-ghost tier gives ${bonusesText(gives)}, used one at a time. A bonus with no place to go is lost.`);
      for (const u of (tier && tier.bonuses) || []) hint(`Done: ${bonusUseText(u)}.`);
      const uses = o.bonuses || [];
      const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'bonus-prompt' });
      if (o.bonus === 'pool') {
        hint('Choose a pool not yet circled, on any house (highlighted on the sheet, or below): it counts as a built pool and crosses a pool box.');
        // one line per street, its houses' pools on it
        const streets = [...new Set(uses.filter((u) => u.pool).map((u) => u.pool[0]))];
        for (const st of streets) {
          const line = el('div', { class: 'choices pool-line', role: 'group', 'aria-label': `Pools of street ${st}` }, el('span', { class: 'choices-label' }, `Street ${st}:`));
          for (const u of uses) if (u.pool && u.pool[0] === st) {
            const hh = u.pool[1];
            line.append(el('button', {
              type: 'button', 'data-ctl': `bonus-pool-${st}-${hh}`, 'data-bonus-use': `pool-${st}-${hh}`,
              'aria-label': `Circle the pool of ${houseName(u.pool)}`,
              disabled: this.busy ? true : null,
              onclick: () => this.useBonus(u),
            }, `House ${hh}`));
          }
          step.append(line);
        }
      } else if (o.bonus === 'park') {
        hint('Choose the street whose next park you cross (on the sheet, or below).');
        const sheet = o.sheet || this.cfg.base;
        for (const u of uses) if (u.park != null) {
          const parks = this.cfg.layout.streets[u.park - 1].parks;
          const crossed = sheet.streets[u.park - 1].parks;
          const at = (k) => parks[Math.min(k, parks.length - 1)];
          row.append(el('button', {
            type: 'button', class: 'primary', 'data-ctl': `bonus-park-${u.park}`, 'data-bonus-use': `park-${u.park}`,
            'aria-label': `Cross the next park of street ${u.park}: its parks go from ${at(crossed)} to ${at(crossed + 1)} points`,
            disabled: this.busy ? true : null,
            onclick: () => this.useBonus(u),
          }, `Street ${u.park} park: ${at(crossed)}→${at(crossed + 1)}`));
        }
      } else if (o.bonus === 'extension') {
        hint('Choose a highlighted empty house next to a number: that number is copied there as an Extension (bis) house, and no Extension box is crossed. A ghost/candy house asks for its circle.');
        if (this.chooser && this.chooser.kind === 'extension') {
          const ch = el('div', { class: 'chooser', role: 'group', 'aria-label': 'Number to copy' });
          ch.append(el('p', { class: 'hint' }, `Copy which neighbour into ${houseName(this.chooser.house)}?`));
          const crow = el('div', { class: 'choices' });
          for (const u of this.chooser.uses) {
            const num = o.sheet.streets[u.extension.from[0] - 1].houses[u.extension.from[1] - 1];
            crow.append(el('button', { type: 'button', 'data-ctl': `ext-${hk(u.extension.from)}`, 'data-bonus-use': `extension-${hk(u.extension.from)}`, onclick: () => this.useBonus(u) }, `${num} from house ${u.extension.from[1]}`));
          }
          ch.append(crow);
          step.append(ch);
        }
      }
      if (row.childNodes.length) step.append(row);
    } else if (stage === 'pass') {
      step.append(this.passChoices());
    } else if (stage === 'effect') {
      const eff = this.effect();
      const h = el('h3', { html: `${iconSvg(eff, 18)} ${effectLabel(eff)}` });
      h.append(helpTip(effectLabel(eff), effectHelp(eff)));
      step.append(h);
      const uses = o.effects || [];
      // Roswell: the action's own uses, without the infiltration offered next to them
      const actionUses = uses.filter((u) => u !== 'infiltrate');
      if (this.canInfiltrate()) step.append(this.infiltrateHint(!actionUses.length));
      if (this.canBarricade()) {
        const [s, hh] = this.draft.play.build.house;
        const p = el('p', { class: 'hint', id: 'barricade-hint' }, `Street ${s} house ${hh} is printed without a barricade: build one in front of it instead of a fence (also by tapping the house), or draw a fence, or skip.`);
        p.append(helpTip('barricades', ZOMBIES_HELP.barricade));
        step.append(p);
      }
      if (eff === 'surveyor') hint('Choose a highlighted fence slot on the sheet to draw a fence, or skip.');
      if (eff === 'real-estate') {
        hint('Choose the estate size whose value goes up (or its column on the sheet), or skip.');
        // buttons here too: on a phone the scoring area is a table, and they sit under the thumb
        const sheet = o.sheet || this.cfg.base;
        const row = el('div', { class: 'choices estate-sizes', role: 'group', 'aria-label': 'Estate size to raise' });
        for (const u of uses) if (u['real-estate'] != null) {
          const size = u['real-estate'];
          const values = (this.cfg.layout.real_estate || [])[size - 1] || [];
          const at = (k) => values[Math.min(k, values.length - 1)];
          const crossed = sheet.real_estate[size - 1];
          row.append(el('button', {
            type: 'button', 'data-ctl': `estate-${size}`, 'data-estate': size,
            'aria-label': `Raise estates of size ${size} from ${at(crossed)} to ${at(crossed + 1)} points`,
            onclick: () => this.useEffect(u),
          }, `Size ${size}: ${at(crossed)}→${at(crossed + 1)}`));
        }
        step.append(row);
      }
      if (eff === 'bis') hint('Choose a highlighted empty house next to a number to copy that number there (bis), or skip.');
      if (eff === 'temp') {
        hint('Hire a temp (cross a temp box)? Temps score by majority at the end.');
        for (const u of actionUses) {
          buttons.append(el('button', { type: 'button', class: 'primary', 'data-ctl': 'use', 'data-action': 'use-effect', onclick: () => this.useEffect(u) }, 'Hire a temp'));
        }
      }
      if ((eff === 'landscaper' || eff === 'pool') && actionUses.length) {
        hint(eff === 'pool' ? 'Build the pool of the house you just wrote?' : 'Cross the next park of this street?');
        for (const u of actionUses) {
          buttons.append(el('button', { type: 'button', class: 'primary', 'data-ctl': 'use', 'data-action': 'use-effect', onclick: () => this.useEffect(u) },
            eff === 'pool' ? 'Build the pool' : 'Cross a park'));
        }
      }
      if (this.chooser && this.chooser.kind === 'bis') {
        const ch = el('div', { class: 'chooser', role: 'group', 'aria-label': 'Number to copy' });
        ch.append(el('p', { class: 'hint' }, `Copy which neighbour into ${houseName(this.chooser.house)}?`));
        const row = el('div', { class: 'choices' });
        for (const u of this.chooser.uses) {
          const num = o.sheet.streets[u.bis.from[0] - 1].houses[u.bis.from[1] - 1];
          row.append(el('button', { type: 'button', 'data-ctl': `bis-${hk(u.bis.from)}`, onclick: () => this.useEffect(u) }, `${num} from house ${u.bis.from[1]}`));
        }
        ch.append(row);
        step.append(ch);
      }
      if (this.canInfiltrate()) {
        buttons.append(el('button', {
          type: 'button', class: 'primary', 'data-ctl': 'infiltrate', 'data-action': 'infiltrate',
          onclick: () => this.useEffect('infiltrate'),
        }, 'Infiltrate (circle the saucer instead of the action)'));
      }
      if (this.canBarricade()) {
        buttons.append(el('button', {
          type: 'button', class: 'primary', 'data-ctl': 'barricade', 'data-action': 'barricade',
          onclick: () => this.useEffect('barricade'),
        }, 'Build a barricade (instead of a fence)'));
      }
      buttons.append(el('button', { type: 'button', 'data-ctl': 'skip', 'data-action': 'skip-effect', onclick: () => this.skipEffect() }, `Skip ${effectLabel(eff)}`));
    } else if (stage === 'finish') {
      step.append(el('h3', {}, 'Finish your turn'));
      if (this.notice) hint(this.notice);
      const passed = this.passNote();
      if (passed) step.append(el('p', { class: 'hint', id: 'pass-note' }, passed));
      if (this.mode === 'roundabout') {
        hint('Choose a highlighted empty house to build a roundabout there.');
      }
      if (this.cfg.advanced && !this.draft.roundabout && (o.roundabouts || []).length) {
        buttons.append(el('button', {
          type: 'button', 'data-ctl': 'roundabout', 'aria-pressed': this.mode === 'roundabout' ? 'true' : 'false',
          onclick: () => { this.mode = this.mode === 'roundabout' ? null : 'roundabout'; this.planSel = null; this.render(); },
        }, 'Build a roundabout'));
      }
      // Plans that can be validated now, and Halloween tiers that can be claimed.
      const plans = this.openPlans();
      const tiers = this.openTiers();
      if (plans.length) {
        const names = plans.map((p) => this.planShort(p)).join(' and ');
        step.append(el('p', { class: 'warn', id: 'claim-warning', role: this.askSkip ? 'alert' : null },
          this.askSkip
            ? `Plan ${names} can be validated this turn${tiers.length ? ', and a Halloween tier claimed' : ''}. Validate it, or confirm without validating?`
            : `⚠ Plan ${names} can be validated this turn: validate it before you confirm.`));
      } else if (tiers.length && this.askSkip) {
        step.append(el('p', { class: 'warn', id: 'claim-warning', role: 'alert' },
          'A Halloween tier can be claimed this turn. Claim it, or confirm without claiming?'));
      }
      for (const p of plans) {
        const claims = this.planClaims(p);
        const info = (this.cfg.plans || [])[p - 1];
        const name = `plan ${this.planShort(p)}${info ? ` (${info.text})` : ''}`;
        const needsEstates = claims.some((c) => c.estates && c.estates.length);
        buttons.append(el('button', {
          type: 'button', class: 'primary', 'data-ctl': `plan-${p}`, 'data-plan': p,
          'aria-pressed': this.mode === 'plan' && this.planSel?.plan === p ? 'true' : 'false',
          onclick: () => {
            if (!needsEstates) return this.addClaim(claims[0]);
            if (this.mode === 'plan' && this.planSel?.plan === p) { this.mode = null; this.planSel = null; } else {
              this.mode = 'plan';
              this.planSel = { plan: p, estates: [] };
            }
            this.render();
          },
        }, `Validate ${name}`));
      }
      if (this.mode === 'plan' && this.planSel) {
        const p = this.planSel.plan;
        hint(`Plan ${this.planShort(p)}: choose the estates to use (highlighted). It is validated as soon as the estates match.`);
        const claims = this.planClaims(p);
        if (claims.length === 1) {
          buttons.append(el('button', { type: 'button', 'data-ctl': 'plan-auto', onclick: () => this.addClaim(claims[0]) }, 'Use the only possible estates'));
        }
      }
      this.ammoNotes(hint);
      for (const c of this.draft.plans) hint(`Plan ${this.planShort(c.plan)} validated.`);
      for (const c of this.draft.circles || []) hint(`${c.treat === 'ghost' ? 'Ghost' : 'Candy'} circled in ${houseName(c.house)}.`);
      if (tiers.length) step.append(this.tierChoices(tiers, plans.length > 0));
      for (const t of this.draft.tiers || []) {
        const used = (t.bonuses || []).map(bonusUseText);
        hint(`${t.treat === 'ghost' ? 'Ghost' : 'Candy'} tier ${t.need} claimed${used.length ? `: ${used.join(', ')}` : ''}.`);
      }
      if (o.reshuffle && this.draft.plans.length) {
        const box = el('input', { type: 'checkbox', id: 'reshuffle', 'data-ctl': 'reshuffle', onchange: (e) => { this.reshuffle = e.target.checked; } });
        box.checked = this.reshuffle;
        step.append(el('label', { class: 'row', for: 'reshuffle' }, box, 'Ask for the reshuffle of all construction cards (first plan validated)'));
      }
    }
    if (this.message && (this.message.error || stage !== 'submitted')) step.append(el('p', { class: this.message.error ? 'error-text' : 'hint', role: this.message.error ? 'alert' : null }, this.message.text));

    parts.push(step);
    if (buttons.childNodes.length) parts.push(buttons);

    const bottom = el('div', { class: 'row' });
    const canRestart = this.submitted || this.draft.play || this.draft.roundabout || this.pick || this.handNum || (this.draft.cross || []).length || this.draft.objective != null || (this.draft.ammo || []).length || this.slowSel.size;
    bottom.append(el('button', {
      type: 'button', class: 'danger', 'data-ctl': 'restart', 'data-action': 'restart',
      disabled: !canRestart || this.busy ? true : null,
      onclick: () => this.restartTurn(),
    }, '↺ Restart turn'));
    if (stage === 'finish' && this.askSkip) {
      const plans = this.openPlans().length > 0;
      const tiers = this.openTiers().length > 0;
      bottom.append(el('button', {
        type: 'button', 'data-ctl': 'confirm-skip', 'data-action': 'confirm-skip',
        disabled: this.busy ? true : null,
        onclick: () => this.confirmOrAsk(),
      }, `Confirm without ${plans && tiers ? 'validating or claiming' : plans ? 'validating' : 'claiming'}`));
    } else if (stage === 'finish' || stage === 'unplayed') {
      bottom.append(el('button', {
        type: 'button', class: 'primary', 'data-ctl': 'confirm', 'data-action': 'confirm',
        disabled: this.busy || (o && (o.error || o.complete === false)) ? true : null,
        onclick: () => this.confirmOrAsk(),
      }, '✓ Confirm'));
    }
    parts.push(bottom);
    c.replaceChildren(...parts);
    c.setAttribute('aria-busy', this.busy ? 'true' : 'false');
    c.dataset.stage = !o && !this.submitted ? 'loading' : stage;
    c.dataset.mode = this.mode || '';
    if (focusedId) {
      const again = c.querySelector(`[data-ctl="${CSS.escape(focusedId)}"]`);
      if (again && !again.disabled) again.focus();
    }
  }
}
