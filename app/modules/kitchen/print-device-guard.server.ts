// The guard of the print agent's endpoints (decision 080): the layout routes/api/print-agent.ts
// runs it for every endpoint below it. Only `Authorization: Bearer <device token>` counts: a
// session (cookie or bearer) opens none of them, and a device token opens nothing outside them.
import { createContext, type MiddlewareFunction } from "react-router";
import { apiError } from "~/utils/http.server";
import { PRINT_TOKEN_INVALID, PRINT_TOKEN_REQUIRED } from "./print-devices";
import { findPrintDeviceByToken, type PrintDeviceAuth } from "./print-devices.server";

export const printDeviceContext = createContext<PrintDeviceAuth>();

export const requirePrintDevice: MiddlewareFunction<Response> = async ({ request, context }) => {
  const header = request.headers.get("authorization");
  if (!header) throw apiError(401, PRINT_TOKEN_REQUIRED);
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const device = token ? await findPrintDeviceByToken(token) : null;
  if (!device) throw apiError(401, PRINT_TOKEN_INVALID);
  context.set(printDeviceContext, device);
};
