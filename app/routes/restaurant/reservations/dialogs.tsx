import { Form, useLocation } from "react-router";
import { ConfirmDeleteDialog, DialogButtons } from "~/components/app/dialog-forms";
import { Modal } from "~/components/app/modal";
import { Field, FormError, SelectField } from "~/components/forms";
import {
  DELETE_FAILED,
  MAX_EMAIL,
  MAX_GUESTS,
  MAX_NAME,
  MAX_NOTES,
  MAX_PHONE,
  MIN_GUESTS,
  RESERVATION_STATUS_LABELS,
  RESERVATION_STATUSES,
  SAVE_FAILED,
  STALE,
} from "~/modules/reservations/rules";
import { fieldErrorsOf, formErrorsOf, submittedValue } from "~/utils/page-reply";
import { withParams } from "~/utils/url";
import type { ReservationView } from "~/modules/reservations/reservations.server";
import { formatDay } from "./reservation-list";
import { TableSelect, type TableChoiceGroup } from "./table-select";

const CLOSED = { new: null, edit: null, delete: null };

export function ReservationDialogs({
  reservations,
  creating,
  createKey,
  editing,
  deleting,
  today,
  tableGroups,
  actionData,
}: {
  reservations: ReservationView[];
  creating: boolean;
  createKey: string;
  editing: ReservationView | null;
  deleting: ReservationView | null;
  today: string;
  tableGroups: TableChoiceGroup[];
  actionData: unknown;
}) {
  const location = useLocation();
  const closeTo = withParams(location, CLOSED);
  const intent = submittedValue(actionData, "intent");
  // Only the form that was refused gets the reply's messages and values back.
  const replyFor = (name: string) => (intent === name ? actionData : undefined);
  // A refused form shows again even when the page's address lost its dialog (a post from elsewhere).
  const refused =
    intent === "update" || intent === "delete" ? reservations.find((r) => String(r.id) === submittedValue(actionData, "id")) : undefined;
  if (deleting || (intent === "delete" && refused))
    return <DeleteDialog reservation={(deleting ?? refused)!} closeTo={closeTo} actionData={replyFor("delete")} />;
  if (editing || (intent === "update" && refused)) {
    const reservation = (editing ?? refused)!;
    // A new version (saved elsewhere) starts the form again from what is stored.
    return (
      <ReservationDialog
        key={reservation.version}
        reservation={reservation}
        today={today}
        tableGroups={tableGroups}
        closeTo={closeTo}
        actionData={replyFor("update")}
      />
    );
  }
  if (creating || intent === "create")
    return (
      <ReservationDialog createKey={createKey} today={today} tableGroups={tableGroups} closeTo={closeTo} actionData={replyFor("create")} />
    );
  return null;
}

