import "server-only";
import { dailyRevenue } from "@/server/revenue/daily-revenue";
import { getOverview } from "@/server/revenue/overview";
import { checkPeriod, Period } from "@/server/revenue/period";
import { dailyRevenueCsv, vatByCountryCsv } from "@/server/revenue/revenue-csv";
import { vatByCountry } from "@/server/revenue/vat-by-country";
import { revenueByChannel } from "@/server/revenue/revenue-by-channel";
import { Quarter } from "@/server/revenue/oss-return";
import { ossReturnCsv } from "@/server/revenue/oss-return-csv";
import { GameInput, scopeForStaff } from "../game-access";
import { router, viewerProcedure } from "../init";

const PeriodInput = GameInput.extend(Period.shape).superRefine(checkPeriod);
const QuarterInput = GameInput.extend({ quarter: Quarter });

/**
 * Read-only money reports. The CSV exports are queries returning the file's text: the browser turns it
 * into a download, and the session and role checks are the same as for every other procedure.
 */
export const revenueRouter = router({
  overview: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => getOverview(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  daily: viewerProcedure.input(PeriodInput).query(async ({ ctx, input }) =>
    dailyRevenue(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), { from: input.from, to: input.to }),
  ),

  vatByCountry: viewerProcedure.input(PeriodInput).query(async ({ ctx, input }) =>
    vatByCountry(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), { from: input.from, to: input.to }),
  ),

  byChannel: viewerProcedure.input(PeriodInput).query(async ({ ctx, input }) =>
    revenueByChannel(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), { from: input.from, to: input.to }),
  ),

  dailyCsv: viewerProcedure.input(PeriodInput).query(async ({ ctx, input }) =>
    dailyRevenueCsv(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), { from: input.from, to: input.to }),
  ),

  vatByCountryCsv: viewerProcedure.input(PeriodInput).query(async ({ ctx, input }) =>
    vatByCountryCsv(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), { from: input.from, to: input.to }),
  ),

  ossReturnCsv: viewerProcedure.input(QuarterInput).query(async ({ ctx, input }) => ossReturnCsv(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), input.quarter)),
});
