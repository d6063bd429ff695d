import { type TSchema, Type } from '@sinclair/typebox';
import { DecisionSchema, DesignerAnswerSchema } from './feedback.ts';

/** Extensible objects: fields the service adds later reach the client (clients skip unknown fields). */
const open = { additionalProperties: true };

const PageRefSchema = Type.Object(
  {
    page: Type.Integer({ description: 'Сквозная страница комплекта' }),
    in_docset: Type.Boolean({ description: 'Страница входит в комплект' }),
    kind: Type.String({ description: 'Код раздела документа' }),
    doc_index: Type.Integer({ description: 'Номер документа в комплекте, с 1' }),
    doc_page: Type.Integer({ description: 'Страница внутри документа' }),
    label: Type.String({
      description:
        'Подпись страницы для показа: «лист 3 тома 24-017-КР (стр. 130)», когда лист и шифр прочитаны в основной надписи, иначе «стр. 130 (док. 4 «…», с. 3)»',
    }),
    sheet: Type.Optional(Type.String({ description: 'Номер листа из основной надписи страницы («3», «3.1»), когда прочитан' })),
    cipher: Type.Optional(Type.String({ description: 'Шифр (обозначение) документа из основной надписи или титульного листа, когда прочитан' })),
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
    revision: Type.Optional(
      Type.Object(
        {
          status: Type.String({ description: 'new — новое в этом туре; persisting — было и в предыдущей проверке комплекта' }),
          previous_finding_id: Type.Optional(Type.String({ description: 'finding_id того же замечания в предыдущей проверке (для persisting)' })),
          previous_n: Type.Optional(Type.Integer({ description: 'Его номер в отчёте предыдущей проверки' })),
        },
        { ...open, description: 'Сравнение с предыдущей проверкой комплекта (bundle); нет поля — проверка ни с чем не сравнивалась' },
      ),
    ),
  },
  { ...open, description: 'Замечание' },
);

const PreviousFindingSchema = Type.Object(
  {
    finding_id: Type.String({ description: 'finding_id в предыдущей проверке' }),
    n: Type.Integer({ description: 'Номер в отчёте предыдущей проверки' }),
    importance: Type.String(),
    section: Type.String(),
    topic: Type.String(),
    check_id: Type.String(),
    essence: Type.String(),
    place: Type.String({ description: 'Место, как его называл отчёт предыдущей проверки' }),
    doc_indexes: Type.Optional(Type.Array(Type.Integer(), { description: 'Документы предыдущей проверки, на которые ссылается замечание' })),
  },
  open,
);

const ProposalStates = ['closed', 'not_closed', 'not_resubmitted', 'no_answer'] as const;
const AnswerReviewSchema = Type.Object(
  {
    answers_uploaded_at: Type.Union([Type.String(), Type.Null()], {
      description: 'Когда приняты ответы, по которым составлены предложения (последняя загрузка)',
    }),
    counts: Type.Object(Object.fromEntries(ProposalStates.map((s) => [s, Type.Integer()])), open),
    proposals: Type.Array(
      Type.Object(
        {
          previous_finding_id: Type.String({ description: 'Замечание прошлого тура' }),
          previous_n: Type.Integer({ description: 'Его номер в отчёте прошлого тура' }),
          section: Type.String(),
          topic: Type.String(),
          essence: Type.String(),
          finding_id: Type.Union([Type.String(), Type.Null()], { description: 'Замечание этой проверки, которым оно повторяется; null — не повторяется' }),
          n: Type.Union([Type.Integer(), Type.Null()]),
          decide_on: Type.String({
            description:
              'finding_id для POST /runs/{run_id}/feedback этой проверки: accepted — специалист подтверждает предложение, rejected — отменяет его (снято ↔ не снято) с обоснованием',
          }),
          proposal: Type.String({
            description:
              'closed — «снято», not_closed — «не снято» (замечание повторяется, хотя дан ответ), not_resubmitted — «том не представлен повторно», no_answer — «нет ответа»',
          }),
          answer: Type.Union(
            [Type.Object({ finding_id: Type.String(), answer: Type.String(), sheet: Type.String(), closed: Type.String() }, open), Type.Null()],
            {
              description: 'Ответ проектировщика на замечание прошлого тура, или null',
            },
          ),
          reasons: Type.Array(Type.String(), { description: 'Почему: что нашло сравнение редакций, что сказано в ответе, что видно по названному листу' }),
        },
        open,
      ),
      { description: 'Каждое замечание прошлого тура в порядке его номеров' },
    ),
  },
  {
    ...open,
    description:
      'Цикл ответов: замечания прошлого тура против ответов проектировщика и новой редакции — предложение «снято» / «не снято» / «том не представлен повторно» / «нет ответа» с причинами; есть, когда у прошлого тура есть ответы. Это предложение, не решение: специалист подтверждает или отменяет его решением по decide_on',
  },
);

