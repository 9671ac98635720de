import { useOfflineOrders } from "~/offline/offline-client";

/** "N bekliyor": orders taken on this device that the server has not confirmed yet. */
export function PendingBadge({ restaurantId }: { restaurantId: number | null }) {
  const { waiting, refused } = useOfflineOrders(restaurantId);
  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <span
      className="badge"
      role="status"
      aria-label={`${waiting.length} sipariş gönderilmeyi bekliyor${refused.length ? `, ${refused.length} gönderilemedi` : ""}`}
    >
      {waiting.length} bekliyor
      {refused.length ? ` · ${refused.length} hata` : ""}
    </span>
  );
}
