import { verifyAuditChain } from "~/domain/audit/verify-audit-chain.server.ts";
import { openConfiguredDatabase } from "./lib/open-configured-database.ts";

// `npm run audit:verify`: recompute the audit trail's hash chain; exit 1 at the first broken link.
// It only reads, so on PostgreSQL it runs as the app's role, which may SELECT audit_event.
const { database } = await openConfiguredDatabase({ readOnly: true });
try {
  const report = await verifyAuditChain(database.db);
  if (report.ok) {
    console.log(`Audit trail OK: ${report.count} events, every link verified.`);
  } else {
    console.error(
      `Audit trail BROKEN at event ${report.firstBreak.eventId} (${report.firstBreak.reason}); ` +
        `${report.count} events before it verified.`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
