import { describe, expect, it } from 'vitest';
import { changeSummary } from './change-summary.ts';

/**
 * The changes page's words for what the routes' test (changes-cy.test.ts) does not reach: Welsh
 * counts, a venue's theme, a week closed every day, rows without the ids or names the Welsh
 * needs, and an action with no words of its own.
 */
const both = (action: string, detail: Record<string, unknown>) => [changeSummary({ action, detail }, 'cy'), changeSummary({ action, detail }, 'en-GB')];

describe('changeSummary', () => {
  it('counts cancelled bookings the Welsh way (the singular noun after a number)', () => {
    expect(both('occurrence_cancelled', { activity: 'Aqua Fit', bookings_cancelled: 1 })).toEqual(["Sesiwn wedi'i chanslo: Aqua Fit (1 archeb wedi'i chredydu)", 'Cancelled: Aqua Fit (1 booking credited)']);
    expect(both('occurrence_cancelled', { activity: 'Aqua Fit', bookings_cancelled: 3 })).toEqual(["Sesiwn wedi'i chanslo: Aqua Fit (3 archeb wedi'u credydu)", 'Cancelled: Aqua Fit (3 bookings credited)']);
  });

  it("names a venue's theme, the fields in the form's order, and a field it has no word for as stored", () => {
    const detail = { summary: 'this venue: theme_app_logo, theme_app_primary_colour, theme_app_new_thing', level: 'bury-leisure-centre', to: { theme_app_new_thing: 'x', theme_app_logo: '/logo.svg', theme_app_primary_colour: '1 2 3' } };
    expect(both('theme_changed', detail)).toEqual(["Thema wedi'i newid: y ganolfan hon: logo, prif liw, theme_app_new_thing", 'Theme changed: this venue: theme_app_logo, theme_app_primary_colour, theme_app_new_thing']);
  });

  it('says a week with no opening hours is closed every day, and a footer with nothing removed only its length', () => {
    expect(both('opening_hours_changed', { summary: 'closed every day', from: [], to: [] })).toEqual(["Oriau agor wedi'u newid: ar gau bob dydd", 'Opening hours changed: closed every day']);
    expect(both('footer_changed', { summary: '40 characters', characters: 40, removed: false })).toEqual(["Testun y troedyn wedi'i newid: 40 nod", 'Footer text changed: 40 characters']);
  });

  it("words a series' new weekday as the day ('diwrnod'), with the other fields in the form's order", () => {
    const detail = { summary: 'Pilates: day, time', activity: 'Pilates', from: { iso_day_of_week: 2, start_time: '18:00' }, to: { iso_day_of_week: 4, start_time: '19:00' } };
    expect(both('series_changed', detail)).toEqual(["Cyfres wythnosol wedi'i newid: Pilates: diwrnod, amser", 'Weekly series changed: Pilates: day, time']);
  });

  it('reads a staffing change without ids by its stored words, and keeps what it cannot word', () => {
    expect(changeSummary({ action: 'location_changed', detail: { activity: 'Spin', from: 'Studio 1', to: 'the venue' } }, 'cy')).toBe("Ystafell wedi'i newid: Spin, Studio 1 → y ganolfan");
    expect(changeSummary({ action: 'instructor_changed', detail: { activity: 'Spin', from: 'none', to: 'Jo Rivers' } }, 'cy')).toBe("Hyfforddwr wedi'i newid: Spin, dim → Jo Rivers");
    expect(changeSummary({ action: 'category_created', detail: { summary: 'Climbing (booked as resources)', category_id: 4 } }, 'cy')).toBe("Categori wedi'i greu: Climbing (booked as resources)");
    expect(changeSummary({ action: 'no_show_policy_changed', detail: { from: { limit: 3 }, to: { limit: 2 } } }, 'cy')).toBe("Polisi peidio â dod wedi'i newid");
    expect(both('something_new', {})).toEqual(['something_new', 'something_new']);
  });
});
