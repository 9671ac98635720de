import { Form, Link } from "react-router";
import { ConfirmDeleteDialog, DialogButtons } from "~/components/app/dialog-forms";
import type { ImageItem } from "~/modules/cms/images.server";
import {
  IMAGE_ACCEPT,
  IMAGE_DELETE_CONFIRM,
  IMAGE_TYPE_LABELS,
  IMAGE_TYPES,
  IMAGE_UPLOAD_FAILED,
  MAX_ALT_TEXT,
  MAX_TITLE,
} from "~/modules/cms/rules";
import { fieldErrorsOf, formErrorsOf, submittedValue } from "~/utils/page-reply";
import { Errors, FieldErrors } from "./parts";

const TAB = "/admin/cms?tab=images";

/** The upload form (multipart, works without JavaScript), the image list and the delete confirmation (?delete=id). */
export function ImagesTab({
  images,
  deleting,
  createKey,
  actionData,
}: {
  images: ImageItem[];
  deleting: ImageItem | null;
  createKey: string;
  actionData: unknown;
}) {
  const intent = submittedValue(actionData, "intent");
  const uploadFailed = intent === "image-upload" ? formErrorsOf(actionData) : undefined;
  const typed = (name: string) => (intent === "image-upload" ? submittedValue(actionData, name) : undefined);
  return (
    <div className="stack">
      <Form method="post" action={TAB} encType="multipart/form-data" className="form admin-cms__upload" preventScrollReset>
        <h2>Resim Yükle</h2>
        <input type="hidden" name="intent" value="image-upload" />
        <input type="hidden" name="create_key" value={createKey} />
        <Errors errors={uploadFailed ? [IMAGE_UPLOAD_FAILED, ...uploadFailed] : undefined} id="upload-error" />
        <div className="field">
          <label htmlFor="image-file">Resim dosyası</label>
          <input id="image-file" name="file" type="file" accept={IMAGE_ACCEPT} aria-describedby="image-hint" />
          <span id="image-hint" className="field__hint">
            PNG, JPEG, WebP ya da GIF; en fazla 10 MB. Resim yeniden kodlanır, konum gibi bilgileri silinir; GIF&apos;in ilk karesi
            kullanılır.
          </span>
        </div>
        <div className="form-row">
          <div className="field">
            <label htmlFor="image-title">Başlık</label>
            <input id="image-title" name="title" maxLength={MAX_TITLE} defaultValue={typed("title")} required />
            <FieldErrors errors={intent === "image-upload" ? fieldErrorsOf(actionData, "title") : undefined} />
          </div>
          <div className="field">
            <label htmlFor="image-type">Tür</label>
            <select id="image-type" name="image_type" defaultValue={typed("image_type") ?? "hero_image"}>
              {IMAGE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {IMAGE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor="image-alt">Alternatif metin (isteğe bağlı)</label>
          <input id="image-alt" name="alt_text" maxLength={MAX_ALT_TEXT} defaultValue={typed("alt_text")} />
        </div>
        <DialogButtons closeTo={TAB} intent="image-upload" label="Yükle" busyLabel="Yükleniyor…" cancelLabel="Temizle" />
      </Form>

      <h2>Resimler</h2>
      {images.length === 0 ? (
        <p className="muted" data-testid="images-empty">
          Henüz resim yok.
        </p>
      ) : (
        <ul className="admin-cms__images" data-testid="image-list">
          {images.map((image) => (
            <li key={image.id} className="card admin-cms__image" data-testid="image-row">
              <img src={image.file_url} alt={image.alt_text ?? ""} width={image.width} height={image.height} loading="lazy" />
              <div>
                <h3>{image.title}</h3>
                <p className="muted">
                  {IMAGE_TYPE_LABELS[image.type]} · {image.width}×{image.height} · {Math.max(1, Math.round(image.byte_size / 1024))} KB
                </p>
                <p className="admin-cms__url">
                  <a href={image.file_url}>{image.file_url}</a>
                </p>
              </div>
              <Link
                className="button button--small button--danger"
                to={`${TAB}&delete=${image.id}`}
                preventScrollReset
                aria-label={`Sil: ${image.title}`}
              >
                Sil
              </Link>
            </li>
          ))}
        </ul>
      )}
      {deleting ? <DeleteImageDialog image={deleting} actionData={intent === "image-delete" ? actionData : undefined} /> : null}
    </div>
  );
}

function DeleteImageDialog({ image, actionData }: { image: ImageItem; actionData: unknown }) {
  return (
    <ConfirmDeleteDialog
      title="Resmi Sil"
      id={image.id}
      closeTo={TAB}
      actionData={actionData}
      failedMessage="Resim silinemedi."
      preventScrollReset
      intent="image-delete"
      action={`${TAB}&delete=${image.id}`}
    >
      {IMAGE_DELETE_CONFIRM} <strong>{image.title}</strong>
    </ConfirmDeleteDialog>
  );
}
