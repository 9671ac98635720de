import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { GeneralErrorBoundary } from "~/components/error-page";
import { adminAuthContext } from "~/modules/admin/guards.server";
import {
  deliveryFigures,
  listNotifications,
  memberOptions,
  notificationStats,
  sendNotification,
} from "~/modules/notifications/notifications.server";
import { MAX_MESSAGE, MAX_TITLE, MEMBER_FILTERS, SEND_FAILED, SENT, type MemberFilter } from "~/modules/notifications/rules";
import { SendFormSchema } from "~/modules/notifications/schemas";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { History } from "./history";
import { SendForm } from "./send-form";
import "~/styles/admin-notify.css";

const PATH = "/admin/notifications";
/** Members listed with a checkbox; the rest of a filter are reached with "Tümünü seç". */
const MEMBERS_SHOWN = 500;

const filterOf = (value: string | null): MemberFilter =>
  (MEMBER_FILTERS as readonly string[]).includes(value ?? "") ? (value as MemberFilter) : "all";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  context.get(adminAuthContext);
  const filter = filterOf(url.searchParams.get("filter"));
  const [stats, history, picker, { flash, headers }] = await Promise.all([
    notificationStats(),
    listNotifications(),
    memberOptions(filter, MEMBERS_SHOWN),
    takeFlash(request),
  ]);
  const figures = await deliveryFigures(history.map((n) => n.id));
  return data(
    {
      stats,
      history: history.map((n) => ({ ...n, ...(figures[n.id] ?? { delivered: 0, read: 0, emailFailed: 0 }) })),
      members: picker.members,
      matching: picker.total,
      filter,
      flash,
      // A new key per form shown: a double submit of this form sends once.
      sendKey: randomUUID(),
      limits: { title: MAX_TITLE, message: MAX_MESSAGE },
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminAuthContext);
  return pageAction(await request.formData(), SendFormSchema, async (form) => {
    const { notification } = await sendNotification(
      admin.id,
      {
        title: form.title,
        message: form.message,
        type: form.type,
        recipients: form.select_all ? { filter: form.filter } : form.recipients,
        sendEmail: form.send_email,
        sendPush: form.send_push,
      },
      form.send_key,
    );
    throw redirect(`${PATH}#notification-${notification.id}`, { headers: await flashHeaders(SENT) });
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Bildirimler — Sofra Platform" }];

export default function AdminNotifications({ loaderData, actionData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const figures = [
    { label: "Toplam bildirim", value: stats.total },
    { label: "Gönderildi", value: stats.sent },
    { label: "Gönderiliyor", value: stats.pending },
    { label: "Başarısız", value: stats.failed },
    { label: "Ulaşılan alıcı", value: stats.recipients_reached },
    { label: "Okunma", value: stats.recipients_reached ? `%${Math.round((stats.read / stats.recipients_reached) * 100)}` : "—" },
    { label: "Gönderilen e-posta", value: stats.emails_sent },
    { label: "İletilemeyen e-posta", value: stats.emails_failed },
  ];
  return (
    <main className="admin-main admin-notify">
      <h1>Bildirimler</h1>
      {loaderData.flash ? (
        <p className="notice notice--success" role="status" data-testid="flash">
          {loaderData.flash}
        </p>
      ) : null}
      <ul className="admin-stats" aria-label="Bildirim istatistikleri">
        {figures.map((f) => (
          <li key={f.label}>
            <span className="admin-stat__value">{f.value}</span>
            <span className="muted">{f.label}</span>
          </li>
        ))}
      </ul>
      <SendForm
        key={loaderData.sendKey}
        members={loaderData.members}
        matching={loaderData.matching}
        filter={loaderData.filter}
        sendKey={loaderData.sendKey}
        limits={loaderData.limits}
        actionData={actionData}
      />
      <History items={loaderData.history} />
    </main>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage={SEND_FAILED} />;
