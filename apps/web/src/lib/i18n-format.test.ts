import { afterEach, describe, expect, it } from 'vitest';
import { activeLocale, asSupportedLanguage, setServerLanguage } from './i18n-format.ts';

/**
 * The language screens format in (issue 27, docs/languages.md "Dates, times and money"). This
 * suite runs without a document, as a server render does: the render's language
 * (entry-server.tsx `setServerLanguage`) is the one in force. The formatters' Welsh is tested
 * beside them (features/catalogue/course-format-cy.test.ts, features/timetable/rules-cy.test.ts).
 */
afterEach(() => setServerLanguage(null));

describe('the active language for Intl', () => {
  it('is English unless the page is Welsh', () => {
    expect(activeLocale()).toBe('en-GB');
    setServerLanguage('cy');
    expect(activeLocale()).toBe('cy');
    setServerLanguage(null);
    expect(activeLocale()).toBe('en-GB');
  });

  it('reads anything but our two languages as English', () => {
    expect(asSupportedLanguage('cy')).toBe('cy');
    expect(asSupportedLanguage('fr')).toBe('en-GB');
    expect(asSupportedLanguage(undefined)).toBe('en-GB');
  });
});
