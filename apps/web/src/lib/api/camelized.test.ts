import { describe, expectTypeOf, it } from 'vitest';
import type { GetClientResponse } from '@app/contract/client/get-client';
import type { Camelized } from './camelized.ts';
import type { ClientSettings } from '../client-settings.ts';

describe('Camelized (types the web app from the contract)', () => {
  it('renames snake_case keys at every depth, through arrays and nullables', () => {
    type Wire = { first_name: string; membership_users: { home_venue_slug: string | null }[]; analytics: { container_id: string } | null };
    expectTypeOf<Camelized<Wire>>().toEqualTypeOf<{
      firstName: string;
      membershipUsers: { homeVenueSlug: string | null }[];
      analytics: { containerId: string } | null;
    }>();
  });

  it('derives the client settings from GET /api/client', () => {
    expectTypeOf<ClientSettings>().toEqualTypeOf<Camelized<GetClientResponse['data']>>();
    expectTypeOf<NonNullable<ClientSettings['analytics']>>().toEqualTypeOf<{ containerId: string; auth: string | null; preview: string | null }>();
  });
});