const RevisionSchema = Type.Object(
  {
    previous_run_id: Type.String({ format: 'uuid', description: 'Предыдущая проверка того же комплекта, с которой сравнивается эта' }),
    previous_published_at: Type.String({ description: 'Когда опубликован её результат (ISO 8601, UTC)' }),
    counts: Type.Object(
      {
        new: Type.Integer({ description: 'Новых замечаний' }),
        persisting: Type.Integer({ description: 'Замечаний, оставшихся с предыдущей проверки' }),
        resolved: Type.Integer({ description: 'Замечаний предыдущей проверки, которых больше нет, по томам, представленным повторно' }),
        not_resubmitted: Type.Optional(Type.Integer({ description: 'Замечаний предыдущей проверки по томам, не представленным повторно' })),
      },
      open,
    ),
    resolved: Type.Array(PreviousFindingSchema, { description: 'Замечания предыдущей проверки, устранённые в этой (их том представлен повторно)' }),
    not_resubmitted: Type.Optional(
      Type.Array(PreviousFindingSchema, {
        description:
          'Замечания предыдущей проверки по томам, которые не представлены повторно: не устранены и не повторены — «том не представлен повторно». Нет поля — сравнение сделано до сравнения томов',
      }),
    ),
    documents: Type.Optional(
      Type.Array(
        Type.Object(
          {
            doc_index: Type.Integer({ description: 'Номер документа в этой проверке' }),
            name: Type.String({ description: 'Имя файла' }),
            section: Type.Union([Type.String(), Type.Null()], { description: 'Раздел или марка' }),
            cipher: Type.Union([Type.String(), Type.Null()], { description: 'Шифр по основным надписям' }),
            status: Type.String({
              description:
                'unchanged — тот же файл (то же содержимое); corrected — тот же том в исправленной редакции; added — тома не было в предыдущей проверке',
            }),
            matched_by: Type.Optional(
              Type.String({
                description: 'content — одинаковое содержимое (SHA-256); cipher — тот же раздел и шифр; section — единственный том раздела с обеих сторон',
              }),
            ),
            previous_doc_index: Type.Optional(Type.Integer({ description: 'Номер предшественника в предыдущей проверке' })),
            previous_name: Type.Optional(Type.String({ description: 'Имя файла предшественника' })),
            sheets: Type.Optional(
              Type.Object(
                {
                  changed: Type.Array(Type.String(), { description: 'Листы, текст которых изменился' }),
                  unchanged: Type.Array(Type.String(), { description: 'Листы с тем же текстом' }),
                  added: Type.Array(Type.String(), { description: 'Листы только в новой редакции' }),
                  removed: Type.Array(Type.String(), { description: 'Листы только в прошлой редакции' }),
                },
                {
                  ...open,
                  description:
                    'Исправленный том: его листы (по номерам в основных надписях) против прошлой редакции; нет поля — листы не сравнивались (редакцию не удалось прочитать снова)',
                },
              ),
            ),
            norms: Type.Optional(
              Type.Object(
                {
                  cited: Type.Array(
                    Type.Object(
                      {
                        designation: Type.String({ description: 'Обозначение, как в томе (прописными)' }),
                        key: Type.String({ description: 'Тип и номер без года: «СП 30.13330»' }),
                        year: Type.Union([Type.Integer(), Type.Null()], { description: 'Год редакции; null — не указан' }),
                        places: Type.Array(
                          Type.Object(
                            {
                              page: Type.Integer({ description: 'Страница тома' }),
                              sheet: Type.Optional(Type.String({ description: 'Лист по основной надписи' })),
                            },
                            open,
                          ),
                          { description: 'Где приводится (не более десяти мест)' },
                        ),
                      },
                      open,
                    ),
                    { description: 'Нормы, на которые ссылается эта редакция тома' },
                  ),
                  dropped: Type.Array(Type.Object({ designation: Type.String(), key: Type.String(), year: Type.Union([Type.Integer(), Type.Null()]) }, open), {
                    description: 'Нормы, на которые ссылалась прошлая редакция, а эта — нет',
                  }),
                  replacements: Type.Array(
                    Type.Object({ designation: Type.String(), key: Type.String(), year: Type.Union([Type.Integer(), Type.Null()]) }, open),
                    {
                      description: 'Чем по реестру заменены недействующие нормы, на которые ссылается любая из редакций',
                    },
                  ),
                },
                {
                  ...open,
                  description:
                    'Том, представленный повторно, с замечанием прошлого тура: нормы, на которые он ссылается, — по ним проверяются ответы, называющие замену нормы; нет поля — том не перечитывался',
                },
              ),
            ),
          },
          open,
        ),
        { description: 'Каждый документ этой проверки против документов предыдущей' },
      ),
    ),
    dropped: Type.Optional(
      Type.Array(
        Type.Object(
          {
            doc_index: Type.Integer({ description: 'Номер документа в предыдущей проверке' }),
            name: Type.String(),
            section: Type.Union([Type.String(), Type.Null()]),
            cipher: Type.Union([Type.String(), Type.Null()]),
          },
          open,
        ),
        { description: 'Документы предыдущей проверки, не представленные повторно' },
      ),
    ),
    answers: Type.Optional(AnswerReviewSchema),
    previous_answers: Type.Optional(
      Type.Array(DesignerAnswerSchema, { description: 'Ответы проектировщика на замечания прошлого тура, которые остались (finding_id — прошлого тура)' }),
    ),
    previous_feedback: Type.Array(DecisionSchema, {
      description:
        'Решения предыдущего тура по замечаниям, которые остались (последнее решение каждого автора): показываются рядом, к замечаниям этой проверки не применяются',
    }),
  },
  {
    ...open,
    description:
      'Сравнение с предыдущей проверкой комплекта: замечания сопоставлены по сути (проверка, норма, сравниваемый показатель, документ по шифру и разделу, лист), а не по совпадению текста. Есть только у проверки комплекта, у которого до неё была опубликованная проверка',
  },
);

