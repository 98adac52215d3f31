// Tokens live in localStorage so a reload keeps the session; the quote token is the
// login-less grant that comes with a quote link (?token=...).
const PORTAL = 'portal_token';
const REFRESH = 'refresh_token';
const QUOTE = 'quote_token';

export const authStorage = {
  portalToken: () => localStorage.getItem(PORTAL),
  refreshToken: () => localStorage.getItem(REFRESH),
  quoteToken: () => localStorage.getItem(QUOTE),
  setSession(access: string, refresh?: string | null) {
    localStorage.setItem(PORTAL, access);
    if (refresh) localStorage.setItem(REFRESH, refresh);
  },
  setQuoteToken(token: string) {
    localStorage.setItem(QUOTE, token);
  },
  clear() {
    localStorage.removeItem(PORTAL);
    localStorage.removeItem(REFRESH);
    localStorage.removeItem(QUOTE);
  },
};
