import { z } from 'zod';
import { errorResponseSchema } from '@ledgerleaf/domain';
import { ERROR_DOCS, conflictDoc, errorDoc } from '../../lib/error-docs';

/** The CRM's error documents for the OpenAPI document. */
export const CRM_ERRORS = {
  ...ERROR_DOCS,
  notFound: errorDoc("No such record in the caller's business"),
  inUse: conflictDoc('In use: archive it instead'),
  readOnly: conflictDoc('The lead is converted: read-only', z.enum(['converted'])),
  invariant: conflictDoc('The pipeline would lose its last open, won or lost stage'),
  errorSchema: errorResponseSchema,
};
