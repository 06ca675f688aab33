import type { Db } from '../../db/connect.ts';
import { forbidden } from '../../lib/errors.ts';
import { walkInAccountIds } from '../walk-ins/service.ts';
import * as lookupRepo from './repository.ts';
import { iso, type Staff } from './tills.ts';

/** Customer lookup and notes (docs/front-of-house.md "Customer lookup"). */

/** LIKE's own characters taken literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const searchCustomers = async (db: Db, staff: Staff, q: string) => {
  const text = q.trim().toLowerCase().replace(/\s+/g, ' ');
  const digits = text.replace(/\D/g, '');
  const [rows, walkIns] = await Promise.all([
    lookupRepo.search(db, staff.clientId, escapeLike(text), digits.length >= 4 && digits.length === text.replace(/[\s+()-]/g, '').length ? digits : null),
    walkInAccountIds(db, staff.clientId),
  ]);
  // The tills' walk-in accounts are not customers to find (one per till, so at most that many of the 20 go).
  return { data: rows.filter((row) => !walkIns.includes(row.account_user_id)) };
};

export const addNote = async (db: Db, staff: Staff, accountUserId: number, text: string) => {
  if (!(await lookupRepo.isCustomer(db, staff.clientId, accountUserId))) throw forbidden();
  const note = await lookupRepo.insertNote(db, { clientId: staff.clientId, accountUserId, staffUserId: staff.staffUserId, text });
  return { data: { id: note.id, text: note.text, staff: { id: staff.staffUserId, name: note.staff_name }, created_at: iso(note.created_at) } };
};
