// One page harness for every package's unit tests (@ledgerleaf/vitest-config/render). The goals
// screens need a signed-in person: an owner unless a test gives other `roles`.
import { pageRenderer } from '@ledgerleaf/vitest-config/render';

export { json, recordHeaders, stubFetch, stubSequence } from '@ledgerleaf/vitest-config/render';
export const renderPage = pageRenderer({ roles: ['owner'] });
