export const SESSION_COOKIE = 'drs_session';
export const CSRF_HEADER = 'x-csrf-token';

/** The value of one cookie from a Cookie header (no cookie library: the cabinet reads exactly one). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
