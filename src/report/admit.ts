/**
 * How a build on download is admitted: the shape of the node's bound of a kind of work (isolation/work-slots.ts,
 * WorkSlots.run), given by the API — `work` runs once a slot is free, requests with the same key share it, and a
 * refusal (429 past the organization's share, 503 past the node's queue) is thrown before anything starts.
 */
export type AdmitBuild = <T>(organizationId: string, key: string, work: () => Promise<T>) => Promise<T>;

/** No bound: the work starts at once (in-process callers, tests of the builds themselves). */
export const admitAtOnce: AdmitBuild = (_organizationId, _key, work) => work();
