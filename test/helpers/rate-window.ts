/**
 * Rate limits count per minute of the clock. Tests hold that clock (AppDeps.clock) at the start of a minute of
 * their own, so counting never straddles a minute's end and no test waits for a fresh one.
 */
export interface MinuteClock {
  now: () => number;
  /** Moves to the start of the next minute (a window nothing has been counted in yet). */
  freshMinute(): void;
  /** Moves the clock on by ms. */
  advance(ms: number): void;
}

export function minuteClock(): MinuteClock {
  let at = Date.now() - (Date.now() % 60_000);
  return {
    now: () => at,
    freshMinute() {
      at += 60_000 - (at % 60_000);
    },
    advance(ms) {
      at += ms;
    },
  };
}
