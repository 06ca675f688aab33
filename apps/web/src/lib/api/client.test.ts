import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientDeps } from './client.ts';
import { ApiError } from './errors.ts';
import { DEFAULT_RUNTIME_CONFIG } from '../runtime-config.ts';
import { holdRequests, releaseRequests, requestsHeld } from './held-requests.ts';

type Call = { url: string; init: RequestInit };

const setup = (response: Response, csrf: string | null = null) => {
  const calls: Call[] = [];
  const onUnauthorised = vi.fn();
  const deps: ApiClientDeps = {
    fetch: async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return response;
    },
    csrfToken: () => csrf,
    source: 'my-account',
    onUnauthorised,
    config: () => DEFAULT_RUNTIME_CONFIG,
  };
  return { client: createApiClient(deps), calls, onUnauthorised, deps };
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('API client', () => {
  it("peeks at the page's answers: JSON converted like a fetched one, text as it came (the venue's footer block)", () => {
    const page: Record<string, unknown> = {
      '/api/activities/venues/bury': { data: { migration_date: null } },
      '/api/activities/footer?venue=bury': '<p>Open 7 days</p>',
    };
    const client = createApiClient({ ...setup(json({})).deps, pageData: (url) => page[url] });
    expect(client.peek('venues/bury', { base: 'activitiesBase' })).toEqual({ migrationDate: null });
    expect(client.peek('footer', { base: 'activitiesBase', query: { venue: 'bury' }, responseType: 'text' })).toBe('<p>Open 7 days</p>');
    // A JSON answer is not text, and an answer the page lacks is undefined.
    expect(client.peek('venues/bury', { base: 'activitiesBase', responseType: 'text' })).toBeUndefined();
    expect(client.peek('footer', { base: 'activitiesBase', query: { venue: 'ramsbottom' }, responseType: 'text' })).toBeUndefined();
  });

  it('while a server-rendered page hydrates, requests wait; released, they go (an answer the page carries never waits)', async () => {
    const { deps, calls } = setup(json({ data: { first_name: 'Alex' } }));
    const client = createApiClient({ ...deps, held: requestsHeld, pageData: (url) => (url === '/api/client' ? { data: { name: 'Bury' } } : undefined) });
    holdRequests();
    let answered = false;
    const user = client.get('user', { base: 'authBase' }).then((body) => {
      answered = true;
      return body;
    });
    await expect(client.get('client')).resolves.toEqual({ name: 'Bury' });
    expect(calls).toHaveLength(0);
    expect(answered).toBe(false);
    releaseRequests();
    await expect(user).resolves.toEqual({ firstName: 'Alex' });
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/user']);
    // Released for good: the next request goes at once.
    expect(requestsHeld()).toBeNull();
  });

  it('unwraps {data} and converts keys to camelCase', async () => {
    const { client } = setup(json({ data: { first_name: 'Alex', membership_user: { home_venue_id: 3 } } }));
    await expect(client.get('auth/user', { base: 'authBase' })).resolves.toEqual({
      firstName: 'Alex',
      membershipUser: { homeVenueId: 3 },
    });
  });

  it('returns bodies without a data field as they are (camelCased)', async () => {
    const { client } = setup(json({ payment_provider: 'simulator', session_key: 'abc' }));
    await expect(client.get('checkout/prepare')).resolves.toEqual({ paymentProvider: 'simulator', sessionKey: 'abc' });
  });

  it('sends snake_case query and body to the configured base', async () => {
    const { client, calls } = setup(json({ data: {} }));
    await client.post('add', { selectedUserId: 4, items: [{ pricingOptionId: 2 }] }, { base: 'checkoutBase', query: { membershipUserId: 9, skip: undefined } });
    expect(calls[0]!.url).toBe('/api/activities/cart/add?membership_user_id=9');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ selected_user_id: 4, items: [{ pricing_option_id: 2 }] });
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('calls the base itself for an empty path (the cart), without a trailing slash', async () => {
    const { client, calls } = setup(json({ data: {} }));
    await client.get('', { base: 'checkoutBase', query: { selectedUserId: 7 } });
    expect(calls[0]!.url).toBe('/api/activities/cart?selected_user_id=7');
  });

  it('names its source on every call and sends no bearer header (the session is the HttpOnly cookie)', async () => {
    const { client, calls } = setup(json({ data: {} }), 'csrf123');
    await client.get('user', { base: 'authBase' });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['x-source']).toBe('my-account');
    expect(headers.authorization).toBeUndefined();
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('echoes the CSRF token on writes only', async () => {
    const sent = async (call: (client: ReturnType<typeof setup>['client']) => Promise<unknown>) => {
      const { client, calls } = setup(json({ data: {} }), 'csrf123');
      await call(client);
      return { method: calls[0]!.init.method, csrf: (calls[0]!.init.headers as Record<string, string>)['x-csrf-token'] };
    };
    expect(await sent((c) => c.get('user', { base: 'authBase' }))).toEqual({ method: 'GET', csrf: undefined });
    expect(await sent((c) => c.post('logout', undefined, { base: 'authBase' }))).toEqual({ method: 'POST', csrf: 'csrf123' });
    expect(await sent((c) => c.patch('details', { town: 'Bury' }, { base: 'dashboardBase' }))).toEqual({ method: 'PATCH', csrf: 'csrf123' });
    expect(await sent((c) => c.delete('family-members/3', { base: 'dashboardBase' }))).toEqual({ method: 'DELETE', csrf: 'csrf123' });
  });

  it('sends no CSRF header when logged out', async () => {
    const { client, calls } = setup(json({ data: {} }));
    await client.post('customer/login', { username: 'a', password: 'b' }, { base: 'authBase' });
    expect((calls[0]!.init.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });

  it('on 401 clears the token (via onUnauthorised) and rejects', async () => {
    const { client, onUnauthorised } = setup(json({ message: 'Unauthenticated.' }, 401), 'stale');
    await expect(client.get('user')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorised).toHaveBeenCalledTimes(1);
  });

  it('a failed request keeps the message, status and validation messages', async () => {
    const { client } = setup(json({ message: 'The given data was invalid.', errors: { email: ['Required'] } }, 422));
    const error = (await client.post('register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('The given data was invalid.');
    expect(error.statusCode).toBe(422);
    expect(error.validationMessages).toEqual({ email: ['Required'] });
  });

  it('a failure without a message falls back to the generic message for its status', async () => {
    const { client } = setup(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await client.get('venues').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Something has gone wrong, please try again.');
    expect(error.statusCode).toBe(502);
  });

  it('returns text for responseType text (the venue footer HTML)', async () => {
    const { client } = setup(new Response('<p>Open daily</p>', { status: 200 }));
    await expect(client.get('footer', { responseType: 'text' })).resolves.toBe('<p>Open daily</p>');
  });
});
