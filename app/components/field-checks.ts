// Conform's field checks (decision 018) and the real submit of the same page share one channel:
// both are navigations of the router, and a navigation cancels the one before it. A check sent
// before the submit is therefore cancelled by it (its late reply never lands), and a newer check
// cancels an older one; what is left is a check sent *after* the submit (a blur once Enter was
// pressed, a field left while the button waits): it would cancel the submit and its reply (the
// redirect, the errors) for the check's. The gate below drops such a check: a submit always wins.

/** The field Conform posts when it asks the server to check a field (on blur); never a real submit. */
export const CONFORM_INTENT = "__intent__";

/** What the gate needs of the router's navigation (`useNavigation()`). */
export interface NavigationLike {
  state: "idle" | "loading" | "submitting";
  formData?: FormData;
}

/** A real submit (not a field check) is on its way, or the page it leads to is loading. */
export function isSubmitPending(navigation: NavigationLike) {
  return navigation.state !== "idle" && navigation.formData !== undefined && !navigation.formData.has(CONFORM_INTENT);
}

/** True when a submit event was started by Conform's hidden check button. */
export function isFieldCheckEvent(event: Event) {
  const submitter = (event as SubmitEvent).submitter;
  return submitter?.getAttribute("name") === CONFORM_INTENT;
}

export interface FieldCheckGate {
  /**
   * Asked on every submit event of the form: false means "drop it" (preventDefault). `navigation`
   * is the router's as last rendered; the gate also remembers a submit of its own that the render
   * has not shown yet.
   */
  allow(isCheck: boolean, navigation: NavigationLike): boolean;
  /** The router's navigation (or the action's reply) changed: an idle router ends the form's submit. */
  settle(navigation: NavigationLike): void;
}

export function createFieldCheckGate(): FieldCheckGate {
  let submitSent = false;
  return {
    allow(isCheck, navigation) {
      if (!isCheck) {
        submitSent = true;
        return true;
      }
      return !submitSent && !isSubmitPending(navigation);
    },
    settle(navigation) {
      if (navigation.state === "idle") submitSent = false;
    },
  };
}
