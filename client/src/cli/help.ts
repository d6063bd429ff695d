/** Help of drs-client in Russian (default) and English (--lang en, or LANG=en…). */

const RU = `drs-client — клиент Document Review Service API v1

Использование: drs-client КОМАНДА [ПАРАМЕТРЫ]

Подключение (ключ никогда не передаётся в командной строке):
  DRS_API_URL            адрес API, например https://drs.example.ru/api/v1 (адрес без пути дополняется /api/v1)
  DRS_API_KEY            API-ключ организации
  --key-file ФАЙЛ        прочитать ключ из файла (вместо DRS_API_KEY)
  --api-url АДРЕС        адрес API (вместо DRS_API_URL)

Команды:
  review ПУТЬ… [--wait] [--out ПАПКА]    загрузить файлы и папки одним комплектом
      --address ТЕКСТ                     адрес объекта
      --task ФАЙЛ                         задание к проверке (UTF-8)
      --kinds JSON|ФАЙЛ                   {"имя файла": "код раздела"}
      --roles JSON|ФАЙЛ                   {"путь документа": "context" | "review"}
      --bundle ID                         пакет (проект) из POST /bundles
      --idempotency-key КЛЮЧ              повтор загрузки после обрыва: тот же ключ не создаёт вторую проверку
      --wait                              ждать завершения с индикатором (этап, процент, оставшееся время)
      --out ПАПКА                         сохранить report.md, report.pdf, report.zip, findings.json (включает --wait)
      --interval СЕК                      период опроса, по умолчанию 5, не меньше 2
  runs [--limit N]                        последние проверки
  status RUN [--wait]                     состояние проверки; с --wait — ждать завершения
  findings RUN [--format table|json|md]   замечания: таблица, JSON или отчёт Markdown
  report RUN [--format md|pdf|zip] [--section КОД | --theme ГРУППА] [--out ФАЙЛ]
                                          скачать отчёт (для pdf и zip --out обязателен)
  decide RUN ЗАМЕЧАНИЕ accepted|rejected|withdrawn [--reason ТЕКСТ]
                                          решение по замечанию (finding_id или номер n из отчёта)
  cancel RUN                              отменить проверку в очереди
  delete-documents RUN                    удалить исходные документы завершённой проверки
  limits                                  лимиты организации
  usage [--days N]                        расход проверок за N дней
  verify-webhook --secret-file ФАЙЛ [--signature ПОДПИСЬ] < тело
                                          проверить подпись X-SVC-Signature тела уведомления

Общие параметры: --json (вывод JSON для скриптов), --lang ru|en, --help, --version

Коды завершения:
  0    успех; с --wait — проверка завершена (done)
  1    проверка завершилась неудачей (failed) или отменена
  2    ошибка использования: параметры, адрес или ключ не заданы, файл не читается
  3    ошибка API: сервис (или шлюз перед ним) ответил ошибкой
  4    сетевая ошибка: нет ответа после повторов
  5    verify-webhook: подпись не совпадает
  70   внутренняя ошибка программы
  130  ожидание прервано (Ctrl-C); проверка продолжается
`;

const EN = `drs-client — command line for the Document Review Service API v1

Usage: drs-client COMMAND [OPTIONS]

Connection (the key is never given on the command line):
  DRS_API_URL            API address, e.g. https://drs.example.com/api/v1 (an address with no path gets /api/v1)
  DRS_API_KEY            the organization's API key
  --key-file FILE        read the key from a file (instead of DRS_API_KEY)
  --api-url URL          API address (instead of DRS_API_URL)

Commands:
  review PATH… [--wait] [--out DIR]      upload files and folders as one set
      --address TEXT                      object address
      --task FILE                         task for the reviewer (UTF-8)
      --kinds JSON|FILE                   {"file name": "section code"}
      --roles JSON|FILE                   {"document path": "context" | "review"}
      --bundle ID                         bundle (project) from POST /bundles
      --idempotency-key KEY               repeat an upload after a lost answer: the same key makes no second run
      --wait                              wait for the end with a progress line (stage, percent, ETA)
      --out DIR                           save report.md, report.pdf, report.zip, findings.json (implies --wait)
      --interval SEC                      polling period, default 5, at least 2
  runs [--limit N]                        latest runs
  status RUN [--wait]                     run status; with --wait, wait for the end
  findings RUN [--format table|json|md]   findings as a table, JSON or the Markdown report
  report RUN [--format md|pdf|zip] [--section CODE | --theme GROUP] [--out FILE]
                                          download a report (--out is required for pdf and zip)
  decide RUN FINDING accepted|rejected|withdrawn [--reason TEXT]
                                          record a decision (finding_id or the number n of the report)
  cancel RUN                              cancel a queued run
  delete-documents RUN                    delete the source documents of a finished run
  limits                                  limits of the organization
  usage [--days N]                        checks consumed over N days
  verify-webhook --secret-file FILE [--signature SIG] < body
                                          verify the X-SVC-Signature of a notification body

Common options: --json (JSON output for scripts), --lang ru|en, --help, --version

Exit codes:
  0    success; with --wait: the run is done
  1    the run failed or was cancelled
  2    usage error: options, address or key missing, unreadable file
  3    API error: the service (or a gateway in front of it) answered with an error
  4    network error: no answer after the retries
  5    verify-webhook: the signature does not match
  70   internal error of the program
  130  interrupted (Ctrl-C) while waiting; the run goes on
`;

export function helpText(lang: string | undefined, env: Record<string, string | undefined> = process.env): string {
  const chosen = lang ?? env.DRS_LANG ?? (/^en/i.test(env.LC_ALL || env.LANG || '') ? 'en' : 'ru');
  return chosen === 'en' ? EN : RU;
}
