import { registerSchema } from "@/lib/auth/schemas";
import { passwordProblem } from "@/lib/auth/passwords";
import { PASSWORD_MIN_LENGTH, REGISTER_RULES, registerErrors, type RegisterField } from "@/lib/auth/register-fields";

const good = {
  first_name: "Thandi",
  last_name: "Mokoena",
  email: "thandi@example.co.za",
  password: "a long enough one",
};

describe("the create-account form's rules", () => {
  test("an empty form asks for each required field, in words that say what to do", () => {
    expect(registerErrors({})).toEqual([
      ["first_name", "Enter your first name"],
      ["last_name", "Enter your last name"],
      ["email", "Enter your e-mail address"],
      ["password", "Choose a password"],
    ]);
  });

  test("a filled form passes; the phone is optional but must be South African when given", () => {
    expect(registerErrors(good)).toEqual([]);
    expect(registerErrors({ ...good, phone: "082 123 4567" })).toEqual([]);
    expect(registerErrors({ ...good, phone: "555" })).toEqual([
      ["phone", "Enter a South African phone number, like 082 123 4567"],
    ]);
  });

  test("the password's minimum is the server's", () => {
    expect(REGISTER_RULES.password("x".repeat(PASSWORD_MIN_LENGTH - 1))).toBe(
      `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters`,
    );
    expect(passwordProblem("x".repeat(PASSWORD_MIN_LENGTH - 1) + "\u00e9")).toBeNull();
  });

  // The form may only stop what the server would refuse, and must stop all of it (bar the
  // password's list of common ones and an address already taken, which only the server knows).
  const samples: Array<[RegisterField, string]> = [
    ["first_name", ""],
    ["first_name", "   "],
    ["first_name", "A"],
    ["first_name", "x".repeat(80)],
    ["first_name", "x".repeat(81)],
    ["last_name", " Mokoena "],
    ["email", "thandi@example.co.za"],
    ["email", "thandi@"],
    ["email", "not-an-email"],
    ["email", " THANDI@Example.CO.ZA "],
    ["email", "a@b.c"],
    ["email", `${"x".repeat(250)}@example.co.za`],
    ["phone", "082 123 4567"],
    ["phone", "+27 82 123 4567"],
    ["phone", "+44 20 7946 0958"],
    ["phone", "082 555 010"],
    ["phone", "call me maybe"],
    ["phone", ""],
  ];
  test.each(samples)("%s %j: the form and the server agree", (field, value) => {
    const server = registerSchema.safeParse({ ...good, [field]: value }).success;
    expect(REGISTER_RULES[field](value) === null).toBe(server);
  });
});
