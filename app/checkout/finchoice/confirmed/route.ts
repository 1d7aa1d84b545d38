import { finChoiceReturnRoute } from "@/lib/payments/finchoice/route";

/** Back from FinChoice after applying: the token is checked and FinChoice asked before anything changes. */
export const GET = finChoiceReturnRoute("confirmed");
