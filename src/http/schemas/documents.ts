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

/** DELETE /runs/{run_id}/documents. */
export const DocumentsDeletedSchema = Type.Object({
  run_id: Type.String(),
  documents_deleted: Type.Boolean(),
  deleted_at: Type.String({ format: 'date-time' }),
});
