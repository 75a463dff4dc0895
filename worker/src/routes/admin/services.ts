import { asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { serviceInputSchema } from '../../../../shared/src/content-schemas';
import { idParamSchema } from '../../../../shared/src/date-schemas';
import { services, type Service } from '../../db/schema/catalog';
import { auditLog } from '../../db/schema/operations';
import type { AppEnv } from '../../env';
import { insertWhere } from '../../lib/atomic';
import { auditEntry } from '../../lib/audit';
import { requireRole } from '../../http/auth';
import { ApiError } from '../../lib/errors';
import { translate } from '../../lib/messages';
import { validate } from '../../http/validation';

/**
 * Staff: the nearby services the services panel shows (issue 14): names,
 * descriptions, category, distance, contacts, on/off. Each save and its audit
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

export const servicesAdmin = new Hono<AppEnv>()
  .use(requireRole('staff'))
  .get('/', async (c) => {
    const rows = await c.get('db').select().from(services).orderBy(asc(services.sortOrder), asc(services.id));
    return c.json({ services: rows.map(adminService) });
  })
  .put('/:id', validate('param', idParamSchema), validate('json', serviceInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const db = c.get('db');
    const actor = c.get('user');
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
    return c.json({ message: translate('service_saved', c.get('language')), service: adminService(row) });
  });
