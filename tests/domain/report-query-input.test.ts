// The detailed report's and the export's bad choices, through the API's own query parsing (moved
// here from tests/integration/detailed-reports.test.ts, which keeps one case for the HTTP contract).
import { describe, expect, it } from "vitest";
import { ReportQuerySchema } from "~/modules/reports/schemas";
import { readQuery } from "~/utils/http.server";
import { apiAnswer } from "../setup/domain-api";

const BAD_TYPE = "Rapor türü şunlardan biri olmalıdır: sales, inventory, staff.";
const BAD_PERIOD = "Dönem şunlardan biri olmalıdır: daily, weekly, monthly, yearly.";

describe("GET /api/reports/detailed and /api/reports/export refuse a bad choice", () => {
  it.each([
    ["/api/reports/detailed?type=sales&period=hourly", BAD_PERIOD],
    ["/api/reports/detailed?type=orders&period=daily", BAD_TYPE],
    ["/api/reports/detailed?type=&period=daily", BAD_TYPE],
    ["/api/reports/export?type=sales&period=decade", BAD_PERIOD],
    ["/api/reports/export?type=SALES&period=daily", BAD_TYPE],
  ])("%s → 400 with a Turkish detail", async (path, detail) => {
    expect(await apiAnswer(() => readQuery(new URL(path, "http://sofra.test"), ReportQuerySchema))).toMatchObject({ status: 400, detail });
  });

  it("without a choice, the daily sales report", () => {
    expect(readQuery(new URL("http://sofra.test/api/reports/detailed"), ReportQuerySchema)).toEqual({ type: "sales", period: "daily" });
  });
});
