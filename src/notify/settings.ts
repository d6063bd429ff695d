/**
 * Delivery settings of an organization: tenants.webhook_settings JSON
 * {"attempts": 4, "timeout_ms": 15000, "pauses_ms": [2000, 4000, 6000]}; every key is optional,
 * a missing key takes the default of the contract.
 */
import type { StoredWebhookSettings } from '../kernel/model/organization.ts';

export interface DeliverySettings {
  /** Total attempts including the first one. */
  attempts: number;
  /** How long one attempt waits for the response status line (connect + send + answer). */
  timeoutMs: number;
  /** pausesMs[i] is the pause after attempt i + 1; the last value repeats when attempts need more. */
  pausesMs: number[];
}

export const DEFAULT_DELIVERY: Readonly<DeliverySettings> = Object.freeze({
  attempts: 4,
  timeoutMs: 15_000,
  pausesMs: [2_000, 4_000, 6_000],
});

export const SETTINGS_BOUNDS = {
  attempts: { min: 1, max: 10 },
  timeoutMs: { min: 10, max: 120_000 },
  pauseMs: { min: 0, max: 3_600_000 },
  pausesCount: { max: 20 },
} as const;

/** The JSON stored in tenants.webhook_settings (a type, not an interface, so it is a StoredWebhookSettings). */
export type WebhookSettingsJson = {
  attempts?: number;
  timeout_ms?: number;
  pauses_ms?: number[];
};

export type SettingsCheck = { ok: true; value: WebhookSettingsJson } | { ok: false; message: string };

const isIntIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Strict validation for the operator CLI (drs org create|set): returns the normalized JSON object to store
 * (JSON.stringify of value) or a Russian message explaining what is wrong.
 */
export function validateWebhookSettings(input: unknown): SettingsCheck {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, message: 'Настройки доставки должны быть JSON-объектом' };
  }
  const obj = input as Record<string, unknown>;
  const unknownKeys = Object.keys(obj).filter((k) => !['attempts', 'timeout_ms', 'pauses_ms'].includes(k));
  if (unknownKeys.length > 0) {
    return { ok: false, message: `Неизвестные ключи настроек доставки: ${unknownKeys.join(', ')}` };
  }
  const value: WebhookSettingsJson = {};
  const { attempts, timeout_ms: timeoutMs, pauses_ms: pausesMs } = obj;
  if (attempts !== undefined) {
    const b = SETTINGS_BOUNDS.attempts;
    if (!isIntIn(attempts, b.min, b.max)) {
      return { ok: false, message: `attempts: целое число от ${b.min} до ${b.max}` };
    }
    value.attempts = attempts;
  }
  if (timeoutMs !== undefined) {
    const b = SETTINGS_BOUNDS.timeoutMs;
    if (!isIntIn(timeoutMs, b.min, b.max)) {
      return { ok: false, message: `timeout_ms: целое число миллисекунд от ${b.min} до ${b.max}` };
    }
    value.timeout_ms = timeoutMs;
  }
  if (pausesMs !== undefined) {
    const b = SETTINGS_BOUNDS.pauseMs;
    if (!Array.isArray(pausesMs) || pausesMs.length > SETTINGS_BOUNDS.pausesCount.max) {
      return { ok: false, message: `pauses_ms: массив не более чем из ${SETTINGS_BOUNDS.pausesCount.max} пауз` };
    }
    if (!pausesMs.every((p) => isIntIn(p, b.min, b.max))) {
      return { ok: false, message: `pauses_ms: каждая пауза — целое число миллисекунд от ${b.min} до ${b.max}` };
    }
    value.pauses_ms = [...(pausesMs as number[])];
  }
  return { ok: true, value };
}

/**
 * Parses the comma-separated list of the CLI option --webhook-pauses-ms ("2000,4000,6000"; an empty string
 * means no pauses). Returns null when an element is not a non-negative integer.
 */
export function parsePausesOption(raw: string): number[] | null {
  const trimmed = raw.trim();
  if (trimmed === '') return [];
  const parts = trimmed.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d+$/.test(p))) return null;
  return parts.map(Number);
}

/**
 * Effective settings for delivery. Tolerant by design: a broken or out-of-range stored value never stops
 * deliveries, the default replaces it and `problems` names what was ignored (the caller logs it).
 */
export function resolveDeliverySettings(raw: string | null): { settings: DeliverySettings; problems: string[] } {
  if (raw === null || raw.trim() === '') return deliverySettingsOf(null);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { settings: deliverySettingsOf(null).settings, problems: ['webhook_settings is not valid JSON'] };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { settings: deliverySettingsOf(null).settings, problems: ['webhook_settings is not a JSON object'] };
  }
  return deliverySettingsOf(parsed as StoredWebhookSettings);
}

/** Effective settings from an organization's stored settings object, as tolerant as resolveDeliverySettings. */
export function deliverySettingsOf(stored: StoredWebhookSettings | null): { settings: DeliverySettings; problems: string[] } {
  const settings: DeliverySettings = { ...DEFAULT_DELIVERY, pausesMs: [...DEFAULT_DELIVERY.pausesMs] };
  const problems: string[] = [];
  if (stored === null) return { settings, problems };
  for (const [key, val] of Object.entries(stored)) {
    const check = validateWebhookSettings({ [key]: val });
    if (!check.ok) {
      problems.push(`webhook_settings.${key} ignored`);
      continue;
    }
    const v = check.value;
    if (v.attempts !== undefined) settings.attempts = v.attempts;
    if (v.timeout_ms !== undefined) settings.timeoutMs = v.timeout_ms;
    if (v.pauses_ms !== undefined) settings.pausesMs = v.pauses_ms;
  }
  return { settings, problems };
}

/** Pause after the attempt number `attemptsMade` (1-based) before the next one. */
export function pauseAfter(settings: DeliverySettings, attemptsMade: number): number {
  const pauses = settings.pausesMs;
  if (pauses.length === 0) return 0;
  const idx = Math.min(Math.max(attemptsMade, 1), pauses.length) - 1;
  return pauses[idx] ?? 0;
}
