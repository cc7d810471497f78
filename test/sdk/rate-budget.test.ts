/**
 * The rate budget `createMany`'s workers share, on a clock of its own: when may the next request
 * start, given what the answers said (`RateLimit: r, t`, `RateLimit-Policy: q, w`). Jitter is
 * pinned (`random: () => 0.5`, a factor of exactly 1) unless a test says otherwise.
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RateLimit } from '../../src/core/api-promise.js';
import { RateBudget, type RateBudgetOptions } from '../../src/lib/rate-budget.js';

/** A full `RateLimit` from the fields an answer stated. */
const rateLimit = (stated: Partial<RateLimit>): RateLimit => ({ remaining: undefined, resetSeconds: undefined, limit: undefined, windowSeconds: undefined, ...stated });

/**
 * A budget on the fake clock (starting at 0), and `startsAfter()`: the milliseconds `acquire`
 * waits before it lets a request start, and when it started (each start counts as in flight until `release`).
 */
function fakeClockBudget(options: RateBudgetOptions = {}) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  vi.setSystemTime(0);
  const budget = new RateBudget(() => Date.now(), { random: () => 0.5, ...options });
  let startedAt = 0;
  const startsAfter = async (signal = new AbortController().signal) => {
    const from = Date.now();
    const acquiring = budget.acquire(signal);
    await vi.runAllTimersAsync();
    startedAt = await acquiring;
    return startedAt - from;
  };
  /** Ends the last request started, with what its answer stated. */
  const answer = (stated: Partial<RateLimit> | undefined) => budget.release(startedAt, stated && rateLimit(stated));
  return { budget, startsAfter, answer, startedAt: () => startedAt };
}

/** The start times of `count` requests acquired one after another, none answered. */
async function startTimes(startsAfter: () => Promise<number>, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await startsAfter();
    times.push(Date.now());
  }
  return times;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RateBudget: the first request', () => {
  it('goes alone: the second waits for its answer, then the budget it states applies', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    const first = await budget.acquire(new AbortController().signal);
    let second: number | undefined;
    const waiting = budget.acquire(new AbortController().signal).then((at) => (second = at));
    await vi.advanceTimersByTimeAsync(300);
    expect(second).toBeUndefined();
    budget.release(first, rateLimit({ remaining: 50, resetSeconds: 1, limit: 100, windowSeconds: 1 }));
    await waiting;
    expect(second).toBe(300);
    void startsAfter;
  });

  it('holds the others for 1 s at most: a first answer slower than that (or lost to a bug) does not hold the run', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    await budget.acquire(new AbortController().signal);
    vi.setSystemTime(400);
    expect(await startsAfter()).toBe(600);
    expect(await startsAfter()).toBe(0);
  });

  it('a server that states no limit: after the first answer every request starts at once', async () => {
    const { startsAfter, answer } = fakeClockBudget();
    expect(await startsAfter()).toBe(0);
    answer(undefined);
    for (let i = 0; i < 5; i++) expect(await startsAfter()).toBe(0);
  });
});

