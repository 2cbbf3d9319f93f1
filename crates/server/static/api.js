// HTTP API, seat tokens kept in localStorage, and the table websocket with automatic reconnect.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code || 'http_error';
  }
}

export async function api(method, path, body) {
  return send(method, path, body !== undefined ? JSON.stringify(body) : undefined);
}

/** A request whose body is text sent as it is (a game record read from a file). */
export async function apiText(method, path, text) {
  return send(method, path, text);
}

/**
 * A GET answered as the text the server sent (a game record to hand back to the server as it
 * is: JSON.parse would round a seed above 2^53, and the record would no longer replay).
 */
export async function apiRaw(path) {
  return send('GET', path, undefined, true);
}

/** How many times a request for a table that is moving between servers is sent again. */
const MOVING_TRIES = 10;

async function send(method, path, text, raw = false, tries = MOVING_TRIES) {
  let res;
  try {
    // The server takes changes only as JSON, body or not (a page of another site cannot send
    // JSON without the server's leave).
    const change = method !== 'GET' && method !== 'HEAD';
    res = await fetch(path, {
      method,
      headers: change || text !== undefined ? { 'content-type': 'application/json' } : {},
      body: text,
    });
  } catch (e) {
    throw new ApiError(0, 'network', 'The server cannot be reached.');
  }
  const reply = await res.text();
  let data = null;
  if (reply) {
    try {
      data = JSON.parse(reply);
    } catch {
      data = null;
    }
  }
  if (res.status === 503 && data && data.code === 'table_moving' && tries > 1) {
    // Several servers: the table's server stopped and another takes it over in a moment. No
    // server made the change, so it is sent again.
    const wait = Math.min(Number(res.headers.get('retry-after')) || 1, 5) * 1000;
    await new Promise((r) => setTimeout(r, wait));
    return send(method, path, text, raw, tries - 1);
  }
  if (!res.ok) {
    throw new ApiError(res.status, data && data.code, (data && data.message) || reply || res.statusText);
  }
  return raw ? reply : data;
}

// ---- seat tokens: one entry per table, so a reload rejoins ----

const KEY = (table) => `welcome.seat.${table}`;

export const seats = {
  get(table) {
    try {
      return JSON.parse(localStorage.getItem(KEY(table)) || 'null');
    } catch {
      return null;
    }
  },
  set(table, info) {
    localStorage.setItem(KEY(table), JSON.stringify(info));
  },
  clear(table) {
    localStorage.removeItem(KEY(table));
  },
};

export const prefs = {
  get(name, fallback) {
    const v = localStorage.getItem(`welcome.pref.${name}`);
    return v == null ? fallback : JSON.parse(v);
  },
  set(name, value) {
    localStorage.setItem(`welcome.pref.${name}`, JSON.stringify(value));
  },
};

// ---- websocket ----

/**
 * The state an update makes (docs/protocol.md, "Pushes"): its table and view fields replace the
 * state's, its seat and sheet entries replace those of the same seat, its log rounds are added.
 * A new object (the state given is left as it was); null when the update does not follow it.
 */
export function applyUpdate(state, u) {
  if (!state || u.base !== state.seq || (u.view && !state.view)) return null;
  const next = { ...state, seq: u.seq, table: { ...state.table, ...(u.table || {}) } };
  if (state.view) next.view = { ...state.view, ...(u.view || {}) };
  if (u.seats) {
    next.table.seats = [...next.table.seats];
    if (next.view && next.view.submitted) next.view.submitted = [...next.view.submitted];
    for (const s of u.seats) {
      next.table.seats[s.seat - 1] = s;
      if (next.view && next.view.submitted) next.view.submitted[s.seat - 1] = s.submitted;
    }
  }
  if (u.sheets) {
    next.view.sheets = next.view.sheets.map((s) => u.sheets.find((x) => x.seat === s.seat) || s);
  }
  if (u.log) next.view.log = [...next.view.log, ...u.log];
  return next;
}

export class TableSocket {
  /**
   * @param {string} table
   * @param {string|null} token  null for a spectator
   * @param {{onState: Function, onStatus: Function}} handlers
   */
  constructor(table, token, handlers) {
    this.table = table;
    this.token = token;
    this.handlers = handlers;
    this.next = 1;
    this.pending = new Map();
    this.delay = 500;
    this.closed = false;
    this.ws = null;
    // The table's state: the last whole state with every update since applied.
    this.state = null;
    this.syncing = false;
    this.open();
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : '';
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.table)}${q}`;
  }

  open() {
    if (this.closed) return;
    this.handlers.onStatus?.('connecting');
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      // a new socket starts with a whole state
      this.state = null;
      this.syncing = false;
      this.handlers.onStatus?.('open');
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.dispatch(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      for (const [, p] of this.pending) p.reject(Object.assign(new Error('The connection was lost.'), { code: 'disconnected' }));
      this.pending.clear();
      if (this.closed) return;
      this.handlers.onStatus?.('down');
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
    ws.onerror = () => {
      // onclose follows and schedules the reconnect
    };
  }

  dispatch(msg) {
    if (msg.type === 'state') {
      this.state = msg;
      this.syncing = false;
      this.handlers.onState?.(msg);
      return;
    }
    if (msg.type === 'update') {
      const next = applyUpdate(this.state, msg);
      if (!next) {
        // a change was missed: ask once for a whole state, and wait for it
        if (!this.syncing && this.ws && this.ws.readyState === WebSocket.OPEN) {
          this.syncing = true;
          this.ws.send(JSON.stringify({ type: 'sync' }));
        }
        return;
      }
      this.state = next;
      this.handlers.onState?.(next);
      return;
    }
    const p = msg.request != null ? this.pending.get(msg.request) : null;
    if (msg.type === 'error') {
      if (p) {
        this.pending.delete(msg.request);
        p.reject(Object.assign(new Error(msg.message || msg.code), { code: msg.code }));
      } else {
        this.handlers.onError?.(msg);
      }
      return;
    }
    if (p) {
      this.pending.delete(msg.request);
      p.resolve(msg);
    }
  }

  /** Seat `seat`'s whole sheet as of the last resolved round (where pushes summarise it). */
  sheet(seat) {
    return this.request({ type: 'sheet', of: seat }).then((m) => m.sheet);
  }

  /** Sends a request and resolves with its answer (options, ack or sheet). */
  request(body) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(Object.assign(new Error('Not connected to the table; reconnecting…'), { code: 'disconnected' }));
        return;
      }
      const id = this.next++;
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...body, request: id }));
    });
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
