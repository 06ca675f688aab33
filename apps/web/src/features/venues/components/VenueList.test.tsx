// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render as renderPlain, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import type { Venue } from '../../../lib/venues.ts';
import { VenueList } from './VenueList.tsx';

const catalogue = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../public/locales/en-GB/catalogue.json'), 'utf8'),
) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { catalogue } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const render = (ui: ReactElement) => renderPlain(<I18nProvider i18n={i18next}>{ui}</I18nProvider>);

const venue = (i: number, overrides: Partial<Venue> = {}): Venue => ({
  id: i,
  slug: `venue-${i}`,
  name: `Venue ${i}`,
  addressLine1: `${i} High Street`,
  addressLine2: null,
  town: 'Bury',
  postcode: 'BL9 0SW',
  lat: 53.6,
  lng: -2.3,
  timezone: 'Europe/London',
  phone: '0161 496 0101',
  email: null,
  description: null,
  imageUrl: null,
  activitiesV2Enabled: true,
  displayVenueSelectionButton: true,
  migrationDate: null,
  onlineJoiningEnabled: true,
  ...overrides,
});

describe('VenueList', () => {
  it('shows name and address on each card and selects a venue', () => {
    const onSelect = vi.fn();
    render(<VenueList venues={[venue(1)]} selectedSlug={null} onSelect={onSelect} label="Venues" />);
    const card = screen.getByTestId('venue-card');
    expect(within(card).getByTestId('venue-name').textContent).toBe('Venue 1');
    expect(within(card).getByTestId('venue-address').textContent).toBe('1 High Street, Bury BL9 0SW');
    fireEvent.click(within(card).getByTestId('select-venue'));
    expect(onSelect).toHaveBeenCalledWith('venue-1');
  });

  it('marks the selected venue as pressed', () => {
    render(<VenueList venues={[venue(1), venue(2)]} selectedSlug="venue-2" onSelect={() => {}} label="Venues" />);
    const [first, second] = screen.getAllByTestId('select-venue');
    expect(first!.getAttribute('aria-pressed')).toBe('false');
    expect(second!.getAttribute('aria-pressed')).toBe('true');
    expect(second!.textContent).toContain('Selected');
  });

  it('offers no selection button when the venue hides it (displayVenueSelectionButton)', () => {
    render(
      <VenueList venues={[venue(1, { displayVenueSelectionButton: false })]} selectedSlug={null} onSelect={() => {}} label="Venues" />,
    );
    expect(screen.queryByTestId('select-venue')).toBeNull();
    expect(screen.getByText(/online booking isn't available here/)).toBeTruthy();
  });

  it('renders 500 venues a page at a time', () => {
    render(<VenueList venues={Array.from({ length: 500 }, (_, i) => venue(i))} selectedSlug={null} onSelect={() => {}} label="Venues" />);
    expect(screen.getAllByTestId('venue-card')).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'Show 48 more venues' }));
    expect(screen.getAllByTestId('venue-card')).toHaveLength(72);
  });

  it('shows the distance in miles to one decimal', () => {
    render(<VenueList venues={[{ ...venue(1), distance: 2.3 }]} selectedSlug={null} onSelect={() => {}} label="Venues" />);
    expect(screen.getByText('2.3 miles away')).toBeTruthy();
  });
});