const ObjectStatementSchema = Type.Object(
  {
    value: Type.String({ description: 'Значение, как оно записано' }),
    source: Type.String({ description: 'Источник, от сильного к слабому: xml, title, label, stamp, request, text' }),
    doc_index: Type.Union([Type.Integer(), Type.Null()], { description: 'Номер документа, в котором прочитано; null — адрес из запроса' }),
    page: Type.Union([Type.Integer(), Type.Null()], { description: 'Страница документа' }),
    quote: Type.String({ description: 'Текст, из которого прочитано' }),
    documents: Type.Integer({ description: 'Сколько документов указывают то же значение' }),
  },
  open,
);
const statementOrNull = (description: string) => Type.Union([ObjectStatementSchema, Type.Null()], { description });

const ObjectSchema = Type.Object(
  {
    name: statementOrNull('Наименование объекта'),
    institution: Type.Union([Type.String(), Type.Null()], { description: 'Учреждение, которое называет наименование («школа № 12»)' }),
    address: statementOrNull('Адрес объекта'),
    cadastral_numbers: Type.Array(ObjectStatementSchema, { description: 'Кадастровые номера участка' }),
    cipher_base: statementOrNull('Базовая часть шифра'),
    customer: statementOrNull('Заказчик (застройщик)'),
    designer: statementOrNull('Проектная организация'),
    chief_engineer: statementOrNull('Главный инженер проекта'),
  },
  { ...open, description: 'Объект проектирования, установленный один раз по самым сильным источникам (XML ПЗ, титульные листы, штампы, адрес запроса)' },
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
            description:
              'Вид документа: pd_section, rd_mark, survey, survey_task, estimate, gpzu, tech_conditions, design_task, iul, letter, answers, application, tep, contract, act, extract, xml_note, other',
          }),
          code: Type.Union([Type.String(), Type.Null()], { description: 'Код раздела, марка РД, вид изысканий или сметы' }),
          stage: Type.Union([Type.String(), Type.Null()], { description: 'Стадия, указанная в самом документе (П или Р)' }),
          evidence: Type.String({ description: 'Признаки, по которым определён вид' }),
          date: Type.Optional(
            Type.Union([Type.String(), Type.Null()], { description: 'Собственная дата документа (ISO), прочитанная по правилу его вида; null — не указана' }),
          ),
          date_source: Type.Optional(
            Type.Union([Type.String(), Type.Null()], {
              description: 'Где прочитана дата: stamp, letter, iul, issued, gpzu_document, title_year, xml_year',
            }),
          ),
          date_text: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Текст, из которого прочитана дата' })),
          date_page: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'Страница документа, на которой прочитана дата' })),
          norms_date: Type.Optional(
            Type.Union([Type.String(), Type.Null()], {
              description:
                'Дата, на которую оцениваются нормы этого документа: дата комплекта либо собственная дата документа, рассматриваемого отдельно от проекта',
            }),
          ),
          parts: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  kind: Type.String({
                    description:
                      'Часть тома: contents — содержание, text — текстовая часть, drawings — графическая часть, appendix — приложение, foreign — вложенные листы другого комплекта/объекта',
                  }),
                  cue: Type.String({ description: 'Признак начала части: start, contents, cipher, form, restart, appendix, foreign_cipher, foreign_number' }),
                  cipher: Type.Union([Type.String(), Type.Null()], { description: 'Шифр в основных надписях части' }),
                  page_from: Type.Integer({ description: 'Первая страница части в документе' }),
                  page_to: Type.Integer({ description: 'Последняя страница части в документе' }),
                  sheet_from: Type.Union([Type.Integer(), Type.Null()], { description: 'Первый номер листа части' }),
                  sheet_to: Type.Union([Type.Integer(), Type.Null()], { description: 'Последний номер листа части' }),
                  sheets_declared: Type.Union([Type.Integer(), Type.Null()], { description: '«Листов» на первом листе части' }),
                  form: Type.Union([Type.Integer(), Type.Null()], {
                    description: 'Форма основной надписи (ГОСТ Р 21.101): 3 — чертежи, 5 и 6 — текстовые документы',
                  }),
                  numbering: Type.Union([Type.Integer(), Type.Null()], {
                    description: 'Части с одним номером нумеруются одной последовательностью; null — вложенные листы другого комплекта',
                  }),
                  label: Type.Optional(Type.String({ description: 'Заголовок приложения' })),
                },
                open,
              ),
              { description: 'Части тома по основным надписям, каждая со своей нумерацией листов' },
            ),
          ),
        },
        open,
      ),
      { description: 'Как проверка определила каждый документ' },
    ),
    summary: Type.String({ description: 'То же одним предложением (как предупреждение set_model)' }),
    object: Type.Optional(ObjectSchema),
  },
  { ...open, description: 'Чем проверка сочла комплект: стадия, редакция состава, дата для оценки норм, виды документов' },
);

