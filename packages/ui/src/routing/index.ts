/**
 * @ledgerleaf/ui/routing: the pieces of the kit that need React Router (a peer dependency of this
 * entry only; the main entry stays router-free). URL-backed screen state, the unsaved-changes
 * guard, the record loader of `/:id` pages and the list scaffold.
 */
export { SEARCH_DEBOUNCE_MS, useListParams, useUrlParams } from './url-params';
export type { ListParamsOptions, UrlChanges, UrlParamsOptions, UrlUpdateOptions } from './url-params';
export { useUnsavedChangesWarning } from './unsaved-changes';
export type { UnsavedChangesOptions } from './unsaved-changes';
export { BackLink, RecordLoader, RecordNotFound, RecordSkeleton, useEditMode, useRouteId } from './record-loader';
export type { LoadState, RecordLoaderProps } from './record-loader';
export { ListScaffold, SearchField, StatusTabs } from './list-scaffold';
export type { ListPage, ListScaffoldProps, SearchFieldProps, StatusTabsProps } from './list-scaffold';
export { useRecordForm } from './record-form';
export type { RecordFormErrors, RecordFormOptions } from './record-form';
