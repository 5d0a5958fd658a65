/**
 * @ledgerleaf/ui public surface. Consumers import `@mantine/core/styles.css` (and
 * `@mantine/dates/styles.css` for DateField) once themselves;
 * nothing here imports CSS, so the built package also loads in Node.
 */
export { preloadUiViews, UiProvider } from './theme/ui-provider';
export type { UiProviderProps } from './theme/ui-provider';
export { theme, leaf, cssVariablesResolver } from './theme/theme';
export { ledgerleafColorSchemeManager, readStoredColorScheme } from './theme/color-scheme-manager';
export { ColorSchemeToggle, useToggleColorScheme } from './theme/color-scheme-toggle';

export { preloadToastViewport, ToastProvider, useToast } from './toast/toast-provider';
export type { ToastProviderProps, UseToastResult } from './toast/toast-provider';
export { toastStore, createToastStore, defaultToastTimeout, MAX_TOASTS } from './toast/toast-store';
export type { Toast, ToastOptions, ToastSeverity, ToastStore } from './toast/toast-store';

export { ConfirmationDialog, resolveConfirmationType } from './confirmation/confirmation-dialog';
export type {
  ConfirmationDialogProps,
  ConfirmationOptions,
  ConfirmationType,
} from './confirmation/confirmation-dialog';
export {
  ConfirmationProvider,
  preloadConfirmationDialog,
  useAsk,
  useConfirm,
} from './confirmation/confirmation-provider';
export { FormModal, useGuardedClose, DISCARD_CHANGES_QUESTION } from './modal/form-modal';
export type { FormModalProps } from './modal/form-modal';
export { ModalForm } from './modal/modal-form';
export type { ModalFormProps } from './modal/modal-form';
export type { AskFn, ConfirmFn } from './confirmation/confirmation-provider';

export { AuthLayout } from './layout/auth-layout';
export type { AuthLayoutProps } from './layout/auth-layout';
export { AppLayout } from './layout/app-layout';
export type { AppLayoutProps, AppLayoutUser, AppNavItem, AppUserMenuItem } from './layout/app-layout-types';
export { FontSizeButtons, FontSizeMenuItems } from './layout/font-size-buttons';
export type { AppFontSize } from './layout/font-size-buttons';
export { BrandLogo } from './layout/brand-logo';
export type { BrandLogoProps } from './layout/brand-logo';
export { getInitials } from './layout/initials';
export { DeferredMount } from './layout/deferred-mount';
export type { DeferredMountProps } from './layout/deferred-mount';

export { FullPageLoader } from './feedback/full-page-loader';
export type { FullPageLoaderProps } from './feedback/full-page-loader';
export { PageHeader } from './feedback/page-header';
export type { PageHeaderProps } from './feedback/page-header';
export { CardSkeleton } from './feedback/card-skeleton';
export type { CardSkeletonProps } from './feedback/card-skeleton';
export { ErrorBoundary } from './feedback/error-boundary';
export type { ErrorBoundaryProps } from './feedback/error-boundary';
export { EmptyState } from './feedback/empty-state';
export type { EmptyStateProps } from './feedback/empty-state';
export { FormAlert } from './feedback/form-alert';
export type { FormAlertProps } from './feedback/form-alert';
export { LoadError } from './feedback/load-error';
export { SummaryCard } from './dashboard/summary-card';
export type { SummaryCardColor, SummaryCardIcon, SummaryCardProps, SummaryCardTrend } from './dashboard/summary-card';
export type { LoadErrorProps } from './feedback/load-error';

export { PasswordStrength, passwordStrength } from './password/password-strength';
export type {
  PasswordStrengthProps,
  PasswordStrengthResult,
  PasswordStrengthLabel,
} from './password/password-strength';

export {
  TOAST_TIMEOUT_MS,
  TOAST_ERROR_TIMEOUT_MS,
  CONFIRMATION_DEFAULTS,
  UI_STORAGE_KEYS,
  NAV_BREAKPOINTS,
  PASSWORD_STRENGTH_LABELS,
} from './constants';

export { DateField, DEFAULT_DATE_FIELD_FORMAT, parseDateInput } from './forms/date-field';
export type { DateFieldProps } from './forms/date-field';
export { DeferredDateField, formatDateValue, preloadDateField } from './forms/deferred-date-field';

export { DataTable } from './data-table/data-table';
export type { DataTableColumn, DataTableProps, DataTableSort, SortDirection } from './data-table/data-table';

export { NotificationBell } from './shell/notification-bell';
export type { NotificationBellProps } from './shell/notification-bell';
export { NotificationItem, NotificationIcon, notificationKindLabel } from './shell/notification-item';
export type { NotificationItemProps, NotificationView } from './shell/notification-item';
export {
  unreadBadgeText,
  relativeTime,
  notificationKindOf,
  EMPTY_LIST_CLOSE_DELAY_MS,
  SCROLL_TO_TOP_THRESHOLD_PX,
  FEEDBACK_SUCCESS_HIDE_MS,
} from './shell/notification-rules';
export type { NotificationKind } from './shell/notification-rules';
export { QuickAddMenu } from './shell/quick-add-menu';
export type { QuickAddItem, QuickAddMenuProps } from './shell/quick-add-menu';
export { ScrollToTop } from './shell/scroll-to-top';
export type { ScrollToTopProps } from './shell/scroll-to-top';
export { BetaFeedbackButton, BetaFeedbackDialog, BetaFeedbackThanks, EMPTY_BETA_FEEDBACK } from './shell/beta-feedback';
export type {
  BetaFeedbackDialogProps,
  BetaFeedbackErrors,
  BetaFeedbackOption,
  BetaFeedbackThanksProps,
  BetaFeedbackValues,
} from './shell/beta-feedback';

export { SectionNav } from './navigation/section-nav';
export type { SectionNavItem, SectionNavProps } from './navigation/section-nav';

export { AmountInput } from './forms/amount-input';
export type { AmountInputProps } from './forms/amount-input';

export { CsvImportModal } from './data-import/csv-import-modal';
export type {
  CsvImportAnswer,
  CsvImportMessages,
  CsvImportModalProps,
  CsvImportPreview,
} from './data-import/csv-import-modal';
export { downloadText, datedFilename } from './data-import/download';
export { SelectionBar } from './data-table/selection-bar';
export type { SelectionBarProps } from './data-table/selection-bar';
export { ExportCsvButton } from './data-import/export-csv-button';
export type { ExportCsvButtonProps } from './data-import/export-csv-button';
