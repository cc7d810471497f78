/**
 * The rate budget `createMany`'s workers share, on a clock of its own: when may the next request
 * start, given what the answers said (`RateLimit: r, t`, `RateLimit-Policy: q, w`).
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RateLimit } from '../../src/core/api-promise.js';
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

/** A full `RateLimit` from the fields an answer stated. */
const rateLimit = (stated: Partial<RateLimit>): RateLimit => ({ remaining: undefined, resetSeconds: undefined, limit: undefined, windowSeconds: undefined, ...stated });

/**
 * A budget on the fake clock, and `startsAfter()`: the milliseconds `acquire` waits before it lets
 * a request start (each start counts as in flight until `release`).
 */
function fakeClockBudget() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  vi.setSystemTime(0);
  const budget = new RateBudget(() => Date.now());
  const startsAfter = async (signal = new AbortController().signal) => {
    const from = Date.now();
    let waited: number | undefined;
    const acquiring = budget.acquire(signal).then(() => (waited = Date.now() - from));
    await vi.runAllTimersAsync();
    await acquiring;
    return waited;
  };
  return { budget, startsAfter };
}

describe('RateBudget: how long a request waits', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits exactly until the reset the answer states (`t` seconds), and 1 s when it states none', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    expect(await startsAfter()).toBe(0);
    budget.release(rateLimit({ remaining: 0, resetSeconds: 2 }));
    expect(await startsAfter()).toBe(2_000);
    budget.release(rateLimit({ remaining: 0 }));
    expect(await startsAfter()).toBe(1_000);
    budget.release(rateLimit({ remaining: 0 })); // the same window (its reset is not later): still the one stated
    expect(await startsAfter()).toBe(1_000);
  });

  it('keeps time with a monotonic clock: the system clock stepped back an hour mid-window does not stall the run', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    const budget = new RateBudget();
    await budget.acquire(new AbortController().signal);
    budget.release(rateLimit({ remaining: 0, resetSeconds: 2 }));
    vi.setSystemTime(Date.now() - 3_600_000); // a VM resumed, or NTP stepped the clock
    let started = false;
    const waiting = budget.acquire(new AbortController().signal).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    await waiting;
  });

  it('maxWaitMs cuts a longer wait for the reset to its length, reports the stated wait, then lets a request find out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    vi.setSystemTime(0);
    const stated: number[] = [];
    const budget = new RateBudget(() => Date.now(), { maxWaitMs: 60_000, onLongWait: (ms) => stated.push(ms) });
    const startsAfter = async () => {
      const from = Date.now();
      await Promise.all([budget.acquire(new AbortController().signal), vi.runAllTimersAsync()]);
      return Date.now() - from;
    };
    expect(await startsAfter()).toBe(0);
    budget.release(rateLimit({ remaining: 0, resetSeconds: 60 })); // exactly the cap: obeyed, not reported
    expect(await startsAfter()).toBe(60_000);
    budget.release(rateLimit({ remaining: 0, resetSeconds: 86_400 }));
    expect(await startsAfter()).toBe(60_000);
    expect(stated).toEqual([86_400_000]);
    expect(await startsAfter()).toBe(0); // no policy: unknown after the cut-short wait, so requests go and learn
  });

  it('an answer without a remaining count changes nothing', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    await startsAfter();
    budget.release(rateLimit({ remaining: 0, resetSeconds: 3 }));
    await startsAfter();
    budget.release(undefined);
    budget.release({ limit: 5, windowSeconds: 1 } as never);
    await startsAfter();
    expect(await startsAfter()).toBe(0); // unknown again after the reset: no policy was stated
  });

  it('a 429 pause holds every request for exactly its length; a shorter pause after it does not shorten it', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    budget.pause(1_500);
    budget.pause(200);
    expect(await startsAfter()).toBe(1_500);
    expect(await startsAfter()).toBe(0);
  });

  it("after the reset, the policy's quota is the budget, counting requests in flight, until the next window of the schedule", async () => {
    const { budget, startsAfter } = fakeClockBudget();
    await startsAfter();
    budget.release(rateLimit({ remaining: 0, resetSeconds: 1, limit: 2, windowSeconds: 1 })); // resets at 1 000
    vi.setSystemTime(3_500); // three windows later: the current one resets at 4 000
    expect(await startsAfter()).toBe(0);
    expect(await startsAfter()).toBe(0);
    // A quota of 2, both in flight: the third looks again at 4 000, when the next window opens.
    const controller = new AbortController();
    const third = budget.acquire(controller.signal).catch(() => 'stopped');
    await vi.advanceTimersToNextTimerAsync();
    expect(Date.now()).toBe(4_000);
    controller.abort();
    expect(await third).toBe('stopped');
  });

  it('with no policy (or a window of 0), the budget is unknown after the reset and every request may start', async () => {
    for (const stated of [{}, { limit: 2, windowSeconds: 0 }, { windowSeconds: 1 }]) {
      const { budget, startsAfter } = fakeClockBudget();
      await startsAfter();
      budget.release(rateLimit({ remaining: 0, resetSeconds: 1, ...stated }));
      expect(await startsAfter()).toBe(1_000);
      for (let i = 0; i < 5; i++) expect(await startsAfter()).toBe(0);
      vi.useRealTimers();
    }
  });

  it('within a window keeps the lowest count whatever the order of the answers', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    for (let i = 0; i < 3; i++) await startsAfter();
    budget.release(rateLimit({ remaining: 1, resetSeconds: 1, ...policy }));
    budget.release(rateLimit({ remaining: 3, resetSeconds: 1, ...policy })); // an earlier request, answered late
    budget.release(rateLimit({ remaining: 2, resetSeconds: 1, ...policy }));
    expect(await startsAfter()).toBe(0); // 1 left
    expect(await startsAfter()).toBe(1_000); // then none until the reset
  });

  it('with a policy, an answer whose reset lies within half a window joins the current window: the lowest count stays', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    for (let i = 0; i < 2; i++) await startsAfter();
    budget.release(rateLimit({ remaining: 0, resetSeconds: 1, limit: 100, windowSeconds: 2 })); // resets at 1 000
    vi.setSystemTime(900);
    budget.release(rateLimit({ remaining: 1, resetSeconds: 1, limit: 100, windowSeconds: 2 })); // 1 900: within half a window (1 000)
    expect(await startsAfter()).toBe(1_000); // still none left; the higher count moved the reset to 1 900
  });

  it('with a policy, an answer whose reset lies more than half a window later opened a new window: its count replaces the lowest', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    for (let i = 0; i < 2; i++) await startsAfter();
    budget.release(rateLimit({ remaining: 0, resetSeconds: 1, limit: 100, windowSeconds: 2 })); // resets at 1 000
    vi.setSystemTime(900);
    budget.release(rateLimit({ remaining: 1, resetSeconds: 1.6, limit: 100, windowSeconds: 2 })); // 2 500: a new window, 1 left
    expect(await startsAfter()).toBe(0);
    expect(await startsAfter()).toBe(1_600);
  });

  it('a later reset by more than the tolerance starts a new window with its own count', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    for (let i = 0; i < 2; i++) await startsAfter();
    budget.release(rateLimit({ remaining: 0, resetSeconds: 1 })); // resets at 1 000; no policy: a tolerance of 1 s
    vi.setSystemTime(500);
    budget.release(rateLimit({ remaining: 1, resetSeconds: 1.6 })); // 2 100: 1 100 later, a new window with 1 left
    expect(await startsAfter()).toBe(0);
    expect(await startsAfter()).toBe(2_100 - 500);
  });

  it('a waiting request starts as soon as an answer frees the budget, before its timer', async () => {
    const { budget } = fakeClockBudget();
    const controller = new AbortController();
    await budget.acquire(controller.signal);
    budget.release(rateLimit({ remaining: 0, resetSeconds: 10 }));
    let started = false;
    const waiting = budget.acquire(controller.signal).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(false);
    budget.release(rateLimit({ remaining: 5, resetSeconds: 30 })); // a new window, 5 left
    await vi.advanceTimersByTimeAsync(0);
    await waiting;
    expect(started).toBe(true);
    expect(Date.now()).toBe(100);
    expect(vi.getTimerCount()).toBe(0); // its timer is cleared
  });

  it('rejects with the signal reason when the signal aborts while waiting, or had aborted before', async () => {
    const { budget } = fakeClockBudget();
    const controller = new AbortController();
    budget.pause(5_000);
    const waiting = budget.acquire(controller.signal);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(vi.getTimerCount()).toBe(0);
    await expect(budget.acquire(controller.signal)).rejects.toThrow('stop');
  });
  it('with a policy the tolerance is half its window: with a 4-s window, an answer whose reset lies 1.5 s later still joins the current window', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    for (let i = 0; i < 2; i++) await startsAfter();
    budget.release(rateLimit({ remaining: 0, resetSeconds: 3, limit: 100, windowSeconds: 4 })); // resets at 3 000
    vi.setSystemTime(1_500);
    budget.release(rateLimit({ remaining: 1, resetSeconds: 3, limit: 100, windowSeconds: 4 })); // 4 500: 1.5 s later, within 2 s
    // The same window: its lowest count (0) stays, and its higher count moved the reset to 4 500.
    expect(await startsAfter()).toBe(3_000);
  });

  it('an answer that arrives the moment the window resets opens the next window with its own count, however close its reset', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    for (let i = 0; i < 2; i++) await startsAfter();
    budget.release(rateLimit({ remaining: 0, resetSeconds: 2, limit: 10, windowSeconds: 2 })); // resets at 2 000
    vi.setSystemTime(2_000);
    // Counted in the next window: 7 left until 3 000, a reset only half a window after the last one.
    budget.release(rateLimit({ remaining: 7, resetSeconds: 1, limit: 10, windowSeconds: 2 }));
    for (let i = 0; i < 7; i++) expect(await startsAfter()).toBe(0);
    expect(await startsAfter()).toBe(1_000);
  });

  it('an answer whose reset lies exactly half a window later (its `t` rounded up a whole second) joins the current window', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    for (let i = 0; i < 2; i++) await startsAfter();
    budget.release(rateLimit({ remaining: 1, resetSeconds: 1, limit: 100, windowSeconds: 2 })); // resets at 1 000
    budget.release(rateLimit({ remaining: 4, resetSeconds: 2, limit: 100, windowSeconds: 2 })); // an earlier request, answered late: 2 000
    expect(await startsAfter()).toBe(0); // 1 left, not 4
    expect(await startsAfter()).toBe(2_000);
  });

  it('within a window, only an answer with a higher count than any before moves the reset later; a lower or equal one does not', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    for (let i = 0; i < 3; i++) await startsAfter();
    budget.release(rateLimit({ remaining: 1, resetSeconds: 1 })); // the window's highest count so far; resets at 1 000
    vi.setSystemTime(400);
    budget.release(rateLimit({ remaining: 0, resetSeconds: 1 })); // lower: its 1 400 is not the window's reset
    vi.setSystemTime(500);
    budget.release(rateLimit({ remaining: 1, resetSeconds: 1 })); // equal to the highest: its 1 500 is not either
    expect(await startsAfter()).toBe(500); // none left until 1 000
  });

  it('a policy stating a quota but no window (`q` without `w`): after the reset the budget is unknown again, and requests are not held', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    await startsAfter();
    budget.release(rateLimit({ remaining: 0, resetSeconds: 1, limit: 2 }));
    expect(await startsAfter()).toBe(1_000);
    for (let i = 0; i < 5; i++) expect(await startsAfter()).toBe(0);
  });

  it('a request waiting for the budget holds one abort listener on its signal however often answers wake it, and none once it starts', async () => {
    // Left behind at each wake-up, listeners would pile up on a long wait: Node warns of a leak past 10.
    const { budget } = fakeClockBudget();
    const others = new AbortController();
    for (let i = 0; i < 12; i++) await budget.acquire(others.signal);
    const controller = new AbortController();
    let started = false;
    budget.release(rateLimit({ remaining: 0, resetSeconds: 10 }));
    const waiting = budget.acquire(controller.signal).then(() => (started = true));
    for (let i = 0; i < 11; i++) {
      budget.release(rateLimit({ remaining: 0, resetSeconds: 10 })); // wakes it: it looks again, and waits again
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(started).toBe(false);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await waiting;
    expect(started).toBe(true);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
