// The dialogs of table management: opened by URL parameters (no JavaScript needed), each a
// plain form posting its intent to the page's action; a refusal comes back into the same dialog.
import { Form, Link, useLocation } from "react-router";
import { Modal } from "~/components/app/modal";
import { Field, FormError, SelectField, useIsSubmitting } from "~/components/forms";
import {
  DEFAULT_CAPACITY,
  MAX_CAPACITY,
  MAX_FEATURE_LENGTH,
  MAX_FEATURES,
  SECTION_COLOR_CSS,
  SECTION_COLOR_LABELS,
  SECTION_COLORS,
  TABLE_SHAPE_LABELS,
  TABLE_SHAPES,
  TABLE_SIZE_LABELS,
  TABLE_SIZES,
  TABLE_STATUS_LABELS,
  TABLE_STATUSES,
  type SectionColorName,
} from "~/modules/tables/labels";
import { formatMoney } from "~/utils/money";
import { fieldErrorsOf, submittedValue } from "~/utils/page-reply";
import { withParams } from "~/utils/url";
import type { Entry, LoaderData } from "./route";

const CLOSE_ALL = {
  section_new: null,
  section_edit: null,
  section_delete: null,
  table_new: null,
  table_edit: null,
  table_delete: null,
  table: null,
  done: null,
} as const;

/** What a dialog reads of a refused post: only when the post was its own intent (and, for an edit, its own row). */
function replyFor(actionData: unknown, intent: string, id?: number) {
  const mine = submittedValue(actionData, "intent") === intent && (id === undefined || submittedValue(actionData, "id") === String(id));
  return {
    errors: (name: string) => (mine ? fieldErrorsOf(actionData, name) : undefined),
    value: (name: string, fallback: string) => (mine ? (submittedValue(actionData, name) ?? fallback) : fallback),
  };
}

function Dot({ color }: { color: string }) {
  return (
    <span
      className="table-group__dot"
      style={{ background: SECTION_COLOR_CSS[color as SectionColorName] ?? SECTION_COLOR_CSS.blue }}
      aria-hidden="true"
    />
  );
}

/** The plan's section picker: one chip per section (and one for tables without a section). */
export function SectionChips({ data }: { data: LoaderData }) {
  const location = useLocation();
  const loose = data.entries.some((e) => e.section === null);
  if (data.sections.length === 0 && !loose) return null;
  return (
    <nav className="chips" aria-label="Bölümler">
      {data.sections.map((s) => (
        <Link
          key={s.id}
          className="chip"
          to={withParams(location, { ...CLOSE_ALL, positions: null, done: null, plan: String(s.id) })}
          aria-current={data.plan === s.id ? "true" : undefined}
          preventScrollReset
        >
          <Dot color={s.color} />
          &nbsp;{s.name} ({s.table_count})
        </Link>
      ))}
      {loose ? (
        <Link
          className="chip"
          to={withParams(location, { ...CLOSE_ALL, positions: null, done: null, plan: "none" })}
          aria-current={data.plan === "none" ? "true" : undefined}
          preventScrollReset
        >
          Bölümsüz
        </Link>
      ) : null}
    </nav>
  );
}

