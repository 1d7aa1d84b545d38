import { SHOP_OFFSET_MS, SHOP_TIME_ZONE, SHOP_UTC_OFFSET, shopTime } from "@/lib/config/shop-time";

describe("the shop's clock", () => {
  test.each(["2027-01-15T10:00:00Z", "2027-07-15T10:00:00Z"])(
    "the fixed offset is the zone's own, summer and winter (%s)",
    (iso) => {
      const at = new Date(iso);
      const wall = new Intl.DateTimeFormat("en-GB", {
        timeZone: SHOP_TIME_ZONE,
        timeZoneName: "longOffset",
      }).formatToParts(at);
      expect(wall.find((p) => p.type === "timeZoneName")!.value).toBe(`GMT${SHOP_UTC_OFFSET}`);
      const hour = Number(
        new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, hour: "2-digit", hourCycle: "h23" }).format(at),
      );
      expect(hour).toBe(new Date(at.getTime() + SHOP_OFFSET_MS).getUTCHours());
    },
  );

  test("a South African day and time is the instant two hours earlier in UTC", () => {
    expect(new Date(shopTime("2027-03-31", "23:59:59")).toISOString()).toBe("2027-03-31T21:59:59.000Z");
    expect(shopTime("2027-03-31")).toBe("2027-03-31T00:00:00+02:00");
  });
});
