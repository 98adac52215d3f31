// The mail channel's operator screens: the tenant's mail settings and the review queue
// of mail from unknown senders (mounted in app/operator-routes.tsx).
import './mail.css';

export { MAIL_BASE } from './components/paths';
export { MailReviewPage } from './components/mail-review-page';
export { MailSettingsPage } from './components/mail-settings-page';
