/** A run's progress as the pipeline stores it and GET /runs/{run_id} shows it. */
export interface Progress {
  percent: number;
  pages_total: number | null;
  pages_done: number | null;
  elapsed_s: number | null;
  eta_s: number | null;
}
