import type { ComponentProps } from "react";
import { Link } from "react-router";

/**
 * A link that, once JavaScript runs, acts in place (`onActivate`) instead of
 * navigating; without JavaScript it is a plain link whose URL the server
 * understands. For screen state the server also knows how to render (category
 * chips, "select all", a confirmation step). Its click handler runs only with
 * JavaScript, so it needs no "hydrated" check.
 */
export function ProgressiveLink({ onActivate, ...props }: ComponentProps<typeof Link> & { onActivate: () => void }) {
  return (
    <Link
      replace
      preventScrollReset
      {...props}
      onClick={(event) => {
        event.preventDefault();
        onActivate();
      }}
    />
  );
}
