import { asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import type { ServiceInput } from '@shared/content-schemas';
import { services, type Service } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';

/**
 * Staff: the nearby services the services panel shows (modules/catalog/routes/admin/services.ts):
 * names, descriptions, category, distance, contacts, on/off. Each save and its audit
 * line (with the exact row before) are one D1 batch. Photos are not edited here.
 */

function adminService(s: Service) {
  return {
    id: s.id,
    slug: s.slug,
    category: s.category,
    nameAr: s.nameAr,
    nameEn: s.nameEn,
    descriptionAr: s.descriptionAr,
    descriptionEn: s.descriptionEn,
    distanceMeters: s.distanceMeters,
    walkMinutes: s.walkMinutes,
    contact: s.contact,
    isActive: s.isActive,
    menuImages: s.menuImages,
  };
}

const serviceJson = (id: number) => sql`(select json_object(
  'category', category, 'nameAr', name_ar, 'nameEn', name_en, 'descriptionAr', description_ar,
  'descriptionEn', description_en, 'distanceMeters', distance_meters, 'walkMinutes', walk_minutes,
  'contact', json(contact), 'isActive', json(case when is_active then 'true' else 'false' end)
) from ${services} where id = ${id})`;

/** Every service, in the panel's order. */
export async function listAdminServices(db: Db) {
  const rows = await db.select().from(services).orderBy(asc(services.sortOrder), asc(services.id));
  return rows.map(adminService);
}

/** A service edited (404 if there is none); the audit line keeps the row as it was. */
export async function updateService(db: Db, actor: SessionUser, id: number, input: ServiceInput) {
  // Empty contact fields are dropped: the panel shows only the contacts a service has.
  const contact = Object.fromEntries(Object.entries(input.contact).filter(([, v]) => v));
  const values = { ...input, contact, updatedAt: new Date() };
  const [, updated] = await db.batch([
    insertWhere(
      db,
      auditLog,
      {
        ...auditEntry(actor, 'service.update', 'service', id, null, { ...input, contact }),
        before: serviceJson(id),
      },
      sql`exists (select 1 from ${services} where id = ${id})`,
    ),
    db.update(services).set(values).where(eq(services.id, id)).returning(),
  ]);
  const row = updated[0];
  if (!row) throw new ApiError(404, 'service_not_found');
  return adminService(row);
}
