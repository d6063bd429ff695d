import { DOCSET_SOURCE, DOCSET_TITLE, profileItems } from '../kernel/docset.ts';
import { parseSections } from '../store/repositories/tenants.ts';
import type { Tenant } from '../store/schema.ts';

/** GET /docset: the common section reference, or the organization's profile of it when a key is given. */
export function docsetView(tenant: Tenant | null) {
  return { title: DOCSET_TITLE, source: DOCSET_SOURCE, items: profileItems(tenant ? parseSections(tenant) : null) };
}
