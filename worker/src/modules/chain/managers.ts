import type { SessionUser } from '@shared/auth-schemas';
import type { ChainManagers } from '@shared/chain-schemas';
import { ApiError } from '../../platform/api-error';
import { audit } from '../../platform/audit';
import type { Db, Env } from '../../platform/env';
import { rootEnv } from '../../platform/hotels';
import { hasRole } from '../../platform/roles';
import {
  accountByEmail,
  chainDb,
  chainManagerRows,
  chainRolesOf,
  grantChainManager,
  revokeChainManager,
} from './chain-database';
import { pushHotel } from './push';

/**
 * The chain manager's role (docs/decisions/103, "Staff"): a role of the chain (`chain_roles`), not
 * of a hotel, that reads the chain's reports and searches its guest index. Only the deployment's
 * admin (the worker's ADMIN_EMAIL, with the admin role) gives and takes it: a hotel's own admin
 * rules their hotel alone, and a chain manager may not make more of themselves.
 */

/** The deployment's admin: the worker's ADMIN_EMAIL (not a hotel's setting), with the admin role. */
export function isDeploymentAdmin(env: Env, user: SessionUser): boolean {
  return hasRole(user, 'admin') && user.email === rootEnv(env).ADMIN_EMAIL.trim().toLowerCase();
}

/** Whether a user reads the chain's reports and guests: the deployment's admin or a chain manager. */
export async function readsTheChain(env: Env, user: SessionUser): Promise<boolean> {
  return (
    isDeploymentAdmin(env, user) || (await chainRolesOf(chainDb(env), user.email)).includes('chain_manager')
  );
}

/** The chain's managers, and whether this user may give and take the role. */
export async function listChainManagers(env: Env, user: SessionUser): Promise<ChainManagers> {
  return { managers: await chainManagerRows(chainDb(env)), canGrant: isDeploymentAdmin(env, user) };
}

/**
 * Gives an account of the chain the chain manager's role (an account this hotel has not pushed yet
 * is pushed first). True when it changed something; the same grant again changes nothing. The audit
 * line is this hotel's (where the admin acted), written after the chain's row: the two are in two
 * databases, so no batch holds both; a grant whose line failed is answered 500 and, asked again,
 * answered "already" without its line (the chain's row is the record of the role).
 */
export async function grantChainManagerRole(
  env: Env,
  db: Db,
  actor: SessionUser,
  email: string,
): Promise<boolean> {
  const chain = chainDb(env);
  if (email === rootEnv(env).ADMIN_EMAIL.trim().toLowerCase()) throw new ApiError(409, 'admin_role_fixed');
  if (!(await accountByEmail(chain, email))) {
    await pushHotel(env);
    if (!(await accountByEmail(chain, email))) throw new ApiError(404, 'account_not_in_chain');
  }
  const changed = await grantChainManager(chain, email);
  if (changed) {
    await audit(db, actor, 'chain_manager.grant', 'chain_role', email, null, {
      email,
      role: 'chain_manager',
    });
  }
  return changed;
}

/** Takes the role from an e-mail (its account may be gone). True when it had it. */
export async function revokeChainManagerRole(
  env: Env,
  db: Db,
  actor: SessionUser,
  email: string,
): Promise<boolean> {
  const changed = await revokeChainManager(chainDb(env), email);
  if (changed) {
    await audit(
      db,
      actor,
      'chain_manager.revoke',
      'chain_role',
      email,
      { email, role: 'chain_manager' },
      null,
    );
  }
  return changed;
}
