// One page harness for every package's unit tests (@ledgerleaf/vitest-config/render). The invoicing
// screens need a signed-in person: an owner unless a test gives other `roles` (or the whole `auth`).
import { pageRenderer } from '@ledgerleaf/vitest-config/render';

export { json, stubFetch, stubSequence, testUser } from '@ledgerleaf/vitest-config/render';
export const renderPage = pageRenderer({ roles: ['owner'] });
