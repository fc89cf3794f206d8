import type { Config } from "~/config.server.ts";
import { activeContentScanner } from "./active-content-scanner.server.ts";
import { clamdScanner } from "./clamd-scanner.server.ts";
import type { FileScanner } from "./file-scanner.ts";

/**
 * The scanner uploads go through: our own active-content check always (it needs no daemon and
 * refuses what signatures may not know), then ClamAV when CLAMD_SOCKET or CLAMD_HOST names its
 * daemon. The first refusal is the answer; a daemon that cannot answer throws
 * FileScanUnavailableError, so the upload is refused as unchecked.
 */
export function createFileScanner(
  config: Pick<Config, "CLAMD_SOCKET" | "CLAMD_HOST" | "CLAMD_PORT">,
): FileScanner {
  const scanners = [activeContentScanner];
  if (config.CLAMD_SOCKET) scanners.push(clamdScanner({ socketPath: config.CLAMD_SOCKET }));
  else if (config.CLAMD_HOST)
    scanners.push(clamdScanner({ host: config.CLAMD_HOST, port: config.CLAMD_PORT }));
  return {
    async scan(bytes, file) {
      for (const scanner of scanners) {
        const result = await scanner.scan(bytes, file);
        if (!result.clean) return result;
      }
      return { clean: true };
    },
  };
}
