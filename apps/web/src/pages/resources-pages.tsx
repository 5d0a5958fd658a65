import { Accordion, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBell,
  IconCash,
  IconFileInvoice,
  IconFileText,
  IconRepeat,
  IconShieldLock,
  IconTarget,
  IconTargetArrow,
  IconUsers,
} from '@tabler/icons-react';
import { paths } from '@ledgerleaf/api';
import { ContentPage, P, To } from './content-page';

const resourceLinks = [
  { label: 'Features', to: paths.resources.features },
  { label: 'FAQ', to: paths.resources.faq },
  { label: 'Support', to: paths.resources.support },
  { label: 'Goals guide', to: paths.goals.info },
  { label: 'Privacy', to: paths.legal.privacy },
];
const related = (self: string) => resourceLinks.filter((link) => link.to !== self);

const FEATURES = [
  {
    icon: IconFileInvoice,
    title: 'Invoices and payments',
    text: 'Create invoices with products, discounts and several taxes per line; totals are computed to the cent. Numbers follow your format with no gaps. Send by email with a PDF, share a public link, record full or partial payments and see the status move from sent to viewed, partial, paid or overdue.',
  },
  {
    icon: IconFileText,
    title: 'Estimates',
    text: 'Quote a job first; when the client agrees, turn the estimate into an invoice without retyping it.',
  },
  {
    icon: IconRepeat,
    title: 'Recurring invoices',
    text: 'Bill retainers and subscriptions on a schedule. Each period is issued exactly once; runs missed while the server was down are caught up or skipped, as you choose.',
  },
  {
    icon: IconUsers,
    title: 'Clients, products and services',
    text: 'Keep clients with their contacts, addresses and payment terms, and a catalogue of products and services with default taxes. Import and export both as CSV.',
  },
  {
    icon: IconTarget,
    title: 'Financial goals',
    text: 'Set targets such as a tax reserve or a new van, allocate incoming payments and other income to them, watch progress and earn badges along the way.',
  },
  {
    icon: IconTargetArrow,
    title: 'CRM',
    text: 'Follow leads and opportunities through your pipeline stages, from first contact to a won deal and its first invoice.',
  },
  {
    icon: IconCash,
    title: 'Other income',
    text: 'Record money that does not come from an invoice (grants, interest, one-off sales) and put it towards your goals.',
  },
  {
    icon: IconBell,
    title: 'Notifications',
    text: 'Hear about what matters: a client opening an invoice, a payment arriving, a goal reached. The bell in the header shows what is unread.',
  },
  {
    icon: IconShieldLock,
    title: 'Secure by default',
    text: 'Passwords hashed with argon2id, hashed sign-in tokens, HTTPS, and every business kept apart from every other. See the Privacy Policy.',
  },
] as const;

/** /resources/features */
export function FeaturesPage() {
  return (
    <ContentPage
      title="Features"
      intro="Ledgerleaf brings the money side of a small business into one place: what you bill, what you are owed, who your clients are and what you are saving towards."
      related={related(paths.resources.features)}
      sections={[
        {
          id: 'overview',
          title: 'What you can do',
          body: (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <Card key={title} padding="lg">
                  <Stack gap="xs">
                    <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                      <Icon size={22} stroke={1.6} />
                    </ThemeIcon>
                    <Title order={3} size="h5">
                      {title}
                    </Title>
                    <Text size="sm">{text}</Text>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          ),
        },
        {
          id: 'everywhere',
          title: 'Comfortable on every screen',
          body: (
            <P>
              Ledgerleaf works in any current browser on desktop, tablet and phone. Choose light or dark mode, enlarge
              the text from 90 % to 150 % with the controls in the header, and collapse the side navigation to icons
              when you need room. Every screen can be used with the keyboard alone.
            </P>
          ),
        },
        {
          id: 'beta',
          title: 'Released step by step',
          body: (
            <P>
              Ledgerleaf is in beta. Screens that are not ready yet say so instead of showing made-up numbers; they
              arrive in later releases. Tell us what you need most through <To to={paths.resources.support}>Support</To>
              .
            </P>
          ),
        },
      ]}
    />
  );
}

