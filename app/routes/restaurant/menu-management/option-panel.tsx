// The owner's option groups (decision 082): "Pişme" (Az / Orta / İyi) for a category, "Porsiyon"
// (1 / 1,5 at +₺60) for one item. Opened by ?secenekler=1; editing is ?secenek=<id> (the same form,
// filled in) and deleting asks first (?secenek-sil=<id>), so every part is a URL and a plain form:
// it all works without JavaScript.
import { Form, Link } from "react-router";
import { Modal } from "~/components/app/modal";
import { useIsSubmitting } from "~/components/forms";
import { withParams } from "~/utils/url";
import { OptionGroupForm } from "./option-group-form";
import { OPTION_PARAMS, type ListedOptionGroup, type OptionTarget } from "./option-view";
import "~/styles/menu-categories.css";

type Here = { pathname: string; search: string };

const signed = new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY", signDisplay: "exceptZero" });
/** "+₺60,00", "-₺10,00": what an option adds to (or takes off) the item's price. */
export const signedMoney = (value: number) => signed.format(value);

// The panel's links close the item dialogs too: one dialog at a time.
const closed = {
  [OPTION_PARAMS.edit]: null,
  [OPTION_PARAMS.remove]: null,
  new: null,
  edit: null,
  delete: null,
  photo: null,
  category: null,
};

export function OptionPanel({
  count,
  groups,
  targets,
  edit,
  remove,
  createKey,
  here,
  open,
  actionData,
  errors,
}: {
  /** How many groups there are (the list itself comes only with the panel open). */
  count: number;
  groups: ListedOptionGroup[];
  targets: OptionTarget[];
  edit: ListedOptionGroup | null;
  remove: ListedOptionGroup | null;
  createKey: string;
  here: Here;
  open: boolean;
  actionData: unknown;
  /** The refused add or edit's messages (optionFormErrors). */
  errors: string[] | undefined;
}) {
  if (!open) {
    return (
      <p>
        <Link className="button button--small" to={withParams(here, { [OPTION_PARAMS.open]: "1" })} preventScrollReset>
          Seçenekleri düzenle ({count})
        </Link>
      </p>
    );
  }
  const stay = { ...closed, [OPTION_PARAMS.open]: "1" };
  return (
    <section id="options" className="card stack menu-options" aria-labelledby="options-title">
      <div className="menu-admin__group-head">
        <h2 id="options-title">Seçenekler</h2>
        <Link
          className="button button--small button--ghost"
          to={withParams(here, { ...closed, [OPTION_PARAMS.open]: null })}
          preventScrollReset
        >
          Kapat
        </Link>
      </div>
      <p className="muted">
        Sipariş alınırken bir ürüne her gruptan en fazla bir seçenek eklenir; fiyat farkı ürünün fiyatına eklenir. Bir kategorinin grubu,
        kategorideki bütün ürünlerde çıkar.
      </p>
      {groups.length === 0 ? (
        <p className="muted">Henüz seçenek grubu yok.</p>
      ) : (
        <ul className="menu-options__list">
          {groups.map((g) => (
            <li key={g.id} id={`option-group-${g.id}`} className="menu-options__group" data-testid="option-group">
              <div className="menu-options__head">
                <div className="menu-options__title">
                  <h3>{g.name}</h3>
                  <p className="muted">{g.appliesTo}</p>
                </div>
                <div className="menu-options__actions">
                  <Link
                    className="button button--small"
                    to={`${withParams(here, { ...stay, [OPTION_PARAMS.edit]: String(g.id) })}#option-form`}
                    aria-label={`${g.name} grubunu düzenle`}
                  >
                    Düzenle
                  </Link>
                  <Link
                    className="button button--small button--ghost"
                    to={withParams(here, { ...stay, [OPTION_PARAMS.remove]: String(g.id) })}
                    preventScrollReset
                    aria-label={`${g.name} grubunu sil`}
                  >
                    Sil
                  </Link>
                </div>
              </div>
              <ul className="menu-options__choices" aria-label={`${g.name} seçenekleri`}>
                {g.options.map((o) => (
                  <li key={o.id}>
                    {o.name}
                    {o.price_delta !== 0 ? <span className="menu-options__delta"> {signedMoney(o.price_delta)}</span> : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <OptionGroupForm
        key={edit ? `edit-${edit.id}-${edit.version}` : `new-${createKey}`}
        group={edit}
        targets={targets}
        createKey={createKey}
        action={`${here.pathname}${here.search}`}
        cancelTo={withParams(here, stay)}
        actionData={actionData}
        errors={errors}
      />
      {remove ? (
        <DeleteOptionGroupDialog group={remove} action={`${here.pathname}${here.search}`} closeTo={withParams(here, stay)} />
      ) : null}
    </section>
  );
}

/** The delete confirmation (?secenek-sil=<id>): order lines keep the options they were sold with. */
function DeleteOptionGroupDialog({ group, action, closeTo }: { group: ListedOptionGroup; action: string; closeTo: string }) {
  const busy = useIsSubmitting("option-group-delete");
  return (
    <Modal title="Seçenek grubunu sil" closeTo={closeTo}>
      <p>
        <strong>“{group.name}”</strong> ({group.appliesTo}) silinsin mi? Alınmış siparişler seçilen seçenekleri korur.
      </p>
      <Form method="post" action={action} className="button-row" preventScrollReset>
        <input type="hidden" name="intent" value="option-group-delete" />
        <input type="hidden" name="id" value={group.id} />
        <Link className="button" to={closeTo} replace preventScrollReset>
          Vazgeç
        </Link>
        <button type="submit" className="button button--danger" disabled={busy}>
          Evet, sil
        </button>
      </Form>
    </Modal>
  );
}
