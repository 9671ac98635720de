import type { ReactNode } from "react";
import { Link } from "react-router";
import { AppHeader, LogoutButton } from "~/components/app/app-header";
import { SwitchUserButton, useOnSharedTablet } from "~/components/app/shared-tablet";

/**
 * The header of a staff member's own screen (staff panel, kitchen): their name, the way back to role
 * selection for an owner or admin who chose this role, otherwise their profile; then what the screen
 * adds (`children`) and the logout button ("Kullanıcı değiştir" on the restaurant's shared tablet).
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
  // On the restaurant's shared tablet the next person is one tap away; elsewhere, logging out.
  const onSharedTablet = useOnSharedTablet();
  return (
    <AppHeader title={title} backTo={choosesRole ? "/app/role-selection" : undefined} backLabel="Rol seçimine dön">
      {choosesRole || onSharedTablet ? null : (
        <Link className="button" to="/app/profile">
          Profilim
        </Link>
      )}
      {children}
      {onSharedTablet ? <SwitchUserButton /> : <LogoutButton />}
    </AppHeader>
  );
}
