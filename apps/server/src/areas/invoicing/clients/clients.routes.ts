import type { FastifyInstance } from 'fastify';
import {
  clientImportPreviewSchema,
  clientListQuerySchema,
  clientPageSchema,
  clientPickerResponseSchema,
  clientRequestSchema,
  clientResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { registerCatalogResource } from '../../../lib/catalog-routes';
import * as clients from './clients.service';

export { CATALOG_ERRORS, CSV_BODY_LIMIT_BYTES } from '../../../lib/catalog-routes';

export function registerClientRoutes(app: FastifyInstance, deps: Deps): void {
  registerCatalogResource(app, {
    base: '/api/clients',
    plural: 'clients',
    schemas: {
      listQuery: clientListQuerySchema,
      page: clientPageSchema,
      picker: clientPickerResponseSchema,
      preview: clientImportPreviewSchema,
      request: clientRequestSchema,
      response: clientResponseSchema,
    },
    summaries: {
      list: 'Clients: search (name, contacts, emails), sort (name, created_at, balance), pagination, status filter',
      search: 'Client picker: at most 20 active clients matching q',
      export: 'Every client of the business as CSV (cells starting with = + - @ are prefixed with a quote)',
      preview: 'Reads a CSV of clients and answers every row with its errors; writes nothing',
      import: 'Imports a CSV of clients in one transaction: any row error answers 422 and imports nothing',
      create: 'Create a client with its contacts',
      get: 'A client with its contacts',
      update: 'Replace a client and its whole contact list (one transaction)',
      archive: 'Archive a client (kept with its history, hidden from pickers and the default list)',
      restore: 'Restore an archived client',
      remove: 'Delete a client without invoices (409 otherwise: archive it)',
    },
    service: {
      list: (auth, query) => clients.listClients(deps, { auth, query }),
      search: (auth, query) => clients.searchClients(deps, { auth, query }),
      exportCsv: (auth) => clients.exportClientsCsv(deps, { auth }),
      previewImport: (_auth, csv) => clients.previewClientImport(deps, { csv }),
      importCsv: (auth, csv) => clients.importClients(deps, { auth, csv }),
      create: (auth, input) => clients.createClient(deps, { auth, input }),
      get: (auth, clientId) => clients.getClient(deps, { auth, clientId }),
      update: (auth, clientId, input) => clients.updateClient(deps, { auth, clientId, input }),
      setArchived: (auth, clientId, archived) => clients.setArchived(deps, { auth, clientId, archived }),
      remove: (auth, clientId) => clients.deleteClient(deps, { auth, clientId }),
    },
  });
}
