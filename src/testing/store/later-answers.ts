/**
 * SUNAT's answers still to come: one timer per document (a pending submission, a void), each
 * replacing the one before it.
 *
 * @module
 */

/** The timers of the answers still to come, by document id. */
export class LaterAnswers {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();

  /** Starts the timer of a later answer about document `id`, replacing any earlier one. */
  schedule(id: string, afterMs: number, answer: () => void): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.set(
      id,
      setTimeout(() => {
        this.#timers.delete(id);
        answer();
      }, afterMs),
    );
  }

  /** Cancels the answer still to come about document `id`, if any. */
  cancel(id: string): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
  }

  /** Cancels every answer still to come. */
  cancelAll(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
