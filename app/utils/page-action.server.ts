// The one pattern of page actions (forms that post without JavaScript):
//
//   export async function action({ request, context }: Route.ActionArgs) {
//     const auth = context.get(restaurantAuthContext);
//     return pageAction(await request.formData(), ManagerPanelForm, async (form) => {
//       switch (form.intent) { case "table-status": ...; throw redirect(...) }
//     });
//   }
//
// The form's Zod schema parses the post (an `intent` discriminated union when a
// screen has several forms); a refusal by the domain (DomainError, throttling
// included) becomes Conform's reply with the DomainError's status and headers.
// Anything else is a bug and reaches the route's error boundary as a 500.
// The component reads the reply with `formErrorsOf(actionData)` or Conform's
// `useForm({ lastResult: actionData?.result })`.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { DomainError } from "./domain-error";
import { BAD_INTENT } from "./page-reply";

export type { PageReply } from "./page-reply";

interface PageActionOptions<Value> {
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** Runs before the refusal is answered (say, dropping a draft the refusal made stale). */
  onRefusal?: (error: DomainError, value: Value) => Promise<void> | void;
}

export async function pageAction<Schema extends z.ZodType, Result>(
  formData: FormData,
  schema: Schema,
  run: (value: z.output<Schema>) => Promise<Result>,
  { hideFields, onRefusal }: PageActionOptions<z.output<Schema>> = {},
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  try {
    return await run(submission.value);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await onRefusal?.(error, submission.value);
    // A refusal that names a field (the e-mail already taken) shows on that field.
    const field = "field" in error && typeof error.field === "string" ? error.field : null;
    const reply = field
      ? submission.reply({ fieldErrors: { [field]: [error.message] }, hideFields })
      : submission.reply({ formErrors: [error.message], hideFields });
    return data({ result: reply }, { status: error.status, headers: error.headers });
  }
}

/** A post whose `intent` names no form of the screen (a stale page, a hand-made request). */
export function badIntent(): never {
  throw new DomainError(400, BAD_INTENT);
}

/** A refusal while a page reads (another restaurant's id in ?edit=): the zone's error page with its status. */
export async function orRefuse<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DomainError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
