// Joining a table from a phone: the join address as a QR code (rendered by the server) and how
// phones on the same network reach the server.

import { el } from './format.js';

export function joinQr(table, id) {
  return el('img', {
    id, class: 'qr', width: 160, height: 160,
    src: `/t/${encodeURIComponent(table)}/qr.svg?for=join`,
    alt: 'QR code of the join address: scan it with a phone to join',
  });
}

export function joinHint() {
  return el('p', { class: 'muted join-hint' }, localOnly()
    ? 'Phones cannot reach “localhost”: start the server with welcome serve --addr 0.0.0.0:8080 and open this page at the computer’s network address (e.g. http://192.168.1.20:8080), so the code carries it.'
    : 'Phones on the same network scan the code to join (the server must listen on the network: welcome serve --addr 0.0.0.0:8080).');
}

/** Whether this page was opened at an address only this computer reaches. */
export function localOnly() {
  return ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
}

/**
 * Under an invite link at a loopback address: other devices cannot open it, and how to make
 * the server reachable on the network; null where the link is good as it is.
 */
export function inviteHint() {
  if (!localOnly()) return null;
  const port = location.port || '80';
  return el('p', { class: 'muted join-hint', id: 'invite-hint' },
    `Phones and other computers cannot reach this link: ${location.hostname} is this computer only. `,
    'To invite them, start the server with ', el('code', {}, `welcome serve --addr 0.0.0.0:${port}`),
    ` and open this page at the computer’s network address (e.g. http://192.168.1.20:${port}/); the link then carries it.`);
}
