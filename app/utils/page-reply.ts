// The browser's half of the page-action pattern (see page-action.server.ts): no zod, no Conform parsing.
import type { SubmissionResult } from "@conform-to/react";
import type { ShouldRevalidateFunctionArgs } from "react-router";

export const BAD_INTENT = "Geçersiz işlem.";

/** What a page action answers when it refuses: Conform's reply. */
export interface PageReply {
  result: SubmissionResult<string[]>;
}

function isPageReply(value: unknown): value is PageReply {
  return typeof value === "object" && value !== null && "result" in value && typeof value.result === "object" && value.result !== null;
}

/** The messages of a refused post (the form's own, then each field's), for screens whose forms are plain `<Form>`s. */
export function formErrorsOf(actionData: unknown): string[] | undefined {
  if (!isPageReply(actionData)) return undefined;
  const errors = actionData.result.error;
  if (!errors) return undefined;
  const messages = [...(errors[""] ?? []), ...Object.entries(errors).flatMap(([field, list]) => (field === "" ? [] : (list ?? [])))];
  return messages.length > 0 ? messages : undefined;
}

/** A submitted value echoed back in the reply (which table a refused status change was for). */
export function submittedValue(actionData: unknown, name: string): string | undefined {
  if (!isPageReply(actionData)) return undefined;
  const value = (actionData.result.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

/** One field's messages in a refused post ("" for the form's own), for plain `<Form>`s without Conform. */
export function fieldErrorsOf(actionData: unknown, field: string): string[] | undefined {
  if (!isPageReply(actionData)) return undefined;
  const list = actionData.result.error?.[field];
  return list && list.length > 0 ? list : undefined;
}

/**
 * A screen's `shouldRevalidate` when its forms carry a version: a refused save (4xx) keeps the
 * page's data, but after a 409 (changed elsewhere meanwhile) the form must show, and post the
 * version of, what is stored now.
 */
export function revalidateAfterConflict({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}
