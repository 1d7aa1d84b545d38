import { finChoiceReturnRoute } from "@/lib/payments/finchoice/route";

/** Back from FinChoice without applying: FinChoice's status call decides, as for a confirmation. */
export const GET = finChoiceReturnRoute("cancelled");