export function SectionDialogs({ data, actionData }: { data: LoaderData; actionData: unknown }) {
  const location = useLocation();
  const closeTo = withParams(location, CLOSE_ALL);
  const { open } = data;
  // A refused post opens its own dialog again, wherever it came from.
  const refused = (name: string) => (submittedValue(actionData, "intent") === name ? Number(submittedValue(actionData, "id")) : null);
  const editing = data.sections.find((s) => s.id === (open.sectionEdit ?? refused("section-update")));
  const deleting = data.sections.find((s) => s.id === (open.sectionDelete ?? refused("section-delete")));
  const createReply = replyFor(actionData, "section-create");
  if (open.sectionNew || submittedValue(actionData, "intent") === "section-create") {
    return (
      <Modal title="Bölüm Ekle" closeTo={closeTo}>
        <SectionForm intent="section-create" reply={createReply} closeTo={closeTo} hidden={{ client_id: data.keys.section }} />
      </Modal>
    );
  }
  if (editing) {
    return (
      <Modal title={`${editing.name} bölümünü düzenle`} closeTo={closeTo}>
        <SectionForm
          intent="section-update"
          reply={replyFor(actionData, "section-update", editing.id)}
          closeTo={closeTo}
          hidden={{ id: String(editing.id), updated_at: editing.updated_at }}
          initial={editing}
        />
      </Modal>
    );
  }
  if (deleting) {
    const reply = replyFor(actionData, "section-delete", deleting.id);
    return (
      <Modal title="Bölümü sil" closeTo={closeTo}>
        <Form method="post" className="form">
          <p>
            “{deleting.name}” bölümü silinsin mi?{" "}
            {deleting.table_count > 0 ? `Bölümdeki ${deleting.table_count} masa silinmez, bölümsüz kalır.` : "Bölümde masa yok."}
          </p>
          <FormError errors={reply.errors("")} />
          <input type="hidden" name="intent" value="section-delete" />
          <input type="hidden" name="id" value={deleting.id} />
          <DialogButtons closeTo={closeTo} label="Bölümü Sil" danger intent="section-delete" />
        </Form>
      </Modal>
    );
  }
  return null;
}

function SectionForm({
  intent,
  reply,
  closeTo,
  hidden,
  initial,
}: {
  intent: string;
  reply: ReturnType<typeof replyFor>;
  closeTo: string;
  hidden: Record<string, string>;
  initial?: { name: string; description: string | null; color: string };
}) {
  const color = reply.value("color", initial?.color ?? "blue");
  return (
    <Form method="post" className="form">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <FormError errors={reply.errors("")} />
      <Field
        label="Bölüm adı"
        inputProps={{
          name: "name",
          id: "section-name",
          required: true,
          maxLength: 80,
          defaultValue: reply.value("name", initial?.name ?? ""),
        }}
        errors={reply.errors("name")}
      />
      <Field
        label="Açıklama"
        inputProps={{
          name: "description",
          id: "section-description",
          maxLength: 255,
          defaultValue: reply.value("description", initial?.description ?? ""),
        }}
        errors={reply.errors("description")}
      />
      <fieldset className="radio-list">
        <legend>Renk</legend>
        {SECTION_COLORS.map((c) => (
          <label key={c}>
            <input type="radio" name="color" value={c} defaultChecked={color === c} />
            <Dot color={c} /> {SECTION_COLOR_LABELS[c]}
          </label>
        ))}
      </fieldset>
      <FormError errors={reply.errors("color")} />
      <DialogButtons closeTo={closeTo} label="Kaydet" intent={intent} />
    </Form>
  );
}

function DialogButtons({ closeTo, label, danger, intent }: { closeTo: string; label: string; danger?: boolean; intent: string }) {
  const busy = useIsSubmitting(intent);
  return (
    <div className="button-row">
      <Link className="button" to={closeTo} replace preventScrollReset>
        Vazgeç
      </Link>
      <button type="submit" className={`button ${danger ? "button--danger" : "button--primary"}`} disabled={busy}>
        {label}
      </button>
    </div>
  );
}

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
    const reply = replyFor(actionData, "table-delete", c.id);
    return (
      <Modal title="Masayı sil" closeTo={closeTo}>
        <Form method="post" className="form">
          <p>“{c.display_name}” silinsin mi? Geçmiş siparişleri ve raporları korunur.</p>
          {deleting.status.open_orders > 0 ? (
            <p className="notice notice--error">
              Bu masada ödenmemiş {formatMoney(deleting.status.open_amount)} hesap var; önce ödemeyi alın.
            </p>
          ) : null}
          <FormError errors={reply.errors("")} />
          <input type="hidden" name="intent" value="table-delete" />
          <input type="hidden" name="id" value={c.id} />
          <DialogButtons closeTo={closeTo} label="Masayı Sil" danger intent="table-delete" />
        </Form>
      </Modal>
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
  reply: ReturnType<typeof replyFor>;
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
      <DialogButtons closeTo={closeTo} label="Kaydet" intent={intent} />
    </Form>
  );
}

