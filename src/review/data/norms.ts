/**
 * Registry of superseded and cancelled norms that designers still cite (shared/domain/norms.md §1–§5), and of
 * designations that name no norm at all (§6).
 * `ver`: V — verified in the named source, P — edition verified, mapping from practice, C — claimed by third-party
 * registers only, U — unverified. Findings state the confidence: C/U entries ask to confirm against the official register.
 * `since`: the date the cited document stopped being in force — its first successor came into force (norms.md; in-force
 * dates of the successors from sources N and B). Where it is not known, the replacement's designation year bounds it: a
 * replacement «…2016» came into force in 2016 or 2017, so the cited one was out of force by the end of 2017 at the latest
 * (see norms/in-force.ts). A set is judged at its reference date (ГрК РФ ст. 49 ч. 5.2), not only today.
 * The entries are data: src/review/data/norms-sources/*.json, each with the public source it was verified from, built into
 * norms.generated.ts by `npm run norms:build` (src/review/norms/registry-build.ts). Refresh from ФГИС «Реестр СП» /
 * protect.gost.ru, bump the version in norms-sources/registry.json and rebuild on every change.
 */

export type { MalformedDesignation, NormDate, NormEntry, RegistryEntry, SeriesEditions, UnknownDesignation, Verification } from './norm-types.ts';
export { NORM_DATES, NORMS, REGISTRY_VERSION, SERIES_EDITIONS, UNKNOWN_DESIGNATIONS } from './norms.generated.ts';
