import { Type } from '@sinclair/typebox';

/** Documentation of the multipart body (validated while streaming). */
export const PreviewUploadBody = Type.Object({
  file: Type.String({ format: 'binary', description: 'Архив ZIP, RAR или 7z (один файл)' }),
});

export const ArchivePreviewSchema = Type.Object(
  {
    documents: Type.Array(
      Type.Object({
        name: Type.String({ description: 'Точный путь документа внутри архива; это ключ в полях kinds и roles при загрузке' }),
        size: Type.Integer({ description: 'Размер в байтах' }),
        kind_guess: Type.Union([Type.String(), Type.Null()], { description: 'Предполагаемый раздел; null, если не определён' }),
      }),
      { description: 'Документы, которые будут приняты из архива, в порядке комплекта' },
    ),
    skipped: Type.Array(
      Type.Object({
        name: Type.String({ description: 'Путь файла в архиве' }),
        reason: Type.String({ description: 'Почему файл пропущен' }),
      }),
      { description: 'Файлы, пропущенные при распаковке' },
    ),
  },
  { description: 'Содержимое архива до загрузки' },
);
