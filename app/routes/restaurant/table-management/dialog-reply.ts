import { fieldErrorsOf, submittedValue } from "~/utils/page-reply";

/** The URL parameters that open the screen's dialogs and panels: a link that opens one closes the rest. */
export const CLOSE_ALL = {
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
export function replyFor(actionData: unknown, intent: string, id?: number) {
  const mine = submittedValue(actionData, "intent") === intent && (id === undefined || submittedValue(actionData, "id") === String(id));
  return {
    /** The refused post's answer when it was this dialog's, for the shared dialogs that read it whole. */
    actionData: mine ? actionData : undefined,
    errors: (name: string) => (mine ? fieldErrorsOf(actionData, name) : undefined),
    value: (name: string, fallback: string) => (mine ? (submittedValue(actionData, name) ?? fallback) : fallback),
  };
}

export type DialogReply = ReturnType<typeof replyFor>;
