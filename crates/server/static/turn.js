// One seat's turn, step by step: the steps a rule module resolves before the cards (see
// sheet/<module>.js), pick a combination (or a number card and an effect card), write the
// number, answer what a module asks of it, use the effect (or what a module offers instead),
// optionally build a roundabout, validate plans (and claim what a module offers), confirm.
// Each step is a handler in a table (`STAGES`, and the modules' `stages`), taken in order: the
// first whose `when` holds is the current one. Every choice offered comes from the server's
// `options` answer for the current draft (the engine's turn machine); this module never
// decides legality itself.
//
// Besides its `stages`, a module may have these turn hooks (each gets the controller first):
// reset, autoEffect (→ true/false to settle the effect its own way, else null), marks(marks,
// stage) on the sheet, aboveCards → an element above the cards, notes(hint, stage) what its
// earlier steps did, effectTargets(map), effectHints(step, actionUses), effectButtons(buttons),
// insteadUses (uses that replace the action), finishFirst(step), finish(ui, plansOpen),
// claim → {also, alone} while something is open to claim, restartable → true when its steps
// hold a choice, crossControls(ui) for a crossing the sheet owes, familyColour(family),
// noCardsText and unplayedHint → why a round offers nothing (the game ends), in words, in
// place of the cards and in the step.

import { renderSheet, scoreText, COMPACT } from './sheet.js';
import { prefs } from './api.js';
import { helpTip, effectHelp } from './help.js';
import {
  el, iconSvg, effectLabel, parseCard, numberRank, resolvePick, samePick, houseName,
  estateHouses, effectUseText, turnText, crossItem, plural, listText,
} from './format.js';
import { editionOfSheet } from './data.js';
import { planShort } from './plans.js';
import { modulesOf, hasActions } from './sheet/modules.js';

const hk = ([s, h]) => `${s},${h}`;

/** "3–7" for a run of numbers, else "3/5". */
function numberBadge(ns) {
  const run = ns.every((n, i) => i === 0 || n === ns[i - 1] + 1);
  return run && ns.length > 2 ? `${ns[0]}–${ns[ns.length - 1]}` : ns.join('/');
}
const sameHouse = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
/** Whether a part of a turn holds something (a list, not empty). */
const isSet = (v) => v != null && v !== false && !(Array.isArray(v) && !v.length);

/**
 * The generic steps of a turn, by name. A step: `order` (its place in the turn), `when(tc)`
 * (it is not done yet), `controls(tc, ui)` (ui: {step, hint, how, buttons}), `targets(tc, map)`
 * on the sheet; `first`: resolved before the cards (they wait, and its targets stand whatever
 * the mode); `showControls(tc)`: bring the controls into view on entering it; `enter(tc)`,
 * `leave(tc, next)`; `again`: where the keyboard goes back to while the step repeats.
 */
