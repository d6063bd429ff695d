/** ISO-8601 UTC timestamp; every stored time goes through here so they sort as text. */
export const nowIso = (d: Date = new Date()): string => d.toISOString();

export const addMs = (d: Date, ms: number): Date => new Date(d.getTime() + ms);
