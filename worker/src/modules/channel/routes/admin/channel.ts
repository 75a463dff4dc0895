import { Hono } from 'hono';
import { channelMappingsSchema, channelSettingSchema } from '@shared/channel-schemas';
import { audit } from '../../../../platform/audit';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { knowsOwnCodes } from '../../channel-config';
import { readMappings, writeMappings } from '../../mappings';
import { latestRevisions } from '../../revisions';
import { originOf } from '../../sender';
import { channelStatus, queueFullSync, setChannelEnabled } from '../../status';

/**
 * /api/admin/channel: the channel manager link's status and latest revisions (managers and
 * admins), its on/off setting (admins); /mappings: our room types and plans as the channel
 * manager names them (read: managers, write: admins); /full-sync: every night of the next 500
 * days sent again (admins). Each write has its audit line in its batch, and the sender runs right
 * after it.
 */
export const channelAdmin = new Hono<AppEnv>()
  .get('/', requireRole('manager'), async (c) => {
    const db = c.get('db');
    const [status, revisions] = await Promise.all([
      channelStatus(c.env, db, originOf(c.env, c.req.raw)),
      latestRevisions(db),
    ]);
    return c.json({ ...status, revisions });
  })
  .put('/', requireRole('admin'), validate('json', channelSettingSchema), async (c) => {
    await setChannelEnabled(c.get('db'), c.get('user'), c.req.valid('json').enabled);
    return c.json({ message: translate('channel_settings_saved', c.get('language')) });
  })
  .get('/mappings', requireRole('manager'), async (c) =>
    c.json(await readMappings(c.get('db'), knowsOwnCodes(c.env))),
  )
  .put('/mappings', requireRole('admin'), validate('json', channelMappingsSchema), async (c) => {
    const db = c.get('db');
    const next = c.req.valid('json');
    await writeMappings(db, next, audit(db, c.get('user'), 'channel.mappings', 'channel', 1, null, next));
    return c.json({
      message: translate('channel_settings_saved', c.get('language')),
      ...(await readMappings(db, knowsOwnCodes(c.env))),
    });
  })
  .post('/full-sync', requireRole('admin'), async (c) => {
    await queueFullSync(c.get('db'), c.get('user'));
    return c.json({ message: translate('channel_full_sync_queued', c.get('language')) }, 202);
  });
