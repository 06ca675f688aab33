import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { takeServerRenderedDescription, takeServerRenderedTitle, usePageMeta } from './page-meta.ts';

/**
 * A server render runs no effects, so `usePageMeta` keeps the title it is given while rendering
 * there, for the server to put in the page's `<title>` (entry-server.tsx; issue 20). Node has no
 * `document`: this is the server's side.
 */
const Screen = ({ title }: { title: string }) => {
  usePageMeta({ title, breadcrumbs: [{ label: 'Book an activity' }] });
  return <h1>{title}</h1>;
};

describe('usePageMeta in a server render', () => {
  it("keeps the screen's title as 'Bookings | {title}', then forgets it", () => {
    expect(typeof document).toBe('undefined');
    renderToString(
      <MemoryRouter initialEntries={['/location/bury-leisure-centre']}>
        <Screen title="Book an activity" />
      </MemoryRouter>,
    );
    expect(takeServerRenderedTitle()).toBe('Bookings | Book an activity');
    // One render at a time: the next page starts from the site name.
    expect(takeServerRenderedTitle()).toBe('Bookings');
  });

  it("keeps the screen's meta description, then forgets it", () => {
    const Described = () => {
      usePageMeta({ title: 'Yoga', description: 'Yoga at Bury Leisure Centre' });
      return null;
    };
    renderToString(
      <MemoryRouter>
        <Described />
      </MemoryRouter>,
    );
    expect(takeServerRenderedDescription()).toBe('Yoga at Bury Leisure Centre');
    expect(takeServerRenderedDescription()).toBeNull();
    takeServerRenderedTitle();
  });

  it('a render whose screen sets no title leaves the site name', () => {
    renderToString(
      <MemoryRouter>
        <p>no screen meta</p>
      </MemoryRouter>,
    );
    expect(takeServerRenderedTitle()).toBe('Bookings');
  });
});
