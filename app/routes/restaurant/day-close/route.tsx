import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { PrintButton } from "~/components/app/print-button";
import { Field, FormError, SelectField, useIsSubmitting } from "~/components/forms";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { closeDay, closedDay, dayPreview, recentCloses } from "~/modules/day-close/day-close.server";
import { dateText, hourText, MAX_CLOSE_NOTE } from "~/modules/day-close/rules";
import { businessDateField, CloseDayFormSchema } from "~/modules/day-close/schemas";
import { newClientOrderId } from "~/utils/client-order-id";
import { DomainError } from "~/utils/domain-error";
import { formatClock, formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageAction } from "~/utils/page-action.server";
import { fieldErrorsOf, formErrorsOf } from "~/utils/page-reply";
import { DayFiguresView } from "./figures";
import "~/styles/paper.css";
import "./day-close.css";

// Gün sonu (issue 22, decision 088): the business day so far, the open tables that block it, the
// cash count and the close; a closed day (?date=) as it was closed, printed on A4 or on the 80 mm
// printer (&print=80). A plain form: it works without JavaScript.
const PATH = "/app/day-close";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const date = url.searchParams.get("date");
  const closes = await recentCloses(restaurant.id);
  if (date !== null) {
    const parsed = businessDateField.safeParse(date);
    if (!parsed.success) throw data({ message: "Gün bulunamadı." }, { status: 404 });
    const close = await closedDay(restaurant.id, parsed.data).catch((error: unknown) => {
      if (error instanceof DomainError) throw data({ message: error.message }, { status: error.status });
      throw error;
    });
    return { mode: "closed" as const, close, closes, restaurant: restaurant.name, paper: url.searchParams.get("print") === "80" };
  }
  return {
    mode: "open" as const,
    preview: await dayPreview(restaurant.id),
    closes,
    restaurant: restaurant.name,
    key: newClientOrderId(),
    paper: false,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  return pageAction(await request.formData(), CloseDayFormSchema, async (form) => {
    const close = await closeDay(actorOf(auth), {
      countedCash: form.counted_cash,
      date: form.date ?? null,
      carryOver: form.carry_over,
      note: form.note ?? null,
      key: form.key ?? null,
    });
    throw redirect(`${PATH}?date=${close.business_date}`);
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Gün sonu — Sofra" }];

export default function DayClose({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "closed" && loaderData.paper) {
    const { close } = loaderData;
    return (
      <main className="paper-page">
        <div className="print-controls">
          <Link to={`${PATH}?date=${close.business_date}`} className="button">
            Gün sonuna dön
          </Link>
          <PrintButton />
        </div>
        <article className="paper" aria-label="Gün sonu fişi">
          <h1>{loaderData.restaurant}</h1>
          <p>GÜN SONU · {dateText(close.business_date)}</p>
          <p>Kapatan: {close.closed_by}</p>
          <DayFiguresView f={close.figures} closed level={2} />
          {close.note ? <p>Not: {close.note}</p> : null}
        </article>
      </main>
    );
  }
  return (
    <>
      <AppHeader heading title="Gün sonu" backTo="/app/admin" />
      <main className="app-main day-close-main">
        <div className="container stack">
          {/* On A4 the app's header is left off: the paper names the restaurant itself. */}
          <p className="day-close-print-title m-0">{loaderData.restaurant} · Gün sonu</p>
          {loaderData.mode === "closed" ? (
            <section className="card stack" aria-labelledby="closed-title">
              <h2 id="closed-title" className="m-0">
                {dateText(loaderData.close.business_date)} kapatıldı
              </h2>
              <p className="m-0 muted">
                {loaderData.close.closed_by} · {formatLongDate(loaderData.close.closed_at, loaderData.close.figures.time_zone)}{" "}
                {formatClock(loaderData.close.closed_at, loaderData.close.figures.time_zone)}
                {loaderData.close.note ? ` · Not: ${loaderData.close.note}` : ""}
              </p>
              <p className="cluster day-close-controls m-0">
                <PrintButton />
                <Link className="button" to={`${PATH}?date=${loaderData.close.business_date}&print=80`}>
                  80 mm fiş
                </Link>
                <Link className="button" to={PATH}>
                  Bugün
                </Link>
              </p>
              <DayFiguresView f={loaderData.close.figures} closed />
            </section>
          ) : (
            <OpenDay preview={loaderData.preview} formKey={loaderData.key} actionData={actionData} />
          )}
          <CloseHistory closes={loaderData.closes} />
        </div>
      </main>
    </>
  );
}

function OpenDay({
  preview,
  formKey,
  actionData,
}: {
  preview: Awaited<ReturnType<typeof dayPreview>>;
  formKey: string;
  actionData: unknown;
}) {
  const busy = useIsSubmitting("close");
  const blocked = preview.open_tables.length > 0;
  return (
    <section className="card stack" aria-labelledby="today-title">
      <h2 id="today-title" className="m-0">
        İş günü {dateText(preview.business_date)}
      </h2>
      <p className="muted small m-0">
        İş günü {hourText(preview.figures.day_start_hour)}&apos;te başlar (Ayarlar). Aşağıdakiler son gün sonundan bu yana alınan
        ödemelerdir.
      </p>
      {preview.already_closed ? (
        <p className="notice notice--info m-0">
          Bu iş günü kapatıldı. Sonra alınan ödemeler bir sonraki gün sonunda sayılır.{" "}
          <Link to={`${PATH}?date=${preview.business_date}`}>Kapanışı göster</Link>
        </p>
      ) : null}
      {blocked ? (
        <div className="notice notice--warning m-0">
          <p className="m-0" id="open-tables-note">
            Açık masalar gün sonunu engelliyor: önce ödeyin, taşıyın ya da iptal edin; ya da bir notla sonraki güne devredin.
          </p>
          <ul className="cluster list-plain day-close-tables">
            {preview.open_tables.map((t) => (
              <li key={t.number}>
                <Link className="button" to={`/app/payments?table=${t.number}`}>
                  Masa {t.number} · {formatMoney(t.remaining)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DayFiguresView f={preview.figures} closed={false} />
      {preview.closable_dates.length === 0 ? null : (
        <Form method="post" className="form day-close-form">
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="key" value={formKey} />
          <FormError errors={formErrorsOf(actionData)} />
          {preview.closable_dates.length > 1 ? (
            <SelectField
              label="Kapatılacak iş günü"
              selectProps={{ id: "date", name: "date", defaultValue: preview.default_date ?? undefined }}
              options={preview.closable_dates.map((d) => ({ value: d, label: dateText(d) }))}
              errors={fieldErrorsOf(actionData, "date")}
            />
          ) : (
            <input type="hidden" name="date" value={preview.closable_dates[0]} />
          )}
          <Field
            label="Kasada sayılan nakit (₺)"
            inputProps={{ name: "counted_cash", id: "counted_cash", inputMode: "decimal", autoComplete: "off", required: true }}
            errors={fieldErrorsOf(actionData, "counted_cash")}
            hint={`Beklenen: ${formatMoney(preview.figures.cash.expected)}. Fark kapanışta kaydedilir.`}
          />
          <Field
            label={blocked ? "Not (devredilen masalar için zorunlu)" : "Not (isteğe bağlı)"}
            inputProps={{ name: "note", id: "note", maxLength: MAX_CLOSE_NOTE, autoComplete: "off" }}
            errors={fieldErrorsOf(actionData, "note")}
          />
          {blocked ? (
            <label className="settings-toggle" id="close-blocked">
              <input type="checkbox" name="carry_over" />
              <span>Açık masaları sonraki güne devret</span>
            </label>
          ) : null}
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            aria-describedby={blocked ? "open-tables-note" : undefined}
          >
            Günü kapat
          </button>
        </Form>
      )}
    </section>
  );
}

function CloseHistory({ closes }: { closes: Awaited<ReturnType<typeof recentCloses>> }) {
  if (closes.length === 0) return null;
  return (
    <section className="card stack day-close-history" aria-labelledby="history-title">
      <h2 id="history-title" className="m-0">
        Önceki gün sonları
      </h2>
      <ul className="list-plain stack">
        {closes.map((c) => (
          <li key={c.id} className="cluster cluster--between">
            <Link to={`${PATH}?date=${c.business_date}`}>{dateText(c.business_date)}</Link>
            <span>
              {formatMoney(c.revenue)} · fark {formatMoney(c.cash_difference)} · {c.closed_by}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
