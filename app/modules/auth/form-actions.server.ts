// The actions behind the login and signup forms of /login, /signup and /app.
// Each returns a redirect with the session cookie on success, or Conform's
// reply with a Turkish message and the right status; passwords are never
// echoed back to the browser.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { clientAddressContext } from "~/utils/request-context";
import { AccountError, requestMeta, signUp, verifyLogin } from "./accounts.server";
import { LoginSchema, type RegisterFormSchema, type SignupSchema } from "./schemas";
import { commitSessionCookie, commitTrustedDevice, createSession, readSessionToken, revokeSession } from "./sessions.server";
import { ThrottledError } from "./throttle.server";

const SECRET_FIELDS = ["password", "confirm_password"];

async function startSession(request: Request, user: { userId: number; restaurantId: number }, meta: ReturnType<typeof requestMeta>, to: string) {
  // Replace whatever session this browser had.
  await revokeSession(await readSessionToken(request));
  const token = await createSession({ userId: user.userId, restaurantId: user.restaurantId, ...meta });
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(token));
  // This browser now keeps its owner able to log in while others' guesses from its address are refused.
  headers.append("Set-Cookie", await commitTrustedDevice(request, user.userId));
  return redirect(to, { headers });
}

export async function loginFormAction(
  request: Request,
  formData: FormData,
  context: Readonly<RouterContextProvider>,
  redirectTo: string,
) {
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const meta = requestMeta(request, context.get(clientAddressContext));
  const { email, password } = submission.value;
  const authenticator = new Authenticator<{ id: number; restaurantId: number }>();
  authenticator.use(new FormStrategy(() => verifyLogin(email, password, meta)), "form");
  try {
    const user = await authenticator.authenticate("form", request);
    return await startSession(request, { userId: user.id, restaurantId: user.restaurantId }, meta, redirectTo);
  } catch (error) {
    if (error instanceof AccountError) {
      return data({ result: submission.reply({ formErrors: [error.message], hideFields: SECRET_FIELDS }) }, { status: error.status });
    }
    if (error instanceof ThrottledError) {
      return data(
        { result: submission.reply({ formErrors: [error.message], hideFields: SECRET_FIELDS }) },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    throw error;
  }
}

export async function signupFormAction(
  request: Request,
  formData: FormData,
  context: Readonly<RouterContextProvider>,
  schema: typeof SignupSchema | typeof RegisterFormSchema,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const meta = requestMeta(request, context.get(clientAddressContext));
  try {
    const created = await signUp(submission.value, meta);
    return await startSession(request, created, meta, "/app/welcome");
  } catch (error) {
    if (error instanceof AccountError) {
      const reply = error.field
        ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields: SECRET_FIELDS })
        : submission.reply({ formErrors: [error.message], hideFields: SECRET_FIELDS });
      return data({ result: reply }, { status: error.status });
    }
    if (error instanceof ThrottledError) {
      return data(
        { result: submission.reply({ formErrors: [error.message], hideFields: SECRET_FIELDS }) },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    throw error;
  }
}
