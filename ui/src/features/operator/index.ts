// The operator side: shared display pieces, filter selectors, form widgets, modals,
// the generic detail screen, and the pages built from them.
export { operatorRoutes } from './routes';
export * from './types';
export { schedulePresets, datePresets } from './texts';

export * from './utils/routes';
export * from './utils/dates';
export * from './utils/time';
export * from './utils/truncate';

export * from './hooks/use-now';
export * from './hooks/use-reload-data';

export * from './api/resources';
export * from './api/search-records';
export * from './api/upload-attachment';
export * from './api/table-presets';
export * from './api/merge-records';
export * from './api/create-message';
export * from './api/create-time-registration';
export * from './api/send-quote';
export * from './api/invoicing';
export * from './api/archive-company';
export * from './api/update-message';
export * from './api/quote-lines';
export * from './api/open-time';
export * from './api/get-notifications';
export * from './api/mark-notification-read';
export * from './api/duplicate-quote';
export * from './api/open-ticket';
export * from './api/draft-quote';
export * from './api/ticket-actions';
export * from './api/archive-ticket-group';
export * from './api/invoice-used-products';

export * from './components/display/route-link';
export * from './components/display/due-date';
export * from './components/display/badges';
export * from './components/display/relative-time';
export * from './components/display/message-thread';
export * from './components/display/message-edit';

export * from './components/filters/filter-builders';
export * from './components/filters/search-select';
export * from './components/filters/text-filter';
export * from './components/filters/multi-select-filter';
export * from './components/filters/date-range-filter';
export * from './components/filters/schedule-filter';

export * from './components/widgets/time-input';
export * from './components/widgets/number-input';
export * from './components/widgets/date-pickers';
export * from './components/widgets/custom-field-input';
export * from './components/widgets/confirm-dialog';
export * from './components/widgets/rich-editor';
export * from './components/widgets/setting-list';

export * from './components/table-views-modal';
export * from './components/column-adjust-modal';
export * from './components/detail-screen';
export * from './components/operator-list';

export * from './components/pages/operator-layout';
export * from './components/pages/ticket-queue';
export * from './components/pages/ticket-detail-page';
export * from './components/pages/quote-pages';
export * from './components/pages/contract-pages';
export * from './components/pages/invoice-pages';
export * from './components/pages/company-pages';
export * from './components/pages/settings-pages';
export * from './components/pages/resource-pages';
export * from './components/pages/open-time-page';
export * from './components/pages/ticket-group-pages';
export * from './components/pages/deal-pages';
export * from './components/pages/ticket-create-page';
export * from './components/pages/quote-create-page';
export * from './components/pages/notifications-page';