const STAGES = {
  // nothing offered (a module's pile ran out for good): the game ends
  unplayed: {
    order: 20, first: true,
    when: (tc) => !!tc.opts && tc.nothingOffered(),
    controls: (tc, ui) => tc.unplayedControls(ui),
    showControls: () => true,
    enter: (tc) => tc.focus('[data-ctl="confirm"]'),
  },
  // the sheet owes a crossing (a Validation card came up): the engine lists nothing else until
  // the draft has it; its module says what is crossed off
  cross: {
    order: 40, first: true,
    when: (tc) => !!tc.opts && (tc.opts.cross || []).length > 0,
    controls: (tc, ui) => tc.moduleWith('crossControls')?.crossControls(tc, ui),
    targets: (tc, t) => tc.crossTargets(t),
    showControls: () => true,
    enter: (tc) => tc.focus('[data-cross]'),
    leave: (tc, next) => tc.toCards(next),
    again: '[data-cross]',
  },
  place: {
    order: 50,
    when: (tc) => !tc.draft.play,
    controls: (tc, ui) => tc.placeControls(ui),
    targets: (tc, t) => tc.placeTargets(t),
  },
  effect: {
    order: 80,
    when: (tc) => !!(tc.draft.play && tc.draft.play.build) && !tc.effectDone,
    controls: (tc, ui) => tc.effectControls(ui),
    targets: (tc, t) => tc.effectTargets(t),
    showControls: (tc) => !tc.targets().size,
    enter: (tc) => {
      if (tc.targets().size) tc.showSheet();
    },
  },
  finish: {
    order: 100,
    when: () => true,
    controls: (tc, ui) => tc.finishControls(ui),
    targets: (tc, t) => tc.planTargets(t),
    showControls: () => true,
  },
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
   *  moduleCards?: the cards of the sheet's modules that came up this round, in order (their
   *  `cardsNow`), resolved first
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
    this.hook('reset');
  }

  // ----- the sheet's rule modules (sheet/<module>.js) -----

  /** The rule modules of the sheet played. */
  get modules() {
    return modulesOf(this.cfg.layout);
  }

  /** Calls hook `name` of every module of the sheet that has it (with this controller first). */
  hook(name, ...args) {
    return this.modules.filter((m) => m[name]).map((m) => m[name](this, ...args));
  }

  /** The first module of the sheet with hook `name`, or null. */
  moduleWith(name) {
    return this.modules.find((m) => m[name]) || null;
  }

  /** What a module lets the player claim at the finish, if anything is open: its warnings. */
  moduleClaim() {
    return this.hook('claim').find(Boolean) || null;
  }

  /** The steps of a turn on this sheet: the generic ones and its modules', by name. */
  stages() {
    const all = { ...STAGES };
    for (const m of this.modules) Object.assign(all, m.stages || {});
    return all;
  }

  /** A step by name (an empty one for none). */
  handler(name) {
    return (name && this.stages()[name]) || {};
  }

  /** Gives the keyboard to the first control matching `selector`. */
  focus(selector) {
    this.cfg.controls.querySelector(selector)?.focus();
  }

  /** On leaving a step taken before the cards for the cards (`next`): the keyboard goes on to them. */
  toCards(next) {
    if (next === 'place') this.focus('button.card:enabled');
  }

  /** Whether a number is written with an action to use (see `hasActions`). */
  hasActions() {
    return hasActions(this.cfg.layout);
  }

  /** Plans the engine lists as claimable now that the draft does not validate (yet). */
  openPlans() {
    const o = this.opts;
    if (!o || this.stage() !== 'finish') return [];
    return [...new Set((o.claims || []).map((c) => c.plan))].filter((p) => !this.draft.plans.some((c) => c.plan === p));
  }

  /**
   * Confirm, but first ask when a plan could be validated or a module's claim made and is
   * not: a missed claim costs points.
   */
  confirmOrAsk() {
    if ((this.openPlans().length || this.moduleClaim()) && !this.askSkip) {
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
    if (!d.play && !this.turnFields().some((f) => isSet(d[f]))) return false;
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

  /** The parts of a turn a draft holds besides its play: the generic ones, then its modules'. */
  turnFields() {
    return ['cross', 'roundabout', 'plans', ...this.modules.flatMap((m) => m.turnFields || [])];
  }

  wireDraft() {
    const d = {};
    const t = this.submitted;
    const from = t || this.draft;
    for (const f of this.turnFields()) if (isSet(from[f])) d[f] = from[f];
    // a round the game ended before holds only what was resolved before the cards
    if (t ? t.play !== 'unplayed' : this.draft.play) d.play = from.play;
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
    // what a module asks of the number comes before (or instead of) the effect
    if (!b || this.effectDone || this.stage() !== 'effect') return false;
    const eff = this.effect();
    // a module may settle the effect its own way (no action used), or keep it a choice
    const settled = this.hook('autoEffect').find((x) => x != null);
    if (settled != null) return settled;
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

  /** The round offers nothing (a module's pile ran out): the turn holds only its earlier steps. */
  nothingOffered() {
    const o = this.cfg.offer || {};
    return (o.combinations && !o.combinations.length) || (o.hand && !o.hand.length);
  }

  stage() {
    if (this.submitted) return 'submitted';
    // the first step of the turn, in order, that is not done yet
    const steps = Object.entries(this.stages()).sort(([, a], [, b]) => a.order - b.order);
    return steps.find(([, h]) => h.when(this))[0];
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

  /**
   * Crosses off an open bonus as the sheet owes: the end-of-route bonus of street `item`
   * (1-based), or on a grid sheet a street's or a column's bonus (see `crossItem`).
   */
  crossBonus(item) {
    this.cfg.onAct?.();
    this.change(() => {
      this.draft.cross = [...(this.draft.cross || []), item];
      this.mode = null;
      this.notice = null;
    });
  }

  useEffect(use) {
    this.change(() => {
      this.draft.play.build.effect = use;
      this.effectDone = true;
      this.chooser = null;
      this.notice = this.modules.some((m) => (m.insteadUses || []).includes(use))
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
    for (const f of this.turnFields()) if (isSet(this.draft[f])) turn[f] = this.draft[f];
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
    const step = this.handler(this.stage());
    // a step resolved before the cards has its own targets, whatever the mode
    if (step.first && step.targets) {
      step.targets(this, t);
      return t;
    }
    if (this.mode === 'roundabout') {
      for (const h of o.roundabouts || []) {
        t.set(`h:${h[0]}:${h[1]}`, { label: 'Build a roundabout here.', activate: () => this.roundabout(h) });
      }
      return t;
    }
    if (step.targets) step.targets(this, t);
    return t;
  }

  /** Where the picked card's number fits, by house (several numbers: a badge and a chooser). */
  placeTargets(t) {
    if (!this.pick) return;
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
  }

  /** The uses of the effect on the sheet: fence slots, estate columns, bis copies. */
  effectTargets(t) {
    const o = this.opts;
    const eff = this.effect();
    const uses = o.effects || [];
    // what a module offers instead of the action
    this.hook('effectTargets', t);
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
  }

  /** The estates a plan being validated may use. */
  planTargets(t) {
    const o = this.opts;
    if (this.mode !== 'plan' || !this.planSel) return;
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

  /** The bonuses the sheet owes a crossing of, on the sheet as in the controls. */
  crossTargets(t) {
    const o = this.opts;
    // the bonuses that may be crossed off, on the sheet as in the controls
    for (const item of o.cross) {
      const c = crossItem(item, this.cfg.layout);
      t.set(`${c.kind === 'street' ? 'b' : 'k'}:${c.n}`, { label: `Cross off the ${c.kind} ${c.n} bonus.`, activate: () => this.crossBonus(item) });
    }
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
    const h = this.handler(stage);
    if (stage !== this.lastStage) {
      if (this.lastStage && h.showControls && h.showControls(this)) this.showControls();
      h.enter?.(this);
      this.handler(this.lastStage).leave?.(this, stage);
      this.lastStage = stage;
    } else if (h.again) {
      // the same step again (a second house or card in a row): the keyboard stays on it
      if (!document.activeElement || document.activeElement === document.body) this.focus(h.again);
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
    // a module marks the house its step asks about (a number waiting for a choice, a circle…)
    const marks = { fresh, chosen, pending: null, circle: null, saucer: null };
    this.hook('marks', marks, this.stage());
    const derived = o && o.derived ? o.derived : this.cfg.baseDerived;
    renderSheet(this.cfg.sheetEl, { sheet, score, derived, layout: this.cfg.layout }, {
      edition: this.cfg.edition,
      targets: this.targets(),
      marks,
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
    // a step resolved before the cards: they wait
    const crossing = !!o && !!this.handler(this.stage()).first;
    const locked = !!this.draft.play || this.submitted || this.busy || crossing;
    const wrap = el('div', { class: 'offer', role: 'group', 'aria-label': 'Cards this round' });
    if (this.nothingOffered()) {
      wrap.append(el('p', { class: 'hint', id: 'nothing-offered' }, this.hook('noCardsText').find(Boolean) || 'No cards this round, so the game ends.'));
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
      // a sheet without actions: the second card gives only its action (see `hasActions`)
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
   * of a hand of two (expert and AAA on some sheets), the one of the two chosen at the pass stage.
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
      // a hand of two: the other card gives the effect
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

  // ----- the controls of each generic stage -----

  /** The turn confirmed: what it did, and who the round waits for. */
  submittedControls({ step, hint, how }) {
    step.append(el('h3', {}, 'Turn confirmed'));
    hint(turnText(this.submitted, this.cfg.offer, (k) => this.planShort(k + 1), this.cfg.layout));
    // who the round waits for, by name: on a phone the players' list is far down the page
    const waiting = this.cfg.waitingFor;
    step.append(el('p', { class: 'hint', id: 'waiting-for' }, waiting && waiting.length
      ? `Waiting for ${listText(waiting)} to confirm.`
      : 'Waiting for the other players.'));
    how('You can still restart your turn until the round resolves.');
  }

  /** Nothing offered: the game ends. */
  unplayedControls({ step, hint }) {
    step.append(el('h3', {}, 'The game ends: nothing to play'));
    hint(this.hook('unplayedHint').find(Boolean) || 'This round offers no cards: confirm to end the game.');
    this.hook('notes', hint, 'unplayed');
  }

  /** The cards, then the house: a refusal when nothing fits. */
  placeControls({ step, hint, how, buttons }) {
    const o = this.opts;
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
        const colour = this.moduleWith('familyColour')?.familyColour(this, r.effect) || '';
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
    // what the steps before the cards did
    this.hook('notes', hint, 'place');
  }

  /** The effect of the card: its uses, or skip. */
  effectControls({ step, hint, buttons }) {
    const o = this.opts;
    const eff = this.effect();
    const h = el('h3', { html: `${iconSvg(eff, 18)} ${effectLabel(eff)}` });
    h.append(helpTip(effectLabel(eff), effectHelp(eff)));
    step.append(h);
    const uses = o.effects || [];
    // the action's own uses, without what a module offers instead of it
    const instead = new Set(this.modules.flatMap((m) => m.insteadUses || []));
    const actionUses = uses.filter((u) => !instead.has(u));
    this.hook('effectHints', step, actionUses);
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
    this.hook('effectButtons', buttons);
    buttons.append(el('button', { type: 'button', 'data-ctl': 'skip', 'data-action': 'skip-effect', onclick: () => this.skipEffect() }, `Skip ${effectLabel(eff)}`));
  }

  /** A roundabout, the plans to validate, then confirm. */
  finishControls({ step, hint, buttons }) {
    const o = this.opts;
    step.append(el('h3', {}, 'Finish your turn'));
    if (this.notice) hint(this.notice);
    this.hook('finishFirst', step);
    if (this.mode === 'roundabout') {
      hint('Choose a highlighted empty house to build a roundabout there.');
    }
    if (this.cfg.advanced && !this.draft.roundabout && (o.roundabouts || []).length) {
      buttons.append(el('button', {
        type: 'button', 'data-ctl': 'roundabout', 'aria-pressed': this.mode === 'roundabout' ? 'true' : 'false',
        onclick: () => { this.mode = this.mode === 'roundabout' ? null : 'roundabout'; this.planSel = null; this.render(); },
      }, 'Build a roundabout'));
    }
    // Plans that can be validated now, and what a module lets the player claim.
    const plans = this.openPlans();
    const claim = this.moduleClaim();
    if (plans.length) {
      const names = plans.map((p) => this.planShort(p)).join(' and ');
      step.append(el('p', { class: 'warn', id: 'claim-warning', role: this.askSkip ? 'alert' : null },
        this.askSkip
          ? `Plan ${names} can be validated this turn${claim ? claim.also : ''}. Validate it, or confirm without validating?`
          : `⚠ Plan ${names} can be validated this turn: validate it before you confirm.`));
    } else if (claim && this.askSkip) {
      step.append(el('p', { class: 'warn', id: 'claim-warning', role: 'alert' }, claim.alone));
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
    this.hook('notes', hint, 'finish');
    for (const c of this.draft.plans) hint(`Plan ${this.planShort(c.plan)} validated.`);
    this.hook('finish', { step, hint }, plans.length > 0);
    if (o.reshuffle && this.draft.plans.length) {
      const box = el('input', { type: 'checkbox', id: 'reshuffle', 'data-ctl': 'reshuffle', onchange: (e) => { this.reshuffle = e.target.checked; } });
      box.checked = this.reshuffle;
      step.append(el('label', { class: 'row', for: 'reshuffle' }, box, 'Ask for the reshuffle of all construction cards (first plan validated)'));
    }
  }

  renderControls() {
    const c = this.cfg.controls;
    const focusedId = c.contains(document.activeElement) ? document.activeElement.dataset.ctl : null;
    const o = this.opts;
    const stage = this.stage();
    const parts = [];
    // what a module shows above the cards (the round's own cards)
    for (const top of this.hook('aboveCards')) if (top) parts.push(top);
    parts.push(this.offerView());

    const step = el('div', { class: 'step', 'aria-live': 'polite' });
    const hint = (t) => step.append(el('p', { class: 'hint' }, t));
    // how the controls work, in general: left out where room is short (a phone's bar)
    const how = (t) => step.append(el('p', { class: 'hint how' }, t));
    const buttons = el('div', { class: 'choices' });

    const ui = { step, hint, how, buttons };
    if (stage === 'submitted') this.submittedControls(ui);
    else if (!o) {
      hint(this.busy ? 'Loading…' : 'Waiting for the table…');
    } else this.handler(stage).controls?.(this, ui);
    if (this.message && (this.message.error || stage !== 'submitted')) step.append(el('p', { class: this.message.error ? 'error-text' : 'hint', role: this.message.error ? 'alert' : null }, this.message.text));

    parts.push(step);
    if (buttons.childNodes.length) parts.push(buttons);

    const bottom = el('div', { class: 'row' });
    const canRestart = this.submitted || this.draft.play || this.draft.roundabout || this.pick || this.handNum || (this.draft.cross || []).length || this.hook('restartable').some(Boolean);
    bottom.append(el('button', {
      type: 'button', class: 'danger', 'data-ctl': 'restart', 'data-action': 'restart',
      disabled: !canRestart || this.busy ? true : null,
      onclick: () => this.restartTurn(),
    }, '↺ Restart turn'));
    if (stage === 'finish' && this.askSkip) {
      const plans = this.openPlans().length > 0;
      const claims = !!this.moduleClaim();
      bottom.append(el('button', {
        type: 'button', 'data-ctl': 'confirm-skip', 'data-action': 'confirm-skip',
        disabled: this.busy ? true : null,
        onclick: () => this.confirmOrAsk(),
      }, `Confirm without ${plans && claims ? 'validating or claiming' : plans ? 'validating' : 'claiming'}`));
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
