import { Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

export const LimitsSchema = Type.Object({
  max_files: Type.Integer({ description: 'Число документов после распаковки архивов (0 — без ограничения)' }),
  max_file_bytes: Type.Integer({ description: 'Размер одного файла, байт (0 — без ограничения)' }),
  max_total_bytes: Type.Integer({ description: 'Общий размер комплекта, байт (0 — без ограничения)' }),
  max_pages: Type.Integer({ description: 'Число страниц комплекта; определяется после подготовки документов (0 — без ограничения)' }),
  oversize_factor: Type.Integer({ description: '1 — превышение запрещено; 2 — допускается двойной объём (учитывается при списании)' }),
});

/** GET /features. */
export const FeaturesSchema = Type.Object({ features: Type.Record(Type.String(), Type.Boolean()) });

/** GET /me. */
export const MeSchema = Type.Object({
  tenant_id: Type.String(),
  name: Type.String({ description: 'Наименование организации' }),
  status: Type.String({ description: 'active или suspended' }),
  checks_left: Type.Integer({ description: 'Остаток проверок' }),
  profile: Type.Object({
    sections: Type.Array(Type.Object({ code: Type.String(), title: Type.String(), required: Type.Boolean() }), {
      description: 'Профиль разделов организации',
    }),
  }),
  limits: LimitsSchema,
  webhook_configured: Type.Boolean({ description: 'Настроены ли уведомления; false — клиент опрашивает статус' }),
  time_zone: Type.String({ description: 'Часовой пояс организации (IANA), в котором кабинет и отчёты показывают время; по умолчанию Europe/Moscow' }),
});

/** GET /key: the key without its secret. */
export const KeySchema = Type.Object({
  key_id: Type.String(),
  prefix: Type.String({ description: 'Первые символы ключа' }),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Nullable(Type.String({ format: 'date-time' })),
  concurrency: Type.Integer({ description: 'Сколько проверок организации обрабатываются одновременно' }),
  webhook_url: Nullable(Type.String({ description: 'Адрес уведомлений' })),
});

/** GET /subscription. */
export const SubscriptionSchema = Type.Object({
  status: Type.String({ description: 'active или suspended' }),
  access_from: Nullable(Type.String({ format: 'date-time' })),
  access_until: Nullable(Type.String({ format: 'date-time' })),
  checks_left: Nullable(Type.Integer()),
});

/** Query of GET /usage. */
export const UsageQuery = Type.Object({ days: Type.Optional(Type.Integer({ description: 'Период в днях' })) });

/** GET /usage. */
export const UsageSchema = Type.Object({
  days: Type.Integer(),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  charged: Type.Integer({ description: 'Списано проверок' }),
  refunded: Type.Integer({ description: 'Возвращено проверок' }),
  net: Type.Integer({ description: 'Итого израсходовано' }),
  checks_left: Type.Integer(),
  daily: Type.Array(Type.Object({ date: Type.String(), charged: Type.Integer(), refunded: Type.Integer() })),
});

/** POST /session/entry. */
export const SessionEntrySchema = Type.Object({ recorded: Type.Boolean(), at: Type.String({ format: 'date-time' }) });
