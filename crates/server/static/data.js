// The edition data the server generates from the engine (/edition.js), looked up by id: a
// table names its edition and sheet, and everything drawn or offered comes from them.

import { EDITIONS, DEFAULT_EDITION } from './edition.js';

/** An edition by id; the default one for an unknown or missing id. */
export function edition(id) {
  return EDITIONS.find((e) => e.id === id) || EDITIONS.find((e) => e.id === DEFAULT_EDITION) || EDITIONS[0];
}

/** A sheet of an edition (streets, features, tracks, score rows, the plans dealt with it). */
export function sheetOf(editionId, sheetId) {
  const e = edition(editionId);
  return e.sheets.find((s) => s.id === sheetId) || e.sheets.find((s) => s.id === e.default_sheet) || e.sheets[0];
}

/**
 * The sheet a table (or a replay) plays: the layout its host entered from their printed sheet
 * (`t.layout`, in the same form), else the edition's.
 */
export function tableSheet(t) {
  return t.layout || sheetOf(t.edition, t.sheet);
}

/**
 * Whether a sheet's layout or printed values are stand-ins (its provenance says so; its plan
 * cards' points are entered as plan values instead): a host may enter their printed layout.
 */
export function layoutPlaceholders(sheet) {
  return (sheet.provenance || []).filter((p) => p.status === 'placeholder' && !/^plan C values/.test(p.what));
}

/**
 * The id of the edition a sheet belongs to, for a sheet as `sheetOf` returns it; null for any
 * other object.
 */
export function editionOfSheet(layout) {
  const e = layout ? EDITIONS.find((x) => x.sheets.includes(layout)) : null;
  return e ? e.id : null;
}

/** A City Plan card (with its `text`). */
export function planOf(editionId, id) {
  return edition(editionId).plans.find((p) => p.id === id) || null;
}

/** A mode of an edition: {id, name, description, min_seats, max_seats}. */
export function modeOf(editionId, id) {
  return edition(editionId).modes.find((m) => m.id === id) || { id, name: id, description: '', min_seats: 1, max_seats: 1 };
}

/** "Standard · advanced · Classic": how a table is named in headers and lists. */
export function tableKind(t) {
  const sheet = tableSheet(t);
  return `${modeOf(t.edition, t.mode).name}${t.advanced ? ' · advanced' : ''} · ${sheet.name}${t.nine_three_quarters ? ' · with the 9¾ cards' : ''}${t.deal_only ? ' · deal only' : ''}`;
}

export { DEFAULT_EDITION };
