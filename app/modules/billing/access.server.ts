import { DomainError } from "~/utils/domain-error";
import { canAccessFeature, FEATURE_LABELS, isTrialExpired, type AccessInput, type Feature } from "./features";

/** The server side of the premium gate: 403 with the feature's name when it is locked. */
export function requireFeature(restaurant: AccessInput, feature: Feature, now = new Date()): void {
  if (canAccessFeature(restaurant, feature, now)) return;
  const reason = isTrialExpired(restaurant, now)
    ? "Deneme süreniz doldu."
    : restaurant.subscriptionStatus !== "active"
      ? "Aboneliğiniz aktif değil."
      : "Bu özellik planınızda yok.";
  throw new DomainError(403, `${reason} ${FEATURE_LABELS[feature]} için planınızı yükseltin.`, {
    feature,
    upgrade_required: true,
  });
}
