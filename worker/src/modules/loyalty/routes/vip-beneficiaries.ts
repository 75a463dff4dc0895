import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { beneficiarySchema, vipUseSchema } from '@shared/vip-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { translate } from '../../../platform/messages';
import { addBeneficiary, editBeneficiary, listBeneficiaries, useBenefit } from '../vip';

/** /api/vip-beneficiaries: VIP card holders and their benefits (modules/loyalty/vip.ts); staff only. */
export const vip = new Hono<AppEnv>()
  .use(requireRole('staff'))
  .get('/', async (c) => {
    const rows = await listBeneficiaries(c.get('db'));
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  })
  .post('/', validate('json', beneficiarySchema), async (c) => {
    const beneficiary = await addBeneficiary(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('beneficiary_added', c.get('language')), beneficiary }, 201);
  })
  .put('/:id', validate('param', idParamSchema), validate('json', beneficiarySchema), async (c) => {
    const { id } = c.req.valid('param');
    const beneficiary = await editBeneficiary(c.get('db'), c.get('user'), id, c.req.valid('json'));
    return c.json({ message: translate('beneficiary_updated', c.get('language')), beneficiary });
  })
  .post('/:id/use', validate('param', idParamSchema), validate('json', vipUseSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { kind, roomType } = c.req.valid('json');
    const beneficiary = await useBenefit(c.get('db'), c.get('user'), id, kind, roomType);
    return c.json({ message: translate('benefit_recorded', c.get('language')), beneficiary });
  });
