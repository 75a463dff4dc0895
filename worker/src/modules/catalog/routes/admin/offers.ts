import { Hono } from 'hono';
import { offerActiveSchema, offerInputSchema, offerOrderSchema } from '@shared/content-schemas';
import { idParamSchema } from '@shared/date-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { translate } from '../../../../platform/messages';
import { createOffer, listAdminOffers, reorderOffers, setOfferActive, updateOffer } from '../../offers-admin';
import { knownRoomType } from '../../known-room-type';

/**
 * /api/admin/offers (staff; the rules in modules/catalog/offers-admin.ts): list every offer, create, edit,
 * switch on/off, reorder. Each write and its audit line are one D1 batch.
 */
export const offersAdmin = new Hono<AppEnv>()
  .use(requireRole('staff'))
  .get('/', async (c) => c.json(await listAdminOffers(c.get('db'))))
  .post('/', knownRoomType(offerInputSchema), validate('json', offerInputSchema), async (c) => {
    const offer = await createOffer(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('offer_saved', c.get('language')), offer }, 201);
  })
  .put('/order', validate('json', offerOrderSchema), async (c) => {
    const offers = await reorderOffers(c.get('db'), c.get('user'), c.req.valid('json').ids);
    return c.json({ message: translate('offer_saved', c.get('language')), offers });
  })
  .put(
    '/:id',
    validate('param', idParamSchema),
    knownRoomType(offerInputSchema),
    validate('json', offerInputSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const offer = await updateOffer(c.get('db'), c.get('user'), id, c.req.valid('json'));
      return c.json({ message: translate('offer_saved', c.get('language')), offer });
    },
  )
  .patch('/:id/active', validate('param', idParamSchema), validate('json', offerActiveSchema), async (c) => {
    const { id } = c.req.valid('param');
    const offer = await setOfferActive(c.get('db'), c.get('user'), id, c.req.valid('json').isActive);
    return c.json({ message: translate('offer_saved', c.get('language')), offer });
  });
