/**
 * Keeps a claimed lease alive while its holder works: renews it every third of its length, so two renewals
 * can fail before it lapses. When a renewal answers that the lease is gone, `onLost` is called once (the
 * holder must stop: another process has the row); an error is reported and the next tick tries again.
 */
export function keepLeaseAlive(opts: {
  leaseMs: number;
  renew: () => Promise<boolean>;
  onLost?: () => void;
  onError: (err: unknown) => void;
  /** Lowest renewal interval (ms). */
  minIntervalMs?: number;
}): () => void {
  let lost = false;
  const timer = setInterval(
    () => {
      opts
        .renew()
        .then((held) => {
          if (!held && !lost) {
            lost = true;
            opts.onLost?.();
          }
        })
        .catch(opts.onError);
    },
    Math.max(opts.minIntervalMs ?? 1, Math.floor(opts.leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
