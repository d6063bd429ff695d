import { Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

export const DocumentSchema = Type.Object({
  index: Type.Integer({ description: 'Позиция документа в комплекте, с 1' }),
  name: Type.String({ description: 'Имя файла или путь внутри архива; ключ в kinds и roles' }),
  kind: Nullable(Type.String({ description: 'Код раздела: выбранный клиентом или определённый' })),
  kind_chosen: Type.Boolean({ description: 'true — раздел выбран клиентом' }),
  kind_guess: Nullable(Type.String({ description: 'Предполагаемый раздел; null — не определён' })),
  pages: Nullable(Type.Integer({ description: 'Число страниц; null — пока неизвестно' })),
  converted: Type.Boolean({ description: 'Документ сконвертирован (Word/Excel → PDF)' }),
  page_from: Nullable(Type.Integer({ description: 'Первая страница в сквозной нумерации комплекта' })),
  page_to: Nullable(Type.Integer({ description: 'Последняя страница в сквозной нумерации комплекта' })),
  role: Type.Union([Type.Literal('review'), Type.Literal('context')], { description: 'review — проверяется; context — справочный документ' }),
});

export const SkippedSchema = Type.Object({
  name: Type.String({ description: 'Имя пропущенного файла или пути в архиве' }),
  reason: Type.String({ description: 'Причина пропуска' }),
});

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
  skipped: Type.Array(SkippedSchema, { description: 'Файлы, пропущенные при распаковке, с причиной' }),
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
  },
  { $id: 'RunStatus', description: 'Состояние проверки' },
);
