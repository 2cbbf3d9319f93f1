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

async function send(method, path, text) {
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
  if (!res.ok) {
    throw new ApiError(res.status, data && data.code, (data && data.message) || reply || res.statusText);
  }
  return data;
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
      this.handlers.onState?.(msg);
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

  /** Sends a request and resolves with its answer (options or ack). */
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
