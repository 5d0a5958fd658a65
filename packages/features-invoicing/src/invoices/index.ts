// The invoices area: routes, and the hook point after a payment (the goals issue listens there).
export { invoiceRoutes } from './routes';
export { PaymentRecordedProvider, type OnPaymentRecorded, type RecordedPayment } from './payment-hooks';
export { INVOICING_AREA_TABS, InvoicingAreaTabs, type AreaTab } from './area-tabs';
