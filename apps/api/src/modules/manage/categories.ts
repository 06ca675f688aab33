import type { CreateCategoryRequest, ManageCategory, UpdateCategoryRequest } from '@app/contract/manage/categories';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { getVenue } from '../venues/service.ts';
import type { Manager } from './manager.ts';
import * as repo from './repository.ts';

/**
 * The operator's activity categories and their activities (issue 26, docs/operator-tools.md
 * "Activities and categories"): a category (a root: how it is booked) and its activities (its
 * children, of the same kind); create, rename, show at or hide from a venue (its
 * category_locations rows). Each change is one transaction with its operator_changes row at the
 * venue; the catalogue triggers (0007) bump the catalogue version, so the bookings site's kept
 * category lists are rebuilt on every instance's next request.
 */

export const CATEGORY_NOT_FOUND = 'We couldn\u2019t find that category.';
const V1_OF = { classes: 'class_templates', resources: 'ad_hoc_templates', ticketed: 'fast_ticket_templates' } as const;

/** 'Yoga & Stretch!' → 'yoga-stretch' (a slug the catalogue's CHECK allows), 'category' when nothing is left. */
export const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '') || 'category';

const uniqueSlug = async (db: Db, clientId: number, name: string) => {
  const base = slugOf(name);
  const taken = new Set(await repo.categorySlugsLike(db, clientId, base));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
};

export const categoriesAt = async (db: Db, manager: Manager, venueSlug: string): Promise<ManageCategory[]> => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const rows = await repo.categoriesOfClient(db, manager.clientId, venue.id);
  const base = (row: repo.CategoryRow) => ({ id: row.id, slug: row.slug, name: row.name, short_description: row.short_description, offered: row.offered });
  return rows.filter((row) => row.parent_id === null).map((root) => ({ ...base(root), kind: root.v2_type, children: rows.filter((row) => row.parent_id === root.id).map(base) }));
};

/** The change with its English summary and the names and numbers the changes page words it from in another language (change-summary.ts). */
const record = (db: Db, manager: Manager, venueId: number, action: 'category_created' | 'category_changed', summary: string, detail: Record<string, unknown>) =>
  repo.insertChange(db, { client_id: manager.clientId, venue_id: venueId, occurrence_id: null, actor_user_id: manager.userId, action, reason: null, detail: { summary, ...detail } });

const findOrFail = async (db: Db, manager: Manager, categoryId: number, lock = false) => {
  const category = await repo.findCategory(db, manager.clientId, categoryId, lock);
  if (!category) throw notFound('category_not_found', CATEGORY_NOT_FOUND);
  return category;
};

/** A category or an activity of one, made and offered at the venue (an activity's category too). */
export const createCategory = async (db: Db, manager: Manager, venueSlug: string, body: CreateCategoryRequest) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const created = await inTransaction(db, async (trx) => {
    const parent = body.parent_id === null ? null : await repo.findCategory(trx, manager.clientId, body.parent_id, true);
    if (body.parent_id !== null && (!parent || parent.parent_id !== null)) {
      throw unprocessable('invalid_parent', 'The given data was invalid.', { parent_id: ['Must be one of this operator\u2019s categories'] });
    }
    const kind = parent ? parent.v2_type : body.kind!;
    const slug = await uniqueSlug(trx, manager.clientId, body.name);
    const { id } = await repo.insertCategory(trx, {
      client_id: manager.clientId,
      parent_id: parent?.id ?? null,
      slug,
      name: body.name,
      short_description: body.short_description ?? null,
      v1_type: parent ? parent.v1_type : kind ? V1_OF[kind as keyof typeof V1_OF] : null,
      v2_type: kind,
      browse_by_name: parent?.browse_by_name ?? 'location',
      allows_guests: parent?.allows_guests ?? false,
      sort_order: await repo.nextCategorySortOrder(trx, manager.clientId, parent?.id ?? null),
    });
    await repo.offerCategories(trx, venue.id, parent ? [parent.id, id] : [id]);
    const summary = parent ? `${body.name} (an activity of ${parent.name})` : `${body.name} (booked as ${kind})`;
    await record(trx, manager, venue.id, 'category_created', summary, { category_id: id, slug, parent_id: parent?.id ?? null, name: body.name, parent_name: parent?.name ?? null, kind });
    return { name: body.name };
  });
  return { data: await categoriesAt(db, manager, venueSlug), message: `${created.name} is made and offered at ${venue.name}.` };
};

/** Rename (and its short description); the slug stays. */
export const updateCategory = async (db: Db, manager: Manager, venueSlug: string, categoryId: number, body: UpdateCategoryRequest) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  await inTransaction(db, async (trx) => {
    const from = await findOrFail(trx, manager, categoryId, true);
    if (from.name === body.name && (from.short_description ?? null) === body.short_description) throw unprocessable('nothing_changed', 'Nothing was changed: the category already has these.');
    await repo.renameCategory(trx, categoryId, body);
    const summary = from.name === body.name ? `${from.name}: short description` : `${from.name} \u2192 ${body.name}`;
    await record(trx, manager, venue.id, 'category_changed', summary, { category_id: categoryId, from: { name: from.name, short_description: from.short_description }, to: body });
  });
  return { data: await categoriesAt(db, manager, venueSlug), message: 'Saved.' };
};

/**
 * Shows the category at the venue or hides it. Hiding a category hides its activities with it;
 * showing an activity shows its category too (else the bookings site could not reach it). Bookings
 * already made stay; the bookings site no longer lists what is hidden.
 */
export const setCategoryOffered = async (db: Db, manager: Manager, venueSlug: string, categoryId: number, offered: boolean) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const summary = await inTransaction(db, async (trx) => {
    const category = await findOrFail(trx, manager, categoryId, true);
    const changed = offered
      ? await repo.offerCategories(trx, venue.id, category.parent_id === null ? [category.id] : [category.parent_id, category.id])
      : await repo.hideCategories(trx, venue.id, [category.id, ...(category.parent_id === null ? await repo.childCategoryIds(trx, manager.clientId, category.id) : [])]);
    if (changed === 0) throw unprocessable('nothing_changed', offered ? 'Nothing was changed: it is already offered here.' : 'Nothing was changed: it is already hidden here.');
    const words = offered ? `${category.name} shown here` : `${category.name} hidden here${changed > 1 ? ` (with ${changed - 1} of its activities)` : ''}`;
    await record(trx, manager, venue.id, 'category_changed', words, { category_id: categoryId, name: category.name, offered, rows: changed });
    return words;
  });
  return { data: await categoriesAt(db, manager, venueSlug), message: `${summary}.` };
};
