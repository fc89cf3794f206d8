import fs from "node:fs";

class DataDirectoryLockedError extends Error {
  readonly code = "DATA_DIR_LOCKED";
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means it exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Locks this process holds: a pid match alone could be a stale lock from an earlier container's pid 1. */
const heldLocks = new Set<string>();

/**
 * PGlite is single-process: two processes on one directory silently lose writes
 * (PITFALLS.md). The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldLocks.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldLocks.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid))
            fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      const heldHere = owner === process.pid && heldLocks.has(lockPath);
      if (heldHere || (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner))) {
        throw new DataDirectoryLockedError(
          `The embedded database at ${lockPath.replace(/\.lock$/, "")} is in use by another ReferOH process (pid ${owner}). ` +
            "Stop that process first, or set DATA_DIR to another folder.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirectoryLockedError(`Could not take the lock ${lockPath}`);
}
