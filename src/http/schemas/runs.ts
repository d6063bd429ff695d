import { Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { DocumentSchema, SkippedSchema } from './documents.ts';

export const BundleRefSchema = Type.Object({
  bundle_id: Type.String(),
  label: Type.String(),
  version: Type.Integer(),
});

const runFields = {
  run_id: Type.String({ format: 'uuid', description: 'Идентификатор проверки' }),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')], {
    description: 'Состояние проверки; готовность определяется только этим полем',
  }),
  checks_left: Type.Integer({ description: 'Остаток проверок (не денежная сумма)' }),
  double_volume: Type.Boolean({ description: 'Учитывается ли двойной объём' }),
  volume_units: Type.Integer({ description: 'Учтённый объём: 0, 1 или 2' }),
  user_request: Nullable(Type.String({ description: 'Задание к проверке' })),
  bundle: Nullable(BundleRefSchema),
  object: Type.Object({
    address: Nullable(Type.String({ description: 'Адрес объекта' })),
    works: Type.Null({ description: 'Вид работ (в ответе приёма — null)' }),
  }),
  documents: Type.Array(DocumentSchema),
  skipped: Type.Array(SkippedSchema, {
    description:
      'Файлы, пропущенные при распаковке, с причиной; здесь же — реестр замечаний с ответами проектировщика, переданный вместе с новой редакцией: он не документ комплекта, его ответы приняты к замечаниям прошлого тура',
  }),
  created_at: Type.String({ format: 'date-time' }),
};

export const RunSchema = Type.Object(runFields, { $id: 'Run', description: 'Принятая проверка' });

export const ProgressSchema = Type.Object({
  percent: Type.Number({ description: 'Процент выполнения (ориентир, не заменяет status)' }),
  pages_total: Nullable(Type.Integer()),
  pages_done: Nullable(Type.Integer()),
  elapsed_s: Nullable(Type.Number()),
  eta_s: Nullable(Type.Number({ description: 'Оценка оставшегося времени, с' })),
});

export const RunStatusSchema = Type.Object(
  {
    ...runFields,
    stage: Type.String({ description: 'Код этапа: queued, preparing, reading, reviewing, reporting, publishing, done, failed, cancelled' }),
    stage_text: Type.String({ description: 'Название этапа для пользователя' }),
    progress: Nullable(ProgressSchema),
    error: Type.Optional(
      Type.Object({ code: Type.String(), message: Type.String(), file: Type.Optional(Type.String()) }, { description: 'Причина неудачи (при status=failed)' }),
    ),
    refunded: Type.Optional(Type.Boolean({ description: 'При status=failed: возвращена ли проверка на счёт' })),
    cancelled: Type.Boolean({ description: 'Проверка отменена до начала обработки' }),
    updated_at: Type.String({ format: 'date-time' }),
    finished_at: Nullable(Type.String({ format: 'date-time' })),
    documents_deleted: Type.Boolean({ description: 'Исходные документы удалены' }),
    documents_unread: Type.Optional(
      Type.Array(
        Type.Object({
          index: Type.Integer({ description: 'Номер документа в комплекте' }),
          name: Type.String({ description: 'Имя документа' }),
          reason: Type.String({ description: 'Почему документ не прочитан' }),
        }),
        {
          description:
            'Документы, из которых не прочитано ни одной страницы; замечаний по ним нет, результат относится только к остальным документам. Поле отсутствует, если прочитаны все',
        },
      ),
    ),
  },
  { $id: 'RunStatus', description: 'Состояние проверки' },
);

/** References to the two registered run schemas (components of openapi.json). */
export const RunRef = Type.Ref('Run');
export const RunStatusRef = Type.Ref('RunStatus');

/** Documentation of the multipart body (validation happens while streaming, not by schema). */
export const RunUploadBody = Type.Object({
  files: Type.Array(Type.String({ format: 'binary' }), { description: 'Документы или архивы (ZIP, RAR, 7z); поле повторяется для каждого файла' }),
  object_address: Type.Optional(Type.String({ description: 'Адрес объекта' })),
  user_request: Type.Optional(Type.String({ description: 'Задание к проверке; можно передать файлом в UTF-8' })),
  kinds: Type.Optional(Type.String({ description: 'JSON: объект «точное имя файла → код раздела»; коды вне профиля игнорируются' })),
  roles: Type.Optional(
    Type.String({
      description: 'JSON: объект «точный путь документа → context | review»; при разделении ролей перечисляются все документы, хотя бы один review',
    }),
  ),
  bundle_id: Type.Optional(Type.String({ description: 'bundle_id из POST /bundles' })),
});

/** Header of POST /runs. */
export const IdempotencyKeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ description: 'Ключ идемпотентности (в пределах организации)' })),
});

/** Query of GET /runs. */
export const RunListQuery = Type.Object({ limit: Type.Optional(Type.Integer({ description: 'Сколько проверок вернуть' })) });

/** GET /runs. */
export const RunListSchema = Type.Object({ runs: Type.Array(RunStatusRef), limit: Type.Integer() });

/** GET /runs/{run_id} answered 304. */
export const RunStatusNotModified = Type.Null({ description: 'Состояние не изменилось (If-None-Match)' });
