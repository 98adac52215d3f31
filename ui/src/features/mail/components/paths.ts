/** Where the mail screens live in the operator workspace. */
export const MAIL_BASE = '/operator/settings/mail';