const FAQ: { group: string; items: { q: string; a: string }[] }[] = [
  {
    group: 'Invoices',
    items: [
      {
        q: 'How are invoice numbers chosen?',
        a: 'A draft has no number. The invoice gets the next number when you send it or mark it as sent, so numbers have no gaps and are never used twice. The format (prefix, year, separator, padding, yearly reset) is set under Settings, Invoice defaults; for example INV-2026-0001.',
      },
      {
        q: 'Can I change an invoice after sending it?',
        a: 'Yes, until a payment is recorded on it. Once a payment is recorded the amounts are settled: to cancel an issued invoice, void it (with a reason) and issue a new one. Voided invoices keep their number so your sequence stays complete.',
      },
      {
        q: 'How do I record a partial payment?',
        a: 'Open the invoice and choose Record payment. Enter any amount up to the balance; the invoice becomes Partial until the balance reaches zero, then Paid. A payment entered twice by accident (for example a double click) is recorded once.',
      },
      {
        q: 'What does my client see?',
        a: 'The email carries a PDF and a private link to the invoice. The link shows only that invoice. The first time your client opens it, the invoice moves to Viewed and you get a notification.',
      },
      {
        q: 'When is an invoice overdue?',
        a: 'When its due date has passed and a balance remains. The due date is filled in from the client’s payment terms (30 days unless you change them).',
      },
    ],
  },
  {
    group: 'Goals',
    items: [
      {
        q: 'What is a financial goal?',
        a: 'A target amount you are working towards, such as a tax reserve or new equipment. Progress is the current amount divided by the target, shown up to 100 %.',
      },
      {
        q: 'How does money reach a goal?',
        a: 'After you record a payment, Ledgerleaf offers to allocate it to your active goals (you can split it, allocate evenly or skip; tick “Don’t show this again” to stop being asked). Other income, recorded from the quick-add menu’s Add Other Income, can be allocated the same way.',
      },
      {
        q: 'Which goals can receive allocations?',
        a: 'Only active goals that have not reached their target yet. You can never allocate more than the payment or income amount.',
      },
      {
        q: 'What are badges?',
        a: 'Milestones you earn as goals progress and are reached. See them under Goals Tracker, Goal Achievements.',
      },
    ],
  },
  {
    group: 'CRM',
    items: [
      {
        q: 'What is the difference between a lead and an opportunity?',
        a: 'A lead is someone who might become a client (a name, where they came from, how to reach them). An opportunity is a specific deal with a value and a stage in your pipeline. The dashboard’s pipeline value adds up your open opportunities.',
      },
      {
        q: 'Can I change the pipeline stages and lead sources?',
        a: 'Yes: stages, lead sources, activity types and reminders each have a management screen under CRM. The CRM screens arrive in a later release of the beta; until then their links say so.',
      },
    ],
  },
  {
    group: 'Account and data',
    items: [
      {
        q: 'Can I change my name or business name?',
        a: 'No, they are fixed at registration. Your email, phone, avatar and company logo can be changed in Profile & Settings.',
      },
      {
        q: 'I forgot my password.',
        a: 'Use “Forgot your password?” on the sign-in page. The link we email works once and for 60 minutes.',
      },
      {
        q: 'How do I get my data out, or delete my account?',
        a: 'Both are in Profile & Settings: owners and admins download everything as a zip file, and you can delete your account there. See the GDPR page for details.',
      },
    ],
  },
];

/** /resources/faq */
export function FaqPage() {
  return (
    <ContentPage
      title="Frequently asked questions"
      intro="Answers to what people ask most about invoices, goals, the CRM and their account."
      related={related(paths.resources.faq)}
      sections={FAQ.map((group) => ({
        id: group.group.toLowerCase().replace(/[^a-z]+/g, '-'),
        title: group.group,
        body: (
          <Accordion variant="separated" radius="md" chevronPosition="right">
            {group.items.map((item) => (
              <Accordion.Item key={item.q} value={item.q}>
                <Accordion.Control>{item.q}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{item.a}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        ),
      }))}
    />
  );
}

/** /resources/support */
export function SupportPage() {
  return (
    <ContentPage
      title="Support"
      intro="Stuck, or found something that does not work as it should? Here is how to get help quickly."
      related={related(paths.resources.support)}
      sections={[
        {
          id: 'self-help',
          title: 'Look it up',
          body: (
            <P>
              Most questions about invoices, payments, goals and your account are answered in the{' '}
              <To to={paths.resources.faq}>FAQ</To>. The <To to={paths.goals.info}>Goals guide</To> explains how goals
              and allocations work.
            </P>
          ),
        },
        {
          id: 'feedback',
          title: 'Tell us',
          body: (
            <>
              <P>
                Beta users see a Beta feedback button in the bottom-right corner. Choose the kind of feedback (bug
                report, feature request, suggestion), the part of the app, an optional rating and describe what
                happened. Your browser, operating system, screen size and the page you were on are attached, so we can
                reproduce the problem without asking.
              </P>
              <P>
                A good report says what you did, what you expected and what happened instead. Never include passwords.
              </P>
            </>
          ),
        },
        {
          id: 'account',
          title: 'Account problems',
          body: (
            <List spacing={4}>
              <List.Item>
                Cannot sign in: use “Forgot your password?” on the sign-in page. After five failed attempts sign-in
                pauses for up to 15 minutes to protect your account; wait and try again.
              </List.Item>
              <List.Item>Need access to a business: ask its owner or an admin to invite you.</List.Item>
              <List.Item>
                Signed out unexpectedly: sessions end after a day (30 days with “Remember me”) or when your password
                changes on another device.
              </List.Item>
            </List>
          ),
        },
        {
          id: 'privacy',
          title: 'Privacy requests',
          body: (
            <P>
              You can export or delete your data yourself from <To to={paths.profile}>Profile &amp; Settings</To>; see{' '}
              <To to={paths.legal.gdpr}>GDPR and your rights</To> for everything else.
            </P>
          ),
        },
      ]}
    />
  );
}
