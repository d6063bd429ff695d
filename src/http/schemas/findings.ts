import { Type } from '@sinclair/typebox';
import { DecisionSchema } from './feedback.ts';

/** Extensible objects: fields the service adds later reach the client (clients skip unknown fields). */
const open = { additionalProperties: true };

const PageRefSchema = Type.Object(
  {
    page: Type.Integer({ description: 'Сквозная страница комплекта' }),
    in_docset: Type.Boolean({ description: 'Страница входит в комплект' }),
    kind: Type.String({ description: 'Код раздела документа' }),
    doc_index: Type.Integer({ description: 'Номер документа в комплекте, с 1' }),
    doc_page: Type.Integer({ description: 'Страница внутри документа' }),
    label: Type.String({ description: 'Подпись страницы для показа' }),
  },
  open,
);

const FindingSchema = Type.Object(
  {
    n: Type.Integer({ description: 'Номер замечания в отчёте (в отчётах по разделам номера сохраняются)' }),
    finding_id: Type.String({ description: 'Идентификатор замечания для решений; не заменяется номером n' }),
    status: Type.String({ description: 'Статус замечания (не проверки); набор значений может расширяться' }),
    importance: Type.String({ description: 'Значимость; набор значений может расширяться' }),
    section: Type.String({ description: 'Раздел документации' }),
    essence: Type.String({ description: 'Суть замечания' }),
    evidence_text: Type.String({ description: 'Обоснование и ссылки; подпись, когда page_refs пуст' }),
    action: Type.String({ description: 'Предлагаемое действие' }),
    pages: Type.Array(Type.Integer(), { description: 'Сквозные номера страниц комплекта' }),
    page_refs: Type.Array(PageRefSchema),
    sources: Type.Array(Type.Object({}, open), { description: 'Источники: документ комплекта, норма, задание' }),
    topic: Type.Optional(Type.String({ description: 'Тематическая группа (не раздел документации)' })),
    album: Type.Optional(Type.String({ description: 'Том (альбом)' })),
    stage: Type.Optional(Type.String({ description: 'Стадия' })),
  },
  { ...open, description: 'Замечание' },
);

const SetModelSchema = Type.Object(
  {
    stage: Type.String({
      description: 'Стадия комплекта: П — проектная, Р — рабочая документация, survey — только изыскания, mixed — П и Р вместе, unknown — не определена',
    }),
    edition: Type.String({ description: 'Редакция состава разделов ПД: before_2022_09_01 — до ПП № 963, from_2022_09_01 — с 01.09.2022' }),
    edition_basis: Type.String({ description: 'Почему выбрана редакция (дата документации, коды разделов прежней редакции)' }),
    reference_date: Type.Union([Type.String(), Type.Null()], {
      description: 'Дата, на которую оцениваются нормы (ГПЗУ, иначе дата документации); null — на текущую дату',
    }),
    reference_date_source: Type.Union([Type.String(), Type.Null()], { description: 'Источник даты: gpzu, gpzu_document, stamp, title_year, xml_year' }),
    reference_date_text: Type.Union([Type.String(), Type.Null()], { description: 'Текст документа, из которого прочитана дата' }),
    reference_doc_index: Type.Union([Type.Integer(), Type.Null()], { description: 'Номер документа, в котором прочитана дата' }),
    reference_page: Type.Union([Type.Integer(), Type.Null()], { description: 'Страница документа, на которой прочитана дата' }),
    documents: Type.Array(
      Type.Object(
        {
          doc_index: Type.Integer({ description: 'Номер документа в комплекте, с 1' }),
          type: Type.String({
            description: 'Вид документа: pd_section, rd_mark, survey, estimate, gpzu, tech_conditions, design_task, iul, letter, xml_note, other',
          }),
          code: Type.Union([Type.String(), Type.Null()], { description: 'Код раздела, марка РД, вид изысканий или сметы' }),
          stage: Type.Union([Type.String(), Type.Null()], { description: 'Стадия, указанная в самом документе (П или Р)' }),
          evidence: Type.String({ description: 'Признаки, по которым определён вид' }),
        },
        open,
      ),
      { description: 'Как проверка определила каждый документ' },
    ),
    summary: Type.String({ description: 'То же одним предложением (как предупреждение set_model)' }),
  },
  { ...open, description: 'Чем проверка сочла комплект: стадия, редакция состава, дата для оценки норм, виды документов' },
);

export const FindingsResultSchema = Type.Object(
  {
    run_id: Type.String({ format: 'uuid' }),
    findings: Type.Array(FindingSchema),
    questions: Type.Optional(Type.Array(Type.Object({}, open), { description: 'Вопросы; не входят в counts.total' })),
    counts: Type.Object(
      { total: Type.Integer({ description: 'Число замечаний' }) },
      { additionalProperties: Type.Integer(), description: 'total и число замечаний по каждой значимости' },
    ),
    available_sections: Type.Optional(
      Type.Array(Type.Object({ code: Type.String(), findings: Type.Integer() }), { description: 'Разделы, для которых есть отдельные отчёты' }),
    ),
    parsed: Type.Boolean({ description: 'true — отчёт разобран на поля; false — см. raw_markdown или /report' }),
    raw_markdown: Type.Optional(Type.String({ description: 'Текст отчёта при parsed=false' })),
    warnings: Type.Array(Type.Object({}, open), { description: 'Ограничения проверки; показывать специалисту вместе с замечаниями' }),
    reference_problems: Type.Array(Type.Object({}, open), { description: 'Ошибки ссылок' }),
    usage: Type.Object({}, { ...open, description: 'Расход обработки; ноль не означает бесплатную проверку' }),
    set: Type.Optional(SetModelSchema),
    feedback_snapshot: Type.String({ description: 'Версия опубликованного результата, к которой относятся решения' }),
    feedback_actor: Type.String({ description: 'Автор решений от имени текущего ключа интеграции' }),
    feedback: Type.Array(DecisionSchema, { description: 'Сохранённые решения: последнее решение каждого автора по каждому замечанию' }),
  },
  { ...open, description: 'Результат проверки' },
);

/** GET /runs/{run_id}/findings answered 304. */
export const FindingsNotModified = Type.Null({ description: 'Результат не изменился (If-None-Match)' });
