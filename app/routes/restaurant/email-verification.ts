import { data, redirect } from "react-router";
import type { Route } from "./+types/email-verification";
import { resendVerificationMail } from "~/modules/account/email-verification.server";
import { VERIFICATION_SENT } from "~/modules/account/messages";
import { setVerificationNotice } from "~/modules/account/verification-notice.server";
import { findRestaurantSession, readSessionToken } from "~/modules/auth/sessions.server";
import { ROLE_FORBIDDEN } from "~/modules/auth/guards.server";
import { DomainError } from "~/utils/domain-error";
import { isDataRequest } from "~/utils/http.server";
import { safeReturnTo } from "~/utils/url";

/**
 * The e-mail banner's "send again" (owners only). With JavaScript the banner shows the answer in
 * place; without it, back to the page with the answer in the banner's own cookie.
 */
export async function action({ request }: Route.ActionArgs) {
  const lookup = await findRestaurantSession(await readSessionToken(request));
  if (lookup.status !== "ok") throw redirect("/app");
  const { user } = lookup.auth;
  if (!user.isOwner) throw data({ message: ROLE_FORBIDDEN }, { status: 403 });
  const form = await request.formData();
  const returnTo = safeReturnTo(form.get("return_to"));
  let status = 200;
  let message: string = VERIFICATION_SENT;
  try {
    await resendVerificationMail(user.id);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    status = error.status;
    message = error.message;
  }
  if (isDataRequest(request)) return data({ message, error: status !== 200 }, { status });
  throw redirect(returnTo, { headers: { "Set-Cookie": await setVerificationNotice(message, status !== 200) } });
}

export function loader() {
  throw redirect("/app");
}
