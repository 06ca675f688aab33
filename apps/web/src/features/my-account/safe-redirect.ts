/** Only a path on this site, never another origin (`//evil.example` included). */
export const safeRedirect = (value: string | null) => (value && /^\/(?!\/)/.test(value) ? value : '/');
