/** Server-only answers that the web app shows as-is (the shared ones live in @ledgerleaf/domain's MESSAGES). */
export const SERVER_MESSAGES = {
  unsupportedMediaType: 'Unsupported content type: send JSON with Content-Type: application/json.',
  badRequest: 'The request could not be understood.',
  methodNotAllowed: 'This method is not allowed here.',
  webNotBuilt:
    'The Ledgerleaf web app has not been built yet. Run `pnpm build` (or `pnpm start` from the repository root), then reload. The API is running.',
  databaseUnavailable: 'The database is not available.',
  loggedOut: 'You have been signed out.',
  nulCharacter: 'This field contains a character that is not allowed.',
  bodyTooDeep: 'The request body is nested too deeply.',
  uriTooLong: 'The address is too long.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  signInAlert: (facts: { name: string; minutes: number; resetUrl: string }) => ({
    subject: 'Many failed sign-in attempts on your Ledgerleaf account',
    text: [
      `Hello ${facts.name},`,
      '',
      `Someone has tried and failed to sign in to your Ledgerleaf account many times in the last ${facts.minutes} minutes.`,
      'If it was you, there is nothing to do. Your account is not locked: you can still sign in with your password.',
      `If it was not you, your password kept them out. To be safe, choose a new one: ${facts.resetUrl}`,
    ].join('\n'),
  }),
} as const;
