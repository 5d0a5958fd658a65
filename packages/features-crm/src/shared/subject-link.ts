import { paths } from '@ledgerleaf/api';
import type { CrmSubjectSummary } from '@ledgerleaf/domain';

/** The page of what an activity or note is about: the lead's or opportunity's form, the client's 360. */
export function subjectHref(about: CrmSubjectSummary): string {
  if (about.kind === 'lead') return paths.crm.leads.edit(about.id);
  if (about.kind === 'opportunity') return paths.crm.opportunities.edit(about.id);
  return `${paths.crm.client360}?client=${about.id}`;
}
