import { Code, List, Table } from '@mantine/core';
import { paths } from '@ledgerleaf/api';
import { ContentPage, LEGAL_UPDATED, P, To } from './content-page';

const legalLinks = [
  { label: 'Terms of Service', to: paths.legal.terms },
  { label: 'Privacy Policy', to: paths.legal.privacy },
  { label: 'Cookie Policy', to: paths.legal.cookies },
  { label: 'GDPR', to: paths.legal.gdpr },
  { label: 'Support', to: paths.resources.support },
];
const related = (self: string) => legalLinks.filter((link) => link.to !== self);

/** /legal/terms */
export function TermsPage() {
  return (
    <ContentPage
      title="Terms of Service"
      updated={LEGAL_UPDATED}
      intro="These terms govern your use of Ledgerleaf, the invoicing, client-relationship and financial-goals application for small businesses. By creating an account or signing in you agree to them."
      related={related(paths.legal.terms)}
      sections={[
        {
          id: 'service',
          title: '1. The service',
          body: (
            <>
              <P>
                Ledgerleaf lets a business issue invoices and estimates, record payments and other income, keep its
                clients, products and services, follow leads and opportunities, and track financial goals. Ledgerleaf is
                currently in beta: features may change, and some screens listed in the navigation are released later.
              </P>
              <P>
                Ledgerleaf is a record-keeping tool. It does not move money, is not a bank or payment processor, and
                does not give tax, legal or accounting advice. You remain responsible for the invoices you issue, the
                taxes you charge and the figures you report.
              </P>
            </>
          ),
        },
        {
          id: 'account',
          title: '2. Your account',
          body: (
            <>
              <P>
                You register with your name, your business name, an email address and a password of at least 8
                characters. The name and business name cannot be changed after registration. Keep your password to
                yourself: anyone who signs in with it acts on behalf of your business.
              </P>
              <P>
                The person who registers a business is its owner. Owners and admins may invite other users to the same
                business; every user of a business sees that business&apos;s records. You are responsible for whom you
                give access to.
              </P>
            </>
          ),
        },
        {
          id: 'data',
          title: '3. Your data',
          body: (
            <>
              <P>
                Everything you enter (clients, invoices, payments, goals and the rest) belongs to your business. We
                process it only to provide the service, as described in the{' '}
                <To to={paths.legal.privacy}>Privacy Policy</To>. You can export your data and delete your account from{' '}
                <To to={paths.profile}>Profile &amp; Settings</To> at any time.
              </P>
              <P>
                Do not store information you are not allowed to hold, such as payment card numbers or other
                people&apos;s passwords. Invoice notes and descriptions are printed on documents your clients see.
              </P>
            </>
          ),
        },
        {
          id: 'acceptable-use',
          title: '4. Acceptable use',
          body: (
            <List spacing={4}>
              <List.Item>Do not use Ledgerleaf to send fraudulent invoices, spam or anything unlawful.</List.Item>
              <List.Item>
                Do not try to reach another business&apos;s data, probe the service for weaknesses without permission,
                or overload it.
              </List.Item>
              <List.Item>
                Automated access must use your own account's sign-in and respect the rate limits the service answers
                with (HTTP 429).
              </List.Item>
            </List>
          ),
        },
        {
          id: 'availability',
          title: '5. Availability and changes',
          body: (
            <P>
              We work to keep Ledgerleaf available and your data safe, with regular backups, but during the beta we
              cannot promise uninterrupted service. We may change or discontinue features; when a change affects how
              your data is handled we update these pages and the date at the top.
            </P>
          ),
        },
        {
          id: 'liability',
          title: '6. Liability',
          body: (
            <P>
              Ledgerleaf is provided &quot;as is&quot; during the beta. To the extent the law allows, we are not liable
              for indirect losses, lost profits or lost data that a backup of your own would have prevented. Nothing in
              these terms limits rights you have under consumer-protection law that cannot be waived.
            </P>
          ),
        },
        {
          id: 'ending',
          title: '7. Ending your use',
          body: (
            <P>
              You may stop using Ledgerleaf and delete your account whenever you like (see{' '}
              <To to={paths.legal.gdpr}>GDPR and your rights</To>). We may suspend an account that breaks these terms,
              and will tell you why unless the law forbids it.
            </P>
          ),
        },
      ]}
    />
  );
}

