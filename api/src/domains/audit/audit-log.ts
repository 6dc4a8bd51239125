import { type AdminAuditEvent, type AdminAuditQuery, type Paginated, toPage } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';

type Row = {
  id: string;
  at: Date;
  admin_id: string;
  admin_email: string;
  action: string;
  method: string;
  route: string;
  params: Record<string, string>;
  status: number;
  impersonated_user_id: string | null;
  impersonated_email: string | null;
  total: string;
};

/** The audit log, newest first, paged; optionally one administrator's actions only. */
export async function listAdminAudit(db: Db, query: AdminAuditQuery): Promise<Paginated<AdminAuditEvent>> {
  const { rows } = await db.query<Row>(
    `SELECT e.id::text, e.at, e.admin_id, u.email AS admin_email, e.action, e.method, e.route, e.params, e.status,
            e.impersonated_user_id, i.email AS impersonated_email, count(*) OVER ()::text AS total
     FROM admin_audit_events e JOIN users u ON u.id = e.admin_id
     LEFT JOIN users i ON i.id = e.impersonated_user_id
     WHERE ($1::uuid IS NULL OR e.admin_id = $1)
     ORDER BY e.at DESC, e.id DESC
     LIMIT $2 OFFSET $3`,
    [query.adminId ?? null, query.size, query.offset],
  );
  const total = rows[0] ? Number(rows[0].total) : 0;
  return toPage(
    rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      adminId: row.admin_id,
      adminEmail: row.admin_email,
      action: row.action,
      method: row.method,
      route: row.route,
      params: Object.fromEntries(Object.entries(row.params).map(([key, value]) => [key, String(value)])),
      status: row.status,
      impersonatedUserId: row.impersonated_user_id,
      impersonatedUserEmail: row.impersonated_email,
    })),
    query.offset,
    query.size,
    total,
  );
}
