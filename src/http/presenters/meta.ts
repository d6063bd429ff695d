import { DOCSET_SOURCE, DOCSET_TITLE, profileItems } from '../../kernel/docset.ts';
import type { Organization } from '../../kernel/model/organization.ts';

/** GET /docset: the common section reference, or the organization's profile of it when a key is given. */
export function docsetView(tenant: Organization | null) {
  return { title: DOCSET_TITLE, source: DOCSET_SOURCE, items: profileItems(tenant ? tenant.sections : null) };
}
