export { reportsRoutes } from './routes';
export { ReportTable } from './shared/report-table';
export type { ReportTableProps } from './shared/report-table';