describe('RateBudget: pacing', () => {
  it('spreads what is left evenly over what is left of the window, never past its reset', async () => {
    const { startsAfter, answer } = fakeClockBudget();
    await startsAfter();
    answer({ remaining: 4, resetSeconds: 1, limit: 5, windowSeconds: 1 }); // 4 left for 1 000 ms, alone (the count dropped by 1)
    // 1 000 / (4 + 1) after the first start, then what is left of the window over what is left of the budget, plus one.
    const times: number[] = [];
    for (const remaining of [3, 2, 1, 0]) {
      await startsAfter();
      times.push(Date.now());
      answer({ remaining, resetSeconds: 1, limit: 5, windowSeconds: 1 });
    }
    // The fifth is the first of the next window: at its reset, at once.
    await startsAfter();
    expect([...times, Date.now()]).toEqual([200, 400, 600, 800, 1_000]);
  });

  it('the jitter scales each pause by 0.5 to 1.5', async () => {
    for (const [random, expected] of [
      [0, 100],
      [0.999, 200 * 1.499],
    ] as const) {
      const { startsAfter, answer } = fakeClockBudget({ random: () => random });
      await startsAfter();
      answer({ remaining: 4, resetSeconds: 1, limit: 5, windowSeconds: 1 });
      await startsAfter();
      expect(Date.now()).toBe(Math.ceil(expected));
      vi.useRealTimers();
    }
  });

  it('slows as the server says the others spend the budget: each pause is what is left over what is left of the window', async () => {
    const { budget, startsAfter, answer, startedAt } = fakeClockBudget();
    await startsAfter();
    answer({ remaining: 90, resetSeconds: 1, limit: 100, windowSeconds: 1 }); // others drew 9 meanwhile
    expect(await startsAfter()).toBe(11); // 955 / (90 + 1) = 10.5
    const at = startedAt();
    vi.setSystemTime(20);
    budget.release(at, rateLimit({ remaining: 60, resetSeconds: 1, limit: 100, windowSeconds: 1 })); // the others drew 29 more
    // 60 left from its start at 11 to the reset: 15.5 ms after it, where 90 left gave 10.5. The reset
    // is 955: the first answer came at 0 after 8 requests (9 less its own) that took at least 45 ms
    // at twice the quota's pace.
    await startsAfter();
    expect(Date.now()).toBe(Math.ceil(11 + (955 - 11) / 61));
  });

  it('when its share of what is left is under one request, leaves the rest of the window to the others', async () => {
    // Alone: 3 of a quota of 3 left for 3 s, spread over them.
    const alone = fakeClockBudget();
    await alone.startsAfter();
    alone.answer({ remaining: 3, resetSeconds: 3, limit: 3, windowSeconds: 3 });
    expect(await startTimes(alone.startsAfter, 3)).toEqual([750, 1_500, 2_250]);
    vi.useRealTimers();

    // Shared: the first answer shows 97 requests counted for this one (a share of 1/97); 3 left is
    // less than one request of its own, so it waits for the reset, when a whole quota is back. The
    // 96 counted before it took at least 1 440 ms at twice the quota's pace: the reset is by 1 560.
    const shared = fakeClockBudget();
    await shared.startsAfter();
    shared.answer({ remaining: 3, resetSeconds: 3, limit: 100, windowSeconds: 3 });
    expect(await shared.startsAfter()).toBe(3_000 - (96 * 3_000) / 200);
  });
});

