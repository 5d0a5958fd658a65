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
} as const;
