import type { ComponentProps } from "react";
import { Link } from "react-router";
import { useHydrated } from "./use-hydrated";

/**
 * A link that, once JavaScript runs, acts in place (`onActivate`) instead of
 * navigating; without JavaScript it is a plain link whose URL the server
 * understands. For screen state the server also knows how to render (category
 * chips, "select all", a confirmation step).
 */
export function ProgressiveLink({ onActivate, ...props }: ComponentProps<typeof Link> & { onActivate: () => void }) {
  const hydrated = useHydrated();
  return (
    <Link
      replace
      preventScrollReset
      {...props}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onActivate();
      }}
    />
  );
}