/** A table's detail panel: its live status, waiter, guests and open bill; status, edit and delete from here. */
function DetailPanel({ entry, actionData, closeTo }: { entry: Entry; actionData: unknown; closeTo: string }) {
  const location = useLocation();
  const c = entry.configuration;
  const s = entry.status;
  const reply = replyFor(actionData, "table-status", c.id);
  const statusLabel = TABLE_STATUS_LABELS[s.status as keyof typeof TABLE_STATUS_LABELS] ?? s.status;
  return (
    <Modal title={c.display_name} closeTo={closeTo}>
      <dl className="detail-list">
        <dt>Durum</dt>
        <dd data-testid="detail-status">{statusLabel}</dd>
        <dt>Garson</dt>
        <dd>{s.waiter_name ?? "—"}</dd>
        <dt>Misafir</dt>
        <dd>{s.customer_count} kişi</dd>
        <dt>Açık hesap</dt>
        <dd data-testid="detail-bill">{s.open_orders > 0 ? `${formatMoney(s.open_amount)} (${s.open_orders} sipariş)` : "Yok"}</dd>
        <dt>Masa</dt>
        <dd>
          {c.table_identifier} · Masa {c.table_number ?? "—"}
        </dd>
        <dt>Bölüm</dt>
        <dd>{entry.section?.name ?? "Bölümsüz"}</dd>
        <dt>Kapasite</dt>
        <dd>
          {c.capacity} kişi · {TABLE_SHAPE_LABELS[c.shape as keyof typeof TABLE_SHAPE_LABELS] ?? c.shape} ·{" "}
          {TABLE_SIZE_LABELS[c.size as keyof typeof TABLE_SIZE_LABELS] ?? c.size}
        </dd>
        {c.special_features.length > 0 ? (
          <>
            <dt>Özellikler</dt>
            <dd>{c.special_features.join(", ")}</dd>
          </>
        ) : null}
      </dl>
      <div className="button-row">
        <Link className="button" to={withParams(location, { ...CLOSE_ALL, table_edit: String(c.id) })} preventScrollReset>
          Düzenle
        </Link>
        <Link className="button button--danger" to={withParams(location, { ...CLOSE_ALL, table_delete: String(c.id) })} preventScrollReset>
          Sil
        </Link>
      </div>
      <details open={reply.errors("") !== undefined || reply.errors("customer_count") !== undefined}>
        <summary>Durumu değiştir</summary>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="table-status" />
          <input type="hidden" name="id" value={c.id} />
          <FormError errors={reply.errors("")} />
          <SelectField
            label="Durum"
            selectProps={{ name: "status", id: "detail-status-select", defaultValue: reply.value("status", s.status) }}
            options={TABLE_STATUSES.map((v) => ({ value: v, label: TABLE_STATUS_LABELS[v] }))}
            errors={reply.errors("status")}
          />
          <Field
            label="Garson (dolu için)"
            inputProps={{
              name: "waiter_name",
              id: "detail-waiter",
              maxLength: 120,
              defaultValue: reply.value("waiter_name", s.waiter_name ?? ""),
            }}
            errors={reply.errors("waiter_name")}
          />
          <Field
            label="Kişi sayısı (dolu için)"
            inputProps={{
              name: "customer_count",
              id: "detail-guests",
              type: "number",
              min: 1,
              max: 50,
              defaultValue: reply.value("customer_count", String(s.customer_count || 1)),
            }}
            errors={reply.errors("customer_count")}
          />
          <DialogButtons closeTo={closeTo} label="Durumu Kaydet" intent="table-status" />
        </Form>
      </details>
    </Modal>
  );
}
