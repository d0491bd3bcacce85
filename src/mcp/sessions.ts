// The sessions 2025-era HTTP clients hold open (Streamable HTTP with
// Mcp-Session-Id, and the deprecated HTTP+SSE). Each one keeps a Server and a
// transport alive, and clients often never send DELETE, so the table is
// bounded twice: a cap on how many exist at once, and an idle expiry that
// closes sessions nobody has used for a while.
import type { ServerResponse } from 'node:http';

export interface SessionLimits {
  /** Most sessions at once; initialize beyond it is refused with 503. */
  max: number;
  /** A session with no request in flight and no open stream for this long is closed. */
  idleMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  // About 35 kB each (a Server, a transport, their maps), so the cap is ~9 MB;
  // far more than the agents one machine runs, few enough that a client
  // initializing per call without DELETE hits it long before memory matters.
  max: 256,
  // An agent can sit idle for a long time between turns; a closed session
  // costs it one 404 and a new initialize, which the spec requires clients to do.
  idleMs: 30 * 60_000,
};

interface Closable {
  close(): Promise<void>;
}

interface Entry<T> {
  transport: T;
  /** Requests in flight plus open streams: while above zero the session is not idle. */
  open: number;
  lastUsed: number;
}

export type Admission = { ok: true; release(): void } | { ok: false; retryAfterSeconds: number };

export class SessionTable<T extends Closable> {
  readonly limits: SessionLimits;
  readonly #entries = new Map<string, Entry<T>>();
  readonly #timer: NodeJS.Timeout;
  readonly #now: () => number;
  /** Sessions admitted whose initialize is still being answered. */
  #pending = 0;

  constructor(limits: SessionLimits, now: () => number = Date.now) {
    this.limits = limits;
    this.#now = now;
    // Sweeping more often than a quarter of the idle time buys no precision worth having.
    this.#timer = setInterval(() => void this.expire(), Math.max(100, Math.min(60_000, Math.floor(limits.idleMs / 4))));
    this.#timer.unref();
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Room for one more session, held until `release` (call it once the
   * initialize has been answered, whether or not a session came of it).
   */
  admit(): Admission {
    if (this.#entries.size + this.#pending >= this.limits.max) this.expire();
    if (this.#entries.size + this.#pending >= this.limits.max) return { ok: false, retryAfterSeconds: this.#secondsUntilExpiry() };
    this.#pending++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.#pending--;
      },
    };
  }

  add(id: string, transport: T): void {
    this.#entries.set(id, { transport, open: 0, lastUsed: this.#now() });
  }

  remove(id: string): void {
    this.#entries.delete(id);
  }

  /** The session's transport, marked busy until `res` closes. */
  use(id: string, res: ServerResponse): T | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    entry.open++;
    entry.lastUsed = this.#now();
    res.once('close', () => {
      entry.open--;
      entry.lastUsed = this.#now();
    });
    return entry.transport;
  }

  /** Closes the sessions idle for longer than the limit; returns how many. */
  expire(): number {
    const cutoff = this.#now() - this.limits.idleMs;
    let closed = 0;
    for (const [id, entry] of this.#entries) {
      if (entry.open > 0 || entry.lastUsed > cutoff) continue;
      this.#entries.delete(id);
      void entry.transport.close().catch(() => undefined);
      closed++;
    }
    return closed;
  }

  async closeAll(): Promise<void> {
    clearInterval(this.#timer);
    const entries = [...this.#entries.values()];
    this.#entries.clear();
    await Promise.all(entries.map((entry) => entry.transport.close().catch(() => undefined)));
  }

  #secondsUntilExpiry(): number {
    const now = this.#now();
    let soonest = this.limits.idleMs;
    for (const entry of this.#entries.values()) {
      if (entry.open === 0) soonest = Math.min(soonest, entry.lastUsed + this.limits.idleMs - now);
    }
    return Math.max(1, Math.ceil(soonest / 1000));
  }
}
