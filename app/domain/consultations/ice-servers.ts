import { createHmac } from "node:crypto";

interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * The STUN/TURN servers handed to both browsers of a room. With coturn's `use-auth-secret`, the
 * credentials are minted per room and expire (the TURN REST API: username `expiry:room`,
 * password HMAC-SHA1 of it with the shared secret), so nothing long-lived reaches a browser.
 */
export function iceServersFor(
  config: {
    ICE_SERVER_URLS: string;
    TURN_SECRET?: string;
    TURN_USERNAME?: string;
    TURN_CREDENTIAL?: string;
  },
  {
    roomId,
    now = new Date(),
    validForSeconds = 4 * 3600,
  }: { roomId: string; now?: Date; validForSeconds?: number },
): IceServer[] {
  const urls = config.ICE_SERVER_URLS.split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  const stun = urls.filter((u) => u.startsWith("stun:") || u.startsWith("stuns:"));
  const turn = urls.filter((u) => u.startsWith("turn:") || u.startsWith("turns:"));
  const servers: IceServer[] = [];
  if (stun.length) servers.push({ urls: stun });
  if (turn.length) {
    if (config.TURN_SECRET) {
      const username = `${Math.floor(now.getTime() / 1000) + validForSeconds}:${roomId}`;
      const credential = createHmac("sha1", config.TURN_SECRET).update(username).digest("base64");
      servers.push({ urls: turn, username, credential });
    } else if (config.TURN_USERNAME && config.TURN_CREDENTIAL) {
      servers.push({
        urls: turn,
        username: config.TURN_USERNAME,
        credential: config.TURN_CREDENTIAL,
      });
    }
  }
  return servers;
}
