/** Rate limits count per minute of the clock: a test that counts requests starts early enough in a minute to end in it. */
export async function startOfFreshMinute(secondsNeeded: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < secondsNeeded * 1000) await new Promise((r) => setTimeout(r, left + 10));
}

/** Whole seconds until the current minute ends, as Retry-After states them (at least 1). */
export const secondsLeftInMinute = (): number => Math.max(1, Math.ceil((60_000 - (Date.now() % 60_000)) / 1000));
