// Router: one page, routed on location.pathname.
//   /                 lobby
//   /t/{table}        table (player, or join form)
//   /t/{table}/watch  spectator
//   /t/{table}/deal   dealer screen for table mode
//   /t/{table}/replay the table's game, round by round
//   /replay           a game record from a file, round by round
//   /companion        score-sheet companion for the physical game
//   /rules            a short rules page

import { el } from './format.js';

const main = document.getElementById('main');
// Toasts have a place of their own: the site's bar, which stays at the top of the screen, so
// that they never cover the page (the newest shows; an older one comes back when it goes, if it
// is still current). The bar's height is kept in --top-h for what sticks under it.
const top = document.querySelector('header.top');
const toasts = el('div', { class: 'toast-area', role: 'status', 'aria-live': 'polite' });
top.insertBefore(toasts, top.querySelector('nav'));
new ResizeObserver(() => document.documentElement.style.setProperty('--top-h', `${top.offsetHeight}px`)).observe(top);

export function toast(text, error = false, kind = null) {
  if (kind) clearToast(kind);
  while (toasts.childNodes.length >= 3) toasts.firstChild.remove();
  const t = el('div', { class: `toast${error ? ' error' : ''}`, 'data-kind': kind, title: text }, text);
  toasts.append(t);
  setTimeout(() => t.remove(), error ? 6000 : 3500);
}

/** Takes down the toasts of `kind` at once: what they said is no longer true. */
export function clearToast(kind) {
  for (const old of toasts.querySelectorAll(`[data-kind="${kind}"]`)) old.remove();
}

export function setTitle(text) {
  document.title = text ? `${text} · Welcome To…` : 'Welcome To…';
}

export function navigate(path) {
  history.pushState(null, '', path);
  route();
}

/** Goes to `path` in place of the current page (the back button skips it). */
export function redirect(path) {
  history.replaceState(null, '', path);
  route();
}

let current = null;

async function route() {
  if (current && current.stop) current.stop();
  current = null;
  // what the last page said of itself is stale on the next (its errors stay their time)
  for (const t of toasts.querySelectorAll('.toast:not(.error)')) t.remove();
  main.replaceChildren();
  const path = location.pathname.replace(/\/+$/, '') || '/';
  let m;
  try {
    if (path === '/') {
      const { lobbyPage } = await import('./lobby.js');
      current = await lobbyPage(main);
    } else if (path === '/companion') {
      const { companionPage } = await import('./companion.js');
      current = await companionPage(main);
    } else if (path === '/rules') {
      const { rulesPage } = await import('./rules.js');
      current = await rulesPage(main);
    } else if ((m = path.match(/^\/t\/([^/]+)\/watch$/))) {
      const { tablePage } = await import('./table.js');
      current = await tablePage(main, decodeURIComponent(m[1]), { watch: true });
    } else if ((m = path.match(/^\/t\/([^/]+)\/deal$/))) {
      const { dealPage } = await import('./deal.js');
      current = await dealPage(main, decodeURIComponent(m[1]));
    } else if (path === '/replay') {
      const { replayPage } = await import('./replay.js');
      current = await replayPage(main);
    } else if ((m = path.match(/^\/t\/([^/]+)\/replay$/))) {
      const { replayPage } = await import('./replay.js');
      current = await replayPage(main, decodeURIComponent(m[1]));
    } else if ((m = path.match(/^\/t\/([^/]+)$/))) {
      const { tablePage } = await import('./table.js');
      current = await tablePage(main, decodeURIComponent(m[1]), { watch: false });
    } else {
      main.append(el('div', { class: 'panel' }, el('h1', {}, 'Page not found'), el('p', {}, el('a', { href: '/' }, 'Back to the lobby'))));
    }
  } catch (e) {
    main.append(el('div', { class: 'panel' }, el('h1', {}, 'Something went wrong'), el('p', { class: 'error-text' }, e.message)));
    console.error(e);
  }
}

document.addEventListener('click', (ev) => {
  const a = ev.target.closest && ev.target.closest('a[data-nav]');
  if (a && a.origin === location.origin && !ev.ctrlKey && !ev.metaKey && !ev.shiftKey) {
    ev.preventDefault();
    navigate(a.pathname);
  }
});
window.addEventListener('popstate', route);
route();
