import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { afterSettlement, billOf, dueOf, settleLines, settleMoney, shareAmount, sumOf, type OrderAccount } from "./split";

// Hesap bölme's arithmetic (decision 086): whatever the parts, they add up to the bill to the kuruş.

const D = (v: string | number) => new Prisma.Decimal(v);
const order = (id: number, lines: string): OrderAccount => ({
  orderId: id,
  lines: D(lines),
  paidLines: D(0),
  paidService: D(0),
  discounts: D(0),
});
const money = (v: Prisma.Decimal) => v.toFixed(2);

/** Pays `amounts` one after the other over the orders; returns what each charged and the accounts after. */
function payInTurn(
  orders: OrderAccount[],
  rate: string,
  next: (remaining: Prisma.Decimal, total: Prisma.Decimal) => Prisma.Decimal | null,
) {
  let accounts = orders;
  const charged: Prisma.Decimal[] = [];
  const total = sumOf(accounts.map((o) => billOf(o, rate)));
  for (let guard = 0; guard < 100; guard++) {
    const remaining = sumOf(accounts.map((o) => dueOf(o, rate)));
    if (remaining.lte(0)) break;
    const amount = next(remaining, total);
    if (amount === null) break;
    const parts = settleMoney(
      accounts.filter((o) => dueOf(o, rate).gt(0)),
      amount,
      rate,
    );
    charged.push(sumOf(parts.map((p) => p.amount)));
    accounts = accounts.map((o) => {
      const s = parts.find((p) => p.orderId === o.orderId);
      return s ? afterSettlement(o, s) : o;
    });
  }
  return { charged, accounts, total };
}

describe("equal shares", () => {
  it("₺610 of lines with 10 % service (₺671,00) in three: 223,66 + 223,66 + 223,68", () => {
    const { charged, accounts, total } = payInTurn([order(1, "610.00")], "10", (remaining, total) => shareAmount(total, remaining, 3, 1));
    expect(money(total)).toBe("671.00");
    expect(charged.map(money)).toEqual(["223.66", "223.66", "223.68"]);
    expect(accounts[0]!.paidLines.toFixed(2)).toBe("610.00");
    // The service charge charged in parts is the order's own, to the kuruş.
    expect(money(accounts[0]!.paidService)).toBe("61.00");
  });

  it("two of three at once, then the last", () => {
    const rate = "12.5";
    const { charged, total } = payInTurn([order(1, "100.01"), order(2, "33.33")], rate, (remaining, total) =>
      shareAmount(total, remaining, 3, remaining.eq(sumOf([billOf(order(1, "100.01"), rate), billOf(order(2, "33.33"), rate)])) ? 2 : 1),
    );
    expect(money(sumOf(charged))).toBe(money(total));
    expect(charged).toHaveLength(2);
  });

  it("₺100 in three: 33,33 + 33,33 + 33,34", () => {
    const { charged } = payInTurn([order(1, "100.00")], "0", (remaining, total) => shareAmount(total, remaining, 3, 1));
    expect(charged.map(money)).toEqual(["33.33", "33.33", "33.34"]);
  });

  it("a share of nothing is refused (null)", () => {
    expect(shareAmount("0.05", "0.05", 10, 1)).toBeNull();
  });

  it("any count, any service charge: the shares add up to the bill exactly", () => {
    for (const [lines, rate] of [
      ["100.00", "0"],
      ["999.99", "10"],
      ["0.10", "0"],
      ["1234.57", "7.5"],
      ["45.00", "15"],
    ] as const) {
      for (let count = 2; count <= 9; count++) {
        const { charged, total, accounts } = payInTurn([order(1, lines), order(2, "17.35")], rate, (remaining, total) =>
          shareAmount(total, remaining, count, 1),
        );
        expect(money(sumOf(charged)), `${lines} @${rate}% in ${count}`).toBe(money(total));
        expect(accounts.every((a) => a.paidLines.eq(a.lines))).toBe(true);
      }
    }
  });
});

describe("typed amounts and chosen lines", () => {
  it("an amount reaching into the second order settles the first whole and charges exactly the rest on the second", () => {
    const parts = settleMoney([order(1, "100.00"), order(2, "200.00")], "150.00", "10");
    expect(parts.map((p) => [p.orderId, money(p.lines), money(p.serviceCharge), money(p.amount), p.closes])).toEqual([
      [1, "100.00", "10.00", "110.00", true],
      [2, "36.36", "3.64", "40.00", false],
    ]);
  });

  it("chosen lines with a code: the discount comes off the lines first, the service charge is on what is left", () => {
    const [part] = settleLines([{ order: order(1, "300.00"), lines: D("100.00"), closes: false }], "20.00", "10");
    expect([money(part!.discount), money(part!.serviceCharge), money(part!.amount)]).toEqual(["20.00", "8.00", "88.00"]);
    // The rest of the order then owes its lines (₺200) and the service charge left on its net bill (₺28 − ₺8).
    const after = afterSettlement(order(1, "300.00"), part!);
    expect(money(dueOf(after, "10"))).toBe("220.00");
    expect(money(part!.amount.add(dueOf(after, "10")))).toBe(money(billOf(after, "10")));
  });
});
