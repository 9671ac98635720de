// The welcome screen's choice of starting menu (decision 068): the sample of the restaurant's
// kind (already in place after signup), another kind's, or an empty menu. A plain form with
// radio buttons: it works without JavaScript.
import { Form } from "react-router";
import { FormError } from "~/components/forms";

export interface StarterMenuOption {
  value: string;
  label: string;
  detail: string;
}

export function StarterMenuCard({
  current,
  options,
  errors,
}: {
  /** The starter menu in place (null once the owner has changed the menu). */
  current: string | null;
  options: StarterMenuOption[];
  errors: string[] | undefined;
}) {
  if (current === null) return null;
  return (
    <Form method="post" className="form stack" aria-labelledby="starter-menu-title">
      <input type="hidden" name="intent" value="starter-menu" />
      <h2 id="starter-menu-title">Menünüzle başlayın</h2>
      <FormError errors={errors} />
      <fieldset className="radio-list">
        <legend>İşletmenize uygun örnek menüyü seçin ya da boş bir menüyle başlayın. Sonra Menü Yönetimi'nden değiştirebilirsiniz.</legend>
        {options.map((o) => (
          <label key={o.value}>
            <input type="radio" name="menu" value={o.value} defaultChecked={o.value === current} />
            {o.label} <span className="muted">({o.detail})</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button">
        Bu menüyle başla
      </button>
    </Form>
  );
}
