import { describe, expect, it } from 'vitest';
import { bookingPeople, defaultTicketId, needsTicketChoice, personFor, ticketChoices, type Person } from './choice.ts';

const alex: Person = { id: 51, firstName: 'Alex', lastName: 'Morgan', relationship: 'self' };
const jordan: Person = { id: 52, firstName: 'Jordan', lastName: 'Morgan', relationship: 'partner' };
const olivia: Person = { id: 53, firstName: 'Olivia', lastName: 'Morgan', relationship: 'child' };

const ticket = (id: number, name: string, raw: number, activityId = 1) => ({ id, name, price: { raw }, activityId });
const swim = [ticket(7, 'Adult', 520), ticket(8, 'Junior', 310), ticket(9, 'Concession', 390), ticket(20, 'Adult', 600, 2), ticket(21, 'Junior', 350, 2)];

describe('booking for someone else (spec §6 selected user)', () => {
  it('offers the customer first, then each family member once', () => {
    expect(bookingPeople({ membershipUser: alex, membershipUsers: [alex, jordan, olivia] }).map((p) => p.id)).toEqual([51, 52, 53]);
    expect(bookingPeople({ membershipUser: alex, membershipUsers: [olivia] }).map((p) => p.id)).toEqual([51, 53]);
    expect(bookingPeople(undefined)).toEqual([]);
  });

  it('books for the remembered family member, and for the customer when the id is theirs or unknown', () => {
    const people = [alex, jordan, olivia];
    expect(personFor(people, 53)).toBe(olivia);
    expect(personFor(people, null)).toBeNull();
    expect(personFor(people, 51)).toBeNull();
    // Another customer's family member remembered in this tab is never sent.
    expect(personFor(people, 999)).toBeNull();
    expect(personFor([], 53)).toBeNull();
  });
});

describe('ticket types (spec §3 fast ticket type)', () => {
  it('offers the ticket types of the entry’s own activity only', () => {
    expect(ticketChoices(swim, { pricingOptionId: 7 }).map((t) => t.name)).toEqual(['Adult', 'Junior', 'Concession']);
    expect(ticketChoices(swim, { pricingOptionId: 20 }).map((t) => t.id)).toEqual([20, 21]);
    expect(ticketChoices(swim, { pricingOptionId: 99 })).toEqual([]);
    expect(ticketChoices(undefined, { pricingOptionId: 7 })).toEqual([]);
  });

  it('asks only when there are two or more types', () => {
    expect(needsTicketChoice(ticketChoices(swim, { pricingOptionId: 7 }))).toBe(true);
    expect(needsTicketChoice([ticket(30, 'Standard', 650)])).toBe(false);
    expect(needsTicketChoice([])).toBe(false);
  });

  it('starts on the Junior ticket for a child, otherwise on the entry’s own', () => {
    const choices = ticketChoices(swim, { pricingOptionId: 7 });
    expect(defaultTicketId(choices, { pricingOptionId: 7 }, olivia)).toBe(8);
    expect(defaultTicketId(choices, { pricingOptionId: 7 }, jordan)).toBe(7);
    expect(defaultTicketId(choices, { pricingOptionId: 7 }, null)).toBe(7);
    expect(defaultTicketId([ticket(1, 'Adult', 750), ticket(2, 'Junior (14-17)', 450)], { pricingOptionId: 1 }, olivia)).toBe(2);
    expect(defaultTicketId([ticket(1, 'Adult', 750), ticket(3, 'Concession', 550)], { pricingOptionId: 1 }, olivia)).toBe(1);
  });
});
