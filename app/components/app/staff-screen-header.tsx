import type { ReactNode } from "react";
import { Link } from "react-router";
import { AppHeader, LogoutButton } from "~/components/app/app-header";

/**
 * The header of a staff member's own screen (staff panel, kitchen): their name, the way back to role
 * selection for an owner or admin who chose this role, otherwise their profile; then what the screen
 * adds (`children`) and the logout button.
 */
export function StaffScreenHeader({
  title,
  choosesRole,
  children,
}: {
  title: ReactNode;
  /** An owner or admin came here from role selection; staff accounts have one role and skip it. */
  choosesRole: boolean;
  children?: ReactNode;
}) {
  return (
    <AppHeader title={title} backTo={choosesRole ? "/app/role-selection" : undefined} backLabel="Rol seçimine dön">
      {choosesRole ? null : (
        <Link className="button" to="/app/profile">
          Profilim
        </Link>
      )}
      {children}
      <LogoutButton />
    </AppHeader>
  );
}