describe('RateBudget: windows', () => {
  it('waits exactly until the reset the answer states (`t` seconds), and 1 s when it states none', async () => {
    const { startsAfter, answer } = fakeClockBudget();
    expect(await startsAfter()).toBe(0);
    answer({ remaining: 0, resetSeconds: 2 });
    expect(await startsAfter()).toBe(2_000);
    answer({ remaining: 0 });
    expect(await startsAfter()).toBe(1_000);
    answer({ remaining: 0 }); // the same window: its reset stays the earliest any answer allowed
    expect(await startsAfter()).toBe(1_000);
  });

  it('keeps time with a monotonic clock: the system clock stepped back an hour mid-window does not stall the run', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    const budget = new RateBudget();
    const first = await budget.acquire(new AbortController().signal);
    budget.release(first, rateLimit({ remaining: 0, resetSeconds: 2 }));
    vi.setSystemTime(Date.now() - 3_600_000); // a VM resumed, or NTP stepped the clock
    let started = false;
    const waiting = budget.acquire(new AbortController().signal).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    await waiting;
  });

  it('within a window keeps the lowest count whatever the order of the answers: a higher count to an earlier request is late, not new', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    await startsAfter();
    budget.release(0, rateLimit({ remaining: 10, resetSeconds: 1 }));
    const starts = [];
    for (let i = 0; i < 3; i++) starts.push(Date.now() + (await startsAfter()));
    budget.release(starts[2]!, rateLimit({ remaining: 1, resetSeconds: 1 }));
    budget.release(starts[0]!, rateLimit({ remaining: 3, resetSeconds: 1 })); // started earlier, answered late
    budget.release(starts[1]!, rateLimit({ remaining: 2, resetSeconds: 1 }));
    await startsAfter(); // 1 left
    expect(await startsAfter()).toBe(1_000 - Date.now()); // then none until the reset
  });

  /**
   * A budget whose first answer stated no limit, with two requests then started at 0 and 10 ms;
   * the first is answered at 10 ms, 0 left of 100 for 1 s, the second at 400 ms with `remaining`.
   */
  async function answeredOutOfOrder(remaining: number) {
    const { budget, startsAfter } = fakeClockBudget();
    const signal = new AbortController().signal;
    budget.release(await budget.acquire(signal), undefined);
    const first = await budget.acquire(signal);
    vi.setSystemTime(10);
    const second = await budget.acquire(signal);
    budget.release(first, rateLimit({ remaining: 0, resetSeconds: 1, limit: 100, windowSeconds: 1 }));
    vi.setSystemTime(400);
    budget.release(second, rateLimit({ remaining, resetSeconds: 1, limit: 100, windowSeconds: 1 }));
    return startsAfter;
  }

  it('a count higher by more than half the quota, to a request started after the one that gave the lowest, opens a new window with its own reset', async () => {
    const startsAfter = await answeredOutOfOrder(51);
    expect(await startsAfter()).toBe(0); // 51 left until 1 400, where the old window had none until 1 010
  });

  it('a count higher by half the quota or less stays in the window: requests of several processes may be counted out of the order they were sent', async () => {
    const startsAfter = await answeredOutOfOrder(50);
    // None left until the reset: 1 010 at the latest by the first answer's `t`, and by 515 since
    // the 99 counted before it took at least 495 ms at twice the quota's pace.
    expect(await startsAfter()).toBe(115);
  });

  it('the reset is the earliest that any answer of the window allows: `t` is rounded up, so each answer bounds it from above', async () => {
    const { budget, startsAfter, answer } = fakeClockBudget();
    await startsAfter();
    answer({ remaining: 5, resetSeconds: 1 }); // at 0: by 1 000
    const at = Date.now() + (await startsAfter());
    vi.setSystemTime(600);
    budget.release(at, rateLimit({ remaining: 0, resetSeconds: 1 })); // at 600: by 1 600, later: 1 000 stays
    expect(await startsAfter()).toBe(400);
  });

  it('with a policy, the requests counted before an answer bound the reset too: they took their time, at most twice the quota’s pace', async () => {
    const { startsAfter, answer } = fakeClockBudget();
    await startsAfter();
    vi.setSystemTime(300);
    answer({ remaining: 0, resetSeconds: 1, limit: 10, windowSeconds: 1 }); // 9 counted before it: at least 450 ms at 20 a second
    expect(await startsAfter()).toBe(1_300 - 450 - 300);
  });

  it("after a reset it foresaw, the first answer of the new window states its reset, even a later one (the server's window opened late)", async () => {
    const { budget, startsAfter, answer } = fakeClockBudget();
    await startsAfter();
    answer({ remaining: 0, resetSeconds: 1, limit: 1, windowSeconds: 1 }); // resets at 1 000: then a quota of 1 until 2 000
    expect(await startsAfter()).toBe(1_000);
    const at = Date.now();
    vi.setSystemTime(1_300);
    // The server opened its window when that request arrived, and counts it: none left, for 1 s from now.
    budget.release(at, rateLimit({ remaining: 0, resetSeconds: 1, limit: 1, windowSeconds: 1 }));
    expect(await startsAfter()).toBe(1_000); // at 2 300, not at the 2 000 its own schedule said
  });

  it("after the reset, the policy's quota is the budget, counting requests in flight, until the next window of the schedule", async () => {
    const { budget, startsAfter, answer } = fakeClockBudget();
    await startsAfter();
    answer({ remaining: 1, resetSeconds: 1, limit: 2, windowSeconds: 1 }); // resets at 1 000; alone (the count dropped by one)
    vi.setSystemTime(3_500); // three windows later: the current one resets at 4 000
    expect(await startsAfter()).toBe(0);
    await startsAfter(); // paced: the second of 2 at 3 500 + 500 / (1 + 1)
    expect(Date.now()).toBe(3_750);
    // A quota of 2, both in flight: the third looks again at 4 000, when the next window opens.
    const controller = new AbortController();
    const third = budget.acquire(controller.signal).catch(() => 'stopped');
    await vi.advanceTimersToNextTimerAsync();
    expect(Date.now()).toBe(4_000);
    controller.abort();
    expect(await third).toBe('stopped');
  });

  it('with no policy (or a window of 0), the budget is unknown after the reset and every request may start', async () => {
    for (const stated of [{}, { limit: 2, windowSeconds: 0 }, { windowSeconds: 1 }, { limit: 2 }]) {
      const { startsAfter, answer } = fakeClockBudget();
      await startsAfter();
      answer({ remaining: 0, resetSeconds: 1, ...stated });
      expect(await startsAfter()).toBe(1_000);
      for (let i = 0; i < 5; i++) expect(await startsAfter()).toBe(0);
      vi.useRealTimers();
    }
  });

  it('an answer without a remaining count changes nothing', async () => {
    const { startsAfter, answer } = fakeClockBudget();
    await startsAfter();
    answer({ remaining: 0, resetSeconds: 3 });
    expect(await startsAfter()).toBe(3_000);
    answer(undefined);
    answer({ limit: 5, windowSeconds: 1 });
    expect(await startsAfter()).toBe(0); // unknown again after the reset: no policy was stated
  });

  it('maxWaitMs cuts a longer wait for the reset to its length, reports the stated wait, then lets a request find out', async () => {
    const stated: number[] = [];
    const { startsAfter, answer } = fakeClockBudget({ maxWaitMs: 60_000, onLongWait: (ms) => stated.push(ms) });
    expect(await startsAfter()).toBe(0);
    answer({ remaining: 0, resetSeconds: 60 }); // exactly the cap: obeyed, not reported
    expect(await startsAfter()).toBe(60_000);
    answer({ remaining: 0, resetSeconds: 86_400 });
    expect(await startsAfter()).toBe(60_000);
    expect(stated).toEqual([86_400_000]);
    expect(await startsAfter()).toBe(0); // no policy: unknown after the cut-short wait, so requests go and learn
  });
});

