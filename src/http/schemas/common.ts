import { Type, type Static } from '@sinclair/typebox';

export const ErrorEnvelope = Type.Object(
  {
    detail: Type.Object({
      error: Type.String({ description: 'Код ошибки' }),
      message: Type.String({ description: 'Пояснение на русском языке' }),
      file: Type.Optional(Type.String({ description: 'Имя проблемного файла' })),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Ошибка в конверте detail' },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export const RunIdParams = Type.Object({
  run_id: Type.String({ description: 'Идентификатор проверки (UUID)' }),
});

/** Standard error responses of authenticated endpoints, for OpenAPI: no key (401), suspended (403), over the rate limit (429). */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const s of [401, 403, 429, ...statuses]) out[s] = Type.Ref('ErrorEnvelope');
  return out;
}

export const Nullable = <T extends import('@sinclair/typebox').TSchema>(t: T) => Type.Union([t, Type.Null()]);