/** /legal/privacy */
export function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      intro="This policy explains what Ledgerleaf stores about you and your business, why, how it is protected and how long it is kept."
      related={related(paths.legal.privacy)}
      sections={[
        {
          id: 'what',
          title: 'What we store',
          body: (
            <List spacing={4}>
              <List.Item>
                <strong>Your account:</strong> name, email address, optional phone number, business name, role, and
                optionally an avatar and a company logo.
              </List.Item>
              <List.Item>
                <strong>Your business records:</strong> clients and their contacts, products and services, tax rates,
                invoices, estimates, payments, other income, goals, leads and opportunities, and the settings you
                choose.
              </List.Item>
              <List.Item>
                <strong>An activity log</strong> of changes to those records (who did what and when), which feeds the
                invoice timeline and your notifications.
              </List.Item>
              <List.Item>
                <strong>Security records:</strong> failed sign-in attempts (email and IP address) to stop password
                guessing, and your sign-in tokens in hashed form.
              </List.Item>
              <List.Item>
                <strong>Emails we send</strong> on your behalf or to you (invoices, estimates, payment receipts, invoice
                reminders, team invitations, password resets), with their recipients and subject.
              </List.Item>
              <List.Item>
                <strong>Beta feedback</strong> you choose to send, with the browser, operating system, screen size and
                page address it was sent from.
              </List.Item>
            </List>
          ),
        },
        {
          id: 'why',
          title: 'Why we use it',
          body: (
            <P>
              Only to run the service for you: to show and print your records, email invoices to your clients, remind
              you of what needs attention, keep your account secure and, for feedback, to fix problems. We do not sell
              your data, show advertising or build profiles of you or your clients, and Ledgerleaf contains no
              third-party trackers or analytics.
            </P>
          ),
        },
        {
          id: 'storage',
          title: 'How your data is stored and protected',
          body: (
            <>
              <P>
                Ledgerleaf keeps your data in a single database, either SQLite (a file on the server, written with full
                synchronisation so a confirmed change survives a power cut) or PostgreSQL. Every query is scoped to your
                business; another business cannot read or change your records, which our automated tests check for every
                area.
              </P>
              <List spacing={4}>
                <List.Item>
                  Passwords are never stored. We keep an <strong>argon2id</strong> hash (19 MiB of memory, 2 passes),
                  the algorithm OWASP recommends, so even a copy of the database does not reveal them.
                </List.Item>
                <List.Item>
                  Sign-in tokens and password-reset links are random 256-bit values of which we store only a SHA-256
                  hash. Tokens expire (after a day, or 30 days with &quot;Remember me&quot;) and are revoked when you
                  sign out; reset links expire after 60 minutes and work once.
                </List.Item>
                <List.Item>
                  The application runs behind a reverse proxy that terminates <strong>HTTPS</strong>; when it does,
                  browsers are told to use HTTPS only (HSTS) and cookies are marked secure. Pages are served with a
                  strict Content Security Policy.
                </List.Item>
                <List.Item>Server logs never contain passwords, tokens, cookies or authorisation headers.</List.Item>
                <List.Item>
                  Databases are backed up regularly; backups are kept with the same care as the live data.
                </List.Item>
              </List>
            </>
          ),
        },
        {
          id: 'sharing',
          title: 'Who else sees it',
          body: (
            <P>
              The other users of your business. Your clients, when you send them an invoice or an estimate: its public
              link shows that document (and nothing else) to whoever holds the link; a client who accepts or declines an
              estimate there leaves their name or reason with it. The email provider that delivers the emails you send.
              Nobody else, unless the law requires it.
            </P>
          ),
        },
        {
          id: 'retention',
          title: 'How long we keep it',
          body: (
            <P>
              As long as your account exists. Invoices and payments are accounting records: you may need to keep your
              own copy for the period your tax authority requires before deleting your account. Deleting your account
              removes your business records; backups containing them are overwritten in the normal backup cycle.
            </P>
          ),
        },
        {
          id: 'rights',
          title: 'Your rights',
          body: (
            <P>
              You can see, correct, export and delete your data. How to do each is described on the{' '}
              <To to={paths.legal.gdpr}>GDPR</To> page; the browser storage Ledgerleaf uses is listed in the{' '}
              <To to={paths.legal.cookies}>Cookie Policy</To>.
            </P>
          ),
        },
      ]}
    />
  );
}

const STORAGE_ROWS = [
  [
    'XSRF-TOKEN',
    'Cookie (12 hours)',
    'Anti-forgery token. Signed by the server; the app echoes it in a request header to prove a request comes from Ledgerleaf itself. Readable by the page by design, sent only to Ledgerleaf (SameSite=Lax), secure over HTTPS.',
  ],
  [
    'token',
    'Local storage',
    'Your sign-in token, sent with each request. Removed when you sign out or your session ends.',
  ],
  [
    'user',
    'Local storage',
    'Your name, email, business name and roles, so the header shows them immediately. Removed with the token.',
  ],
  [
    'theme, darkMode',
    'Local storage',
    'Your light or dark mode choice. Without it the app follows your system setting.',
  ],
  ['fontSizePreference', 'Local storage', 'The text size you picked in the header (90 % to 150 %).'],
  ['sideNavCollapsed', 'Local storage', 'Whether you collapsed the side navigation to icons.'],
  ['betaVersion', 'Local storage', 'Shows the beta feedback button when set to true.'],
] as const;

