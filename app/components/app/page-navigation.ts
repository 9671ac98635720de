// Whether the page is between two screens: a form's post and the redirect after it, a link's
// loaders. A 401 heard meanwhile may be the end of the session the page is leaving on purpose (the
// owner made this browser the shared tablet, and the PIN pad is on its way): whoever heard it
// waits for the move to end, then asks whether it still speaks for the page (live-client.ts,
// api-client.ts). The restaurant layout's NavigationWatch reports React Router's navigation state
// here (kept out of this module, which the pages' API client loads without React Router).

let moving = false;
let waiting: (() => void)[] = [];
/** A form the browser posts itself does not say when it is over: a download leaves the page where it was. */
const NATIVE_MOVE_MS = 10_000;

export function noteNavigation(next: boolean) {
  moving = next;
  if (next) return;
  const done = waiting;
  waiting = [];
  for (const resolve of done) resolve();
}

/** Resolves at once between moves, or when the move in progress has ended (or its screen left). */
export function navigationSettled(): Promise<void> {
  return moving ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve();
}

/**
 * A form the browser posts itself (tapped before the page's JavaScript took over, on a slow
 * phone): the page is going away. The stream may still connect meanwhile and be refused (the post
 * ended the session), and its probe must not overtake the post's redirect.
 */
export function watchNativeSubmits(target: Pick<Window, "addEventListener">) {
  target.addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    noteNavigation(true);
    setTimeout(() => noteNavigation(false), NATIVE_MOVE_MS);
  });
}
// At load, before hydration: a bubbling listener on window hears a submit after React Router's own
// handler has taken it (defaultPrevented) or left it to the browser.
if (typeof window !== "undefined") watchNativeSubmits(window);
