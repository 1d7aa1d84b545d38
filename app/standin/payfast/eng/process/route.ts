import { formPairs, standInRoute } from "@/lib/payments/standin/runtime";
import { payfastProcess } from "@/lib/payments/standin/payfast";

/** Stand-in of PayFast's {host}/eng/process: the signed checkout form lands here. */
export const POST = standInRoute(async (request) => payfastProcess(await formPairs(request)));
