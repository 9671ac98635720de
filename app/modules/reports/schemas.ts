import { z } from "zod";
import { BAD_PERIOD, BAD_TYPE, REPORT_PERIODS, REPORT_TYPES } from "./detailed";

/** ?type=&period= of the API, the CSV and the page's GET form: a sales report of today when left out. */
export const ReportQuerySchema = z.object({
  type: z.enum(REPORT_TYPES, { error: BAD_TYPE }).default("sales"),
  period: z.enum(REPORT_PERIODS, { error: BAD_PERIOD }).default("daily"),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;
