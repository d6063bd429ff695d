/**
 * The error catalogue: every code a request or a run can end with, and one factory per error with its
 * Russian message (shown to users). Messages are written here and nowhere else; callers pass only the
 * variable parts. The HTTP layer gives each request code its status and renders the envelope
 * {"detail": {"error", "message", "file"?}} in one place (http/error-handler.ts); a run's failure is stored
 * as the run's `error` (domain/run-lifecycle.ts) and published in GET /runs/{run_id}.
 */

/** Codes of request errors: the contract's list, plus the few transport-level ones marked below. */
export const ERROR_CODES = [
  'no_files',
  'bad_format',
  'too_many_files',
  'too_big',
  'bad_section',
  'bad_theme',
  'conflicting_filters',
  'section_pdf_only',
  'bad_request',
  'unauthorized',
  'no_checks_left',
  'forbidden',
  'not_found',
  'no_report',
  'method_not_allowed',
  'not_acceptable',
  'review_already_started',
  /** Not in the contract's list: DELETE /runs/{id}/documents before the run has finished. */
  'run_not_finished',
  'idempotency_pending',
  'idempotency_conflict',
  'section_unavailable',
  'thematic_unavailable',
  'report_changed',
  'version_conflict',
  'discipline_already_assigned',
  'memory_already_proposed',
  /** Not in the contract's list: a body that stalled (no byte for UPLOAD_IDLE_MS) or never completed. */
  'request_timeout',
  /** Not in the contract's list: a path parameter longer than any identifier. */
  'uri_too_long',
  'unsupported_media_type',
  'validation_error',
  'too_many_requests',
  /** Not in the contract's list: request line and headers over the server's limit (16 KB). */
  'headers_too_large',
  'internal_error',
  'pdf_unavailable',
  'backend_unavailable',
  'profile_broken',
  'storage_full_retry',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

import type { BoundKind } from './metrics.ts';

/**
 * The kinds of work done in child processes (or a worker thread) on request, each bounded per organization and per
 * node (isolation/work-slots.ts): page pictures of the cabinet, PDF report builds on download, registers of
 * remarks, and archive previews.
 */
export type WorkKind = 'page_render' | 'pdf_build' | 'register_build' | 'archive_preview';

/** How the refusals of each kind name it; a full node answers with the contract's 503 code for the download. */
const WORK_NAMES: Record<WorkKind, { organization: string; node: string; nodeCode: 'pdf_unavailable' | 'backend_unavailable' }> = {
  page_render: {
    organization: 'Строится слишком много изображений страниц организации',
    node: 'очередь построения изображений страниц заполнена',
    nodeCode: 'pdf_unavailable',
  },
  pdf_build: { organization: 'Собирается слишком много PDF-отчётов организации', node: 'очередь сборки PDF-отчётов заполнена', nodeCode: 'pdf_unavailable' },
  register_build: {
    organization: 'Собирается слишком много реестров замечаний организации',
    node: 'очередь сборки реестров замечаний заполнена',
    nodeCode: 'backend_unavailable',
  },
  archive_preview: {
    organization: 'Просматривается слишком много архивов организации',
    node: 'очередь просмотра архивов заполнена',
    nodeCode: 'backend_unavailable',
  },
};

/** An error answered to a request. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly file?: string,
    /** Seconds for a Retry-After header (429, 503, idempotency_pending). */
    readonly retryAfter?: number,
    /** The bound that refused the request (kernel/metrics.ts BoundKind), counted in drs_bounds_refused_total when answered. */
    readonly bound?: BoundKind,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Request errors. Grouped by where they arise; the message of each is part of the catalogue. */
export const errors = {
  // access
  unauthorized: (why = 'Ключ доступа отсутствует, неверен или отозван') => new AppError('unauthorized', why),
  forbidden: () => new AppError('forbidden', 'Доступ организации приостановлен'),
  routeNotFound: (method: string, path: string) => new AppError('not_found', `Путь не найден: ${method} ${path}`),
  tooManyRequests: () => new AppError('too_many_requests', 'Слишком много запросов; повторите позже', undefined, 5),
  /** The key's requests of this minute are used up (src/http/rate-limit.ts); Retry-After: until the minute ends. */
  rateLimited: (perMinute: number, retryAfterSeconds: number) =>
    new AppError(
      'too_many_requests',
      `Превышен лимит запросов по ключу (${perMinute} в минуту); повторите через ${retryAfterSeconds} с`,
      undefined,
      retryAfterSeconds,
      'rate_limit',
    ),

  /** The organization already has its bound of sets in intake on this node (src/domain/intake-slots.ts). */
  intakeBusy: (slots: number) =>
    new AppError(
      'too_many_requests',
      `Организация уже передаёт и распаковывает наибольшее число комплектов одновременно (${slots}), и место не освободилось; повторите через 5 с`,
      undefined,
      5,
      'intake',
    ),

  /** An error of this catalogue raised in a child process (isolation/archive-preview.ts), answered as it was raised there. */
  relayed: (code: ErrorCode, message: string, file?: string) => new AppError(code, message, file),

  // transport: what Node's HTTP parser and Fastify refuse before a route runs
  headersTooLarge: () => new AppError('headers_too_large', 'Строка запроса и заголовки длиннее допустимого (16 КБ)'),
  requestIncomplete: () => new AppError('request_timeout', 'Запрос не получен полностью за отведённое время'),
  notHttp: () => new AppError('bad_request', 'Запрос не является корректным запросом HTTP/1.1'),
  hostMissing: () => new AppError('bad_request', 'В запросе HTTP/1.1 нет заголовка Host'),
  requestTargetInvalid: (method: string) => new AppError('bad_request', `Цель запроса ${method} должна быть путём, начинающимся с «/»`),
  connectRefused: () => new AppError('bad_request', 'Метод CONNECT не поддерживается: сервис не является прокси'),
  bodyStalled: (idleSeconds: number) => new AppError('request_timeout', `Тело запроса не поступало ${idleSeconds} с; соединение закрыто`),
  bodyInterrupted: () => new AppError('bad_request', 'Передача тела запроса прервана'),
  uriTooLong: () => new AppError('uri_too_long', 'Параметр пути длиннее допустимого (100 символов)'),
  badPath: () => new AppError('bad_request', 'Путь запроса содержит недопустимую последовательность символов'),
  bodyTooLarge: () => new AppError('too_big', 'Тело запроса слишком велико'),
  unsupportedContentType: () => new AppError('unsupported_media_type', 'Неподдерживаемый Content-Type запроса'),
  jsonExpected: () => new AppError('unsupported_media_type', 'Ожидается тело JSON с заголовком Content-Type: application/json'),
  badJson: () => new AppError('bad_request', 'Тело запроса не является корректным JSON'),
  notUtf8: () => new AppError('validation_error', 'Тело запроса не в кодировке UTF-8'),
  badContentLength: () => new AppError('bad_request', 'Неверный заголовок Content-Length'),
  badFieldName: () => new AppError('bad_request', 'Недопустимое имя поля'),
  tooManyFields: () => new AppError('validation_error', 'Слишком много полей в запросе'),
  /** Any other 4xx the framework raises, with its own (English) explanation. */
  rejectedByFramework: (detail: string) => new AppError('bad_request', `Некорректный запрос: ${detail}`),

  // request validation
  missingParameter: (param: string, where: string) => new AppError('validation_error', `Не хватает обязательного параметра «${param}» (${where})`),
  badParameter: (path: string, detail: string) => new AppError('validation_error', `Неверное значение параметра (${path}): ${detail}`),
  controlCharacters: (field: string, problem: string) => new AppError('validation_error', `Поле ${field}: ${problem}; допустимы табуляция и перевод строки`),
  fieldTooLong: (field: string, maxChars: number, file?: string) => new AppError('validation_error', `Поле ${field} длиннее ${maxChars} символов`, file),
  badIdempotencyKey: () => new AppError('validation_error', 'Idempotency-Key: от 1 до 255 печатных символов ASCII'),

  // multipart bodies
  multipartExpected: () => new AppError('unsupported_media_type', 'Ожидается multipart/form-data'),
  multipartNoBoundary: () => new AppError('bad_request', 'В заголовке Content-Type нет параметра boundary'),
  multipartCutShort: () => new AppError('bad_request', 'Тело multipart оборвано до закрывающей границы'),
  multipartDamaged: () => new AppError('bad_request', 'Тело multipart повреждено'),
  tooManyParts: () => new AppError('too_many_files', 'Слишком много частей в запросе multipart'),
  partTooLarge: () => new AppError('too_big', 'Файл превышает допустимый размер'),
  textPartTooLarge: (field: string, maxBytes: number) => new AppError('validation_error', `Поле ${field} длиннее ${maxBytes} байт`),
  uploadOverFileLimit: (maxBytes: number, file: string) => new AppError('too_big', `Файл больше допустимого размера (${maxBytes} байт)`, file),
  uploadOverSetLimit: (maxBytes: number) => new AppError('too_big', `Общий размер комплекта больше допустимого (${maxBytes} байт)`),
  uploadOverTechnicalLimit: (file: string) => new AppError('too_big', 'Файл превышает технический предел размера', file),

  // the set: files, archives, client choices
  noFiles: () => new AppError('no_files', 'Не передано ни одного файла в поле files'),
  noArchive: () => new AppError('no_files', 'Не передан архив в поле file'),
  oneArchiveOnly: () => new AppError('validation_error', 'Передайте один архив в поле file'),
  noRegisterFile: () => new AppError('no_files', 'Не передан реестр замечаний в поле file'),
  oneRegisterOnly: () => new AppError('validation_error', 'Передайте один реестр замечаний (XLSX) в поле file'),
  registerRefused: (reason: string, file?: string) => new AppError('validation_error', `Ответы проектировщика не приняты, ничего не изменено: ${reason}`, file),
  notAnArchive: (file: string) => new AppError('bad_format', `Файл «${file}» не является архивом ZIP, RAR или 7z`, file),
  nothingToReview: (why: string, file?: string) =>
    new AppError('bad_format', `В комплекте нет документов, пригодных для проверки${why ? `. ${why}` : ''}`, file),
  archiveUnreadable: (file: string, encrypted: boolean, format: string) =>
    new AppError(
      'bad_format',
      `Архив «${file}» ${encrypted ? 'защищён паролем и не может быть распакован' : `повреждён или не может быть открыт как ${format.toUpperCase()}`}`,
      file,
    ),
  archivePathTooLong: (file: string, max: number, start: string) =>
    new AppError('bad_format', `Архив «${file}» содержит путь длиннее ${max} символов («${start}…»); сократите имена папок и файлов`, file),
  archiveTimedOut: (file: string) => new AppError('bad_format', `Архив «${file}» не удалось распаковать за отведённое время`, file),
  tooManyFiles: (limit: number) => new AppError('too_many_files', `Превышено число документов в комплекте: не более ${limit}`),
  tooManyArchiveEntries: (maxEntries: number, file: string) =>
    new AppError('too_many_files', `В архивах слишком много записей: более ${maxEntries}. Разделите комплект на части`, file),
  documentOverFileLimit: (file: string, limit: string) => new AppError('too_big', `Файл «${file}» больше допустимого размера ${limit}`, file),
  documentsOverSetLimit: (limit: string, file: string) =>
    new AppError('too_big', `Общий объём документов комплекта после распаковки превышает допустимые ${limit}`, file),
  unpackOverTechnicalLimit: (limit: string, file: string) => new AppError('too_big', `Объём распаковки превышает технический предел ${limit}`, file),
  compressionBomb: (file: string, maxRatio: number) =>
    new AppError('too_big', `Файл «${file}» сжат более чем в ${maxRatio} раз — похоже на архивную бомбу; распаковка остановлена`, file),
  choiceNotJson: (field: string) => new AppError('validation_error', `Поле ${field} не является корректным JSON`),
  choiceNotObject: (field: string, what: string) =>
    new AppError('validation_error', `Поле ${field} должно быть JSON-объектом вида {"имя документа": "${what}"}`),
  choiceUnknownDocument: (field: string, file: string) =>
    new AppError('validation_error', `Поле ${field}: документа «${file}» нет в комплекте; используйте точное имя или путь в архиве`, file),
  choiceNotString: (field: string, file: string, what: string) =>
    new AppError('validation_error', `Поле ${field}: для документа «${file}» ожидается строка — ${what}`, file),
  choiceDuplicateKey: (field: string, key: string) =>
    new AppError('validation_error', `Поле ${field}: ключ «${key}» указан в JSON дважды; оставьте одно значение`, key),
  choiceTwice: (field: string, file: string) =>
    new AppError('validation_error', `Поле ${field}: документ «${file}» указан дважды (в разных формах Unicode)`, file),
  badRole: (file: string, role: string) =>
    new AppError('validation_error', `Поле roles: для документа «${file}» указана роль «${role}»; допустимы review и context`, file),
  roleMissing: (file: string) =>
    new AppError('validation_error', `Роли разделены (есть справочные документы), поэтому роль нужна каждому документу; не указана для «${file}»`, file),
  nothingUnderReview: () => new AppError('validation_error', 'Все документы отмечены как справочные (context): хотя бы один должен иметь роль review'),

  // runs
  runNotFound: () => new AppError('not_found', 'Проверка не найдена'),
  noChecksLeft: () => new AppError('no_checks_left', 'Не осталось проверок на счёте организации'),
  reviewAlreadyStarted: () => new AppError('review_already_started', 'Обработка уже началась или завершилась; отмена невозможна, история сохранена'),
  runNotFinished: () => new AppError('run_not_finished', 'Документы можно удалить только после завершения проверки (done или failed)'),
  idempotencyPending: (retryAfter: number) =>
    new AppError('idempotency_pending', 'Первая отправка с этим Idempotency-Key ещё обрабатывается; повторите с тем же ключом', undefined, retryAfter),
  idempotencyKeyReused: () =>
    new AppError(
      'idempotency_conflict',
      'Idempotency-Key уже использован для другого запроса (другие файлы или параметры); для нового комплекта нужен новый ключ',
    ),
  storageFull: () => new AppError('storage_full_retry', 'Недостаточно места для приёма комплекта; повторите позже с тем же Idempotency-Key'),
  /** Any other write that found no space (database, blobs, scratch): the same code, the operation repeated later. */
  storageFullWrite: () => new AppError('storage_full_retry', 'Недостаточно места для сохранения данных; повторите запрос позже', undefined, 30),

  // results and reports
  noReport: () => new AppError('no_report', 'Результат проверки ещё не опубликован'),
  conflictingFilters: () => new AppError('conflicting_filters', 'Укажите только один фильтр отчёта: section или theme'),
  filtersPdfOnly: () => new AppError('section_pdf_only', 'Фильтры section и theme применяются только к PDF: запросите /report.pdf или format=pdf'),
  badTheme: (theme: string, themes: readonly string[]) =>
    new AppError('bad_theme', `Неизвестная тематическая группа «${theme}»; допустимы: ${themes.join(', ')}`),
  badSection: (section: string) => new AppError('bad_section', `Неизвестный код раздела «${section}»; коды разделов — в GET /docset`),
  sectionUnavailable: (section: string) =>
    new AppError('section_unavailable', `В результате нет замечаний раздела ${section}; используйте сводный отчёт и available_sections`),
  thematicUnavailable: (themeLabel: string) =>
    new AppError('thematic_unavailable', `В результате нет замечаний тематической группы «${themeLabel}»; используйте сводный отчёт`),
  pdfUnavailable: (retryAfter = 30) => new AppError('pdf_unavailable', 'PDF-отчёт сейчас не может быть сформирован; повторите позже', undefined, retryAfter),

  // decisions, bundles, memory
  findingNotFound: (findingId: string) => new AppError('not_found', `Замечание finding_id=${findingId} не найдено в опубликованном результате проверки`),
  decisionNotFound: () => new AppError('not_found', 'Решение feedback_id не найдено'),
  reportChanged: (snapshot: string) =>
    new AppError('report_changed', `Решение относится к другой версии результата; актуальный feedback_snapshot: ${snapshot}. Получите /findings заново`),
  requestKeyReused: (requestKey: string) =>
    new AppError('idempotency_conflict', `request_key «${requestKey}» уже использован для другого решения; для нового решения нужен новый request_key`),
  sectionAssigned: (section: string, employee: string) =>
    new AppError(
      'discipline_already_assigned',
      `Раздел «${section}» в этой проверке уже закреплён за сотрудником ${employee}; решения по его замечаниям принимает он`,
    ),
  employeeFieldsRefused: (fields: readonly string[]) =>
    new AppError(
      'validation_error',
      `Поля ${fields.join(' и ')} принимаются только в подключениях с сотрудниками (GET /features: employees=true); уберите их из запроса`,
    ),
  versionConflict: (current: number) => new AppError('version_conflict', `Версия устарела; текущая версия: ${current}. Получите запись заново`),
  bundleNotFound: () => new AppError('not_found', 'Пакет не найден'),
  unknownBundle: (bundleId: string) => new AppError('validation_error', `Пакет bundle_id=${bundleId} не найден среди пакетов организации`),
  emptyBundleLabel: () => new AppError('validation_error', 'Название пакета (label) не может быть пустым'),
  bundleLabelTooLong: (max: number) => new AppError('validation_error', `Название пакета (label) длиннее ${max} символов`),
  noteNotFound: () => new AppError('not_found', 'Заметка не найдена'),
  memoryWithoutBundle: () =>
    new AppError(
      'validation_error',
      'Решение относится к проверке без пакета (bundle_id); заметки памяти предлагаются только по проверкам, привязанным к пакету',
    ),
  emptyNoteText: () => new AppError('validation_error', 'Текст заметки (text) не может быть пустым; не передавайте поле, чтобы текст был составлен по решению'),
  noteTextTooLong: (max: number) => new AppError('validation_error', `Текст заметки (text) длиннее ${max} символов`),
  noteOnlyRevocable: () => new AppError('validation_error', 'Через API заметку можно только отозвать: передайте status="revoked"'),
  memoryAlreadyProposed: () => new AppError('memory_already_proposed', 'По этому решению (feedback_id) уже предложена заметка с другим содержанием'),

  // the cabinet (the organization's web interface)
  cabinetLoginRequired: () => new AppError('unauthorized', 'Нужен вход в кабинет'),
  cabinetKeyRejected: () => new AppError('unauthorized', 'Ключ не подошёл: он неверен или отозван. Проверьте, что ключ скопирован полностью'),
  cabinetLoginsLimited: (retryAfterSeconds: number) =>
    new AppError('too_many_requests', `Слишком много попыток входа; повторите через ${retryAfterSeconds} с`, undefined, retryAfterSeconds, 'cabinet_login'),
  cabinetSessionEnded: () => new AppError('unauthorized', 'Сессия кабинета завершена или недействительна; войдите заново'),
  cabinetForeignOrigin: () => new AppError('forbidden', 'Вход возможен только со страницы кабинета'),
  cabinetCsrfMissing: () => new AppError('forbidden', 'Запрос отклонён: нет действительного CSRF-токена сессии кабинета; обновите страницу'),
  cabinetAssetNotFound: () => new AppError('not_found', 'Файл кабинета не найден (страница устарела — обновите её)'),
  pageImageDocumentsDeleted: () => new AppError('not_found', 'Исходные документы проверки удалены: изображение страницы недоступно'),
  pageImageNoDocument: () => new AppError('not_found', 'В проверке нет документа с таким номером'),
  pageImageNoPage: (document: string, page: number) => new AppError('not_found', `В документе «${document}» нет страницы ${page}`),
  pageImageNoPages: (document: string) => new AppError('not_found', `Документ «${document}» не имеет страниц для изображения`),
  pageImageSourceGone: () => new AppError('not_found', 'Исходный документ больше не хранится: изображение страницы недоступно'),
  /** The render failed (or failed a moment ago and is remembered); Retry-After: until it may be tried again. */
  pageImageFailed: (document: string, page: number, retryAfterSeconds: number) =>
    new AppError('pdf_unavailable', `Не удалось построить изображение страницы ${page} документа «${document}»`, undefined, retryAfterSeconds),
  /** The server is stopping: renders waiting or running are given up (another node or the restarted one renders it). */
  pageImagesStopping: () => new AppError('pdf_unavailable', 'Сервис перезапускается: изображение страницы не построено; повторите запрос', undefined, 5),

  /** An organization's share of a bounded kind of work is waiting and running (isolation/work-slots.ts). */
  workBusy: (kind: WorkKind, perOrganization: number, retryAfterSeconds: number) =>
    new AppError(
      'too_many_requests',
      `${WORK_NAMES[kind].organization} (не более ${perOrganization} одновременно); повторите через ${retryAfterSeconds} с`,
      undefined,
      retryAfterSeconds,
      kind,
    ),
  /** The node's queue of a bounded kind of work is full, whoever asks (isolation/work-slots.ts). */
  nodeBusy: (kind: WorkKind, retryAfterSeconds: number) =>
    new AppError(
      WORK_NAMES[kind].nodeCode,
      `Сервис сейчас занят: ${WORK_NAMES[kind].node}; повторите через ${retryAfterSeconds} с`,
      undefined,
      retryAfterSeconds,
      `${kind}_node`,
    ),
  /** A run whose documents could not be read (refunded): its pages are not rendered (cabinet/page-image.ts). */
  pageImageRunRefunded: () => new AppError('not_found', 'Проверка не состоялась, и проверка возвращена: изображения страниц её документов не строятся'),

  // the service itself
  internal: () => new AppError('internal_error', 'Внутренняя ошибка сервиса; повторите запрос позже'),
  /** GET /ready of a node that should not take traffic now (http/metrics.ts), with what is wrong. */
  nodeNotReady: (reasons: readonly string[]) => new AppError('backend_unavailable', `Узел не готов принимать запросы: ${reasons.join('; ')}`, undefined, 5),
  metricsTokenRejected: () => new AppError('unauthorized', 'Метрики отдаются только с токеном METRICS_TOKEN в заголовке Authorization: Bearer'),
  /** The operator's listener (METRICS_PORT) answers reads only. */
  readOnlyEndpoint: (method: string) =>
    new AppError('method_not_allowed', `Метод ${method} не поддерживается: метрики и готовность узла читаются запросом GET`),
};

/** Codes a failed run reports as its `error.code` (GET /runs/{run_id}, the run.failed event). */
export type RunFailureCode =
  /** More pages than the organization's max_pages allows (even with double volume). */
  | 'too_many_pages'
  /** Double volume needed one more check and there was none. */
  | 'no_checks_left'
  /** Not one document of the set could be read (the contract's code for no document fit for processing); refunded. */
  | 'bad_format'
  /** The service could not process the set (a crash, or workers lost too often); the check is refunded. */
  | 'processing_failed'
  /** Cancelled by the client while queued. */
  | 'cancelled'
  /** A failed run whose reason was not stored. */
  | 'failed';

/** The `error` of a failed run. */
export interface RunError {
  code: RunFailureCode;
  message: string;
  file?: string;
}

/** A failure that ends a run with a clear, user-facing reason (refunded), as opposed to a crash. */
export class RunFailure extends Error {
  constructor(
    readonly code: RunFailureCode,
    message: string,
    readonly file?: string,
  ) {
    super(message);
    this.name = 'RunFailure';
  }

  toRunError(): RunError {
    return { code: this.code, message: this.message, ...(this.file ? { file: this.file } : {}) };
  }
}

const STOPPED_REFUNDED = 'Обработка остановлена, проверка возвращена на счёт';

/** Run failures, with their messages. */
export const runFailures = {
  tooManyPages: (pages: number, maxPages: number, oversizeFactor: number) =>
    new RunFailure(
      'too_many_pages',
      `В комплекте ${pages} стр., лимит организации — ${maxPages} стр.${oversizeFactor >= 2 ? ` (с двойным объёмом — ${maxPages * 2})` : ''}`,
    ),
  doubleVolumeUnpaid: (pages: number) => new RunFailure('no_checks_left', `Комплект (${pages} стр.) требует двойного объёма, но на счёте не осталось проверок`),
  nothingReadable: (unread: readonly { name: string; reason: string }[]) =>
    new RunFailure(
      'bad_format',
      `Ни один документ комплекта не удалось прочитать, проверка не выполнена; проверка возвращена на счёт. ${unread
        .map((d) => `«${d.name}»: ${d.reason}`)
        .join('; ')}. Проверьте файлы и загрузите их снова.`,
      unread.length === 1 ? unread[0]!.name : undefined,
    ),
  crashed: () => new RunFailure('processing_failed', 'Внутренняя ошибка при обработке комплекта; проверка возвращена на счёт'),
  interruptedTooOften: (attempts: number) =>
    new RunFailure('processing_failed', `Обработка прерывалась ${attempts} раз(а); проверка остановлена, проверка возвращена на счёт`),
  outOfMemory: (memoryMb: number, attempts: number) =>
    new RunFailure('processing_failed', `Обработке комплекта не хватило памяти (лимит ${memoryMb} МБ) — попыток: ${attempts}. ${STOPPED_REFUNDED}`),
  processKilled: (signal: string, attempts: number) =>
    new RunFailure('processing_failed', `Процесс обработки комплекта остановлен сигналом ${signal} — попыток: ${attempts}. ${STOPPED_REFUNDED}`),
  processExited: (code: number | null, attempts: number) =>
    new RunFailure(
      'processing_failed',
      `Процесс обработки комплекта аварийно завершился (код ${code ?? 'неизвестен'}) — попыток: ${attempts}. ${STOPPED_REFUNDED}`,
    ),
  timedOut: (limit: string) =>
    new RunFailure('processing_failed', `Обработка комплекта не уложилась в отведённое время (${limit}) и остановлена; проверка возвращена на счёт`),
  cancelledByClient: () => new RunFailure('cancelled', 'Проверка отменена клиентом до начала обработки'),
  reasonUnknown: () => new RunFailure('failed', 'Проверка не выполнена'),
};
