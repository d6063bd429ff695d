/**
 * The time zone in which people read the service's times: the cabinet and the reports (PDF, Markdown, register).
 * Stored times stay UTC (ISO 8601); only their display is local. Each organization has its own zone (set by the
 * operator); Moscow time is the default, as expertise in Russia keeps its dates.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** The canonical IANA name of a zone Intl knows («europe/samara» → «Europe/Samara»), or null for an unknown one. */
export function knownTimeZone(name: string): string | null {
  if (!name.trim()) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** How the zone is named after a time: «МСК» for Moscow, the IANA name otherwise. */
export function zoneLabel(timeZone: string): string {
  return timeZone === 'Europe/Moscow' ? 'МСК' : timeZone;
}
