// The options an order line chose (decision 082), as the order line, its kitchen ticket line and
// its bill keep them: a JSON list with the names as they were when ordered. Here, below the
// modules, because orders (menu) and kitchen tickets both read it.

/** An option as an order line, its ticket and its bill keep it: the names as they were when ordered. */
export interface ChosenOption {
  id: number;
  group: string;
  name: string;
  price_delta: number;
}

/** A line's options as stored (JSON text, or null for none). */
export function readChosen(stored: string | null | undefined): ChosenOption[] {
  if (!stored) return [];
  try {
    const list = JSON.parse(stored) as unknown;
    return Array.isArray(list) ? (list as ChosenOption[]) : [];
  } catch {
    return [];
  }
}

/** What makes two lines the same plate as far as options go: the chosen ids, in order. */
export const optionKey = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(",");

/** The ids of a stored choice. */
export const chosenIds = (stored: string | null | undefined) => readChosen(stored).map((o) => o.id);
