import { Badge } from "~/components/ui/badge";
import { type ReferralStatus, statusLabels, statusTone } from "~/domain/referrals/lifecycle.ts";

/** Complete green, Pending amber, every other state blue (seed: referral detail drawer). */
export function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  return <Badge variant={statusTone(status)}>{statusLabels[status]}</Badge>;
}
