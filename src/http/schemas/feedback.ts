import { Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { DECISIONS, type DecisionValue } from '../../domain/feedback/decision-request.ts';

const DecisionEnum = Type.Unsafe<DecisionValue>({
  type: 'string',
  enum: [...DECISIONS],
  description: 'accepted — принято, rejected — отклонено, withdrawn — решение отозвано',
});

export const DecisionSchema = Type.Object(
  {
    feedback_id: Type.String({ format: 'uuid', description: 'Идентификатор решения (для POST /memory)' }),
    run_id: Type.String({ format: 'uuid' }),
    snapshot: Type.String({ description: 'feedback_snapshot результата, к которому относится решение' }),
    finding_id: Type.String({ description: 'Замечание, по которому принято решение' }),
    actor: Type.String({ description: 'Автор решения (feedback_actor ключа интеграции)' }),
    actor_name: Type.Optional(Nullable(Type.String({ description: 'Имя, которое организация дала ключу автора (drs key label); null — ключ без имени' }))),
    own: Type.Boolean({ description: 'Решение принято текущим ключом (actor совпадает с feedback_actor)' }),
    decision: DecisionEnum,
    reason: Type.String({ description: 'Обоснование' }),
    reason_code: Nullable(Type.String({ description: 'Код причины (подключения с сотрудниками)' })),
    employee_id: Nullable(Type.String({ description: 'Сотрудник (подключения с сотрудниками)' })),
    version: Type.Integer({ description: 'Версия решения автора по замечанию: 1 — первое, +1 при каждом изменении' }),
    request_key: Type.String({ description: 'Метка отправки' }),
    created_at: Type.String({ format: 'date-time' }),
    carried_from: Type.Optional(
      Nullable(
        Type.String({
          description:
            'feedback_id решения предыдущего тура, которое это решение переносит (POST /runs/{run_id}/feedback/carry-over); null — решение принято по самому замечанию',
        }),
      ),
    ),
  },
  { description: 'Решение специалиста по замечанию' },
);

export const DecisionBody = Type.Object({
  snapshot: Type.String({ minLength: 1, maxLength: 200, description: 'feedback_snapshot из /findings' }),
  finding_id: Type.String({ minLength: 1, maxLength: 200, description: 'finding_id из /findings' }),
  decision: DecisionEnum,
  reason: Type.String({ maxLength: 4000, description: 'Обоснование решения (до 4000 символов)' }),
  version: Type.Integer({
    minimum: 0,
    description: '0 — первое решение автора по замечанию; иначе последняя версия собственного решения (feedback в /findings или история)',
  }),
  request_key: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'Уникальная метка отправки в пределах организации: повтор с той же меткой и тем же содержанием не создаёт второго решения',
  }),
  reason_code: Type.Optional(Type.String({ maxLength: 100, description: 'Только в подключениях с сотрудниками (GET /features: employees=true)' })),
  employee_id: Type.Optional(Type.String({ maxLength: 200, description: 'Только в подключениях с сотрудниками; закрепляет раздел замечания за сотрудником' })),
});

/** GET /runs/{run_id}/feedback. */
export const FeedbackHistorySchema = Type.Object({
  run_id: Type.String({ format: 'uuid' }),
  feedback_snapshot: Type.String(),
  feedback_actor: Type.String({ description: 'Автор решений от имени текущего ключа' }),
  history: Type.Array(DecisionSchema),
  assignments: Type.Array(
    Type.Object({
      section: Type.String({ description: 'Код раздела' }),
      employee_id: Type.String({ description: 'Сотрудник, за которым закреплён раздел' }),
      assigned_at: Type.String({ format: 'date-time' }),
    }),
  ),
});

/** POST /runs/{run_id}/feedback/carry-over. */
export const CarryOverBody = Type.Object({
  snapshot: Type.String({ minLength: 1, maxLength: 200, description: 'feedback_snapshot из /findings этой проверки' }),
  request_key: Type.String({
    minLength: 1,
    maxLength: 150,
    description:
      'Уникальная метка отправки в пределах организации: повтор с той же меткой и тем же содержанием возвращает перенесённые тогда решения и не создаёт новых; каждое перенесённое решение хранится с request_key «<метка>/<finding_id>»',
  }),
  reason_code: Type.Optional(Type.String({ maxLength: 100, description: 'Только в подключениях с сотрудниками: код причины для всех переносимых решений' })),
  employee_id: Type.Optional(
    Type.String({ maxLength: 200, description: 'Только в подключениях с сотрудниками: сотрудник, от имени которого переносятся решения' }),
  ),
});

export const CarryOverSchema = Type.Object({
  run_id: Type.String({ format: 'uuid' }),
  previous_run_id: Nullable(
    Type.String({ format: 'uuid', description: 'Предыдущая проверка комплекта; null — проверка ни с чем не сравнивалась, переносить нечего' }),
  ),
  feedback_snapshot: Type.String(),
  carried: Type.Array(DecisionSchema, {
    description: 'Новые решения текущего автора (version 1, carried_from — решение прошлого тура) по оставшимся замечаниям, в порядке их номеров',
  }),
  skipped: Type.Array(
    Type.Object({
      finding_id: Type.String(),
      n: Type.Integer({ description: 'Номер замечания в этой проверке' }),
      previous_n: Type.Integer({ description: 'Его номер в предыдущей проверке' }),
      previous_feedback_id: Nullable(Type.String({ description: 'Действующее решение прошлого тура (для decided) или null' })),
      reason: Type.String({
        description: 'decided — по замечанию в этом туре уже есть решение, оно не меняется; undecided_before — в прошлом туре решения не было или оно отозвано',
      }),
    }),
    { description: 'Оставшиеся замечания, решения по которым не перенесены (у повтора запроса — пусто)' },
  ),
});

export const DesignerAnswerSchema = Type.Object(
  {
    finding_id: Type.String({ description: 'Замечание, на которое дан ответ' }),
    register_no: Type.Integer({ description: 'Номер строки в реестре для проектировщика, в котором дан ответ' }),
    answer: Type.String({ description: '«Ответ проектировщика»' }),
    sheet: Type.String({ description: '«Лист с исправлением»' }),
    closed: Type.String({ description: '«Снято / не снято», как записано в файле' }),
    uploaded_at: Type.String({ format: 'date-time' }),
  },
  { description: 'Ответ проектировщика на замечание, принятый из заполненного реестра (POST /runs/{run_id}/register-answers)' },
);

/** POST /runs/{run_id}/register-answers (documentation of the multipart body, validated while streaming). */
export const RegisterAnswersBody = Type.Object({
  file: Type.String({
    format: 'binary',
    description: 'Реестр замечаний для проектировщика (XLSX, выданный по этой проверке) с заполненными столбцами ответов',
  }),
});

export const RegisterAnswersSchema = Type.Object({
  run_id: Type.String({ format: 'uuid' }),
  answered: Type.Array(DesignerAnswerSchema, { description: 'Принятые ответы: строки, в которых заполнен ответ, лист или «Снято / не снято»' }),
  unanswered: Type.Integer({ description: 'Строк реестра без ответа' }),
});
