import { Form, Link, useLocation } from "react-router";
import { Modal } from "~/components/app/modal";
import { FormError, useIsSubmitting } from "~/components/forms";
import { menuPhotoUrl, PHOTO_SIZES, type PhotoRef } from "~/modules/menu/photo-urls";
import type { ListedItem } from "./grouping";

/** What the browser may pick; the server checks the file's content anyway. */
const ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * An item's photo (?photo=<id>): add or replace with a multipart form (works without
 * JavaScript; the server checks, re-encodes and stores it), or remove it.
 */
export function PhotoDialog({
  item,
  errors,
  closeTo,
}: {
  item: ListedItem & { photo: PhotoRef | null };
  errors: string[] | undefined;
  closeTo: string;
}) {
  const location = useLocation();
  const uploading = useIsSubmitting("photo");
  const removing = useIsSubmitting("photo-remove");
  const action = `${location.pathname}${location.search}`;
  return (
    <Modal title={`Fotoğraf: ${item.name}`} closeTo={closeTo}>
      <div className="stack">
        {item.photo ? (
          <img
            className="menu-photo__preview"
            src={menuPhotoUrl(item.photo, "large")}
            alt={item.name}
            width={PHOTO_SIZES.large / 2}
            height={PHOTO_SIZES.large / 2}
            data-testid="photo-preview"
          />
        ) : (
          <p className="muted">Bu ürünün fotoğrafı yok. Fotoğraflı ürünler QR menüde daha çok dikkat çeker.</p>
        )}
        <FormError errors={errors} id="photo-error" />
        <Form method="post" action={action} encType="multipart/form-data" className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="photo" />
          <input type="hidden" name="id" value={item.id} />
          <div className="field">
            <label htmlFor="photo-file">{item.photo ? "Yeni fotoğraf" : "Fotoğraf"}</label>
            <input
              id="photo-file"
              name="photo"
              type="file"
              accept={ACCEPT}
              required
              aria-describedby={errors?.length ? "photo-error photo-hint" : "photo-hint"}
            />
            <span id="photo-hint" className="field__hint">
              JPEG, PNG ya da WebP; en fazla 10 MB. Fotoğraf küçültülür ve konum gibi bilgileri silinir.
            </span>
          </div>
          <div className="button-row">
            <Link className="button" to={closeTo} replace preventScrollReset>
              Vazgeç
            </Link>
            <button type="submit" className="button button--primary" disabled={uploading}>
              {uploading ? "Yükleniyor…" : item.photo ? "Fotoğrafı Değiştir" : "Fotoğrafı Yükle"}
            </button>
          </div>
        </Form>
        {item.photo ? (
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value="photo-remove" />
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" className="button button--ghost" disabled={removing}>
              Fotoğrafı kaldır
            </button>
          </Form>
        ) : null}
      </div>
    </Modal>
  );
}