/** /legal/cookies */
export function CookiesPage() {
  return (
    <ContentPage
      title="Cookie Policy"
      updated={LEGAL_UPDATED}
      intro="Ledgerleaf uses one cookie and a few browser storage entries, all strictly necessary for the app or remembering choices you made. There are no advertising, analytics or third-party cookies, so there is nothing to consent to beyond using the app."
      related={related(paths.legal.cookies)}
      sections={[
        {
          id: 'list',
          title: 'What we store in your browser',
          body: (
            <Table.ScrollContainer minWidth={560}>
              <Table striped withTableBorder verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Kind</Table.Th>
                    <Table.Th scope="col">Purpose</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {STORAGE_ROWS.map(([name, kind, purpose]) => (
                    <Table.Tr key={name}>
                      <Table.Td>
                        <Code>{name}</Code>
                      </Table.Td>
                      <Table.Td>{kind}</Table.Td>
                      <Table.Td>{purpose}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ),
        },
        {
          id: 'control',
          title: 'Removing them',
          body: (
            <>
              <P>
                Signing out removes your token and user details. Clearing the site data for Ledgerleaf in your browser
                settings removes everything above; you will be signed out and your display choices return to their
                defaults.
              </P>
              <P>
                Blocking the <Code>XSRF-TOKEN</Code> cookie stops Ledgerleaf from protecting some requests against
                cross-site forgery, and the app may reload to fetch a new one.
              </P>
            </>
          ),
        },
      ]}
    />
  );
}

/** /legal/gdpr */
export function GdprPage() {
  return (
    <ContentPage
      title="GDPR and your rights"
      updated={LEGAL_UPDATED}
      intro="If you are in the European Economic Area, the United Kingdom or Switzerland, data protection law gives you the rights below. We extend the same rights to everyone who uses Ledgerleaf."
      related={related(paths.legal.gdpr)}
      sections={[
        {
          id: 'roles',
          title: 'Who is responsible for what',
          body: (
            <P>
              For your own account data we are the controller. For the personal data of your clients and contacts that
              you enter, your business is the controller and Ledgerleaf processes it on your instructions, only to
              provide the service (see the <To to={paths.legal.privacy}>Privacy Policy</To>).
            </P>
          ),
        },
        {
          id: 'rights',
          title: 'Your rights and how to use them',
          body: (
            <List spacing={6}>
              <List.Item>
                <strong>Access and portability:</strong> owners and admins download everything of the business as a zip
                file (a <Code>data.json</Code>, one CSV file per kind of record and the uploaded images) from{' '}
                <To to={paths.profile}>Profile &amp; Settings</To>. Clients and products can also be exported as CSV
                from their screens.
              </List.Item>
              <List.Item>
                <strong>Rectification:</strong> correct your details in{' '}
                <To to={paths.profile}>Profile &amp; Settings</To> and your records on their own screens.
              </List.Item>
              <List.Item>
                <strong>Erasure:</strong> delete your account from <To to={paths.profile}>Profile &amp; Settings</To>,
                confirming with your password and the word DELETE. When the last owner of a business deletes their
                account, the business and all of its records go with it. Data is removed from the live database at once
                and from backups as they rotate.
              </List.Item>
              <List.Item>
                <strong>Restriction and objection:</strong> we only process your data to run the service; if you object
                to any particular use, tell us through <To to={paths.resources.support}>Support</To>.
              </List.Item>
              <List.Item>
                <strong>Complaint:</strong> you may complain to your data protection authority at any time.
              </List.Item>
            </List>
          ),
        },
        {
          id: 'clients',
          title: 'Requests from your clients',
          body: (
            <P>
              If one of your clients asks you for their data or its deletion, you can find everything about them on the
              client&apos;s page and its invoices. Archive or delete the client once any legal obligation to keep their
              invoices has passed.
            </P>
          ),
        },
        {
          id: 'security',
          title: 'Security and breaches',
          body: (
            <P>
              Passwords are hashed with argon2id, sign-in and reset tokens are stored only as hashes, connections use
              HTTPS, and each business&apos;s data is isolated from every other. Should a breach affecting your personal
              data occur, we will inform you and the supervisory authority as the law requires.
            </P>
          ),
        },
      ]}
    />
  );
}
