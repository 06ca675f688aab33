import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZGetClientResponse } from './get-client.ts';

const valid = {
  data: {
    id: 1,
    name: 'Active North West',
    currency: { symbol: '£' },
    online_joining_enabled: true,
    kiosk_home_url: '/?kiosk=true',
    online_guest_passes_enabled: true,
    analytics: null,
  },
};

/** GET /api/client takes no input; its response schema guards what the API may send. */
describe('ZGetClientResponse', () => {
  it('accepts the settings of spec §3', () => {
    expect(issuePaths(ZGetClientResponse, valid)).toBeNull();
  });

  it.each([
    ['a fractional id', { ...valid.data, id: 1.5 }, 'data.id'],
    ['no operator name', { ...valid.data, name: undefined }, 'data.name'],
    ['a missing currency symbol', { ...valid.data, currency: {} }, 'data.currency.symbol'],
    ['a missing online-joining switch', { ...valid.data, online_joining_enabled: undefined }, 'data.online_joining_enabled'],
    ['analytics without a container id', { ...valid.data, analytics: { auth: null, preview: null } }, 'data.analytics.container_id'],
  ])('rejects %s', (_case, data, path) => {
    expect(issuePaths(ZGetClientResponse, { data })).toContain(path);
  });
});
