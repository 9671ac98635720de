import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { AppHeader } from "~/components/app/app-header";
import { FormError, useIsSubmitting } from "~/components/forms";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { homeOf } from "~/modules/auth/roles";
import { inboxAudienceOf, listInbox, markAllRead, markRead } from "~/modules/notifications/inbox.server";
import { ALL_MARKED_READ, MARKED_READ, TYPE_LABELS } from "~/modules/notifications/rules";
import { InboxFormSchema } from "~/modules/notifications/schemas";
import { formatClock, formatLongDate } from "~/utils/dates";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import "~/styles/notifications.css";

const PATH = "/app/notifications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const [items, { flash, headers }] = await Promise.all([listInbox(auth.restaurant.id, inboxAudienceOf(auth)), takeFlash(request)]);
  return data(
    {
      items,
      flash,
      timeZone: auth.restaurant.timezone,
      backTo: auth.mode === "manager" ? "/app/admin" : homeOf(auth),
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const audience = inboxAudienceOf(auth);
  return pageAction(await request.formData(), InboxFormSchema, async (form) => {
    if (form.intent === "read") {
      await markRead(auth.restaurant.id, audience, form.id);
      throw redirect(`${PATH}#notification-${form.id}`, { headers: await flashHeaders(MARKED_READ) });
    }
    await markAllRead(auth.restaurant.id, audience);
    throw redirect(PATH, { headers: await flashHeaders(ALL_MARKED_READ) });
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Bildirimler — Sofra" }];

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { items, timeZone } = loaderData;
  const unread = items.filter((i) => !i.is_read).length;
  const markingAll = useIsSubmitting("read-all");
  return (
    <>
      <AppHeader title="Bildirimler" backTo={loaderData.backTo} />
      <main className="app-main">
        <div className="container narrow stack">
          {loaderData.flash ? (
            <p className="notice notice--success" role="status" data-testid="flash">
              {loaderData.flash}
            </p>
          ) : null}
          <FormError errors={formErrorsOf(actionData)} />
          <div className="inbox-head">
            <h1>Bildirimler</h1>
            {unread > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="read-all" />
                <button type="submit" className="button" disabled={markingAll}>
                  Tümünü okundu işaretle
                </button>
              </Form>
            ) : null}
          </div>
          {items.length === 0 ? (
            <p className="card muted" data-testid="inbox-empty">
              Henüz bildiriminiz yok. Sofra ekibinin duyuruları burada görünür.
            </p>
          ) : (
            <ul className="inbox" aria-label="Bildirimler">
              {items.map((item) => (
                <li
                  key={item.id}
                  id={`notification-${item.id}`}
                  className={`card inbox__item${item.is_read ? "" : " inbox__item--unread"}`}
                  data-testid="inbox-item"
                  data-read={item.is_read ? "true" : "false"}
                >
                  <div className="inbox__meta">
                    <span className={`badge inbox__type inbox__type--${item.type}`}>{TYPE_LABELS[item.type]}</span>
                    {item.is_read ? null : <span className="badge inbox__new">Yeni</span>}
                    <time className="muted small" dateTime={item.created_at}>
                      {formatLongDate(item.created_at, timeZone)} {formatClock(item.created_at, timeZone)}
                    </time>
                  </div>
                  <h2 className="inbox__title">{item.title}</h2>
                  <p className="inbox__message">{item.message}</p>
                  {item.is_read ? null : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="read" />
                      <input type="hidden" name="id" value={item.id} />
                      <button type="submit" className="button button--small">
                        Okundu işaretle
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>
    </>
  );
}
