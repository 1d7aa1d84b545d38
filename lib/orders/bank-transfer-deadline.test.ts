import { bankTransferHoldConfig, payByAfterReminder, payByFor } from "@/lib/orders/bank-transfer-hold";
import { formatPayBy, payByNotice } from "@/lib/orders/format";
import { setEnv } from "@/lib/config/set-env";

const HOUR = 3_600_000;

describe("a bank transfer's deadline", () => {
  let restore = () => {};
  afterEach(() => restore());

  test("is the end of the seventh day after the order, in South African time", () => {
    // 12:00 in Johannesburg on Friday 7 March: pay by the end of Friday 14 March.
    const noon = payByFor(new Date("2025-03-07T10:00:00Z"));
    expect(noon.toISOString()).toBe("2025-03-14T22:00:00.000Z");
    expect(formatPayBy(noon)).toBe("Friday, 14 March 2025");
    expect(payByNotice(noon)).toBe("Please pay by Friday, 14 March 2025, or the order is cancelled.");
    // 00:30 on Saturday 8 March there (still the 7th in UTC): the days count from the 8th.
    const pastMidnight = payByFor(new Date("2025-03-07T22:30:00Z"));
    expect(pastMidnight.toISOString()).toBe("2025-03-15T22:00:00.000Z");
    expect(formatPayBy(pastMidnight)).toBe("Saturday, 15 March 2025");
  });

  test("follows BANK_TRANSFER_HOLD_DAYS and BANK_TRANSFER_REMINDER_HOURS", () => {
    restore = setEnv({ BANK_TRANSFER_HOLD_DAYS: "3", BANK_TRANSFER_REMINDER_HOURS: "48" });
    expect(bankTransferHoldConfig()).toEqual({ holdDays: 3, reminderHours: 48 });
    expect(payByFor(new Date("2025-03-07T10:00:00Z")).toISOString()).toBe("2025-03-10T22:00:00.000Z");
    restore();
    expect(bankTransferHoldConfig()).toEqual({ holdDays: 7, reminderHours: 24 });
  });

  test.each([
    ["BANK_TRANSFER_HOLD_DAYS", "0"],
    ["BANK_TRANSFER_HOLD_DAYS", "7.5"],
    ["BANK_TRANSFER_HOLD_DAYS", "seven"],
    ["BANK_TRANSFER_HOLD_DAYS", "61"],
    ["BANK_TRANSFER_REMINDER_HOURS", "0"],
    ["BANK_TRANSFER_REMINDER_HOURS", "168"],
  ])("refuses %s=%s, naming it", (name, value) => {
    restore = setEnv({ [name]: value });
    expect(() => bankTransferHoldConfig()).toThrow(name);
  });

  test("a reminder sent on time keeps the date; a late one gives a day's notice", () => {
    const payBy = new Date("2025-03-14T22:00:00Z");
    expect(payByAfterReminder(payBy, new Date(payBy.getTime() - 23 * HOUR), 24)).toEqual(payBy);
    const late = new Date("2025-03-16T08:00:00Z");
    expect(payByAfterReminder(payBy, late, 24).toISOString()).toBe("2025-03-17T22:00:00.000Z");
  });
});
