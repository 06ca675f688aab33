import { type Kysely, sql } from 'kysely';

/**
 * A late-cancellation fee can be paid by card as well as from account credit, and either way it
 * is an order the customer sees under Payments with a receipt (docs/account-bookings.md
 * "Paying a late-cancellation fee"). A fee order has no cart; its lines name the fee instead of
 * a booking; a card attempt for fees has no cart either and says what it pays for.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE orders
      ALTER COLUMN cart_id DROP NOT NULL,
      ADD COLUMN kind text NOT NULL DEFAULT 'booking' CHECK (kind IN ('booking', 'late_fees')),
      ADD CONSTRAINT orders_cart_of_kind CHECK ((kind = 'booking') = (cart_id IS NOT NULL));

    ALTER TABLE order_lines
      ALTER COLUMN booking_id DROP NOT NULL,
      ADD COLUMN late_cancellation_fee_id integer UNIQUE REFERENCES late_cancellation_fees(id),
      ADD CONSTRAINT order_lines_booking_or_fee CHECK ((booking_id IS NULL) <> (late_cancellation_fee_id IS NULL));

    ALTER TABLE provider_transactions
      ALTER COLUMN cart_id DROP NOT NULL,
      ADD COLUMN purpose text NOT NULL DEFAULT 'cart' CHECK (purpose IN ('cart', 'late_fees')),
      ADD CONSTRAINT provider_transactions_cart_of_purpose CHECK ((purpose = 'cart') = (cart_id IS NOT NULL));

    -- The order that paid it (by card or credit); credit_entry_id stays the ledger row of a credit payment.
    ALTER TABLE late_cancellation_fees
      ADD COLUMN order_id integer REFERENCES orders(id),
      ADD CONSTRAINT late_cancellation_fees_paid_by CHECK (status = 'unpaid' OR credit_entry_id IS NOT NULL OR order_id IS NOT NULL);
  `.execute(db);
};