describe('RateBudget: pauses and aborts', () => {
  it('a 429 pause holds every request for exactly its length; a shorter pause after it does not shorten it', async () => {
    const { budget, startsAfter } = fakeClockBudget();
    budget.pause(1_500);
    budget.pause(200);
    expect(await startsAfter()).toBe(1_500);
  });

  it('a waiting request looks again as soon as an answer frees the budget, before its timer', async () => {
    const { budget } = fakeClockBudget();
    const controller = new AbortController();
    budget.release(await budget.acquire(controller.signal), undefined); // no limit stated: the next two start at once
    const first = await budget.acquire(controller.signal);
    vi.setSystemTime(1);
    const second = await budget.acquire(controller.signal);
    budget.release(first, rateLimit({ remaining: 0, resetSeconds: 10 }));
    let started = false;
    const waiting = budget.acquire(controller.signal).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toBe(false);
    budget.release(second, rateLimit({ remaining: 5, resetSeconds: 30 })); // a later request's answer: a new window, 5 left until 30 100
    // Woken at once, it now waits only its step of the pacing: 5 left from the last start (at 1) to 30 100.
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    await vi.runAllTimersAsync();
    await waiting;
    expect(started).toBe(true);
    expect(Date.now()).toBe(Math.ceil(1 + 30_099 / 6));
    expect(vi.getTimerCount()).toBe(0);
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

  it('a request waiting for the budget holds one abort listener on its signal however often answers wake it, and none once it starts', async () => {
    // Left behind at each wake-up, listeners would pile up on a long wait: Node warns of a leak past 10.
    const { budget } = fakeClockBudget();
    const first = await budget.acquire(new AbortController().signal);
    budget.release(first, rateLimit({ remaining: 0, resetSeconds: 10 }));
    const controller = new AbortController();
    let started = false;
    const waiting = budget.acquire(controller.signal).then(() => (started = true));
    for (let i = 0; i < 11; i++) {
      budget.release(first, rateLimit({ remaining: 0, resetSeconds: 10 })); // wakes it: it looks again, and waits again
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

/** A deterministic source of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
}

describe('RateBudget: several processes sharing one key', () => {
  /**
   * `processes` budgets, each with `workers` workers issuing `each` requests, against one server
   * limited like the mock (`src/testing/middleware/rate-limit.ts`): a window of `quota` requests opens at the
   * first request after the last one ended, and every answer states `r` and `t` (whole seconds,
   * rounded up); a 429 asks to wait `t`, and the worker waits it (at least 1 s, as createMany does).
   * Requests take 2 ms each way. Everything on the fake clock, jitter from seeded sources.
   */
  async function shareOneKey({ processes, workers, each, quota }: { processes: number; workers: number; each: number; quota: number }) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    vi.setSystemTime(0);
    let window: { start: number; used: number } | undefined;
    const server = { requests: 0, refused: 0 };
    const count = () => {
      const now = Date.now();
      server.requests++;
      if (window === undefined || now >= window.start + 1_000) window = { start: now, used: 0 };
      window.used++;
      const t = Math.max(1, Math.ceil((window.start + 1_000 - now) / 1_000));
      const ok = window.used <= quota;
      if (!ok) server.refused++;
      return { ok, t, stated: rateLimit({ remaining: Math.max(0, quota - window.used), resetSeconds: t, limit: quota, windowSeconds: 1 }) };
    };
    const travel = () => new Promise((resolve) => setTimeout(resolve, 2));
    const finished: number[] = [];
    const run = async (p: number) => {
      const budget = new RateBudget(() => performance.now(), { random: seeded(p + 1) });
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < each; i = next++) {
          for (;;) {
            const startedAt = await budget.acquire(new AbortController().signal);
            await travel();
            const answer = count();
            await travel();
            budget.release(startedAt, answer.stated);
            if (answer.ok) break;
            budget.pause(Math.max(answer.t * 1_000, 1_000));
          }
        }
      };
      await Promise.all(Array.from({ length: workers }, worker));
      finished[p] = Date.now();
    };
    let done = false;
    const all = Promise.all(Array.from({ length: processes }, (_, p) => run(p))).then(() => (done = true));
    while (!done) await vi.advanceTimersByTimeAsync(1_000);
    await all;
    return { ...server, finished };
  }

  it('four processes of 16 workers, 150 requests each under 50 a second: at most 1 % answered 429, within 1.15× the time the limit allows, each within 1.25× of the fastest', async () => {
    const { requests, refused, finished } = await shareOneKey({ processes: 4, workers: 16, each: 150, quota: 50 });
    expect(requests).toBe(600 + refused);
    expect(refused).toBeLessThanOrEqual(6);
    const allowed = (600 / 50) * 1_000;
    expect(Math.max(...finished)).toBeLessThanOrEqual(allowed * 1.15);
    expect(Math.max(...finished) / Math.min(...finished)).toBeLessThanOrEqual(1.25);
  });

  it('one process alone uses the whole window: 600 requests under 50 a second in 12 windows', async () => {
    const { requests, refused, finished } = await shareOneKey({ processes: 1, workers: 16, each: 600, quota: 50 });
    expect(refused).toBe(0);
    expect(requests).toBe(600);
    expect(finished[0]).toBeLessThanOrEqual(12_000 * 1.05);
  });
});
