import { Link } from 'react-router';
import { Alert, Anchor, Group, Stack, Tabs } from '@mantine/core';
import { IconBell, IconMail, IconMailForward, IconUsersGroup } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@ledgerleaf/domain';
import { PageHeader } from '@ledgerleaf/ui';
import { useAccess, paths } from '@ledgerleaf/api';
import { useUrlParams } from '@ledgerleaf/ui/routing';
import { BusinessDetailsPanel, InvoiceTextsPanel, PreferencesPanel } from './business-forms';
import { EmailDeliveryPanel } from './email-delivery-panel';
import { InvoicingSettingsPanel } from './invoicing-settings-panel';
import { NumberingPanel } from './numbering-panel';
import { TaxRatesPanel } from './tax-rates-panel';

const TABS = ['business', 'invoices', 'tax-rates', 'preferences', 'email'] as const;

/** /user/settings: business details, invoice defaults, tax rates and display preferences. */
export function UserSettingsPage() {
  // The tab lives in the URL; the first one (business) is the page's own address.
  const url = useUrlParams({ defaults: { tab: 'business' } });
  const access = useAccess();
  // Email delivery is the owners' (the mail server's login is the business's own).
  const chosen = url.oneOf('tab', TABS, 'business');
  const tab = chosen === 'email' && !access.isOwner ? 'business' : chosen;
  const readOnly = !access.isAdmin;
  return (
    <>
      <PageHeader
        title="Settings"
        description="How the business appears on invoices, and how invoices are numbered, taxed and worded."
        actions={
          <Group gap="md">
            <Anchor component={Link} to={paths.settings.emailTemplates} size="sm">
              <Group gap={4} component="span">
                <IconMail size={16} aria-hidden /> Email templates
              </Group>
            </Anchor>
            <Anchor component={Link} to={paths.settings.sentEmails} size="sm">
              <Group gap={4} component="span">
                <IconMailForward size={16} aria-hidden /> Sent emails
              </Group>
            </Anchor>
            <Anchor component={Link} to={paths.settings.invoiceReminders} size="sm">
              <Group gap={4} component="span">
                <IconBell size={16} aria-hidden /> Invoice reminders
              </Group>
            </Anchor>
            {access.isAdmin && (
              <Anchor component={Link} to={paths.admin.roles} size="sm">
                <Group gap={4} component="span">
                  <IconUsersGroup size={16} aria-hidden /> Team and roles
                </Group>
              </Anchor>
            )}
          </Group>
        }
      />
      {/* Tax rates need write access (members too); the rest of the settings an owner or an admin. */}
      {tab === 'tax-rates'
        ? !access.canWrite && (
            <Alert variant="light" color="gray" mb="md">
              {ACCOUNT_MESSAGES.readOnlyRole}
            </Alert>
          )
        : tab !== 'email' &&
          readOnly && (
            <Alert variant="light" color="gray" mb="md">
              {ACCOUNT_MESSAGES.adminSettingsOnly}
            </Alert>
          )}
      <Tabs value={tab} onChange={(value) => url.update({ tab: value })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="business">Business details</Tabs.Tab>
          <Tabs.Tab value="invoices">Invoice defaults</Tabs.Tab>
          <Tabs.Tab value="tax-rates">Tax rates</Tabs.Tab>
          <Tabs.Tab value="preferences">Preferences</Tabs.Tab>
          {access.isOwner && <Tabs.Tab value="email">Email delivery</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="business">
          <BusinessDetailsPanel readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <Stack gap="lg" maw={720}>
            <InvoicingSettingsPanel readOnly={readOnly} />
            <NumberingPanel readOnly={readOnly} />
            <InvoiceTextsPanel readOnly={readOnly} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="tax-rates">
          <TaxRatesPanel readOnly={!access.canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="preferences">
          <PreferencesPanel readOnly={readOnly} />
        </Tabs.Panel>
        {access.isOwner && (
          <Tabs.Panel value="email">
            <EmailDeliveryPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
