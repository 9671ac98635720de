// The layout of the print agent's endpoints (/api/print-devices/me/*, decision 080): its
// middleware wants a print device's token and puts the device in `printDeviceContext`. It sits
// outside the session layout: a device token opens nothing else, and a session opens none of these.
import { requirePrintDevice } from "~/modules/kitchen/print-device-guard.server";

export const middleware = [requirePrintDevice];
