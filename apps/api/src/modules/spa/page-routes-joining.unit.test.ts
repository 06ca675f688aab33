import { describe, expect, it } from 'vitest';
import { matchPageRoute } from './page-routes.ts';

/** The membership app's public pages in the route table (issue 23/28; docs/online-joining-screens.md "Server rendering"). */
describe("the membership app's server-rendered pages", () => {
  const context = { activities: (rest: string) => `/api/activities/${rest}`, api: (rest: string) => `/api/${rest}`, get: async () => undefined, isLoggedIn: false, selectedVenue: null, now: Date.now() };

  it('/ is the centres that sell online, with the venues list in the page', async () => {
    const match = matchPageRoute('/', 'online-joining')!;
    expect(match.route.screen).toBe('src/features/joining/JoinHomeScreen.tsx');
    expect(await match.route.data(match.params, context)).toEqual(['/api/activities/venues']);
  });

  it("/centre/{venue} is the centre's plans, with the venue and its plans in the page (the URLs the screen's queries build)", async () => {
    const match = matchPageRoute('/centre/bury-leisure-centre', 'online-joining')!;
    expect(match.route.screen).toBe('src/features/joining/PlansScreen.tsx');
    expect(match.route.namespaces).toEqual(['joining']);
    expect(await match.route.data(match.params, context)).toEqual([
      '/api/activities/venues/online-joining/bury-leisure-centre',
      '/api/online-joining/venues/bury-leisure-centre/plans',
    ]);
  });

  it('the join steps stay the browser\'s, and no other site has these routes', () => {
    expect(matchPageRoute('/centre/bury-leisure-centre/join/5', 'online-joining')).toBeNull();
    expect(matchPageRoute('/join/4f0c6a52-2d7e-4f7e-9a51-6b1b0f6d2f10/payment', 'online-joining')).toBeNull();
    expect(matchPageRoute('/centre/bury-leisure-centre', 'bookings')).toBeNull();
    expect(matchPageRoute('/', 'my-account')).toBeNull();
    expect(matchPageRoute('/', 'bookings')?.route.screen).toBe('src/features/venues/HomeScreen.tsx');
  });
});
