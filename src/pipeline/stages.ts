import type { Stage } from '../kernel/stages.ts';

/** Share of the whole run each stage stands for, so percent and eta_s move smoothly. */
export const STAGE_SPAN: Record<Extract<Stage, 'preparing' | 'reading' | 'reviewing' | 'reporting' | 'publishing'>, [number, number]> = {
  preparing: [0, 20],
  reading: [20, 75],
  reviewing: [75, 85],
  reporting: [85, 97],
  publishing: [97, 100],
};
