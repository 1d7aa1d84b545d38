import { EMPTY_INPUT, parseMeasurements, storedInput, type MeasurementsInput } from "@/lib/fit/measurements";

const input = (more: Partial<MeasurementsInput> = {}): MeasurementsInput => ({
  ...EMPTY_INPUT,
  doorWidth: "82",
  doorHeight: "203",
  ...more,
});
const errors = (value: unknown) => {
  const r = parseMeasurements(value);
  return r.ok ? [] : r.errors;
};

describe("parseMeasurements", () => {
  test("whole centimetres as typed, trimmed; empty optional fields are not measured", () => {
    expect(parseMeasurements(input({ doorWidth: " 82 ", hallWidth: "95", turnIntoDoor: true }))).toEqual({
      ok: true,
      value: { doorWidth: 82, doorHeight: 203, hallWidth: 95, turnIntoDoor: true },
    });
    expect(parseMeasurements(input({ roomWidth: "250", roomDepth: " " }))).toEqual({
      ok: true,
      value: { doorWidth: 82, doorHeight: 203, roomWidth: 250, turnIntoDoor: false },
    });
  });

  test("the door's width and height are needed, each message naming its field", () => {
    expect(errors(input({ doorWidth: "", doorHeight: "  " }))).toEqual([
      { field: "doorWidth", message: "Door width: enter the door width in centimetres" },
      { field: "doorHeight", message: "Door height: enter the door height in centimetres" },
    ]);
    expect(errors({})).toEqual([
      { field: "doorWidth", message: "Door width: enter the door width in centimetres" },
      { field: "doorHeight", message: "Door height: enter the door height in centimetres" },
    ]);
  });

  test("not whole centimetres: decimals, units, words, negatives", () => {
    for (const typed of ["82.5", "82cm", "eighty", "-82", "1e2", "0x50", "８２"]) {
      expect(errors(input({ doorWidth: typed }))).toEqual([
        { field: "doorWidth", message: "Door width: enter whole centimetres, like 82" },
      ]);
    }
    expect(errors(input({ hallWidth: "9O" }))).toEqual([
      { field: "hallWidth", message: "Hallway or stair width: enter whole centimetres, like 90" },
    ]);
  });

  test("out of any real doorway, hallway or room's range", () => {
    expect(errors(input({ doorWidth: "39", doorHeight: "351", hallWidth: "5000", roomDepth: "10" }))).toEqual([
      { field: "doorWidth", message: "Door width: enter 40 to 250 cm" },
      { field: "doorHeight", message: "Door height: enter 150 to 350 cm" },
      { field: "hallWidth", message: "Hallway or stair width: enter 40 to 500 cm" },
      { field: "roomDepth", message: "Space out from the wall: enter 30 to 2000 cm" },
    ]);
    expect(parseMeasurements(input({ doorWidth: "40", doorHeight: "350" })).ok).toBe(true);
  });

  test("hostile input: wrong types, no object, a prototype key; never a throw", () => {
    expect(errors(null).length).toBeGreaterThan(0);
    expect(errors([]).length).toBeGreaterThan(0);
    expect(errors("82x203").length).toBeGreaterThan(0);
    expect(errors(input({ doorWidth: 82 as unknown as string }))).toEqual([
      { field: "doorWidth", message: "Door width: enter the door width in centimetres" },
    ]);
    expect(errors(input({ turnIntoDoor: "yes" as unknown as boolean }))).toEqual([
      { field: "turnIntoDoor", message: "Turn into the door: yes or no" },
    ]);
    const polluted = JSON.parse('{"doorWidth":"82","doorHeight":"203","__proto__":{"hallWidth":"1"}}');
    expect(parseMeasurements(polluted)).toEqual({
      ok: true,
      value: { doorWidth: 82, doorHeight: 203, turnIntoDoor: false },
    });
    expect(errors(input({ doorWidth: "8".repeat(100_000) }))[0]?.field).toBe("doorWidth");
  });
});

describe("storedInput: what the browser kept from last time", () => {
  test("gives back the fields as they were typed", () => {
    const kept = input({ hallWidth: "95", turnIntoDoor: true });
    expect(storedInput(JSON.stringify(kept))).toEqual(kept);
  });

  test("nothing, broken JSON or something else entirely is an empty form", () => {
    for (const raw of [null, "", "{", "null", "42", '"82"', "[]"]) expect(storedInput(raw)).toEqual(EMPTY_INPUT);
  });

  test("drops fields of the wrong type or shape, and keys it does not know", () => {
    const raw = JSON.stringify({
      doorWidth: 82,
      doorHeight: "2030000",
      hallWidth: "<b>",
      roomWidth: "250",
      turnIntoDoor: "yes",
      extra: "x",
    });
    expect(storedInput(raw)).toEqual({ ...EMPTY_INPUT, roomWidth: "250" });
  });
});
