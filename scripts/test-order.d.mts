export declare function longestFirst(files: readonly string[], durations: Readonly<Record<string, number>> | null): string[];
export declare function lastDurations(path?: string): Record<string, number> | null;
export declare function saveDurations(earlier: Readonly<Record<string, number>> | null, now: Readonly<Record<string, number>>, path?: string): void;
