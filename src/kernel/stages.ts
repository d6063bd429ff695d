/** Machine-readable stage codes with the Russian text shown to users (stage / stage_text). */
export const STAGE_TEXT = {
  queued: 'В очереди на проверку',
  preparing: 'Подготовка документов: конвертация и подсчёт страниц',
  reading: 'Чтение документов',
  reviewing: 'Проверка комплекта',
  reporting: 'Формирование отчётов',
  publishing: 'Публикация результата',
  done: 'Проверка завершена, результат опубликован',
  failed: 'Проверка не выполнена',
  cancelled: 'Проверка отменена до начала обработки',
} as const;

export type Stage = keyof typeof STAGE_TEXT;
