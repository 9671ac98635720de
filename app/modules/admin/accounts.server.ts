// Platform-admin login. The same throttle rules as restaurant logins (decision 044): only one
// account from one address is ever refused; the account alone and the address alone only slow
// answers down, so nobody can lock the company's admins out from elsewhere.
import { prisma } from "~/utils/db.server";
import { AccountError, INVALID_CREDENTIALS, LOGIN_PAIR_LIMIT, type RequestMeta } from "~/modules/auth/accounts.server";
import { burnPasswordCheck, verifyPassword } from "~/modules/auth/password.server";
import { delayFor, hitCounter, releaseCounter, resetCounter, sleep, throttleKeys, ThrottledError } from "~/modules/auth/throttle.server";

export async function verifyAdminLogin(email: string, password: string, meta: RequestMeta) {
  const admin = await prisma.platformAdmin.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  const pairKey = throttleKeys.loginPair(email, meta.ipAddress);
  const pair = await hitCounter("admin_login", pairKey);
  if (pair.count > LOGIN_PAIR_LIMIT) throw new ThrottledError(pair.retryAfterSeconds);
  const account = await hitCounter("admin_login", throttleKeys.account(email));
  const address = meta.ipAddress ? await hitCounter("admin_login", throttleKeys.ip(meta.ipAddress)) : { count: 0 };
  const delay = Math.max(delayFor(pair.count, 3), delayFor(account.count, 10), delayFor(address.count, 20));
  if (delay > 0) await sleep(delay);

  const ok = admin ? await verifyPassword(admin.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!admin || !ok) throw new AccountError(401, INVALID_CREDENTIALS);
  await resetCounter("admin_login", pairKey);
  await releaseCounter("admin_login", throttleKeys.account(email));
  if (meta.ipAddress) await releaseCounter("admin_login", throttleKeys.ip(meta.ipAddress));
  await prisma.platformAdmin.update({ where: { id: admin.id }, data: { lastLoginAt: new Date() } });
  return { id: admin.id };
}
