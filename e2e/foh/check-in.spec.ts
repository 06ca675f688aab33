import path from 'node:path';
import pg from 'pg';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { checkInQrPng } from '../../apps/api/src/lib/check-in-qr.ts';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { fillLoginForm, logInWithCookie, loginToken } from '../support/login.ts';
import { registerViaApi } from '../support/signup.ts';
import { addChild, bookableDates, dayEntries, newCustomer, type Customer } from '../support/customer.ts';
import { venueToday } from '../support/dates.ts';
import { confirmationEmail } from '../checkout/email.ts';
import { accountSite } from '../a11y/routes.ts';

/**
 * Issue 24 "Done when", staff: check the customer in by name and by the QR code from their
 * confirmation email (docs/front-of-house-screens.md "Attendance"). A staff member of the
 * journey's own opens Front desk 2 at Bury (till.spec.ts has Front desk 1, membership-sale.spec.ts
 * Radcliffe's Reception: one open session per till and per staff member, so they never meet).
 * A customer of the journey's own books a class of today still ahead at Bury for themselves and
 * their two children, paid at the till through the API with the receipt emailed; on the roster the
 * customer is checked in by name, the child by the QR code taken from the confirmation email in
 * the server's outbox (its check-in link, as a handheld scanner types it), and the same code again
 * says when it was used; a second child is checked in from the customer panel. axe at 1280 px,
 * screenshots at 768 and 1280 px (SCREENSHOT_DIR). Then My account → Bookings shows the same
 * code in its dialog (axe, 375 px).
 *
 * The roster is today's: when nothing at Bury can still be booked today (after the last class of
 * the evening) the journey books the next class instead and checks what the till says of it — not
 * on today's roster, and its code scanned says 'This booking is not for today.' — with the QR dialog
 * and the close as always; the check-in itself is then proven by the API tests
 * (modules/attendance/attendance.test.ts), whose sessions are made relative to the clock. No skip.
 */
/**
 * A staff member of the journey's own: signed up through the API and made staff in the journeys'
 * database (E2E_DATA_DIR, as late-fees.spec.ts arranges its fee). The demo's two staff members
 * are the other till journeys' (till.spec.ts: Sam Taylor; membership-sale.spec.ts: Priya Shah),
 * and a staff member may have one till open at a time.
 */
const newStaff = async (request: APIRequestContext) => {
  const who = await registerViaApi(request, { prefix: 'check-in-staff' });
  const client = new pg.Client({ connectionString: embeddedConnectionString(path.join(process.env.E2E_DATA_DIR!, 'postgres'), Number(process.env.E2E_PG_PORT)) });
  await client.connect();
  try {
    const updated = await client.query(`UPDATE users SET role = 'staff' WHERE email = $1`, [who.email]);
    expect(updated.rowCount).toBe(1);
  } finally {
    await client.end();
  }
  return { email: who.email, password: who.password, name: 'Jo Marsden' };
};
const VENUE = 'bury-leisure-centre';
const TILL = 'Front desk 2';

const foh = (baseURL: string, pathname: string) => {
  const url = new URL(pathname, baseURL);
  url.hostname = 'foh.localhost';
  return url.toString();
};

const shots = process.env.SCREENSHOT_DIR;
const screenshot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, name), fullPage: true });
};