const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

const ContentItemSchema = Type.Object(
  {
    id: Type.String({ description: 'Устойчивый идентификатор требования: редакция, пункт и подпункт («2021:10:б», «2022:23:ф_1»)' }),
    point: Type.String({ description: 'Пункт Положения (ПП РФ № 87), как его называет источник («10», «27(1)»)' }),
    letter: nullable(Type.String(), 'Подпункт («б», «ж(1)»); null — у пункта нет подпунктов'),
    part: nullable(
      Type.Union([Type.Literal('text'), Type.Literal('graphic')]),
      'text — текстовая часть, graphic — графическая; null — Положение их не разделяет',
    ),
    requirement: Type.String({ description: 'Что должен содержать раздел (по-русски)' }),
    source: Type.String({ description: 'Источник требования: «ПП № 87 ред. 09.04.2021», «чек-листы МособлГосЭкспертизы», «XML-схема ПЗ 01.07»' }),
    status: Type.Union([Type.Literal('found'), Type.Literal('not_found'), Type.Literal('not_applicable'), Type.Literal('conditional')], {
      description:
        'found — сведения найдены; not_found — не найдены (задан вопрос или, реже, сделано замечание — см. raised); not_applicable — не применяется к объекту (см. reason); conditional — применяется при условии, которое комплект не устанавливает',
    }),
    page: nullable(PageRefSchema, 'Где найдено: страница комплекта и документа с подписью label, как у замечаний; null — не найдено или неизвестно'),
    sheet: nullable(Type.Integer(), 'Номер листа из основной надписи, когда прочитан'),
    evidence_kind: nullable(
      Type.Union([Type.Literal('heading'), Type.Literal('contents'), Type.Literal('drawings'), Type.Literal('text')]),
      'Как найдено: heading — заголовок текстовой части, contents — строка содержания тома, drawings — ведомость или наименование листа графической части, text — фрагмент текста',
    ),
    evidence: nullable(Type.String(), 'Заголовок, строка или фрагмент, как напечатаны (коротко)'),
    reason: nullable(Type.String(), 'Почему не применяется или при каком условии применяется'),
    raised: nullable(
      Type.Object(
        {
          kind: Type.Union([Type.Literal('question'), Type.Literal('finding')], {
            description: 'question — вопрос (question_id), finding — замечание (finding_id)',
          }),
          id: Type.String({ description: 'question_id вопроса или finding_id замечания этого результата' }),
        },
        open,
      ),
      'Вопрос или замечание, заданные по ненайденному пункту; null — не задавались',
    ),
  },
  { ...open, description: 'Пункт, который Положение требует от раздела, и что о нём известно по тому' },
);

