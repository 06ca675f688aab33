/** Text for an HTML email body (shared with every email: email/layout.ts). */
export { escapeHtml } from '../../email/layout.ts';
