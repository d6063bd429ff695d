/**
 * Machine-readable stage codes with the Russian text shown to users (stage / stage_text).
 *
 * PROCESSING_STAGES are the stages a claimed run goes through, in order, each with the share of the whole run
 * it stands for (progress percent and eta_s move smoothly across them); the pipeline pairs each with the code
 * that carries it out (src/pipeline/stages.ts). The other codes are states around processing.
 */
export const PROCESSING_STAGES = [
  { code: 'preparing', text: 'Подготовка документов: конвертация и подсчёт страниц', span: [0, 20] },
  { code: 'reading', text: 'Чтение документов', span: [20, 75] },
  { code: 'reviewing', text: 'Проверка комплекта', span: [75, 85] },
  { code: 'reporting', text: 'Формирование отчётов', span: [85, 97] },
  { code: 'publishing', text: 'Публикация результата', span: [97, 100] },
] as const satisfies readonly { code: string; text: string; span: readonly [number, number] }[];

export type ProcessingStage = (typeof PROCESSING_STAGES)[number]['code'];

const AROUND_PROCESSING = {
  queued: 'В очереди на проверку',
  done: 'Проверка завершена, результат опубликован',
  failed: 'Проверка не выполнена',
  cancelled: 'Проверка отменена до начала обработки',
} as const;

export type Stage = ProcessingStage | keyof typeof AROUND_PROCESSING;

export const STAGE_TEXT: Record<Stage, string> = {
  ...AROUND_PROCESSING,
  ...(Object.fromEntries(PROCESSING_STAGES.map((s) => [s.code, s.text])) as Record<ProcessingStage, string>),
};

/** The stage a claimed run starts in. */
export const FIRST_STAGE: ProcessingStage = PROCESSING_STAGES[0].code;
