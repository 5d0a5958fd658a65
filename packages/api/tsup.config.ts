import { libraryConfig } from '@ledgerleaf/tsup-config';

// The CRM's endpoints are the entry `./crm` (`@ledgerleaf/api/crm`), which the main entry does not
// import: only the lazy chunks of the CRM screens load them, so the sign-in page's JavaScript stays
// as it was (an injectEndpoints call inside the one index module would stay in every bundle that
// imports anything from the package). The api object and the other areas are shared with `.`.
// The dashboard's, the calendar's and the reports' endpoints are entries of their own for the same reason.
export default libraryConfig({
  entry: [
    'src/index.ts',
    'src/crm-endpoints.ts',
    'src/calendar-endpoints.ts',
    'src/dashboard-endpoints.ts',
    'src/report-endpoints.ts',
  ],
});
