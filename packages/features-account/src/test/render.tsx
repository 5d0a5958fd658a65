// One page harness for every package's unit tests (@ledgerleaf/vitest-config/render); nobody is
// signed in unless a test says so (`roles` or `auth`).
export { json, renderPage, stubFetch, stubSequence } from '@ledgerleaf/vitest-config/render';
