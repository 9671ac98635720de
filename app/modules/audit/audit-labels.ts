// What the audit log's actions are called on the member page (client-safe: no server code).
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  plan_change: "Plan değişikliği",
  suspend: "Askıya alma",
  reactivate: "Yeniden etkinleştirme",
  cancel: "İptal",
  invoice_paid: "Havale alındı",
  application_approved: "Başvuru onaylandı",
  application_rejected: "Başvuru reddedildi",
};

/** Audit rows shown on a member's page. */
export const MEMBER_AUDIT_ROWS = 20;
