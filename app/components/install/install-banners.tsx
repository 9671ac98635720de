import { InstallBanner } from "./install-banner";
import { IosInstallBanner } from "./ios-install-banner";

/** Both install banners, rendered once by the root layout on every page. */
export function InstallBanners() {
  return (
    <>
      <InstallBanner />
      <IosInstallBanner />
    </>
  );
}
