import { Form } from "react-router";
import { FormError } from "~/components/forms";
import type { LoaderData } from "./route";

/** No section yet: the numbered tables of before sections go into one, or the first section is added. */
export function MigrationPrompt({ data, errors }: { data: LoaderData; errors: string[] | undefined }) {
  if (data.legacyCount === 0) {
    return (
      <div className="card">
        <p className="m-0">Henüz bölüm yok. Salon, bahçe ya da teras gibi bir bölüm ekleyerek başlayın.</p>
      </div>
    );
  }
  return (
    <Form method="post" className="card stack" aria-labelledby="migrate-title">
      <h2 id="migrate-title" className="section-title m-0">
        Masalarınızı bölüme aktarın
      </h2>
      <p className="m-0">
        Henüz bölüm yok. Numaralı {data.legacyCount} masanız “{data.legacySectionName}” bölümüne aktarılsın mı? Masalar numaralarını,
        siparişlerini ve durumlarını korur.
      </p>
      <FormError errors={errors} />
      <input type="hidden" name="intent" value="migrate-legacy" />
      <button type="submit" className="button button--primary">
        Masaları Aktar
      </button>
    </Form>
  );
}
