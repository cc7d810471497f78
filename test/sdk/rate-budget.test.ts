/**
 * The rate budget `createMany`'s workers share, on a clock of its own: when may the next request
 * start, given what the answers said (`RateLimit: r, t`, `RateLimit-Policy: q, w`).
 */
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../src/internal/rate-budget.js';

const policy = { limit: 100, windowSeconds: 1 };

/** A budget on a clock the test moves, and how long `acquire` would wait now (0: it may start). */
function budgetAt(start = 0) {
  const clock = { now: start };
  const budget = new RateBudget(() => clock.now);
  const waitMs = async () => {
    const controller = new AbortController();
    let started = false;
    const acquiring = budget.acquire(controller.signal).then(() => (started = true));
    await Promise.resolve();
    await Promise.resolve();
    if (started) return 0;
    controller.abort();
    await acquiring.catch(() => undefined);
    return Number.NaN;
  };
  return { clock, budget, waitMs };
}

describe('RateBudget', () => {
  it('lets requests start while the remaining budget, less those in flight, is above 0', async () => {
    const { budget, waitMs } = budgetAt();
    expect(await waitMs()).toBe(0); // unknown budget: go
    budget.release({ remaining: 2, resetSeconds: 1, ...policy });
    expect(await waitMs()).toBe(0); // 2 left, 1 now in flight
    expect(await waitMs()).toBe(0); // 2 left, 2 in flight
    expect(await waitMs()).toBeNaN(); // none left once those land
  });

  it("follows a window that opened after the one its schedule predicted: the first answer of the window moves the reset later", async () => {
    const { clock, budget, waitMs } = budgetAt();
    // Window 1 is opened by a request sent at 0 and answered at 80 ms, the last it allows.
    expect(await waitMs()).toBe(0);
    clock.now = 80;
    budget.release({ remaining: 0, resetSeconds: 1, ...policy });
    expect(await waitMs()).toBeNaN();
    clock.now = 1_080; // the reset that answer predicts: a whole quota again
    for (let i = 0; i < 16; i++) expect(await waitMs()).toBe(0);
    // The server opened window 2 when the first of those arrived, 20 ms later, and answers 30 ms
    // after that: the window resets at 2 100, not at the 2 080 a fixed schedule would say.
    clock.now = 1_110;
    budget.release({ remaining: 99, resetSeconds: 1, ...policy });
    for (let i = 0; i < 15; i++) budget.release({ remaining: 98 - i, resetSeconds: 1, ...policy });
    // Spend the rest of window 2: 84 left, 84 more requests, all answered.
    for (let i = 0; i < 84; i++) expect(await waitMs()).toBe(0);
    for (let i = 0; i < 84; i++) budget.release({ remaining: 83 - i, resetSeconds: 1, ...policy });
    clock.now = 2_085; // past the fixed schedule's 2 080, before the server's 2 100
    expect(await waitMs()).toBeNaN();
    clock.now = 2_110;
    expect(await waitMs()).toBe(0);
  });

  it('a 429 pauses every request for its Retry-After', async () => {
    const { clock, budget, waitMs } = budgetAt();
    budget.pause(1_000);
    expect(await waitMs()).toBeNaN();
    clock.now = 1_000;
    expect(await waitMs()).toBe(0);
  });
});
