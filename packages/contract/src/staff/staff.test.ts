import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZGetThemeLevelQuery } from './get-theme-level.ts';
import { ZUpdateThemeLevelQuery, ZUpdateThemeLevelRequest } from './update-theme-level.ts';
import { ZSetMaintenanceRequest } from './set-maintenance.ts';

describe('ZGetThemeLevelQuery and ZUpdateThemeLevelQuery', () => {
  it.each([ZGetThemeLevelQuery, ZUpdateThemeLevelQuery])('accept no venue or a slug, and reject anything else (%#)', (schema) => {
    expect(issuePaths(schema, {})).toBeNull();
    expect(issuePaths(schema, { venue: 'bury-leisure-centre' })).toBeNull();
    expect(issuePaths(schema, { venue: 'Bury Leisure' })).toContain('venue');
    expect(issuePaths(schema, { venue: 'b'.repeat(101) })).toContain('venue');
  });
});

describe('ZUpdateThemeLevelRequest', () => {
  it('accepts an empty edit, colours in both forms, fonts, a logo path, and null to clear', () => {
    expect(issuePaths(ZUpdateThemeLevelRequest, {})).toBeNull();
    expect(
      issuePaths(ZUpdateThemeLevelRequest, {
        theme_app_primary_colour: '200 30 40',
        theme_app_secondary_colour1: '#abc',
        theme_app_secondary_colour2: '#A1B2C3',
        theme_app_body_font_style: 'lato',
        theme_app_logo: '/logo.svg',
        header_primary_colour: null,
      }),
    ).toBeNull();
  });

  it.each([
    ['an unknown field (strict body)', { unknown_field: 'x' }, ''],
    ['a five-digit hex colour', { theme_app_primary_colour: '#12345' }, 'theme_app_primary_colour'],
    ['a triple over 255', { theme_app_primary_colour: '256 0 0' }, 'theme_app_primary_colour'],
    ['a colour name', { theme_app_dark_bg_colour: 'chartreuse' }, 'theme_app_dark_bg_colour'],
    ['a colour that is not a string', { header_primary_colour: 255 }, 'header_primary_colour'],
    ['a font not on the list', { theme_app_body_font_style: 'comic_sans' }, 'theme_app_body_font_style'],
    ['a button style not on the list', { theme_app_secondary_button_style: 'wobbly' }, 'theme_app_secondary_button_style'],
    ['a javascript: logo', { theme_app_logo: 'javascript:alert(1)' }, 'theme_app_logo'],
    ['a relative logo path', { theme_app_logo: 'logo.svg' }, 'theme_app_logo'],
    ['a logo URL over 2000 characters', { theme_app_logo: `https://example.com/${'a'.repeat(2000)}` }, 'theme_app_logo'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZUpdateThemeLevelRequest, input)).toContain(path);
  });
});

describe('ZSetMaintenanceRequest', () => {
  it('accepts true and false', () => {
    expect(issuePaths(ZSetMaintenanceRequest, { enabled: true })).toBeNull();
    expect(issuePaths(ZSetMaintenanceRequest, { enabled: false })).toBeNull();
  });

  it.each([
    ['a missing switch', {}, 'enabled'],
    ['a string', { enabled: 'yes' }, 'enabled'],
    ['a number', { enabled: 1 }, 'enabled'],
    ['an unknown field (strict body)', { enabled: true, client: 'other' }, ''],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZSetMaintenanceRequest, input)).toContain(path);
  });
});
