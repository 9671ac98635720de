// The form and JSON sides of signing up: the /signup form and the register tab of /app, and
// POST /api/public/signup and /api/auth/register. Both open the account (onboarding.server.ts)
// and start a session the way logging in does (auth's startSession and tokenPayload).
import type { RouterContextProvider } from "react-router";
import { requestMeta } from "~/modules/auth/accounts.server";
import { tokenPayload } from "~/modules/auth/api.server";
import { SECRET_FIELDS, startSession } from "~/modules/auth/form-actions.server";
import { createSession } from "~/modules/auth/sessions.server";
import { readJson } from "~/utils/http.server";
import { pageAction } from "~/utils/page-action.server";
import { clientAddressContext } from "~/utils/request-context";
import { SignupSchema, type RegisterFormSchema } from "./onboarding-schemas";
import { signUp } from "./onboarding.server";

export async function signupFormAction(
  request: Request,
  formData: FormData,
  context: Readonly<RouterContextProvider>,
  schema: typeof SignupSchema | typeof RegisterFormSchema,
) {
  return pageAction(
    formData,
    schema,
    async (input) => {
      const meta = requestMeta(request, context.get(clientAddressContext));
      const created = await signUp(input, meta);
      return startSession(request, created, meta, "/app/welcome");
    },
    { hideFields: SECRET_FIELDS },
  );
}

export async function apiSignup(request: Request, context: Readonly<RouterContextProvider>) {
  const input = await readJson(request, SignupSchema);
  const meta = requestMeta(request, context.get(clientAddressContext));
  const created = await signUp(input, meta);
  const token = await createSession({ ...created, ...meta });
  return Response.json(await tokenPayload(token), { status: 201 });
}
