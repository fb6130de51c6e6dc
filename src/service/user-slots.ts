/**
 * The per-user limit of the service: at most `limit` requests in flight per user, HTTP requests
 * and WebSocket sessions together (a session holds its place from its accepted STARTDICTATION to
 * its close). More are refused: 503 with `Retry-After: 1` over HTTP, as the real service does.
 */
export class UserSlots {
  readonly #inFlight = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Take one of `user`'s places: its release (idempotent), or undefined when all are taken. */
  acquire(user: string): (() => void) | undefined {
    const count = this.#inFlight.get(user) ?? 0;
    if (count >= this.limit) return undefined;
    this.#inFlight.set(user, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#inFlight.get(user) ?? 1) - 1;
      if (left <= 0) this.#inFlight.delete(user);
      else this.#inFlight.set(user, left);
    };
  }

  /** The message of a refusal. */
  busyMessage(): string {
    return `Too many simultaneous requests for this user (limit ${this.limit}, HTTP requests and WebSocket sessions together); retry later.`;
  }
}
