import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import {
  findDocumentOpportunityId,
  linkOpportunityDocument,
  listOpportunityDocuments,
  unlinkOpportunityDocument,
} from './opportunity-documents';
import { deleteInvoice } from '../invoicing/invoice-state';
import { crmFixture } from './test-fixtures';

const now = new Date('2026-03-11T15:00:00.000Z');
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('estimates and invoices made from an opportunity', () => {
  it('links each document to one opportunity; deleting the document drops the link', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const one = await f.addOpportunity({ title: 'One', client_id: client.id });
    const two = await f.addOpportunity({ title: 'Two', client_id: client.id });
    const invoice = await f.addInvoice(client.id, 120_00, { status: 'sent', paidCents: 20_00 });
    const estimate = await f.addEstimate(client.id, 50_00);
    expect(
      await linkOpportunityDocument(test.db, {
        businessId: f.businessId,
        opportunityId: one.id,
        kind: 'invoice',
        documentId: invoice.id,
        now,
      }),
    ).toBe(true);
    expect(
      await linkOpportunityDocument(test.db, {
        businessId: f.businessId,
        opportunityId: one.id,
        kind: 'estimate',
        documentId: estimate.id,
        now,
      }),
    ).toBe(true);
    expect(await listOpportunityDocuments(test.db, { businessId: f.businessId, opportunityId: one.id })).toEqual([
      {
        kind: 'invoice',
        id: invoice.id,
        number: expect.any(String),
        status: 'sent',
        total_cents: 120_00,
        paid_cents: 20_00,
        issue_date: '2026-02-01',
      },
      {
        kind: 'estimate',
        id: estimate.id,
        number: null,
        status: 'draft',
        total_cents: 50_00,
        paid_cents: 0,
        issue_date: '2026-03-01',
      },
    ]);
    // Linking again moves the link.
    await linkOpportunityDocument(test.db, {
      businessId: f.businessId,
      opportunityId: two.id,
      kind: 'invoice',
      documentId: invoice.id,
      now,
    });
    expect(
      await findDocumentOpportunityId(test.db, { businessId: f.businessId, kind: 'invoice', documentId: invoice.id }),
    ).toBe(two.id);
    expect(await listOpportunityDocuments(test.db, { businessId: f.businessId, opportunityId: one.id })).toHaveLength(
      1,
    );
    expect(
      await unlinkOpportunityDocument(test.db, {
        businessId: f.businessId,
        opportunityId: one.id,
        kind: 'estimate',
        documentId: estimate.id,
      }),
    ).toBe(true);
    await test.db.updateTable('invoices').set({ status: 'draft' }).where('id', '=', invoice.id).execute();
    await deleteInvoice(test.db, { businessId: f.businessId, invoiceId: invoice.id });
    expect(await listOpportunityDocuments(test.db, { businessId: f.businessId, opportunityId: two.id })).toEqual([]);
  });
});
