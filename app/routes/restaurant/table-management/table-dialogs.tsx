// The table dialogs of table management (add, edit, delete, and the detail panel): opened by URL
// parameters (no JavaScript needed), each a plain form posting its intent to the page's action; a
// refusal comes back into the same dialog.
import { Form, Link, useLocation } from "react-router";
import { ConfirmDeleteDialog, DialogButtons } from "~/components/app/dialog-forms";
import { Modal } from "~/components/app/modal";
import { Field, FormError, SelectField } from "~/components/forms";
import {
  DEFAULT_CAPACITY,
  MAX_CAPACITY,
  MAX_FEATURE_LENGTH,
  MAX_FEATURES,
  TABLE_SHAPE_LABELS,
  TABLE_SHAPES,
  TABLE_SIZE_LABELS,
  TABLE_SIZES,
} from "~/modules/tables/labels";
import { formatMoney } from "~/utils/money";
import { submittedValue } from "~/utils/page-reply";
import { withParams } from "~/utils/url";
import { DetailPanel } from "./detail-panel";
import { CLOSE_ALL, replyFor, type DialogReply } from "./dialog-reply";
import type { Entry, LoaderData } from "./route";

export function TableDialogs({ data, actionData }: { data: LoaderData; actionData: unknown }) {
  const location = useLocation();
  const closeTo = withParams(location, CLOSE_ALL);
  const { open } = data;
  const find = (id: number | null) => data.entries.find((e) => e.configuration.id === id);
  const intent = submittedValue(actionData, "intent");
  if (open.tableNew || intent === "table-create") {
    return (
      <Modal title="Masa Ekle" closeTo={closeTo}>
        <TableForm
          data={data}
          intent="table-create"
          reply={replyFor(actionData, "table-create")}
          closeTo={closeTo}
          hidden={{ client_id: data.keys.table }}
        />
      </Modal>
    );
  }
  const refused = (name: string) => (intent === name ? Number(submittedValue(actionData, "id")) : null);
  const editing = find(open.tableEdit ?? refused("table-update"));
  if (editing) {
    const c = editing.configuration;
    return (
      <Modal title={`${c.display_name} düzenle`} closeTo={closeTo}>
        <TableForm
          data={data}
          intent="table-update"
          reply={replyFor(actionData, "table-update", c.id)}
          closeTo={closeTo}
          hidden={{ id: String(c.id), updated_at: c.updated_at }}
          initial={editing}
        />
      </Modal>
    );
  }
  const deleting = find(open.tableDelete ?? refused("table-delete"));
  if (deleting) {
    const c = deleting.configuration;
    return (
      <ConfirmDeleteDialog
        title="Masayı sil"
        id={c.id}
        closeTo={closeTo}
        actionData={replyFor(actionData, "table-delete", c.id).actionData}
        intent="table-delete"
        label="Masayı Sil"
        notice={
          deleting.status.open_orders > 0 ? (
            <p className="notice notice--error">
              Bu masada ödenmemiş {formatMoney(deleting.status.open_amount)} hesap var; önce ödemeyi alın.
            </p>
          ) : null
        }
      >
        “{c.display_name}” silinsin mi? Geçmiş siparişleri ve raporları korunur.
      </ConfirmDeleteDialog>
    );
  }
  const detail = find(open.table ?? refused("table-status"));
  if (detail) return <DetailPanel entry={detail} actionData={actionData} closeTo={closeTo} />;
  return null;
}

function TableForm({
  data,
  intent,
  reply,
  closeTo,
  hidden,
  initial,
}: {
  data: LoaderData;
  intent: string;
  reply: DialogReply;
  closeTo: string;
  hidden: Record<string, string>;
  initial?: Entry;
}) {
  const c = initial?.configuration;
  const defaultSection = c ? (c.section_id === null ? "" : String(c.section_id)) : typeof data.plan === "number" ? String(data.plan) : "";
  const formErrors = reply.errors("");
  const overLimit = formErrors?.some((m) => m.includes("planında"));
  return (
    <Form method="post" className="form">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <FormError errors={formErrors} />
      {overLimit ? (
        <p>
          <Link to={data.upgradeUrl}>Planınızı değiştirin</Link>
        </p>
      ) : null}
      <Field
        label="Masa tanımlayıcısı"
        hint="Örnek: 12, B3, Teras-1. Bir sayıysa masa o numarayı alır."
        inputProps={{
          name: "table_identifier",
          id: "table-identifier",
          required: true,
          maxLength: 32,
          defaultValue: reply.value("table_identifier", c?.table_identifier ?? ""),
        }}
        errors={reply.errors("table_identifier")}
      />
      <Field
        label="Görünen ad"
        inputProps={{
          name: "display_name",
          id: "table-display-name",
          required: true,
          maxLength: 80,
          defaultValue: reply.value("display_name", c?.display_name ?? ""),
        }}
        errors={reply.errors("display_name")}
      />
      <Field
        label="Kapasite (kişi)"
        inputProps={{
          name: "capacity",
          id: "table-capacity",
          type: "number",
          inputMode: "numeric",
          min: 1,
          max: MAX_CAPACITY,
          step: 1,
          defaultValue: reply.value("capacity", String(c?.capacity ?? DEFAULT_CAPACITY)),
        }}
        errors={reply.errors("capacity")}
      />
      <SelectField
        label="Bölüm"
        selectProps={{ name: "section_id", id: "table-section", defaultValue: reply.value("section_id", defaultSection) }}
        options={[{ value: "", label: "Bölümsüz" }, ...data.sections.map((s) => ({ value: String(s.id), label: s.name }))]}
        errors={reply.errors("section_id")}
      />
      <div className="form-row">
        <SelectField
          label="Şekil"
          selectProps={{ name: "shape", id: "table-shape", defaultValue: reply.value("shape", c?.shape ?? "square") }}
          options={TABLE_SHAPES.map((s) => ({ value: s, label: TABLE_SHAPE_LABELS[s] }))}
          errors={reply.errors("shape")}
        />
        <SelectField
          label="Boyut"
          selectProps={{ name: "size", id: "table-size", defaultValue: reply.value("size", c?.size ?? "medium") }}
          options={TABLE_SIZES.map((s) => ({ value: s, label: TABLE_SIZE_LABELS[s] }))}
          errors={reply.errors("size")}
        />
      </div>
      <Field
        label="Özel özellikler"
        hint={`Virgülle ayırın (en fazla ${MAX_FEATURES}): pencere kenarı, priz, bebek sandalyesi`}
        inputProps={{
          name: "special_features",
          id: "table-features",
          maxLength: MAX_FEATURES * (MAX_FEATURE_LENGTH + 2),
          defaultValue: reply.value("special_features", c?.special_features.join(", ") ?? ""),
        }}
        errors={reply.errors("special_features")}
      />
      <DialogButtons closeTo={closeTo} intent={intent} label="Kaydet" />
    </Form>
  );
}