/** 768 px works (no sideways scroll), screenshots at 768 and 1280 px, axe at 1280 px. */
const checkStep = async (page: Page, name: string) => {
  await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
  await page.setViewportSize({ width: 768, height: 1000 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, `check-in-${name}-768.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(1280);
  await screenshot(page, `check-in-${name}-1280.png`);
  await expectNoAxeViolations(page, `${name} at 1280 px`);
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

type Entry = Awaited<ReturnType<typeof dayEntries>>[number];

/** A class at Bury today that the customer can still book (with room for two), or null late in the day. */
const classToday = async (request: APIRequestContext, token: string) => {
  const today = venueToday();
  for (const activity of ['yoga', 'spin', 'hiit', 'pilates']) {
    if ((await bookableDates(request, activity))[0] !== today) continue;
    const entry = (await dayEntries(request, activity, today, token)).find((candidate) => candidate.action_to_show.status === 'BOOK' && candidate.spaces_remaining >= 4);
    if (entry) return entry;
  }
  return null;
};

/** Late in the day: the next class at Bury the customer can book (with room for two), from tomorrow on. */
const nextClass = async (request: APIRequestContext, token: string) => {
  const today = venueToday();
  for (const activity of ['yoga', 'spin', 'hiit', 'pilates']) {
    for (const date of (await bookableDates(request, activity)).filter((d) => d > today).slice(0, 3)) {
      const entry = (await dayEntries(request, activity, date, token)).find((candidate) => candidate.action_to_show.status === 'BOOK' && candidate.spaces_remaining >= 4);
      if (entry) return entry;
    }
  }
  throw new Error('no class at Bury with room for three in the next days');
};

type Person = { membership_user_id: number; name: string; relationship: string };

/**
 * The customer and their child booked on `entry`, put in their basket by the staff basket route
 * and paid at the till in cash with the receipt emailed: the confirmation email in the outbox.
 */
const bookAtTill = async (request: APIRequestContext, staffToken: string, tillSessionId: number, customer: Customer, entry: Entry) => {
  const found = await request.get(`/api/foh/customers?q=${encodeURIComponent(customer.email)}`, { headers: auth(staffToken) });
  expect(found.ok(), await found.text()).toBe(true);
  const accountUserId = ((await found.json()) as { data: { account_user_id: number; relationship: string }[] }).data.find((m) => m.relationship === 'self')!.account_user_id;
  // The people of the account, as the till's customer panel lists them.
  const panel = await request.get(`/api/foh/customers/${accountUserId}`, { headers: auth(staffToken) });
  expect(panel.ok(), await panel.text()).toBe(true);
  const people = ((await panel.json()) as { data: { people: Person[] } }).data.people;
  const self = people.find((p) => p.relationship === 'self')!;
  const [child, second] = people.filter((p) => p.relationship === 'child') as [Person, Person];
  const item = (personId: number) => ({ id: entry.id, type: entry.cart_type, purchased_for_user_id: personId, pricing_option_id: entry.pricing_option_id });
  const terms = ((await (await request.get('/api/terms', { headers: auth(staffToken) })).json()) as { data: { id: number }[] }).data.map((t) => t.id);
  /** Fills the customer's basket at the till and pays it in cash: answers the order's reference. */
  const sell = async (people: Person[], receipt: 'email' | 'none') => {
    const added = await request.post(`/api/foh/customers/${accountUserId}/cart/add`, {
      headers: auth(staffToken),
      data: { items: people.map((p) => item(p.membership_user_id)), selected_user_id: null, till_session_id: tillSessionId },
    });
    expect(added.status(), await added.text()).toBe(200);
    const total = ((await added.json()) as { data: { total: number } }).data.total;
    const paid = await request.post('/api/activities/cart/pay', {
      headers: auth(staffToken),
      data: { payments: [{ tender_type: 'cash', amount: total, info: { amount_tendered: total } }], selected_user_id: self.membership_user_id, source: 'front-of-house', terms, till_session_id: tillSessionId, receipt },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    return ((await paid.json()) as { reference: string }).reference;
  };
  // At most two places of one session may be held at once: the customer and a child, then the other child.
  const reference = await sell([self, child], 'email');
  await sell([second], 'none');
  // Which booking is whose (other journeys' customers are called Jo Marsden too): the customer's own list.
  const mine = await request.get('/api/dashboard/bookings?filter=future&page=1&per_page=50', { headers: auth(customer.token) });
  expect(mine.ok(), await mine.text()).toBe(true);
  const bookings = ((await mine.json()) as { data: { id: number; person: { id: number } }[] }).data;
  const bookingOf = (person: Person) => bookings.find((b) => b.person.id === person.membership_user_id)!.id;
  return { reference, accountUserId, self: self.name, child: child.name, second: second.name, selfBooking: bookingOf(self), childBooking: bookingOf(child) };
};

/** Each person's check-in link (text part) and QR image (the inline PNG the HTML part shows for them). */
const checkInCodes = async (reference: string) => {
  const email = await confirmationEmail(reference);
  const text = email.parts.find((part) => part.headers.get('content-type')?.startsWith('text/plain'))!.body.toString('utf8');
  const html = email.parts.find((part) => part.headers.get('content-type')?.startsWith('text/html'))!.body.toString('utf8');
  const images = email.parts.filter((part) => part.headers.get('content-type')?.startsWith('image/png'));
  const codeOf = (person: string) => {
    const block = text.split(/\r?\n\r?\n/).find((b) => b.includes(`For ${person}\n`) || b.includes(`For ${person}\r\n`))!;
    expect(block, `the email's booking for ${person}`).toBeTruthy();
    const link = /^Check in: (\S+)$/m.exec(block)![1]!;
    const img = new RegExp(`<img src="cid:([^"]+)"[^>]*alt="QR code to check in: [^"]*, ${person}, [^"]*"`).exec(html);
    expect(img, `the QR image for ${person}`).toBeTruthy();
    const png = images.find((part) => part.headers.get('content-id') === `<${img![1]}>`);
    expect(png, `the inline PNG ${img![1]}`).toBeTruthy();
    return { link, png: png!.body };
  };
  return codeOf;
};

test.describe.configure({ mode: 'serial' });

test('staff check a customer in by name and their child by the QR code from the confirmation email; the code used twice says when', async ({ page, context, request, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer(request, 'check-in');
  await addChild(request, customer, 'Robin');
  await addChild(request, customer, 'Kit');
  const today = await classToday(request, customer.token);
  const isLate = today === null;
  const entry = today ?? (await nextClass(request, customer.token));

  // Staff log in at /login and open Front desk 2 at Bury (or find it still open from an earlier run).
  const STAFF = await newStaff(request);
  await page.goto(foh(baseURL!, '/till'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLoginForm(page, STAFF);
  await expect(page.getByRole('heading', { level: 1, name: 'Till' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
  if (await page.getByRole('heading', { name: 'Open the till' }).isVisible()) {
    await page.getByLabel('Venue').selectOption(VENUE);
    await page.getByRole('radio', { name: new RegExp(TILL) }).check();
    await page.getByLabel('Float counted into the drawer').fill('50.00');
    await page.getByRole('button', { name: 'Open till' }).click();
  }
  await expect(page.getByTestId('till-name')).toHaveText(TILL);
  await expect(page.getByTestId('till-staff')).toHaveText(STAFF.name);

  const staffToken = await loginToken(request, STAFF);
  const current = await request.get('/api/foh/sessions/current', { headers: auth(staffToken) });
  const sessionId = ((await current.json()) as { data: { id: number } }).data.id;
  const { reference, accountUserId, self, child, second, selfBooking, childBooking } = await bookAtTill(request, staffToken, sessionId, customer, entry!);
  const codeOf = await checkInCodes(reference);
  const childCode = codeOf(child);
  // The email's image is the QR code of the child's check-in link (the server's generator is deterministic).
  expect(childCode.png.equals(await checkInQrPng(childCode.link))).toBe(true);

  // The roster, from the till's own navigation.
  await page.getByRole('navigation', { name: 'Till' }).getByRole('link', { name: 'Roster' }).click();
  await expect(page).toHaveURL(/\/till\/roster$/);
  await expect(page.getByRole('heading', { level: 1, name: "Today's roster" })).toBeVisible();
  const session = page.getByTestId('roster-session').filter({ has: page.getByRole('heading', { name: new RegExp(`${entry!.starts_at.format_24_hour}–\\d\\d:\\d\\d ${entry!.name}`) }) });
  const status = page.getByTestId('check-in-status');
  const scan = page.getByLabel('Scan or type a QR code');
  if (isLate) {
    // The class is another day's: not on today's roster (ended sessions shown too), and its code is refused.
    const showEnded = page.getByRole('checkbox', { name: /ended/i });
    if ((await showEnded.count()) > 0) await showEnded.check();
    await expect(page.getByTestId('roster-person').and(page.locator(`[data-booking-id="${childBooking}"]`))).toHaveCount(0);
    await scan.fill(childCode.link);
    await scan.press('Enter');
    await expect(status).toHaveText('This booking is not for today.');
    await checkStep(page, '2-not-today');
  } else {
    await expect(session).toHaveCount(1);
    const rows = { [self]: selfBooking, [child]: childBooking };
    const row = (person: string) => session.locator(`[data-testid="roster-person"][data-booking-id="${rows[person]}"]`);
    await expect(row(self)).toContainText('Booked');
    await expect(row(child)).toContainText('Booked');
    await checkStep(page, '1-roster');

    // By name: the customer's Check in button, pressed from the keyboard.
    const checkInSelf = row(self).getByRole('button', { name: `Check in ${self}, ${entry!.name} at ${entry!.starts_at.format_24_hour}` });
    await checkInSelf.focus();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(`${self} is checked in: ${entry!.name} at ${entry!.starts_at.format_24_hour}.`);
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(row(self)).toContainText(/Checked in at \d\d:\d\d/);
    await expect(row(self).getByRole('button', { name: /^Check in/ })).toHaveCount(0);
    // Focus is not lost: it is on the next person still to check in in that session (or the row's new state).
    await expect.poll(() => page.evaluate(() => /^(check-in-|roster-state-)\d+$/.test(document.activeElement?.id ?? ''))).toBe(true);

    // By the QR code: the scanner types the email's check-in link and Enter.
    await scan.fill(childCode.link);
    await scan.press('Enter');
    await expect(status).toHaveText(`${child} is checked in: ${entry!.name} at ${entry!.starts_at.format_24_hour}.`);
    await expect(row(child)).toContainText(/Checked in at \d\d:\d\d/);
    await expect(scan).toHaveValue('');
    await expect(scan).toBeFocused();
    // The same code again says when it was used; a code that is not ours says so.
    await scan.fill(childCode.link);
    await scan.press('Enter');
    await expect(status).toHaveText(/^Already checked in at \d\d:\d\d\.$/);
    await scan.fill('c1.not-a-real-booking-code');
    await scan.press('Enter');
    await expect(status).toHaveText('This QR code is not valid.');
    // The token alone (without the link) is accepted too: already used, so it says when.
    await scan.fill(childCode.link.split('/').pop()!);
    await scan.press('Enter');
    await expect(status).toHaveText(/^Already checked in at \d\d:\d\d\.$/);
    await checkStep(page, '2-checked-in');

    // The customer panel: today's third booking (the other child's) is checked in from there.
    await page.goto(foh(baseURL!, `/till/customers/${accountUserId}`));
    const panelCheckIn = page.getByTestId('customer-panel').getByRole('button', { name: `Check in ${second}, ${entry!.name}` });
    await expect(panelCheckIn).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('customer-panel').getByRole('button', { name: `Check in ${child}, ${entry!.name}` })).toHaveCount(0);
    await panelCheckIn.click();
    const panelStatus = page.getByTestId('panel-check-in-status');
    await expect(panelStatus).toHaveText(`${second} is checked in.`);
    await expect(panelStatus).toBeFocused();
    await expect(panelCheckIn).toHaveCount(0);
    await checkStep(page, '3-panel');
  }

  // My account → Bookings: the child's booking shows the same code in its dialog.
  await logInWithCookie(context, request, accountSite(baseURL!, '/bookings'), customer);
  const account = await context.newPage();
  await account.setViewportSize({ width: 375, height: 800 });
  await account.goto(accountSite(baseURL!, '/bookings'));
  const card = account.getByTestId('booking-card').filter({ hasText: child });
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  const show = card.getByRole('button', { name: new RegExp(`^Show QR code for ${entry!.name}`) });
  await show.click();
  const dialog = account.getByTestId('booking-qr-dialog');
  await expect(dialog.getByRole('heading', { name: 'Your check-in code' })).toBeVisible();
  await expect(dialog).toContainText(child);
  await expect(dialog.getByRole('img', { name: `QR code to check in: ${entry!.name}, ${child}` })).toHaveAttribute('data-qr-payload', childCode.link);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await screenshot(account, 'check-in-4-account-qr-375.png');
  await expectNoAxeViolations(account, 'the QR dialog at 375 px');
  await account.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(show).toBeFocused();

  // Close Front desk 2 (counted as expected) so the till is free for the next run.
  const xRead = (await (await request.get(`/api/foh/sessions/${sessionId}/x-read`, { headers: auth(staffToken) })).json()) as { data: { expected: Record<string, number> } };
  const counted = Object.fromEntries(['cash', 'cheque', 'offline-voucher', 'card-terminal'].map((tender) => [tender, xRead.data.expected[tender] ?? 0]));
  const closed = await request.post(`/api/foh/sessions/${sessionId}/close`, { headers: auth(staffToken), data: { counted } });
  expect(closed.status(), await closed.text()).toBe(200);
});
