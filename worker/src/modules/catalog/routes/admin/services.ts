import { Hono } from 'hono';
import { serviceInputSchema } from '@shared/content-schemas';
import { idParamSchema } from '@shared/date-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { translate } from '../../../../platform/messages';
import { listAdminServices, updateService } from '../../services-admin';

/** /api/admin/services (staff; the rules in modules/catalog/services-admin.ts): list and edit the nearby services. */
export const servicesAdmin = new Hono<AppEnv>()
  .use(requireRole('staff'))
  .get('/', async (c) => c.json({ services: await listAdminServices(c.get('db')) }))
  .put('/:id', validate('param', idParamSchema), validate('json', serviceInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    const service = await updateService(c.get('db'), c.get('user'), id, c.req.valid('json'));
    return c.json({ message: translate('service_saved', c.get('language')), service });
  });
