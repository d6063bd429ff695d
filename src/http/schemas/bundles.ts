import { Type } from '@sinclair/typebox';
import { LABEL_MAX } from '../../domain/feedback/bundles.ts';

export const BundleSchema = Type.Object(
  {
    bundle_id: Type.String({ format: 'uuid', description: 'Идентификатор пакета; передаётся в поле bundle_id при POST /runs' }),
    label: Type.String({ description: 'Название пакета (проекта)' }),
    version: Type.Integer({ description: 'Версия записи: 1 при создании, +1 при каждом переименовании' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { description: 'Пакет (проект), объединяющий проверки одного объекта' },
);

const Label = Type.String({
  minLength: 1,
  maxLength: LABEL_MAX,
  description: `Название пакета, от 1 до ${LABEL_MAX} символов (пробелы по краям отбрасываются)`,
});
export const BundleIdParams = Type.Object({ bundle_id: Type.String({ description: 'Идентификатор пакета' }) });

/** Body of POST /bundles. */
export const NewBundleBody = Type.Object({ label: Label });

/** Query of GET /bundles. */
export const BundleListQuery = Type.Object({ limit: Type.Optional(Type.Integer({ description: 'Сколько пакетов вернуть' })) });

/** GET /bundles. */
export const BundleListSchema = Type.Object({ bundles: Type.Array(BundleSchema) });

/** Body of POST /bundles/{bundle_id}/label. */
export const RenameBundleBody = Type.Object({ label: Label, version: Type.Integer({ minimum: 1, description: 'Текущая версия пакета' }) });
