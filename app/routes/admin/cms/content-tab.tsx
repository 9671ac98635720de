import { Form, Link } from "react-router";
import { DialogButtons } from "~/components/app/dialog-forms";
import { Modal } from "~/components/app/modal";
import type { ContentItem } from "~/modules/cms/content.server";
import {
  CONTENT_STALE,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  LANGUAGE_LABELS,
  LANGUAGES,
  MAX_CONTENT,
  MAX_ORDER_INDEX,
  MAX_TITLE,
} from "~/modules/cms/rules";
import { fieldErrorsOf, submittedValue } from "~/utils/page-reply";
import { Errors, FieldErrors } from "./parts";

const TAB = "/admin/cms?tab=content";

/** The content list, with the create (?new=1) and edit (?edit=id) dialogs. */
export function ContentTab({
  items,
  creating,
  editing,
  createKey,
  actionData,
}: {
  items: ContentItem[];
  creating: boolean;
  editing: ContentItem | null;
  createKey: string;
  actionData: unknown;
}) {
  return (
    <div className="stack">
      {/* The rows' titles are h3s: under this h2, not straight under the page's h1 (axe's heading order). */}
      <h2>İçerikler</h2>
      <div className="admin-cms__toolbar">
        <p className="muted">
          Ana sayfada her türün etkin, Türkçe içerikleri sırayla gösterilir; olmayanların yerine varsayılan metin çıkar.
        </p>
        <Link className="button button--primary" to={`${TAB}&new=1`} preventScrollReset>
          + Yeni İçerik
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="muted" data-testid="content-empty">
          Henüz içerik yok. Ana sayfa varsayılan metinleri gösteriyor.
        </p>
      ) : (
        <ul className="admin-cms__list" data-testid="content-list">
          {items.map((item) => (
            <li key={item.id} id={`content-${item.id}`} className="admin-cms__row" data-testid="content-row">
              <div className="admin-cms__row-main">
                <p className="admin-cms__row-meta">
                  <span className="admin-cms__badge">{CONTENT_TYPE_LABELS[item.type]}</span>
                  <span>{item.language.toUpperCase()}</span>
                  <span>Sıra {item.order_index}</span>
                  <span className={item.is_active ? "admin-cms__on" : "admin-cms__off"}>{item.is_active ? "Etkin" : "Pasif"}</span>
                </p>
                <h3>{item.title}</h3>
                <p className="admin-cms__text">{item.content}</p>
              </div>
              <Link className="button button--small" to={`${TAB}&edit=${item.id}`} preventScrollReset aria-label={`Düzenle: ${item.title}`}>
                Düzenle
              </Link>
            </li>
          ))}
        </ul>
      )}
      {creating ? <ContentDialog createKey={createKey} actionData={actionData} /> : null}
      {editing ? <ContentDialog item={editing} actionData={actionData} /> : null}
    </div>
  );
}

function ContentDialog({ item, createKey, actionData }: { item?: ContentItem; createKey?: string; actionData: unknown }) {
  const intent = item ? "content-update" : "content-create";
  // Only this form's refusal shows here (with what was typed); after a 409 the stored text shows.
  const mine = submittedValue(actionData, "intent") === intent;
  const stale = mine && (fieldErrorsOf(actionData, "") ?? []).includes(CONTENT_STALE);
  const value = (name: string, stored: string) => (mine && !stale ? (submittedValue(actionData, name) ?? stored) : stored);
  const errors = (name: string) => (mine ? fieldErrorsOf(actionData, name) : undefined);
  const active = mine && !stale ? submittedValue(actionData, "is_active") === "on" : (item?.is_active ?? true);
  return (
    <Modal title={item ? "İçeriği Düzenle" : "Yeni İçerik"} closeTo={TAB}>
      <Form method="post" action={item ? `${TAB}&edit=${item.id}` : `${TAB}&new=1`} className="form" preventScrollReset key={item?.version}>
        <input type="hidden" name="intent" value={intent} />
        {item ? (
          <>
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="version" value={item.version} />
          </>
        ) : (
          <input type="hidden" name="create_key" value={createKey} />
        )}
        <Errors errors={mine ? fieldErrorsOf(actionData, "") : undefined} />
        <div className="field">
          <label htmlFor="cms-type">Tür</label>
          {item ? (
            // Fixed once created (spec §2): shown, not sent.
            <input id="cms-type" value={CONTENT_TYPE_LABELS[item.type]} disabled readOnly />
          ) : (
            <select id="cms-type" name="type" defaultValue={value("type", "hero_title")} required>
              {CONTENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {CONTENT_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
          <FieldErrors errors={errors("type")} />
        </div>
        <div className="field">
          <label htmlFor="cms-title">Başlık</label>
          <input id="cms-title" name="title" defaultValue={value("title", item?.title ?? "")} maxLength={MAX_TITLE} required />
          <FieldErrors errors={errors("title")} />
        </div>
        <div className="field">
          <label htmlFor="cms-content">İçerik</label>
          <textarea
            id="cms-content"
            name="content"
            rows={4}
            defaultValue={value("content", item?.content ?? "")}
            maxLength={MAX_CONTENT}
            required
          />
          <FieldErrors errors={errors("content")} />
        </div>
        <div className="form-row">
          <div className="field">
            <label htmlFor="cms-language">Dil</label>
            <select id="cms-language" name="language" defaultValue={value("language", item?.language ?? "tr")}>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_LABELS[l]}
                </option>
              ))}
            </select>
            <FieldErrors errors={errors("language")} />
          </div>
          <div className="field">
            <label htmlFor="cms-order">Sıra</label>
            <input
              id="cms-order"
              name="order_index"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_ORDER_INDEX}
              step={1}
              defaultValue={value("order_index", String(item?.order_index ?? 0))}
            />
            <FieldErrors errors={errors("order_index")} />
          </div>
        </div>
        <label className="admin-cms__check">
          <input type="checkbox" name="is_active" defaultChecked={active} /> Etkin (ana sayfada gösterilir)
        </label>
        <DialogButtons closeTo={TAB} intent={intent} label={item ? "Kaydet" : "Ekle"} />
      </Form>
    </Modal>
  );
}
