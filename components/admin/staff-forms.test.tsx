/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { InvitationActions, RevokeStaffButton, StaffRoleForm } from "@/components/admin/staff-forms";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const callApi = jest.fn(async () => ({ message: "Done." }));
jest.mock("@/lib/http/api-client", () => ({
  ...jest.requireActual("@/lib/http/api-client"),
  callApi: (...args: unknown[]) => callApi(...(args as [])),
}));

beforeEach(() => callApi.mockClear());

test("Remove access asks first: kept with Escape nothing is sent, and only the yes removes", async () => {
  render(<RevokeStaffButton id={7} email="sipho@kaya.example" />);
  const remove = screen.getByRole("button", { name: "Remove access for sipho@kaya.example" });
  fireEvent.click(remove);
  expect(callApi).not.toHaveBeenCalled();
  const question = screen.getByRole("form", { name: "Remove access for sipho@kaya.example?" });
  expect(question).toHaveTextContent("They are signed out everywhere at once.");
  const yes = screen.getByRole("button", { name: "Yes, remove access" });
  await waitFor(() => expect(yes).toHaveFocus());

  fireEvent.keyDown(question, { key: "Escape" });
  expect(screen.queryByRole("form", { name: /Remove access/ })).toBeNull();
  expect(remove).toHaveFocus();
  expect(callApi).not.toHaveBeenCalled();

  fireEvent.click(remove);
  fireEvent.submit(screen.getByRole("form", { name: "Remove access for sipho@kaya.example?" }));
  await waitFor(() => expect(callApi).toHaveBeenCalledWith("DELETE", "/api/admin/staff/7"));
});

test("an invitation is resent at once, and withdrawn only after its question", async () => {
  render(<InvitationActions id={3} email="new@kaya.example" />);
  fireEvent.click(screen.getByRole("button", { name: "Withdraw the invitation to new@kaya.example" }));
  expect(callApi).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
  expect(screen.queryByRole("button", { name: "Yes, withdraw" })).toBeNull();
  fireEvent.submit(screen.getByRole("button", { name: "Resend the invitation to new@kaya.example" }).closest("form")!);
  await waitFor(() => expect(callApi).toHaveBeenCalledWith("POST", "/api/admin/staff/invitations/3"));
});

test("a member of staff's role changes from their row, by the same call an invitation makes", async () => {
  render(<StaffRoleForm email="sipho@kaya.example" role="staff" />);
  const select = screen.getByLabelText("Role of sipho@kaya.example");
  expect(select).toHaveValue("staff");
  fireEvent.change(select, { target: { value: "admin" } });
  fireEvent.click(screen.getByRole("button", { name: "Change the role of sipho@kaya.example" }));
  await waitFor(() =>
    expect(callApi).toHaveBeenCalledWith("POST", "/api/admin/staff", { email: "sipho@kaya.example", role: "admin" }),
  );
});
