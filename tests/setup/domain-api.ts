// What an API route answers for a refusal, without the HTTP: validate() throws the 400 Response
// (the detail and the messages by field), a module throws a DomainError; toApiResponse maps
// both as handleApi does. Domain tests use it to check a rule's status and Turkish message.
import { toApiResponse } from "~/utils/api.server";

export interface Answer {
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
  [key: string]: unknown;
}

/** Runs what a route runs; a refusal becomes the status and JSON body the API would send. */
export async function apiAnswer(run: () => unknown): Promise<Answer> {
  try {
    await run();
    return { status: 200 };
  } catch (error) {
    const response = toApiResponse(error);
    return { status: response.status, ...((await response.json()) as object) };
  }
}

/** A JSON body as the server reads it (undefined fields dropped, numbers and strings as sent). */
export const asJson = <T>(body: T): T => JSON.parse(JSON.stringify(body)) as T;
