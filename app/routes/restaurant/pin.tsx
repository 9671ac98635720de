import { useEffect, useRef } from "react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/pin";
import { useHydrated } from "~/components/app/use-hydrated";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { MAX_PIN_LENGTH, PIN_INPUT, SHARED_TABLET_IDLE_NOTICE } from "~/modules/auth/pin-rules";
import { PinPadSchema } from "~/modules/auth/pin-schemas";
import { clearSessionCookie, commitSessionCookie, readSessionToken, revokeSession } from "~/modules/auth/sessions.server";
import { clearTabletCookie, findSharedDevice, signInWithPin } from "~/modules/auth/shared-device.server";
import { pageAction } from "~/utils/page-action.server";
import { fieldErrorsOf, formErrorsOf } from "~/utils/page-reply";
import { clientAddressContext } from "~/utils/request-context";

// The shared tablet's PIN screen (decision 071): a browser a manager made the restaurant's tablet
// lands here with no session; staff type their PIN (a plain form; with JavaScript, a digit pad
// fills the same field) and get a session of their own, bound to the device.

/** The device this browser is, or the way out: no device cookie → login; a revoked one → login, cookie cleared. */
async function deviceOrLeave(request: Request) {
  const device = await findSharedDevice(request);
  if (device === null) throw redirect("/app");
  if (device === "revoked") throw redirect("/app", { headers: { "Set-Cookie": await clearTabletCookie() } });
  return device;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const device = await deviceOrLeave(request);
  return {
    restaurantName: device.restaurantName,
    deviceName: device.name,
    notice: url.searchParams.has("idle")
      ? SHARED_TABLET_IDLE_NOTICE
      : url.searchParams.has("switched")
        ? "Oturum kapatıldı."
        : url.searchParams.has("ready")
          ? "Bu cihaz artık restoranın ortak tableti. Personel kendi PIN'iyle giriş yapabilir."
          : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const device = await deviceOrLeave(request);
  return pageAction(
    formData,
    PinPadSchema,
    async (form) => {
      const current = await readSessionToken(request);
      if (form.intent === "switch") {
        // "Kullanıcı değiştir", or the page's idle timer: whoever was signed in on this tablet is signed out.
        await revokeSession(current);
        throw redirect(form.reason === "idle" ? "/app/pin?idle=1" : "/app/pin?switched=1", {
          headers: { "Set-Cookie": await clearSessionCookie() },
        });
      }
      const token = await signInWithPin(device, form.pin, {
        ipAddress: context.get(clientAddressContext),
        userAgent: request.headers.get("user-agent"),
      });
      // The previous person's session on this tablet (if any) ends with the switch.
      await revokeSession(current);
      // Role selection sends a staff account straight to its own screen.
      throw redirect("/app/role-selection", { headers: { "Set-Cookie": await commitSessionCookie(token) } });
    },
    { hideFields: ["pin"] },
  );
}

// Too many wrong PINs answer 429 with Retry-After.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = () => [{ title: "PIN ile giriş — Sofra" }];

const PAD = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

export default function PinScreen({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const busy = useIsSubmitting("pin");
  const input = useRef<HTMLInputElement>(null);
  const pinErrors = fieldErrorsOf(actionData, "pin");
  // A refused PIN (with JavaScript the field keeps its value): empty again for the next try.
  useEffect(() => {
    if (actionData && input.current) input.current.value = "";
  }, [actionData]);
  const type = (digit: string) => {
    const field = input.current;
    if (!field || field.value.length >= MAX_PIN_LENGTH) return;
    field.value += digit;
    field.focus();
  };
  const clear = () => {
    if (input.current) input.current.value = "";
  };
  const erase = () => {
    const field = input.current;
    if (field) field.value = field.value.slice(0, -1);
  };
  return (
    <main className="auth-page">
      <div className="container narrow">
        <h1>{loaderData.restaurantName}</h1>
        <p className="muted">Ortak tablet · {loaderData.deviceName}</p>
        {loaderData.notice ? (
          <p className="form-notice" role="status">
            {loaderData.notice}
          </p>
        ) : null}
        <div className="card">
          <Form method="post" className="form" noValidate>
            <input type="hidden" name="intent" value="pin" />
            <FormError errors={formErrorsOf(actionData)} />
            <Field
              label="PIN"
              hint="Yöneticinizin verdiği 4–6 haneli PIN"
              errors={pinErrors}
              inputProps={{
                id: "pin",
                name: "pin",
                ...PIN_INPUT,
                required: true,
                autoFocus: true,
                // @ts-expect-error React 19 passes ref as a prop; Field spreads it onto the input.
                ref: input,
              }}
            />
            {hydrated ? (
              <div className="pin-pad" role="group" aria-label="Rakamlar">
                {PAD.map((digit) => (
                  <button key={digit} type="button" className="button pin-pad__key" onClick={() => type(digit)}>
                    {digit}
                  </button>
                ))}
                <button type="button" className="button pin-pad__key" onClick={erase} aria-label="Son rakamı sil">
                  ⌫
                </button>
                <button type="button" className="button pin-pad__key" onClick={() => type("0")}>
                  0
                </button>
                <button type="button" className="button pin-pad__key" onClick={clear} aria-label="PIN'i temizle">
                  C
                </button>
              </div>
            ) : null}
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? "Giriş yapılıyor…" : "Giriş Yap"}
            </button>
          </Form>
        </div>
        <p className="muted">
          Kendi telefonunuz mu var? <Link to="/app?email=1">E-posta ile giriş yapın</Link>
        </p>
      </div>
    </main>
  );
}
