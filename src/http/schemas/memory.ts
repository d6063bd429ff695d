import { Type } from '@sinclair/typebox';
import { NOTE_TEXT_MAX } from '../../domain/feedback/memory.ts';

export const NoteSchema = Type.Object(
  {
    note_id: Type.String({ format: 'uuid' }),
    feedback_id: Type.String({ format: 'uuid', description: 'Решение, из которого предложена заметка' }),
    bundle_id: Type.String({ format: 'uuid', description: 'Пакет проверки, к которой относится решение' }),
    run_id: Type.String({ format: 'uuid' }),
    finding_id: Type.String(),
    text: Type.String({ description: 'Текст заметки' }),
    status: Type.String({ description: 'candidate — предложена; revoked — отозвана' }),
    version: Type.Integer({ description: 'Версия заметки: 1 при создании, +1 при отзыве' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { description: 'Заметка памяти. Никогда не применяется к последующим проверкам автоматически' },
);

export const NoteIdParams = Type.Object({ note_id: Type.String({ description: 'Идентификатор заметки' }) });

/** Query of GET /memory. */
export const NoteListQuery = Type.Object({
  bundle_id: Type.Optional(Type.String({ maxLength: 100, description: 'Только заметки пакета' })),
  status: Type.Optional(Type.String({ maxLength: 100, description: 'Только заметки в этом статусе' })),
  limit: Type.Optional(Type.Integer({ description: 'Сколько заметок вернуть' })),
});

/** GET /memory. */
export const NoteListSchema = Type.Object({
  notes: Type.Array(NoteSchema),
  automatic_application: Type.Boolean({ description: 'Применяются ли заметки автоматически: всегда false' }),
});

/** Body of POST /memory. */
export const ProposeNoteBody = Type.Object({
  feedback_id: Type.String({ minLength: 1, maxLength: 200, description: 'Идентификатор решения' }),
  text: Type.Optional(Type.String({ maxLength: NOTE_TEXT_MAX, description: 'Текст заметки' })),
});

/** Body of POST /memory/{note_id}/revoke. */
export const RevokeNoteBody = Type.Object({
  status: Type.String({ maxLength: 100, description: 'Только revoked' }),
  version: Type.Integer({ minimum: 1, description: 'Текущая версия заметки' }),
});
