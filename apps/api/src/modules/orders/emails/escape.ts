/** Text for an HTML email body (shared with every email: email/layout.ts, through email's service). */
export { escapeHtml } from '../../email/service.ts';