function ReservationDialog({
  reservation,
  createKey,
  today,
  tableGroups,
  closeTo,
  actionData,
}: {
  reservation?: ReservationView;
  createKey?: string;
  today: string;
  tableGroups: TableChoiceGroup[];
  closeTo: string;
  actionData: unknown;
}) {
  const intent = reservation ? "update" : "create";
  const formErrors = formErrorsOf(actionData);
  // After a 409 about the version the stored values show (the message asks to look at them), not the refused ones.
  const stale = formErrors?.includes(STALE) ?? false;
  const value = (name: string, fallback: string) => (stale ? undefined : submittedValue(actionData, name)) ?? fallback;
  const errors = (name: string) => fieldErrorsOf(actionData, name);
  const own = fieldErrorsOf(actionData, "");
  const text = (name: string, max: number, fallback: string, extra: Record<string, unknown> = {}) => ({
    name,
    id: `reservation-${name}`,
    maxLength: max,
    defaultValue: value(name, fallback),
    ...extra,
  });
  return (
    <Modal title={reservation ? "Rezervasyonu düzenle" : "Yeni rezervasyon"} closeTo={closeTo}>
      <Form method="post" className="form" data-testid="reservation-form" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {reservation ? (
          <>
            <input type="hidden" name="id" value={reservation.id} />
            <input type="hidden" name="version" value={reservation.version} />
          </>
        ) : (
          <input type="hidden" name="create_key" value={createKey} />
        )}
        {/* The spec's message first, then what exactly was refused (the clash, the version). */}
        <FormError errors={formErrors ? [SAVE_FAILED, ...(own ?? [])] : undefined} />
        <Field
          label="Müşteri adı"
          inputProps={text("customer_name", MAX_NAME, reservation?.customer_name ?? "", { required: true, autoComplete: "off" })}
          errors={errors("customer_name")}
        />
        <div className="form-row">
          <Field
            label="Telefon"
            inputProps={text("customer_phone", MAX_PHONE, reservation?.customer_phone ?? "", {
              required: true,
              type: "tel",
              inputMode: "tel",
            })}
            errors={errors("customer_phone")}
          />
          <Field
            label="E-posta (isteğe bağlı)"
            inputProps={text("customer_email", MAX_EMAIL, reservation?.customer_email ?? "", { type: "email" })}
            errors={errors("customer_email")}
          />
        </div>
        <div className="form-row">
          <Field
            label="Tarih"
            inputProps={{
              name: "date",
              id: "reservation-date",
              type: "date",
              required: true,
              // An existing reservation may be in the past (marking it completed); a new one may not.
              min: reservation ? undefined : today,
              defaultValue: value("date", reservation?.date ?? today),
            }}
            errors={errors("date")}
          />
          <Field
            label="Saat"
            inputProps={{
              name: "time",
              id: "reservation-time",
              type: "time",
              required: true,
              defaultValue: value("time", reservation?.time ?? ""),
            }}
            errors={errors("time")}
          />
        </div>
        <div className="form-row">
          <TableSelect
            groups={tableGroups}
            current={reservation?.table_number ?? null}
            defaultValue={value("table_number", reservation ? String(reservation.table_number) : "")}
            errors={errors("table_number")}
          />
          <Field
            label="Kişi sayısı"
            inputProps={{
              name: "guest_count",
              id: "reservation-guest_count",
              type: "number",
              inputMode: "numeric",
              required: true,
              min: MIN_GUESTS,
              max: MAX_GUESTS,
              step: 1,
              defaultValue: value("guest_count", String(reservation?.guest_count ?? 1)),
            }}
            errors={errors("guest_count")}
          />
        </div>
        <SelectField
          label="Durum"
          selectProps={{ name: "status", id: "reservation-status", defaultValue: value("status", reservation?.status ?? "pending") }}
          options={RESERVATION_STATUSES.map((s) => ({ value: s, label: RESERVATION_STATUS_LABELS[s] }))}
          errors={errors("status")}
        />
        <div className="field">
          <label htmlFor="reservation-notes">Notlar (isteğe bağlı)</label>
          <textarea
            id="reservation-notes"
            name="notes"
            rows={2}
            maxLength={MAX_NOTES}
            defaultValue={value("notes", reservation?.notes ?? "")}
            aria-invalid={errors("notes") ? true : undefined}
          />
          <FormError errors={errors("notes")} />
        </div>
        <DialogButtons closeTo={closeTo} intent={intent} label={reservation ? "Güncelle" : "Kaydet"} />
      </Form>
    </Modal>
  );
}

function DeleteDialog({ reservation, closeTo, actionData }: { reservation: ReservationView; closeTo: string; actionData: unknown }) {
  return (
    <ConfirmDeleteDialog
      title="Rezervasyonu sil"
      id={reservation.id}
      closeTo={closeTo}
      actionData={actionData}
      failedMessage={DELETE_FAILED}
      preventScrollReset
    >
      <strong>{reservation.customer_name}</strong> adına {formatDay(reservation.date)} {reservation.time} için Masa{" "}
      {reservation.table_number} rezervasyonu silinsin mi?
    </ConfirmDeleteDialog>
  );
}
