/**
 * What the account calls answer, shared by the route handlers and the browser.
 * No server-only imports here: the customer store uses these types.
 */
export type CustomerShipping = {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
};

export type CustomerResponse = { user_id: number; shipping: CustomerShipping };

/** POST /api/login and /api/register. */
export type SignInResponse = { customer: CustomerResponse; token: string };

/** POST /api/refresh-token: the token only for a caller that sent one as a parameter. */
export type RefreshResponse = { customer: CustomerResponse; token?: string };
