// The section dialogs of table management (add, edit, delete) and the plan's section picker: opened
// by URL parameters (no JavaScript needed), each a plain form posting its intent to the page's
// action; a refusal comes back into the same dialog.
import { Form, Link, useLocation } from "react-router";
import { ConfirmDeleteDialog, DialogButtons } from "~/components/app/dialog-forms";
import { Modal } from "~/components/app/modal";
import { Field, FormError } from "~/components/forms";
import { SECTION_COLOR_LABELS, SECTION_COLORS } from "~/modules/tables/labels";
import { submittedValue } from "~/utils/page-reply";
import { withParams } from "~/utils/url";
import { CLOSE_ALL, replyFor, type DialogReply } from "./dialog-reply";
import type { LoaderData } from "./route";

function Dot({ color }: { color: string }) {
  return <span className="table-group__dot" data-section-color={color} aria-hidden="true" />;
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
    return (
      <ConfirmDeleteDialog
        title="Bölümü sil"
        id={deleting.id}
        closeTo={closeTo}
        actionData={replyFor(actionData, "section-delete", deleting.id).actionData}
        intent="section-delete"
        label="Bölümü Sil"
      >
        “{deleting.name}” bölümü silinsin mi?{" "}
        {deleting.table_count > 0 ? `Bölümdeki ${deleting.table_count} masa silinmez, bölümsüz kalır.` : "Bölümde masa yok."}
      </ConfirmDeleteDialog>
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
  reply: DialogReply;
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
      <DialogButtons closeTo={closeTo} intent={intent} label="Kaydet" />
    </Form>
  );
}
