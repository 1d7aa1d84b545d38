/**
 * The moment a campaign's dates are judged by. Browser tests need a date inside a campaign
 * whatever day they run on, so a server started with E2E_CLOCK=1 (the Playwright suite's) takes
 * that moment from the request's test-clock cookie; any other server ignores the cookie.
 */

function testClockEnabled(): boolean {
  return process.env.E2E_CLOCK === "1";
}

export function campaignNow(testNow: string | undefined): Date {
  if (testNow && testClockEnabled()) {
    const at = Date.parse(testNow);
    if (Number.isFinite(at)) return new Date(at);
  }
  return new Date();
}
