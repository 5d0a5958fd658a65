import type { ReactNode } from 'react';
import { paths } from '@ledgerleaf/api';
import { PageHeader } from '@ledgerleaf/ui';
import { BackLink } from '@ledgerleaf/ui/routing';
import { CrmNav } from '../shared/crm-nav';

/** The heading of a configuration screen: back to the CRM settings, the title, the CRM navigation. */
export function ConfigHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
}) {
  return (
    <>
      <BackLink to={paths.crm.settings}>CRM settings</BackLink>
      <PageHeader title={title} description={description} actions={actions} />
      <CrmNav />
    </>
  );
}
