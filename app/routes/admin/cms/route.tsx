// /admin/cms: the landing page's texts, images and the site's contact details (issue 11, spec §2).
// Tabs, dialogs and the delete confirmation are links (?tab=, ?new=1, ?edit=, ?delete=), and every
// form is a real post: the screen works without JavaScript. The page is an upload path
// (server/uploads.mjs): its posts are read by readUploadForm with the image limit.
import { randomUUID } from "node:crypto";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { GeneralErrorBoundary } from "~/components/error-page";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { cmsStats, createContent, getContent, listContent, updateContent } from "~/modules/cms/content.server";
import { deleteImage, getImage, listImages, uploadImage } from "~/modules/cms/images.server";
import { CMS_UPLOAD_MESSAGES, CONTENT_CREATED, CONTENT_UPDATED, IMAGE_UPLOADED, LOAD_FAILED, SETTINGS_SAVED } from "~/modules/cms/rules";
import { CmsFormSchema } from "~/modules/cms/schemas";
import { getSiteSettings, saveSiteSettings } from "~/modules/cms/settings.server";
import { DomainError } from "~/utils/domain-error";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { positiveIntOrNull } from "~/utils/numbers";
import { orRefuse, pageAction } from "~/utils/page-action.server";
import { revalidateAfterConflict } from "~/utils/page-reply";
import { readUploadForm } from "~/utils/uploads.server";
import { CmsStatsBar, CmsTabs, type CmsTab } from "./parts";
import { ContentTab } from "./content-tab";
import { ImagesTab } from "./images-tab";
import { SettingsTab } from "./settings-tab";
import "~/styles/admin-cms.css";

const PATH = "/admin/cms";
const TABS: CmsTab[] = ["content", "images", "settings"];
const tabOf = (value: string | null): CmsTab => (TABS.includes(value as CmsTab) ? (value as CmsTab) : "content");

export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  context.get(adminAuthContext);
  const tab = tabOf(url.searchParams.get("tab"));
  const id = (name: string) => positiveIntOrNull(url.searchParams.get(name));
  const [editId, deleteId] = [id("edit"), id("delete")];
  const [stats, content, images, settings, editing, deleting] = await Promise.all([
    cmsStats(),
    tab === "content" ? listContent() : null,
    tab === "images" ? listImages() : null,
    tab === "settings" ? getSiteSettings() : null,
    tab === "content" && editId ? orRefuse(getContent(editId)) : null,
    tab === "images" && deleteId ? orRefuse(getImage(deleteId)) : null,
  ]);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      tab,
      stats,
      content,
      images,
      settings,
      editing,
      deleting,
      creating: tab === "content" && url.searchParams.get("new") === "1",
      flash,
      // A new key per form shown: a double submit creates one item, one image.
      createKey: randomUUID(),
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  context.get(adminAuthContext);
  let formData: FormData;
  try {
    formData = await readUploadForm(request, { tooLarge: CMS_UPLOAD_MESSAGES.bodyTooLarge });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Too large (413) or not a form (400): the upload form shows why.
    return data(
      { result: { status: "error" as const, initialValue: { intent: "image-upload" }, error: { "": [error.message] } } },
      { status: error.status, headers: error.headers },
    );
  }
  return pageAction(
    formData,
    CmsFormSchema,
    async (form) => {
      switch (form.intent) {
        case "content-create": {
          const { intent: _, create_key, ...input } = form;
          const { item } = await createContent(input, create_key);
          throw redirect(`${PATH}?tab=content#content-${item.id}`, { headers: await flashHeaders(CONTENT_CREATED) });
        }
        case "content-update": {
          const { intent: _, id, ...input } = form;
          await updateContent(id, input);
          throw redirect(`${PATH}?tab=content#content-${id}`, { headers: await flashHeaders(CONTENT_UPDATED) });
        }
        case "image-upload": {
          const { intent: _, create_key, ...fields } = form;
          await uploadImage(fields, formData.get("file"), create_key);
          throw redirect(`${PATH}?tab=images`, { headers: await flashHeaders(IMAGE_UPLOADED) });
        }
        case "image-delete": {
          const { title } = await deleteImage(form.id);
          throw redirect(`${PATH}?tab=images`, { headers: await flashHeaders(`Resim silindi: “${title}”`) });
        }
        case "settings": {
          const { intent: _, version, ...input } = form;
          await saveSiteSettings(input, version);
          throw redirect(`${PATH}?tab=settings`, { headers: await flashHeaders(SETTINGS_SAVED) });
        }
      }
    },
    { hideFields: ["file"] },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "CMS — Sofra Yönetim" }];

export default function CmsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab } = loaderData;
  return (
    <main className="admin-main admin-cms stack">
      <div className="admin-cms__head">
        <h1>İçerik Yönetimi (CMS)</h1>
        <Link className="button" to="/" target="_blank" rel="noopener">
          Siteyi Görüntüle
        </Link>
      </div>
      {loaderData.flash ? (
        <p className="admin-cms__flash" role="status" data-testid="flash">
          {loaderData.flash}
        </p>
      ) : null}
      <CmsStatsBar stats={loaderData.stats} />
      <section className="card admin-cms__panel">
        <CmsTabs current={tab} />
        {tab === "content" && loaderData.content ? (
          <ContentTab
            items={loaderData.content}
            creating={loaderData.creating}
            editing={loaderData.editing}
            createKey={loaderData.createKey}
            actionData={actionData}
          />
        ) : null}
        {tab === "images" && loaderData.images ? (
          <ImagesTab images={loaderData.images} deleting={loaderData.deleting} createKey={loaderData.createKey} actionData={actionData} />
        ) : null}
        {tab === "settings" && loaderData.settings ? <SettingsTab settings={loaderData.settings} actionData={actionData} /> : null}
      </section>
    </main>
  );
}

/** A refusal (404 for an unknown ?edit= or ?delete=) with its message and a way back; anything else is the load failure. */
export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage={LOAD_FAILED} back={{ to: PATH, label: "CMS'e dön" }} />;
