import type { CSSProperties } from "react";

/**
 * The one way a component hands a value to its stylesheet: custom properties that the CSS reads
 * (a bar's width, a table's place on the floor plan, an animation's length). Everything else is
 * a class. The lint rule against inline styles (eslint.config.js) lets `style={cssVars(…)}` through
 * and nothing else, so a style attribute can only ever carry such variables.
 */
export function cssVars(vars: Record<`--${string}`, string | number>): CSSProperties {
  return vars as CSSProperties;
}
