import { dayHistory, type OrderEventDto } from "~/modules/orders/history.server";
import { dailyReport, type DailyReport } from "~/modules/reports/daily.server";

/** The manager panel's day: its figures and its history of voids, ikram and discounts. */
export interface PanelFigures {
  report: DailyReport;
  history: OrderEventDto[];
  /** When they were read (ms since the epoch, the server's clock): the screen keeps the newer of two reads. */
  readAt: number;
}

export async function panelFigures(restaurantId: number, timeZone: string): Promise<PanelFigures> {
  const readAt = Date.now();
  const [report, history] = await Promise.all([dailyReport(restaurantId, timeZone), dayHistory(restaurantId, timeZone)]);
  return { report, history, readAt };
}
