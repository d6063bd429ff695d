import { Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

export const DocsetItem = Type.Object({
  code: Type.String({ description: 'Код раздела для поля kinds' }),
  title: Type.String({ description: 'Наименование раздела' }),
  required: Type.Boolean({ description: 'Обязателен ли раздел по справочнику' }),
  hint: Type.String({ description: 'Пояснение' }),
  page: Nullable(Type.Integer({ description: 'Страница источника' })),
});

/** GET /health. */
export const HealthSchema = Type.Object({ ok: Type.Boolean(), api_version: Type.String() });

/** GET /ready of a node that may take traffic (an operator's endpoint, not in openapi.json; docs/scale-out.md#metrics). */
export const ReadySchema = Type.Object({
  ready: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  checks: Type.Object({
    database: Type.Boolean({ description: 'База данных ответила на запрос' }),
    disk_free_bytes: Nullable(Type.Integer({ description: 'Свободно в каталоге данных, байт' })),
    scratch: Type.Boolean({ description: 'Во временный каталог можно записать' }),
    stopping: Type.Boolean({ description: 'Узел останавливается' }),
  }),
});

/** GET /version. */
export const VersionSchema = Type.Object({
  current: Type.String({ description: 'Текущая версия' }),
  supported: Type.Record(Type.String(), Type.Object({ sunset_at: Nullable(Type.String({ format: 'date-time' })) })),
});

/** GET /docset. */
export const DocsetSchema = Type.Object({
  title: Type.String({ description: 'Название справочника' }),
  source: Type.String({ description: 'Источник' }),
  items: Type.Array(DocsetItem),
});
