// The mail channel's operator screens: the tenant's mail settings and the review queue
// of mail from unknown senders.
import './mail.css';
import type { RouteObject } from 'react-router-dom';
import { MailReviewPage } from './components/mail-review-page';
import { MailSettingsPage } from './components/mail-settings-page';

export { MAIL_BASE } from './components/paths';
export { MailReviewPage, MailSettingsPage };

/** The routes under the workspace (relative to /operator); both need a settings permission (SPEC §2.2's route names). */
export const mailRoutes: RouteObject[] = [
  { path: 'settings/mail', element: <MailSettingsPage />, handle: { name: 'settings.show' } },
  { path: 'settings/mail/review', element: <MailReviewPage />, handle: { name: 'settings.index' } },
];
