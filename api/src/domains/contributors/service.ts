import {
  type Contributor,
  type ContributorListQuery,
  type Paginated,
  toPage,
  type createContributorRequestSchema,
  type updateContributorRequestSchema,
} from '@tunehouse/contracts';
import type { z } from 'zod';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import {
  type ContributorRecord,
  deleteContributor,
  findContributor,
  insertContributor,
  isContributorOnDeliveredRelease,
  listContributors,
  updateContributor,
} from './repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CONTRIBUTOR_ON_DELIVERED_RELEASE_MESSAGE =
  'This contributor is credited on a release that has been delivered to stores; take the release down first';

export function toContributor(record: ContributorRecord): Contributor {
  return {
    id: record.id,
    name: record.name,
    role: record.role,
    publisher: record.publisher,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** Contributors of the caller's account; another account's contributor is not found (404). */
export function createContributorService({
  db,
  releases = { isOnDeliveredRelease: isContributorOnDeliveredRelease },
}: {
  db: Db;
  releases?: { isOnDeliveredRelease: (q: Queryable, contributorId: string) => Promise<boolean> };
}) {
  const notFound = () => new ApiError(404, 'NOT_FOUND', 'No such contributor');
  const idOf = (id: string) => {
    if (!UUID.test(id)) throw notFound();
    return id.toLowerCase();
  };

  async function list(accountId: string, query: ContributorListQuery): Promise<Paginated<Contributor>> {
    const { contributors, total } = await listContributors(db, accountId, query);
    return toPage(contributors.map(toContributor), query.offset, query.size, total);
  }

  async function get(accountId: string, id: string): Promise<Contributor> {
    const contributor = await findContributor(db, accountId, idOf(id));
    if (!contributor) throw notFound();
    return toContributor(contributor);
  }

  async function create(
    accountId: string,
    body: z.output<typeof createContributorRequestSchema>,
  ): Promise<Contributor> {
    return toContributor(await insertContributor(db, accountId, body));
  }

  async function update(
    accountId: string,
    id: string,
    body: z.output<typeof updateContributorRequestSchema>,
  ): Promise<Contributor> {
    const updated = await updateContributor(db, accountId, idOf(id), body);
    if (!updated) throw notFound();
    return toContributor(updated);
  }

  async function remove(accountId: string, id: string): Promise<void> {
    await withTransaction(db, async (tx) => {
      const contributor = await findContributor(tx, accountId, idOf(id), { lock: true });
      if (!contributor) throw notFound();
      if (await releases.isOnDeliveredRelease(tx, contributor.id))
        throw new ApiError(409, 'CONFLICT', CONTRIBUTOR_ON_DELIVERED_RELEASE_MESSAGE);
      await deleteContributor(tx, contributor.id);
    });
  }

  return { list, get, create, update, remove };
}

export type ContributorService = ReturnType<typeof createContributorService>;
