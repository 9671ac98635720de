import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CONFORM_INTENT, createFieldCheckGate, isSubmitPending, type FieldCheckGate, type NavigationLike } from "./field-checks";

// /signup's form as the router sees it: field checks (Conform's __intent__ on blur) and the real
// submit are navigations to the same action, whose replies the test lets out in any order.

interface Reply {
  kind: "check" | "submit";
  field?: string;
  answer: (value: unknown) => void;
}

function signupPage(gate?: FieldCheckGate) {
  const replies: Reply[] = [];
  const router = createMemoryRouter(
    [
      {
        id: "signup",
        path: "/signup",
        loader: () => null,
        action: async ({ request }) => {
          const formData = await request.formData();
          const intent = formData.get(CONFORM_INTENT);
          const field = intent ? (JSON.parse(String(intent)) as { payload: { name: string } }).payload.name : undefined;
          return new Promise((answer) => replies.push({ kind: intent ? "check" : "submit", field, answer }));
        },
      },
    ],
    { initialEntries: ["/signup"], hydrationData: { loaderData: { signup: null } } },
  );
  router.initialize();
  // The navigation the component last rendered: React shows the router's state a little later.
  let rendered: NavigationLike = router.state.navigation;
  const post = (isCheck: boolean, field?: string) => {
    if (gate && !gate.allow(isCheck, rendered)) return false;
    const formData = new FormData();
    formData.set("email", "ali@ornek.com");
    if (isCheck) formData.set(CONFORM_INTENT, JSON.stringify({ type: "validate", payload: { name: field } }));
    void router.navigate("/signup", { formMethod: "post", formData });
    return true;
  };
  return {
    router,
    replies,
    /** A field left: Conform posts its check. False when the gate dropped it. */
    blur: (field: string) => post(true, field),
    submit: () => post(false),
    /** React renders the router's state (and the effect tells the gate). */
    render() {
      rendered = router.state.navigation;
      gate?.settle(rendered);
    },
    async answer(kind: Reply["kind"], value: unknown, field?: string) {
      await until(() => replies.some((r) => r.kind === kind && r.field === field));
      replies.find((r) => r.kind === kind && r.field === field)!.answer(value);
      await settled(router);
    },
    actionData: () => router.state.actionData?.signup as unknown,
  };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 1));
  expect(condition()).toBe(true);
}

async function settled(router: ReturnType<typeof createMemoryRouter>) {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 1));
  return router.state;
}

let pages: ReturnType<typeof signupPage>[] = [];
const open = (gate?: FieldCheckGate) => {
  const page = signupPage(gate);
  pages.push(page);
  return page;
};
afterEach(() => {
  for (const page of pages) page.router.dispose();
  pages = [];
});

describe("field checks and the submit of a server-checked form", () => {
  it("a check's reply that comes after the newer submit's is ignored", async () => {
    const page = open(createFieldCheckGate());
    expect(page.blur("restaurant_name")).toBe(true);
    page.render();
    expect(page.submit()).toBe(true);
    await page.answer("submit", "submit's errors");
    await page.answer("check", "late check", "restaurant_name");
    expect(page.actionData()).toBe("submit's errors");
    expect(page.router.state.navigation.state).toBe("idle");
  });

  it("a check's reply that comes after a newer check's is ignored", async () => {
    const page = open(createFieldCheckGate());
    page.blur("email");
    page.render();
    page.blur("password");
    await page.answer("check", "password checked", "password");
    await page.answer("check", "stale email check", "email");
    expect(page.actionData()).toBe("password checked");
  });

  it("without the gate, a check sent while the submit is on its way cancels the submit (the bug)", async () => {
    const page = open();
    page.submit();
    page.render();
    page.blur("phone");
    await page.answer("check", "check's reply", "phone");
    await page.answer("submit", "submit's errors");
    expect(page.actionData()).toBe("check's reply");
  });

  it("a check that would go out while the submit is on its way is dropped: the submit wins", async () => {
    const page = open(createFieldCheckGate());
    page.submit();
    page.render();
    expect(isSubmitPending(page.router.state.navigation)).toBe(true);
    expect(page.blur("phone")).toBe(false);
    await page.answer("submit", "submit's errors");
    expect(page.actionData()).toBe("submit's errors");
    expect(page.replies.filter((r) => r.kind === "check")).toHaveLength(0);
  });

  it("a check right after the submit, before React renders it, is dropped too", async () => {
    const page = open(createFieldCheckGate());
    page.submit();
    // No render yet: the component still shows an idle router.
    expect(page.blur("phone")).toBe(false);
    page.render();
    await page.answer("submit", "submit's errors");
    expect(page.actionData()).toBe("submit's errors");
  });

  it("once the submit is answered, fields are checked again", async () => {
    const page = open(createFieldCheckGate());
    page.submit();
    page.render();
    await page.answer("submit", "submit's errors");
    page.render();
    expect(page.blur("first_name")).toBe(true);
    await page.answer("check", "first name checked", "first_name");
    expect(page.actionData()).toBe("first name checked");
  });
});