const ContentVolumeSchema = Type.Object(
  {
    doc_index: Type.Integer({ description: 'Номер документа (тома) в комплекте, с 1' }),
    section: Type.String({ description: 'Код раздела, по которому оценён том (ПЗ, ПЗУ, АР, КР, ИОС1…)' }),
    edition: Type.Union([Type.Literal('before_2022_09_01'), Type.Literal('from_2022_09_01')], {
      description: 'Редакция состава разделов, требования которой применены: до 01.09.2022 или с 01.09.2022',
    }),
    reading: Type.Union([Type.Literal('whole'), Type.Literal('partial'), Type.Literal('unread')], {
      description:
        'whole — все страницы прочитаны с текстом; partial — часть страниц не прочитана или распознана; unread — том не прочитан, об отсутствии сведений ничего не утверждается',
    }),
    counts: Type.Object(
      {
        found: Type.Integer(),
        not_found: Type.Integer(),
        not_applicable: Type.Integer(),
        conditional: Type.Integer(),
      },
      { ...open, description: 'Число пунктов в каждом статусе' },
    ),
    items: Type.Array(ContentItemSchema),
  },
  { ...open, description: 'Карта содержания одного тома ПД' },
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
    designer_answers: Type.Optional(
      Type.Array(DesignerAnswerSchema, {
        description: 'Ответы проектировщика на замечания этой проверки, принятые из заполненного реестра (POST /runs/{run_id}/register-answers)',
      }),
    ),
    revision: Type.Optional(RevisionSchema),
    content_map: Type.Optional(
      Type.Array(ContentVolumeSchema, {
        description:
          'Карта содержания томов ПД: по каждому тому — каждый пункт, который Положение о составе разделов ПД (ПП РФ № 87) требует от его раздела, где он раскрыт или почему не оценивается. Нет поля — результат опубликован до появления карты',
      }),
    ),
  },
  { ...open, description: 'Результат проверки' },
);

/** GET /runs/{run_id}/findings answered 304. */
export const FindingsNotModified = Type.Null({ description: 'Результат не изменился (If-None-Match)' });
