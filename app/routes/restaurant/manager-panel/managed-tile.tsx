import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { TableTile } from "~/components/app/table-tile";
import type { TableDto } from "~/modules/tables/tables.server";
import { withParams } from "~/utils/url";

const LONG_PRESS_MS = 550;

/**
 * The finger that held a tile down is still on the screen when the status sheet
 * opens under it: its release must not pick the option it lands on (SERVİS
 * DIŞI on a free table). The one click that release makes is dropped.
 */
function swallowNextClick() {
  const swallow = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
    stop();
  };
  // A new touch is a new tap, whose click is the user's own. Not a fixed delay: on a busy phone
  // the sheet can take more than a second to open, and the holding finger's release still follows.
  const newTap = () => stop();
  const stop = () => {
    window.removeEventListener("click", swallow, true);
    window.removeEventListener("pointerdown", newTap, true);
    clearTimeout(expiry);
  };
  // On window, capturing: before React's own listener on the document sees it.
  window.addEventListener("click", swallow, true);
  window.addEventListener("pointerdown", newTap, true);
  // A release that never clicks (the finger slid away) must not leave the listener for ever.
  const expiry = setTimeout(stop, 10_000);
}

/** A table tile whose status menu opens on right-click or long-press, or from its ⋯ link. */
export function ManagedTile({ table, onMenu }: { table: TableDto; onMenu: () => void }) {
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return (
    <TableTile
      table={table}
      to={table.status === "occupied" ? `/payments?table=${table.number}` : `/app/order-taking?table=${table.number}`}
      onContextMenu={(e) => {
        e.preventDefault();
        onMenu();
      }}
      onPointerDown={(e) => {
        if (e.pointerType === "mouse") return;
        longPressed.current = false;
        timer.current = setTimeout(() => {
          longPressed.current = true;
          swallowNextClick();
          onMenu();
        }, LONG_PRESS_MS);
      }}
      onPointerUp={cancel}
      onClickCapture={(e) => {
        // A long press opened the menu; the click that ends it must not follow the tile's link.
        if (longPressed.current) {
          e.preventDefault();
          e.stopPropagation();
          longPressed.current = false;
        }
      }}
    >
      <Link
        className="table-tile__menu"
        to={withParams(location, { table_status: String(table.number) })}
        preventScrollReset
        aria-label={`Masa ${table.number} durumunu değiştir`}
      >
        ⋯
      </Link>
    </TableTile>
  );
}
